/*
 * team.c: a team of N workers, as processes or as threads, released
 * together, watched while they run, and never left behind.
 *
 * Life of a team, as main sees it:
 *
 *	t = team_new(kind, n, cpus, ncpus);
 *	for (k = 0; k < n; k++)
 *		team_spawn(t, k, worker, arg);	each runs to team_gate and waits
 *	t0 = team_go(t);			all ready: release them at once
 *	team_sleep(t, seconds);			or wait for a result
 *	team_stop(t);				team_running() turns false
 *	team_wait(t);				all reported done; reaped
 *	... read the slots ...
 *	team_free(t);
 *
 * Three pipes carry the protocol. Each worker writes its index on the ready
 * pipe when it reaches the gate (or -(index + 1) when it failed), then
 * blocks reading the go pipe; main closes the go pipe's write end and every
 * worker sees EOF at once (the ready/go pipes of hackbench). When a worker's
 * function returns it writes its index on the done pipe. Main waits on
 * these pipes with poll and a one-second timeout, so a signal or a worker
 * that died without a word (killed, crashed) is noticed within a second.
 *
 * Process workers form a process group led by a guardian process that
 * holds the read end of a liveness pipe whose only writer is main. If main
 * is killed outright (SIGKILL, where no cleanup runs), the guardian sees
 * EOF and kills the whole group; on Linux every worker also has
 * PR_SET_PDEATHSIG. Any other exit of main goes through die() and the
 * cleanup hook here, which kills and reaps every worker.
 *
 * Slots and the running flag live in memory shared with forked workers, so
 * the same worker code serves both kinds.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "smpb.h"

#define MAX_TEAMS	4
#define THREAD_STACK	(256 * 1024)

/* The shared control line, first in the shared area, before the slots. */
struct control {
	_Alignas(SMPB_CACHELINE)
	atomic_int	running;	/* set by team_new, cleared by stop */
};

/* What a worker needs to start: passed to its thread or kept by its fork. */
struct start {
	struct team	*team;
	int		self;
	worker_fn	*fn;
	void		*arg;
};

/* Per-worker state that is not shared: owned by the worker itself. */
struct own {
	bool		gated;		/* has passed team_gate */
	struct usage	at_go;		/* usage when the gate opened */
};

struct team {
	enum team_kind	kind;
	int		n;		/* workers */
	int		spawned;	/* workers started so far */
	int		*cpus;		/* -c placement, round robin; or NULL */
	int		ncpus;
	pid_t		parent;		/* main's pid */
	struct control	*ctl;		/* shared: control line, then slots */
	struct slot	*slots;
	size_t		shared_size;
	pid_t		*pids;		/* TEAM_PROCS */
	pid_t		guardian;	/* and leader of the workers' group */
	int		*reaped;	/* 1 once reaped, joined or detached */
	pthread_t	*threads;	/* TEAM_THREADS */
	struct start	*starts;
	struct own	*own;
	bool		*ready, *done;	/* records received */
	int		nready, ndone;
	int		ready_fd[2], go_fd[2], done_fd[2], live_fd[2];
};

/* Teams alive in main, for the cleanup hook. Written by main only. */
static struct team *teams[MAX_TEAMS];

static void
close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void
make_pipe(int fd[2], const char *what)
{
	if (pipe(fd) == -1)
		die(SMPB_EXIT_FAIL, "cannot create the %s pipe (raise "
		    "'ulimit -n'): pipe:", what);
}

/* Kill and reap every worker of t; used on every early exit. */
static void
team_kill(struct team *t)
{
	int k;

	if (t->kind == TEAM_THREADS) {
		/*
		 * Threads end with the process: stop their loops, and detach
		 * those not joined yet, as nobody will join them now (a
		 * thread left joinable at exit is a leak to ThreadSanitizer).
		 */
		atomic_store(&t->ctl->running, 0);
		for (k = 0; k < t->spawned; k++)
			if (!t->reaped[k]) {
				pthread_detach(t->threads[k]);
				t->reaped[k] = 1;
			}
		return;
	}
	if (t->guardian > 0)
		kill(-t->guardian, SIGKILL);
	for (k = 0; k < t->spawned; k++) {
		if (t->reaped[k])
			continue;
		kill(t->pids[k], SIGKILL);
		while (waitpid(t->pids[k], NULL, 0) == -1 && errno == EINTR)
			continue;
		t->reaped[k] = 1;
	}
	if (t->guardian > 0) {
		kill(t->guardian, SIGKILL);
		while (waitpid(t->guardian, NULL, 0) == -1 && errno == EINTR)
			continue;
		t->guardian = 0;
	}
}

static void
kill_all_teams(void)
{
	int i;

	for (i = 0; i < MAX_TEAMS; i++)
		if (teams[i] != NULL)
			team_kill(teams[i]);
}

static void
register_team(struct team *t)
{
	static bool hooked;
	int i;

	if (!hooked) {
		at_die(kill_all_teams);
		hooked = true;
	}
	for (i = 0; i < MAX_TEAMS; i++)
		if (teams[i] == NULL) {
			teams[i] = t;
			return;
		}
	die(SMPB_EXIT_FAIL, "more than %d teams", MAX_TEAMS);
}

/*
 * In a new child: drop main's ends of every team's pipes (so EOF on go and
 * on the liveness pipe still means what it should), main's signal handling
 * and main's cleanup hooks.
 */
static void
child_init(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGCHLD };
	size_t i;

	alarm(0);
	die_forget();
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], SIG_DFL);
	for (i = 0; i < MAX_TEAMS; i++) {
		if (teams[i] == NULL)
			continue;
		close_fd(&teams[i]->ready_fd[0]);
		close_fd(&teams[i]->go_fd[1]);
		close_fd(&teams[i]->done_fd[0]);
		close_fd(&teams[i]->live_fd[1]);
	}
}

/*
 * The guardian: leads the workers' process group, holds only the read end
 * of the liveness pipe, and kills the group when main is gone.
 */
static _Noreturn void
guardian_main(int live)
{
	struct rlimit rl;
	char byte;
	int fd, maxfd = 1024;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		maxfd = rl.rlim_cur < 65536 ? (int)rl.rlim_cur : 65536;
	for (fd = 3; fd < maxfd; fd++)
		if (fd != live)
			close(fd);
	for (;;) {
		ssize_t r = read(live, &byte, 1);

		if (r == 0 || (r == -1 && errno != EINTR))
			break;
	}
	kill(0, SIGKILL);
	_exit(0);
}

static void
start_guardian(struct team *t)
{
	pid_t pid;

	make_pipe(t->live_fd, "liveness");
	if ((pid = fork()) == -1)
		die(SMPB_EXIT_FAIL, "cannot start the guardian process (raise "
		    "'ulimit -u'): fork:");
	if (pid == 0) {
		setpgid(0, 0);
		child_init();
		guardian_main(t->live_fd[0]);
	}
	setpgid(pid, pid);
	t->guardian = pid;
	close_fd(&t->live_fd[0]);
}

static void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (p == NULL)
		die(SMPB_EXIT_FAIL, "out of memory:");
	return p;
}

struct team *
team_new(enum team_kind kind, int n, const int *cpus, int ncpus)
{
	struct team *t = xcalloc(1, sizeof(*t));
	int k;

	t->kind = kind;
	t->n = n;
	t->parent = getpid();
	t->ready_fd[0] = t->ready_fd[1] = t->go_fd[0] = t->go_fd[1] = -1;
	t->done_fd[0] = t->done_fd[1] = t->live_fd[0] = t->live_fd[1] = -1;
	if (cpus != NULL && ncpus > 0) {
		t->cpus = xcalloc((size_t)ncpus, sizeof(*t->cpus));
		memcpy(t->cpus, cpus, (size_t)ncpus * sizeof(*cpus));
		t->ncpus = ncpus;
	}
	t->shared_size = sizeof(struct control) +
	    (size_t)n * sizeof(struct slot);
	t->ctl = cpu_shared_alloc(t->shared_size);
	if (t->ctl == NULL)
		die(SMPB_EXIT_FAIL, "cannot map %zu KiB for %d workers:",
		    t->shared_size / 1024, n);
	t->slots = (struct slot *)(t->ctl + 1);
	for (k = 0; k < n; k++)
		t->slots[k].cpu_last = -1;
	atomic_store(&t->ctl->running, 1);
	t->starts = xcalloc((size_t)n, sizeof(*t->starts));
	t->own = xcalloc((size_t)n, sizeof(*t->own));
	t->ready = xcalloc((size_t)n, sizeof(*t->ready));
	t->done = xcalloc((size_t)n, sizeof(*t->done));
	t->reaped = xcalloc((size_t)n, sizeof(*t->reaped));
	if (kind == TEAM_PROCS)
		t->pids = xcalloc((size_t)n, sizeof(*t->pids));
	else
		t->threads = xcalloc((size_t)n, sizeof(*t->threads));
	register_team(t);
	make_pipe(t->ready_fd, "ready");
	make_pipe(t->go_fd, "go");
	make_pipe(t->done_fd, "done");
	if (fcntl(t->ready_fd[0], F_SETFL, O_NONBLOCK) == -1 ||
	    fcntl(t->done_fd[0], F_SETFL, O_NONBLOCK) == -1)
		die(SMPB_EXIT_FAIL, "fcntl:");
	if (kind == TEAM_PROCS)
		start_guardian(t);
	return t;
}

static void
send_record(struct team *t, int fd, int self, bool ok)
{
	int32_t rec = ok ? self : -(self + 1);

	if (write_full(fd, &rec, sizeof(rec)) == -1 && t->kind == TEAM_PROCS)
		_exit(SMPB_EXIT_FAIL);	/* main is gone */
}

static void
take_usage(struct team *t, struct usage *u)
{
	if (t->kind == TEAM_PROCS)
		usage_self(u);
	else
		cpu_usage_thread(u);
}

/* Report ready, then block until main opens the gate. */
void
team_gate(struct team *t, int self)
{
	struct own *own = &t->own[self];
	char byte;
	ssize_t r;

	if (own->gated)
		return;
	slot_note_cpu(&t->slots[self]);
	send_record(t, t->ready_fd[1], self, true);
	while ((r = read(t->go_fd[0], &byte, 1)) == -1 && errno == EINTR)
		continue;
	if (r != 0)
		team_fail(t, self, "the start gate failed");
	own->gated = true;
	take_usage(t, &own->at_go);
}

static void
worker_run(struct start *s)
{
	struct team *t = s->team;
	struct slot *slot = &t->slots[s->self];
	struct usage end;
	int err, cpu;

	if (t->cpus != NULL) {
		cpu = t->cpus[s->self % t->ncpus];
		if ((err = cpu_bind(cpu)) != 0)
			team_fail(t, s->self, "cannot bind to CPU %d: %s", cpu,
			    strerror(err));
	}
	s->fn(t, s->self, s->arg);
	team_gate(t, s->self);	/* a worker that never waited still counts */
	take_usage(t, &end);
	usage_sub(&slot->usage, &end, &t->own[s->self].at_go);
	send_record(t, t->done_fd[1], s->self, true);
}

static void *
thread_main(void *arg)
{
	worker_run(arg);
	return NULL;
}

static void
spawn_process(struct team *t, struct start *s)
{
	pid_t pid;

	if ((pid = fork()) == -1)
		die(SMPB_EXIT_FAIL, "cannot start worker %d of %d (raise "
		    "'ulimit -u' or use fewer): fork:", s->self, t->n);
	if (pid == 0) {
		setpgid(0, t->guardian);
		child_init();
		cpu_die_with_parent(t->parent);
		worker_run(s);
		_exit(SMPB_EXIT_OK);
	}
	setpgid(pid, t->guardian);
	t->pids[s->self] = pid;
}

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
		die(SMPB_EXIT_FAIL, "cannot start thread %d of %d (raise "
		    "'ulimit -u' or 'ulimit -v', or use fewer): "
		    "pthread_create:", s->self, t->n);
	}
}

/* Start worker self running fn(t, self, arg); fn calls team_gate. */
void
team_spawn(struct team *t, int self, worker_fn *fn, void *arg)
{
	struct start *s = &t->starts[self];

	sig_check();		/* a long start can be interrupted */
	s->team = t;
	s->self = self;
	s->fn = fn;
	s->arg = arg;
	if (t->kind == TEAM_PROCS)
		spawn_process(t, s);
	else
		spawn_thread(t, s);
	t->spawned++;
}

/* Read every record waiting on fd; die if a worker reported failure. */
static void
drain(struct team *t, int fd, bool *seen, int *nseen)
{
	int32_t rec[256];
	ssize_t r;
	size_t i;

	while ((r = read(fd, rec, sizeof(rec))) > 0) {
		for (i = 0; i < (size_t)r / sizeof(rec[0]); i++) {
			if (rec[i] < 0)
				die(SMPB_EXIT_FAIL, NULL); /* it said why */
			if (rec[i] < t->n && !seen[rec[i]]) {
				seen[rec[i]] = true;
				(*nseen)++;
			}
		}
	}
	if (r == -1 && errno != EAGAIN && errno != EINTR)
		die(SMPB_EXIT_FAIL, "reading the workers' reports:");
}

static int
worker_of(struct team *t, pid_t pid)
{
	int k;

	for (k = 0; k < t->spawned; k++)
		if (t->pids[k] == pid)
			return k;
	return -1;
}

/*
 * Reap workers that have exited; one that exits without its record on fd
 * died (killed or crashed), and the run is void.
 */
static void
reap_exited(struct team *t, int fd, bool *seen, int *nseen)
{
	pid_t pid;
	int st, k;

	while ((pid = waitpid(-t->guardian, &st, WNOHANG)) > 0) {
		if ((k = worker_of(t, pid)) < 0)
			die(SMPB_EXIT_FAIL, "the guardian process died");
		t->reaped[k] = 1;
		drain(t, fd, seen, nseen);
		if (seen[k])
			continue;
		if (WIFSIGNALED(st))
			die(SMPB_EXIT_FAIL, "worker %d of %d was killed by "
			    "signal %d", k, t->n, WTERMSIG(st));
		die(SMPB_EXIT_FAIL, "worker %d of %d exited early, status %d",
		    k, t->n, WEXITSTATUS(st));
	}
}

/*
 * Wait up to timeout_ms for records on fd, then act on signals, records
 * and dead workers. Main's every wait goes through here.
 */
static void
watch(struct team *t, int fd, bool *seen, int *nseen, int timeout_ms)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int r;

	r = poll(&pfd, 1, timeout_ms);
	if (r == -1 && errno != EINTR)
		die(SMPB_EXIT_FAIL, "poll:");
	sig_check();
	drain(t, fd, seen, nseen);
	if (t->kind == TEAM_PROCS && (r == 0 || sig_child_event()))
		reap_exited(t, fd, seen, nseen);
}

/* Wait until every worker has a record on fd. */
static void
collect(struct team *t, int fd, bool *seen, int *nseen)
{
	while (*nseen < t->n)
		watch(t, fd, seen, nseen, 1000);
}

/*
 * Sleep while the workers run, watching them: a worker that fails or dies
 * ends the run now, not when the sleep is over.
 */
void
team_sleep(struct team *t, double seconds)
{
	uint64_t end = clock_now_ns() + (uint64_t)(seconds * 1e9), now;
	uint64_t left_ms;

	while ((now = clock_now_ns()) < end) {
		left_ms = (end - now + 999999) / 1000000;
		watch(t, t->done_fd[0], t->done, &t->ndone,
		    left_ms < 1000 ? (int)left_ms : 1000);
	}
}

/* Wait for every worker at the gate, then release them together. */
uint64_t
team_go(struct team *t)
{
	collect(t, t->ready_fd[0], t->ready, &t->nready);
	close_fd(&t->go_fd[1]);
	return clock_now_ns();
}

bool
team_running(struct team *t)
{
	return atomic_load_explicit(&t->ctl->running, memory_order_relaxed);
}

void
team_stop(struct team *t)
{
	atomic_store(&t->ctl->running, 0);
}

/* Wait for every worker's done record, then reap or join them all. */
void
team_wait(struct team *t)
{
	int k;

	collect(t, t->done_fd[0], t->done, &t->ndone);
	for (k = 0; k < t->spawned; k++) {
		if (t->reaped[k])
			continue;
		if (t->kind == TEAM_THREADS) {
			pthread_join(t->threads[k], NULL);
			t->reaped[k] = 1;
			continue;
		}
		while (waitpid(t->pids[k], NULL, 0) == -1)
			if (errno != EINTR)
				break;
		t->reaped[k] = 1;
	}
}

/* After team_wait: release the guardian, the pipes and the memory. */
void
team_free(struct team *t)
{
	int i;

	team_kill(t);	/* only the guardian is left */
	for (i = 0; i < MAX_TEAMS; i++)
		if (teams[i] == t)
			teams[i] = NULL;
	close_fd(&t->ready_fd[0]);
	close_fd(&t->ready_fd[1]);
	close_fd(&t->go_fd[0]);
	close_fd(&t->go_fd[1]);
	close_fd(&t->done_fd[0]);
	close_fd(&t->done_fd[1]);
	close_fd(&t->live_fd[1]);
	cpu_shared_free(t->ctl, t->shared_size);
	free(t->cpus);
	free(t->pids);
	free(t->reaped);
	free(t->threads);
	free(t->starts);
	free(t->own);
	free(t->ready);
	free(t->done);
	free(t);
}

struct slot *
team_slot(struct team *t, int self)
{
	return &t->slots[self];
}

int
team_size(struct team *t)
{
	return t->n;
}

/* The workers' usage over their runs, summed. */
void
team_usage(struct team *t, struct usage *sum)
{
	int k;

	memset(sum, 0, sizeof(*sum));
	for (k = 0; k < t->n; k++)
		usage_add(sum, &t->slots[k].usage);
}

/* Distinct CPUs the workers were seen on; -1 where the OS can't tell. */
int
team_cpus_used(struct team *t)
{
	uint64_t all[SMPB_CPU_WORDS] = { 0 };
	int k, w, n = 0;

	for (k = 0; k < t->n; k++)
		for (w = 0; w < SMPB_CPU_WORDS; w++)
			all[w] |= t->slots[k].cpus_seen[w];
	for (w = 0; w < SMPB_CPU_WORDS; w++)
		for (; all[w] != 0; all[w] &= all[w] - 1)
			n++;
	return n > 0 ? n : -1;
}

/*
 * A worker's failure: say which worker and what, tell main, and end the
 * worker (main then cleans up and exits 1).
 */
_Noreturn void
team_fail(struct team *t, int self, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	int saved = errno;
	size_t len = strlen(fmt);

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (len > 0 && fmt[len - 1] == ':')
		fprintf(stderr, "%s: worker %d: %s %s\n", prog_name, self, msg,
		    strerror(saved));
	else
		fprintf(stderr, "%s: worker %d: %s\n", prog_name, self, msg);
	send_record(t, t->own[self].gated ? t->done_fd[1] : t->ready_fd[1],
	    self, false);
	if (t->kind == TEAM_PROCS)
		_exit(SMPB_EXIT_FAIL);
	pthread_exit(NULL);
}

/* Record the CPU the caller runs on: a migration when it changed. */
void
slot_note_cpu(struct slot *s)
{
	int c = cpu_current();

	if (c < 0 || c == s->cpu_last)
		return;
	if (s->cpu_last >= 0)
		s->migrations++;
	s->cpu_last = c;
	if (c < SMPB_MAXCPU)
		s->cpus_seen[c / 64] |= (uint64_t)1 << (c % 64);
}

/* read() until len bytes or EOF; returns bytes read, or -1 on error. */
ssize_t
read_full(int fd, void *buf, size_t len)
{
	size_t got = 0;
	ssize_t r;

	while (got < len) {
		r = read(fd, (char *)buf + got, len - got);
		if (r == 0)
			break;
		if (r == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		got += (size_t)r;
	}
	return (ssize_t)got;
}

/* write() all len bytes; returns 0, or -1 on error (EPIPE included). */
int
write_full(int fd, const void *buf, size_t len)
{
	size_t put = 0;
	ssize_t r;

	while (put < len) {
		r = write(fd, (const char *)buf + put, len - put);
		if (r == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		put += (size_t)r;
	}
	return 0;
}
