/*
 * t004-kv: the parsable line, byte for byte; a signal that came while it
 * was written is acted on once it is; a set of CPUs as a cpulist.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <time.h>

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

/*
 * The same with stdout a full pipe that nobody reads: the write would
 * block for ever, the signal already taken by its handler (it came after
 * the last sig_check, too early to cut the write short). No watchdog
 * (its SIGALRM would cut the write short), and kv_flush without the
 * line's end (the tests' stdout is line-buffered: the newline alone
 * would write the line).
 */
static void
print_signalled_blocked(const void *arg)
{
	(void)arg;
	sig_setup(0, false);
	raise(SIGTERM);
	kv_begin();
	kv_int("late", 1);
	kv_flush();
}

/*
 * The signal after the write began (sig_output_begin), before it blocks
 * (the line printed after it: the tests' stdout is line-buffered).
 */
static void
write_signalled_blocked(const void *arg)
{
	(void)arg;
	sig_setup(0, false);
	sig_output_begin();
	raise(SIGTERM);
	puts("late=1");
	fflush(stdout);
	sig_output_end();
	sig_check();
	printf("survived\n");
}

/* Make fd a pipe's write end filled to the brim, its read end open. */
static void
fill_pipe_onto(int fd)
{
	char buf[4096] = { 0 };
	int p[2];

	if (pipe(p) == -1 || fcntl(p[1], F_SETFL, O_NONBLOCK) == -1)
		_exit(90);
	while (write(p[1], buf, sizeof(buf)) > 0 || errno == EINTR)
		continue;
	while (write(p[1], buf, 1) > 0 || errno == EINTR)
		continue;
	if (errno != EAGAIN || fcntl(p[1], F_SETFL, 0) == -1 ||
	    dup2(p[1], fd) == -1)
		_exit(91);
}

/*
 * fn(arg) in a child whose stdout is a full pipe: its exit status, or
 * -1 where it still runs after 60 s (blocked: then killed).
 */
static int
run_full_stdout(void (*fn)(const void *), const void *arg)
{
	struct timespec tick = { 0, 10000000 };
	pid_t pid;
	int st, i;

	fflush(stdout);
	if ((pid = fork()) == 0) {
		fill_pipe_onto(STDOUT_FILENO);
		fn(arg);
		_exit(0);
	}
	for (i = 0; i < 6000; i++) {
		if (waitpid(pid, &st, WNOHANG) == pid)
			return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
		nanosleep(&tick, NULL);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	return -1;
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
	is_int(run_full_stdout(print_signalled_blocked, NULL), 143,
	    "the same with stdout a full pipe nobody reads: 143, not blocked "
	    "in the write for ever");
	is_int(run_full_stdout(write_signalled_blocked, NULL), 143,
	    "a signal that comes as the write begins: 143, not blocked");
	return done_testing();
}
