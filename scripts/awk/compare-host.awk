# compare-host.awk: the host's own speed, side by side: whether the CPU
# itself ran at one speed under the runs of each column, by the canary
# timings their host files hold for this workload (canary_ns: smpb-hog
# -p's ns a spin, ten before the workload and ten after it, in each
# run).
#
# A change the host's speed could explain is not the kernel's. On a
# guest a timing lands at one of two speeds (its CPU shares a core with
# another guest's, or not) and the mix of the two moves from one run to
# the next, and with it every figure. So the difference of the sides'
# mean timings is taken with its 95% interval (Welch's t: the mean, not
# the median, is what a workload's seconds average over), and a column
# whose host may have run faster or slower by more than the threshold
# gets that bound as its threshold: a change no larger is not marked.
# Not where the sides ran under other CPU limits (limits_differ(), in
# compare-verdict.awk): a canary timed in a cgroup whose quota the last
# measurement spent waits for the next period, and times the quota.
#
# Input: what compare.awk read (HOST[j, "canary_ns"], the columns'
# runs CRUNS, CRUN, their LABEL); -v threshold.
# Output: nothing printed; host_speeds() fills, for each column g from
# the second, HSP_EST[g], HSP_LO[g], HSP_HI[g] (the change of the mean
# timing against the first column's and its interval, fractions: 0.3 is
# 30% slower) where both sides have timings enough, HSP_BOUND[g] (the
# interval's end furthest from zero, in percent) and LIMIT[g], the
# smallest change marked in the column: the threshold, or the bound
# where that is larger.
# No rules, no -v variables of its own: loaded with compare.awk.

# The fewest timings a side the difference is taken from.
function host_min_timings() {
	return 4
}

# host_speeds(): the host's speed of every column against the first's.
function host_speeds(    g, x, y, nx, ny) {
	LIMIT[1] = threshold
	nx = canary_timings(1, x)
	for (g = 2; g <= NCOL; g++) {
		LIMIT[g] = threshold
		HSP_EST[g] = HSP_LO[g] = HSP_HI[g] = HSP_BOUND[g] = ""
		split("", y)
		ny = canary_timings(g, y)
		# Under other CPU limits (a quota) the canary times the limit
		# too: right after a measurement that spent the quota it waits
		# for the next period. The limit is named as the runs' context.
		if (nx < host_min_timings() || ny < host_min_timings() ||
		    limits_differ(1, g))
			continue
		mean_change(x, nx, y, ny, g)
		HSP_BOUND[g] = (-HSP_LO[g] > HSP_HI[g] ? -HSP_LO[g] : \
		    HSP_HI[g]) * 100
		if (HSP_BOUND[g] > LIMIT[g])
			LIMIT[g] = HSP_BOUND[g]
	}
}

# canary_timings(g, a): every canary timing of column g's runs in this
# workload into a[1..n]; return n.
function canary_timings(g, a,    k, n, i, m, t) {
	n = 0
	for (k = 1; k <= CRUNS[g]; k++) {
		m = split(HOST[CRUN[g, k], "canary_ns"], t, ",")
		for (i = 1; i <= m; i++)
			if (t[i] ~ /^[0-9]+(\.[0-9]+)?$/ && t[i] > 0)
				a[++n] = t[i] + 0
	}
	return n
}

# mean_change(x, nx, y, ny, g): the change of y's mean against x's, and
# its 95% interval by Welch's t, into HSP_EST[g], HSP_LO[g], HSP_HI[g].
function mean_change(x, nx, y, ny, g,    mx, my, vx, vy, se, df, q) {
	mx = mean_of(x, nx)
	my = mean_of(y, ny)
	vx = var_of(x, nx, mx) / nx
	vy = var_of(y, ny, my) / ny
	se = root(vx + vy)
	q = 0
	if (se > 0) {
		df = (vx + vy) * (vx + vy) / (vx * vx / (nx - 1) + \
		    vy * vy / (ny - 1))
		q = t_quantile(0.975, df)
	}
	HSP_EST[g] = (my - mx) / mx
	HSP_LO[g] = (my - mx - q * se) / mx
	HSP_HI[g] = (my - mx + q * se) / mx
}

# host_moved(g): 1 when column g's host ran at another speed than the
# first column's: the interval of the difference excludes zero.
function host_moved(g) {
	return HSP_EST[g] != "" && (HSP_LO[g] > 0 || HSP_HI[g] < 0)
}

# host_text(g): how column g's host ran against the first column's, in a
# few words: "the CPU ran 30% slower than under a1 (canary, 95% interval
# +5% to +55%)", or "" when the canary cannot tell.
function host_text(g,    d, s) {
	if (HSP_EST[g] == "")
		return ""
	d = HSP_EST[g] * 100
	s = "the CPU ran at a speed not told apart from that"
	if (host_moved(g))
		s = "the CPU ran " sprintf("%.0f%% ", d < 0 ? -d : d) \
		    (d > 0 ? "slower" : "faster") " than"
	return s " under " LABEL[1] " (canary, 95% interval " \
	    sprintf("%+.0f%% to %+.0f%%", HSP_LO[g] * 100, HSP_HI[g] * 100) ")"
}
