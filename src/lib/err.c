/*
 * err.c: the program's name, its messages, its signal flags and the single
 * exit path.
 *
 * Messages go to stderr as "smpb-ring: what failed", gaining ": errno text"
 * when the format ends in a colon (sbase's convention). die() is the only
 * way a program ends early: it prints, runs the cleanup hooks registered
 * with at_die (team.c registers kill-and-reap there) and exits.
 *
 * Signal handlers only record the signal; sig_check(), called from the
 * normal flow wherever main waits, turns a recorded SIGINT, SIGTERM or
 * SIGHUP into cleanup and exit 128 + signal, and the -L watchdog's SIGALRM
 * into exit 3. In a forked worker, which keeps them, a handler restores
 * the default action instead and raises the signal again.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smpb.h"

#define MAX_HOOKS	8

const char *prog_name = "smpb";
static const char *prog_usage = "";

/*
 * Cleanup hooks, run newest first by die() in the process that registered
 * them, never in a forked child (which has nothing to write to forget
 * them: a write would copy the page). Written and read by main.
 */
static void (*hooks[MAX_HOOKS])(void);
static int nhooks;
static pid_t hooks_owner;

/* Written by the handlers, read by sig_check and sig_child_event. */
static volatile sig_atomic_t caught_signal;
static volatile sig_atomic_t child_event;
static unsigned watchdog_s;
/* -W: the parent to outlive no longer than a second; 0 when not watched. */
static pid_t watched_parent;
/* The process sig_setup installed the handlers in. */
static pid_t handlers_owner;

void
prog_init(const char *argv0, const char *usage_text)
{
	const char *slash = strrchr(argv0, '/');

	prog_name = slash != NULL ? slash + 1 : argv0;
	prog_usage = usage_text;
}

_Noreturn void
usage(int status)
{
	if (status == 0) {
		printf("%s\n", prog_usage);
		out_flush();
		exit(0);
	}
	fprintf(stderr, "%s\n", prog_usage);
	exit(status);
}

static void
vmessage(const char *fmt, va_list ap)
{
	int saved = errno;
	size_t len = strlen(fmt);

	fprintf(stderr, "%s: ", prog_name);
	vfprintf(stderr, fmt, ap);
	if (len > 0 && fmt[len - 1] == ':')
		fprintf(stderr, " %s", strerror(saved));
	fputc('\n', stderr);
	errno = saved;
}

void
warnmsg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

/* Hooks are per process: a child's first hook forgets its parent's. */
void
at_die(void (*fn)(void))
{
	pid_t self = getpid();

	if (hooks_owner != self) {
		nhooks = 0;
		hooks_owner = self;
	}
	if (nhooks < MAX_HOOKS)
		hooks[nhooks++] = fn;
}

static _Noreturn void
run_hooks_and_exit(int status)
{
	if (nhooks > 0 && getpid() != hooks_owner)
		nhooks = 0;	/* a forked child: main cleans up */
	while (nhooks > 0)
		hooks[--nhooks]();
	fflush(stdout);
	exit(status);
}

/* Print the message (none when fmt is NULL), clean up, exit. */
_Noreturn void
die(int status, const char *fmt, ...)
{
	va_list ap;

	if (fmt != NULL) {
		va_start(ap, fmt);
		vmessage(fmt, ap);
		va_end(ap);
	}
	run_hooks_and_exit(status);
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
	if (sig == SIGCHLD)
		child_event = 1;
	else if (caught_signal == 0)
		caught_signal = sig;
}

/*
 * -W: a parent that dies (a driver killed outright) must not leave this
 * program measuring on. Its death is turned into SIGHUP, by the kernel
 * where it can (cpu.c) and else by sig_check's look at getppid, so it ends
 * like a hang-up: workers killed and reaped, exit 129. A parent that
 * names itself in SMPB_PARENT is also found gone when it died before
 * this program could ask.
 */
static void
watch_parent(void)
{
	const char *want = getenv("SMPB_PARENT");
	char *end;
	long pid;
	int err;

	err = cpu_signal_on_parent_death(SIGHUP);
	if (err != 0 && err != ENOTSUP) {
		errno = err;
		die(SMPB_EXIT_FAIL, "-W: cannot watch the parent process:");
	}
	watched_parent = getppid();
	/* A parent that died before the kernel was asked is missed by it. */
	if (want != NULL && (pid = strtol(want, &end, 10)) > 0 &&
	    *end == '\0' && pid != (long)watched_parent)
		caught_signal = SIGHUP;
}

/*
 * Install the handlers (without SA_RESTART, so a blocked call returns
 * EINTR and main gets to sig_check), ignore SIGPIPE so a closed pipe is an
 * EPIPE error, and arm the watchdog.
 */
void
sig_setup(unsigned limit_s)
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
	signal(SIGPIPE, SIG_IGN);
	watchdog_s = limit_s;
	alarm(limit_s);
	if (opt_c.watch_parent)
		watch_parent();
}

/* Called from main's waits: act on a recorded signal, in the normal flow. */
void
sig_check(void)
{
	int sig;

	if (watched_parent != 0 && getppid() != watched_parent &&
	    caught_signal == 0)
		caught_signal = SIGHUP;
	if ((sig = caught_signal) == 0)
		return;
	if (sig == SIGALRM)
		die(SMPB_EXIT_TIMEOUT, "timed out after %u s", watchdog_s);
	run_hooks_and_exit(SMPB_EXIT_SIGNAL + sig);
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
