/*
 * t009-hist: the latency histogram: exact counts, merging, and every
 * percentile within 1% of the true order statistic of a sorted array of
 * random values from 100 ns to 100 s; percentiles never decrease.
 */
#include <math.h>
#include <stdlib.h>

#include "harness.h"
#include "../tap.h"

#define N	200000

static struct hist a, b, sum;
static uint64_t v[N];

static int
cmp_u64(const void *x, const void *y)
{
	uint64_t p = *(const uint64_t *)x, q = *(const uint64_t *)y;

	return (p > q) - (p < q);
}

/* A pseudo-random number in [0, 1), the same on every platform. */
static double
uniform(uint64_t *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(*state >> 11) / 9007199254740992.0;
}

static void
test_counts(void)
{
	static const uint64_t small[] = { 0, 1, 1, 63, 64, 100, 127, 128 };
	size_t i;

	hist_clear(&a);
	for (i = 0; i < sizeof(small) / sizeof(small[0]); i++)
		hist_record(&a, small[i]);
	is_int((int)a.samples, 8, "samples counted");
	is_int((int)a.max_ns, 128, "the maximum is exact");
	is_num(hist_quantile(&a, 0), 0, 0, "the smallest: 0 ns");
	is_num(hist_quantile(&a, 0.25), 1, 0, "below 128 ns every value has "
	    "a bucket: the 2nd of 8 is 1 ns");
	is_num(hist_quantile(&a, 0.5), 63, 0, "the 4th of 8: 63 ns");
	is_num(hist_quantile(&a, 0.75), 100, 0, "the 6th of 8: 100 ns");
	is_num(hist_quantile(&a, 1), 128, 0, "the last: the maximum");
	hist_clear(&b);
	is_num(hist_quantile(&b, 0.5), 0, 0, "an empty histogram: 0");
	hist_record(&b, 1000000000);	/* 1 s */
	hist_record(&b, 5);
	hist_clear(&sum);
	hist_add(&sum, &a);
	hist_add(&sum, &b);
	is_int((int)sum.samples, 10, "merge: the samples add up");
	is_int((int)sum.max_ns, 1000000000, "merge: the larger maximum");
	is_num(hist_quantile(&sum, 0.1), 0, 0, "merge: the counts add up (1st)");
	is_num(hist_quantile(&sum, 0.2), 1, 0, "merge: 2nd of 10");
	is_num(hist_quantile(&sum, 0.4), 5, 0, "merge: 4th of 10 is b's 5 ns");
	hist_record(&a, (uint64_t)1 << 50);	/* beyond the range */
	is_int((int)(a.max_ns >> 50), 1, "a value beyond 275 s: kept as max");
	ok(hist_quantile(&a, 1) <= (double)((uint64_t)1 << 50),
	    "and no percentile above it");
}

static void
test_error_bound(void)
{
	static const double q[] = {
		0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 0.9999, 1
	};
	uint64_t state = 42, want;
	double got, exact, worst = 0, prev = 0;
	size_t i, monotone = 1;

	hist_clear(&a);
	for (i = 0; i < N; i++) {
		/* log-uniform over 100 ns .. 100 s */
		v[i] = (uint64_t)(100.0 * pow(1e9, uniform(&state)));
		hist_record(&a, v[i]);
	}
	qsort(v, N, sizeof(v[0]), cmp_u64);
	for (i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
		want = (uint64_t)(q[i] * N + 0.5);
		exact = (double)v[(want < 1 ? 1 : want) - 1];
		got = hist_quantile(&a, q[i]);
		if (fabs(got - exact) / exact > worst)
			worst = fabs(got - exact) / exact;
		monotone &= got >= prev;
		prev = got;
	}
	ok(worst <= 0.01, "every percentile within 1%% of the sorted array's "
	    "(worst %.3f%%)", worst * 100);
	ok(monotone, "percentiles never decrease");
	is_int((int64_t)a.max_ns, (int64_t)v[N - 1], "the maximum is exact");
}

int
main(void)
{
	test_counts();
	test_error_bound();
	return done_testing();
}
