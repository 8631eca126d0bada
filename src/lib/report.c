/*
 * report.c: what the harness measured of a run, as the programs read it,
 * and the parts of their output every program shares.
 *
 * The run's wall time runs from the first worker out of the gate (not one
 * that slept through it) to the end of the worker that closes the run,
 * or of the last one; the rest of a run's figures are its workers' runs
 * (measure.c) summed. report_latency prints the wakeup latencies of -l,
 * in the classic form as a block after the program's line, or as the
 * lat_ keys of the -p line; report_tail prints what every -p line ends
 * with:
 *
 *	[lat_p50_us lat_p90_us lat_p99_us lat_p999_us lat_max_us lat_samples]
 *	user_s sys_s nvcsw nivcsw minflt cpus_used cpus_seen cpus_pinned
 *	cpus_confined [run_s wait_s wait_max_s migrations]
 *	sched_stats=kernel|none
 *
 * summed over the workers (wait_max_s: the worker that waited longest;
 * cpus_used: how many CPUs the workers were seen on at their starts and
 * ends, cpus_seen: which, as a cpulist, "none" where the OS cannot tell;
 * cpus_pinned: the entries of -c, cpus_confined: the CPUs of -C, each
 * 0 without its flag).
 * The lat_ keys come only with -l (the histograms of hist.c); where the
 * kernel gives no statistics the run_s..migrations keys are absent,
 * never zero, and sched_stats=none says why.
 */
#include <stdio.h>
#include <string.h>

#include "harness.h"

/*
 * The run's wall time: from the first worker out of the gate to the end
 * of worker closer, or of the last worker when closer is negative; 0
 * when no worker went through the gate.
 */
uint64_t
report_wall_ns(struct team *t, int closer)
{
	uint64_t t0 = UINT64_MAX, t1 = 0;
	int k;

	for (k = 0; k < t->n; k++) {
		const struct seat *s = &t->seats[k];

		if (s->start_ns != 0 && s->start_ns < t0)
			t0 = s->start_ns;
		if (closer < 0 && s->end_ns > t1)
			t1 = s->end_ns;
	}
	if (closer >= 0)
		t1 = t->seats[closer].end_ns;
	return t1 > t0 ? t1 - t0 : 0;
}

/* Every worker's run summed; wait_max_s is the longest single wait. */
void
report_totals(struct team *t, struct measure *sum, double *wait_max_s)
{
	uint64_t wait_max = 0;
	int k;

	memset(sum, 0, sizeof(*sum));
	sum->s.valid = t->n > 0;
	for (k = 0; k < t->n; k++) {
		const struct measure *m = &t->seats[k].run;

		measure_add(sum, m);
		if (m->s.wait_ns > wait_max)
			wait_max = m->s.wait_ns;
	}
	if (wait_max_s != NULL)
		*wait_max_s = (double)wait_max / 1e9;
}

static void
mark_cpu(uint64_t *seen, int cpu)
{
	if (cpu >= 0 && cpu < SMPB_MAXCPU)
		seen[cpu / 64] |= (uint64_t)1 << (cpu % 64);
}

/*
 * The CPUs the workers were seen on at their starts and ends (two looks
 * each, outside the loop), one bit a CPU; none where the OS cannot tell.
 */
static void
cpus_seen(struct team *t, uint64_t *seen)
{
	int k;

	memset(seen, 0, SMPB_CPU_WORDS * sizeof(*seen));
	for (k = 0; k < t->n; k++) {
		mark_cpu(seen, t->seats[k].cpu_start);
		mark_cpu(seen, t->seats[k].cpu_end);
	}
}

/* How many distinct CPUs the workers were seen on; -1 where unknown. */
int
report_cpus_used(struct team *t)
{
	uint64_t seen[SMPB_CPU_WORDS];
	int w, used = 0;

	cpus_seen(t, seen);
	for (w = 0; w < SMPB_CPU_WORDS; w++)
		for (; seen[w] != 0; seen[w] &= seen[w] - 1)
			used++;
	return used > 0 ? used : -1;
}

/* A measure, as a program reads it, over wall_ns. */
static void
interval_of(struct interval *iv, const struct measure *m, uint64_t wall_ns)
{
	iv->wall_s = (double)wall_ns / 1e9;
	iv->user_s = m->u.user_s;
	iv->sys_s = m->u.sys_s;
	iv->nvcsw = m->u.nvcsw;
	iv->nivcsw = m->u.nivcsw;
	iv->minflt = m->u.minflt;
	iv->sched = m->s.valid;
	iv->run_s = (double)m->s.run_ns / 1e9;
	iv->wait_s = (double)m->s.wait_ns / 1e9;
	iv->migrations = (long long)m->s.migrations;
}

/* The run, closed by worker closer's end (or the last worker's: -1). */
void
report_run(struct team *t, int closer, struct interval *iv)
{
	struct measure sum;

	report_totals(t, &sum, NULL);
	interval_of(iv, &sum, report_wall_ns(t, closer));
}

/* Worker k's own run: its gate (0 if it slept through it) to its end. */
void
report_worker(struct team *t, int k, struct interval *iv)
{
	const struct seat *s = &t->seats[k];

	interval_of(iv, &s->run, s->start_ns != 0 && s->end_ns > s->start_ns ?
	    s->end_ns - s->start_ns : 0);
}

/* After team_wait: every worker's latencies; false without -l. */
static bool
latency_sum(struct team *t, struct hist *sum)
{
	size_t b;

	if (t->lat == NULL)
		return false;
	for (b = 0; b < HIST_BUCKETS; b++)
		sum->count[b] = atomic_load(&t->lat->count[b]);
	sum->samples = atomic_load(&t->lat->samples);
	sum->max_ns = atomic_load(&t->lat->max_ns);
	return true;
}

/*
 * -l: the wakeup latencies' percentiles, in microseconds, as schbench
 * prints them; -p: as lat_* keys, which come before the tail.
 */
void
report_latency(struct team *t)
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

	if (!latency_sum(t, &h))
		return;
	if (shared_opt.parsable) {
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
report_tail(struct team *t)
{
	uint64_t seen[SMPB_CPU_WORDS];
	struct measure sum;
	double wait_max_s;

	report_latency(t);
	report_totals(t, &sum, &wait_max_s);
	kv_num("user_s", sum.u.user_s, 3);
	kv_num("sys_s", sum.u.sys_s, 3);
	kv_int("nvcsw", sum.u.nvcsw);
	kv_int("nivcsw", sum.u.nivcsw);
	kv_int("minflt", sum.u.minflt);
	kv_int("cpus_used", report_cpus_used(t));
	cpus_seen(t, seen);
	kv_cpus("cpus_seen", seen);
	kv_int("cpus_pinned", shared_opt.ncpus);
	kv_int("cpus_confined", shared_opt.nconfined);
	if (sum.s.valid) {
		kv_num("run_s", (double)sum.s.run_ns / 1e9, 6);
		kv_num("wait_s", (double)sum.s.wait_ns / 1e9, 6);
		kv_num("wait_max_s", wait_max_s, 6);
		kv_int("migrations", (long long)sum.s.migrations);
	}
	kv_word("sched_stats", sum.s.valid ? "kernel" : "none");
}
