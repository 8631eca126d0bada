/*
 * smpb-ring: the token ring of seed 003 (Richard Tobin, comp.arch, 1991).
 *
 * N processes in a circle of pipes pass a one-byte token; all but one are
 * blocked in read() at any time, so every pass is a wakeup and a switch.
 * Worker 0 is the ring's master: it injects the token, lets it go round
 * once to wake the whole ring, then counts laps; the harness times them
 * from there to the master's last lap. Figure: switches per second =
 * N * laps / seconds.
 *
 * Fixed from the seed: a ring of one process is refused (the seed's
 * make_child recursed without end, a fork bomb); the run is stopped by
 * laps (-i) or by time (-T, default 1 s: the seed's 100 laps take well under
 * a millisecond today); the timed interval starts after a first lap
 * that wakes every relay (asleep in read(), through the gate that lets
 * the master start) and ends at the master's last lap, so neither process
 * creation nor the shutdown cascade (EOF passed round the ring) is
 * measured; every read and write is checked, and a broken ring fails
 * instead of spinning. Nothing but the token's read and write runs per
 * pass: the CPUs used and the migrations are taken by the harness at the
 * gate and at the end.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lib/smpb.h"

static const char usage_text[] =
    "usage: smpb-ring [-hlpVW] [-C cpulist] [-c cpulist] [-i laps | -T seconds]\n"
    "                 [-L seconds] [-n procs]";

static struct {
	long	procs;			/* -n: ring size, 2..100000 */
	long long laps;			/* -i: laps to run; 0: run for -T */
	double	seconds;		/* -T: seconds to run, default 1 */
	bool	latency;		/* -l: stamp every pass, histogram */
} opt = { .procs = 2, .seconds = 1.0 };

/* Worker k reads from in and writes to out; it closes the strays it got. */
struct link {
	int	in;
	int	out;
	int	stray[2];
};

static void
parse_args(int argc, char *argv[])
{
	int c;

	while ((c = opt_next(argc, argv, ":C:c:hi:lL:n:pT:VW")) != -1) {
		switch (c) {
		case 'i':
			opt.laps = opt_num('i', optarg, 1, 1000000000000LL);
			break;
		case 'l':
			opt.latency = true;
			break;
		case 'n':
			opt.procs = (long)opt_num('n', optarg, 2, 100000);
			break;
		case 'T':
			opt.seconds = opt_seconds('T', optarg, 0.001, 86400);
			break;
		}
	}
	opt_exclusive('i', 'T');
	opt_no_operands(argc, argv);
}

/*
 * One token in: 1, or 0 at EOF. The token is a byte; with -l it is the
 * sender's clock, and the receiver records how long it took in h (NULL:
 * not recorded, as in the uncounted first lap).
 */
static int
token_in(struct team *t, int self, int fd, struct hist *h)
{
	uint64_t sent;
	char token;
	ssize_t r;

	if (opt.latency) {
		if ((r = read_full(fd, &sent, sizeof(sent))) > 0 &&
		    r != (ssize_t)sizeof(sent))
			worker_fail(t, self, "a torn token (%zd bytes)", r);
		if (r > 0 && h != NULL)
			hist_record(h, clock_now_ns() - sent);
	} else
		while ((r = read(fd, &token, 1)) == -1 && errno == EINTR)
			continue;
	if (r == -1)
		worker_fail(t, self, "read:");
	return r > 0;
}

/* One token out: false when the next worker has gone (EPIPE). */
static bool
token_out(struct team *t, int self, int fd)
{
	uint64_t now;

	if (opt.latency) {
		now = clock_now_ns();
		if (write_full(fd, &now, sizeof(now)) == 0)
			return true;
	} else {
		if (write(fd, "x", 1) == 1)	/* the pass, as bare as a pipe's */
			return true;
		if (errno == EINTR && write_full(fd, "x", 1) == 0)
			return true;
	}
	if (errno != EPIPE)
		worker_fail(t, self, "write:");
	return false;
}

/*
 * A stop (-T) is looked for once every STOP_CHECK passes, at least once a
 * lap, so that nothing but the token's read and write runs at every pass,
 * as in a bare pipe round trip: with a look at the shared flag every lap
 * and every byte written through write_full, a ring of 2 ran about 1%
 * slower here, in two comparisons run in turn (README, "Measuring the
 * harness").
 */
#define STOP_CHECK	256

/*
 * Worker 0: inject the token and count laps until told to stop; the
 * harness's clock stops at worker_end, before the ring is shut down by EOF
 * passed round it (the seed timed that too).
 */
static void
master(struct team *t, const struct link *l, struct hist *h)
{
	uint64_t laps = 0;
	long check_every = opt.procs >= STOP_CHECK ? 1 : STOP_CHECK / opt.procs;
	long until_check = check_every;

	/*
	 * A first lap, not counted: the token wakes each relay for the first
	 * time (each may still be on its way to its read: the token waits
	 * for it), then the interval opens. Its latencies are not recorded,
	 * by any worker.
	 */
	if (!token_out(t, 0, l->out) || token_in(t, 0, l->in, NULL) == 0)
		worker_lost(t, 0, "the ring is broken: a worker is gone");
	worker_restart(t, 0);
	if (!token_out(t, 0, l->out))
		worker_lost(t, 0, "the ring is broken: worker 1 is gone");
	for (;;) {
		if (token_in(t, 0, l->in, h) == 0)
			worker_lost(t, 0, "the ring is broken: a worker is "
			    "gone");
		laps++;
		if (laps == (uint64_t)opt.laps)
			break;
		if (--until_check == 0) {
			if (!worker_running_spaced(t))
				break;
			until_check = check_every;
		}
		if (!token_out(t, 0, l->out))
			worker_lost(t, 0, "the ring is broken: worker 1 is "
			    "gone");
	}
	worker_end(t, 0);
	team_slot(t, 0)->result[0] = laps;
	close(l->out);			/* start the EOF cascade */
	while (token_in(t, 0, l->in, NULL) != 0)
		continue;
}

/* Workers 1..N-1: pass the token on until EOF, then pass the EOF on. */
static void
relay(struct team *t, int self, const struct link *l, struct hist *h)
{
	struct hist *rec = NULL;	/* the first lap's is not recorded */

	while (token_in(t, self, l->in, rec) == 1) {
		rec = h;
		if (!token_out(t, self, l->out))
			worker_lost(t, self, "the ring is broken: worker %d is "
			    "gone", (self + 1) % team_size(t));
	}
	close(l->out);
}

static void
ring_worker(struct team *t, int self, void *arg)
{
	const struct link *l = arg;
	struct hist *h = worker_hist(t, self);	/* NULL without -l */

	if (l->stray[0] >= 0)
		close(l->stray[0]);
	if (l->stray[1] >= 0)
		close(l->stray[1]);
	if (self == 0) {
		worker_gate(t, self);
		master(t, l, h);
	} else {
		worker_gate_asleep(t, self);	/* the token wakes it */
		relay(t, self, l, h);
	}
}

static void
ring_pipe(int fd[2], int k, long n)
{
	if (pipe(fd) == -1)
		die(SMPB_EXIT_FAIL, "cannot create pipe %d of %ld (raise "
		    "'ulimit -n'): pipe:", k, n);
}

/*
 * Fork the ring one worker at a time, so main holds at most four pipe ends
 * whatever N is: pipe k joins worker k-1 to worker k, and pipe 0 joins the
 * last worker to the master.
 */
static void
spawn_ring(struct team *t, long n)
{
	int first[2], next[2], in;
	struct link l;
	int k;

	ring_pipe(first, 0, n);
	in = first[0];
	for (k = 0; k < n; k++) {
		if (k + 1 < n)
			ring_pipe(next, k + 1, n);
		else {
			next[0] = -1;
			next[1] = first[1];
		}
		l.in = in;
		l.out = next[1];
		l.stray[0] = next[0];
		l.stray[1] = k + 1 < n ? first[1] : -1;
		team_spawn(t, k, ring_worker, &l);
		close(in);
		close(next[1]);
		in = next[0];
	}
}

/* The figure runs from the master's first counted lap to its last. */
static void
report(struct team *t)
{
	struct interval iv;
	double wall_s, laps, switches, per_s;

	report_run(t, 0, &iv);	/* the relays slept through the gate */
	wall_s = iv.wall_s;
	laps = (double)team_slot(t, 0)->result[0];
	switches = (double)opt.procs * laps;
	per_s = wall_s > 0 ? switches / wall_s : 0;

	if (!shared_opt.parsable) {
		printf("%ld : %.0f switches / second\n", opt.procs, per_s);
		report_latency(t);
		return;
	}
	kv_begin();
	kv_int("procs", opt.procs);
	kv_num("laps", laps, 0);
	kv_num("wall_s", wall_s, 6);
	kv_num("switches_per_s", per_s, 0);
	kv_num("us_per_switch", switches > 0 ? wall_s * 1e6 / switches : 0, 4);
	report_tail(t);
	kv_end();
}

int
main(int argc, char *argv[])
{
	struct team *t;

	prog_init(argv[0], usage_text);
	parse_args(argc, argv);
	sig_setup(shared_opt.limit_s, shared_opt.watch_parent);
	t = team_new(TEAM_PROCS, (int)opt.procs, shared_opt.cpus,
	    shared_opt.ncpus);
	if (opt.latency)
		team_measure_latency(t);
	spawn_ring(t, opt.procs);
	if (opt.laps == 0)
		team_run_for(t, opt.seconds);
	else
		team_go(t);
	team_wait(t);
	report(t);
	kv_flush();
	team_free(t);
	return SMPB_EXIT_OK;
}
