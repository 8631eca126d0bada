/*
 * smpb-yield: the sched_yield thread storm of seed 001 (Willy Tarreau and
 * Davide Libenzi's threads.c, posted by Andrea Arcangeli to lse-tech and
 * linux-kernel, January 2001).
 *
 * N threads (or, with -P, processes) loop on sched_yield(), each counting
 * its calls in its own slot. Once every worker has yielded at least once,
 * main snapshots the counts, sleeps T seconds and snapshots them again;
 * the window is timed with the monotonic clock. Figures, over the window:
 * yields per second in total and per thread, the threads that did no work
 * at all, and the normalised variance of the per-thread counts (variance
 * over the squared mean: 0 when every thread yielded as often).
 *
 * Fixed from the seed: it called syscall(158), which is arch_prctl on
 * x86-64, so its threads spun on a failing call and never yielded; here it
 * is the function. Its "actthreads++" from every thread lost updates and
 * could hang the start; here the harness's gate releases the workers and
 * the window opens when every count has moved. Its counters shared cache
 * lines and its flags were plain volatiles; here each count sits on a line
 * of its own and the flags are C11 atomics. It timed with time(), to the
 * second, and overran its 450-entry arrays when asked for more threads.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib/smpb.h"

static const char usage_text[] =
    "usage: smpb-yield [-hPpVW] [-c cpulist] [-L seconds] [-n threads] "
    "[-T seconds]";

static struct {
	long	threads;		/* -n: workers, 1..100000 */
	bool	procs;			/* -P: processes instead of threads */
	double	seconds;		/* -T: the window, default 1 */
} opt = { .threads = 1, .seconds = 1.0 };

/* The measured window: counts and clock at its two ends. Main's only. */
struct window {
	uint64_t	*c0, *c1;	/* each worker's count at each end */
	uint64_t	t0_ns, t1_ns;	/* the clock at each snapshot */
};

static void
parse_args(int argc, char *argv[])
{
	int c;

	while ((c = getopt(argc, argv, ":c:hL:n:PpT:VW")) != -1) {
		if (opt_common(c, optarg))
			continue;
		switch (c) {
		case 'n':
			opt.threads = (long)opt_num('n', optarg, 1, 100000);
			break;
		case 'P':
			opt.procs = true;
			break;
		case 'T':
			opt.seconds = opt_seconds('T', optarg, 0.001, 86400);
			break;
		default:
			opt_bad(c);
		}
	}
	opt_no_operands(argc, argv);
}

/*
 * Worker: yield and count until main clears the running flag. The count
 * is this worker's alone; main reads it with relaxed loads at any time.
 */
static void
yielder(struct team *t, int self, void *arg)
{
	struct slot *me = team_slot(t, self);
	uint64_t n = 0;

	(void)arg;
	team_gate(t, self);
	slot_note_cpu(me);
	while (team_running(t)) {
		if (sched_yield() == -1)
			team_fail(t, self, "sched_yield:");
		atomic_store_explicit(&me->count, ++n, memory_order_relaxed);
	}
	slot_note_cpu(me);
}

static uint64_t
count_of(struct team *t, int k)
{
	return atomic_load_explicit(&team_slot(t, k)->count,
	    memory_order_relaxed);
}

/*
 * After the gate opened: wait until every worker has yielded once, so the
 * window does not include threads that have not been scheduled yet.
 * team_sleep watches for signals and failed workers meanwhile.
 */
static void
wait_all_running(struct team *t)
{
	int k = 0;

	while (k < team_size(t)) {
		if (count_of(t, k) > 0)
			k++;
		else
			team_sleep(t, 0.001);
	}
}

/* Read every count; the clock is taken half-way through the reading. */
static uint64_t
snapshot(struct team *t, uint64_t *c)
{
	uint64_t a = clock_now_ns(), b;
	int k;

	for (k = 0; k < team_size(t); k++)
		c[k] = count_of(t, k);
	b = clock_now_ns();
	return a + (b - a) / 2;
}

static void
measure(struct team *t, struct window *w)
{
	w->t0_ns = snapshot(t, w->c0);
	team_sleep(t, opt.seconds);
	w->t1_ns = snapshot(t, w->c1);
}

static void
report(struct team *t, const struct window *w)
{
	size_t n = (size_t)team_size(t), k;
	double secs = (double)(w->t1_ns - w->t0_ns) / 1e9;
	double *rate, total = 0, min, max, normvar;
	struct usage u;
	long zero = 0;

	if ((rate = calloc(n, sizeof(*rate))) == NULL)
		die(SMPB_EXIT_FAIL, "out of memory:");
	for (k = 0; k < n; k++) {
		rate[k] = (double)(w->c1[k] - w->c0[k]) / secs;
		total += rate[k];
		zero += rate[k] == 0;
	}
	normvar = stats_normvar(rate, n);
	if (!opt_c.parsable) {
		printf("%zu\t%.0f\t%.0f\t%ld\t%f\n", n, total,
		    total / (double)n, zero, normvar);
		free(rate);
		return;
	}
	stats_minmax(rate, n, &min, &max);
	team_usage(t, &u);
	kv_begin();
	kv_int("threads", (long long)n);
	kv_int("processes", opt.procs);
	kv_num("seconds", secs, 6);
	kv_num("total_per_s", total, 0);
	kv_num("avg_per_thread", total / (double)n, 0);
	kv_num("us_per_yield", total > 0 ? 1e6 / total : 0, 4);
	kv_int("zero_threads", zero);
	kv_num("norm_var", normvar, 6);
	kv_num("jain", stats_jain(rate, n), 6);
	kv_num("min_per_thread", min, 0);
	kv_num("max_per_thread", max, 0);
	kv_num("user_s", u.user_s, 3);
	kv_num("sys_s", u.sys_s, 3);
	kv_int("nvcsw", u.nvcsw);
	kv_int("nivcsw", u.nivcsw);
	kv_int("cpus_used", team_cpus_used(t));
	kv_int("cpus_pinned", opt_c.ncpus);
	kv_end();
	free(rate);
}

int
main(int argc, char *argv[])
{
	struct window w;
	struct team *t;
	int k;

	prog_init(argv[0], usage_text);
	parse_args(argc, argv);
	sig_setup(opt_c.limit_s);
	w.c0 = calloc((size_t)opt.threads, sizeof(*w.c0));
	w.c1 = calloc((size_t)opt.threads, sizeof(*w.c1));
	if (w.c0 == NULL || w.c1 == NULL)
		die(SMPB_EXIT_FAIL, "out of memory:");
	t = team_new(opt.procs ? TEAM_PROCS : TEAM_THREADS, (int)opt.threads,
	    opt_c.cpus, opt_c.ncpus);
	for (k = 0; k < opt.threads; k++)
		team_spawn(t, k, yielder, NULL);
	team_go(t);
	wait_all_running(t);
	measure(t, &w);
	team_stop(t);
	team_wait(t);
	report(t, &w);
	team_free(t);
	free(w.c0);
	free(w.c1);
	return SMPB_EXIT_OK;
}
