/*
 * smpb-yield: the sched_yield thread storm of seed 001 (Willy Tarreau and
 * Davide Libenzi's threads.c, posted by Andrea Arcangeli to lse-tech and
 * linux-kernel, January 2001).
 *
 * N threads (or, with -P, processes) loop on sched_yield(), each counting
 * its calls privately until the run is over (worker_running), T seconds after
 * the gate opened; the harness times the run from the gate to the last
 * worker's end. Figures: yields per second in total and per thread, the
 * threads that did no work at all, and the normalised variance of the
 * per-thread counts (variance over the squared mean: 0 when every thread
 * yielded as often).
 *
 * Fixed from the seed: it called syscall(158), which is arch_prctl on
 * x86-64, so its threads spun on a failing call and never yielded; here it
 * is the function. Its "actthreads++" from every thread lost updates and
 * could hang the start; here the harness's gate releases the workers
 * together. Its counters shared cache
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
    "usage: smpb-yield [-hPpVW] [-C cpulist] [-c cpulist] [-L seconds]\n"
    "                  [-n threads] [-T seconds]";

static struct {
	long	threads;		/* -n: workers, 1..100000 */
	bool	procs;			/* -P: processes instead of threads */
	double	seconds;		/* -T: run this long, default 1 */
} opt = { .threads = 1, .seconds = 1.0 };

static void
parse_args(int argc, char *argv[])
{
	int c;

	while ((c = opt_next(argc, argv, ":C:c:hL:n:PpT:VW")) != -1) {
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
		}
	}
	opt_no_operands(argc, argv);
}

/* Worker: yield and count until the run is over. */
static void
yielder(struct team *t, int self, void *arg)
{
	uint64_t n = 0;

	(void)arg;
	worker_gate(t, self);
	while (worker_running(t)) {
		if (sched_yield() == -1)
			worker_fail(t, self, "sched_yield:");
		n++;
	}
	worker_end(t, self);
	team_slot(t, self)->result[0] = n;
}

static void
report(struct team *t)
{
	size_t n = (size_t)team_size(t), k;
	struct interval iv;
	double secs, *rate, total = 0, min, max, normvar;
	long zero = 0;

	report_run(t, -1, &iv);
	secs = iv.wall_s;

	if ((rate = calloc(n, sizeof(*rate))) == NULL)
		die(SMPB_EXIT_FAIL, "out of memory:");
	for (k = 0; k < n; k++) {
		rate[k] = secs > 0 ? (double)team_slot(t, (int)k)->result[0] /
		    secs : 0;
		total += rate[k];
		zero += rate[k] == 0;
	}
	normvar = stats_normvar(rate, n);
	if (!shared_opt.parsable) {
		printf("%zu\t%.0f\t%.0f\t%ld\t%f\n", n, total,
		    total / (double)n, zero, normvar);
		free(rate);
		return;
	}
	stats_minmax(rate, n, &min, &max);
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
	report_tail(t);
	kv_end();
	free(rate);
}

int
main(int argc, char *argv[])
{
	struct team *t;
	int k;

	prog_init(argv[0], usage_text);
	parse_args(argc, argv);
	sig_setup(shared_opt.limit_s, shared_opt.watch_parent);
	t = team_new(opt.procs ? TEAM_PROCS : TEAM_THREADS, (int)opt.threads,
	    shared_opt.cpus, shared_opt.ncpus);
	for (k = 0; k < opt.threads; k++)
		team_spawn(t, k, yielder, NULL);
	team_run_for(t, opt.seconds);
	team_wait(t);
	report(t);
	kv_flush();
	team_free(t);
	return SMPB_EXIT_OK;
}
