/*
 * smpb-herd: the shared-pipe thundering herd of seed 002 (Jim Nance,
 * linux-kernel, 1999).
 *
 * P processes block in read() on one pipe. Worker 0 writes a token, the
 * iteration count I, as the gate opens; whoever gets it decrements it and
 * writes it back, so every pass wakes blocked readers (the whole herd, on
 * the seed's kernels) and one of them wins. Figure: the seconds for I
 * passes, and us per iteration = 1e6 * seconds / I. Every process counts
 * the tokens it handled, and the program reports who did the work:
 * processes that handled any, the busiest one's share and Jain's fairness
 * index of the counts. Their sum is I, or the run is void.
 *
 * Fixed from the seed: the end is not a signal that pause() can miss. The
 * process that takes the count to zero ends the run (the harness stops
 * its clock there) and writes one sentinel (a zero) per other process into
 * the same pipe; each process ends on reading one, stores its count in its
 * slot and returns, and main learns of it through the harness's done
 * records. Cleanup never relies on kill() of a process group the program
 * may not lead: the harness owns the workers. The clock starts at the
 * gate, when every process is waiting, so process creation is not timed,
 * and stops at the last decrement, so neither is the shutdown. Every read
 * and write is checked; nothing else runs per pass.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/smpb.h"

static const char usage_text[] =
    "usage: smpb-herd [-hlpVW] [-C cpulist] [-c cpulist] [-i iterations]\n"
    "                 [-L seconds] [-n procs]";

static struct {
	long	procs;			/* -n: processes, 1..100000 */
	long long iterations;		/* -i: passes of the token, 1..10^12 */
	bool	latency;		/* -l: stamp every pass, histogram */
} opt = { .procs = 2, .iterations = 5000000 };

/* What each worker leaves in its slot's result[]. */
enum { RES_TOKENS, RES_CLOSER };

/*
 * The token and the sentinels: the count, and with -l the sender's clock;
 * 8 or 16 bytes each. Every write is a whole number of tokens of at most
 * _POSIX_PIPE_BUF bytes, so it is atomic and the pipe only ever holds
 * whole tokens: a read of one token's size by any of the herd gets a
 * whole one.
 */
struct token {
	int64_t		count;		/* passes left; 0: the run is over */
	uint64_t	sent_ns;	/* -l only: when it was written */
};
#define SENTINELS_PER_WRITE	(_POSIX_PIPE_BUF / sizeof(struct token))

/* The bytes of one token on the pipe: the count alone without -l. */
static size_t token_size = sizeof(int64_t);

static void
parse_args(int argc, char *argv[])
{
	int c;

	while ((c = opt_next(argc, argv, ":C:c:hi:lL:n:pVW")) != -1) {
		switch (c) {
		case 'i':
			opt.iterations = opt_num('i', optarg, 1,
			    1000000000000LL);
			break;
		case 'l':
			opt.latency = true;
			token_size = sizeof(struct token);
			break;
		case 'n':
			opt.procs = (long)opt_num('n', optarg, 1, 100000);
			break;
		}
	}
	opt_no_operands(argc, argv);
}

/* One token in: its count; with -l (h) the delay since it was sent. */
static int64_t
take(struct team *t, int self, int fd, struct hist *h)
{
	struct token tok;
	ssize_t r;

	if ((r = read_full(fd, &tok, token_size)) == -1)
		worker_fail(t, self, "read:");
	if (r != (ssize_t)token_size)
		worker_fail(t, self, "the shared pipe is broken (%zd of %zu "
		    "bytes read)", r, token_size);
	if (tok.count < 0)
		worker_fail(t, self, "a corrupt token (%lld)",
		    (long long)tok.count);
	if (h != NULL && tok.count > 0)
		hist_record(h, clock_now_ns() - tok.sent_ns);
	return tok.count;
}

/* One token out; with -l, stamped with the clock. */
static void
put(struct team *t, int self, int fd, int64_t count, struct hist *h)
{
	struct token tok = { .count = count };

	if (h != NULL)
		tok.sent_ns = clock_now_ns();
	if (write_full(fd, &tok, token_size) == -1)
		worker_fail(t, self, "write:");
}

/* The run is over: one zero for every other process of the herd. */
static void
release_herd(struct team *t, int self, int fd, long others)
{
	static const struct token zeros[SENTINELS_PER_WRITE];
	long n;

	for (; others > 0; others -= n) {
		n = others < (long)SENTINELS_PER_WRITE ? others :
		    (long)SENTINELS_PER_WRITE;
		if (write_full(fd, zeros, (size_t)n * token_size) == -1)
			worker_fail(t, self, "write:");
	}
}

/*
 * Worker: take the token, count it, pass it on decremented. Worker 0
 * injects it as the gate opens; the others sleep through the gate in
 * their read, as in the seed (one still on its way to it finds the token
 * waiting). The one that takes it to zero ends the run (the harness's
 * clock stops there) and then releases the rest.
 */
static void
herd_worker(struct team *t, int self, void *arg)
{
	const int *fd = arg;		/* the shared pipe */
	struct slot *me = team_slot(t, self);
	struct hist *h = worker_hist(t, self);	/* NULL without -l */
	uint64_t tokens = 0;
	int64_t v;
	bool closer = false;

	if (self == 0) {
		worker_gate(t, self);
		put(t, self, fd[1], opt.iterations, h);
	} else {
		worker_gate_asleep(t, self);	/* the token wakes it */
	}
	while ((v = take(t, self, fd[0], h)) != 0) {
		tokens++;
		if ((closer = --v == 0))
			break;
		put(t, self, fd[1], v, h);
	}
	worker_end(t, self);
	me->result[RES_TOKENS] = tokens;
	me->result[RES_CLOSER] = closer;
	if (closer)
		release_herd(t, self, fd[1], team_size(t) - 1);
}

/* Who did the work: the counts, their sum and fairness. */
struct shares {
	uint64_t	sum, min, max;
	long		active;		/* processes with a token or more */
	int		closer;		/* the one that took it to zero */
	double		jain;
};

static void
count_shares(struct team *t, struct shares *sh)
{
	double *counts;
	uint64_t c;
	long k;

	if ((counts = malloc((size_t)opt.procs * sizeof(*counts))) == NULL)
		die(SMPB_EXIT_FAIL, "out of memory:");
	memset(sh, 0, sizeof(*sh));
	sh->min = UINT64_MAX;
	sh->closer = -1;
	for (k = 0; k < opt.procs; k++) {
		struct slot *s = team_slot(t, (int)k);

		c = s->result[RES_TOKENS];
		counts[k] = (double)c;
		sh->sum += c;
		sh->active += c > 0;
		sh->min = c < sh->min ? c : sh->min;
		sh->max = c > sh->max ? c : sh->max;
		if (s->result[RES_CLOSER])
			sh->closer = (int)k;
	}
	sh->jain = stats_jain(counts, (size_t)opt.procs);
	free(counts);
	if (sh->sum != (uint64_t)opt.iterations || sh->closer < 0)
		die(SMPB_EXIT_FAIL, "the processes counted %llu tokens, not "
		    "%lld: the run is void", (unsigned long long)sh->sum,
		    opt.iterations);
}

/* The figure runs from the gate to the last decrement. */
static void
report(struct team *t)
{
	struct interval iv;
	struct shares sh;
	double wall_s;

	count_shares(t, &sh);
	report_run(t, sh.closer, &iv);
	wall_s = iv.wall_s;
	if (!shared_opt.parsable) {
		printf("Running %lld iterations with %ld processes took "
		    "%.3f seconds\n", opt.iterations, opt.procs, wall_s);
		report_latency(t);
		return;
	}
	kv_begin();
	kv_int("procs", opt.procs);
	kv_int("iterations", opt.iterations);
	kv_num("wall_s", wall_s, 6);
	kv_num("us_per_iteration", wall_s * 1e6 / (double)opt.iterations, 4);
	kv_int("tokens", (long long)sh.sum);
	kv_int("active_procs", sh.active);
	kv_num("top_share_pct", 100.0 * (double)sh.max /
	    (double)opt.iterations, 2);
	kv_int("min_tokens", (long long)sh.min);
	kv_int("max_tokens", (long long)sh.max);
	kv_num("jain", sh.jain, 4);
	report_tail(t);
	kv_end();
}

int
main(int argc, char *argv[])
{
	struct team *t;
	int fd[2];
	long k;

	prog_init(argv[0], usage_text);
	parse_args(argc, argv);
	sig_setup(shared_opt.limit_s, shared_opt.watch_parent);
	t = team_new(TEAM_PROCS, (int)opt.procs, shared_opt.cpus,
	    shared_opt.ncpus);
	if (opt.latency)
		team_measure_latency(t);
	if (pipe(fd) == -1)
		die(SMPB_EXIT_FAIL, "cannot create the shared pipe (raise "
		    "'ulimit -n'): pipe:");
	for (k = 0; k < opt.procs; k++)
		team_spawn(t, (int)k, herd_worker, fd);
	close(fd[0]);
	close(fd[1]);
	team_go(t);
	team_wait(t);			/* every process has stored its count */
	report(t);
	kv_flush();
	team_free(t);
	return SMPB_EXIT_OK;
}
