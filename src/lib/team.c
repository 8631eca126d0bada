/*
 * team.c: a team of N workers, as processes or as threads: their
 * lifecycle, the start gate and the measured interval.
 *
 * Life of a team, as main sees it:
 *
 *	t = team_new(kind, n, cpus, ncpus);
 *	for (k = 0; k < n; k++)
 *		team_spawn(t, k, worker, arg);	each runs to team_gate and waits
 *						(or sleeps: team_gate_asleep)
 *	team_go(t);				all ready: release them at once
 *	  or team_run_for(t, seconds)		the same, for a run of so long:
 *						release, sleep, stop
 *	team_wait(t);				all reported done; reaped
 *	... read the slots, report ...
 *	team_free(t);
 *
 * and as a worker sees it:
 *
 *	set up (close stray fds, allocate, calibrate)
 *	team_gate(t, self);	ready; blocks until go; measured as it leaves
 *	  or team_gate_asleep	ready and measured; sleeps through the gate
 *				in its first wait for work
 *	the loop		nothing of the harness's inside it
 *	team_end(t, self);	the clock and the measure again
 *	tear down (pass EOF on, release the others)
 *
 * The harness calls team_gate and team_end after the worker's function
 * if it did not: a worker that never waits still reports, but its work
 * ran before the gate. A worker calls team_gate; team_end is needed only
 * where teardown follows the loop.
 * Each worker keeps one lifecycle (team.h): spawned, ready, done, reaped;
 * reap.c watches it. The gate is a pipe whose write end main closes: every
 * worker waiting there sees EOF at once (the ready/go pipes of hackbench).
 *
 * Slots and the running flag live in memory shared with forked workers, so
 * the same worker code serves both kinds.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "team.h"

#define THREAD_STACK	(256 * 1024)

/* The calling worker's calls of team_running since its gate. */
static _Thread_local unsigned running_calls;

static void
make_pipe(int fd[2], const char *what)
{
	if (pipe(fd) == -1)
		die(SMPB_EXIT_FAIL, "cannot create the %s pipe (raise "
		    "'ulimit -n'): pipe:", what);
}

static void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (p == NULL)
		die(SMPB_EXIT_FAIL, "out of memory:");
	return p;
}

/* A request the system can never meet fails now, not after a minute. */
static void
check_size(int n)
{
	long limit = cpu_pid_limit();

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
	cpu_warm_up();
}

/*
 * The team, with its placement after it, on pages of its own, which main
 * writes only before its first worker starts, and main's book of it in
 * shared memory (see team.h: each is where it costs no page fault in a
 * worker, and none in main). Neither is on the heap: main has none when
 * it forks (cpu_private_alloc).
 */
static struct team *
team_alloc(int n, const int *cpus, int ncpus)
{
	size_t size = sizeof(struct team) + (size_t)ncpus * sizeof(int);
	struct team *t;

	if ((t = cpu_private_alloc(size)) == NULL)
		die(SMPB_EXIT_FAIL, "out of memory:");
	t->size = size;
	if (ncpus > 0) {
		t->cpus = (int *)(t + 1);
		memcpy(t->cpus, cpus, (size_t)ncpus * sizeof(*cpus));
		t->ncpus = ncpus;
	}
	t->book_size = sizeof(struct book) + (size_t)n * sizeof(struct member);
	if ((t->book = cpu_shared_alloc(t->book_size)) == NULL)
		die(SMPB_EXIT_FAIL, "cannot map %zu KiB for %d workers:",
		    t->book_size / 1024, n);
	return t;
}

/*
 * The memory main shares with forked workers: the control line on a page
 * of its own and the slots in a mapping apart, which main does not touch
 * before the workers. A worker's first read of a shared page maps, with
 * it, its neighbours that are in memory (the kernel's fault-around: 15
 * more where other workers wrote their slots), each a page-table entry
 * to set, and to clear at its exit, and one more process mapping the
 * page for the kernel to visit where it walks a page's mappings. The
 * control page has no neighbours, and a worker's first access to its
 * slot is a write (worker_run), which maps that page alone.
 */
static void
map_shared(struct team *t, int n)
{
	t->slots_size = (size_t)n * sizeof(struct slot);
	t->ctl = cpu_shared_alloc(sizeof(*t->ctl));
	t->slots = cpu_shared_alloc(t->slots_size);
	if (t->ctl == NULL || t->slots == NULL)
		die(SMPB_EXIT_FAIL, "cannot map %zu KiB for %d workers:",
		    t->slots_size / 1024, n);
}

struct team *
team_new(enum team_kind kind, int n, const int *cpus, int ncpus)
{
	struct team *t;

	check_size(n);
	t = team_alloc(n, cpus, cpus != NULL && ncpus > 0 ? ncpus : 0);
	t->kind = kind;
	/* Each worker's two /proc files, held from its gate to its end. */
	t->hold_files = kind == TEAM_PROCS || cpu_fd_room(2 * (long)n);
	t->name = "worker";
	t->n = n;
	t->parent = getpid();
	t->rec_fd[0] = t->rec_fd[1] = t->go_fd[0] = t->go_fd[1] = -1;
	t->live_fd[0] = t->live_fd[1] = -1;
	map_shared(t, n);
	atomic_store(&t->ctl->running, 1);
	if (kind == TEAM_THREADS) {
		t->threads = xcalloc((size_t)n, sizeof(*t->threads));
		t->starts = xcalloc((size_t)n, sizeof(*t->starts));
	}
	reap_register(t);
	make_pipe(t->rec_fd, "record");
	make_pipe(t->go_fd, "gate");
	if (fcntl(t->rec_fd[0], F_SETFL, O_NONBLOCK) == -1)
		die(SMPB_EXIT_FAIL, "fcntl:");
	if (kind == TEAM_PROCS)
		reap_init(t);
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
	if ((t->lat = cpu_shared_alloc(sizeof(*t->lat))) == NULL)
		die(SMPB_EXIT_FAIL, "cannot map the latency histogram:");
}

/*
 * In a worker, before its gate: a histogram of its own, zeroed and
 * faulted in, for its loop to record into; NULL without -l. The harness
 * adds it into the team's at the worker's end.
 */
struct hist *
team_hist(struct team *t, int self)
{
	struct slot *me = &t->slots[self];

	if (t->lat == NULL)
		return NULL;
	if (me->hist == NULL) {
		if ((me->hist = malloc(sizeof(*me->hist))) == NULL)
			team_fail(t, self, "cannot allocate a histogram:");
		hist_clear(me->hist);
	}
	return me->hist;
}

/* A worker's histogram into the team's, after its loop. */
static void
add_latency(struct team *t, struct slot *me)
{
	struct hist *h = me->hist;
	uint64_t max;
	size_t b;

	if (h == NULL)
		return;
	for (b = 0; b < HIST_BUCKETS; b++)
		if (h->count[b] != 0)
			atomic_fetch_add(&t->lat->count[b], h->count[b]);
	atomic_fetch_add(&t->lat->samples, h->samples);
	max = atomic_load(&t->lat->max_ns);
	while (h->max_ns > max &&
	    !atomic_compare_exchange_weak(&t->lat->max_ns, &max, h->max_ns))
		continue;
	free(h);
	me->hist = NULL;
}

/* In main, after team_wait: every worker's latencies; false without -l. */
bool
team_latency(struct team *t, struct hist *sum)
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

static void
send_record(struct team *t, int kind, int self)
{
	int32_t rec = REC_MAKE(kind, self);

	if (write_full(t->rec_fd[1], &rec, sizeof(rec)) == -1 &&
	    t->kind == TEAM_PROCS)
		_exit(SMPB_EXIT_FAIL);	/* main is gone */
}

/*
 * Report ready and block until main opens the gate; then open the
 * worker's interval.
 */
void
team_gate(struct team *t, int self)
{
	struct slot *me = &t->slots[self];
	char byte;
	ssize_t r;

	if (me->gated)
		return;
	/* The first look at a task's /proc files is slow: not at the gate. */
	measure_open(&me->files, t->kind == TEAM_THREADS, t->hold_files);
	send_record(t, REC_READY, self);
	while ((r = read(t->go_fd[0], &byte, 1)) == -1 && errno == EINTR)
		continue;
	if (r != 0)
		team_fail(t, self, "the start gate failed");
	team_restart(t, self);
	me->gated = true;
}

/*
 * Report ready and open the interval, without waiting at the gate: for a
 * worker whose next step is to block until a worker the gate released
 * sends it work (the herd's readers but the first, the ring's relays).
 * Nothing can wake it before the gate opens, so it sleeps through the
 * gate rather than being woken by it only to go back to sleep: N wakes
 * fewer, and the work does not start among N workers leaving the gate.
 * It reports first, so that main, woken by the record, preempts it
 * outside its interval. Its clock has no start (0): the run's wall time
 * runs from the first worker out of the gate (team_wall_ns).
 */
void
team_gate_asleep(struct team *t, int self)
{
	struct slot *me = &t->slots[self];

	if (me->gated)
		return;
	measure_open(&me->files, t->kind == TEAM_THREADS, t->hold_files);
	send_record(t, REC_READY, self);
	team_restart(t, self);
	me->start_ns = 0;
	me->gated = true;
}

/*
 * Open the worker's interval now: its measure, its CPU, the clock. The
 * gate does it; a workload may do it again after a warm-up it does not
 * want measured (the ring's first lap wakes each relay for the first time).
 */
void
team_restart(struct team *t, int self)
{
	struct slot *me = &t->slots[self];

	running_calls = 0;
	measure_begin(&me->at_gate, &me->files, t->kind == TEAM_THREADS);
	me->cpu_start = cpu_current();
	me->start_ns = clock_cold_ns();
}

/* The worker's loop is over: stop its clock and take its measure again. */
void
team_end(struct team *t, int self)
{
	struct slot *me = &t->slots[self];
	struct measure now;

	if (me->ended)
		return;
	me->end_ns = clock_cold_ns();
	me->cpu_end = cpu_current();
	measure_end(&now, &me->files, t->kind == TEAM_THREADS);
	measure_close(&me->files);
	measure_sub(&me->run, &now, &me->at_gate);
	me->ended = true;
}

static void
worker_run(struct start *s)
{
	struct team *t = s->team;
	struct slot *me = &t->slots[s->self];
	int err, cpu;

	/* The worker's first access to its slot: a write (map_shared). */
	me->cpu_start = me->cpu_end = -1;
	me->files.schedstat = me->files.sched = -1;
	if (t->cpus != NULL) {
		cpu = t->cpus[s->self % t->ncpus];
		if ((err = cpu_bind(cpu)) != 0)
			team_fail(t, s->self, "cannot bind to CPU %d: %s", cpu,
			    strerror(err));
	}
	s->fn(t, s->self, s->arg);
	team_gate(t, s->self);	/* a worker that never waited still counts */
	team_end(t, s->self);
	add_latency(t, me);
	send_record(t, REC_DONE, s->self);
}

static void *
thread_main(void *arg)
{
	worker_run(arg);
	return NULL;
}

/* The child keeps its own copy of s, on the stack it was forked with. */
static void
spawn_process(struct team *t, struct start *s)
{
	pid_t pid;

	if ((pid = fork()) == -1)
		die(SMPB_EXIT_FAIL, "cannot start %s %d of %d (raise "
		    "'ulimit -u' or use fewer): fork:", t->name, s->self,
		    t->n);
	if (pid == 0) {
		if (setpgid(0, t->guardian) == -1)
			team_fail(t, s->self, "cannot join the workers' "
			    "process group: setpgid:");
		reap_child_init();
		cpu_die_with_parent(t->parent);
		worker_run(s);
		_exit(SMPB_EXIT_OK);
	}
	t->book->members[s->self].pid = pid;
	t->book->spawned++;	/* before anything can die: reap_kill's */
	reap_adopt(t, s->self);
}

/* A thread's start lives as long as the team. */
static void
spawn_thread(struct team *t, struct start *s)
{
	pthread_attr_t attr;
	sigset_t all, old;
	int err;

	/* Workers block every signal: main alone takes them. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, THREAD_STACK);
	err = pthread_create(&t->threads[s->self], &attr, thread_main, s);
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err != 0) {
		errno = err;
		die(SMPB_EXIT_FAIL, "cannot start thread %d of %d (raise "
		    "'ulimit -u' or 'ulimit -v', or use fewer): "
		    "pthread_create:", s->self, t->n);
	}
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
	if (t->kind == TEAM_PROCS) {
		spawn_process(t, &s);
	} else {
		t->starts[self] = s;
		spawn_thread(t, &t->starts[self]);
		t->book->spawned++;
	}
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
	reap_close(&t->go_fd[1]);
}

/*
 * team_go for a run of so many seconds from the gate, then a sleep and
 * team_stop. The end is also a deadline the workers keep by themselves:
 * team_running looks at the clock (rarely) and turns false past it,
 * so the run ends on time even when main is not given a CPU then. Among
 * 8192 yielding threads main, woken at the end of its sleep, waited up
 * to 2.7 s for one here: a run of 1 s took 1.6 to 3.7 s (README).
 */
void
team_run_for(struct team *t, double seconds)
{
	uint64_t end;

	wait_ready(t);
	end = clock_now_ns() + (uint64_t)(seconds * 1e9);
	atomic_store(&t->ctl->deadline_ns, end);
	reap_close(&t->go_fd[1]);
	sleep_until(t, end);
	team_stop(t);
}

/*
 * Whether the run goes on: false once main stopped it, or past
 * team_run_for's deadline, which team_running compares with the clock at
 * a worker's first call after its gate and then once every
 * TEAM_CLOCK_EVERY calls (each thread or process counts its own), by a
 * system call (clock_cold_ns: a first read through the vDSO would fault
 * a page in inside the interval): a clock read in a workload's loop, but
 * not one a pass. A worker that first gets a CPU after the deadline stops
 * at once. team_running_spaced reads the clock at every call, for a
 * caller whose calls are already far apart (the ring's master).
 */
#define TEAM_CLOCK_EVERY	256

static bool
running_by_clock(struct team *t)
{
	uint64_t end;

	end = atomic_load_explicit(&t->ctl->deadline_ns, memory_order_relaxed);
	if (end == 0 || clock_cold_ns() < end)
		return true;
	atomic_store_explicit(&t->ctl->running, 0, memory_order_relaxed);
	return false;
}

bool
team_running(struct team *t)
{
	if (!atomic_load_explicit(&t->ctl->running, memory_order_relaxed))
		return false;
	if (running_calls++ % TEAM_CLOCK_EVERY != 0)
		return true;
	return running_by_clock(t);
}

bool
team_running_spaced(struct team *t)
{
	if (!atomic_load_explicit(&t->ctl->running, memory_order_relaxed))
		return false;
	return running_by_clock(t);
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
	reap_kill(t);	/* only the guardian is left */
	reap_unregister(t);
	reap_close(&t->rec_fd[0]);
	reap_close(&t->rec_fd[1]);
	reap_close(&t->go_fd[0]);
	reap_close(&t->go_fd[1]);
	reap_close(&t->live_fd[1]);
	if (t->kind == TEAM_PROCS)
		reap_fini(t);
	cpu_mapped_free(t->ctl, sizeof(*t->ctl));
	cpu_mapped_free(t->slots, t->slots_size);
	cpu_mapped_free(t->lat, sizeof(*t->lat));
	free(t->threads);
	free(t->starts);
	cpu_mapped_free(t->book, t->book_size);
	cpu_mapped_free(t, t->size);
}

struct slot *
team_slot(struct team *t, int self)
{
	return &t->slots[self];
}

int
team_size(struct team *t)
{
	return t->n;
}

/*
 * A worker's failure: say which worker and what, tell main, and end the
 * worker (main then cleans up and exits 1).
 */
_Noreturn void
team_fail(struct team *t, int self, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	int saved = errno;
	size_t len = strlen(fmt);

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (len > 0 && fmt[len - 1] == ':')
		fprintf(stderr, "%s: %s %d: %s %s\n", prog_name, t->name, self,
		    msg, strerror(saved));
	else
		fprintf(stderr, "%s: %s %d: %s\n", prog_name, t->name, self,
		    msg);
	send_record(t, REC_FAILED, self);
	if (t->kind == TEAM_PROCS)
		_exit(SMPB_EXIT_FAIL);
	pthread_exit(NULL);
}

/* read() until len bytes or EOF; returns bytes read, or -1 on error. */
ssize_t
read_full(int fd, void *buf, size_t len)
{
	size_t got = 0;
	ssize_t r;

	while (got < len) {
		r = read(fd, (char *)buf + got, len - got);
		if (r == 0)
			break;
		if (r == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		got += (size_t)r;
	}
	return (ssize_t)got;
}

/* write() all len bytes; returns 0, or -1 on error (EPIPE included). */
int
write_full(int fd, const void *buf, size_t len)
{
	size_t put = 0;
	ssize_t r;

	while (put < len) {
		r = write(fd, (const char *)buf + put, len - put);
		if (r == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		put += (size_t)r;
	}
	return 0;
}
