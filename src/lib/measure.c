/*
 * measure.c: what the harness takes of every worker, and the common tail
 * of every program's -p line.
 *
 * A worker is measured twice, by itself: as it leaves the gate, and at
 * team_end, when its loop is over. Each time it takes its getrusage (the
 * process's, or the thread's) and, where the kernel gives them, the
 * kernel's scheduler statistics (cpu.c reads them: time on a CPU, time
 * waiting on a run queue, migrations), in an order that keeps the cost
 * of taking them out of the interval; before the gate, measure_open
 * looks the files up (and a process holds them open to its end). The
 * difference is the worker's run, kept in its slot; nothing here runs
 * inside a workload's loop. Wall time runs from the first worker out of
 * the gate to the end of the worker that closes the run (or of the last
 * one).
 *
 * team_print_tail prints what every program's -p line ends with:
 *
 *	[lat_p50_us lat_p90_us lat_p99_us lat_p999_us lat_max_us lat_samples]
 *	user_s sys_s nvcsw nivcsw minflt cpus_used cpus_pinned
 *	[run_s wait_s wait_max_s migrations] sched_stats=kernel|none
 *
 * summed over the workers (wait_max_s: the worker that waited longest).
 * The lat_ keys come only with -l (the histograms of hist.c); where the
 * kernel gives no statistics the run_s..migrations keys are absent,
 * never zero, and sched_stats=none says why.
 */
#include <sys/resource.h>
#include <stdio.h>
#include <string.h>

#include "smpb.h"

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
		cpu_usage_thread(u);
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
	(void)cpu_sched_open(thread, hold, f);
}

void
measure_close(struct sched_files *f)
{
	cpu_sched_close(f);
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
	m->s.valid = cpu_sched_migrations(thread, f, &m->s) &&
	    cpu_sched_runtime(thread, f, &m->s);
	usage_take(&m->u, thread);
}

void
measure_end(struct measure *m, const struct sched_files *f, bool thread)
{
	usage_take(&m->u, thread);
	m->s.valid = cpu_sched_runtime(thread, f, &m->s) &&
	    cpu_sched_migrations(thread, f, &m->s);
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

/* Every worker's run summed; wait_max_s is the longest single wait. */
void
team_totals(struct team *t, struct measure *sum, double *wait_max_s)
{
	uint64_t wait_max = 0;
	int k, n = team_size(t);

	memset(sum, 0, sizeof(*sum));
	sum->s.valid = n > 0;
	for (k = 0; k < n; k++) {
		const struct measure *m = &team_slot(t, k)->run;

		measure_add(sum, m);
		if (m->s.wait_ns > wait_max)
			wait_max = m->s.wait_ns;
	}
	if (wait_max_s != NULL)
		*wait_max_s = (double)wait_max / 1e9;
}

/*
 * The run's wall time: from the first worker out of the gate (not one that
 * slept through it) to the end of worker closer, or of the last worker
 * when closer is negative; 0 when no worker went through the gate.
 */
uint64_t
team_wall_ns(struct team *t, int closer)
{
	uint64_t t0 = UINT64_MAX, t1 = 0;
	int k, n = team_size(t);

	for (k = 0; k < n; k++) {
		const struct slot *s = team_slot(t, k);

		if (s->start_ns != 0 && s->start_ns < t0)
			t0 = s->start_ns;
		if (closer < 0 && s->end_ns > t1)
			t1 = s->end_ns;
	}
	if (closer >= 0)
		t1 = team_slot(t, closer)->end_ns;
	return t1 > t0 ? t1 - t0 : 0;
}

static void
mark_cpu(uint64_t *seen, int cpu)
{
	if (cpu >= 0 && cpu < SMPB_MAXCPU)
		seen[cpu / 64] |= (uint64_t)1 << (cpu % 64);
}

/*
 * Distinct CPUs the workers were seen on at their starts and ends (two
 * looks each, outside the loop); -1 where the OS cannot tell.
 */
int
team_cpus_used(struct team *t)
{
	uint64_t seen[SMPB_CPU_WORDS] = { 0 };
	int k, w, used = 0;

	for (k = 0; k < team_size(t); k++) {
		mark_cpu(seen, team_slot(t, k)->cpu_start);
		mark_cpu(seen, team_slot(t, k)->cpu_end);
	}
	for (w = 0; w < SMPB_CPU_WORDS; w++)
		for (; seen[w] != 0; seen[w] &= seen[w] - 1)
			used++;
	return used > 0 ? used : -1;
}

/*
 * -l: the wakeup latencies' percentiles, in microseconds, as schbench
 * prints them; -p: as lat_* keys, which come before the tail.
 */
void
team_print_latency(struct team *t)
{
	static const struct {
		const char	*key, *name;
		double		q;
	} pct[] = {
		{ "lat_p50_us", "50.0th", 0.50 },
		{ "lat_p90_us", "90.0th", 0.90 },
		{ "lat_p99_us", "99.0th", 0.99 },
		{ "lat_p999_us", "99.9th", 0.999 },
	};
	static struct hist h;	/* 17 KiB: not on the stack */
	size_t i;

	if (!team_latency(t, &h))
		return;
	if (opt_c.parsable) {
		for (i = 0; i < sizeof(pct) / sizeof(pct[0]); i++)
			kv_num(pct[i].key, hist_quantile(&h, pct[i].q) / 1e3,
			    3);
		kv_num("lat_max_us", (double)h.max_ns / 1e3, 3);
		kv_int("lat_samples", (long long)h.samples);
		return;
	}
	printf("Wakeup latencies percentiles (usec) (%llu samples)\n",
	    (unsigned long long)h.samples);
	for (i = 0; i < sizeof(pct) / sizeof(pct[0]); i++)
		printf("\t%s: %.1f\n", pct[i].name,
		    hist_quantile(&h, pct[i].q) / 1e3);
	printf("\tmax: %.1f\n", (double)h.max_ns / 1e3);
}

/* The tail of every -p line (see the top of this file). */
void
team_print_tail(struct team *t)
{
	struct measure sum;
	double wait_max_s;

	team_print_latency(t);
	team_totals(t, &sum, &wait_max_s);
	kv_num("user_s", sum.u.user_s, 3);
	kv_num("sys_s", sum.u.sys_s, 3);
	kv_int("nvcsw", sum.u.nvcsw);
	kv_int("nivcsw", sum.u.nivcsw);
	kv_int("minflt", sum.u.minflt);
	kv_int("cpus_used", team_cpus_used(t));
	kv_int("cpus_pinned", opt_c.ncpus);
	if (sum.s.valid) {
		kv_num("run_s", (double)sum.s.run_ns / 1e9, 6);
		kv_num("wait_s", (double)sum.s.wait_ns / 1e9, 6);
		kv_num("wait_max_s", wait_max_s, 6);
		kv_int("migrations", (long long)sum.s.migrations);
	}
	kv_word("sched_stats", sum.s.valid ? "kernel" : "none");
}
