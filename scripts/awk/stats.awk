# stats.awk: whether a cell's repeats fall into two clusters.
#
# Part of the awk library (see lib.awk), loaded after cells.awk: no
# rules, no -v variables, and nothing printed. It works on the cells of
# cells.awk: VALS[cell, i], the repeats in the order met, SVALS[cell, i],
# the same sorted (sort_cell()), and NVALS[cell], how many.
#
#   bimodal(cell)	do the repeats fall into two clusters?
#
# A run's own tables (run, show) and plots mark such cells by this; a
# comparison's clusters are smpb-stat's (src/decide.c, jg_bimodal), by
# the same rule, which t710 holds the two to. What takes more than
# arithmetic (a spread's square root, an interval, a test) is
# smpb-stat's.

# The smallest gap between two clusters, as a ratio of their nearest
# repeats: 1.5 means no repeat between x and 1.5x.
function bimodal_gap() {
	return 1.5
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
