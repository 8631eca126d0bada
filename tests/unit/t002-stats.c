/*
 * t002-stats: every statistic on vectors whose answers are known by hand.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "harness.h"
#include "../tap.h"

static const double v1[] = { 5 };
static const double v4[] = { 4, 1, 3, 2 };		/* unsorted, even n */
static const double v5[] = { 2, 4, 4, 4, 5, 5, 7, 9, 10 };	/* n = 9 */
static const double even[] = { 3, 3, 3, 3 };
static const double one_did_all[] = { 0, 0, 12, 0 };
static const double zeros[] = { 0, 0, 0 };

#define N(v) (sizeof(v) / sizeof(v[0]))

static const struct {
	const char	*name;
	const double	*v;
	size_t		n;
	double		mean, median, min, max, stddev, jain, normvar;
} cases[] = {
	/* name, vector; mean, median, min, max, stddev, jain, normvar */
	{ "single", v1, N(v1), 5, 5, 5, 5, 0, 1, 0 },
	{ "1..4", v4, N(v4), 2.5, 2.5, 1, 4, 1.2909944487358056, 25.0 / 30,
	  1.25 / 6.25 },
	{ "nine", v5, N(v5), 50.0 / 9, 5, 2, 10, 2.6034165586355518,
	  (50.0 * 50) / (9.0 * 332),
	  (332.0 / 9 - 2500.0 / 81) / (2500.0 / 81) },
	{ "even", even, N(even), 3, 3, 3, 3, 0, 1, 0 },
	{ "one did all", one_did_all, N(one_did_all), 3, 0, 0, 12,
	  6, 0.25, 3 },
	{ "zeros", zeros, N(zeros), 0, 0, 0, 0, 0, 1, 0 },
};

/*
 * stats_sqrt against libm's sqrt: exact on squares, within two ulps
 * from the smallest subnormal to DBL_MAX, 0 below zero.
 */
static void
check_sqrt(void)
{
	double x, worst = 0, err, k;
	int exact = 1;

	for (k = 0; k <= 4096; k++)
		if (stats_sqrt(k * k) != k || stats_sqrt(k * k / 1024) != k / 32)
			exact = 0;
	ok(exact, "sqrt of squares is exact");
	for (x = DBL_MIN / 4096; x < DBL_MAX / 1.37; x *= 1.37) {
		err = fabs(stats_sqrt(x) - sqrt(x)) / sqrt(x);
		if (err > worst)
			worst = err;
	}
	ok(worst <= 2 * DBL_EPSILON, "sqrt within 2 ulps over the range "
	    "(worst %g)", worst / DBL_EPSILON);
	is_num(stats_sqrt(DBL_MAX), sqrt(DBL_MAX), sqrt(DBL_MAX) * 4 *
	    DBL_EPSILON, "sqrt of DBL_MAX");
	is_num(stats_sqrt(-1), 0, 0, "sqrt of a negative is 0");
	is_num(stats_sqrt(0), 0, 0, "sqrt of 0 is 0");
}

int
main(void)
{
	double min, max, copy[16], sorted[4] = { 4, 1, 3, 2 };
	size_t i;

	for (i = 0; i < N(cases); i++) {
		const double *v = cases[i].v;
		size_t n = cases[i].n;

		is_num(stats_mean(v, n), cases[i].mean, 1e-12, "mean %s",
		    cases[i].name);
		memcpy(copy, v, n * sizeof(*v));
		is_num(stats_median(copy, n), cases[i].median, 1e-12,
		    "median %s", cases[i].name);
		stats_minmax(v, n, &min, &max);
		ok(min == cases[i].min && max == cases[i].max, "minmax %s",
		    cases[i].name);
		is_num(stats_stddev(v, n), cases[i].stddev, 1e-12, "stddev %s",
		    cases[i].name);
		is_num(stats_jain(v, n), cases[i].jain, 1e-12, "jain %s",
		    cases[i].name);
		is_num(stats_normvar(v, n), cases[i].normvar, 1e-12,
		    "normvar %s", cases[i].name);
		if (stats_mean(v, n) != 0)
			is_num(stats_jain(v, n), 1 / (1 + stats_normvar(v, n)),
			    1e-12, "jain = 1 / (1 + normvar) for %s",
			    cases[i].name);
	}
	is_num(stats_cv(v4, N(v4)), 1.2909944487358056 / 2.5, 1e-12, "cv");
	is_num(stats_cv(zeros, N(zeros)), 0, 0, "cv of zeros is 0");
	stats_median(sorted, 4);
	ok(sorted[0] == 1 && sorted[1] == 2 && sorted[2] == 3 &&
	    sorted[3] == 4, "median sorts its input in place: no copy made");
	is_num(stats_mean(v1, 0), 0, 0, "mean of nothing is 0");
	is_num(stats_median(copy, 0), 0, 0, "median of nothing is 0");
	check_sqrt();
	return done_testing();
}
