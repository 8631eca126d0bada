/*
 * prog.c: the program's name, its messages and the single exit path.
 *
 * Messages go to stderr as "smpb-ring: what failed", gaining ": errno text"
 * when the format ends in a colon (sbase's convention). die() is the only
 * way a program ends early: it prints, runs the cleanup hooks registered
 * with at_die (guard.c registers kill-and-reap there) and exits. Files
 * above this one that must act on every way out register a hook; this
 * file calls none of them by name.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#define MAX_HOOKS	8

const char *prog_name = "smpb";
const char *prog_usage = "";
bool prog_stdout_closed;	/* stdout was closed at the start */

/*
 * Cleanup hooks, run newest first by die() in the process that registered
 * them, never in a forked child (which has nothing to write to forget
 * them: a write would copy the page). Written and read by main.
 */
static void (*hooks[MAX_HOOKS])(void);
static int nhooks;
static pid_t hooks_owner;

/*
 * Descriptors 0, 1 and 2 open before anything else is: a program started
 * with one closed would give its number to the next pipe it makes, and
 * write its result into the workers' record pipe, or read from it. Each
 * closed one is opened on /dev/null (the lowest free number: its own),
 * and a closed stdout is remembered, for a result written there is lost
 * (kv_flush fails).
 */
static void
open_std(void)
{
	int fd;

	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		if (open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd)
			die(SMPB_EXIT_FAIL, "cannot open /dev/null:");
		if (fd == 1)
			prog_stdout_closed = true;
	}
}

void
prog_init(const char *argv0, const char *usage_text)
{
	const char *slash = strrchr(argv0, '/');

	prog_name = slash != NULL ? slash + 1 : argv0;
	prog_usage = usage_text;
	open_std();
	/*
	 * A closed pipe is an error (EPIPE) that kv_flush reports, from the
	 * first line written on (-h, -V), not a silent death by SIGPIPE.
	 */
	signal(SIGPIPE, SIG_IGN);
	if (!clock_works())
		die(SMPB_EXIT_FAIL, "clock_gettime: no monotonic clock here:");
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
	if (nhooks > 0 && getpid() != hooks_owner)
		nhooks = 0;	/* a forked child: main cleans up */
	while (nhooks > 0)
		hooks[--nhooks]();
	fflush(stdout);
	exit(status);
}
