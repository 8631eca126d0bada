/*
 * t018-report: what is made of the measures: the run's wall time and
 * sums, one worker's own, the CPUs used, and the common tail of the -p
 * line, with and without the kernel's statistics; the latency block, in
 * both forms. On a team that never ran, its seats filled by hand.
 */
#include <string.h>

#include "harness.h"
#include "../tap.h"
#include "child.h"

static const struct measure m_a = {
	{ 1.5, 0.25, 10, 3, 7 }, { true, 3000000, 500000, 9, 4 }
}, m_b = {
	{ 0.5, 0.25, 4, 1, 2 }, { true, 1000000, 200000, 4, 1 }
}, m_none = {
	{ 0.5, 0.25, 4, 1, 2 }, { false, 0, 0, 0, 0 }
};

static struct team *
fake_team(bool valid)
{
	struct team *t = team_new(TEAM_THREADS, 2, NULL, 0);
	struct seat *s0 = &t->seats[0], *s1 = &t->seats[1];

	s0->start_ns = 1000;
	s0->end_ns = 5000;
	s1->start_ns = 1500;
	s1->end_ns = 9000;
	s0->cpu_start = 0;
	s0->cpu_end = 3;
	s1->cpu_start = 3;
	s1->cpu_end = 3;
	s0->run = m_a;
	s1->run = valid ? m_b : m_none;
	return t;
}

static void
test_wall_and_cpus(void)
{
	struct team *t = fake_team(true);
	struct interval iv;
	struct measure sum;
	double wait_max;

	is_int((int)report_wall_ns(t, -1), 8000, "wall: first start to last "
	    "end");
	is_int((int)report_wall_ns(t, 0), 4000, "wall: first start to the "
	    "closer's end");
	is_int(report_cpus_used(t), 2, "CPUs used: distinct CPUs at starts "
	    "and ends");
	t->seats[0].start_ns = 0;	/* it slept through the gate */
	is_int((int)report_wall_ns(t, -1), 7500, "wall: a sleeper's start (0) "
	    "is not the first");
	report_worker(t, 0, &iv);
	is_num(iv.wall_s, 0, 0, "a sleeper's own wall time: none");
	t->seats[1].start_ns = 0;
	is_int((int)report_wall_ns(t, -1), 0, "wall: 0 when nobody went "
	    "through the gate");
	t->seats[0].start_ns = 1000;
	t->seats[1].start_ns = 1500;
	report_totals(t, &sum, &wait_max);
	ok(sum.s.valid && sum.s.wait_ns == 700000, "totals: waits summed");
	is_num(wait_max, 0.0005, 1e-12, "totals: the longest wait kept");

	report_run(t, -1, &iv);
	is_num(iv.wall_s, 8e-6, 1e-15, "report_run: the run's wall time");
	ok(iv.user_s == 2.0 && iv.sys_s == 0.5 && iv.nvcsw == 14 &&
	    iv.nivcsw == 4 && iv.minflt == 9, "report_run: usage summed");
	ok(iv.sched && iv.migrations == 5 && iv.run_s == 0.004 &&
	    iv.wait_s == 0.0007, "report_run: the kernel's statistics summed");
	report_run(t, 0, &iv);
	is_num(iv.wall_s, 4e-6, 1e-15, "report_run: closed by worker 0");
	report_worker(t, 1, &iv);
	ok(iv.wall_s == 7.5e-6 && iv.user_s == 0.5 && iv.nivcsw == 1 &&
	    iv.sched && iv.migrations == 1 && iv.wait_s == 0.0002,
	    "report_worker: worker 1's own");
	team_free(t);

	t = fake_team(false);
	report_run(t, -1, &iv);
	ok(!iv.sched && iv.nvcsw == 14, "without the kernel's statistics at "
	    "one worker, the run has none");
	report_worker(t, 0, &iv);
	ok(iv.sched, "while the other worker's own are there");
	team_free(t);
}

static void
print_tail(const void *arg)
{
	struct team *t = fake_team(*(const bool *)arg);

	kv_begin();
	report_tail(t);
	kv_end();
}

/* The tail of a program run with -c of two entries and -C of three CPUs. */
static void
print_confined_tail(const void *arg)
{
	shared_opt.ncpus = 2;
	shared_opt.nconfined = 3;
	print_tail(arg);
}

static void
test_tail(void)
{
	struct child_result r;
	bool valid = true;

	child_run(&r, print_tail, &valid);
	is_str(r.out, "user_s=2.000 sys_s=0.500 nvcsw=14 nivcsw=4 minflt=9 "
	    "cpus_used=2 cpus_seen=0,3 cpus_pinned=0 cpus_confined=0 run_s=0.004000 "
	    "wait_s=0.000700 wait_max_s=0.000500 migrations=5 "
	    "sched_stats=kernel\n",
	    "the tail with the kernel's statistics");
	valid = false;
	child_run(&r, print_tail, &valid);
	is_str(r.out, "user_s=2.000 sys_s=0.500 nvcsw=14 nivcsw=4 minflt=9 "
	    "cpus_used=2 cpus_seen=0,3 cpus_pinned=0 cpus_confined=0 "
	    "sched_stats=none\n",
	    "without them: the keys absent, never zero");
	child_run(&r, print_confined_tail, &valid);
	ok(strstr(r.out, " cpus_pinned=2 cpus_confined=3 sched_stats=none\n")
	    != NULL, "-c's entries and -C's CPUs: %s", r.out);
}

/*
 * Two latencies as the workers left them: 100 ns (a bucket of its own),
 * and one in the bucket of 2976..3007 ns (its middle: 2991.5) whose
 * maximum is said to be 2500 ns, so that the percentiles stop there.
 */
static void
print_latency(const void *arg)
{
	struct team *t = fake_team(true);

	team_measure_latency(t);
	atomic_store(&t->lat->count[100], 1);
	atomic_store(&t->lat->count[HIST_SUB * 6 + 29], 1);
	atomic_store(&t->lat->samples, 2);
	atomic_store(&t->lat->max_ns, 2500);
	shared_opt.parsable = *(const bool *)arg;
	if (shared_opt.parsable) {
		kv_begin();
		report_latency(t);
		kv_end();
	} else
		report_latency(t);
}

static void
test_latency(void)
{
	struct child_result r;
	bool parsable = true;

	child_run(&r, print_latency, &parsable);
	is_str(r.out, "lat_p50_us=0.100 lat_p90_us=2.500 lat_p99_us=2.500 "
	    "lat_p999_us=2.500 lat_max_us=2.500 lat_samples=2\n",
	    "-l -p: the lat_ keys, percentiles never above the maximum");
	parsable = false;
	child_run(&r, print_latency, &parsable);
	is_str(r.out, "Wakeup latencies percentiles (usec) (2 samples)\n"
	    "\t50.0th: 0.1\n\t90.0th: 2.5\n\t99.0th: 2.5\n\t99.9th: 2.5\n"
	    "\tmax: 2.5\n", "-l: the block schbench prints");
	child_run(&r, print_tail, &parsable);
	ok(strncmp(r.out, "user_s=", 7) == 0, "without -l: no lat_ keys");
}

int
main(void)
{
	prog_init("smpb-t", "");
	test_wall_and_cpus();
	test_tail();
	test_latency();
	return done_testing();
}
