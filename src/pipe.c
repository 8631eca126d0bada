/*
 * smpb-pipe: the pipe ping-pong with compute of seed 000 (Alan Watson,
 * linux-smp, 1998 and 2000).
 *
 * A writer and a reader joined by one pipe. The writer writes write_size
 * bytes, then thinks; the reader reads write_size bytes, then thinks.
 * Thinking is write_size * think multiplications on a volatile. The pair
 * moves total = max(write_size, budget / think) bytes, in whole writes.
 * Figure: the pair's CPU usage over the run,
 *
 *	cpu_pct = (user + sys of both) / wall * 100,
 *
 * 200% when the two ran in parallel, 100% when the kernel serialised them.
 * The cost of one think unit is measured before the run (think_ns), so
 * tables from different CPUs can be compared.
 *
 * Fixed from the seed: every read and write is checked, and partial
 * transfers and EINTR are handled in one place (read_full/write_full); a
 * reader whose writer died stops at end-of-file instead of spinning; think
 * 0 (a division by zero in the seed) is refused; the run is timed from the
 * start gate to the pair's end, not by time(1) around two process
 * creations, and both ends are placed explicitly with -c. When budget /
 * think is smaller than one write the run is one transfer, nothing is
 * pipelined, and the output says so (transfers=1, clamped=1).
 *
 * With -T the pair runs for a time instead of a budget: the writer writes
 * and thinks until the time is up (one transfer at least), then closes its
 * end, and the reader reads up to that end of file. A measurement then
 * spans the scheduler periods it exists to see (a CFS bandwidth period is
 * 100 ms) whatever the think, where a budget makes the cells of much
 * thinking last a few milliseconds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/smpb.h"

static const char usage_text[] =
    "usage: smpb-pipe [-hlpVW] [-b mib | -T seconds] [-C cpulist] [-c cpulist]\n"
    "                 [-L seconds] [-s kib] [-t think]";

static struct {
	long	budget_mib;		/* -b: MiB to move, 1..65536 (64) */
	long	write_kib;		/* -s: KiB per write, 1..65536 (16) */
	long	think;			/* -t: multiplies/byte, 1..10^6 (1) */
	double	seconds;		/* -T: run this long instead, 0: not */
	bool	latency;		/* -l: stamp every block, histogram */
} opt = { .budget_mib = 64, .write_kib = 16, .think = 1 };

/* The run, derived from the options by plan(); read by both workers. */
static struct {
	size_t		write_size;	/* bytes per transfer */
	uint64_t	units;		/* think units after each transfer */
	uint64_t	transfers;	/* writes of write_size; with -T the
					   most (the writer counts its own) */
	bool		clamped;	/* budget / think < write_size */
} run;

/* What the workers leave in their slots' result[]. */
enum { RES_CAL_NS, RES_CAL_UNITS, RES_TRANSFERS };
enum { WRITER, READER };

static void
parse_args(int argc, char *argv[])
{
	int c;

	while ((c = opt_next(argc, argv, ":b:C:c:hlL:ps:t:T:VW")) != -1) {
		switch (c) {
		case 'l':
			opt.latency = true;
			break;
		case 'b':
			opt.budget_mib = (long)opt_num('b', optarg, 1, 65536);
			break;
		case 'T':
			opt.seconds = opt_seconds('T', optarg, 0.001, 86400);
			break;
		case 's':
			opt.write_kib = (long)opt_num('s', optarg, 1, 65536);
			break;
		case 't':
			opt.think = (long)opt_num('t', optarg, 1, 1000000);
			break;
		}
	}
	opt_exclusive('b', 'T');
	opt_no_operands(argc, argv);
}

/*
 * total = max(write_size, budget / think), in whole transfers; with -T,
 * as many as the time allows.
 */
static void
plan(void)
{
	uint64_t total = ((uint64_t)opt.budget_mib << 20) /
	    (uint64_t)opt.think;

	run.write_size = (size_t)opt.write_kib << 10;
	run.units = (uint64_t)run.write_size * (uint64_t)opt.think;
	if (opt.seconds > 0) {
		run.transfers = UINT64_MAX;
		return;
	}
	run.clamped = total < run.write_size;
	if (run.clamped)
		total = run.write_size;
	run.transfers = total / run.write_size;
}

/* The seed's thinking: multiplications on a volatile, which must stay. */
static void
think(uint64_t units)
{
	volatile unsigned v = 1;
	uint64_t i;

	for (i = 0; i < units; i++)
		v *= 3;
	(void)v;
}

/*
 * One think unit's cost on the writer's CPU, before the gate: grow a round
 * to at least 2 ms, then keep the fastest of five such rounds.
 */
static void
calibrate(struct slot *me)
{
	uint64_t units = 1 << 16, best = UINT64_MAX, t0, ns;
	int i;

	for (;;) {
		t0 = clock_now_ns();
		think(units);
		if (clock_now_ns() - t0 >= 2000000 || units >= 1ULL << 34)
			break;
		units *= 2;
	}
	for (i = 0; i < 5; i++) {
		t0 = clock_now_ns();
		think(units);
		ns = clock_now_ns() - t0;
		best = ns < best ? ns : best;
	}
	me->result[RES_CAL_NS] = best;
	me->result[RES_CAL_UNITS] = units;
}

/*
 * With -l every block starts with the writer's clock as it is written
 * (stamp), and the reader records how long the whole block took to
 * arrive (h not NULL). With -T the writer stops at the first transfer
 * that ends after the time is up, and the reader at the end of file
 * that follows; the writer counts its transfers.
 */
static void
writer(struct team *t, int fd, char *buf, bool stamp)
{
	uint64_t i, now;

	for (i = 0; i < run.transfers &&
	    (i == 0 || opt.seconds == 0 || worker_running(t)); i++) {
		if (stamp) {
			now = clock_now_ns();
			memcpy(buf, &now, sizeof(now));
		}
		if (write_full(fd, buf, run.write_size) == -1) {
			if (errno == EPIPE)
				worker_lost(t, WRITER, "the reader is gone");
			worker_fail(t, WRITER, "write:");
		}
		think(run.units);
	}
	team_slot(t, WRITER)->result[RES_TRANSFERS] = i;
}

static void
reader(struct team *t, int fd, char *buf, struct hist *h)
{
	uint64_t i, sent;
	ssize_t r;

	for (i = 0; i < run.transfers; i++) {
		if ((r = read_full(fd, buf, run.write_size)) == -1)
			worker_fail(t, READER, "read:");
		if (r == 0 && opt.seconds > 0 && i > 0)
			break;		/* -T: the writer's time is up */
		if ((size_t)r < run.write_size)
			worker_lost(t, READER, "the writer is gone after %llu "
			    "of %llu transfers", (unsigned long long)i,
			    (unsigned long long)run.transfers);
		if (h != NULL) {
			memcpy(&sent, buf, sizeof(sent));
			hist_record(h, clock_now_ns() - sent);
		}
		think(run.units);
	}
}

/* Worker 0 writes, worker 1 reads; each keeps only its own end. */
static void
pipe_worker(struct team *t, int self, void *arg)
{
	const int *fd = arg;
	struct hist *h = self == READER ? worker_hist(t, self) : NULL;
	char *buf;

	close(fd[self == WRITER ? 0 : 1]);
	if ((buf = malloc(run.write_size)) == NULL)
		worker_fail(t, self, "cannot allocate %zu KiB:",
		    run.write_size >> 10);
	memset(buf, 'x', run.write_size);	/* fault it in now */
	if (self == WRITER)
		calibrate(team_slot(t, self));
	worker_gate(t, self);
	if (self == WRITER)
		writer(t, fd[1], buf, opt.latency);
	else
		reader(t, fd[0], buf, h);
	worker_end(t, self);
	close(fd[self == WRITER ? 1 : 0]);
	free(buf);
}

/* The figure: both workers' CPU time over the run, from the gate on. */
static void
report(struct team *t)
{
	struct slot *w = team_slot(t, WRITER);
	uint64_t transfers = w->result[RES_TRANSFERS];
	struct interval iv;
	double wall_s, cpu_pct;

	report_run(t, -1, &iv);
	wall_s = iv.wall_s;
	cpu_pct = wall_s > 0 ? (iv.user_s + iv.sys_s) / wall_s * 100 : 0;
	if (!shared_opt.parsable) {
		printf("%.0f%%\n", cpu_pct);
		report_latency(t);
		return;
	}
	kv_begin();
	kv_int("write_kib", opt.write_kib);
	kv_int("think", opt.think);
	if (opt.seconds > 0)
		kv_num("seconds", opt.seconds, 3);
	else
		kv_int("budget_mib", opt.budget_mib);
	kv_int("bytes", (long long)(transfers * run.write_size));
	kv_int("transfers", (long long)transfers);
	kv_int("clamped", opt.seconds > 0 ? transfers == 1 : run.clamped);
	kv_num("wall_s", wall_s, 6);
	kv_num("cpu_pct", cpu_pct, 1);
	kv_num("think_ns", (double)w->result[RES_CAL_NS] /
	    (double)w->result[RES_CAL_UNITS], 4);
	report_tail(t);
	kv_end();
}

int
main(int argc, char *argv[])
{
	struct team *t;
	int fd[2];

	prog_init(argv[0], usage_text);
	parse_args(argc, argv);
	plan();
	sig_setup(shared_opt.limit_s, shared_opt.watch_parent);
	t = team_new(TEAM_PROCS, 2, shared_opt.cpus, shared_opt.ncpus);
	if (opt.latency)
		team_measure_latency(t);
	if (pipe(fd) == -1)
		die(SMPB_EXIT_FAIL, "cannot create the pipe (raise "
		    "'ulimit -n'): pipe:");
	team_spawn(t, WRITER, pipe_worker, fd);
	team_spawn(t, READER, pipe_worker, fd);
	close(fd[0]);			/* EOF and EPIPE must mean the peer */
	close(fd[1]);
	if (opt.seconds > 0)
		team_run_for(t, opt.seconds);
	else
		team_go(t);
	team_wait(t);
	report(t);
	kv_flush();
	team_free(t);
	return SMPB_EXIT_OK;
}
