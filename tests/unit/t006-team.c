/*
 * t006-team: workers as processes and as threads: the gate, slots, stop,
 * failures, deaths, and the guarantee that none outlives main.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "smpb.h"
#include "../tap.h"
#include "child.h"

#define NW	4

static const char *const kind_name[] = { "processes", "threads" };

/* Shared with forked test harnesses: the workers' pids. */
static pid_t *worker_pids;

/* run_failing sleeps in team_sleep before team_wait. */
static bool sleep_first;

/* Dead, or a zombie nobody has reaped yet. */
static bool
gone(pid_t pid)
{
	char path[64], state = '?';
	FILE *f;

	if (kill(pid, 0) == -1 && errno == ESRCH)
		return true;
	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	if ((f = fopen(path, "r")) == NULL)
		return false;
	if (fscanf(f, "%*d (%*[^)]) %c", &state) != 1)
		state = '?';
	fclose(f);
	return state == 'Z' || state == 'X';
}

static bool
all_gone_within(const pid_t *pids, int n, double seconds)
{
	uint64_t end = clock_now_ns() + (uint64_t)(seconds * 1e9);
	int k;

	for (;;) {
		for (k = 0; k < n && gone(pids[k]); k++)
			continue;
		if (k == n)
			return true;
		if (clock_now_ns() > end)
			return false;
		clock_sleep_s(0.02);
	}
}

/* Count to 1000 * (self + 1); note when the gate opened for us. */
static void
counter(struct team *t, int self, void *arg)
{
	struct slot *me = team_slot(t, self);
	uint64_t i;

	(void)arg;
	team_gate(t, self);
	me->result[1] = clock_now_ns();
	me->result[0] = (uint64_t)getpid();
	for (i = 0; i < 1000 * (uint64_t)(self + 1); i++)
		atomic_store_explicit(&me->count, i + 1, memory_order_relaxed);
	slot_note_cpu(me);
}

static void
test_counting(enum team_kind kind)
{
	struct team *t = team_new(kind, NW, NULL, 0);
	uint64_t go;
	int k, right = 0, after_go = 0, pids_ok = 0;

	for (k = 0; k < NW; k++)
		team_spawn(t, k, counter, NULL);
	go = team_go(t);
	team_wait(t);
	for (k = 0; k < NW; k++) {
		struct slot *s = team_slot(t, k);

		right += s->count == 1000 * (uint64_t)(k + 1);
		after_go += s->result[1] + 1000000 >= go;
		if (kind == TEAM_PROCS)
			pids_ok += s->result[0] != (uint64_t)getpid() &&
			    (k == 0 ||
			    s->result[0] != team_slot(t, 0)->result[0]);
		else
			pids_ok += s->result[0] == (uint64_t)getpid();
	}
	is_int(right, NW, "%s: every worker's count is in its slot",
	    kind_name[kind]);
	is_int(after_go, NW, "%s: nobody started before the gate opened",
	    kind_name[kind]);
	is_int(pids_ok, NW, "%s: workers ran as %s", kind_name[kind],
	    kind_name[kind]);
	if (cpu_current() >= 0)
		ok(team_cpus_used(t) >= 1 && team_cpus_used(t) <= cpu_count(),
		    "%s: the CPUs the workers ran on are counted (%d)",
		    kind_name[kind], team_cpus_used(t));
	else
		is_int(team_cpus_used(t), -1, "%s: CPUs used unknown: -1",
		    kind_name[kind]);
	team_free(t);
}

static volatile unsigned long sink;

static void
spinner(struct team *t, int self, void *arg)
{
	struct slot *me = team_slot(t, self);
	uint64_t n = 0;

	(void)arg;
	team_gate(t, self);
	while (team_running(t)) {
		sink += n;
		n++;
	}
	atomic_store_explicit(&me->count, n, memory_order_relaxed);
}

static void
test_stop_and_usage(enum team_kind kind)
{
	struct team *t = team_new(kind, 2, NULL, 0);
	struct usage u;
	uint64_t total = 0;
	int k;

	for (k = 0; k < 2; k++)
		team_spawn(t, k, spinner, NULL);
	team_go(t);
	clock_sleep_s(0.2);
	team_stop(t);
	team_wait(t);
	for (k = 0; k < 2; k++)
		total += team_slot(t, k)->count;
	team_usage(t, &u);
	ok(total > 0, "%s: spinners ran until stopped", kind_name[kind]);
	ok(u.user_s + u.sys_s > 0.02, "%s: their CPU time is summed (%.3f s)",
	    kind_name[kind], u.user_s + u.sys_s);
	team_free(t);
}

static void
test_pinning(enum team_kind kind)
{
	int cpus[SMPB_MAXCPU], n = cpu_allowed(cpus, SMPB_MAXCPU);
	struct team *t;
	int k;

	if (!cpu_can_bind() || cpu_current() < 0) {
		ok(1, "# SKIP %s: no binding or no getcpu here",
		    kind_name[kind]);
		return;
	}
	t = team_new(kind, NW, &cpus[n - 1], 1);
	for (k = 0; k < NW; k++)
		team_spawn(t, k, counter, NULL);
	team_go(t);
	team_wait(t);
	is_int(team_cpus_used(t), 1, "%s: all pinned to CPU %d ran on one CPU",
	    kind_name[kind], cpus[n - 1]);
	is_int(team_slot(t, NW - 1)->cpu_last, cpus[n - 1], "%s: on CPU %d",
	    kind_name[kind], cpus[n - 1]);
	team_free(t);
}

/* A worker that fails names itself; main exits 1 and kills the rest. */
static void
failing_worker(struct team *t, int self, void *arg)
{
	(void)arg;
	worker_pids[self] = getpid();
	team_gate(t, self);
	if (self == 2)
		team_fail(t, self, "boom %d", 42);
	while (team_running(t))
		pause();
}

static void
run_failing(const void *arg)
{
	enum team_kind kind = *(const enum team_kind *)arg;
	struct team *t;
	int k;

	prog_init("smpb-t", "");
	sig_setup(30);
	t = team_new(kind, NW, NULL, 0);
	for (k = 0; k < NW; k++)
		team_spawn(t, k, failing_worker, NULL);
	team_go(t);
	if (sleep_first)
		team_sleep(t, 30);
	team_wait(t);
	_exit(0);
}

static void
test_failure(enum team_kind kind)
{
	struct child_result r;
	uint64_t t0;

	memset(worker_pids, 0, NW * sizeof(*worker_pids));
	child_run(&r, run_failing, &kind);
	is_int(r.status, SMPB_EXIT_FAIL, "%s: a failed worker makes exit 1",
	    kind_name[kind]);
	is_str(r.err, "smpb-t: worker 2: boom 42\n", "%s: and names itself",
	    kind_name[kind]);
	if (kind == TEAM_PROCS)
		ok(all_gone_within(worker_pids, NW, 0), "no worker survives");

	sleep_first = true;
	t0 = clock_now_ns();
	child_run(&r, run_failing, &kind);
	sleep_first = false;
	is_int(r.status, SMPB_EXIT_FAIL, "%s: a failure ends team_sleep",
	    kind_name[kind]);
	ok(clock_now_ns() - t0 < 15000000000u, "%s: at once, not after 30 s",
	    kind_name[kind]);
}

/* Worker 1 is killed from outside; main must notice, not wait forever. */
static void
victim_worker(struct team *t, int self, void *arg)
{
	(void)arg;
	worker_pids[self] = getpid();
	team_gate(t, self);
	if (self == 1)
		raise(SIGKILL);
	while (team_running(t))
		pause();
}

static void
run_victim(const void *arg)
{
	struct team *t;
	int k;

	(void)arg;
	prog_init("smpb-t", "");
	sig_setup(30);
	t = team_new(TEAM_PROCS, 3, NULL, 0);
	for (k = 0; k < 3; k++)
		team_spawn(t, k, victim_worker, NULL);
	team_go(t);
	team_wait(t);
	_exit(0);
}

/* Main is SIGKILLed with its workers running: none may survive it. */
static void
run_orphaning(const void *arg)
{
	struct team *t;
	int k;

	(void)arg;
	prog_init("smpb-t", "");
	sig_setup(30);
	t = team_new(TEAM_PROCS, NW, NULL, 0);
	for (k = 0; k < NW; k++)
		team_spawn(t, k, victim_worker, NULL);
	team_go(t);
	clock_sleep_s(0.1);
	raise(SIGKILL);
}

static void
test_deaths(void)
{
	struct child_result r;

	memset(worker_pids, 0, NW * sizeof(*worker_pids));
	child_run(&r, run_victim, NULL);
	is_int(r.status, SMPB_EXIT_FAIL,
	    "a worker killed outright fails the run");
	is_str(r.err, "smpb-t: worker 1 of 3 was killed by signal 9\n",
	    "and is reported");
	ok(all_gone_within(worker_pids, 3, 0), "the others are reaped");

	memset(worker_pids, 0, NW * sizeof(*worker_pids));
	child_run(&r, run_orphaning, NULL);
	is_int(r.status, 128 + SIGKILL, "main was SIGKILLed");
	ok(worker_pids[NW - 1] != 0, "its workers had started");
	ok(all_gone_within(worker_pids, NW, 2), "its workers die within 2 s");
}

/*
 * Thread creation fails part-way (the address space is too small for the
 * stacks): main names the thread and the limits to raise, and exits 1 with
 * the threads already started detached, not left joinable.
 */
static void
run_thread_limit(const void *arg)
{
	struct rlimit rl = { .rlim_cur = 64 << 20, .rlim_max = 64 << 20 };
	struct team *t;
	int k;

	(void)arg;
	prog_init("smpb-t", "");
	sig_setup(30);
	t = team_new(TEAM_THREADS, 4096, NULL, 0);
	if (setrlimit(RLIMIT_AS, &rl) == -1)
		_exit(99);
	for (k = 0; k < 4096; k++)
		team_spawn(t, k, spinner, NULL);
	_exit(0);
}

static void
test_thread_limit(void)
{
	static const char want[] = " of 4096 (raise 'ulimit -u' or "
	    "'ulimit -v', or use fewer): pthread_create: ";
	struct child_result r;

	child_run(&r, run_thread_limit, NULL);
	is_int(r.status, SMPB_EXIT_FAIL,
	    "threads: a creation failure makes exit 1");
	ok(strncmp(r.err, "smpb-t: cannot start thread ", 28) == 0 &&
	    strstr(r.err, want) != NULL, "and names the thread and the limits "
	    "(%.*s)", (int)strcspn(r.err, "\n"), r.err);
}

static void
test_io(void)
{
	char buf[16];
	int fd[2];

	if (pipe(fd) == -1)
		return;
	signal(SIGPIPE, SIG_IGN);
	is_int(write_full(fd[1], "abc", 3), 0, "write_full");
	is_int(write_full(fd[1], "defg", 4), 0, "write_full again");
	is_int(read_full(fd[0], buf, 5), 5, "read_full joins two writes");
	ok(memcmp(buf, "abcde", 5) == 0, "in order");
	close(fd[1]);
	is_int(read_full(fd[0], buf, 10), 2, "read_full stops short at EOF");
	is_int(read_full(fd[0], buf, 10), 0, "then reads nothing");
	close(fd[0]);
	if (pipe(fd) == -1)
		return;
	close(fd[0]);
	ok(write_full(fd[1], "x", 1) == -1 && errno == EPIPE,
	    "write_full to a closed pipe is EPIPE");
	close(fd[1]);
}

int
main(void)
{
	struct team *t;

	prog_init("smpb-t", "");
	worker_pids = cpu_shared_alloc(NW * sizeof(*worker_pids));
	is_int(sizeof(struct slot) % SMPB_CACHELINE, 0,
	    "a slot fills whole cache lines");
	t = team_new(TEAM_THREADS, 3, NULL, 0);
	is_int((uintptr_t)team_slot(t, 0) % SMPB_CACHELINE, 0,
	    "slot 0 starts a cache line");
	is_int((uintptr_t)team_slot(t, 1) - (uintptr_t)team_slot(t, 0),
	    sizeof(struct slot), "slots are adjacent, line-aligned");
	team_free(t);
	test_counting(TEAM_PROCS);
	test_counting(TEAM_THREADS);
	test_stop_and_usage(TEAM_PROCS);
	test_stop_and_usage(TEAM_THREADS);
	test_pinning(TEAM_PROCS);
	test_pinning(TEAM_THREADS);
	test_failure(TEAM_PROCS);
	test_failure(TEAM_THREADS);
	test_deaths();
	test_thread_limit();
	test_io();
	return done_testing();
}
