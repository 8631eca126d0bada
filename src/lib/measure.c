/*
 * measure.c: what the harness takes of every worker, and nothing more:
 * the taking, and the arithmetic of what was taken. What is made of it
 * is report.c's.
 *
 * A worker is measured twice, by itself: as it leaves the gate, and at
 * worker_end, when its loop is over. Each time it takes its getrusage
 * (the process's, or the thread's: sys.c) and, where the kernel gives
 * them, the kernel's scheduler statistics (proc.c reads them: time on a
 * CPU, time waiting on a run queue, migrations), in an order that keeps
 * the cost of taking them out of the interval; before the gate,
 * measure_open looks the files up (and a process holds them open to its
 * end). The difference is the worker's run, kept in its seat; nothing
 * here runs inside a workload's loop.
 */
#include <sys/resource.h>
#include <string.h>

#include "harness.h"

static double
timeval_s(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

static void
usage_process(struct usage *u)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) == -1)
		die(SMPB_EXIT_FAIL, "getrusage:");
	u->user_s = timeval_s(ru.ru_utime);
	u->sys_s = timeval_s(ru.ru_stime);
	u->nvcsw = ru.ru_nvcsw;
	u->nivcsw = ru.ru_nivcsw;
	u->minflt = ru.ru_minflt;
}

static void
usage_take(struct usage *u, bool thread)
{
	if (thread)
		sys_usage_thread(u);
	else
		usage_process(u);
}

/*
 * Before the gate: the slow first look-up of the task's /proc files, so
 * that it does not delay the worker's start at the gate; held (hold),
 * they stay open (f) to its end, for measure_close.
 */
void
measure_open(struct sched_files *f, bool thread, bool hold)
{
	(void)proc_open(thread, hold, f);
}

void
measure_close(struct sched_files *f)
{
	proc_close(f);
}

/*
 * The caller's usage and scheduler statistics now, in the order that
 * leaves the cost of taking them outside the interval: at its start the
 * slow reads first and getrusage last; at its end getrusage first. f:
 * the files measure_open left open, or NULL to open them now.
 */
void
measure_begin(struct measure *m, const struct sched_files *f, bool thread)
{
	m->s.valid = proc_migrations(thread, f, &m->s) &&
	    proc_runtime(thread, f, &m->s);
	usage_take(&m->u, thread);
}

void
measure_end(struct measure *m, const struct sched_files *f, bool thread)
{
	usage_take(&m->u, thread);
	m->s.valid = proc_runtime(thread, f, &m->s) &&
	    proc_migrations(thread, f, &m->s);
}

/* d = end - begin; the statistics are valid when both ends had them. */
void
measure_sub(struct measure *d, const struct measure *end,
    const struct measure *begin)
{
	d->u.user_s = end->u.user_s - begin->u.user_s;
	d->u.sys_s = end->u.sys_s - begin->u.sys_s;
	d->u.nvcsw = end->u.nvcsw - begin->u.nvcsw;
	d->u.nivcsw = end->u.nivcsw - begin->u.nivcsw;
	d->u.minflt = end->u.minflt - begin->u.minflt;
	d->s.valid = end->s.valid && begin->s.valid;
	d->s.run_ns = end->s.run_ns - begin->s.run_ns;
	d->s.wait_ns = end->s.wait_ns - begin->s.wait_ns;
	d->s.slices = end->s.slices - begin->s.slices;
	d->s.migrations = end->s.migrations - begin->s.migrations;
	if (!d->s.valid)
		memset(&d->s, 0, sizeof(d->s));
}

/* sum += m; the sum stays valid only while every term is. */
void
measure_add(struct measure *sum, const struct measure *m)
{
	sum->u.user_s += m->u.user_s;
	sum->u.sys_s += m->u.sys_s;
	sum->u.nvcsw += m->u.nvcsw;
	sum->u.nivcsw += m->u.nivcsw;
	sum->u.minflt += m->u.minflt;
	sum->s.valid = sum->s.valid && m->s.valid;
	sum->s.run_ns += m->s.run_ns;
	sum->s.wait_ns += m->s.wait_ns;
	sum->s.slices += m->s.slices;
	sum->s.migrations += m->s.migrations;
}
