/*
 * t020-stat: smpb-stat's numerics (src/statmath.c) against values made
 * apart by R, in tests/unit/stat-ref.h, which was written by
 *
 *	Rscript tests/unit/stat-ref.R > tests/unit/stat-ref.h
 *
 * (R 4.2.2, Debian's r-base-core; see the script for what R computes and
 * what it adds from the definitions). Every case's estimate, interval,
 * level, p-value, degrees of freedom and U agree to 1e-8 relative: the
 * Hodges-Lehmann shift exact (3, 5, 7, 8, 49 a side, with and without
 * ties) and by the normal approximation (50 and more a side), Welch's
 * and Yuen's t on the log and the linear scale, shifts of +50% and -15%,
 * the level that 3 a side reach, the exact Mann-Whitney p-value with
 * ties. Then what R was not asked: the linear cases again in other
 * units (times 1e300 and 1e-300), the thinning of very large samples,
 * and the refusals the numerics make (too few, a centre of zero). The
 * protocol of bin/smpb-stat is tests/prog/t613-stat.sh's.
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "statmath.h"
#include "../tap.h"

struct ref {
	const char	*test, *name;
	const double	*x;
	size_t		nx;
	const double	*y;
	size_t		ny;
	int		logs;
	double		level, trim;
	/*
	 * hl, welch, yuen: est, lo, hi, level, p, then exact (hl) or df;
	 * mw: p, u, exact; cv: mean, sd, cv.
	 */
	double		want[6];
};

struct ref_dist {
	char	what;		/* b: I_x(a, b); t: P(|T| > t); q, z: quantile */
	double	a, b, c, want;
};

#include "stat-ref.h"

#define N(v) (sizeof(v) / sizeof(v[0]))

/* Agreement to 1e-8 relative (with a floor for values near zero). */
static bool
close_to(double got, double want)
{
	return fabs(got - want) <= 1e-8 * fabs(want) + 1e-15;
}

#define is_close(got, want, ...) do {					\
	double g_ = (got), w_ = (want);					\
	if (!ok(close_to(g_, w_), __VA_ARGS__))				\
		printf("#   got %.17g, want %.17g\n", g_, w_);		\
} while (0)

static void
check_shift(const struct ref *r)
{
	static const char *const keys[] = { "est", "lo", "hi", "level", "p" };
	struct sm_shift s;
	enum sm_why why;
	double got[5];
	size_t i;

	if (strcmp(r->test, "hl") == 0)
		why = sm_hl(r->x, r->nx, r->y, r->ny, r->logs, r->level, &s);
	else if (strcmp(r->test, "welch") == 0)
		why = sm_welch(r->x, r->nx, r->y, r->ny, r->logs, r->level,
		    &s);
	else
		why = sm_yuen(r->x, r->nx, r->y, r->ny, r->logs, r->trim,
		    r->level, &s);
	if (!ok(why == SM_OK, "%s %s: answered", r->test, r->name))
		return;
	got[0] = s.est;
	got[1] = s.lo;
	got[2] = s.hi;
	got[3] = s.level;
	got[4] = s.p;
	for (i = 0; i < 5; i++)
		is_close(got[i], r->want[i], "%s %s: %s", r->test, r->name,
		    keys[i]);
	if (strcmp(r->test, "hl") == 0)
		is_int(s.exact, (int)r->want[5], "%s %s: exact", r->test,
		    r->name);
	else
		is_close(s.df, r->want[5], "%s %s: df", r->test, r->name);
}

static void
check_case(const struct ref *r)
{
	struct sm_mw mw;
	struct sm_cv cv;

	if (strcmp(r->test, "mw") == 0) {
		if (!ok(sm_mw(r->x, r->nx, r->y, r->ny, &mw) == SM_OK,
		    "mw %s: answered", r->name))
			return;
		is_close(mw.p, r->want[0], "mw %s: p", r->name);
		is_close(mw.u, r->want[1], "mw %s: u", r->name);
		is_int(mw.exact, (int)r->want[2], "mw %s: exact", r->name);
	} else if (strcmp(r->test, "cv") == 0) {
		if (!ok(sm_cv(r->x, r->nx, &cv) == SM_OK, "cv %s: answered",
		    r->name))
			return;
		is_close(cv.mean, r->want[0], "cv %s: mean", r->name);
		is_close(cv.sd, r->want[1], "cv %s: sd", r->name);
		is_close(cv.cv, r->want[2], "cv %s: cv", r->name);
	} else {
		check_shift(r);
	}
}

static void
check_dist(const struct ref_dist *d)
{
	switch (d->what) {
	case 'b':
		is_close(sm_ibeta(d->a, d->b, d->c), d->want,
		    "I_%g(%g, %g)", d->a, d->b, d->c);
		break;
	case 't':
		is_close(sm_t_sf2(d->a, d->b), d->want, "P(|T| > %g), df %g",
		    d->a, d->b);
		is_close(sm_t_sf2(-d->a, d->b), d->want,
		    "P(|T| > |-%g|), df %g", d->a, d->b);
		break;
	case 'q':
		is_close(sm_t_quantile(d->a, d->b), d->want,
		    "t quantile %g, df %g", d->a, d->b);
		break;
	case 'z':
		is_close(sm_norm_quantile(d->a), d->want, "z quantile %g",
		    d->a);
		break;
	}
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * 3000 and 2000 figures: the shift is taken of 1000 evenly spaced order
 * statistics a side, and lands within a hundredth of the shift of all
 * six million differences (worked out here by sorting them); the counts
 * and the p-value are of all the figures.
 */
static void
check_thinning(void)
{
	size_t nx = 3000, ny = 2000, i, j, nd = nx * ny;
	double *x = malloc(nx * sizeof(*x)), *y = malloc(ny * sizeof(*y));
	double *d = malloc(nd * sizeof(*d)), full;
	struct sm_shift s;
	struct sm_mw mw;

	if (x == NULL || y == NULL || d == NULL) {
		skip("no memory for six million differences");
		skip("no memory for six million differences");
		free(x);
		free(y);
		free(d);
		return;
	}
	/* A fixed, uneven spread: a quadratic map of the ranks. */
	for (i = 0; i < nx; i++)
		x[i] = 1 + 0.3 * pow((double)((i * 7919) % nx) / (double)nx, 2);
	for (j = 0; j < ny; j++)
		y[j] = 1.2 + 0.4 * pow((double)((j * 104729) % ny) /
		    (double)ny, 2);
	for (i = 0; i < nx; i++)
		for (j = 0; j < ny; j++)
			d[i * ny + j] = y[j] - x[i];
	qsort(d, nd, sizeof(*d), cmp_double);
	full = (d[nd / 2 - 1] + d[nd / 2]) / 2;
	memcpy(d, x, nx * sizeof(*x));
	qsort(d, nx, sizeof(*d), cmp_double);
	full /= (d[nx / 2 - 1] + d[nx / 2]) / 2;
	ok(sm_hl(x, nx, y, ny, false, 0.95, &s) == SM_OK &&
	    fabs(s.est - full) < 0.01 && s.lo < s.est && s.est < s.hi &&
	    !s.exact, "thinned to 1000 a side: shift %g against all "
	    "differences' %g", s.est, full);
	ok(sm_mw(x, nx, y, ny, &mw) == SM_OK && s.p == mw.p,
	    "thinned: the p-value is of every figure");
	free(x);
	free(y);
	free(d);
}

/*
 * The linear scale is free of the unit: every linear case's answers are
 * the same of its figures times 1e300 and times 1e-300, where their
 * squares and differences would leave a double's range.
 */
static void
check_units(void)
{
	static const double factors[] = { 1e300, 1e-300 };
	char name[160];
	struct ref r;
	double *x, *y;
	size_t i, f, j;

	for (i = 0; i < N(ref_cases); i++) {
		if (ref_cases[i].logs || strcmp(ref_cases[i].test, "cv") == 0 ||
		    strcmp(ref_cases[i].test, "mw") == 0)
			continue;
		for (f = 0; f < N(factors); f++) {
			r = ref_cases[i];
			x = malloc(r.nx * sizeof(*x));
			y = malloc(r.ny * sizeof(*y));
			if (x == NULL || y == NULL)
				return;
			for (j = 0; j < r.nx; j++)
				x[j] = r.x[j] * factors[f];
			for (j = 0; j < r.ny; j++)
				y[j] = r.y[j] * factors[f];
			r.x = x;
			r.y = y;
			snprintf(name, sizeof(name), "%s, times %g", r.name,
			    factors[f]);
			r.name = name;
			check_shift(&r);
			free(x);
			free(y);
		}
	}
}

/* The refusals the numerics make themselves. */
static void
check_refusals(void)
{
	static const double one[] = { 1 }, two[] = { 1, 2 };
	static const double three[] = { 1, 2, 3 };
	static const double centred[] = { -1, 0, 1 }, zeros[] = { 0, 0 };
	struct sm_shift s;
	struct sm_mw mw;
	struct sm_cv cv;

	is_int(sm_cv(one, 1, &cv), SM_TOO_FEW, "cv of one figure: too-few");
	is_int(sm_cv(centred, 3, &cv), SM_ZERO_CENTRE,
	    "cv of mean 0: zero-centre");
	is_int(sm_welch(one, 1, two, 2, true, 0.95, &s), SM_TOO_FEW,
	    "welch with one figure: too-few");
	is_int(sm_yuen(three, 3, three, 3, true, 0.45, 0.95, &s), SM_TOO_FEW,
	    "yuen trimming 3 to 1: too-few");
	is_int(sm_hl(one, 0, two, 2, true, 0.95, &s), SM_TOO_FEW,
	    "hl of nothing: too-few");
	is_int(sm_mw(one, 1, two, 0, &mw), SM_TOO_FEW,
	    "mw of nothing: too-few");
	is_int(sm_hl(centred, 3, two, 2, false, 0.95, &s), SM_ZERO_CENTRE,
	    "hl, linear, median 0: zero-centre");
	is_int(sm_welch(centred, 3, two, 2, false, 0.95, &s), SM_ZERO_CENTRE,
	    "welch, linear, mean 0: zero-centre");
	is_int(sm_yuen(centred, 3, two, 2, false, 0.1, 0.95, &s),
	    SM_ZERO_CENTRE, "yuen, linear, trimmed mean 0: zero-centre");
	ok(sm_welch(zeros, 2, zeros, 2, false, 0.95, &s) == SM_ZERO_CENTRE,
	    "welch of zeros: zero-centre");
	ok(sm_welch(two, 2, two, 2, true, 0.95, &s) == SM_OK &&
	    s.est == 0 && s.p == 1 && s.df > 0, "welch of equal samples: "
	    "no change, p 1");
}

/* Both sides without spread: the interval is the estimate. */
static void
check_no_spread(void)
{
	static const double a[] = { 2, 2, 2 }, b[] = { 3, 3 };
	struct sm_shift s;

	ok(sm_welch(a, 3, b, 2, true, 0.95, &s) == SM_OK &&
	    close_to(s.est, 0.5) && s.lo == s.est && s.hi == s.est &&
	    s.p == 0 && s.df == 0, "welch without spread: +50%%, p 0, df 0");
	ok(sm_welch(a, 3, a, 3, true, 0.95, &s) == SM_OK && s.est == 0 &&
	    s.p == 1, "welch without spread, equal: p 1");
	ok(sm_yuen(a, 3, b, 2, false, 0.1, 0.95, &s) == SM_OK &&
	    close_to(s.est, 0.5) && s.lo == s.est && s.p == 0,
	    "yuen without spread: +50%%, p 0");
}

int
main(void)
{
	size_t i;

	for (i = 0; i < N(ref_cases); i++)
		check_case(&ref_cases[i]);
	for (i = 0; i < N(ref_dists); i++)
		check_dist(&ref_dists[i]);
	check_units();
	check_thinning();
	check_refusals();
	check_no_spread();
	return done_testing();
}
