# stats.awk: how sure a figure is: spread, two clusters, a rank test.
#
# Part of the awk library (see lib.awk), loaded after cells.awk: no
# rules, no -v variables, and nothing printed. It works on the cells of
# cells.awk: VALS[cell, i], the repeats in the order met, SVALS[cell, i],
# the same sorted (sort_cell()), and NVALS[cell], how many.
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
function cv(cell,    n, i, sum, mean, ss) {
	n = NVALS[cell] + 0
	if (n < 2)
		return ""
	sum = 0
	for (i = 1; i <= n; i++)
		sum += VALS[cell, i]
	mean = sum / n
	if (mean == 0)
		return ""
	ss = 0
	for (i = 1; i <= n; i++)
		ss += (VALS[cell, i] - mean) * (VALS[cell, i] - mean)
	return root(ss / (n - 1)) / (mean < 0 ? -mean : mean)
}

# bimodal(cell): 1 when the repeats fall into two clusters of at least
# two repeats each, with no repeat in a gap of bimodal_gap() between
# them and the gap wider (as a ratio) than either cluster: the placement
# lottery of an unpinned run, where the scheduler put the workers on one
# CPU in some repeats and on two in others. Then BI_LOW and BI_HIGH are
# how many repeats each cluster holds and BI_LOWMED, BI_HIGHMED their
# medians. Positive figures only; 0 otherwise.
function bimodal(cell,    n, k, g, best, bk) {
	BI_LOW = BI_HIGH = 0
	n = sort_cell(cell)
	if (n < 4 || SVALS[cell, 1] <= 0)
		return 0
	best = 0
	for (k = 2; k <= n - 2; k++) {
		g = SVALS[cell, k + 1] / SVALS[cell, k]
		if (g > best) {
			best = g
			bk = k
		}
	}
	if (best < bimodal_gap() || best <= SVALS[cell, bk] / SVALS[cell, 1] ||
	    best <= SVALS[cell, n] / SVALS[cell, bk + 1])
		return 0
	BI_LOW = bk
	BI_HIGH = n - bk
	BI_LOWMED = mid(cell, 1, bk)
	BI_HIGHMED = mid(cell, bk + 1, n)
	return 1
}

# mid(cell, i, j): the median of the cell's sorted repeats i..j.
function mid(cell, i, j,    n) {
	n = j - i + 1
	if (n % 2)
		return SVALS[cell, i + (n - 1) / 2]
	return (SVALS[cell, i + n / 2 - 1] + SVALS[cell, i + n / 2]) / 2
}

# mw_p(c1, c2): the two-sided p-value of the Mann-Whitney U test (the
# Wilcoxon rank-sum test) of the repeats of two cells: how likely a
# difference of rank sums at least this large would be if both were
# drawn from one distribution. Tied repeats share their mean rank. With
# at most mw_exact_max() pairs the p-value is exact: every way of
# dealing the pooled ranks into the two groups is counted. Beyond, the
# normal approximation with the tie and continuity corrections. Sets
# MW_EXACT to 1 or 0. "" when a cell has no repeat.
function mw_p(c1, c2,    nx, ny, n, i, j, p, q, cx, t, rank, s, ties, r, k) {
	nx = sort_cell(c1)
	ny = sort_cell(c2)
	if (nx == 0 || ny == 0)
		return ""
	n = nx + ny
	MW_EXACT = nx * ny <= mw_exact_max()
	# The pool in order, the two cells' sorted repeats merged, a group
	# of tied repeats at a time: positions p + 1 .. p + q, which share
	# their mean rank, doubled to stay whole: 2p + 1 + q. s sums the
	# first cell's; ties sums q^3 - q; r keeps each rank for the exact
	# count.
	s = ties = p = 0
	i = j = 1
	while (p < n) {
		if (j > ny || (i <= nx && SVALS[c1, i] <= SVALS[c2, j]))
			t = SVALS[c1, i]
		else
			t = SVALS[c2, j]
		for (cx = 0; i <= nx && SVALS[c1, i] == t; i++)
			cx++
		for (q = cx; j <= ny && SVALS[c2, j] == t; j++)
			q++
		rank = 2 * p + 1 + q
		s += cx * rank
		ties += q * q * q - q
		for (k = 1; MW_EXACT && k <= q; k++)
			r[p + k] = rank
		p += q
	}
	if (MW_EXACT)
		return mw_exact(r, n, nx, s)
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
