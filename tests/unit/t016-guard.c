/*
 * t016-guard: nothing outlives main. Main killed outright (SIGKILL, no
 * cleanup) leaves its workers to the guardian and the kernel; main ending
 * through die kills and reaps every worker of every team it has, process
 * or thread; a process forked from main forgets main's teams.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "../tap.h"
#include "child.h"
#include "workers.h"

/*
 * Leave the pid at worker_pids[*arg + self] (none for -1; NULL: 0), pass
 * the gate, and wait for the end.
 */
static void
waiter(struct team *t, int self, void *arg)
{
	int base = arg != NULL ? *(const int *)arg : 0;

	if (base >= 0) {
		worker_pids[base + self] = getpid();
		*worker_group = getpgid(0);
	}
	worker_gate(t, self);
	while (worker_running(t))
		sig_sleep_s(0.01);
}

/* Main is SIGKILLed with its workers running: none may survive it. */
static void
run_orphaning(const void *arg)
{
	struct team *t;
	int k;

	(void)arg;
	prog_init("smpb-t", "");
	sig_setup(30, false);
	t = team_new(TEAM_PROCS, NW, NULL, 0);
	for (k = 0; k < NW; k++)
		team_spawn(t, k, waiter, NULL);
	team_go(t);
	raise(SIGKILL);
}

static void
test_orphans(void)
{
	struct child_result r;

	memset(worker_pids, 0, 2 * NW * sizeof(*worker_pids));
	*worker_group = 0;
	child_run(&r, run_orphaning, NULL);
	is_int(r.status, 128 + SIGKILL, "main was SIGKILLed");
	ok(worker_pids[NW - 1] != 0, "its workers had started");
	ok(all_gone_within(worker_pids, NW, 2), "its workers die within 2 s");
}

/*
 * Two teams of processes and one of threads, all running: die() in main
 * kills and reaps them all (the guardians too), before it exits.
 */
static void
run_die(const void *arg)
{
	static const int second = NW, none = -1;
	struct team *a, *b, *c;
	int k;

	(void)arg;
	prog_init("smpb-t", "");
	sig_setup(30, false);
	a = team_new(TEAM_PROCS, NW, NULL, 0);
	b = team_new(TEAM_PROCS, NW, NULL, 0);
	c = team_new(TEAM_THREADS, NW, NULL, 0);
	for (k = 0; k < NW; k++) {
		team_spawn(a, k, waiter, NULL);
		team_spawn(b, k, waiter, (void *)&second);
		team_spawn(c, k, waiter, (void *)&none);
	}
	team_go(a);
	team_go(b);
	team_go(c);
	die(SMPB_EXIT_FAIL, "enough");
}

static void
test_die(void)
{
	struct child_result r;
	int k, started = 0;

	memset(worker_pids, 0, 2 * NW * sizeof(*worker_pids));
	*worker_group = 0;
	child_run(&r, run_die, NULL);
	is_int(r.status, SMPB_EXIT_FAIL, "die in main with three teams: its "
	    "status");
	is_str(r.err, "smpb-t: enough\n", "and its message");
	for (k = 0; k < 2 * NW; k++)
		started += worker_pids[k] != 0;
	ok(started >= NW, "the processes had started (%d)", started);
	*worker_group = 0;	/* two teams, two groups: by pid alone */
	ok(all_gone_within(worker_pids, 2 * NW, 0), "and none is left as "
	    "main exits");
}

/* A team made in a child of main: the child's own, not main's. */
static void
run_forked(const void *arg)
{
	struct team *t, *u;
	pid_t pid;
	int st;

	(void)arg;
	prog_init("smpb-t", "");
	t = team_new(TEAM_PROCS, 1, NULL, 0);
	if ((pid = fork()) == 0) {
		u = team_new(TEAM_PROCS, 1, NULL, 0);
		printf("%d", guard_team(0) == u && guard_team(1) == NULL);
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	printf("%d", guard_team(0) == t);
	team_free(t);
}

static void
test_forked(void)
{
	struct child_result r;

	child_run(&r, run_forked, NULL);
	is_str(r.out, "11", "a forked child's teams are its own: main's are "
	    "forgotten there, and kept in main");
}

int
main(void)
{
	prog_init("smpb-t", "");
	workers_init(2 * NW);
	test_orphans();
	test_die();
	test_forked();
	return done_testing();
}
