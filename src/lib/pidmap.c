/*
 * pidmap.c: which worker of a team a reaped pid was, in O(1).
 *
 * Open addressing on the pid, in a table of a power of two more than
 * twice the team's size. It lives in main's book, in shared memory as
 * the book does (mem.c: no page of it is copied by a fork), and is
 * brought up to date only when a pid must be looked up (a process was
 * reaped), from the members spawned since: between two forks main
 * writes nothing of it. Being mapped, not on the heap, it is no leak to
 * a leak checker when main ends early with its teams alive.
 */

#include "harness.h"

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
		m->mask = size - 1;
		m->pid = mem_shared(size * sizeof(*m->pid));
		m->worker = mem_shared(size * sizeof(*m->worker));
		if (m->pid == NULL || m->worker == NULL)
			die(SMPB_EXIT_FAIL, "out of memory:");
	}
	for (; m->filled < b->spawned; m->filled++)
		if (b->members[m->filled].pid > 0)
			map_put(m, b->members[m->filled].pid, m->filled);
}

/* The worker with this pid, or -1. */
int
pidmap_get(struct team *t, pid_t pid)
{
	const struct pidmap *m = &t->book->map;
	size_t i;

	map_sync(t);
	for (i = pid_slot(m, pid); m->pid[i] != 0; i = (i + 1) & m->mask)
		if (m->pid[i] == pid)
			return m->worker[i];
	return -1;
}

void
pidmap_free(struct team *t)
{
	struct pidmap *m = &t->book->map;

	mem_free(m->pid, (m->mask + 1) * sizeof(*m->pid));
	mem_free(m->worker, (m->mask + 1) * sizeof(*m->worker));
	m->pid = NULL;
	m->worker = NULL;
	m->filled = 0;
}
