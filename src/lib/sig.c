/*
 * sig.c: main's signals, the -L watchdog and the watch over the parent
 * (-W), all acted on in the normal flow.
 *
 * Signal handlers only record the signal; sig_check(), called from the
 * normal flow wherever main waits, turns a recorded SIGINT, SIGTERM or
 * SIGHUP into cleanup and exit 128 + signal, and the -L watchdog's SIGALRM
 * into exit 3, both through die (whose hooks clean up). In a forked
 * worker, which keeps them, a handler restores the default action instead
 * and raises the signal again.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

/* Written by the handlers, read by sig_check and sig_child_event. */
static volatile sig_atomic_t caught_signal;
static volatile sig_atomic_t child_event;
static volatile sig_atomic_t parent_event;
static unsigned watchdog_s;
/* -W: the parent to outlive no longer than a second; 0 when not watched. */
static pid_t watched_parent;
/* -W: the signal the kernel sends when the parent's thread ends; 0: none. */
static int parent_signal;
/* The process sig_setup installed the handlers in. */
static pid_t handlers_owner;
/* Set while main writes its result (sig_output_begin). */
static volatile sig_atomic_t writing_output;

/*
 * stdout becomes /dev/null: a write of the result that a signal came
 * just before (too late to cut it short with EINTR) cannot block for
 * ever on a pipe nobody reads; the signal is then acted on as anywhere
 * else (sig_check). Async-signal-safe; opened only then, so that a run
 * holds no descriptor of its own for it (ulimit -n is the user's).
 */
static void
drop_output(void)
{
	int fd = open("/dev/null", O_WRONLY | O_CLOEXEC);

	if (fd == -1)
		return;
	(void)dup2(fd, STDOUT_FILENO);
	(void)close(fd);
}

/*
 * A forked worker keeps main's handlers, which it does not reset (each
 * call would fault in a page of libc, in every worker): the first signal
 * it takes restores the default action and takes effect as that would
 * have, as if the handlers had been reset at the fork, but for the call
 * it interrupts (SIGCHLD, ignored by default, would end a blocked call
 * with EINTR once; no worker has children).
 */
static void
on_signal(int sig)
{
	int saved = errno;

	if (getpid() != handlers_owner) {
		signal(sig, SIG_DFL);
		raise(sig);	/* delivered as the handler returns */
		errno = saved;
		return;
	}
	if (sig == SIGCHLD) {
		child_event = 1;
		errno = saved;
		return;
	}
	if (sig == parent_signal)
		parent_event = 1;
	else if (caught_signal == 0)
		caught_signal = sig;
	if (writing_output)
		drop_output();
	errno = saved;
}

/*
 * -W: a parent that dies (a driver killed outright) must not leave this
 * program measuring on. sig_check looks at getppid; the kernel, where it
 * can (sys.c), wakes main at once with a signal of its own, which is not
 * SIGHUP: it comes when the *thread* that started this program ends,
 * which may leave the parent process alive. Only a parent process that
 * getppid no longer gives is gone; then the program says so and ends
 * like a hang-up: workers killed and reaped, exit 129. A parent that
 * names itself in SMPB_PARENT is also found gone when it died before
 * this program could ask.
 */
static void
watch_parent(void)
{
	const char *want = getenv("SMPB_PARENT");
	struct sigaction sa;
	char *end;
	long pid;
	int err;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	parent_signal = SIGRTMIN;
	if (sigaction(parent_signal, &sa, NULL) == -1)
		die(SMPB_EXIT_FAIL, "sigaction:");
	err = sys_parent_death_signal(parent_signal);
	if (err != 0 && err != ENOTSUP) {
		errno = err;
		die(SMPB_EXIT_FAIL, "-W: cannot watch the parent process:");
	}
	watched_parent = getppid();
	/* A parent that died before the kernel was asked is missed by it. */
	if (want != NULL && (pid = strtol(want, &end, 10)) > 0 &&
	    *end == '\0' && pid != (long)watched_parent)
		die(SMPB_EXIT_SIGNAL + SIGHUP, "parent process %ld is gone",
		    pid);
}

/*
 * -W: end the program if the parent process is gone. After the kernel's
 * signal with the parent still there (one of its threads ended), the
 * signal is asked for again, for the parent's next thread or its death.
 */
static void
check_parent(void)
{
	if (getppid() != watched_parent)
		die(SMPB_EXIT_SIGNAL + SIGHUP, "parent process %ld is gone",
		    (long)watched_parent);
	if (parent_event) {
		parent_event = 0;
		(void)sys_parent_death_signal(parent_signal);
	}
}

/*
 * Install the handlers (without SA_RESTART, so a blocked call returns
 * EINTR and main gets to sig_check), arm the watchdog (limit_s, -L; 0:
 * none) and, with watch (-W), the watch over the parent. (SIGPIPE is
 * ignored from prog_init on.)
 */
void
sig_setup(unsigned limit_s, bool watch)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGCHLD };
	struct sigaction sa;
	size_t i;

	handlers_owner = getpid();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_NOCLDSTOP;
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (sigaction(sigs[i], &sa, NULL) == -1)
			die(SMPB_EXIT_FAIL, "sigaction:");
	watchdog_s = limit_s;
	alarm(limit_s);
	if (watch)
		watch_parent();
}

/* Called from main's waits: act on a recorded signal, in the normal flow. */
void
sig_check(void)
{
	int sig;

	if ((sig = caught_signal) == 0) {
		if (watched_parent != 0)
			check_parent();
		return;
	}
	if (sig == SIGALRM)
		die(SMPB_EXIT_TIMEOUT, "timed out after %u s", watchdog_s);
	die(SMPB_EXIT_SIGNAL + sig, NULL);
}

/*
 * Around main's writes of its result (kv_flush): a terminating signal
 * (or -W's) that comes while the write may block puts /dev/null in
 * stdout's place, so that the write ends and the signal is acted on
 * after it. One that came before, since the last sig_check, does so
 * too unless stdout takes a write now (the result then gets through).
 */
void
sig_output_begin(void)
{
	struct pollfd pfd = { .fd = STDOUT_FILENO, .events = POLLOUT };

	writing_output = 1;
	if ((caught_signal != 0 || parent_event) && poll(&pfd, 1, 0) != 1)
		drop_output();
}

void
sig_output_end(void)
{
	writing_output = 0;
}

/* True once after each SIGCHLD: a worker may have died. */
bool
sig_child_event(void)
{
	if (!child_event)
		return false;
	child_event = 0;
	return true;
}

/* Sleep, acting on any signal that arrives (sig_check may not return). */
void
sig_sleep_s(double seconds)
{
	struct timespec ts;

	if (seconds <= 0)
		return;
	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) == -1) {
		if (errno != EINTR)
			die(SMPB_EXIT_FAIL, "nanosleep:");
		sig_check();
	}
}
