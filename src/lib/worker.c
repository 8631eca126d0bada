/*
 * worker.c: a team's worker, as it sees its life (spawn.c starts it):
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
 * After the workload's function, worker_done passes worker_gate and
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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

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
 * A run of so long (team_run_for): its deadline, so long after the start
 * of the first worker out of the gate, which sets it; a worker whose
 * interval starts again later (again: after a warm-up it leaves out)
 * moves it so long after that start, so that the run's wall time is
 * never shorter than asked.
 */
static void
claim_deadline(struct team *t, uint64_t start_ns, bool again)
{
	uint64_t len, end, cur = 0;

	len = atomic_load_explicit(&t->ctl->run_for_ns, memory_order_relaxed);
	if (len == 0)
		return;
	end = start_ns + len;
	if (!again) {
		atomic_compare_exchange_strong(&t->ctl->deadline_ns, &cur, end);
		return;
	}
	cur = atomic_load(&t->ctl->deadline_ns);
	while (cur < end &&
	    !atomic_compare_exchange_weak(&t->ctl->deadline_ns, &cur, end))
		continue;
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
	if (me->gated)
		claim_deadline(t, me->start_ns, true);
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
	claim_deadline(t, me->start_ns, false);
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
 * After the workload's function: the gate and the end if it did not
 * pass them (a worker that never waited counts, its work before the
 * gate), its latencies into the team's, and its DONE record.
 */
void
worker_done(struct team *t, int self)
{
	worker_gate(t, self);
	worker_end(t, self);
	add_latency(t, &t->seats[self]);
	send_record(t, REC_DONE, self);
}

/* "worker 3: what failed[: errno text]", into buf. */
static void
fail_text(char *buf, size_t size, struct team *t, int self, int err,
    const char *fmt, va_list ap)
{
	char msg[200];
	size_t len = strlen(fmt);

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (len > 0 && fmt[len - 1] == ':')
		snprintf(buf, size, "%s %d: %s %s", t->name, self, msg,
		    strerror(err));
	else
		snprintf(buf, size, "%s %d: %s", t->name, self, msg);
}

static _Noreturn void
end_worker(struct team *t, int kind, int self)
{
	send_record(t, kind, self);
	if (t->kind == TEAM_PROCS)
		_exit(SMPB_EXIT_FAIL);
	pthread_exit(NULL);
}

/*
 * A worker's failure: say which worker and what, tell main, and end the
 * worker (main then cleans up and exits 1).
 */
_Noreturn void
worker_fail(struct team *t, int self, const char *fmt, ...)
{
	char text[sizeof(t->ctl->lost_msg)];
	int saved = errno;
	va_list ap;

	va_start(ap, fmt);
	fail_text(text, sizeof(text), t, self, saved, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: %s\n", prog_name, text);
	end_worker(t, REC_FAILED, self);
}

/*
 * A failure that another worker's end explains (the ring broken by a
 * worker killed, a reader gone): the worker that saw it does not say it,
 * as it knows neither who ended nor how. Main looks for the death first
 * and names it (reap.c); the first such worker's message, kept in the
 * control page, is printed only where no death is found.
 */
_Noreturn void
worker_lost(struct team *t, int self, const char *fmt, ...)
{
	int saved = errno;
	va_list ap;

	if (atomic_exchange(&t->ctl->lost_claimed, 1) == 0) {
		va_start(ap, fmt);
		fail_text(t->ctl->lost_msg, sizeof(t->ctl->lost_msg), t, self,
		    saved, fmt, ap);
		va_end(ap);
	}
	end_worker(t, REC_LOST, self);
}
