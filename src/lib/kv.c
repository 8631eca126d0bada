/*
 * kv.c: the program's output on stdout: the parsable line, "key=value
 * key=value ...\n", and the check that everything printed was written.
 *
 * Keys are [a-z_]+, values plain C-locale decimal (the programs never call
 * setlocale, so printf's decimal point is '.') or, for a few keys, a
 * lowercase word (sched_stats=kernel) or a CPU list as the kernel writes
 * one (cpus_seen=0-3,8), in a fixed order per program; a script can split
 * on spaces and '='.
 */
#include <errno.h>
#include <stdio.h>

#include "harness.h"

/* Written by kv_* in main only: is the next pair the line's first? */
static bool kv_first;

void
kv_begin(void)
{
	kv_first = true;
}

static void
kv_sep(void)
{
	if (!kv_first)
		putchar(' ');
	kv_first = false;
}

void
kv_int(const char *key, long long value)
{
	kv_sep();
	printf("%s=%lld", key, value);
}

/* A number with a fixed count of decimals: never an exponent. */
void
kv_num(const char *key, double value, int decimals)
{
	kv_sep();
	printf("%s=%.*f", key, decimals, value);
}

/* A word, for the few keys whose value is not a number. */
void
kv_word(const char *key, const char *word)
{
	kv_sep();
	printf("%s=%s", key, word);
}

/*
 * A set of CPUs (one bit a CPU, SMPB_CPU_WORDS words) as a cpulist,
 * ascending with ranges, "0-3,8", into buf; "" for an empty set. Returns
 * its length; a list that does not fit is cut at a whole entry.
 */
size_t
kv_cpulist(char *buf, size_t size, const uint64_t *set)
{
	size_t len = 0;
	int c, end, w;

	buf[0] = '\0';
	for (c = 0; c < SMPB_MAXCPU; c = end + 1) {
		if (!(set[c / 64] >> (c % 64) & 1)) {
			end = c;
			continue;
		}
		for (end = c; end + 1 < SMPB_MAXCPU &&
		    (set[(end + 1) / 64] >> ((end + 1) % 64) & 1); end++)
			continue;
		w = end > c ? snprintf(buf + len, size - len, "%s%d-%d",
		    len > 0 ? "," : "", c, end) : snprintf(buf + len,
		    size - len, "%s%d", len > 0 ? "," : "", c);
		if (w < 0 || (size_t)w >= size - len) {
			buf[len] = '\0';
			break;
		}
		len += (size_t)w;
	}
	return len;
}

/* A set of CPUs as a cpulist (kv_cpulist); "none" for an empty set. */
void
kv_cpus(const char *key, const uint64_t *set)
{
	/* The longest list: every other CPU, "0,2,...,1022" (2.4 KiB). */
	static char list[SMPB_MAXCPU * 6];

	kv_cpulist(list, sizeof(list), set);
	kv_word(key, list[0] != '\0' ? list : "none");
}

void
kv_end(void)
{
	putchar('\n');
	kv_flush();
}

/*
 * Everything printed on stdout must have reached it: a full disk, a
 * closed pipe or a stdout closed from the start (prog_init) is a failure
 * (exit 1), not a result silently lost. A signal that came meanwhile (a
 * write to a pipe nobody reads yet can take long) is acted on, as it
 * would have been anywhere else main waits: exit 128 + signal, whether
 * it cut the write short or the result got through before it. One that
 * comes just before the write cannot leave it blocked (sig.c's
 * sig_output_begin).
 */
void
kv_flush(void)
{
	bool failed;

	if (prog_stdout_closed) {
		errno = EBADF;
		die(SMPB_EXIT_FAIL, "cannot write the output:");
	}
	sig_output_begin();
	failed = fflush(stdout) == EOF || ferror(stdout);
	sig_output_end();
	if (failed) {
		sig_check();
		die(SMPB_EXIT_FAIL, "cannot write the output:");
	}
	sig_check();
}
