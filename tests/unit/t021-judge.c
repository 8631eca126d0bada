/*
 * t021-judge: compare's decisions in C (src/decide.c) on figures alone,
 * each on figures whose answer is known: a run's canary units (the
 * timings that lost a time slice left out, batches of consecutive
 * ones, a run's median); the smallest rise and fall a host's change of
 * speed leaves marked, for a time, a rate and a figure it moves either
 * way; every verdict of the rule, in the order the rule takes them; CPU
 * lists as sets. The decisions over a table are t022 to t027's (the
 * clusters of repeats t027's); the table protocol of bin/smpb-stat, and
 * the verdicts on whole runs, t613's and t714's.
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "../tap.h"

#define N(v) (sizeof(v) / sizeof(v[0]))

static void
canary_cases(void)
{
	/* Twenty timings at 1 ns, one at 5 (a time slice lost). */
	double t[21], u[8];
	size_t n, i;

	for (i = 0; i < 20; i++)
		t[i] = 1 + (double)(i % 5) / 100;
	t[20] = 5;
	n = jg_canary_units(t, 21, true, u, N(u));
	is_int(n, 1, "by runs: one unit a run");
	is_num(u[0], 1.02, 1e-12, "its median, the slow timing left out");
	n = jg_canary_units(t, 21, false, u, N(u));
	is_int(n, 6, "by batches: 20 kept, in six of three (the last short one left)");
	is_num(u[0], 1.01, 1e-12, "the first batch's median");
	n = jg_canary_units(t, 2, false, u, N(u));
	is_int(n, 1, "two timings: one batch all the same");
	n = jg_canary_units(t, 0, false, u, N(u));
	is_int(n, 0, "no timing: no unit");
	n = jg_canary_units(t, 21, false, u, 2);
	is_int(n, 2, "no more units than room for them");
}

static void
limit_cases(void)
{
	double rise, fall;

	/* A host 5% to 30% slower. */
	jg_limits(2, 0.05, 0.3, JG_TIME, &rise, &fall);
	is_num(rise, 30, 1e-9, "a time on a slower host: a rise of 30% marked at most");
	is_num(fall, 2, 1e-9, "and a fall at the threshold");
	jg_limits(2, 0.05, 0.3, JG_RATE, &rise, &fall);
	is_num(rise, 2, 1e-9, "a rate on a slower host: rises at the threshold");
	is_num(fall, 0.3 / 1.3 * 100, 1e-9, "falls from 1 / 1.3 - 1");
	jg_limits(2, -0.5, 0.1, JG_EITHER, &rise, &fall);
	is_num(rise, 50, 1e-9, "either way: the larger of the two, up");
	is_num(fall, 50, 1e-9, "and down");
	jg_limits(2, 0.5, 20, JG_TIME, &rise, &fall);
	is_num(rise, 1000, 1e-9, "at most 1000% (a numeric bound, not a text's)");
	jg_limits(2, 2.26, 2.26, JG_TIME, &rise, &fall);
	is_num(rise, 226, 1e-9, "2.26 is 226%, not above 10");
	jg_limits(2, -0.01, 0.01, JG_TIME, &rise, &fall);
	is_num(rise, 2, 1e-9, "a host within the threshold changes nothing");
}

static void
verdict_cases(void)
{
	struct jg_test t = {
		.change = 0.2, .lo = 0.1, .hi = 0.3, .level = 0.95,
		.rise = 2, .fall = 2
	};

	is_int(jg_verdict(&t), JG_CHANGED, "+20%, interval +10%..+30%: changed");
	t.busy = true;
	is_int(jg_verdict(&t), JG_DOUBTFUL, "a busy side: doubtful");
	t.busy = false;
	t.rise = 25;
	is_int(jg_verdict(&t), JG_SAME, "below the column's limit: same");
	t.rise = 2;
	t.lo = -0.1;
	is_int(jg_verdict(&t), JG_SAME, "an interval holding zero: same");
	t.lo = 0.1;
	t.change = -0.05;
	is_int(jg_verdict(&t), JG_MIXED, "a fall shown, a rise tested: mixed");
	t.change = -0.5;
	t.lo = -0.6;
	t.hi = -0.4;
	t.fall = 100;
	is_int(jg_verdict(&t), JG_UNTESTABLE, "a fall of at least 100%: untestable");
	t.fall = 2;
	t.level = 0.9;
	is_int(jg_verdict(&t), JG_FEW, "an interval short of 95%: few");
	t.level = 0.95;
	t.placement = true;
	is_int(jg_verdict(&t), JG_PLACEMENT, "other placements: placement, first");
	t.refused = true;
	is_int(jg_verdict(&t), JG_REFUSED, "a side not compared: refused, before all");
}

static void
cpu_set_cases(void)
{
	char a[64], b[64];

	ok(jg_cpu_set("0-1", a, sizeof(a)) && jg_cpu_set("1,0", b, sizeof(b)) &&
	    strcmp(a, b) == 0, "0-1 is 1,0");
	is_str(a, "0,1", "in one form");
	ok(jg_cpu_set("4-5,8,5", a, sizeof(a)), "a list with a CPU twice");
	is_str(a, "4,5,8", "each CPU once, in order");
	ok(jg_cpu_set("5000-5001", a, sizeof(a)), "CPUs past 4096");
	ok(!jg_cpu_set("0-", a, sizeof(a)), "0-: not a list");
	ok(!jg_cpu_set("max", a, sizeof(a)), "a word: not a list");
	ok(!jg_cpu_set("3-1", a, sizeof(a)), "a range backwards: not a list");
	ok(!jg_cpu_set("0-9999", a, sizeof(a)), "more than 4096 CPUs: not a list");
	ok(!jg_cpu_set("0-40", a, 8), "no room for its form: not one");
}

static void
counter_cases(void)
{
	ok(jg_counter_shown(100, 200, 2), "a counter that doubles: a line");
	ok(jg_counter_shown(200, 100, 2), "one that halves: a line");
	ok(!jg_counter_shown(100, 120, 2), "a fifth more: no line");
	ok(jg_counter_shown(100, 125, 2), "a quarter more: a line");
	ok(!jg_counter_shown(100, 125, 30), "a quarter, under a threshold of 30 percent: none");
	ok(jg_counter_shown(0, 5, 2), "from nothing to 5 a second: a line");
	ok(!jg_counter_shown(0, 0.5, 2), "under one a second either side: none");
	ok(!jg_counter_shown(0, 0, 2), "nothing on both sides: none");
}

int
main(void)
{
	canary_cases();
	limit_cases();
	verdict_cases();
	cpu_set_cases();
	counter_cases();
	return done_testing();
}
