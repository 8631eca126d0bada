/*
 * workers.h: for the tests of teams (t006, t014, t016, t017): whether a
 * team's process workers are gone, and a look at a process's state.
 * Each test maps worker_pids and worker_group in shared memory (mem.c)
 * before its first team, so that its workers and the test's forked
 * mains can fill them in.
 */
#ifndef WORKERS_H
#define WORKERS_H

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#define NW	4

static const char *const kind_name[] = { "processes", "threads" };

/* Shared with forked test harnesses: the workers' pids. */
static pid_t *worker_pids;

/*
 * Dead, or a zombie nobody has reaped yet. Process workers record their
 * group in worker_group: a pid in another group is not a worker any more
 * (a busy machine reuses pids quickly).
 */
static pid_t *worker_group;

/* The harness's record of worker k, behind its slot. */
static inline struct seat *
seat(struct team *t, int k)
{
	return &t->seats[k];
}

/* A process's state letter in /proc (R, S, T, Z...); '?' if unknown. */
static inline char
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

static inline bool
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

static inline bool
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
		sig_sleep_s(0.02);
	}
}

/* The shared pids and group, mapped once by each test's main. */
static inline void
workers_init(int n)
{
	worker_pids = mem_shared((size_t)n * sizeof(*worker_pids));
	worker_group = mem_shared(sizeof(*worker_group));
	if (worker_pids == NULL || worker_group == NULL) {
		perror("mem_shared");
		_exit(1);
	}
}

#endif
