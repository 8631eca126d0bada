/*
 * t004-kv: the parsable line, byte for byte; a signal that came while it
 * was written is acted on once it is.
 */
#include <signal.h>
#include <string.h>

#include "harness.h"
#include "../tap.h"
#include "child.h"

static void
print_line(const void *arg)
{
	(void)arg;
	kv_begin();
	kv_int("procs", 16);
	kv_num("wall_s", 1.5, 3);
	kv_num("big", 12345678901.0, 0);
	kv_num("tiny", 0.00001234, 8);
	kv_int("neg", -1);
	kv_end();
	kv_begin();
	kv_int("again", 0);
	kv_end();
}

/* SIGTERM recorded before the line is flushed: the line, then 143. */
static void
print_signalled(const void *arg)
{
	(void)arg;
	sig_setup(30, false);
	raise(SIGTERM);
	kv_begin();
	kv_int("late", 1);
	kv_end();
	printf("survived\n");
}

int
main(void)
{
	struct child_result r;

	child_run(&r, print_line, NULL);
	is_int(r.status, 0, "printing succeeds");
	is_str(r.out, "procs=16 wall_s=1.500 big=12345678901 tiny=0.00001234 "
	    "neg=-1\nagain=0\n", "key=value pairs, single spaces, no exponent, "
	    "one line each");
	child_run(&r, print_signalled, NULL);
	is_int(r.status, 143, "a signal that came while the line was written "
	    "ends the program after it (143)");
	is_str(r.out, "late=1\n", "the line written whole before");
	return done_testing();
}
