/*
 * t004-kv: the parsable line, byte for byte; a signal that came while it
 * was written is acted on once it is; a set of CPUs as a cpulist.
 */
#include <signal.h>
#include <string.h>

#include "harness.h"
#include "../tap.h"
#include "child.h"

static void
print_line(const void *arg)
{
	(void)arg;
	kv_begin();
	kv_int("procs", 16);
	kv_num("wall_s", 1.5, 3);
	kv_num("big", 12345678901.0, 0);
	kv_num("tiny", 0.00001234, 8);
	kv_int("neg", -1);
	kv_end();
	kv_begin();
	kv_int("again", 0);
	kv_end();
}

/* SIGTERM recorded before the line is flushed: the line, then 143. */
static void
print_signalled(const void *arg)
{
	(void)arg;
	sig_setup(30, false);
	raise(SIGTERM);
	kv_begin();
	kv_int("late", 1);
	kv_end();
	printf("survived\n");
}

/* A set of CPUs, written as the kernel writes a cpulist. */
static void
test_cpulist(void)
{
	static const struct {
		int		cpus[8];	/* ends at -1 */
		size_t		size;		/* of the buffer */
		const char	*want;
	} t[] = {
		{ { -1 }, 64, "" },
		{ { 0, -1 }, 64, "0" },
		{ { 0, 1, 2, 3, -1 }, 64, "0-3" },
		{ { 0, 2, 4, -1 }, 64, "0,2,4" },
		{ { 1, 2, 5, 6, 7, 63, 64, -1 }, 64, "1-2,5-7,63-64" },
		{ { 3, 1023, -1 }, 64, "3,1023" },
		{ { 0, 1, 5, 9, -1 }, 6, "0-1,5" },	/* cut at an entry */
	};
	uint64_t set[SMPB_CPU_WORDS];
	char buf[64];
	size_t i, k, len;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		memset(set, 0, sizeof(set));
		for (k = 0; t[i].cpus[k] >= 0; k++)
			set[t[i].cpus[k] / 64] |= (uint64_t)1 << (t[i].cpus[k] % 64);
		len = kv_cpulist(buf, t[i].size, set);
		is_str(buf, t[i].want, "cpulist %zu: '%s'", i, t[i].want);
		is_int((int)len, (int)strlen(t[i].want), "cpulist %zu: its "
		    "length", i);
	}
}

int
main(void)
{
	struct child_result r;

	test_cpulist();
	child_run(&r, print_line, NULL);
	is_int(r.status, 0, "printing succeeds");
	is_str(r.out, "procs=16 wall_s=1.500 big=12345678901 tiny=0.00001234 "
	    "neg=-1\nagain=0\n", "key=value pairs, single spaces, no exponent, "
	    "one line each");
	child_run(&r, print_signalled, NULL);
	is_int(r.status, 143, "a signal that came while the line was written "
	    "ends the program after it (143)");
	is_str(r.out, "late=1\n", "the line written whole before");
	return done_testing();
}
