# stats.awk: how sure a figure is: spread, two clusters, a rank test.
#
# Part of the awk library (see lib.awk), loaded after cells.awk: no
# rules, no -v variables, and nothing printed. It works on the cells of
# cells.awk: VALS[cell], the repeats separated by blanks, and
# NVALS[cell], how many.
#
#   cv(cell)		coefficient of variation of the repeats
#   bimodal(cell)	do the repeats fall into two clusters?
#   mw_p(c1, c2)	two-sided p-value of the Mann-Whitney U test

# The smallest gap between two clusters, as a ratio of their nearest
# repeats: 1.5 means no repeat between x and 1.5x.
function bimodal_gap() {
	return 1.5
}

# Above this many pairs of repeats (n1 * n2), mw_p() leaves counting for
# the normal approximation: 10 repeats a side are counted exactly.
function mw_exact_max() {
	return 100
}

# cv(cell): the repeats' standard deviation (n - 1) over their mean, ""
# for fewer than two repeats or a mean of zero.
function cv(cell,    a, n, i, sum, mean, ss) {
	n = split(VALS[cell], a, " ")
	if (n < 2)
		return ""
	sum = 0
	for (i = 1; i <= n; i++)
		sum += a[i]
	mean = sum / n
	if (mean == 0)
		return ""
	ss = 0
	for (i = 1; i <= n; i++)
		ss += (a[i] - mean) * (a[i] - mean)
	return root(ss / (n - 1)) / (mean < 0 ? -mean : mean)
}

# bimodal(cell): 1 when the repeats fall into two clusters of at least
# two repeats each, with no repeat in a gap of bimodal_gap() between
# them and the gap wider (as a ratio) than either cluster: the placement
# lottery of an unpinned run, where the scheduler put the workers on one
# CPU in some repeats and on two in others. Then BI_LOW and BI_HIGH are
# how many repeats each cluster holds and BI_LOWMED, BI_HIGHMED their
# medians. Positive figures only; 0 otherwise.
function bimodal(cell,    a, n, k, g, best, bk) {
	BI_LOW = BI_HIGH = 0
	n = sorted(VALS[cell], a)
	if (n < 4 || a[1] <= 0)
		return 0
	best = 0
	for (k = 2; k <= n - 2; k++) {
		g = a[k + 1] / a[k]
		if (g > best) {
			best = g
			bk = k
		}
	}
	if (best < bimodal_gap() || best <= a[bk] / a[1] ||
	    best <= a[n] / a[bk + 1])
		return 0
	BI_LOW = bk
	BI_HIGH = n - bk
	BI_LOWMED = mid(a, 1, bk)
	BI_HIGHMED = mid(a, bk + 1, n)
	return 1
}

# mid(a, i, j): the median of the sorted a[i..j].
function mid(a, i, j,    n) {
	n = j - i + 1
	if (n % 2)
		return a[i + (n - 1) / 2]
	return (a[i + n / 2 - 1] + a[i + n / 2]) / 2
}

# mw_p(c1, c2): the two-sided p-value of the Mann-Whitney U test (the
# Wilcoxon rank-sum test) of the repeats of two cells: how likely a
# difference of rank sums at least this large would be if both were
# drawn from one distribution. Tied repeats share their mean rank. With
# at most mw_exact_max() pairs the p-value is exact: every way of
# dealing the pooled ranks into the two groups is counted. Beyond, the
# normal approximation with the tie and continuity corrections. Sets
# MW_EXACT to 1 or 0. "" when a cell has no repeat.
function mw_p(c1, c2,    x, y, nx, ny, n, v, g, r, i, j, k, t, s, ties) {
	nx = split(VALS[c1], x, " ")
	ny = split(VALS[c2], y, " ")
	if (nx == 0 || ny == 0)
		return ""
	n = nx + ny
	for (i = 1; i <= nx; i++) {
		v[i] = x[i] + 0
		g[i] = 1
	}
	for (i = 1; i <= ny; i++) {
		v[nx + i] = y[i] + 0
		g[nx + i] = 0
	}
	# Sort the pool (insertion sort of values and groups together).
	for (i = 2; i <= n; i++) {
		t = v[i]
		k = g[i]
		for (j = i - 1; j >= 1 && v[j] > t; j--) {
			v[j + 1] = v[j]
			g[j + 1] = g[j]
		}
		v[j + 1] = t
		g[j + 1] = k
	}
	# Ranks, doubled so that mean ranks of ties stay whole: positions
	# i..j tied get (i + j) each.
	s = ties = 0
	for (i = 1; i <= n; i = j + 1) {
		for (j = i; j < n && v[j + 1] == v[i]; j++)
			;
		for (k = i; k <= j; k++) {
			r[k] = i + j
			if (g[k])
				s += i + j
		}
		t = j - i + 1
		ties += t * t * t - t
	}
	if (nx * ny <= mw_exact_max()) {
		MW_EXACT = 1
		return mw_exact(r, n, nx, s)
	}
	MW_EXACT = 0
	return mw_normal(nx, ny, s, ties)
}

# mw_exact(r, n, nx, s): the share of the ways to choose nx of the n
# doubled ranks r[1..n] whose sum lies at least as far from its mean,
# nx * (n + 1), as s does. W[k, sum] counts the ways to choose k ranks
# of those seen so far with that sum.
function mw_exact(r, n, nx, s,    W, e, k, u, top, dev, hit, all) {
	W[0, 0] = 1
	top = 0
	for (e = 1; e <= n; e++) {
		top += r[e]
		for (k = (e < nx ? e : nx); k >= 1; k--)
			for (u = top - r[e]; u >= 0; u--)
				if ((k - 1, u) in W)
					W[k, u + r[e]] += W[k - 1, u]
	}
	dev = s - nx * (n + 1)
	if (dev < 0)
		dev = -dev
	hit = all = 0
	for (u = 0; u <= top; u++) {
		if (!((nx, u) in W))
			continue
		all += W[nx, u]
		if (u - nx * (n + 1) >= dev || nx * (n + 1) - u >= dev)
			hit += W[nx, u]
	}
	return hit / all
}

# mw_normal(nx, ny, s, ties): the p-value of U from its normal
# approximation, s being the doubled rank sum of the first group and
# ties the sum of t^3 - t over groups of t tied repeats.
function mw_normal(nx, ny, s, ties,    n, u, mu, var, z) {
	n = nx + ny
	u = s / 2 - nx * (nx + 1) / 2
	mu = nx * ny / 2
	var = nx * ny / 12 * ((n + 1) - ties / (n * (n - 1)))
	if (var <= 0)
		return 1
	z = ((u > mu ? u - mu : mu - u) - 0.5) / root(var)
	if (z <= 0)
		return 1
	return erfc(z / root(2))
}

# erfc(x): the complementary error function for x >= 0 (Abramowitz and
# Stegun 7.1.26, error below 1.5e-7).
function erfc(x,    t) {
	t = 1 / (1 + 0.3275911 * x)
	return t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + \
	    t * (-1.453152027 + t * 1.061405429)))) * expo(-x * x)
}

# Some awks (busybox built without its maths library) have no sqrt() or
# exp(): these two stand in, with arithmetic only.

# root(x): the square root of x >= 0, by Newton's method.
function root(x,    r, i) {
	if (x <= 0)
		return 0
	r = x < 1 ? 1 : x
	for (i = 0; i < 100; i++)
		r = (r + x / r) / 2
	return r
}

# expo(y): e to the y: halve y until it is small, sum the series, then
# square back.
function expo(y,    k, t, s, i) {
	for (k = 0; y > 0.5 || y < -0.5; k++)
		y /= 2
	s = t = 1
	for (i = 1; i <= 12; i++) {
		t *= y / i
		s += t
	}
	for (; k > 0; k--)
		s *= s
	return s
}
