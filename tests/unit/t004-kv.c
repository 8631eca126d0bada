/*
 * t004-out: the parsable line, byte for byte.
 */
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

int
main(void)
{
	struct child_result r;

	child_run(&r, print_line, NULL);
	is_int(r.status, 0, "printing succeeds");
	is_str(r.out, "procs=16 wall_s=1.500 big=12345678901 tiny=0.00001234 "
	    "neg=-1\nagain=0\n", "key=value pairs, single spaces, no exponent, "
	    "one line each");
	return done_testing();
}
