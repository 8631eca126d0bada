/*
 * t017-reap: main's watch over its workers: a worker that dies at any
 * phase of its life (before it reports ready, at the gate, while it runs,
 * after its loop but before its done record) ends the run at once with
 * exit 1 naming it and its signal, whatever main waits for, and the rest
 * are reaped; among many workers the one that died is found by its pid.
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

static volatile unsigned long sink;

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

int
main(void)
{
	prog_init("smpb-t", "");
	workers_init(NW);
	test_deaths();
	test_death_among_many();
	return done_testing();
}
