/*
 * t006-team: a team as main runs it, of processes and of threads: made,
 * spawned, released through the gate, waited for and freed; the seats'
 * shared pages; placement; the /proc files held where descriptors allow;
 * and the limit that refuses a start. The worker's side is t014-worker;
 * its start t019-spawn; deaths t017-reap; the guardian t016-guard.
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

/* Count to 1000 * (self + 1) after the gate; leave the count and pid. */
static void
counter(struct team *t, int self, void *arg)
{
	struct seat *me = seat(t, self);
	uint64_t i, n = 0;

	(void)arg;
	worker_gate(t, self);
	for (i = 0; i < 1000 * (uint64_t)(self + 1); i++)
		sink += ++n;
	me->slot.result[0] = n;
	me->slot.result[1] = (uint64_t)getpid();
	me->slot.result[2] = (uint64_t)getpgid(0);
	me->slot.result[3] = me->files.schedstat >= 0 && me->files.sched >= 0;
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
	sig_sleep_s(0.1);
	before_go = clock_now_ns();
	team_go(t);
	team_wait(t);
	for (k = 0; k < NW; k++) {
		struct seat *s = seat(t, k);

		right += s->slot.result[0] == 1000 * (uint64_t)(k + 1);
		after_go += s->start_ns >= before_go;
		ended += s->end_ns >= s->start_ns && s->gated && s->ended;
		held += s->slot.result[3] == 1 && s->files.schedstat == -1 &&
		    s->files.sched == -1;
		if (kind == TEAM_PROCS) {
			pids_ok += s->slot.result[1] != (uint64_t)getpid() &&
			    (k == 0 ||
			    s->slot.result[1] != seat(t, 0)->slot.result[1]);
			group += s->slot.result[2] != (uint64_t)getpgid(0) &&
			    s->slot.result[2] == seat(t, 0)->slot.result[2];
		} else
			pids_ok += s->slot.result[1] == (uint64_t)getpid();
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
	ok(report_wall_ns(t, -1) > 0 && report_wall_ns(t, 0) <=
	    report_wall_ns(t, -1), "%s: the run's wall time closes at the last "
	    "end, or earlier at worker 0's", kind_name[kind]);
	if (sys_current_cpu() >= 0)
		ok(report_cpus_used(t) >= 1 &&
		    report_cpus_used(t) <= sys_cpus_online(),
		    "%s: the CPUs the workers ran on are counted (%d)",
		    kind_name[kind], report_cpus_used(t));
	else
		is_int(report_cpus_used(t), -1, "%s: CPUs used unknown: -1",
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
	worker_gate(t, self);
	sink += worker_running(t);
	seat(t, self)->slot.result[0] = (uint64_t)(mapped_kb(t->ctl,
	    seat(t, self)) + 1);
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
		uint64_t r = seat(t, k)->slot.result[0];

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

static void
test_pinning(enum team_kind kind)
{
	int cpus[SMPB_MAXCPU], n = sys_cpus_allowed(cpus, SMPB_MAXCPU);
	struct measure sum;
	struct team *t;
	int k;

	if (!sys_can_bind() || sys_current_cpu() < 0) {
		skip("%s: no binding or no getcpu here",
		    kind_name[kind]);
		return;
	}
	t = team_new(kind, NW, &cpus[n - 1], 1);
	for (k = 0; k < NW; k++)
		team_spawn(t, k, counter, NULL);
	team_go(t);
	team_wait(t);
	is_int(report_cpus_used(t), 1, "%s: all pinned to CPU %d ran on one "
	    "CPU", kind_name[kind], cpus[n - 1]);
	is_int(seat(t, NW - 1)->cpu_end, cpus[n - 1], "%s: on CPU %d",
	    kind_name[kind], cpus[n - 1]);
	report_totals(t, &sum, NULL);
	if (sum.s.valid)
		is_int((int)sum.s.migrations, 0, "%s: pinned workers did not "
		    "migrate after the gate", kind_name[kind]);
	team_free(t);
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
		held += seat(t, k)->slot.result[3] != 0;
	report_totals(t, &sum, NULL);
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

/* More workers than the system has pids: refused before any is made. */
static void
run_too_many(const void *arg)
{
	(void)arg;
	prog_init("smpb-t", "");
	team_new(TEAM_PROCS, (int)sys_pid_limit(), NULL, 0);
	_exit(0);
}

static void
test_too_many(void)
{
	struct child_result r;

	if (sys_pid_limit() <= 0) {
		skip("no pid limit known here");
		return;
	}
	child_run(&r, run_too_many, NULL);
	is_int(r.status, SMPB_EXIT_FAIL, "kernel.pid_max workers: exit 1");
	ok(strstr(r.err, "kernel.pid_max") != NULL, "naming the limit: %.*s",
	    (int)strcspn(r.err, "\n"), r.err);
}

int
main(void)
{
	prog_init("smpb-t", "");
	workers_init(NW);
	test_counting(TEAM_PROCS);
	test_counting(TEAM_THREADS);
	test_few_descriptors();
	test_shared_pages();
	test_pinning(TEAM_PROCS);
	test_pinning(TEAM_THREADS);
	test_too_many();
	return done_testing();
}
