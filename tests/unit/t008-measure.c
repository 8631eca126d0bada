/*
 * t008-measure: what the harness takes of every worker: usage and the
 * kernel's scheduler statistics, held open or not, and their arithmetic.
 * What is made of them (the run's wall time, CPUs, the -p tail) is
 * report.c's (t018-report).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "../tap.h"
#include "child.h"

static volatile unsigned long sink;

/* Spin for this much wall time. */
static void
spin_s(double seconds)
{
	uint64_t end = clock_now_ns() + (uint64_t)(seconds * 1e9);

	while (clock_now_ns() < end)
		for (int i = 0; i < 10000; i++)
			sink += (unsigned long)i;
}



static const struct measure m_a = {
	{ 1.5, 0.25, 10, 3, 7 }, { true, 3000000, 500000, 9, 4 }
}, m_b = {
	{ 0.5, 0.25, 4, 1, 2 }, { true, 1000000, 200000, 4, 1 }
}, m_none = {
	{ 0.5, 0.25, 4, 1, 2 }, { false, 0, 0, 0, 0 }
};

static void
test_arithmetic(void)
{
	struct measure d, sum;

	measure_sub(&d, &m_a, &m_b);
	ok(d.u.user_s == 1.0 && d.u.sys_s == 0 && d.u.nvcsw == 6 &&
	    d.u.nivcsw == 2 && d.u.minflt == 5, "measure_sub: usage");
	ok(d.s.valid && d.s.run_ns == 2000000 && d.s.wait_ns == 300000 &&
	    d.s.slices == 5 && d.s.migrations == 3, "measure_sub: statistics");
	measure_add(&d, &m_b);
	ok(d.u.user_s == m_a.u.user_s && d.u.minflt == m_a.u.minflt &&
	    d.s.run_ns == m_a.s.run_ns && d.s.migrations == m_a.s.migrations,
	    "measure_add undoes measure_sub");
	measure_sub(&d, &m_a, &m_none);
	ok(!d.s.valid && d.s.run_ns == 0 && d.s.migrations == 0,
	    "without statistics at one end, none in the difference");
	memset(&sum, 0, sizeof(sum));
	sum.s.valid = true;
	measure_add(&sum, &m_a);
	measure_add(&sum, &m_none);
	ok(!sum.s.valid && sum.u.nvcsw == 14, "one term without statistics "
	    "makes the sum's invalid; usage still adds up");
}


/* A process's or a thread's files, held open: read anew, then closed. */
static void
check_held(bool thread)
{
	const char *who = thread ? "thread" : "process";
	struct measure m0, m1, d;
	struct sched_files f;
	int held;

	measure_open(&f, thread, true);
	ok(f.schedstat >= 0 && f.sched >= 0, "a %s holds its files open", who);
	held = f.sched;
	measure_begin(&m0, &f, thread);
	burn_cpu_s(0.05);
	measure_end(&m1, &f, thread);
	measure_close(&f);
	measure_sub(&d, &m1, &m0);
	ok(m0.s.valid && d.s.run_ns >= 45000000, "%s, files held open: read "
	    "again from the start (%.3f s)", who, (double)d.s.run_ns / 1e9);
	ok(f.schedstat == -1 && f.sched == -1 &&
	    fcntl(held, F_GETFD) == -1 && errno == EBADF, "and closes them");
}

static void
test_take(void)
{
	struct measure m0, m1, d;
	struct sched_files f;

	measure_begin(&m0, NULL, false);
	burn_cpu_s(0.05);
	measure_end(&m1, NULL, false);
	measure_sub(&d, &m1, &m0);
	ok(d.u.user_s + d.u.sys_s >= 0.05, "process: CPU time while spinning "
	    "(%.3f s)", d.u.user_s + d.u.sys_s);
	if (access("/proc/self/schedstat", R_OK) != 0) {
		ok(!m0.s.valid, "no /proc/self/schedstat: no statistics");
		return;
	}
	ok(m0.s.valid && m1.s.valid, "process: the kernel's statistics");
	ok(d.s.run_ns >= 45000000, "process: the kernel's run time agrees "
	    "(%.3f s)", (double)d.s.run_ns / 1e9);
	/* The files held open, as a worker holds them: read anew. */
	check_held(false);
	check_held(true);
	measure_open(&f, true, false);
	ok(f.schedstat == -1 && f.sched == -1, "a thread may hold none open");
	measure_begin(&m0, NULL, true);
	burn_cpu_s(0.05);
	measure_end(&m1, NULL, true);
	measure_sub(&d, &m1, &m0);
	ok(m0.s.valid && d.s.run_ns >= 45000000, "thread: the kernel's run "
	    "time agrees (%.3f s)", (double)d.s.run_ns / 1e9);
}

/* Two spinners on one CPU: each waits on the run queue for the other. */
static void
test_wait_and_migrations(void)
{
	int cpus[SMPB_MAXCPU], n = sys_cpus_allowed(cpus, SMPB_MAXCPU), st;
	struct measure m0, m1, d;
	struct sched_files f;
	pid_t pid;

	if (!sys_can_bind() || access("/proc/self/sched", R_OK) != 0) {
		skip("no binding or no /proc/self/sched here");
		return;
	}
	is_int(sys_bind(cpus[0]), 0, "bind to CPU %d", cpus[0]);
	if ((pid = fork()) == 0) {
		spin_s(0.3);
		_exit(0);
	}
	measure_begin(&m0, NULL, false);
	spin_s(0.3);
	measure_end(&m1, NULL, false);
	waitpid(pid, &st, 0);
	measure_sub(&d, &m1, &m0);
	ok(d.s.wait_ns > 0, "sharing a CPU with a spinner: waited %.3f s on "
	    "the run queue", (double)d.s.wait_ns / 1e9);
	is_int((int)d.s.migrations, 0, "and did not migrate, being pinned");
	if (n < 2) {
		skip("one CPU allowed: no migration to make");
		return;
	}
	measure_open(&f, false, true);
	measure_begin(&m0, &f, false);
	is_int(sys_bind(cpus[1]), 0, "move to CPU %d", cpus[1]);
	spin_s(0.01);
	measure_end(&m1, &f, false);
	measure_close(&f);
	measure_sub(&d, &m1, &m0);
	ok(d.s.migrations >= 1, "a move to another CPU is a migration (%d), "
	    "seen in a sched file held open", (int)d.s.migrations);
}

int
main(void)
{
	prog_init("smpb-t", "");
	test_arithmetic();
	test_take();
	test_wait_and_migrations();
	return done_testing();
}
