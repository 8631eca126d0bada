# compare-host.awk: the host's own speed, side by side: whether the CPU
# itself ran at one speed under the runs of each column, by the canary
# timings their host files hold for this workload (canary_ns: smpb-hog
# -p's ns a spin, one after each measurement, in the order taken).
#
# A change the host's speed could explain is not the kernel's. On a
# guest a timing lands at one of two speeds (its CPU shares a core with
# another guest's, or not), the mix holds for a while and moves from one
# run to the next, and the figures move with it. So the sides' timings
# are set against each other as units that are near enough independent
# (with two runs or more a side, each run's; else each run's timings cut
# into about ten batches of consecutive ones, each batch's mean), by
# their trimmed means (10% off each end: a timing that lost a time slice
# weighs no more than another) and Yuen's test, the change with its 95%
# interval. The mean, not the median, is what a workload's seconds
# average over. A host slower by as much as the interval allows makes a
# time (seconds, us a yield, the why figures) that much higher and a
# rate (switches a second) lower; a faster one the other way; the pipe's
# %CPU either way. With one run a side nothing else bounds the host, so
# a change in a direction the host could explain is marked only when it
# is larger than that: the column's threshold that way is raised to it.
# With two runs or more a side, the spread between runs holds the
# host's own, and the threshold is raised only where the hosts of the
# sides differ (the interval excludes zero). Not where either side ran
# under a CPU quota, or the sides under other CPU limits
# (limits_differ(), in compare-verdict.awk): a canary timed in a cgroup
# whose quota the last measurement spent waits for the next period, and
# times the quota.
#
# Input: what compare.awk read (HOST[j, "canary_ns"], RENV, the
# columns' runs CRUNS, CRUN, their LABEL, FACT, HIGHER, metric); -v
# threshold.
# Output: nothing printed; host_speeds() fills, for each column g from
# the second, HSP_EST[g], HSP_LO[g], HSP_HI[g] (the change of the
# trimmed mean timing against the first column's and its interval,
# fractions: 0.3 is 30% slower) where both sides have units enough,
# HSP_RUNS[g] (1: by runs), and RISE[g], FALL[g], the smallest rise and
# fall (percent) marked in the column: the threshold, or more where the
# host could explain more.
# No rules, no -v variables of its own: loaded with compare.awk.

# host_speeds(): the host's speed of every column against the first's.
function host_speeds(    g, x, y, nx, ny, runs, up, down) {
	for (g = 2; g <= NCOL; g++) {
		RISE[g] = FALL[g] = threshold
		HSP_EST[g] = HSP_LO[g] = HSP_HI[g] = HSP_RUNS[g] = ""
		if (under_quota(1) || under_quota(g) || limits_differ(1, g))
			continue
		split("", x)
		split("", y)
		runs = CRUNS[1] >= 2 && CRUNS[g] >= 2
		nx = canary_units(1, x, runs)
		ny = canary_units(g, y, runs)
		if (nx < 2 + 2 * !runs || ny < 2 + 2 * !runs)
			continue
		yuen(x, nx, y, ny, runs ? 0 : 0.1, g)
		HSP_RUNS[g] = runs
		if (runs && !host_moved(g))
			continue
		# How far a slower (up) and a faster (down) host could move a
		# time; a rate the other way, by 1 / (1 + d) - 1.
		up = HSP_HI[g] > 0 ? HSP_HI[g] : 0
		down = HSP_LO[g] < 0 ? -HSP_LO[g] : 0
		if (host_moves() == "rate") {
			RISE[g] = raise(RISE[g], down < 1 ? down / (1 - down) : 10)
			FALL[g] = raise(FALL[g], up / (1 + up))
		} else if (host_moves() == "time") {
			RISE[g] = raise(RISE[g], up)
			FALL[g] = raise(FALL[g], down)
		} else {
			up = up > down ? up : down
			RISE[g] = raise(RISE[g], up)
			FALL[g] = raise(FALL[g], up)
		}
	}
}

# host_moves(): how a slower host moves this table's figure: "time" (up),
# "rate" (down) or "either" (the pipe's %CPU: the facts' host_moves).
function host_moves() {
	if (metric == "" && FACT["host_moves"] != "")
		return FACT["host_moves"]
	return HIGHER ? "rate" : "time"
}

# raise(limit, d): the limit (percent), or the fraction d in percent
# (at most 1000%) where that is larger.
function raise(limit, d) {
	if (d > 10)
		d = 10
	return d * 100 > limit ? d * 100 : limit
}

# limit_of(g, change): the smallest change of that sign marked in column
# g, in percent.
function limit_of(g, change) {
	return change < 0 ? FALL[g] : RISE[g]
}

# under_quota(g): 1 when a run of column g ran under a CPU quota (cgroup
# v1 cpu.cfs_quota_us, v2 cpu.max), as its env recorded.
function under_quota(g,    k, q, m) {
	for (k = 1; k <= CRUNS[g]; k++) {
		q = RENV[CRUN[g, k], "cgroup_cfs_quota_us"]
		m = RENV[CRUN[g, k], "cgroup_cpu_max"]
		if (q ~ /^[0-9]+$/ || m ~ /^[0-9]+( |$)/)
			return 1
	}
	return 0
}

# canary_units(g, a, runs): column g's canary units in this workload
# into a[1..n]; return n: with runs, each run's trimmed mean timing;
# else each batch's mean, about ten batches of consecutive timings a run.
function canary_units(g, a, runs,    k, n, i, j, m, t, v, b, s) {
	n = 0
	for (k = 1; k <= CRUNS[g]; k++) {
		m = 0
		split(HOST[CRUN[g, k], "canary_ns"], t, ",")
		for (i = 1; i in t; i++)
			if (t[i] ~ /^[0-9]+(\.[0-9]+)?$/ && t[i] > 0)
				v[++m] = t[i] + 0
		if (m == 0)
			continue
		if (runs) {
			nsort(v, m)
			a[++n] = trimmed(v, m, 0.1)
			continue
		}
		b = int((m + 9) / 10)
		for (i = 1; i <= m; i += b) {
			s = 0
			for (j = i; j < i + b && j <= m; j++)
				s += v[j]
			a[++n] = s / (j - i)
		}
	}
	return n
}

# trimmed(v, n, gamma): the mean of the sorted v[1..n] without its
# int(gamma * n) smallest and largest.
function trimmed(v, n, gamma,    g, i, s) {
	g = int(gamma * n)
	s = 0
	for (i = g + 1; i <= n - g; i++)
		s += v[i]
	return s / (n - 2 * g)
}

# winsorised_var(v, n, gamma): the variance of the sorted v[1..n] with
# its int(gamma * n) smallest and largest set to the nearest kept.
function winsorised_var(v, n, gamma,    g, i, w, m) {
	g = int(gamma * n)
	for (i = 1; i <= n; i++)
		w[i] = v[i < g + 1 ? g + 1 : i > n - g ? n - g : i]
	m = mean_of(w, n)
	return var_of(w, n, m)
}

# yuen(x, nx, y, ny, gamma, g): the change of y's trimmed mean against
# x's, and its 95% interval by Yuen's test (Welch's where gamma is 0),
# into HSP_EST[g], HSP_LO[g], HSP_HI[g]. Sorts x and y.
function yuen(x, nx, y, ny, gamma, g,    hx, hy, mx, my, dx, dy, se, df, q) {
	nsort(x, nx)
	nsort(y, ny)
	hx = nx - 2 * int(gamma * nx)
	hy = ny - 2 * int(gamma * ny)
	mx = trimmed(x, nx, gamma)
	my = trimmed(y, ny, gamma)
	dx = (nx - 1) * winsorised_var(x, nx, gamma) / (hx * (hx - 1))
	dy = (ny - 1) * winsorised_var(y, ny, gamma) / (hy * (hy - 1))
	se = root(dx + dy)
	q = 0
	if (se > 0) {
		df = (dx + dy) * (dx + dy) / (dx * dx / (hx - 1) + \
		    dy * dy / (hy - 1))
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
	return s " under " LABEL[1] " (canary" (HSP_RUNS[g] ? ", by runs" : "") \
	    ", 95% interval " sprintf("%+.0f%% to %+.0f%%", HSP_LO[g] * 100, \
	    HSP_HI[g] * 100) ")"
}

# host_note(g): the line under a table that says how large a change
# column g takes to be marked, where its host raised that, else "".
function host_note(g,    s) {
	s = ""
	if (RISE[g] > threshold)
		s = "a rise of " sprintf("%.0f", RISE[g]) "% or more"
	if (FALL[g] > threshold)
		s = s (s == "" ? "" : ", ") "a fall of " sprintf("%.0f", \
		    FALL[g]) "% or more"
	if (s == "")
		return ""
	return "* in " LABEL[g] " takes " s ", as its host alone could" \
	    " explain less: " host_text(g) "; more runs a side narrow that."
}
