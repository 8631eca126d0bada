/*
 * t017-reap: main's watch over its workers: a worker that dies at any
 * phase of its life (before it reports ready, at the gate, while it runs,
 * after its loop but before its done record) ends the run at once with
 * exit 1 naming it and its signal, whatever main waits for, and the rest
 * are reaped; among many workers the one that died is found by its pid;
 * a worker that dies before it joins the guardian's group is found too;
 * a worker that lost its peer (worker_lost) is not blamed for the death.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "harness.h"
#include "../tap.h"
#include "child.h"
#include "workers.h"

/*
 * Deaths at every phase of a worker's life. Worker 1 of 3 dies by
 * SIGKILL: before it reports ready, while it waits at the gate (main
 * kills it there), while it runs, or after its loop but before its DONE
 * record. Each must end the run at once with exit 1 naming it, whatever
 * main is waiting for; none may wait for the watchdog.
 */
enum phase { BEFORE_READY, AT_GATE, RUNNING, AFTER_END, NPHASES };

static const char *const phase_name[] = {
	"before it reports ready", "while it waits at the gate",
	"while it runs", "after its loop, before its done record"
};

struct death {
	enum phase	phase;
	int		n;		/* workers */
};

static void
dying_worker(struct team *t, int self, void *arg)
{
	const struct death *d = arg;

	worker_pids[self] = getpid();
	*worker_group = getpgid(0);
	if (self == 1 && d->phase == BEFORE_READY)
		raise(SIGKILL);
	worker_gate(t, self);
	if (self == 1 && d->phase == RUNNING)
		raise(SIGKILL);
	while (worker_running(t))
		sig_sleep_s(0.01);
	worker_end(t, self);
	if (self == 1 && d->phase == AFTER_END)
		raise(SIGKILL);
}

/* Linux: true once pid sleeps (at the gate, as the worker does nothing
 * else that sleeps before it); elsewhere, after a pause. */
static void
wait_asleep(pid_t pid)
{
	char path[64], state = '?';
	FILE *f;
	int tries;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	for (tries = 0; tries < 1000; tries++) {
		if ((f = fopen(path, "r")) == NULL) {
			sig_sleep_s(0.2);
			return;
		}
		if (fscanf(f, "%*d (%*[^)]) %c", &state) != 1)
			state = '?';
		fclose(f);
		if (state == 'S')
			return;
		sig_sleep_s(0.01);
	}
}

static void
run_death(const void *arg)
{
	const struct death *d = arg;
	struct team *t;
	int k;

	prog_init("smpb-t", "");
	sig_setup(60, false);
	t = team_new(TEAM_PROCS, d->n, NULL, 0);
	for (k = 0; k < d->n; k++)
		team_spawn(t, k, dying_worker, (void *)d);
	if (d->phase == AT_GATE) {
		while (worker_pids[1] == 0)
			sig_sleep_s(0.01);
		wait_asleep(worker_pids[1]);
		kill(worker_pids[1], SIGKILL);
	}
	team_go(t);
	if (d->phase == AFTER_END || d->phase == RUNNING)
		team_sleep(t, 0.2);
	team_stop(t);
	team_wait(t);
	_exit(0);
}

static void
test_deaths(void)
{
	struct child_result r;
	struct death d = { .n = 3 };
	char want[128];
	uint64_t t0;

	for (d.phase = 0; d.phase < NPHASES; d.phase++) {
		memset(worker_pids, 0, NW * sizeof(*worker_pids));
		*worker_group = 0;
		t0 = clock_now_ns();
		child_run(&r, run_death, &d);
		is_int(r.status, SMPB_EXIT_FAIL, "a worker killed %s fails "
		    "the run", phase_name[d.phase]);
		snprintf(want, sizeof(want), "smpb-t: worker 1 of %d was "
		    "killed by signal 9\n", d.n);
		is_str(r.err, want, "and is named, with its signal");
		ok(clock_now_ns() - t0 < 20000000000u, "at once, not at the "
		    "60 s watchdog");
		ok(all_gone_within(worker_pids, d.n, 0), "the others are "
		    "reaped");
	}
}

/* Many workers: the one that dies is found by its pid and named. */
static void
test_death_among_many(void)
{
	static pid_t pids[300];
	struct child_result r;
	struct death d = { .phase = RUNNING, .n = 300 };
	pid_t *saved = worker_pids;

	worker_pids = mem_shared(sizeof(pids));
	*worker_group = 0;
	child_run(&r, run_death, &d);
	is_int(r.status, SMPB_EXIT_FAIL, "300 processes: a death fails the "
	    "run");
	is_str(r.err, "smpb-t: worker 1 of 300 was killed by signal 9\n",
	    "and names worker 1 of 300");
	ok(all_gone_within(worker_pids, 300, 0), "and all 300 are reaped");
	mem_free(worker_pids, sizeof(pids));
	worker_pids = saved;
}

/*
 * Worker 1 leaves the guardian's group before it dies, as a worker
 * killed between its fork and its setpgid is not in it: once worker 2
 * runs, main has done with worker 1's start (and put it in the group
 * itself), so that nothing puts it back.
 */
static void
stray_worker(struct team *t, int self, void *arg)
{
	(void)arg;
	worker_pids[self] = getpid();
	if (self == 1) {
		while (worker_pids[2] == 0)
			sig_sleep_s(0.001);
		if (setpgid(0, 0) == -1)
			_exit(99);
		raise(SIGKILL);
	}
	worker_gate(t, self);
	while (worker_running(t))
		sig_sleep_s(0.01);
}

static void
run_stray(const void *arg)
{
	struct team *t;
	int k;

	(void)arg;
	prog_init("smpb-t", "");
	sig_setup(20, false);
	t = team_new(TEAM_PROCS, 3, NULL, 0);
	for (k = 0; k < 3; k++)
		team_spawn(t, k, stray_worker, NULL);
	team_go(t);
	team_wait(t);
	_exit(0);
}

static void
test_stray(void)
{
	struct child_result r;
	uint64_t t0 = clock_now_ns();

	memset(worker_pids, 0, NW * sizeof(*worker_pids));
	*worker_group = 0;
	child_run(&r, run_stray, NULL);
	is_int(r.status, SMPB_EXIT_FAIL, "a worker dead outside the group "
	    "fails the run");
	is_str(r.err, "smpb-t: worker 1 of 3 was killed by signal 9\n",
	    "and is named, with its signal");
	ok(clock_now_ns() - t0 < 10000000000u, "at once, not at the 20 s "
	    "watchdog");
	ok(all_gone_within(worker_pids, 3, 0), "the others are reaped");
}

/*
 * Worker 0 waits for worker 1's end on a pipe only worker 1 writes, then
 * says it lost a peer; worker 1 dies of SIGKILL (processes) or ends by
 * itself (threads, which cannot die alone). The loss is blamed on the
 * death where there is one, else the lost worker says its own line.
 */
static void
losing_worker(struct team *t, int self, void *arg)
{
	const int *fd = arg;
	char byte;

	worker_gate(t, self);
	if (self == 1) {
		if (t->kind == TEAM_PROCS)
			raise(SIGKILL);
		close(fd[1]);	/* a thread's end: the pipe's */
		return;
	}
	if (t->kind == TEAM_PROCS)
		close(fd[1]);	/* its own copy: worker 1's is the last */
	if (read(fd[0], &byte, 1) == 0)
		worker_lost(t, self, "my peer is %s", "gone");
}

static void
run_lost(const void *arg)
{
	enum team_kind kind = *(const enum team_kind *)arg;
	struct team *t;
	int fd[2];

	prog_init("smpb-t", "");
	sig_setup(60, false);
	if (pipe(fd) == -1)
		_exit(99);
	t = team_new(kind, 2, NULL, 0);
	team_spawn(t, 0, losing_worker, fd);
	team_spawn(t, 1, losing_worker, fd);
	if (kind == TEAM_PROCS)
		close(fd[1]);
	team_go(t);
	team_wait(t);
	_exit(0);
}

static void
test_lost(void)
{
	enum team_kind kind;
	struct child_result r;
	int i;

	kind = TEAM_PROCS;
	for (i = 0; i < 5; i++) {
		child_run(&r, run_lost, &kind);
		if (r.status != SMPB_EXIT_FAIL || strcmp(r.err,
		    "smpb-t: worker 1 of 2 was killed by signal 9\n") != 0)
			break;
	}
	is_int(i, 5, "a worker that lost its peer: the death is named, not "
	    "the loss (5 times)");
	if (i < 5)
		printf("#   exit %d: %s", r.status, r.err);
	kind = TEAM_THREADS;
	child_run(&r, run_lost, &kind);
	is_int(r.status, SMPB_EXIT_FAIL, "threads: a lost peer makes exit 1");
	is_str(r.err, "smpb-t: worker 0: my peer is gone\n", "and, with no "
	    "death to name, the lost worker's own line");
}

int
main(void)
{
	prog_init("smpb-t", "");
	workers_init(NW);
	test_deaths();
	test_death_among_many();
	test_stray();
	test_lost();
	return done_testing();
}
