/*
 * statmath.h: the inference of smpb-stat, apart from its protocol so
 * that the unit tests link it alone (tests/unit/t020-stat.c).
 *
 * Every test takes two samples, x (the first side) and y, and gives
 * the change of y against x as a fraction of x: on the log scale (the
 * logarithms of the figures) exp(d) - 1, on the linear scale d over the
 * absolute value of x's centre, d being the estimate's difference. The
 * functions check what only they can see (a centre of zero, a sample too
 * small, a figure beyond the range a double holds once computed); the
 * caller checks the figures themselves (finite, positive for the log
 * scale, within the caller's bounds).
 */
#ifndef STATMATH_H
#define STATMATH_H

#include <stdbool.h>
#include <stddef.h>

/* Why a test gives no answer: the words of smpb-stat's refusals. */
enum sm_why {
	SM_OK = 0,
	SM_SYNTAX,
	SM_UNKNOWN_TEST,
	SM_TOO_FEW,
	SM_TOO_MANY,
	SM_NOT_FINITE,
	SM_NOT_POSITIVE,
	SM_RANGE,
	SM_ZERO_CENTRE,
	SM_MISSING,		/* a table without all it declared */
	SM_NO_MEMORY		/* not a refusal: the program stops */
};

/*
 * Below this many figures on both sides the Mann-Whitney p-value and
 * the Hodges-Lehmann interval are counted exactly (as R's wilcox.test
 * does: fewer than 50 a side); from it on, the normal approximation.
 */
#define SM_EXACT_BELOW	50
/*
 * The Hodges-Lehmann shift is taken of at most this many evenly spaced
 * order statistics a side (the first and last among them), so that its
 * differences number at most a million: time and memory stay bounded.
 */
#define SM_HL_MAX_SIDE	1000

/* cv: mean, standard deviation (n - 1) and sd / |mean|. */
struct sm_cv {
	size_t	n;
	double	mean, sd, cv;
};

/*
 * A shift of y against x. est, lo and hi as fractions of x; level the
 * interval's coverage; p the two-sided p-value; df the t tests' degrees
 * of freedom (0 where both variances are 0); exact 1 where p and the
 * interval were counted exactly (hl).
 */
struct sm_shift {
	double	est, lo, hi, level, p, df;
	bool	exact;
};

/* mw: two-sided p-value, U of x (pairs with x above y, ties as halves). */
struct sm_mw {
	double	p, u;
	bool	exact;
};

enum sm_why	sm_cv(const double *, size_t, struct sm_cv *);
enum sm_why	sm_mw(const double *, size_t, const double *, size_t,
		    struct sm_mw *);
enum sm_why	sm_hl(const double *, size_t, const double *, size_t, bool,
		    double, struct sm_shift *);
enum sm_why	sm_welch(const double *, size_t, const double *, size_t, bool,
		    double, struct sm_shift *);
enum sm_why	sm_yuen(const double *, size_t, const double *, size_t, bool,
		    double, double, struct sm_shift *);

/* Sorting figures, and the median of sorted ones (n >= 1), for the
 * decisions of decide.c too. */
void	sm_sort(double *, size_t);
double	sm_median_sorted(const double *, size_t);

/* The distributions underneath, for the unit tests. */
double	sm_ibeta(double, double, double);
double	sm_t_sf2(double, double);
double	sm_t_quantile(double, double);
double	sm_norm_sf(double);
double	sm_norm_quantile(double);
size_t	sm_hl_rank(size_t, size_t, double, double *, bool *);

#endif
