/*
 * reap.c: the guardian, and main's watch over its workers: their records,
 * their deaths, and killing and reaping them on every way out.
 *
 * Process workers form a process group led by a guardian process that
 * holds the read end of a liveness pipe whose only writer is main. If main
 * is killed outright (SIGKILL, where no cleanup runs), the guardian sees
 * EOF and kills the whole group; on Linux every worker also has
 * PR_SET_PDEATHSIG. Any other exit of main goes through die() and the
 * hook here, which kills and reaps every worker of every team.
 *
 * Main's every wait goes through reap_watch: poll the record pipe for up
 * to a second, act on a recorded signal, read every record waiting, and
 * reap what has exited. A worker reaped before its DONE record is a death,
 * whatever phase it was in (spawned, ready, running), and ends the run at
 * once. Workers are found by pid in a hash map, so reaping N workers costs
 * O(N). While they run, the workers that said DONE are reaped by pid, in
 * the order they said it, and then waitpid is asked for any member of the
 * team's group (a death, or an exit out of turn); once all are done, each
 * is reaped by its pid. (On Linux a wait for one pid looks at that child
 * alone; a wait for any member walks every child.)
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "team.h"

/* Teams alive in main, for the cleanup hook. Written by main only. */
static struct team *teams[MAX_TEAMS];

void
reap_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* pid map ---------------------------------------------------------------- */

static size_t
pid_slot(const struct pidmap *m, pid_t pid)
{
	return ((size_t)pid * 2654435761u) & m->mask;
}


static void
map_put(struct pidmap *m, pid_t pid, int worker)
{
	size_t i = pid_slot(m, pid);

	while (m->pid[i] != 0 && m->pid[i] != pid)
		i = (i + 1) & m->mask;
	m->pid[i] = pid;
	m->worker[i] = worker;
}

/* Bring the map up to date with the members spawned so far. */
static void
map_sync(struct team *t)
{
	struct book *b = t->book;
	struct pidmap *m = &b->map;
	size_t size = 16;

	if (m->pid == NULL) {
		while (size < 2 * (size_t)t->n + 2)
			size *= 2;
		m->pid = calloc(size, sizeof(*m->pid));
		m->worker = calloc(size, sizeof(*m->worker));
		if (m->pid == NULL || m->worker == NULL)
			die(SMPB_EXIT_FAIL, "out of memory:");
		m->mask = size - 1;
	}
	for (; m->filled < b->spawned; m->filled++)
		if (b->members[m->filled].pid > 0)
			map_put(m, b->members[m->filled].pid, m->filled);
}

/* The worker with this pid, or -1. */
static int
map_get(struct team *t, pid_t pid)
{
	struct book *b = t->book;
	const struct pidmap *m = &b->map;
	size_t i;

	map_sync(t);
	for (i = pid_slot(m, pid); m->pid[i] != 0; i = (i + 1) & m->mask)
		if (m->pid[i] == pid)
			return m->worker[i];
	return -1;
}

/* The guardian ------------------------------------------------------------ */

/*
 * The guardian: leads the workers' process group, holds only the read end
 * of the liveness pipe, and kills the group when main is gone.
 */
static _Noreturn void
guardian_main(int live)
{
	char byte;

	/* The liveness pipe's end becomes descriptor 3, the others go. */
	if (live != 3) {
		if (dup2(live, 3) == -1)
			_exit(SMPB_EXIT_FAIL);
		live = 3;
	}
	cpu_close_from(4);
	for (;;) {
		ssize_t r = read(live, &byte, 1);

		if (r == 0 || (r == -1 && errno != EINTR))
			break;
	}
	kill(0, SIGKILL);
	_exit(0);
}

/* Processes: start the guardian. */
void
reap_init(struct team *t)
{
	pid_t pid;
	int live;

	if (pipe(t->live_fd) == -1)
		die(SMPB_EXIT_FAIL, "cannot create the liveness pipe (raise "
		    "'ulimit -n'): pipe:");
	/* Taken before the fork: main closes it, and marks it -1, next. */
	live = t->live_fd[0];
	if ((pid = fork()) == -1)
		die(SMPB_EXIT_FAIL, "cannot start the guardian process (raise "
		    "'ulimit -u'): fork:");
	if (pid == 0) {
		if (setpgid(0, 0) == -1)
			_exit(SMPB_EXIT_FAIL);
		reap_child_init();
		guardian_main(live);
	}
	/* Both sides set the group, so it is set whoever runs first. */
	if (setpgid(pid, pid) == -1 && getpgid(pid) != pid) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		die(SMPB_EXIT_FAIL, "cannot make the workers' process group:");
	}
	t->guardian = pid;
	reap_close(&t->live_fd[0]);
}

void
reap_fini(struct team *t)
{
	struct book *b = t->book;

	free(b->map.pid);
	free(b->map.worker);
	free(b->done_queue);
}

/*
 * A worker was forked: put it in the guardian's group (it does the same
 * itself).
 */
void
reap_adopt(struct team *t, int self)
{
	struct book *b = t->book;
	pid_t pid = b->members[self].pid;

	if (setpgid(pid, t->guardian) == -1 && errno != ESRCH &&
	    getpgid(pid) != t->guardian)
		die(SMPB_EXIT_FAIL, "cannot put worker %d of %d in the "
		    "workers' process group: setpgid:", self, t->n);
}

/* Records and deaths ---------------------------------------------------- */

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
	    (b->done_queue = calloc((size_t)t->n, sizeof(int))) == NULL)
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
	int k = map_get(t, pid);

	if (pid == t->guardian)		/* the group lives on: kill it */
		die(SMPB_EXIT_FAIL, "the guardian process died");
	if (k < 0)
		return;			/* not one of ours */
	reap_drain(t);
	if (b->members[k].state != W_DONE) {
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

/* Reap the team's workers that have exited, without waiting. */
static void
reap_exited(struct team *t)
{
	pid_t pid;
	int st;

	if (t->kind != TEAM_PROCS || t->guardian <= 0)
		return;
	reap_done_in_turn(t);
	while ((pid = waitpid(-t->guardian, &st, WNOHANG)) > 0)
		judge(t, pid, st);
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
		if (teams[i] != NULL)
			reap_exited(teams[i]);
}

/* Without waiting: act on signals, records and deaths. */
void
reap_check(struct team *t)
{
	sig_check();
	reap_drain(t);
	reap_if_due(false);
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

/* Kill and reap every worker of t; used on every early exit. */
void
reap_kill(struct team *t)
{
	struct book *b = t->book;
	int k;

	atomic_store(&t->ctl->running, 0);
	if (t->kind == TEAM_THREADS) {
		/*
		 * Threads end with the process: stop their loops, and detach
		 * those not joined yet, as nobody will join them now (a
		 * thread left joinable at exit is a leak to ThreadSanitizer).
		 */
		for (k = 0; k < b->spawned; k++)
			if (b->members[k].state != W_REAPED) {
				pthread_detach(t->threads[k]);
				b->members[k].state = W_REAPED;
			}
		return;
	}
	if (t->guardian > 0) {
		pid_t pid;

		kill(-t->guardian, SIGKILL);	/* workers and guardian */
		while ((pid = waitpid(-t->guardian, NULL, 0)) > 0 ||
		    errno == EINTR)
			if (pid > 0 && (k = map_get(t, pid)) >= 0)
				b->members[k].state = W_REAPED;
		t->guardian = 0;
	}
	/* A worker killed between fork and setpgid is not in the group. */
	for (k = 0; k < b->spawned; k++)
		if (b->members[k].state != W_REAPED && b->members[k].pid > 0) {
			kill(b->members[k].pid, SIGKILL);
			while (waitpid(b->members[k].pid, NULL, 0) == -1 &&
			    errno == EINTR)
				continue;
			b->members[k].state = W_REAPED;
		}
}

/* The registry of live teams -------------------------------------------- */

static void
kill_all_teams(void)
{
	int i;

	for (i = 0; i < MAX_TEAMS; i++)
		if (teams[i] != NULL)
			reap_kill(teams[i]);
}

/*
 * Register a team for the cleanup hook. A forked process that makes teams
 * of its own (a test's forked main) forgets the teams of the process it
 * came from: they are not its to kill.
 */
void
reap_register(struct team *t)
{
	static pid_t hooked;	/* the process that registered the hook */
	int i;

	if (hooked != getpid()) {
		for (i = 0; i < MAX_TEAMS; i++)
			teams[i] = NULL;
		at_die(kill_all_teams);
		hooked = getpid();
	}
	for (i = 0; i < MAX_TEAMS; i++)
		if (teams[i] == NULL) {
			teams[i] = t;
			return;
		}
	die(SMPB_EXIT_FAIL, "more than %d teams", MAX_TEAMS);
}

void
reap_unregister(struct team *t)
{
	int i;

	for (i = 0; i < MAX_TEAMS; i++)
		if (teams[i] == t)
			teams[i] = NULL;
}

/*
 * In a new child: drop main's ends of every team's pipes (so EOF on the
 * gate and on the liveness pipe still means what it should). Main's
 * signal handlers stay: in a child they restore the default action on
 * the first signal (err.c), and die() runs none of main's hooks in a
 * child. Nothing of main's is written here: every page written would be
 * copied.
 */
void
reap_child_init(void)
{
	int i;

	for (i = 0; i < MAX_TEAMS; i++) {
		if (teams[i] == NULL)
			continue;
		close(teams[i]->rec_fd[0]);
		close(teams[i]->go_fd[1]);
		if (teams[i]->live_fd[1] >= 0)
			close(teams[i]->live_fd[1]);
	}
}
