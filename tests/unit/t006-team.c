/*
 * t006-team: workers as processes and as threads: the gate, the measured
 * interval, stop, failures, deaths at every phase of a worker's life, and
 * the guarantee that none outlives main.
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

#include "smpb.h"
#include "team.h"
#include "../tap.h"
#include "child.h"

#define NW	4

static const char *const kind_name[] = { "processes", "threads" };

/* Shared with forked test harnesses: the workers' pids. */
static pid_t *worker_pids;

static volatile unsigned long sink;

/*
 * Dead, or a zombie nobody has reaped yet. Process workers record their
 * group in worker_group: a pid in another group is not a worker any more
 * (a busy machine reuses pids quickly).
 */
static pid_t *worker_group;

/* A process's state letter in /proc (R, S, T, Z...); '?' if unknown. */
static char
proc_state(pid_t pid)
{
	char path[64], state = '?';
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	if ((f = fopen(path, "r")) == NULL)
		return '?';
	if (fscanf(f, "%*d (%*[^)]) %c", &state) != 1)
		state = '?';
	fclose(f);
	return state;
}

static bool
gone(pid_t pid)
{
	char state;

	if (kill(pid, 0) == -1 && errno == ESRCH)
		return true;
	if (*worker_group > 0 && getpgid(pid) != *worker_group)
		return true;
	state = proc_state(pid);
	return state == 'Z' || state == 'X';
}

static bool
all_gone_within(const pid_t *pids, int n, double seconds)
{
	uint64_t end = clock_now_ns() + (uint64_t)(seconds * 1e9);
	int k;

	for (;;) {
		for (k = 0; k < n && (pids[k] == 0 || gone(pids[k])); k++)
			continue;
		if (k == n)
			return true;
		if (clock_now_ns() > end)
			return false;
		clock_sleep_s(0.02);
	}
}


/* Count to 1000 * (self + 1) after the gate; leave the count and pid. */
static void
counter(struct team *t, int self, void *arg)
{
	struct slot *me = team_slot(t, self);
	uint64_t i, n = 0;

	(void)arg;
	team_gate(t, self);
	for (i = 0; i < 1000 * (uint64_t)(self + 1); i++)
		sink += ++n;
	me->result[0] = n;
	me->result[1] = (uint64_t)getpid();
	me->result[2] = (uint64_t)getpgid(0);
	me->result[3] = me->files.schedstat >= 0 && me->files.sched >= 0;
}

static void
test_counting(enum team_kind kind)
{
	struct team *t = team_new(kind, NW, NULL, 0);
	uint64_t before_go;
	int k, right = 0, after_go = 0, pids_ok = 0, ended = 0, group = 0;
	int held = 0;

	for (k = 0; k < NW; k++)
		team_spawn(t, k, counter, NULL);
	/* Give early workers every chance to pass a broken gate. */
	clock_sleep_s(0.1);
	before_go = clock_now_ns();
	team_go(t);
	team_wait(t);
	for (k = 0; k < NW; k++) {
		struct slot *s = team_slot(t, k);

		right += s->result[0] == 1000 * (uint64_t)(k + 1);
		after_go += s->start_ns >= before_go;
		ended += s->end_ns >= s->start_ns && s->gated && s->ended;
		held += s->result[3] == 1 && s->files.schedstat == -1 &&
		    s->files.sched == -1;
		if (kind == TEAM_PROCS) {
			pids_ok += s->result[1] != (uint64_t)getpid() &&
			    (k == 0 ||
			    s->result[1] != team_slot(t, 0)->result[1]);
			group += s->result[2] != (uint64_t)getpgid(0) &&
			    s->result[2] == team_slot(t, 0)->result[2];
		} else
			pids_ok += s->result[1] == (uint64_t)getpid();
	}
	is_int(right, NW, "%s: every worker's count is in its slot",
	    kind_name[kind]);
	is_int(after_go, NW, "%s: nobody started before team_go was called",
	    kind_name[kind]);
	is_int(ended, NW, "%s: every worker has a start and a later end",
	    kind_name[kind]);
	is_int(pids_ok, NW, "%s: workers ran as %s", kind_name[kind],
	    kind_name[kind]);
	if (kind == TEAM_PROCS)
		is_int(group, NW, "processes: all in one group, not main's");
	if (access("/proc/self/schedstat", R_OK) == 0)
		is_int(held, NW, "%s: each held its /proc files open from its "
		    "gate to its end, and closed them", kind_name[kind]);
	else
		skip("%s: no /proc files to hold here", kind_name[kind]);
	ok(team_wall_ns(t, -1) > 0 && team_wall_ns(t, 0) <=
	    team_wall_ns(t, -1), "%s: the run's wall time closes at the last "
	    "end, or earlier at worker 0's", kind_name[kind]);
	if (cpu_current() >= 0)
		ok(team_cpus_used(t) >= 1 && team_cpus_used(t) <= cpu_count(),
		    "%s: the CPUs the workers ran on are counted (%d)",
		    kind_name[kind], team_cpus_used(t));
	else
		is_int(team_cpus_used(t), -1, "%s: CPUs used unknown: -1",
		    kind_name[kind]);
	team_free(t);
}

/*
 * The kB this process maps of the mappings that hold the addresses a and
 * b (Rss in /proc/self/smaps: the kernel counts them in the page tables
 * as it prints them, where the status file's totals may lag); -1 where
 * it cannot be told.
 */
static long
mapped_kb(const void *a, const void *b)
{
	static char buf[1 << 18];	/* a worker's own copy: a fork's */
	uintptr_t start, end, pa = (uintptr_t)a, pb = (uintptr_t)b;
	long kb, sum = -1;
	bool in = false;
	size_t got = 0;
	ssize_t r;
	char *line;
	int fd;

	if ((fd = open("/proc/self/smaps", O_RDONLY)) == -1)
		return -1;
	while (got + 1 < sizeof(buf) &&
	    (r = read(fd, buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)r;
	close(fd);
	buf[got] = '\0';
	for (line = strtok(buf, "\n"); line != NULL;
	    line = strtok(NULL, "\n")) {
		if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " ", &start,
		    &end) == 2)
			in = (pa >= start && pa < end) ||
			    (pb >= start && pb < end);
		else if (in && sscanf(line, "Rss: %ld kB", &kb) == 1)
			sum = (sum < 0 ? 0 : sum) + kb;
	}
	return sum;
}

/* Through the gate, a look at the control line; then what it maps. */
static void
shmem_reader(struct team *t, int self, void *arg)
{
	(void)arg;
	team_gate(t, self);
	sink += team_running(t);
	team_slot(t, self)->result[0] = (uint64_t)(mapped_kb(t->ctl,
	    team_slot(t, self)) + 1);
}

/*
 * Whether shared memory comes in pages of the base size: where the
 * kernel may give it larger folios (transparent_hugepage's shmem_enabled,
 * for any size, "always", "within_size" or "force"), a worker maps a
 * folio at a time.
 */
static bool
shmem_in_base_pages(void)
{
	static const char *const large[] = {
		"[always]", "[within_size]", "[force]"
	};
	char path[128], buf[128];
	long kb;
	size_t i;
	ssize_t got;
	int fd;

	for (kb = 0; kb <= 16L << 20; kb = kb == 0 ? 8 : kb * 2) {
		if (kb == 0)
			snprintf(path, sizeof(path), "/sys/kernel/mm/"
			    "transparent_hugepage/shmem_enabled");
		else
			snprintf(path, sizeof(path), "/sys/kernel/mm/"
			    "transparent_hugepage/hugepages-%ldkB/"
			    "shmem_enabled", kb);
		if ((fd = open(path, O_RDONLY)) == -1)
			continue;
		got = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		buf[got > 0 ? got : 0] = '\0';
		for (i = 0; i < sizeof(large) / sizeof(large[0]); i++)
			if (strstr(buf, large[i]) != NULL)
				return false;
	}
	return true;
}

/*
 * A forked worker maps the control page and its own slot's, not the
 * slots of the others around it: a first read of a shared page maps its
 * neighbours in memory with it (fault-around), each a page-table entry
 * to set and to clear at the worker's exit.
 */
static void
test_shared_pages(void)
{
	enum { NS = 256 };	/* 256-byte slots: 16 pages of them */
	struct team *t;
	long most = 0;
	int k, told = 0;
	bool smaps = mapped_kb(worker_pids, worker_pids) >= 0;

	if (!smaps || !shmem_in_base_pages()) {
		skip("processes: %s", !smaps ? "no /proc/self/smaps here" :
		    "shared memory may come in large pages here");
		return;
	}
	t = team_new(TEAM_PROCS, NS, NULL, 0);
	for (k = 0; k < NS; k++)
		team_spawn(t, k, shmem_reader, NULL);
	team_go(t);
	team_wait(t);
	for (k = 0; k < NS; k++) {
		uint64_t r = team_slot(t, k)->result[0];

		told += r > 0;
		if (r > 0 && (long)(r - 1) > most)
			most = (long)(r - 1);
	}
	team_free(t);
	is_int(told, NS, "processes: each worker told what it maps of the "
	    "control line's mapping and the slots'");
	ok(most > 0 && most <= 2 * (long)(sysconf(_SC_PAGESIZE) / 1024),
	    "processes: a worker maps two pages of them, the control line's "
	    "and its slot's (the most: %ld kB)", most);
}

/* Burn CPU before the gate, then spin until stopped. */
static void
spinner(struct team *t, int self, void *arg)
{
	struct slot *me = team_slot(t, self);
	uint64_t n = 0;

	(void)arg;
	if (self == 0)
		burn_cpu_s(0.3);	/* set-up: must not be measured */
	team_gate(t, self);
	if (self == 1) {		/* nothing at all: measured as such */
		team_end(t, self);
		return;
	}
	while (team_running(t))
		sink += ++n;
	me->result[0] = n;
}

/* sleeper_out[k]: 1 once sleeper k has left team_gate_asleep. */
static atomic_int *sleeper_out;

/*
 * Worker 0 passes the gate and sends each other worker a byte; the others
 * sleep through the gate (team_gate_asleep), in their read of the byte,
 * which they leave in result[1].
 */
static void
waker_or_sleeper(struct team *t, int self, void *arg)
{
	const int *fd = arg;
	struct slot *me = team_slot(t, self);
	char byte = 'x';
	int k;

	if (self == 0) {
		team_gate(t, self);
		for (k = 1; k < team_size(t); k++)
			if (write(fd[1], &byte, 1) != 1)
				team_fail(t, self, "write:");
		return;
	}
	team_gate_asleep(t, self);
	atomic_store(&sleeper_out[self], 1);
	if (read(fd[0], &byte, 1) != 1)
		team_fail(t, self, "read:");
	me->result[1] = (uint64_t)byte;
}

/*
 * True once every sleeper has left team_gate_asleep, with team_go not
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
		clock_sleep_s(0.01);
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
		struct slot *s = team_slot(t, k);

		got += s->result[1] == 'x';
		no_start += s->start_ns == 0 && s->gated && s->ended;
	}
	for (k = 0; k < NW; k++)
		if (team_slot(t, k)->end_ns > last_end)
			last_end = team_slot(t, k)->end_ns;
	is_int(got, NW - 1, "%s: worker 0, released by the gate, woke every "
	    "sleeper", kind_name[kind]);
	is_int(no_start, NW - 1, "%s: a sleeper's clock has no start (0)",
	    kind_name[kind]);
	ok(team_slot(t, 0)->start_ns >= before_go &&
	    team_wall_ns(t, -1) == last_end - team_slot(t, 0)->start_ns,
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
	const struct slot *s0, *s1;
	struct measure sum;
	double wall0_s;
	int k;

	for (k = 0; k < 2; k++)
		team_spawn(t, k, spinner, NULL);
	team_go(t);
	team_stop(t);
	team_wait(t);
	team_totals(t, &sum, NULL);
	s0 = team_slot(t, 0);
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
	s1 = team_slot(t, 1);
	ok(s1->run.u.user_s + s1->run.u.sys_s < 0.002 &&
	    s1->run.s.run_ns < 2000000, "%s: a worker that does nothing "
	    "between its gate and its end is charged almost nothing (%.0f us, "
	    "%.0f us on a CPU)", kind_name[kind],
	    (s1->run.u.user_s + s1->run.u.sys_s) * 1e6,
	    (double)s1->run.s.run_ns / 1e3);
	team_free(t);
}

static void
test_pinning(enum team_kind kind)
{
	int cpus[SMPB_MAXCPU], n = cpu_allowed(cpus, SMPB_MAXCPU);
	struct measure sum;
	struct team *t;
	int k;

	if (!cpu_can_bind() || cpu_current() < 0) {
		skip("%s: no binding or no getcpu here",
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
	is_int(team_slot(t, NW - 1)->cpu_end, cpus[n - 1], "%s: on CPU %d",
	    kind_name[kind], cpus[n - 1]);
	team_totals(t, &sum, NULL);
	if (sum.s.valid)
		is_int((int)sum.s.migrations, 0, "%s: pinned workers did not "
		    "migrate after the gate", kind_name[kind]);
	team_free(t);
}

/* A worker that fails names itself; main exits 1 and kills the rest. */
static void
failing_worker(struct team *t, int self, void *arg)
{
	(void)arg;
	worker_pids[self] = getpid();
	*worker_group = getpgid(0);
	team_gate(t, self);
	if (self == 2)
		team_fail(t, self, "boom %d", 42);
	while (team_running(t))
		clock_sleep_s(0.01);
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
	team_gate(t, self);
	if (self == 1 && d->phase == RUNNING)
		raise(SIGKILL);
	while (team_running(t))
		clock_sleep_s(0.01);
	team_end(t, self);
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
			clock_sleep_s(0.2);
			return;
		}
		if (fscanf(f, "%*d (%*[^)]) %c", &state) != 1)
			state = '?';
		fclose(f);
		if (state == 'S')
			return;
		clock_sleep_s(0.01);
	}
}

static void
run_death(const void *arg)
{
	const struct death *d = arg;
	struct team *t;
	int k;

	prog_init("smpb-t", "");
	sig_setup(60);
	t = team_new(TEAM_PROCS, d->n, NULL, 0);
	for (k = 0; k < d->n; k++)
		team_spawn(t, k, dying_worker, (void *)d);
	if (d->phase == AT_GATE) {
		while (worker_pids[1] == 0)
			clock_sleep_s(0.01);
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

	worker_pids = cpu_shared_alloc(sizeof(pids));
	*worker_group = 0;
	child_run(&r, run_death, &d);
	is_int(r.status, SMPB_EXIT_FAIL, "300 processes: a death fails the "
	    "run");
	is_str(r.err, "smpb-t: worker 1 of 300 was killed by signal 9\n",
	    "and names worker 1 of 300");
	ok(all_gone_within(worker_pids, 300, 0), "and all 300 are reaped");
	cpu_mapped_free(worker_pids, sizeof(pids));
	worker_pids = saved;
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
	uint64_t	false_ns;	/* when team_running turned false */
	int		late;		/* through the gate after the deadline */
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
	team_gate(t, self);
	if (clock_now_ns() >= end) {
		seen->late = 1;
		return;
	}
	seen->stopped = kill(getppid(), SIGSTOP) == 0;
	while ((running = team_running(t)) &&
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

	seen = cpu_shared_alloc(sizeof(*seen));
	child_run(&r, run_deadline, NULL);
	is_int(r.status, 0, "team_run_for: the run ends with its main "
	    "stopped");
	end = seen->before_ns + (uint64_t)(DEADLINE_S * 1e9);
	if (seen->late) {
		skip("the worker left the gate after the deadline (a busy "
		    "machine)");
	} else {
		ok(seen->stopped && !seen->hard_limit, "team_running turned "
		    "false by itself, main stopped, at the deadline");
		if (seen->main_state == '?')
			skip("no /proc here to see main stopped");
		else
			ok(seen->main_state == 'T', "main was stopped as it "
			    "did (state %c)", seen->main_state);
		ok(seen->false_ns >= end, "not before it (%.3f s after main "
		    "began)", (double)(seen->false_ns - seen->before_ns) / 1e9);
	}
	cpu_mapped_free(seen, sizeof(*seen));
}

/*
 * Threads where the limit on descriptors leaves no room for two a thread:
 * they open their /proc files at each look instead, and are measured all
 * the same (the child prints what it saw).
 */
static void
run_few_descriptors(const void *arg)
{
	struct rlimit rl = { .rlim_cur = 64, .rlim_max = 64 };
	struct measure sum;
	struct team *t;
	int k, held = 0;

	(void)arg;
	if (setrlimit(RLIMIT_NOFILE, &rl) == -1)
		_exit(99);
	t = team_new(TEAM_THREADS, 40, NULL, 0);
	for (k = 0; k < 40; k++)
		team_spawn(t, k, counter, NULL);
	team_go(t);
	team_wait(t);
	for (k = 0; k < 40; k++)
		held += team_slot(t, k)->result[3] != 0;
	team_totals(t, &sum, NULL);
	printf("held=%d valid=%d\n", held, sum.s.valid);
	team_free(t);
}

static void
test_few_descriptors(void)
{
	struct child_result r;

	if (access("/proc/self/schedstat", R_OK) != 0) {
		skip("no /proc files to hold here");
		return;
	}
	child_run(&r, run_few_descriptors, NULL);
	is_int(r.status, 0, "40 threads under a limit of 64 descriptors run");
	is_str(r.out, "held=0 valid=1\n", "they hold no files open, and the "
	    "kernel's statistics are there all the same");
}

/* Main is SIGKILLed with its workers running: none may survive it. */
static void
run_orphaning(const void *arg)
{
	struct death d = { .phase = NPHASES, .n = NW };
	struct team *t;
	int k;

	(void)arg;
	prog_init("smpb-t", "");
	sig_setup(30);
	t = team_new(TEAM_PROCS, NW, NULL, 0);
	for (k = 0; k < NW; k++)
		team_spawn(t, k, dying_worker, &d);
	team_go(t);
	raise(SIGKILL);
}

static void
test_orphans(void)
{
	struct child_result r;

	memset(worker_pids, 0, NW * sizeof(*worker_pids));
	*worker_group = 0;
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

/* More workers than the system has pids: refused before any is made. */
static void
run_too_many(const void *arg)
{
	(void)arg;
	prog_init("smpb-t", "");
	team_new(TEAM_PROCS, (int)cpu_pid_limit(), NULL, 0);
	_exit(0);
}

static void
test_too_many(void)
{
	struct child_result r;

	if (cpu_pid_limit() <= 0) {
		skip("no pid limit known here");
		return;
	}
	child_run(&r, run_too_many, NULL);
	is_int(r.status, SMPB_EXIT_FAIL, "kernel.pid_max workers: exit 1");
	ok(strstr(r.err, "kernel.pid_max") != NULL, "naming the limit: %.*s",
	    (int)strcspn(r.err, "\n"), r.err);
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
	prog_init("smpb-t", "");
	worker_pids = cpu_shared_alloc(NW * sizeof(*worker_pids));
	worker_group = cpu_shared_alloc(sizeof(*worker_group));
	sleeper_out = cpu_shared_alloc(NW * sizeof(*sleeper_out));
	test_counting(TEAM_PROCS);
	test_counting(TEAM_THREADS);
	test_asleep(TEAM_PROCS);
	test_asleep(TEAM_THREADS);
	test_deadline();
	test_few_descriptors();
	test_shared_pages();
	test_interval(TEAM_PROCS);
	test_interval(TEAM_THREADS);
	test_pinning(TEAM_PROCS);
	test_pinning(TEAM_THREADS);
	test_failure(TEAM_PROCS);
	test_failure(TEAM_THREADS);
	test_deaths();
	test_death_among_many();
	test_orphans();
	test_thread_limit();
	test_too_many();
	test_io();
	return done_testing();
}
