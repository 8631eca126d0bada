/*
 * t003-clock: the monotonic clock and sleeping.
 * Lower bounds only: a sleep may overrun on a busy machine, never fall short.
 */
#include "smpb.h"
#include "../tap.h"

int
main(void)
{
	uint64_t t0, t1, prev, now;
	int i, backwards = 0;

	prev = clock_now_ns();
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

	t0 = clock_now_ns();
	clock_sleep_s(0.05);
	t1 = clock_now_ns();
	ok(t1 - t0 >= 50000000, "clock_sleep_s(0.05) slept at least 50 ms");
	t0 = clock_now_ns();
	clock_sleep_s(0);
	clock_sleep_s(-1);
	ok(clock_now_ns() - t0 < 1000000000, "no sleep for 0 or less");

	return done_testing();
}
