/*
 * reap.c: main's watch over its workers: their records, their deaths,
 * and reaping them. Killing them on the way out is guard.c's.
 *
 * Main's every wait goes through reap_watch: poll the record pipe for up
 * to a second, act on a recorded signal, read every record waiting, and
 * reap what has exited. A worker reaped before its DONE record is a death,
 * whatever phase it was in (spawned, ready, running), and ends the run at
 * once. Workers are found by pid (pidmap.c), so reaping N workers costs
 * O(N). While they run, the workers that said DONE are reaped by pid, in
 * the order they said it, and then waitpid is asked for any member of the
 * team's group (a death, or an exit out of turn); once all are done, each
 * is reaped by its pid. (On Linux a wait for one pid looks at that child
 * alone; a wait for any member walks every child.)
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

/*
 * The workers in the order their DONE records came, which is nearly the
 * order they exit in: reap_exited reaps them from here first, by pid
 * (where the kernel looks at that one child: Linux). Only then does it
 * ask for any member of the group, a walk of every child, to find what
 * is left: a death, or a worker that exited out of turn. Asked first,
 * the walk would pass every live child for each exit, O(N^2) in a herd
 * whose workers exit in no order.
 */
static void
queue_done(struct team *t, int self)
{
	struct book *b = t->book;

	if (t->kind != TEAM_PROCS)
		return;
	if (b->done_queue == NULL &&
	    (b->done_queue = mem_shared((size_t)t->n * sizeof(int))) == NULL)
		die(SMPB_EXIT_FAIL, "out of memory:");
	b->done_queue[b->ndone] = self;
}

static void
take_record(struct team *t, int32_t rec)
{
	struct book *b = t->book;
	int self = REC_SELF(rec);

	if (self >= t->n)
		die(SMPB_EXIT_FAIL, "a corrupt report from the workers (%ld)",
		    (long)rec);
	switch (REC_KIND(rec)) {
	case REC_READY:
		if (b->members[self].state == W_SPAWNED) {
			b->members[self].state = W_READY;
			b->nready++;
		}
		break;
	case REC_DONE:
		if (b->members[self].state < W_DONE) {
			if (b->members[self].state == W_SPAWNED)
				b->nready++;
			b->members[self].state = W_DONE;
			queue_done(t, self);
			b->ndone++;
		}
		break;
	case REC_FAILED:
		die(SMPB_EXIT_FAIL, NULL);	/* the worker said why */
	case REC_LOST:
		if (b->members[self].state < W_LOST) {
			if (b->members[self].state == W_SPAWNED)
				b->nready++;
			b->members[self].state = W_LOST;
		}
		b->lost = true;
		break;
	default:
		die(SMPB_EXIT_FAIL, "a corrupt report from the workers (%ld)",
		    (long)rec);
	}
}

/* Read every record waiting on the (non-blocking) record pipe. */
void
reap_drain(struct team *t)
{
	struct pollfd pfd = { .fd = t->rec_fd[0], .events = POLLIN };
	int32_t rec[64];
	ssize_t r;
	size_t i;

	if (poll(&pfd, 1, 0) == 0)
		return;		/* nothing to read: no read, no errno */
	while ((r = read(t->rec_fd[0], rec, sizeof(rec))) > 0)
		for (i = 0; i < (size_t)r / sizeof(rec[0]); i++)
			take_record(t, rec[i]);
	if (r == -1 && errno != EAGAIN && errno != EINTR)
		die(SMPB_EXIT_FAIL, "reading the workers' reports:");
}

/*
 * pid has exited with status st: it must have said DONE first. Its
 * records were written before it exited, so they are read before judging.
 */
static void
judge(struct team *t, pid_t pid, int st)
{
	struct book *b = t->book;
	int k = pidmap_get(t, pid);

	if (pid == t->guardian)		/* the group lives on: kill it */
		die(SMPB_EXIT_FAIL, "the guardian process died");
	if (k < 0)
		return;			/* not one of ours */
	reap_drain(t);
	if (b->members[k].state != W_DONE && b->members[k].state != W_LOST) {
		b->members[k].state = W_REAPED;
		b->nreaped++;
		if (WIFSIGNALED(st))
			die(SMPB_EXIT_FAIL, "%s %d of %d was killed by "
			    "signal %d", t->name, k, t->n, WTERMSIG(st));
		die(SMPB_EXIT_FAIL, "%s %d of %d exited early, status %d",
		    t->name, k, t->n, WEXITSTATUS(st));
	}
	b->members[k].state = W_REAPED;
	b->nreaped++;
}

/*
 * Reap the workers done that have exited, by pid, looking at most
 * REAP_WINDOW of them past the first not reaped yet: one that is slow to
 * exit (a busy machine) does not leave those after it to the walk.
 */
#define REAP_WINDOW	1024

static void
reap_done_in_turn(struct team *t)
{
	struct book *b = t->book;
	int i, k, st, end = b->done_next + REAP_WINDOW;
	pid_t pid;

	for (i = b->done_next; i < b->ndone && i < end; i++) {
		k = b->done_queue[i];
		if (b->members[k].state == W_REAPED)
			continue;
		while ((pid = waitpid(b->members[k].pid, &st, WNOHANG)) == -1 &&
		    errno == EINTR)
			continue;
		if (pid > 0)
			judge(t, pid, st);
	}
	while (b->done_next < b->ndone &&
	    b->members[b->done_queue[b->done_next]].state == W_REAPED)
		b->done_next++;
}

/*
 * A worker that dies between its fork and its setpgid is not in the
 * guardian's group, where waitpid looks: when a look at the group found
 * nothing, the workers that have not said READY (one that did had
 * joined the group first) are looked at by their pids. There are such
 * workers only while the team starts.
 */
static void
reap_strays(struct team *t)
{
	struct book *b = t->book;
	pid_t pid;
	int k, st;

	for (k = 0; k < b->spawned && b->nready < b->spawned; k++) {
		if (b->members[k].state != W_SPAWNED || b->members[k].pid <= 0)
			continue;
		while ((pid = waitpid(b->members[k].pid, &st, WNOHANG)) == -1 &&
		    errno == EINTR)
			continue;
		if (pid > 0)
			judge(t, pid, st);
	}
}

/* Reap the team's workers that have exited, without waiting. */
static void
reap_exited(struct team *t)
{
	int before = t->book->nreaped;
	pid_t pid;
	int st;

	if (t->kind != TEAM_PROCS || t->guardian <= 0)
		return;
	reap_done_in_turn(t);
	while ((pid = waitpid(-t->guardian, &st, WNOHANG)) > 0)
		judge(t, pid, st);
	if (t->book->nreaped == before)
		reap_strays(t);
}

/*
 * After a SIGCHLD, or when a wait timed out: reap what has exited, in
 * every team (a hog's death is noticed while main watches the workers).
 * A waitpid that finds nothing walks every child, so after a SIGCHLD it
 * runs at most every REAP_GAP_NS: a cascade of exits costs a few walks,
 * not one per exit, and a death is still acted on within a second.
 */
#define REAP_GAP_NS	100000000u

/* Main's only: a SIGCHLD not acted on yet; when the last reap ran. */
static bool child_pending;
static uint64_t last_reap_ns;

static void
reap_if_due(bool timed_out)
{
	uint64_t now;
	int i;

	if (sig_child_event())
		child_pending = true;
	if (!child_pending && !timed_out)
		return;
	now = clock_now_ns();
	if (!timed_out && now - last_reap_ns < REAP_GAP_NS)
		return;
	child_pending = false;
	last_reap_ns = now;
	for (i = 0; i < MAX_TEAMS; i++)
		if (guard_team(i) != NULL)
			reap_exited(guard_team(i));
}

/*
 * A worker lost a peer (worker_lost): EOF or EPIPE where a worker should
 * be. The death behind it is what to name, not the worker that saw it,
 * and the dead worker's pipes close as it exits, before the kernel makes
 * it a zombie (a moment later; seconds on a machine loaded enough): main
 * waits for it, LOST_WAIT_NS at most, reaping what exits, and judge
 * names the first death it finds. Where none comes (a thread cannot die
 * alone), the first lost worker's own message is printed.
 */
#define LOST_WAIT_NS	(10 * (uint64_t)1000000000)

static void
blame(struct team *t)
{
	struct pollfd pfd = { .fd = t->rec_fd[0], .events = POLLIN };
	uint64_t end = clock_now_ns() + LOST_WAIT_NS;

	while (t->kind == TEAM_PROCS && clock_now_ns() < end) {
		reap_if_due(true);
		if (poll(&pfd, 1, 10) == -1 && errno != EINTR)
			die(SMPB_EXIT_FAIL, "poll:");
		sig_check();
		reap_drain(t);
	}
	die(SMPB_EXIT_FAIL, "%s", t->ctl->lost_msg);
}

/*
 * Without waiting: act on signals, records and deaths. A LOST record is
 * acted on last, once the deaths already there are judged.
 */
void
reap_check(struct team *t)
{
	sig_check();
	reap_drain(t);
	reap_if_due(false);
	if (t->book->lost)
		blame(t);
}

/*
 * Wait up to timeout_ms for records, then act on signals, records and
 * dead workers. Main's every wait goes through here.
 */
void
reap_watch(struct team *t, int timeout_ms)
{
	struct pollfd pfd = { .fd = t->rec_fd[0], .events = POLLIN };
	int r;

	if (child_pending && timeout_ms > (int)(REAP_GAP_NS / 1000000))
		timeout_ms = REAP_GAP_NS / 1000000;
	if ((r = poll(&pfd, 1, timeout_ms)) == -1 && errno != EINTR)
		die(SMPB_EXIT_FAIL, "poll:");
	sig_check();
	reap_drain(t);
	reap_if_due(r == 0 && timeout_ms > 0);
	if (t->book->lost)
		blame(t);
}

/* Every worker has said DONE: reap (or join) them all. */
void
reap_all(struct team *t)
{
	struct book *b = t->book;
	pid_t pid;
	int k, st;

	if (t->kind == TEAM_THREADS) {
		for (k = 0; k < b->spawned; k++)
			if (b->members[k].state != W_REAPED) {
				pthread_join(t->threads[k], NULL);
				b->members[k].state = W_REAPED;
				b->nreaped++;
			}
		return;
	}
	/*
	 * Each worker by its pid: Linux looks at that one child, where a
	 * wait for any member of the group walks every child still alive
	 * (O(N) a wait, O(N^2) a team that exits out of order).
	 */
	for (k = 0; k < b->spawned; k++) {
		while (b->members[k].state != W_REAPED) {
			if ((pid = waitpid(b->members[k].pid, &st, 0)) > 0) {
				judge(t, pid, st);
				continue;
			}
			if (errno == EINTR) {
				sig_check();
				continue;
			}
			die(SMPB_EXIT_FAIL, "waiting for %s %d of %d: waitpid:",
			    t->name, k, t->n);
		}
	}
}

/* After team_wait, or on the way out: what the watch allocated. */
void
reap_fini(struct team *t)
{
	struct book *b = t->book;

	pidmap_free(t);
	mem_free(b->done_queue, (size_t)t->n * sizeof(int));
	b->done_queue = NULL;
}
