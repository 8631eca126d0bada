/*
 * t010-sig: signals acted on in main's flow, the watchdog, sleeping, and
 * -W's watch over the parent. Each case runs in a child, as each ends
 * the process. Sleeps have lower bounds only: a sleep may overrun on a
 * busy machine, never fall short.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
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
signalled(const void *arg)
{
	int sig = *(const int *)arg;

	sig_setup(30, false);
	at_die(hook_a);
	raise(sig);
	sig_check();
	printf("survived");
}

static void
sleeper(const void *arg)
{
	(void)arg;
	sig_setup(1, false);
	at_die(hook_b);
	sig_sleep_s(10);
	printf("survived");
}

static void
interrupted_sleep(const void *arg)
{
	pid_t parent = getpid();

	(void)arg;
	sig_setup(30, false);
	if (fork() == 0) {
		sig_sleep_s(0.1);
		kill(parent, SIGTERM);
		_exit(0);
	}
	sig_sleep_s(10);
	printf("survived");
}

/* A child of its own in the handlers' process: SIGCHLD is seen once. */
static void
child_events(const void *arg)
{
	pid_t pid;
	int st;

	(void)arg;
	sig_setup(30, false);
	printf("%d", sig_child_event());
	if ((pid = fork()) == 0)
		_exit(0);
	waitpid(pid, &st, 0);
	printf("%d", sig_child_event());
	printf("%d", sig_child_event());
}

/* -W with SMPB_PARENT naming a parent that is not ours: it is gone. */
static void
parent_named(const void *arg)
{
	(void)arg;
	setenv("SMPB_PARENT", "1", 1);
	at_die(hook_a);
	sig_setup(30, true);
	sig_check();
	printf("survived");
}

/* -W with SMPB_PARENT naming our parent: nothing is wrong. */
static void
parent_here(const void *arg)
{
	char pid[32];

	(void)arg;
	snprintf(pid, sizeof(pid), "%ld", (long)getppid());
	setenv("SMPB_PARENT", pid, 1);
	sig_setup(30, true);
	sig_check();
	printf("survived");
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
	uint64_t t0, t1;
	size_t i;

	prog_init("smpb-t", "");
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

	child_run(&r, child_events, NULL);
	is_str(r.out, "010", "a child's exit is seen once, and only after it");

	child_run(&r, parent_named, NULL);
	is_int(r.status, 129, "-W: a parent named in SMPB_PARENT that is not "
	    "ours is gone: exit 129");
	is_str(r.out, "a", "after cleanup");
	is_str(r.err, "smpb-t: parent process 1 is gone\n", "and says why");
	child_run(&r, parent_here, NULL);
	is_str(r.out, "survived", "-W: the parent SMPB_PARENT names is ours: "
	    "the run goes on");

	t0 = clock_now_ns();
	sig_sleep_s(0.05);
	t1 = clock_now_ns();
	ok(t1 - t0 >= 50000000, "sig_sleep_s(0.05) slept at least 50 ms");
	t0 = clock_now_ns();
	sig_sleep_s(0);
	sig_sleep_s(-1);
	ok(clock_now_ns() - t0 < 1000000000, "no sleep for 0 or less");
	return done_testing();
}
