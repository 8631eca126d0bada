/*
 * statmath.c: the estimates, intervals and p-values of smpb-stat.
 *
 * Four tests of a change between two samples and one spread:
 *
 *   hl     the Hodges-Lehmann shift (the median of all differences
 *          y[j] - x[i]) with its distribution-free interval, the k-th
 *          smallest and largest differences (Hollander and Wolfe,
 *          Nonparametric Statistical Methods, 4.3), and the two-sided
 *          p-value of the Mann-Whitney test of the same samples;
 *   mw     that p-value alone, and U: exact below SM_EXACT_BELOW a side
 *          (every way of dealing the pooled mid-ranks into two groups
 *          counted, so that ties are exact too), else the normal
 *          approximation with the tie and continuity corrections;
 *   welch  the difference of the means with Welch's t interval, its
 *          degrees of freedom by Welch-Satterthwaite (Welch 1947);
 *   yuen   Yuen's test of trimmed means with winsorised variances
 *          (Yuen 1974), Welch's where nothing is trimmed;
 *   cv     the standard deviation (n - 1) over the absolute mean.
 *
 * Underneath: the regularised incomplete beta function by its continued
 * fraction (Lentz's method, on the side where it converges) with lgamma
 * from libm, Student's t tail from it and its quantile by bisection, the
 * normal tail from libm's erfc. Counts of the exact distributions are
 * doubles: C(98, 49) is about 2.5e28, and only sums of positive counts
 * are taken, so that a probability keeps its relative precision.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "statmath.h"

/* The continued fraction's last term when it has converged. */
#define CF_EPS		1e-16
/* Its terms at most: some sqrt(a) are needed, a = df / 2 up to 1e6. */
#define CF_MAX_TERMS	200000
/* Guards Lentz's divisions against a zero denominator. */
#define CF_TINY		1e-300

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void
sm_sort(double *a, size_t n)
{
	if (n > 1)
		qsort(a, n, sizeof(*a), cmp_double);
}

/* A sorted copy of x[0..n-1], or NULL when memory is short. */
static double *
sorted_copy(const double *x, size_t n)
{
	double *a = malloc(n * sizeof(*a));

	if (a == NULL)
		return NULL;
	memcpy(a, x, n * sizeof(*a));
	sm_sort(a, n);
	return a;
}

double
sm_median_sorted(const double *a, size_t n)
{
	if (n % 2)
		return a[n / 2];
	return (a[n / 2 - 1] + a[n / 2]) / 2;
}

static double
mean_of(const double *a, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += a[i];
	return s / (double)n;
}

/* The variance with n - 1, about the mean m; n >= 2. */
static double
var_of(const double *a, size_t n, double m)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += (a[i] - m) * (a[i] - m);
	return s / (double)(n - 1);
}

/*
 * The exponent e of the power of two above the largest |figure| of both
 * samples: linear figures are taken over 2^e (exactly: only their
 * exponents move), so that their differences, squares and sums neither
 * overflow nor underflow where the figures lie near the ends of a
 * double's range. Changes, intervals, p-values and degrees of freedom
 * are the same of figures in any unit.
 */
static int
common_exponent(const double *x, size_t nx, const double *y, size_t ny)
{
	double top = 0;
	size_t i;
	int e;

	for (i = 0; i < nx; i++)
		top = fmax(top, fabs(x[i]));
	for (i = 0; i < ny; i++)
		top = fmax(top, fabs(y[i]));
	if (top == 0)
		return 0;
	frexp(top, &e);
	return e;
}

static void
rescale(double *a, size_t n, int e)
{
	size_t i;

	for (i = 0; i < n; i++)
		a[i] = ldexp(a[i], -e);
}

/* A difference d (of logarithms when logs) as a fraction of the centre. */
static double
to_change(double d, bool logs, double centre)
{
	if (logs)
		return expm1(d);
	return d / fabs(centre);
}

/*
 * One step of the modified Lentz method with the coefficient aa: the
 * continued fraction's running c and d, and the factor its value takes.
 */
static double
lentz_step(double aa, double *c, double *d)
{
	*d = 1 + aa * *d;
	if (fabs(*d) < CF_TINY)
		*d = CF_TINY;
	*c = 1 + aa / *c;
	if (fabs(*c) < CF_TINY)
		*c = CF_TINY;
	*d = 1 / *d;
	return *d * *c;
}

/*
 * The continued fraction of I_x(a, b) (Numerical Recipes' betacf, by
 * the modified Lentz method), its even and odd terms a step each.
 */
static double
beta_cf(double x, double a, double b)
{
	double c = 1, d, h, aa, del;
	int m;

	d = 1 - (a + b) * x / (a + 1);
	if (fabs(d) < CF_TINY)
		d = CF_TINY;
	d = 1 / d;
	h = d;
	for (m = 1; m <= CF_MAX_TERMS; m++) {
		aa = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		h *= lentz_step(aa, &c, &d);
		aa = -(a + m) * (a + b + m) * x /
		    ((a + 2 * m) * (a + 2 * m + 1));
		del = lentz_step(aa, &c, &d);
		h *= del;
		if (fabs(del - 1) < CF_EPS)
			break;
	}
	return h;
}

/* I_x(a, b), with y = 1 - x. */
static double
ibeta2(double x, double y, double a, double b)
{
	double front;

	if (x <= 0)
		return 0;
	if (y <= 0)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	    b * log(y));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(x, a, b) / a;
	return 1 - front * beta_cf(y, b, a) / b;
}

/* The regularised incomplete beta function I_x(a, b), a, b > 0. */
double
sm_ibeta(double x, double a, double b)
{
	return ibeta2(x, 1 - x, a, b);
}

/* P(|T| > |t|) for Student's t with df > 0 degrees of freedom. */
double
sm_t_sf2(double t, double df)
{
	double t2 = t * t;

	if (isinf(t2))
		return 0;
	return ibeta2(df / (df + t2), t2 / (df + t2), df / 2, 0.5);
}

/*
 * The t with P(T <= t) = p, p in [0.5, 1): bisection of the two-sided
 * tail until the bracket holds no double between its ends.
 */
double
sm_t_quantile(double p, double df)
{
	double lo = 0, hi = 1, mid, want = 2 * (1 - p);
	int i;

	if (p <= 0.5)
		return 0;
	while (sm_t_sf2(hi, df) > want && hi < 1e300)
		hi *= 2;
	for (i = 0; i < 2000; i++) {
		mid = lo + (hi - lo) / 2;
		if (mid <= lo || mid >= hi)
			break;
		if (sm_t_sf2(mid, df) > want)
			lo = mid;
		else
			hi = mid;
	}
	return lo + (hi - lo) / 2;
}

/* P(Z > z) for the standard normal Z. */
double
sm_norm_sf(double z)
{
	return 0.5 * erfc(z / sqrt(2.0));
}

/* The z with P(Z <= z) = p, p in (0, 1), by bisection. */
double
sm_norm_quantile(double p)
{
	double lo = -40, hi = 40, mid;
	int i;

	for (i = 0; i < 2000; i++) {
		mid = lo + (hi - lo) / 2;
		if (mid <= lo || mid >= hi)
			break;
		if (sm_norm_sf(mid) > 1 - p)
			lo = mid;
		else
			hi = mid;
	}
	return lo + (hi - lo) / 2;
}

/*
 * The number of ways to choose k of the n whole ranks r[0..n-1] (in
 * ascending order) for each sum: counts[s], s from 0 to *smax, the sum
 * of the k largest. NULL when memory is short. W[j][s] counts the ways
 * to choose j of the ranks seen so far with sum s.
 */
static double *
subset_sums(const long *r, size_t n, size_t k, long *smax)
{
	double *w, *counts;
	long *sum, lo, hi, s;
	size_t e, j, width;

	/* sum[i]: the sum of the i smallest ranks r[0..i-1]. */
	if ((sum = malloc((n + 1) * sizeof(*sum))) == NULL)
		return NULL;
	sum[0] = 0;
	for (e = 0; e < n; e++)
		sum[e + 1] = sum[e] + r[e];
	*smax = sum[n] - sum[n - k];
	width = (size_t)*smax + 1;
	w = calloc((k + 1) * width, sizeof(*w));
	if (w == NULL) {
		free(sum);
		return NULL;
	}
	w[0] = 1;
	for (e = 0; e < n; e++) {
		for (j = e + 1 < k ? e + 1 : k; j >= 1; j--) {
			double *row = w + j * width;
			double *prev = row - width;

			/*
			 * Choosing r[e] with j - 1 of r[0..e-1]: sums from
			 * the j - 1 smallest to the j - 1 largest of them.
			 */
			lo = sum[j - 1] + r[e];
			hi = sum[e] - sum[e + 1 - j] + r[e];
			if (hi > *smax)
				hi = *smax;
			for (s = hi; s >= lo; s--)
				row[s] += prev[s - r[e]];
		}
	}
	counts = malloc(width * sizeof(*counts));
	if (counts != NULL)
		memcpy(counts, w + k * width, width * sizeof(*counts));
	free(w);
	free(sum);
	return counts;
}

/*
 * The exact two-sided p-value of a rank sum: the share of the ways to
 * choose k of the n doubled mid-ranks r[] whose sum lies at least as
 * far from its mean, k (n + 1), as sobs does. -1 when memory is short.
 */
static double
rank_sum_exact_p(const long *r, size_t n, size_t k, long sobs)
{
	double *counts, hit = 0, all = 0;
	long smax, s, mean = (long)(k * (n + 1)), dev = labs(sobs - mean);

	counts = subset_sums(r, n, k, &smax);
	if (counts == NULL)
		return -1;
	for (s = 0; s <= smax; s++) {
		all += counts[s];
		if (labs(s - mean) >= dev)
			hit += counts[s];
	}
	free(counts);
	return hit / all > 1 ? 1 : hit / all;
}

/* The Mann-Whitney test of the sorted x and y. */
static enum sm_why
mw_sorted(const double *x, size_t nx, const double *y, size_t ny,
    struct sm_mw *out)
{
	size_t n = nx + ny, i = 0, j = 0, pos = 0, cx, q, t;
	double ties = 0, mu, var, z, v;
	long long sx = 0;
	long *r = NULL;

	out->exact = nx < SM_EXACT_BELOW && ny < SM_EXACT_BELOW;
	if (out->exact && (r = malloc(n * sizeof(*r))) == NULL)
		return SM_NO_MEMORY;
	/*
	 * The pool in order, a group of tied figures at a time: positions
	 * pos + 1 .. pos + q share the mean rank, doubled to stay whole:
	 * 2 pos + 1 + q.
	 */
	while (pos < n) {
		v = j >= ny || (i < nx && x[i] <= y[j]) ? x[i] : y[j];
		for (cx = 0; i < nx && x[i] == v; i++)
			cx++;
		for (q = cx; j < ny && y[j] == v; j++)
			q++;
		sx += (long long)cx * (long long)(2 * pos + 1 + q);
		ties += (double)q * q * q - (double)q;
		for (t = 0; r != NULL && t < q; t++)
			r[pos + t] = (long)(2 * pos + 1 + q);
		pos += q;
	}
	out->u = (double)sx / 2 - (double)nx * (double)(nx + 1) / 2;
	if (out->exact) {
		/* Deal the smaller group: the same p, fewer ways to count. */
		if (nx <= ny)
			out->p = rank_sum_exact_p(r, n, nx, (long)sx);
		else
			out->p = rank_sum_exact_p(r, n, ny,
			    (long)((long long)n * (long long)(n + 1) - sx));
		free(r);
		return out->p < 0 ? SM_NO_MEMORY : SM_OK;
	}
	mu = (double)nx * (double)ny / 2;
	var = (double)nx * (double)ny / 12 *
	    ((double)n + 1 - ties / ((double)n * (double)(n - 1)));
	z = var > 0 ? (fabs(out->u - mu) - 0.5) / sqrt(var) : 0;
	out->p = z > 0 ? 2 * sm_norm_sf(z) : 1;
	return SM_OK;
}

enum sm_why
sm_mw(const double *x, size_t nx, const double *y, size_t ny,
    struct sm_mw *out)
{
	double *a, *b;
	enum sm_why why;

	if (nx < 1 || ny < 1)
		return SM_TOO_FEW;
	a = sorted_copy(x, nx);
	b = sorted_copy(y, ny);
	why = a != NULL && b != NULL ? mw_sorted(a, nx, b, ny, out) :
	    SM_NO_MEMORY;
	free(a);
	free(b);
	return why;
}

/*
 * The rank k of the Hodges-Lehmann interval's ends for samples of na and
 * nb without ties: the largest k with P(U < k) <= (1 - level) / 2 under
 * the null hypothesis, at least 1; *cover is the interval's coverage,
 * 1 - 2 P(U < k). Counted exactly below SM_EXACT_BELOW a side (*exact
 * set), else by the normal approximation with the continuity correction.
 * 0 when memory is short.
 */
static size_t
hl_rank_count(size_t na, size_t nb, double level, double *cover);

/*
 * The last exact ranks worked out, by sizes and level: a compare asks
 * for the same few sizes over and over, and counting 49 a side takes
 * milliseconds.
 */
static struct {
	size_t	na, nb, k;
	double	level, cover;
} rank_cache[8];
static size_t rank_cache_next;

size_t
sm_hl_rank(size_t na, size_t nb, double level, double *cover, bool *exact)
{
	size_t i, k;

	*exact = na < SM_EXACT_BELOW && nb < SM_EXACT_BELOW;
	if (!*exact)
		return hl_rank_count(na, nb, level, cover);
	for (i = 0; i < sizeof(rank_cache) / sizeof(rank_cache[0]); i++)
		if (rank_cache[i].k != 0 && rank_cache[i].na == na &&
		    rank_cache[i].nb == nb && rank_cache[i].level == level) {
			*cover = rank_cache[i].cover;
			return rank_cache[i].k;
		}
	k = hl_rank_count(na, nb, level, cover);
	i = rank_cache_next++ % (sizeof(rank_cache) / sizeof(rank_cache[0]));
	rank_cache[i].na = na;
	rank_cache[i].nb = nb;
	rank_cache[i].level = level;
	rank_cache[i].cover = *cover;
	rank_cache[i].k = k;
	return k;
}

/* sm_hl_rank's work, uncached. */
static size_t
hl_rank_count(size_t na, size_t nb, double level, double *cover)
{
	double half = (1 - level) / 2, mu, sd, *counts, all = 0, cum = 0,
	    tail;
	size_t n = na + nb, m = na < nb ? na : nb, k = 1, u, nd = na * nb;
	long *r, smax, base = (long)(m * (m + 1) / 2);
	double kk;

	if (na >= SM_EXACT_BELOW || nb >= SM_EXACT_BELOW) {
		mu = (double)nd / 2;
		sd = sqrt((double)nd * (double)(n + 1) / 12);
		kk = floor(mu + 0.5 - sm_norm_quantile(1 - half) * sd);
		k = kk < 1 ? 1 : kk > (double)(nd + 1) / 2 ?
		    (nd + 1) / 2 : (size_t)kk;
		*cover = 1 - 2 * sm_norm_sf((mu + 0.5 - (double)k) / sd);
		return k;
	}
	if ((r = malloc(n * sizeof(*r))) == NULL)
		return 0;
	for (u = 0; u < n; u++)
		r[u] = (long)u + 1;
	counts = subset_sums(r, n, m, &smax);
	free(r);
	if (counts == NULL)
		return 0;
	for (u = 0; u <= nd; u++)
		all += counts[base + (long)u];
	/* P(U < k) = cum / all after adding the counts of 0 .. k - 1. */
	tail = counts[base] / all;
	for (u = 0; u < nd; u++) {
		cum += counts[base + (long)u];
		if (cum / all > half * (1 + 1e-12))
			break;
		k = u + 1;
		tail = cum / all;
	}
	free(counts);
	*cover = 1 - 2 * tail;
	return k;
}

/*
 * m evenly spaced order statistics of the sorted a[0..n-1] (its first
 * and last among them), in place, where n > m; returns how many are
 * kept. Each index read is at least the one written.
 */
static size_t
thin(double *a, size_t n, size_t m)
{
	size_t i;

	if (n <= m)
		return n;
	for (i = 0; i < m; i++)
		a[i] = a[(i * (n - 1) + (m - 1) / 2) / (m - 1)];
	return m;
}

static void
take_logs(double *a, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		a[i] = log(a[i]);
}

/* The Hodges-Lehmann shift of the sorted a, b (figures, not logs). */
static enum sm_why
hl_sorted(double *a, size_t nx, double *b, size_t ny, bool logs,
    double level, struct sm_shift *out)
{
	double centre = 0, *d;
	size_t na, nb, nd, i, j, k;
	struct sm_mw mw;
	enum sm_why why;
	bool exact;
	int e;

	if ((why = mw_sorted(a, nx, b, ny, &mw)) != SM_OK)
		return why;
	if (!logs) {
		e = common_exponent(a, nx, b, ny);
		rescale(a, nx, e);
		rescale(b, ny, e);
		if ((centre = sm_median_sorted(a, nx)) == 0)
			return SM_ZERO_CENTRE;
	}
	na = thin(a, nx, SM_HL_MAX_SIDE);
	nb = thin(b, ny, SM_HL_MAX_SIDE);
	/* The logarithm keeps the order: taken of the figures kept only. */
	if (logs) {
		take_logs(a, na);
		take_logs(b, nb);
	}
	nd = na * nb;
	if ((d = malloc(nd * sizeof(*d))) == NULL)
		return SM_NO_MEMORY;
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			d[i * nb + j] = b[j] - a[i];
	qsort(d, nd, sizeof(*d), cmp_double);
	k = sm_hl_rank(na, nb, level, &out->level, &exact);
	if (k == 0) {
		free(d);
		return SM_NO_MEMORY;
	}
	out->est = to_change(sm_median_sorted(d, nd), logs, centre);
	out->lo = to_change(d[k - 1], logs, centre);
	out->hi = to_change(d[nd - k], logs, centre);
	out->p = mw.p;
	out->df = 0;
	out->exact = mw.exact && exact;
	free(d);
	return SM_OK;
}

enum sm_why
sm_hl(const double *x, size_t nx, const double *y, size_t ny, bool logs,
    double level, struct sm_shift *out)
{
	double *a, *b;
	enum sm_why why;

	if (nx < 1 || ny < 1)
		return SM_TOO_FEW;
	a = sorted_copy(x, nx);
	b = sorted_copy(y, ny);
	why = a != NULL && b != NULL ?
	    hl_sorted(a, nx, b, ny, logs, level, out) : SM_NO_MEMORY;
	free(a);
	free(b);
	return why;
}

/*
 * The t interval and test of a difference d with squared standard
 * errors vx, vy on hx - 1 and hy - 1 degrees of freedom each (Welch's
 * test, or Yuen's with the trimmed sizes), as changes against centre.
 */
static void
t_shift(double d, double vx, double vy, double hx, double hy, bool logs,
    double centre, double level, struct sm_shift *out)
{
	double se = sqrt(vx + vy), q, sx, sy;

	out->est = to_change(d, logs, centre);
	out->level = level;
	out->exact = false;
	if (se == 0) {
		out->lo = out->hi = out->est;
		out->p = d == 0 ? 1 : 0;
		out->df = 0;
		return;
	}
	/* (vx + vy)^2 / (vx^2 / (hx - 1) + vy^2 / (hy - 1)), by shares. */
	sx = vx / (vx + vy);
	sy = vy / (vx + vy);
	out->df = 1 / (sx * sx / (hx - 1) + sy * sy / (hy - 1));
	q = sm_t_quantile(1 - (1 - level) / 2, out->df);
	out->lo = to_change(d - q * se, logs, centre);
	out->hi = to_change(d + q * se, logs, centre);
	out->p = sm_t_sf2(d / se, out->df);
}

/*
 * A copy of x: its logarithms when logs, else over 2^e; NULL when
 * memory is short.
 */
static double *
scaled_copy(const double *x, size_t n, bool logs, int e)
{
	double *a = malloc(n * sizeof(*a));

	if (a == NULL)
		return NULL;
	memcpy(a, x, n * sizeof(*a));
	if (logs)
		take_logs(a, n);
	else
		rescale(a, n, e);
	return a;
}

enum sm_why
sm_welch(const double *x, size_t nx, const double *y, size_t ny, bool logs,
    double level, struct sm_shift *out)
{
	int e = logs ? 0 : common_exponent(x, nx, y, ny);
	double *a, *b, ma, mb;
	enum sm_why why = SM_OK;

	if (nx < 2 || ny < 2)
		return SM_TOO_FEW;
	a = scaled_copy(x, nx, logs, e);
	b = scaled_copy(y, ny, logs, e);
	if (a == NULL || b == NULL) {
		why = SM_NO_MEMORY;
	} else {
		ma = mean_of(a, nx);
		mb = mean_of(b, ny);
		if (!logs && ma == 0)
			why = SM_ZERO_CENTRE;
		else
			t_shift(mb - ma, var_of(a, nx, ma) / (double)nx,
			    var_of(b, ny, mb) / (double)ny, (double)nx,
			    (double)ny, logs, ma, level, out);
	}
	free(a);
	free(b);
	return why;
}

/* How many figures Yuen's test trims from each end of n. */
static size_t
trimmed_count(size_t n, double trim)
{
	/* The whole part of trim * n, with room for its rounding. */
	return (size_t)floor(trim * (double)n + 1e-9);
}

/*
 * The trimmed mean of the sorted a[0..n-1] without g a side, and the
 * squared standard error Yuen's test gives it: (n - 1) times the
 * winsorised variance (the g smallest and largest set to the nearest
 * kept) over h (h - 1), h = n - 2 g.
 */
static void
trimmed_stats(const double *a, size_t n, size_t g, double *mean, double *se2)
{
	double s = 0, wm = 0, ws = 0, w, h = (double)(n - 2 * g);
	size_t i;

	for (i = g; i < n - g; i++)
		s += a[i];
	*mean = s / h;
	for (i = 0; i < n; i++)
		wm += a[i < g ? g : i >= n - g ? n - g - 1 : i];
	wm /= (double)n;
	for (i = 0; i < n; i++) {
		w = a[i < g ? g : i >= n - g ? n - g - 1 : i];
		ws += (w - wm) * (w - wm);
	}
	*se2 = ws / (h * (h - 1));
}

enum sm_why
sm_yuen(const double *x, size_t nx, const double *y, size_t ny, bool logs,
    double trim, double level, struct sm_shift *out)
{
	size_t gx = trimmed_count(nx, trim), gy = trimmed_count(ny, trim);
	int e = logs ? 0 : common_exponent(x, nx, y, ny);
	double *a, *b, mx, my, vx, vy;
	enum sm_why why = SM_OK;

	if (nx < 2 || ny < 2 || nx - 2 * gx < 2 || ny - 2 * gy < 2)
		return SM_TOO_FEW;
	a = scaled_copy(x, nx, logs, e);
	b = scaled_copy(y, ny, logs, e);
	if (a == NULL || b == NULL) {
		why = SM_NO_MEMORY;
	} else {
		qsort(a, nx, sizeof(*a), cmp_double);
		qsort(b, ny, sizeof(*b), cmp_double);
		trimmed_stats(a, nx, gx, &mx, &vx);
		trimmed_stats(b, ny, gy, &my, &vy);
		if (!logs && mx == 0)
			why = SM_ZERO_CENTRE;
		else
			t_shift(my - mx, vx, vy, (double)(nx - 2 * gx),
			    (double)(ny - 2 * gy), logs, mx, level, out);
	}
	free(a);
	free(b);
	return why;
}

enum sm_why
sm_cv(const double *x, size_t n, struct sm_cv *out)
{
	int e = common_exponent(x, n, NULL, 0);
	enum sm_why why = SM_OK;
	double *a, m, sd;

	if (n < 2)
		return SM_TOO_FEW;
	if ((a = scaled_copy(x, n, false, e)) == NULL)
		return SM_NO_MEMORY;
	m = mean_of(a, n);
	if (m == 0) {
		why = SM_ZERO_CENTRE;
	} else {
		sd = sqrt(var_of(a, n, m));
		out->n = n;
		out->mean = ldexp(m, e);
		out->sd = ldexp(sd, e);
		out->cv = sd / fabs(m);
	}
	free(a);
	return why;
}
