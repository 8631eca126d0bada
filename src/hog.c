/*
 * smpb-hog: the eatcpu of seed 004 (linux-kernel, October 1999), a process
 * that does nothing but burn one CPU, to load a machine while another
 * benchmark runs.
 *
 * It spins until it is killed, until -T seconds have passed, or until its
 * parent dies. The seed's "while(1);" outlived whatever started it when
 * that was killed; this one dies with its parent (on Linux the kernel
 * kills it at once; everywhere it looks at its parent's pid about every
 * millisecond and exits when it has changed), and its -L watchdog (600 s
 * by default) ends it in any case. It measures nothing and prints
 * nothing.
 */
#include <stdlib.h>
#include <unistd.h>

#include "lib/smpb.h"

/* Spins between looks at the clock, the signals and the parent: < 1 ms. */
#define SPINS	1000000

static const char usage_text[] =
    "usage: smpb-hog [-hV] [-L seconds] [-T seconds]";

static struct {
	double	seconds;	/* -T: burn this long; 0 = until stopped */
} opt;

/* The spin's counter: volatile, so the compiler keeps every step. */
static volatile unsigned long spins;

static void
parse_args(int argc, char *argv[])
{
	int c;

	while ((c = getopt(argc, argv, ":hL:T:V")) != -1) {
		if (opt_common(c, optarg))
			continue;
		switch (c) {
		case 'T':
			opt.seconds = opt_seconds('T', optarg, 0.001, 86400);
			break;
		default:
			opt_bad(c);
		}
	}
	opt_no_operands(argc, argv);
}

int
main(int argc, char *argv[])
{
	uint64_t end = 0;
	pid_t parent;
	int i;

	prog_init(argv[0], usage_text);
	parse_args(argc, argv);
	sig_setup(opt_c.limit_s, opt_c.watch_parent);
	parent = getppid();
	sys_die_with_parent(parent);
	if (opt.seconds > 0)
		end = clock_now_ns() + (uint64_t)(opt.seconds * 1e9);
	for (;;) {
		for (i = 0; i < SPINS; i++)
			spins++;
		sig_check();
		if (getppid() != parent)
			exit(SMPB_EXIT_FAIL);
		if (end > 0 && clock_now_ns() >= end)
			break;
	}
	return SMPB_EXIT_OK;
}
