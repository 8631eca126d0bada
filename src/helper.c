/*
 * helper.c: the start of smpb-stat and smpb-snap (helper.h): their
 * options, -h and -V, and the words they refuse bad ones in.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "helper.h"
/* The version, made by make (src/lib/version.h), unless given. */
#ifndef SMPB_VERSION
#include "lib/version.h"
#endif

/* The program's name in its messages: set by helper_start. */
static const char *helper_name = "smpb";

/*
 * The helper's start: SIGPIPE ignored, so that a reader gone is EPIPE
 * whatever the SIGPIPE inherited; then its options. -h prints usage and
 * -V the version, each written out by flush (the helper's own, which
 * ends it quietly when the reader is gone), and exit 0; any other
 * option is refused, exit 2. Returns the index of the first operand.
 */
int
helper_start(int argc, char *argv[], const char *name, const char *usage,
    void (*flush)(void))
{
	int c;

	helper_name = name;
	signal(SIGPIPE, SIG_IGN);
	while ((c = getopt(argc, argv, ":hV")) != -1) {
		switch (c) {
		case 'h':
			printf("%s\n", usage);
			flush();
			exit(0);
		case 'V':
			printf("%s (smpbench) %s\n", name, SMPB_VERSION);
			flush();
			exit(0);
		default:
			fprintf(stderr, "%s: -%c: unknown option (see %s -h)\n",
			    name, optopt, name);
			exit(HELPER_EXIT_USAGE);
		}
	}
	return optind;
}

const char *
helper_prog(void)
{
	return helper_name;
}

/* A bad operand: "NAME: WHAT 'ARG' (see NAME -h)", exit 2. */
_Noreturn void
helper_usage_error(const char *what, const char *arg)
{
	fprintf(stderr, "%s: %s '%s' (see %s -h)\n", helper_name, what, arg,
	    helper_name);
	exit(HELPER_EXIT_USAGE);
}
