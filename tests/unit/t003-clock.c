/*
 * t003-clock: the monotonic clock, read through the vDSO and by a system
 * call. Sleeping, which acts on signals, is sig.c's (t010-sig).
 */
#include "harness.h"
#include "../tap.h"

int
main(void)
{
	uint64_t t0, t1, prev, now;
	int i, backwards = 0;

	ok(clock_works(), "the monotonic clock is there");
	prev = clock_now_ns();
	ok(prev > 0, "and reads a time (%llu ns)", (unsigned long long)prev);
	for (i = 0; i < 100000; i++) {
		now = clock_now_ns();
		backwards += now < prev;
		prev = now;
	}
	is_int(backwards, 0, "clock_now_ns never goes back");

	/* The gate's clock, by a system call, is the same clock. */
	for (i = 0; i < 1000; i++) {
		t0 = clock_now_ns();
		now = clock_cold_ns();
		t1 = clock_now_ns();
		backwards += now < t0 || now > t1;
	}
	is_int(backwards, 0, "clock_cold_ns lies between two clock_now_ns");
	return done_testing();
}
