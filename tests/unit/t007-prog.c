/*
 * t007-prog: the program's name, messages, the exit path and its cleanup
 * hooks. Each case runs in a child, as each ends the process. Signals
 * and the watchdog are sig.c's (t010-sig).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "../tap.h"
#include "child.h"

static void
hook_a(void)
{
	printf("a");
}

static void
hook_b(void)
{
	printf("b");
}

static void
die_with_errno(const void *arg)
{
	(void)arg;
	at_die(hook_a);
	at_die(hook_b);
	errno = ENOENT;
	die(SMPB_EXIT_FAIL, "cannot open %s:", "x");
}

static void
die_plain(const void *arg)
{
	(void)arg;
	errno = ENOENT;
	die(SMPB_EXIT_USAGE, "bad %d", 7);
}

/* A forked child that dies must not run its parent's hooks. */
static void
die_silent_in_fork(const void *arg)
{
	pid_t pid;
	int st;

	(void)arg;
	at_die(hook_a);
	if ((pid = fork()) == 0)
		die(5, NULL);
	waitpid(pid, &st, 0);
	_exit(WIFEXITED(st) ? WEXITSTATUS(st) : 99);
}

static void
warned(const void *arg)
{
	(void)arg;
	errno = EPIPE;
	warnmsg("write to worker %d:", 3);
	warnmsg("plain");
}

int
main(void)
{
	struct child_result r;

	prog_init("/some/where/smpb-t", "usage: smpb-t");
	is_str(prog_name, "smpb-t", "prog_init keeps the base name");
	is_str(prog_usage, "usage: smpb-t", "and the usage line");
	child_run(&r, die_with_errno, NULL);
	is_int(r.status, SMPB_EXIT_FAIL, "die exits with its status");
	is_str(r.err, "smpb-t: cannot open x: No such file or directory\n",
	    "a format ending in ':' gains the errno text");
	is_str(r.out, "ba", "hooks run, newest first");

	child_run(&r, die_plain, NULL);
	is_int(r.status, SMPB_EXIT_USAGE, "die 2");
	is_str(r.err, "smpb-t: bad 7\n", "no errno text without the colon");

	child_run(&r, die_silent_in_fork, NULL);
	ok(r.status == 5 && r.err[0] == '\0' && r.out[0] == '\0',
	    "die(NULL) is silent; a forked child runs none of main's hooks");

	child_run(&r, warned, NULL);
	is_str(r.err, "smpb-t: write to worker 3: Broken pipe\nsmpb-t: plain\n",
	    "warnmsg, with and without errno text");
	return done_testing();
}
