/*
 * t014-worker: a worker's side of a team, as processes and as threads:
 * sleeping through the gate, the measured interval from the gate to the
 * end, the deadline a worker keeps by itself, and a worker's failure.
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

/* Burn CPU before the gate, then spin until stopped. */
static void
spinner(struct team *t, int self, void *arg)
{
	struct seat *me = seat(t, self);
	uint64_t n = 0;

	(void)arg;
	if (self == 0)
		burn_cpu_s(0.3);	/* set-up: must not be measured */
	worker_gate(t, self);
	if (self == 1) {		/* nothing at all: measured as such */
		worker_end(t, self);
		return;
	}
	while (worker_running(t))
		sink += ++n;
	me->slot.result[0] = n;
}

/* sleeper_out[k]: 1 once sleeper k has left worker_gate_asleep. */
static atomic_int *sleeper_out;

/*
 * Worker 0 passes the gate and sends each other worker a byte; the others
 * sleep through the gate (worker_gate_asleep), in their read of the byte,
 * which they leave in result[1].
 */
static void
waker_or_sleeper(struct team *t, int self, void *arg)
{
	const int *fd = arg;
	struct seat *me = seat(t, self);
	char byte = 'x';
	int k;

	if (self == 0) {
		worker_gate(t, self);
		for (k = 1; k < team_size(t); k++)
			if (write(fd[1], &byte, 1) != 1)
				worker_fail(t, self, "write:");
		return;
	}
	worker_gate_asleep(t, self);
	atomic_store(&sleeper_out[self], 1);
	if (read(fd[0], &byte, 1) != 1)
		worker_fail(t, self, "read:");
	me->slot.result[1] = (uint64_t)byte;
}

/*
 * True once every sleeper has left worker_gate_asleep, with team_go not
 * called yet; false after 10 s.
 */
static bool
sleepers_out(void)
{
	uint64_t end = clock_now_ns() + 10 * (uint64_t)1000000000;
	int k, out;

	for (;;) {
		for (k = 1, out = 0; k < NW; k++)
			out += atomic_load(&sleeper_out[k]) == 1;
		if (out == NW - 1 || clock_now_ns() > end)
			return out == NW - 1;
		sig_sleep_s(0.01);
	}
}

static void
test_asleep(enum team_kind kind)
{
	struct team *t = team_new(kind, NW, NULL, 0);
	uint64_t before_go, last_end = 0;
	int fd[2], k, got = 0, no_start = 0;

	if (pipe(fd) == -1)
		die(SMPB_EXIT_FAIL, "pipe:");
	for (k = 0; k < NW; k++) {
		atomic_store(&sleeper_out[k], 0);
		team_spawn(t, k, waker_or_sleeper, fd);
	}
	ok(sleepers_out(), "%s: a sleeper does not wait at the gate: it "
	    "is on its way to its own wait before team_go", kind_name[kind]);
	before_go = clock_now_ns();
	team_go(t);
	team_wait(t);
	for (k = 1; k < NW; k++) {
		struct seat *s = seat(t, k);

		got += s->slot.result[1] == 'x';
		no_start += s->start_ns == 0 && s->gated && s->ended;
	}
	for (k = 0; k < NW; k++)
		if (seat(t, k)->end_ns > last_end)
			last_end = seat(t, k)->end_ns;
	is_int(got, NW - 1, "%s: worker 0, released by the gate, woke every "
	    "sleeper", kind_name[kind]);
	is_int(no_start, NW - 1, "%s: a sleeper's clock has no start (0)",
	    kind_name[kind]);
	ok(seat(t, 0)->start_ns >= before_go &&
	    report_wall_ns(t, -1) == last_end - seat(t, 0)->start_ns,
	    "%s: the run's wall time starts at worker 0's gate, not at 0",
	    kind_name[kind]);
	close(fd[0]);
	close(fd[1]);
	team_free(t);
}

static void
test_interval(enum team_kind kind)
{
	struct team *t = team_new(kind, 2, NULL, 0);
	const struct seat *s0, *s1;
	struct measure sum;
	double wall0_s;
	int k;

	for (k = 0; k < 2; k++)
		team_spawn(t, k, spinner, NULL);
	team_go(t);
	team_stop(t);
	team_wait(t);
	report_totals(t, &sum, NULL);
	s0 = seat(t, 0);
	wall0_s = (double)(s0->end_ns - s0->start_ns) / 1e9;
	ok(s0->run.u.user_s + s0->run.u.sys_s <= wall0_s + 0.02,
	    "%s: the 0.3 s of CPU a worker burnt before the gate is not in its "
	    "interval (%.3f s of CPU in %.3f s)", kind_name[kind],
	    s0->run.u.user_s + s0->run.u.sys_s, wall0_s);
	if (sum.s.valid)
		ok((double)s0->run.s.run_ns / 1e9 <= wall0_s + 0.02,
		    "%s: nor in the kernel's run time (%.3f s)",
		    kind_name[kind], (double)s0->run.s.run_ns / 1e9);
	else
		skip("%s: no scheduler statistics here",
		    kind_name[kind]);
	s1 = seat(t, 1);
	ok(s1->run.u.user_s + s1->run.u.sys_s < 0.002 &&
	    s1->run.s.run_ns < 2000000, "%s: a worker that does nothing "
	    "between its gate and its end is charged almost nothing (%.0f us, "
	    "%.0f us on a CPU)", kind_name[kind],
	    (s1->run.u.user_s + s1->run.u.sys_s) * 1e6,
	    (double)s1->run.s.run_ns / 1e3);
	team_free(t);
}

/* A worker that fails names itself; main exits 1 and kills the rest. */
static void
failing_worker(struct team *t, int self, void *arg)
{
	(void)arg;
	worker_pids[self] = getpid();
	*worker_group = getpgid(0);
	worker_gate(t, self);
	if (self == 2)
		worker_fail(t, self, "boom %d", 42);
	while (worker_running(t))
		sig_sleep_s(0.01);
}

static void
run_failing(const void *arg)
{
	enum team_kind kind = *(const enum team_kind *)arg;
	struct team *t;
	int k;

	prog_init("smpb-t", "");
	sig_setup(30, false);
	t = team_new(kind, NW, NULL, 0);
	for (k = 0; k < NW; k++)
		team_spawn(t, k, failing_worker, NULL);
	team_go(t);
	team_sleep(t, 30);
	team_wait(t);
	_exit(0);
}

static void
test_failure(enum team_kind kind)
{
	struct child_result r;
	uint64_t t0 = clock_now_ns();

	memset(worker_pids, 0, NW * sizeof(*worker_pids));
	*worker_group = 0;
	child_run(&r, run_failing, &kind);
	is_int(r.status, SMPB_EXIT_FAIL, "%s: a failed worker makes exit 1",
	    kind_name[kind]);
	is_str(r.err, "smpb-t: worker 2: boom 42\n", "%s: and names itself",
	    kind_name[kind]);
	ok(clock_now_ns() - t0 < 20000000000u, "%s: at once, not after the "
	    "30 s sleep", kind_name[kind]);
	if (kind == TEAM_PROCS)
		ok(all_gone_within(worker_pids, NW, 0), "no worker survives");
}

/*
 * team_run_for's deadline, kept by the workers: the worker stops its own
 * main (SIGSTOP) as soon as it is through the gate, so that only its own
 * look at the clock can end its loop; it continues main after. A hard
 * limit 10 s past the deadline ends the loop if that look is broken: a
 * failure, not a hang.
 */
#define DEADLINE_S	0.3

struct deadline_seen {
	uint64_t	before_ns;	/* main's clock before team_run_for */
	uint64_t	false_ns;	/* when worker_running turned false */
	int		late;		/* out of the gate past the deadline */
	int		stopped;	/* main stopped, loop ended by itself */
	char		main_state;	/* main's, as the loop ended: T */
	int		hard_limit;	/* the loop ended by the hard limit */
};
static struct deadline_seen *seen;

static void
deadline_worker(struct team *t, int self, void *arg)
{
	uint64_t end = seen->before_ns + (uint64_t)(DEADLINE_S * 1e9);
	bool running;

	(void)arg;
	worker_gate(t, self);
	if (clock_now_ns() >= end) {
		seen->late = 1;
		return;
	}
	seen->stopped = kill(getppid(), SIGSTOP) == 0;
	while ((running = worker_running(t)) &&
	    clock_now_ns() < end + 10000000000u)
		continue;
	seen->false_ns = clock_now_ns();
	seen->main_state = proc_state(getppid());
	seen->hard_limit = running;
	kill(getppid(), SIGCONT);
}

static void
run_deadline(const void *arg)
{
	struct team *t = team_new(TEAM_PROCS, 1, NULL, 0);

	(void)arg;
	team_spawn(t, 0, deadline_worker, NULL);
	seen->before_ns = clock_now_ns();
	team_run_for(t, DEADLINE_S);
	team_wait(t);
	team_free(t);
}

static void
test_deadline(void)
{
	struct child_result r;
	uint64_t end;

	seen = mem_shared(sizeof(*seen));
	child_run(&r, run_deadline, NULL);
	is_int(r.status, 0, "team_run_for: the run ends with its main "
	    "stopped");
	end = seen->before_ns + (uint64_t)(DEADLINE_S * 1e9);
	if (seen->late) {
		skip("the worker left the gate after the deadline (a busy "
		    "machine)");
	} else {
		ok(seen->stopped && !seen->hard_limit, "worker_running turned "
		    "false by itself, main stopped, at the deadline");
		if (seen->main_state == '?')
			skip("no /proc here to see main stopped");
		else
			ok(seen->main_state == 'T', "main was stopped as it "
			    "did (state %c)", seen->main_state);
		ok(seen->false_ns >= end, "not before it (%.3f s after main "
		    "began)", (double)(seen->false_ns - seen->before_ns) / 1e9);
	}
	mem_free(seen, sizeof(*seen));
}

int
main(void)
{
	prog_init("smpb-t", "");
	workers_init(NW);
	sleeper_out = mem_shared(NW * sizeof(*sleeper_out));
	test_asleep(TEAM_PROCS);
	test_asleep(TEAM_THREADS);
	test_deadline();
	test_interval(TEAM_PROCS);
	test_interval(TEAM_THREADS);
	test_failure(TEAM_PROCS);
	test_failure(TEAM_THREADS);
	return done_testing();
}
