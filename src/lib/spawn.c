/*
 * spawn.c: a team's worker started, in a process of its own or in a
 * thread, and its life from there to its DONE record (the worker's side
 * of it is worker.c's).
 *
 * A process joins the guardian's group (main puts it there too, so that
 * it is there whoever runs first), drops main's ends of every team's
 * pipes, and dies with main (sys_die_with_parent); a thread blocks every
 * signal, main alone taking them. Either way the worker's first access
 * to its seat is a write (team.c, map_shared).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#define THREAD_STACK	(256 * 1024)

/*
 * A worker's life, in its process or thread, from its start
 * (spawn_worker) to its DONE record.
 */
static void
worker_main(struct start *s)
{
	struct team *t = s->team;
	struct seat *me = &t->seats[s->self];
	int err, cpu;

	/* Its first access to its seat: a write (team.c, map_shared). */
	me->cpu_start = me->cpu_end = -1;
	me->files.schedstat = me->files.sched = -1;
	if (t->cpus != NULL) {
		cpu = t->cpus[s->self % t->ncpus];
		if ((err = sys_bind(cpu)) != 0)
			worker_fail(t, s->self, "cannot bind to CPU %d: %s",
			    cpu, strerror(err));
	}
	s->fn(t, s->self, s->arg);
	worker_done(t, s->self);
}

static void *
thread_main(void *arg)
{
	worker_main(arg);
	return NULL;
}

/* The child keeps its own copy of s, on the stack it was forked with. */
static void
spawn_process(struct team *t, struct start *s)
{
	pid_t pid;

	if ((pid = fork()) == -1)
		die(SMPB_EXIT_FAIL, "cannot start %s %d of %d (raise %s or "
		    "use fewer): fork:", t->name, s->self, t->n,
		    sys_pid_hint());
	if (pid == 0) {
		if (setpgid(0, t->guardian) == -1)
			worker_fail(t, s->self, "cannot join the workers' "
			    "process group: setpgid:");
		guard_child_init();
		sys_die_with_parent(t->parent);
		worker_main(s);
		_exit(SMPB_EXIT_OK);
	}
	t->book->members[s->self].pid = pid;
	t->book->spawned++;	/* before anything can die: guard_kill's */
	guard_adopt(t, s->self);
}

/* A thread's start lives as long as the team, in t->starts. */
static void
spawn_thread(struct team *t, struct start *s)
{
	pthread_attr_t attr;
	sigset_t all, old;
	int err;

	/* Workers block every signal: main alone takes them. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, THREAD_STACK);
	err = pthread_create(&t->threads[s->self], &attr, thread_main, s);
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err != 0) {
		errno = err;
		die(SMPB_EXIT_FAIL, "cannot start thread %d of %d (raise %s "
		    "or 'ulimit -v', or use fewer): pthread_create:",
		    s->self, t->n, sys_pid_hint());
	}
}

/*
 * Start worker s->self, in a process of its own or a thread, running its
 * life (worker_main) from there.
 */
void
spawn_worker(struct team *t, struct start *s)
{
	if (t->kind == TEAM_PROCS) {
		spawn_process(t, s);
	} else {
		t->starts[s->self] = *s;
		spawn_thread(t, &t->starts[s->self]);
		t->book->spawned++;
	}
}
