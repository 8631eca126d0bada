/*
 * helper.h: what the driver's two helpers, smpb-stat and smpb-snap,
 * share (and tests/stat-ask, smpb-stat's statistics a request a line):
 * their exit statuses, their start, the options -h and -V, and their
 * name in messages.
 *
 * They are filters the driver runs, not workloads, and end as filters
 * do: a reader that goes away ends one quietly, 141, as it ends cat in a
 * pipeline, where for a workload it is a failure. So they share this,
 * not the harness (src/lib).
 */
#ifndef HELPER_H
#define HELPER_H

#include <signal.h>

/* Exit statuses (besides 0): as the workload programs' SMPB_EXIT_*. */
#define HELPER_EXIT_FAIL	1	/* input, output or memory failed */
#define HELPER_EXIT_USAGE	2	/* bad option or operand */
#define HELPER_EXIT_PIPE	(128 + SIGPIPE)	/* the reader went away */

int	helper_start(int argc, char *argv[], const char *name,
	    const char *usage, void (*flush)(void));
_Noreturn void helper_usage_error(const char *what, const char *arg);
/* The program's name in its messages, as helper_start was given it. */
const char *helper_prog(void);

#endif
