/*
 * team.c: a team of N workers, as processes or as threads, as main sees
 * it: made, spawned, released through the start gate, stopped, waited
 * for and freed. The worker's side is worker.c's; main's watch over the
 * workers is reap.c's, and killing them on the way out guard.c's.
 *
 *	t = team_new(kind, n, cpus, ncpus);
 *	for (k = 0; k < n; k++)
 *		team_spawn(t, k, worker, arg);	each runs to worker_gate and
 *						waits (or sleeps:
 *						worker_gate_asleep)
 *	team_go(t);				all ready: release them at once
 *	  or team_run_for(t, seconds)		the same, for a run of so long:
 *						release, sleep, stop
 *	team_wait(t);				all reported done; reaped
 *	... read the slots, report ...
 *	team_free(t);
 *
 * Seats and the running flag live in memory shared with forked workers,
 * so the same worker code serves both kinds.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

static void
make_pipe(int fd[2], const char *what)
{
	if (pipe(fd) == -1)
		die(SMPB_EXIT_FAIL, "cannot create the %s pipe (raise "
		    "'ulimit -n'): pipe:", what);
}

/*
 * Memory main keeps for the team: mapped (mem.c), not on the heap, like
 * the team itself; nor is it a leak to a leak checker when main ends
 * early with the team alive (die).
 */
static void *
map_private(size_t size)
{
	void *p = mem_private(size);

	if (p == NULL)
		die(SMPB_EXIT_FAIL, "out of memory:");
	return p;
}

/* A request the system can never meet fails now, not after a minute. */
static void
check_size(int n)
{
	long limit = sys_pid_limit();

	if (limit > 0 && (long)n + 2 > limit)
		die(SMPB_EXIT_FAIL, "cannot start %d workers: the system has "
		    "at most %ld processes and threads (kernel.pid_max); use "
		    "fewer", n, limit);
}

/*
 * Main calls once what every worker calls (a measure, the clock, a write
 * of nothing on the record pipe, the platform's calls), so that the
 * dynamic linker has bound them all before any fork: N workers then do
 * not each bind them again, copying the pages it writes.
 */
static void
warm_up(struct team *t)
{
	struct sched_files f;
	struct measure m;

	measure_open(&f, t->kind == TEAM_THREADS, t->hold_files);
	measure_begin(&m, &f, t->kind == TEAM_THREADS);
	measure_close(&f);
	(void)clock_cold_ns();
	(void)write(t->rec_fd[1], "", 0);
	sys_warm_up();
}

/*
 * The team, with its placement after it, on pages of its own, which main
 * writes only before its first worker starts, and main's book of it in
 * shared memory (see harness.h: each is where it costs no page fault in a
 * worker, and none in main). Neither is on the heap: main has none when
 * it forks (mem.c).
 */
static struct team *
team_alloc(int n, const int *cpus, int ncpus)
{
	size_t size = sizeof(struct team) + (size_t)ncpus * sizeof(int);
	struct team *t;

	if ((t = mem_private(size)) == NULL)
		die(SMPB_EXIT_FAIL, "out of memory:");
	t->size = size;
	if (ncpus > 0) {
		t->cpus = (int *)(t + 1);
		memcpy(t->cpus, cpus, (size_t)ncpus * sizeof(*cpus));
		t->ncpus = ncpus;
	}
	t->book_size = sizeof(struct book) + (size_t)n * sizeof(struct member);
	if ((t->book = mem_shared(t->book_size)) == NULL)
		die(SMPB_EXIT_FAIL, "cannot map %zu KiB for %d workers:",
		    t->book_size / 1024, n);
	return t;
}

/*
 * The memory main shares with forked workers: the control line on a page
 * of its own and the seats in a mapping apart, which main does not touch
 * before the workers. A worker's first read of a shared page maps, with
 * it, its neighbours that are in memory (the kernel's fault-around: 15
 * more where other workers wrote their seats), each a page-table entry
 * to set, and to clear at its exit, and one more process mapping the
 * page for the kernel to visit where it walks a page's mappings. The
 * control page has no neighbours, and a worker's first access to its
 * seat is a write (spawn.c), which maps that page alone.
 */
static void
map_shared(struct team *t, int n)
{
	t->seats_size = (size_t)n * sizeof(struct seat);
	t->ctl = mem_shared(sizeof(*t->ctl));
	t->seats = mem_shared(t->seats_size);
	if (t->ctl == NULL || t->seats == NULL)
		die(SMPB_EXIT_FAIL, "cannot map %zu KiB for %d workers:",
		    t->seats_size / 1024, n);
}

struct team *
team_new(enum team_kind kind, int n, const int *cpus, int ncpus)
{
	struct team *t;

	check_size(n);
	t = team_alloc(n, cpus, cpus != NULL && ncpus > 0 ? ncpus : 0);
	t->kind = kind;
	/* Each worker's two /proc files, held from its gate to its end. */
	t->hold_files = kind == TEAM_PROCS || sys_fd_room(2 * (long)n);
	t->name = "worker";
	t->n = n;
	t->parent = getpid();
	t->rec_fd[0] = t->rec_fd[1] = t->go_fd[0] = t->go_fd[1] = -1;
	t->live_fd[0] = t->live_fd[1] = -1;
	map_shared(t, n);
	atomic_store(&t->ctl->running, 1);
	if (kind == TEAM_THREADS) {
		t->threads = map_private((size_t)n * sizeof(*t->threads));
		t->starts = map_private((size_t)n * sizeof(*t->starts));
	}
	guard_register(t);
	make_pipe(t->rec_fd, "record");
	make_pipe(t->go_fd, "gate");
	if (fcntl(t->rec_fd[0], F_SETFL, O_NONBLOCK) == -1)
		die(SMPB_EXIT_FAIL, "fcntl:");
	if (kind == TEAM_PROCS)
		guard_start(t);
	warm_up(t);
	return t;
}

/* What the team's members are called in messages: "worker", "hog". */
void
team_name(struct team *t, const char *name)
{
	t->name = name;
}

/* -l, in main before any worker starts: the workers record latencies. */
void
team_measure_latency(struct team *t)
{
	if (t->lat != NULL)
		return;
	if ((t->lat = mem_shared(sizeof(*t->lat))) == NULL)
		die(SMPB_EXIT_FAIL, "cannot map the latency histogram:");
}

/*
 * Start worker self running fn(t, self, arg). A long start is watched
 * as it goes: a signal, a failed worker or a dead one ends it at once.
 */
void
team_spawn(struct team *t, int self, worker_fn *fn, void *arg)
{
	struct start s = { .team = t, .self = self, .fn = fn, .arg = arg };

	/* Records are read every 64 workers: each read writes pages. */
	if (self % 64 == 0)
		reap_check(t);
	else
		sig_check();
	t->book->members[self].state = W_SPAWNED;
	spawn_worker(t, &s);
}

/* Sleep until end_ns (clock_now_ns), watching the workers. */
static void
sleep_until(struct team *t, uint64_t end_ns)
{
	uint64_t now, left_ms;

	while ((now = clock_now_ns()) < end_ns) {
		left_ms = (end_ns - now + 999999) / 1000000;
		reap_watch(t, left_ms < 1000 ? (int)left_ms : 1000);
	}
}

/*
 * Sleep while the workers run, watching them: a worker that fails or dies
 * ends the run now, not when the sleep is over.
 */
void
team_sleep(struct team *t, double seconds)
{
	sleep_until(t, clock_now_ns() + (uint64_t)(seconds * 1e9));
}

/* Wait until every worker is ready (at the gate, or asleep). */
static void
wait_ready(struct team *t)
{
	while (t->book->nready < t->n)
		reap_watch(t, 1000);
}

/*
 * Wait until every worker is ready, then release together those waiting
 * at the gate (sleepers wait for their work instead).
 */
void
team_go(struct team *t)
{
	wait_ready(t);
	io_close(&t->go_fd[1]);
}

/*
 * team_go for a run of so many seconds, then a sleep and team_stop. The
 * seconds count from the first worker out of the gate (worker.c sets the
 * deadline then), so that the run's wall time, which starts there too
 * (report.c), is never shorter than asked, however late a loaded machine
 * gives the workers a CPU. The end is also a deadline the workers keep by
 * themselves: worker_running looks at the clock (rarely) and turns false
 * past it, so the run ends on time even when main is not given a CPU
 * then. Among 8192 yielding threads main, woken at the end of its sleep,
 * waited up to 2.7 s for one here: a run of 1 s took 1.6 to 3.7 s
 * (README).
 */
void
team_run_for(struct team *t, double seconds)
{
	uint64_t end;

	wait_ready(t);
	atomic_store(&t->ctl->run_for_ns, (uint64_t)(seconds * 1e9));
	io_close(&t->go_fd[1]);
	/* Until a worker is out of the gate (a team of workers that all
	 * sleep through it, worker_gate_asleep, cannot be run for a time),
	 * and then until its deadline, which a worker starting its
	 * interval again may move later. */
	while ((end = atomic_load(&t->ctl->deadline_ns)) == 0 ||
	    clock_now_ns() < end) {
		if (end == 0)
			reap_watch(t, 10);
		else
			sleep_until(t, end);
	}
	team_stop(t);
}

void
team_stop(struct team *t)
{
	atomic_store(&t->ctl->running, 0);
}

/* Wait for every worker's DONE record, then reap or join them all. */
void
team_wait(struct team *t)
{
	while (t->book->ndone < t->n)
		reap_watch(t, 1000);
	reap_all(t);
}

/* After team_wait: release the guardian, the pipes and the memory. */
void
team_free(struct team *t)
{
	guard_kill(t);	/* only the guardian is left */
	guard_unregister(t);
	io_close(&t->rec_fd[0]);
	io_close(&t->rec_fd[1]);
	io_close(&t->go_fd[0]);
	io_close(&t->go_fd[1]);
	io_close(&t->live_fd[1]);
	if (t->kind == TEAM_PROCS)
		reap_fini(t);
	mem_free(t->ctl, sizeof(*t->ctl));
	mem_free(t->seats, t->seats_size);
	mem_free(t->lat, sizeof(*t->lat));
	mem_free(t->threads, (size_t)t->n * sizeof(*t->threads));
	mem_free(t->starts, (size_t)t->n * sizeof(*t->starts));
	mem_free(t->book, t->book_size);
	mem_free(t, t->size);
}

struct slot *
team_slot(struct team *t, int self)
{
	return &t->seats[self].slot;
}

int
team_size(struct team *t)
{
	return t->n;
}
