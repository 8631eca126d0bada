/*
 * worker.c: a team's worker, from its start (worker_start: a process of
 * its own, or a thread) to its DONE record, and its life as it sees it:
 *
 *	set up (close stray fds, allocate, calibrate)
 *	worker_gate(t, self);	ready; blocks until go; measured as it leaves
 *	  or worker_gate_asleep	ready and measured; sleeps through the gate
 *				in its first wait for work
 *	the loop		nothing of the harness's inside it but
 *				worker_running, a look at a flag
 *	worker_end(t, self);	the clock and the measure again
 *	tear down (pass EOF on, release the others)
 *
 * worker_main runs the workload's function, then worker_gate and
 * worker_end if it did not: a worker that never waits still reports, but
 * its work ran before the gate. A worker calls worker_gate; worker_end
 * is needed only where teardown follows the loop. Each worker says READY
 * and DONE (or FAILED) on the team's record pipe, and main (reap.c) keeps
 * its lifecycle. The gate is a pipe whose write end main closes: every
 * worker waiting there sees EOF at once (the ready/go pipes of
 * hackbench).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#define THREAD_STACK	(256 * 1024)

/* The calling worker's calls of worker_running since its gate. */
static _Thread_local unsigned running_calls;

static void
send_record(struct team *t, int kind, int self)
{
	int32_t rec = REC_MAKE(kind, self);

	if (write_full(t->rec_fd[1], &rec, sizeof(rec)) == -1 &&
	    t->kind == TEAM_PROCS)
		_exit(SMPB_EXIT_FAIL);	/* main is gone */
}

/*
 * Open the worker's interval now: its measure, its CPU, the clock. The
 * gate does it; a workload may do it again after a warm-up it does not
 * want measured (the ring's first lap wakes each relay for the first time).
 */
void
worker_restart(struct team *t, int self)
{
	struct seat *me = &t->seats[self];

	running_calls = 0;
	measure_begin(&me->at_gate, &me->files, t->kind == TEAM_THREADS);
	me->cpu_start = sys_current_cpu();
	me->start_ns = clock_cold_ns();
}

/*
 * Report ready and block until main opens the gate; then open the
 * worker's interval.
 */
void
worker_gate(struct team *t, int self)
{
	struct seat *me = &t->seats[self];
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
		worker_fail(t, self, "the start gate failed");
	worker_restart(t, self);
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
 * runs from the first worker out of the gate (report.c).
 */
void
worker_gate_asleep(struct team *t, int self)
{
	struct seat *me = &t->seats[self];

	if (me->gated)
		return;
	measure_open(&me->files, t->kind == TEAM_THREADS, t->hold_files);
	send_record(t, REC_READY, self);
	worker_restart(t, self);
	me->start_ns = 0;
	me->gated = true;
}

/* The worker's loop is over: stop its clock and take its measure again. */
void
worker_end(struct team *t, int self)
{
	struct seat *me = &t->seats[self];
	struct measure now;

	if (me->ended)
		return;
	me->end_ns = clock_cold_ns();
	me->cpu_end = sys_current_cpu();
	measure_end(&now, &me->files, t->kind == TEAM_THREADS);
	measure_close(&me->files);
	measure_sub(&me->run, &now, &me->at_gate);
	me->ended = true;
}

/*
 * Whether the run goes on: false once main stopped it, or past
 * team_run_for's deadline, which worker_running compares with the clock
 * at a worker's first call after its gate and then once every
 * CLOCK_EVERY calls (each thread or process counts its own), by a
 * system call (clock_cold_ns: a first read through the vDSO would fault
 * a page in inside the interval): a clock read in a workload's loop, but
 * not one a pass. A worker that first gets a CPU after the deadline stops
 * at once. worker_running_spaced reads the clock at every call, for a
 * caller whose calls are already far apart (the ring's master).
 */
#define CLOCK_EVERY	256

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
worker_running(struct team *t)
{
	if (!atomic_load_explicit(&t->ctl->running, memory_order_relaxed))
		return false;
	if (running_calls++ % CLOCK_EVERY != 0)
		return true;
	return running_by_clock(t);
}

bool
worker_running_spaced(struct team *t)
{
	if (!atomic_load_explicit(&t->ctl->running, memory_order_relaxed))
		return false;
	return running_by_clock(t);
}

/*
 * Before its gate: a histogram of the worker's own, zeroed and faulted
 * in, for its loop to record into; NULL without -l. It is added into the
 * team's at the worker's end.
 */
struct hist *
worker_hist(struct team *t, int self)
{
	struct seat *me = &t->seats[self];

	if (t->lat == NULL)
		return NULL;
	if (me->hist == NULL) {
		if ((me->hist = malloc(sizeof(*me->hist))) == NULL)
			worker_fail(t, self, "cannot allocate a histogram:");
		hist_clear(me->hist);
	}
	return me->hist;
}

/* A worker's histogram into the team's, after its loop. */
static void
add_latency(struct team *t, struct seat *me)
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

/*
 * A worker's life, in its process or thread, from its start
 * (worker_start) to its DONE record.
 */
static void
worker_main(struct start *s)
{
	struct team *t = s->team;
	struct seat *me = &t->seats[s->self];
	int err, cpu;

	/* Its first access to its seat: a write (team.c, map_shared). */
	me->cpu_start = me->cpu_end = -1;
	me->files.schedstat = me->files.sched = -1;
	if (t->cpus != NULL) {
		cpu = t->cpus[s->self % t->ncpus];
		if ((err = sys_bind(cpu)) != 0)
			worker_fail(t, s->self, "cannot bind to CPU %d: %s",
			    cpu, strerror(err));
	}
	s->fn(t, s->self, s->arg);
	worker_gate(t, s->self);	/* a worker that never waited counts */
	worker_end(t, s->self);
	add_latency(t, me);
	send_record(t, REC_DONE, s->self);
}

static void *
thread_main(void *arg)
{
	worker_main(arg);
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
			worker_fail(t, s->self, "cannot join the workers' "
			    "process group: setpgid:");
		guard_child_init();
		sys_die_with_parent(t->parent);
		worker_main(s);
		_exit(SMPB_EXIT_OK);
	}
	t->book->members[s->self].pid = pid;
	t->book->spawned++;	/* before anything can die: guard_kill's */
	guard_adopt(t, s->self);
}

/* A thread's start lives as long as the team, in t->starts. */
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
 * Start worker s->self, in a process of its own or a thread, running its
 * life (worker_main) from there.
 */
void
worker_start(struct team *t, struct start *s)
{
	if (t->kind == TEAM_PROCS) {
		spawn_process(t, s);
	} else {
		t->starts[s->self] = *s;
		spawn_thread(t, &t->starts[s->self]);
		t->book->spawned++;
	}
}

/*
 * A worker's failure: say which worker and what, tell main, and end the
 * worker (main then cleans up and exits 1).
 */
_Noreturn void
worker_fail(struct team *t, int self, const char *fmt, ...)
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
