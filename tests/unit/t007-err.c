/*
 * t007-err: messages, the exit path, cleanup hooks, signals and the
 * watchdog. Each case runs in a child, as each ends the process.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "smpb.h"
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
signalled(const void *arg)
{
	int sig = *(const int *)arg;

	sig_setup(30);
	at_die(hook_a);
	raise(sig);
	sig_check();
	printf("survived");
}

static void
sleeper(const void *arg)
{
	(void)arg;
	sig_setup(1);
	at_die(hook_b);
	clock_sleep_s(10);
	printf("survived");
}

static void
interrupted_sleep(const void *arg)
{
	pid_t parent = getpid();

	(void)arg;
	sig_setup(30);
	if (fork() == 0) {
		clock_sleep_s(0.1);
		kill(parent, SIGTERM);
		_exit(0);
	}
	clock_sleep_s(10);
	printf("survived");
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
	static const struct {
		int	sig, status;
	} sigs[] = {
		{ SIGINT, 130 }, { SIGTERM, 143 }, { SIGHUP, 129 },
	};
	struct child_result r;
	size_t i;

	prog_init("smpb-t", "");
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

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		child_run(&r, signalled, &sigs[i].sig);
		is_int(r.status, sigs[i].status, "signal %d exits %d after "
		    "cleanup", sigs[i].sig, sigs[i].status);
		is_str(r.out, "a", "the cleanup hook ran");
		is_str(r.err, "", "quietly");
	}

	child_run(&r, sleeper, NULL);
	is_int(r.status, SMPB_EXIT_TIMEOUT, "the watchdog exits 3");
	is_str(r.err, "smpb-t: timed out after 1 s\n", "and says so");
	is_str(r.out, "b", "after cleanup");

	child_run(&r, interrupted_sleep, NULL);
	is_int(r.status, 143, "a signal cuts a sleep short");

	child_run(&r, warned, NULL);
	is_str(r.err, "smpb-t: write to worker 3: Broken pipe\nsmpb-t: plain\n",
	    "warnmsg, with and without errno text");
	return done_testing();
}
