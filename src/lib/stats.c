/*
 * stats.c: arithmetic on a vector of samples; no I/O, no state.
 *
 * Every function takes n >= 1 values (n == 0 yields 0). The fairness
 * figures follow their papers: Jain's index (sum x)^2 / (n sum x^2) is 1
 * when every worker did the same work and 1/n when one did it all; the
 * normalised variance, the seed 001 program's fifth column, is the
 * population variance over the squared mean, and equals 1/jain - 1.
 */
#include <float.h>
#include <stdlib.h>

#include "harness.h"

double
stats_mean(const double *v, size_t n)
{
	double sum = 0;
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		sum += v[i];
	return sum / (double)n;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * The middle value, or the mean of the two middle ones. v is sorted in
 * place: arithmetic here makes no copy (an allocation could fail, and
 * this file neither prints nor exits).
 */
double
stats_median(double *v, size_t n)
{
	if (n == 0)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void
stats_minmax(const double *v, size_t n, double *min, double *max)
{
	size_t i;

	*min = *max = n > 0 ? v[0] : 0;
	for (i = 1; i < n; i++) {
		if (v[i] < *min)
			*min = v[i];
		if (v[i] > *max)
			*max = v[i];
	}
}

/*
 * The square root of x >= 0 (0 for anything else), within an ulp or so:
 * x scaled by powers of 4 into [1, 4), where Newton's method from above
 * falls to the root in a few steps, then scaled back. Not libm's sqrt:
 * a program linked with libm maps it into every worker it forks, and
 * page tables and mappings are what fork and exit cost (README).
 */
double
stats_sqrt(double x)
{
	double scale = 1, y = 2, prev;

	if (!(x > 0))
		return 0;
	if (x > DBL_MAX)
		return x;
	while (x >= 4)
		x /= 4, scale *= 2;
	while (x < 1)
		x *= 4, scale /= 2;
	do {
		prev = y;
		y = (y + x / y) / 2;
	} while (y < prev);
	return prev * scale;
}

/* Sample standard deviation (n - 1 in the denominator); 0 for n < 2. */
double
stats_stddev(const double *v, size_t n)
{
	double mean = stats_mean(v, n), ss = 0;
	size_t i;

	if (n < 2)
		return 0;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	return stats_sqrt(ss / (double)(n - 1));
}

/* Coefficient of variation, stddev / mean; 0 when the mean is 0. */
double
stats_cv(const double *v, size_t n)
{
	double mean = stats_mean(v, n);

	return mean == 0 ? 0 : stats_stddev(v, n) / mean;
}

/* Jain's fairness index; 1 for all-zero input (nobody was favoured). */
double
stats_jain(const double *v, size_t n)
{
	double sum = 0, sumsq = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		sum += v[i];
		sumsq += v[i] * v[i];
	}
	if (sumsq == 0)
		return 1;
	return sum * sum / ((double)n * sumsq);
}

/* Population variance over the squared mean; 0 when the mean is 0. */
double
stats_normvar(const double *v, size_t n)
{
	double mean = stats_mean(v, n), ss = 0;
	size_t i;

	if (mean == 0)
		return 0;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	return ss / ((double)n * mean * mean);
}
