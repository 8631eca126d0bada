/*
 * t019-spawn: a worker's start. A process is a child of main in the
 * guardian's group, without main's ends of the team's pipes; a thread has
 * every signal blocked; a worker that never passes the gate is gated,
 * ended and counted all the same; a thread that cannot be created is
 * named, with the limits to raise.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "../tap.h"
#include "child.h"
#include "workers.h"

/* What a worker saw of itself, in its slot: see look(). */
enum { R_PARENT, R_GROUP, R_PIPES, R_SIGNALS };

/*
 * Whether this process holds an end of the pipe whose inode is ino,
 * opened with access mode mode (a pipe's two ends share its inode).
 */
static bool
holds_end(ino_t ino, int mode)
{
	struct stat st;
	int fd, fl;

	for (fd = 0; fd < 256; fd++)
		if (fstat(fd, &st) == 0 && st.st_ino == ino &&
		    (fl = fcntl(fd, F_GETFL)) != -1 && (fl & O_ACCMODE) == mode)
			return true;
	return false;
}

/* The inodes of the team's record and gate pipes, seen from main. */
static ino_t rec_ino, go_ino;

/* Look at what the start left: parent, group, pipe ends, signal mask. */
static void
look(struct team *t, int self, void *arg)
{
	struct slot *me = team_slot(t, self);
	sigset_t mask;

	(void)arg;
	worker_gate(t, self);
	me->result[R_PARENT] = (uint64_t)getppid();
	me->result[R_GROUP] = (uint64_t)getpgid(0);
	me->result[R_PIPES] = !holds_end(rec_ino, O_RDONLY) &&
	    !holds_end(go_ino, O_WRONLY) && holds_end(rec_ino, O_WRONLY);
	pthread_sigmask(SIG_SETMASK, NULL, &mask);
	me->result[R_SIGNALS] = sigismember(&mask, SIGINT) &&
	    sigismember(&mask, SIGTERM) && sigismember(&mask, SIGCHLD);
}

/* Pass nothing of the harness's: no gate, no end. */
static void
idle(struct team *t, int self, void *arg)
{
	(void)t;
	(void)self;
	(void)arg;
}

/* Wait for the end, through the gate. */
static void
waiter(struct team *t, int self, void *arg)
{
	(void)arg;
	worker_gate(t, self);
	while (worker_running(t))
		sig_sleep_s(0.01);
}

static void
test_processes(void)
{
	struct team *t = team_new(TEAM_PROCS, NW, NULL, 0);
	int k, parent = 0, group = 0, pipes = 0;
	struct stat st;

	if (fstat(t->rec_fd[0], &st) == 0)
		rec_ino = st.st_ino;
	if (fstat(t->go_fd[1], &st) == 0)
		go_ino = st.st_ino;
	for (k = 0; k < NW; k++)
		team_spawn(t, k, look, NULL);
	team_go(t);
	team_wait(t);
	for (k = 0; k < NW; k++) {
		const uint64_t *r = team_slot(t, k)->result;

		parent += r[R_PARENT] == (uint64_t)getpid();
		group += r[R_GROUP] == (uint64_t)t->guardian &&
		    r[R_GROUP] != (uint64_t)getpgid(0);
		pipes += r[R_PIPES] == 1;
	}
	is_int(parent, NW, "processes: each a child of main");
	is_int(group, NW, "in the guardian's group, not main's");
	is_int(pipes, NW, "without main's ends of the record and gate pipes, "
	    "with its own");
	team_free(t);
}

static void
test_threads(void)
{
	struct team *t = team_new(TEAM_THREADS, NW, NULL, 0);
	sigset_t mask;
	int k, blocked = 0;

	for (k = 0; k < NW; k++)
		team_spawn(t, k, look, NULL);
	team_go(t);
	team_wait(t);
	for (k = 0; k < NW; k++)
		blocked += team_slot(t, k)->result[R_SIGNALS] == 1;
	is_int(blocked, NW, "threads: each blocks the signals main takes");
	pthread_sigmask(SIG_SETMASK, NULL, &mask);
	ok(!sigismember(&mask, SIGINT) && !sigismember(&mask, SIGTERM),
	    "and main, which made them, still takes them");
	team_free(t);
}

static void
test_idle(enum team_kind kind)
{
	struct team *t = team_new(kind, NW, NULL, 0);
	int k, counted = 0;

	for (k = 0; k < NW; k++)
		team_spawn(t, k, idle, NULL);
	team_go(t);
	team_wait(t);
	for (k = 0; k < NW; k++)
		counted += seat(t, k)->gated && seat(t, k)->ended &&
		    seat(t, k)->end_ns >= seat(t, k)->start_ns;
	is_int(counted, NW, "%s: a worker that never passed the gate is "
	    "gated, ended and counted all the same", kind_name[kind]);
	is_int(t->book->ndone, NW, "%s: each said DONE", kind_name[kind]);
	team_free(t);
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
	sig_setup(30, false);
	t = team_new(TEAM_THREADS, 4096, NULL, 0);
	if (setrlimit(RLIMIT_AS, &rl) == -1)
		_exit(99);
	for (k = 0; k < 4096; k++)
		team_spawn(t, k, waiter, NULL);
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

int
main(void)
{
	prog_init("smpb-t", "");
	workers_init(NW);
	test_processes();
	test_threads();
	test_idle(TEAM_PROCS);
	test_idle(TEAM_THREADS);
	test_thread_limit();
	return done_testing();
}
