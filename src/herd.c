/*
 * smpb-herd: the shared-pipe thundering herd of seed 002 (Jim Nance,
 * linux-kernel, 1999).
 *
 * P processes block in read() on one pipe. Main writes a token, the
 * iteration count I; whoever gets it decrements it and writes it back, so
 * every pass wakes blocked readers (the whole herd, on the seed's kernels)
 * and one of them wins. Figure: the seconds for I passes, and us per
 * iteration = 1e6 * seconds / I. Every process counts the tokens it
 * handled, and the program reports who did the work: processes that
 * handled any, the busiest one's share and Jain's fairness index of the
 * counts. Their sum is I, or the run is void.
 *
 * Fixed from the seed: the end is not a signal that pause() can miss. The
 * process that takes the count to zero notes the time and writes one
 * sentinel (a zero) per other process into the same pipe; each process
 * ends on reading one, stores its count in its slot and returns, and main
 * learns of it through the harness's done records. Cleanup never relies on
 * kill() of a process group the program may not lead: the harness owns
 * the workers. The clock starts when every process is waiting, so process
 * creation is not timed, and stops at the last decrement, so neither is
 * the shutdown. Every read and write is checked.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib/smpb.h"

static const char usage_text[] =
    "usage: smpb-herd [-hpVW] [-c cpulist] [-i iterations] [-L seconds] "
    "[-n procs]";

static struct {
	long	procs;			/* -n: processes, 1..100000 */
	long long iterations;		/* -i: passes of the token, 1..10^12 */
} opt = { .procs = 2, .iterations = 5000000 };

/* What each worker leaves in its slot's result[]. */
enum { RES_TOKENS, RES_END_NS };

/*
 * The token and the sentinels: 8 bytes each. Every write is a whole
 * number of tokens of at most _POSIX_PIPE_BUF bytes, so it is atomic and
 * the pipe only ever holds whole tokens: an 8-byte read by any of the
 * herd gets a whole one.
 */
#define SENTINELS_PER_WRITE	(_POSIX_PIPE_BUF / sizeof(int64_t))

static void
parse_args(int argc, char *argv[])
{
	int c;

	while ((c = getopt(argc, argv, ":c:hi:L:n:pVW")) != -1) {
		if (opt_common(c, optarg))
			continue;
		switch (c) {
		case 'i':
			opt.iterations = opt_num('i', optarg, 1,
			    1000000000000LL);
			break;
		case 'n':
			opt.procs = (long)opt_num('n', optarg, 1, 100000);
			break;
		default:
			opt_bad(c);
		}
	}
	opt_no_operands(argc, argv);
}

static int64_t
take(struct team *t, int self, int fd)
{
	int64_t v;
	ssize_t r;

	if ((r = read_full(fd, &v, sizeof(v))) == -1)
		team_fail(t, self, "read:");
	if (r != (ssize_t)sizeof(v))
		team_fail(t, self, "the shared pipe is broken (%zd of %zu "
		    "bytes read)", r, sizeof(v));
	if (v < 0)
		team_fail(t, self, "a corrupt token (%lld)", (long long)v);
	return v;
}

static void
put(struct team *t, int self, int fd, const int64_t *v, size_t n)
{
	if (write_full(fd, v, n * sizeof(*v)) == -1)
		team_fail(t, self, "write:");
}

/* The run is over: one zero for every other process of the herd. */
static void
release_herd(struct team *t, int self, int fd, long others)
{
	static const int64_t zeros[SENTINELS_PER_WRITE];
	long n;

	for (; others > 0; others -= n) {
		n = others < (long)SENTINELS_PER_WRITE ? others :
		    (long)SENTINELS_PER_WRITE;
		put(t, self, fd, zeros, (size_t)n);
	}
}

/*
 * Worker: take the token, count it, pass it on decremented; the one that
 * takes it to zero stops the clock and releases the rest.
 */
static void
herd_worker(struct team *t, int self, void *arg)
{
	const int *fd = arg;		/* the shared pipe */
	struct slot *me = team_slot(t, self);
	uint64_t tokens = 0;
	int64_t v;

	team_gate(t, self);
	while ((v = take(t, self, fd[0])) != 0) {
		tokens++;
		slot_note_cpu(me);
		if (--v == 0) {
			me->result[RES_END_NS] = clock_now_ns();
			release_herd(t, self, fd[1], team_size(t) - 1);
			break;
		}
		put(t, self, fd[1], &v, 1);
	}
	me->result[RES_TOKENS] = tokens;
}

static void
report(struct team *t, uint64_t t0_ns)
{
	struct usage u;
	double *counts, wall_s, top_share, jain;
	uint64_t sum = 0, min = UINT64_MAX, max = 0, end_ns = 0, c;
	long k, active = 0;

	if ((counts = malloc((size_t)opt.procs * sizeof(*counts))) == NULL)
		die(SMPB_EXIT_FAIL, "out of memory:");
	for (k = 0; k < opt.procs; k++) {
		struct slot *s = team_slot(t, (int)k);

		c = s->result[RES_TOKENS];
		counts[k] = (double)c;
		sum += c;
		active += c > 0;
		min = c < min ? c : min;
		max = c > max ? c : max;
		end_ns = s->result[RES_END_NS] > end_ns ?
		    s->result[RES_END_NS] : end_ns;
	}
	if (sum != (uint64_t)opt.iterations)
		die(SMPB_EXIT_FAIL, "the processes counted %llu tokens, not "
		    "%lld: the run is void", (unsigned long long)sum,
		    opt.iterations);
	wall_s = end_ns > t0_ns ? (double)(end_ns - t0_ns) / 1e9 : 0;
	top_share = 100.0 * (double)max / (double)opt.iterations;
	jain = stats_jain(counts, (size_t)opt.procs);
	free(counts);
	if (!opt_c.parsable) {
		printf("Running %lld iterations with %ld processes took "
		    "%.3f seconds\n", opt.iterations, opt.procs, wall_s);
		return;
	}
	team_usage(t, &u);
	kv_begin();
	kv_int("procs", opt.procs);
	kv_int("iterations", opt.iterations);
	kv_num("wall_s", wall_s, 6);
	kv_num("us_per_iteration", wall_s * 1e6 / (double)opt.iterations, 4);
	kv_int("tokens", (long long)sum);
	kv_int("active_procs", active);
	kv_num("top_share_pct", top_share, 2);
	kv_int("min_tokens", (long long)min);
	kv_int("max_tokens", (long long)max);
	kv_num("jain", jain, 4);
	kv_num("user_s", u.user_s, 3);
	kv_num("sys_s", u.sys_s, 3);
	kv_int("nvcsw", u.nvcsw);
	kv_int("nivcsw", u.nivcsw);
	kv_int("cpus_used", team_cpus_used(t));
	kv_int("cpus_pinned", opt_c.ncpus);
	kv_end();
}

int
main(int argc, char *argv[])
{
	struct team *t;
	int64_t token;
	uint64_t t0;
	int fd[2];
	long k;

	prog_init(argv[0], usage_text);
	parse_args(argc, argv);
	sig_setup(opt_c.limit_s);
	t = team_new(TEAM_PROCS, (int)opt.procs, opt_c.cpus, opt_c.ncpus);
	if (pipe(fd) == -1)
		die(SMPB_EXIT_FAIL, "cannot create the shared pipe (raise "
		    "'ulimit -n'): pipe:");
	for (k = 0; k < opt.procs; k++)
		team_spawn(t, (int)k, herd_worker, fd);
	close(fd[0]);
	team_go(t);			/* the whole herd is waiting */
	token = opt.iterations;
	t0 = clock_now_ns();
	if (write_full(fd[1], &token, sizeof(token)) == -1)
		die(SMPB_EXIT_FAIL, "cannot write the token: write:");
	close(fd[1]);
	team_wait(t);			/* every process has stored its count */
	report(t, t0);
	team_free(t);
	return SMPB_EXIT_OK;
}
