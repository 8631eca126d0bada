/*
 * guard.c: what keeps workers from outliving main: the guardian process,
 * the registry of the teams alive in main, and killing and reaping every
 * worker of them on any way out.
 *
 * Process workers form a process group led by a guardian process that
 * holds the read end of a liveness pipe whose only writer is main. If main
 * is killed outright (SIGKILL, where no cleanup runs), the guardian sees
 * EOF and kills the whole group; on Linux every worker also has
 * PR_SET_PDEATHSIG (sys_die_with_parent). Any other exit of main goes
 * through die() and the hook registered here, which kills and reaps every
 * worker of every team.
 */
#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

/* Teams alive in main, for the cleanup hook. Written by main only. */
static struct team *teams[MAX_TEAMS];

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
	sys_close_from(4);
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
guard_start(struct team *t)
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
		    "%s): fork:", sys_pid_hint());
	if (pid == 0) {
		if (setpgid(0, 0) == -1)
			_exit(SMPB_EXIT_FAIL);
		guard_child_init();
		guardian_main(live);
	}
	/* Both sides set the group, so it is set whoever runs first. */
	if (setpgid(pid, pid) == -1 && getpgid(pid) != pid) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		die(SMPB_EXIT_FAIL, "cannot make the workers' process group:");
	}
	t->guardian = pid;
	io_close(&t->live_fd[0]);
}

/*
 * A worker was forked: put it in the guardian's group (it does the same
 * itself).
 */
void
guard_adopt(struct team *t, int self)
{
	struct book *b = t->book;
	pid_t pid = b->members[self].pid;

	if (setpgid(pid, t->guardian) == -1 && errno != ESRCH &&
	    getpgid(pid) != t->guardian)
		die(SMPB_EXIT_FAIL, "cannot put worker %d of %d in the "
		    "workers' process group: setpgid:", self, t->n);
}

/* Kill and reap every worker of t; used on every early exit. */
void
guard_kill(struct team *t)
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
			if (pid > 0 && (k = pidmap_get(t, pid)) >= 0)
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

static void
kill_all_teams(void)
{
	int i;

	for (i = 0; i < MAX_TEAMS; i++)
		if (teams[i] != NULL)
			guard_kill(teams[i]);
}

/*
 * Register a team for the cleanup hook. A forked process that makes teams
 * of its own (a test's forked main) forgets the teams of the process it
 * came from: they are not its to kill.
 */
void
guard_register(struct team *t)
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
guard_unregister(struct team *t)
{
	int i;

	for (i = 0; i < MAX_TEAMS; i++)
		if (teams[i] == t)
			teams[i] = NULL;
}

/* The i-th entry of the registry (0 <= i < MAX_TEAMS), or NULL. */
struct team *
guard_team(int i)
{
	return teams[i];
}

/*
 * In a new child: drop main's ends of every team's pipes (so EOF on the
 * gate and on the liveness pipe still means what it should). Main's
 * signal handlers stay: in a child they restore the default action on
 * the first signal (sig.c), and die() runs none of main's hooks in a
 * child. Nothing of main's is written here: every page written would be
 * copied.
 */
void
guard_child_init(void)
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
