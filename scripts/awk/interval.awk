# interval.awk: how large a change is, and how sure: a shift with its
# 95% interval, from the repeats of one run a side or from the runs.
#
# Part of the awk library (see lib.awk), loaded after cells.awk and
# stats.awk, whose add() and mw_p() it uses: no rules, no -v variables,
# and nothing printed. Both estimates work on the logarithms of the
# figures, so that a change is a ratio and its interval a percentage of
# the first side, whatever the unit; where a figure is zero or negative
# they work on the figures and the percentages are of the first side's
# median (or mean).
#
#   hl_shift(x, nx, y, ny)	the Hodges-Lehmann shift of y against x
#				(repeats of two runs) and its
#				distribution-free interval
#   welch_shift(x, nx, y, ny)	Welch's t interval of the difference of
#				the means (the runs' medians a side)
#
# Both set SH_EST, SH_LO and SH_HI (the change and its interval, as
# fractions of the first side: 0.05 is +5%), SH_LEVEL (the interval's
# coverage: 0.95, or less where too few samples cannot reach it), SH_P
# (the two-sided p-value of the same test) and SH_OK (0 where there is
# nothing to estimate).

# The level of every interval.
function shift_level() {
	return 0.95
}

# Above this many pairs (nx * ny), hl_shift() thins each side to this
# many evenly spaced order statistics a side (a crafted run of 20,000
# repeats would otherwise ask for 4e8 differences).
function hl_max_side() {
	return 100
}

# in_order(a, n): 1 when a[1..n] is sorted already (a cell's sorted
# repeats: no sort needed).
function in_order(a, n,    i) {
	for (i = 2; i <= n; i++)
		if (a[i] < a[i - 1])
			return 0
	return 1
}

# logn(x): the natural logarithm of x > 0, with arithmetic only (some
# awks have no log()): x = m * 2^k with m in [0.75, 1.5), then
# log(m) = 2 atanh((m - 1) / (m + 1)) by its series.
function logn(x,    k, z, z2, s, t, i) {
	if (x <= 0)
		return -1e300
	k = 0
	while (x >= 1.5) {
		x /= 2
		k++
	}
	while (x < 0.75) {
		x *= 2
		k--
	}
	z = (x - 1) / (x + 1)
	z2 = z * z
	s = 0
	t = z
	for (i = 1; i <= 41; i += 2) {
		s += t / i
		t *= z2
	}
	return 2 * s + k * 0.69314718055994530942
}

# log_scale(x, nx, y, ny): 1 when every figure of both sides is
# positive, so that the shift can be taken of their logarithms.
function log_scale(x, nx, y, ny,    i) {
	for (i = 1; i <= nx; i++)
		if (x[i] + 0 <= 0)
			return 0
	for (i = 1; i <= ny; i++)
		if (y[i] + 0 <= 0)
			return 0
	return 1
}

# to_change(d, base, logs): a shift d (of logarithms, or of figures
# when logs is 0) as a fraction of the first side.
function to_change(d, base, logs) {
	if (logs)
		return expo(d) - 1
	return base == 0 ? 0 : d / (base < 0 ? -base : base)
}

# thin(a, n, b, m): b[1..m], m evenly spaced order statistics of the
# sorted a[1..n] (its first and last among them); returns m.
function thin(a, n, b, m,    i) {
	if (n <= m) {
		for (i = 1; i <= n; i++)
			b[i] = a[i]
		return n
	}
	for (i = 1; i <= m; i++)
		b[i] = a[1 + int((i - 1) * (n - 1) / (m - 1) + 0.5)]
	return m
}

# hl_shift(x, nx, y, ny): the Hodges-Lehmann estimate of the shift of y
# against x (the median of the nx * ny differences y[j] - x[i]) and its
# distribution-free interval: the k-th smallest and largest differences,
# k the largest for which P(U < k) <= 0.025 under the null hypothesis
# (counted exactly up to mw_exact_max() pairs, by the normal
# approximation beyond). Where no k reaches that (3 repeats a side
# cannot), k is 1, the interval spans every difference, and SH_LEVEL
# says what it covers. SH_P is the Mann-Whitney p-value of the same
# samples.
function hl_shift(x, nx, y, ny,    logs, a, b, na, nb, d, nd, i, j, k,
    base, cx, cy) {
	SH_OK = 0
	if (nx < 1 || ny < 1)
		return
	logs = log_scale(x, nx, y, ny)
	for (i = 1; i <= nx; i++)
		a[i] = x[i] + 0
	for (i = 1; i <= ny; i++)
		b[i] = y[i] + 0
	if (!in_order(a, nx))
		nsort(a, nx)
	if (!in_order(b, ny))
		nsort(b, ny)
	base = logs ? 0 : amid(a, 1, nx)
	na = nx
	nb = ny
	if (nx * ny > hl_max_side() * hl_max_side()) {
		na = thin(a, nx, cx, hl_max_side())
		nb = thin(b, ny, cy, hl_max_side())
		for (i = 1; i <= na; i++)
			a[i] = cx[i]
		for (i = 1; i <= nb; i++)
			b[i] = cy[i]
	}
	# The logarithm keeps the order: taken after the thinning, of the
	# figures kept only.
	for (i = 1; logs && i <= na; i++)
		a[i] = logn(a[i])
	for (i = 1; logs && i <= nb; i++)
		b[i] = logn(b[i])
	nd = 0
	for (i = 1; i <= na; i++)
		for (j = 1; j <= nb; j++)
			d[++nd] = b[j] - a[i]
	nsort(d, nd)
	k = hl_rank(na, nb)
	SH_EST = to_change(amid(d, 1, nd), base, logs)
	SH_LO = to_change(d[k], base, logs)
	SH_HI = to_change(d[nd + 1 - k], base, logs)
	SH_P = mw_p_arrays(a, na, b, nb)
	SH_OK = 1
}

# hl_rank(nx, ny): the rank k of hl_shift()'s interval bounds; sets
# SH_LEVEL, the interval's coverage, 1 - 2 P(U < k).
function hl_rank(nx, ny,    cnt, u, k, all, cum, tail, mu, sd) {
	if (nx * ny > mw_exact_max()) {
		mu = nx * ny / 2
		sd = root(nx * ny * (nx + ny + 1) / 12)
		k = int(mu - 1.959964 * sd)
		if (k < 1)
			k = 1
		SH_LEVEL = shift_level()
		return k
	}
	u_counts(nx, ny, cnt)
	all = 0
	for (u = 0; u <= nx * ny; u++)
		all += cnt[u]
	# P(U < k) = cum(k - 1) / all: the largest k with it <= 0.025.
	cum = 0
	k = 1
	tail = cnt[0] / all
	for (u = 0; u < nx * ny; u++) {
		cum += cnt[u]
		if (cum / all > (1 - shift_level()) / 2)
			break
		k = u + 1
		tail = cum / all
	}
	SH_LEVEL = 1 - 2 * tail
	return k
}

# u_counts(nx, ny, cnt): cnt[u], the number of ways the Mann-Whitney U
# of samples of nx and ny without ties takes each value u, by the
# recurrence c(m, n, u) = c(m - 1, n, u - n) + c(m, n - 1, u).
function u_counts(nx, ny, cnt,    c, m, n, u) {
	for (m = 0; m <= nx; m++)
		for (n = 0; n <= ny; n++)
			for (u = 0; u <= m * n; u++) {
				if (m == 0 || n == 0)
					c[m, n, u] = u == 0
				else
					c[m, n, u] = (u >= n ? c[m - 1, n, u - n] : 0) + \
					    (u <= (m * (n - 1)) ? c[m, n - 1, u] : 0)
			}
	for (u = 0; u <= nx * ny; u++)
		cnt[u] = c[nx, ny, u]
}

# mw_p_arrays(a, na, b, nb): mw_p() of two arrays, through two cells
# of cells.awk that no table uses (their repeats replaced at each call).
function mw_p_arrays(a, na, b, nb,    i) {
	NVALS["\034sh1"] = NVALS["\034sh2"] = 0
	for (i = 1; i <= na; i++)
		add("\034sh1", a[i])
	for (i = 1; i <= nb; i++)
		add("\034sh2", b[i])
	return mw_p("\034sh1", "\034sh2")
}

# amid(a, i, j): the median of the sorted a[i..j].
function amid(a, i, j,    n) {
	n = j - i + 1
	if (n % 2)
		return a[i + (n - 1) / 2]
	return (a[i + n / 2 - 1] + a[i + n / 2]) / 2
}

# welch_shift(x, nx, y, ny): the difference of the means of y and x
# (each at least two: the medians of each side's runs) with Welch's t
# interval, its degrees of freedom by Welch-Satterthwaite; SH_P, Welch's
# t test's two-sided p-value.
function welch_shift(x, nx, y, ny,    logs, a, b, i, ma, mb, va, vb, se,
    df, t, q, base, c) {
	SH_OK = 0
	if (nx < 2 || ny < 2)
		return
	logs = log_scale(x, nx, y, ny)
	for (i = 1; i <= nx; i++)
		a[i] = logs ? logn(x[i]) : x[i] + 0
	for (i = 1; i <= ny; i++)
		b[i] = logs ? logn(y[i]) : y[i] + 0
	ma = mean_of(a, nx)
	mb = mean_of(b, ny)
	va = var_of(a, nx, ma) / nx
	vb = var_of(b, ny, mb) / ny
	base = 0
	if (!logs) {
		for (i = 1; i <= nx; i++)
			c[i] = x[i] + 0
		base = mean_of(c, nx)
	}
	SH_EST = to_change(mb - ma, base, logs)
	SH_LEVEL = shift_level()
	se = root(va + vb)
	if (se == 0) {
		SH_LO = SH_HI = SH_EST
		SH_P = mb == ma ? 1 : 0
		SH_OK = 1
		return
	}
	df = (va + vb) * (va + vb) / (va * va / (nx - 1) + vb * vb / (ny - 1))
	q = t_quantile(1 - (1 - shift_level()) / 2, df)
	SH_LO = to_change(mb - ma - q * se, base, logs)
	SH_HI = to_change(mb - ma + q * se, base, logs)
	t = (mb - ma) / se
	SH_P = t_tail2(t < 0 ? -t : t, df)
	SH_OK = 1
}

function mean_of(a, n,    i, s) {
	s = 0
	for (i = 1; i <= n; i++)
		s += a[i]
	return s / n
}

function var_of(a, n, m,    i, s) {
	s = 0
	for (i = 1; i <= n; i++)
		s += (a[i] - m) * (a[i] - m)
	return s / (n - 1)
}

# t_tail2(t, df): P(|T| > t) for Student's t with df degrees of freedom
# (df need not be whole): the regularised incomplete beta function
# I_x(df / 2, 1 / 2) at x = df / (df + t^2).
function t_tail2(t, df) {
	return ibeta(df / (df + t * t), df / 2, 0.5)
}

# t_quantile(p, df): the t with P(T <= t) = p, for p in (0.5, 1), by
# bisection of t_tail2.
function t_quantile(p, df,    t0, t1, m, i) {
	t0 = 0
	t1 = 1
	while (t_tail2(t1, df) > 2 * (1 - p) && t1 < 1e7)
		t1 *= 2
	for (i = 0; i < 100; i++) {
		m = (t0 + t1) / 2
		if (t_tail2(m, df) > 2 * (1 - p))
			t0 = m
		else
			t1 = m
	}
	return (t0 + t1) / 2
}

# ibeta(x, a, b): the regularised incomplete beta function, by its
# continued fraction (Lentz's method), on the side where it converges.
function ibeta(x, a, b,    bt) {
	if (x <= 0)
		return 0
	if (x >= 1)
		return 1
	bt = expo(lgam(a + b) - lgam(a) - lgam(b) + a * logn(x) + \
	    b * logn(1 - x))
	if (x < (a + 1) / (a + b + 2))
		return bt * beta_cf(x, a, b) / a
	return 1 - bt * beta_cf(1 - x, b, a) / b
}

function beta_cf(x, a, b,    m, m2, aa, c, d, del, h, tiny) {
	tiny = 1e-300
	c = 1
	d = 1 - (a + b) * x / (a + 1)
	if (d < tiny && d > -tiny)
		d = tiny
	d = 1 / d
	h = d
	for (m = 1; m <= 300; m++) {
		m2 = 2 * m
		aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
		d = 1 + aa * d
		if (d < tiny && d > -tiny) d = tiny
		c = 1 + aa / c
		if (c < tiny && c > -tiny) c = tiny
		d = 1 / d
		h *= d * c
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
		d = 1 + aa * d
		if (d < tiny && d > -tiny) d = tiny
		c = 1 + aa / c
		if (c < tiny && c > -tiny) c = tiny
		d = 1 / d
		del = d * c
		h *= del
		if (del - 1 < 1e-12 && 1 - del < 1e-12)
			break
	}
	return h
}

# lgam(z): log Gamma(z) for z > 0 (Lanczos, g = 7, nine terms), with the
# recurrence below 0.5.
function lgam(z,    s, t) {
	if (z < 0.5)
		return lgam(z + 1) - logn(z)
	z -= 1
	s = 0.99999999999980993 + 676.5203681218851 / (z + 1) - \
	    1259.1392167224028 / (z + 2) + 771.32342877765313 / (z + 3) - \
	    176.61502916214059 / (z + 4) + 12.507343278686905 / (z + 5) - \
	    0.13857109526572012 / (z + 6) + 9.9843695780195716e-6 / (z + 7) + \
	    1.5056327351493116e-7 / (z + 8)
	t = z + 7.5
	return 0.91893853320467274178 + (z + 0.5) * logn(t) - t + logn(s)
}
