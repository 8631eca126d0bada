/*
 * t003-clock: the monotonic clock, sleeping, and usage arithmetic.
 * Lower bounds only: a sleep may overrun on a busy machine, never fall short.
 */
#include "smpb.h"
#include "../tap.h"

static volatile unsigned long sink;

static void
burn_cpu_s(double seconds)
{
	uint64_t end = clock_now_ns() + (uint64_t)(seconds * 1e9);

	while (clock_now_ns() < end)
		for (int i = 0; i < 10000; i++)
			sink += (unsigned long)i;
}

int
main(void)
{
	struct usage a = { 1.5, 0.25, 10, 3 }, b = { 0.5, 0.25, 4, 1 }, d;
	struct sample s;
	uint64_t t0, t1, prev, now;
	int i, backwards = 0;

	prev = clock_now_ns();
	for (i = 0; i < 100000; i++) {
		now = clock_now_ns();
		backwards += now < prev;
		prev = now;
	}
	is_int(backwards, 0, "clock_now_ns never goes back");

	t0 = clock_now_ns();
	clock_sleep_s(0.05);
	t1 = clock_now_ns();
	ok(t1 - t0 >= 50000000, "clock_sleep_s(0.05) slept at least 50 ms");
	t0 = clock_now_ns();
	clock_sleep_s(0);
	clock_sleep_s(-1);
	ok(clock_now_ns() - t0 < 1000000000, "no sleep for 0 or less");

	usage_sub(&d, &a, &b);
	ok(d.user_s == 1.0 && d.sys_s == 0 && d.nvcsw == 6 && d.nivcsw == 2,
	    "usage_sub");
	usage_add(&d, &b);
	ok(d.user_s == a.user_s && d.sys_s == a.sys_s && d.nvcsw == a.nvcsw &&
	    d.nivcsw == a.nivcsw, "usage_add undoes usage_sub");

	sample_begin(&s);
	burn_cpu_s(0.2);
	sample_end(&s);
	ok(s.wall_ns >= 200000000, "sample wall time covers the burn");
	ok(s.self.user_s + s.self.sys_s > 0.05,
	    "sample counts CPU time spent: %.3f s",
	    s.self.user_s + s.self.sys_s);
	ok(s.self.user_s + s.self.sys_s <= s.wall_ns / 1e9 + 0.02,
	    "one thread uses no more CPU than wall time");
	return done_testing();
}
