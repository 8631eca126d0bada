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

# The bounds of a canary timing, ns a spin: a spin is a few
# instructions, so nothing a CPU can run takes less than a hundredth of
# a nanosecond or more than a second; a timing outside them is not one
# a run made, and is left out (counted in CANARY_BAD[g] and named).
function canary_min() {
	return 0.01
}
function canary_max() {
	return 1e9
}

# ask_hosts(): the questions of the host's speed, every column's
# canary units against the first column's (Yuen's test of their 10%
# trimmed means; Welch's where runs are the units), "host" g.
function ask_hosts(    g, x, y, nx, ny, runs) {
	for (g = 2; g <= NCOL; g++) {
		HOST_STATE[g] = "unknown"
		if (under_quota(1) || under_quota(g) || limits_differ(1, g)) {
			HOST_STATE[g] = "limits"
			continue
		}
		split("", x)
		split("", y)
		runs = CRUNS[1] >= 2 && CRUNS[g] >= 2
		nx = canary_units(1, x, runs)
		ny = canary_units(g, y, runs)
		HSP_RUNS[g] = runs
		if (nx < 2 + 2 * !runs || ny < 2 + 2 * !runs)
			continue
		HOST_STATE[g] = "asked"
		stat_ask("host" g, "yuen", x, nx, y, ny, "scale=linear trim=" \
		    (runs ? 0 : 0.1) " min=" canary_min() " max=" canary_max())
	}
}

# host_speeds(): from the answers, each column's host speed against the
# first's, and the smallest rise and fall marked in it.
function host_speeds(    g, up, down) {
	for (g = 2; g <= NCOL; g++) {
		RISE[g] = FALL[g] = threshold
		HSP_EST[g] = HSP_LO[g] = HSP_HI[g] = ""
		if (HOST_STATE[g] != "asked")
			continue
		if (!stat_ok("host" g)) {
			HOST_STATE[g] = "unknown"
			continue
		}
		HOST_STATE[g] = "known"
		HSP_EST[g] = ST["host" g, "est"]
		HSP_LO[g] = ST["host" g, "lo"]
		HSP_HI[g] = ST["host" g, "hi"]
		if (HSP_RUNS[g] && !host_moved(g))
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
# into a[1..n]; return n: with runs, each run's median timing; else
# each batch's median, about ten batches of three or more consecutive
# timings a run. Timings outside canary_min() .. canary_max() are not
# timings a run makes: left out, and counted in CANARY_BAD[g]. A timing
# more than three times a run's median, or under a third of it, lost a
# time slice (or the median did): left out too, so that a unit is the
# host's speed, not its worst moments.
function canary_units(g, a, runs,    k, n, i, j, m, t, v, b, w, nw, mid_t, kept) {
	n = 0
	for (k = 1; k <= CRUNS[g]; k++) {
		m = 0
		split(HOST[CRUN[g, k], "canary_ns"], t, ",")
		for (i = 1; i in t; i++) {
			if (t[i] ~ /^[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ &&
			    t[i] + 0 >= canary_min() && t[i] + 0 <= canary_max())
				v[++m] = t[i] + 0
			else
				CANARY_BAD[g]++
		}
		if (m == 0)
			continue
		split("", w)
		for (i = 1; i <= m; i++)
			w[i] = v[i]
		nsort(w, m)
		mid_t = amedian(w, 1, m)
		kept = 0
		for (i = 1; i <= m; i++)
			if (v[i] <= 3 * mid_t && v[i] * 3 >= mid_t)
				v[++kept] = v[i]
		m = kept
		if (runs) {
			for (i = 1; i <= m; i++)
				w[i] = v[i]
			nsort(w, m)
			a[++n] = amedian(w, 1, m)
			continue
		}
		b = int((m + 9) / 10)
		if (b < 3)
			b = 3
		for (i = 1; i + b - 1 <= m || i == 1 && m > 0; i += b) {
			nw = 0
			for (j = i; j < i + b && j <= m; j++)
				w[++nw] = v[j]
			nsort(w, nw)
			a[++n] = amedian(w, 1, nw)
		}
	}
	return n
}

# amedian(a, i, j): the median of the sorted a[i..j].
function amedian(a, i, j,    n) {
	n = j - i + 1
	if (n % 2)
		return a[i + (n - 1) / 2]
	return (a[i + n / 2 - 1] + a[i + n / 2]) / 2
}

# host_unknown_why(g): why column g's host speed is unknown in this
# table, in a few words; "" where a run of it, or of the first column,
# has no host file at all (an older run: the header says so, once).
# The header groups the workloads by it, so it names none.
function host_unknown_why(g,    k, n, s) {
	for (k = 1; k <= CRUNS[g]; k++)
		if (!HOST_FILE[CRUN[g, k]])
			return ""
	for (k = 1; k <= CRUNS[1]; k++)
		if (!HOST_FILE[CRUN[1, k]])
			return ""
	s = ""
	if (CANARY_BAD[g] + CANARY_BAD[1] > 0)
		s = "timings of its CPU that no run makes left out, "
	n = 0
	for (k = 1; k <= CRUNS[g]; k++)
		n += HAS_HOST[CRUN[g, k]]
	if (n == 0)
		return s "no timing of its CPU in its host file"
	return s "too few timings of its CPU"
}

# no_host_file(): the runs without a host file (older runs), "" when
# every run has one (names_of(): compare-head.awk).
function no_host_file(    j, s) {
	s = ""
	for (j = 1; j <= nruns; j++)
		if (COL[j] && !HIST[j] && !HOST_FILE[j])
			s = s " " j
	return s == "" ? "" : names_of(s)
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
	    ", 95% interval " pct0(HSP_LO[g]) " to " pct0(HSP_HI[g]) ")"
}

# host_short(g): how column g's host ran, in a few words for the
# header: "57% slower (+5% to +110%)"; a bound that rounds to zero is
# 0%.
function host_short(g,    d) {
	d = HSP_EST[g] * 100
	return sprintf("%.0f%% ", d < 0 ? -d : d) (d > 0 ? "slower" : "faster") \
	    " (" pct0(HSP_LO[g]) " to " pct0(HSP_HI[g]) ")"
}

# host_note(g): the line under a table that says how large a change
# column g takes to be marked, where its host raised that (the header
# says how the host ran), else "": "Marked in a2 only past +6% and
# -97%: as far as its host's own change of speed could move herd."
function host_note(g,    s, up, down) {
	up = RISE[g] > threshold ? sprintf("%.0f", RISE[g]) : ""
	down = FALL[g] > threshold ? sprintf("%.0f", FALL[g]) : ""
	if (up == "" && down == "")
		return ""
	if (up != "" && up == down)
		s = "Marked in " LABEL[g] " only past +/-" up "%"
	else if (down == "")
		s = "A rise is marked in " LABEL[g] " only past +" up "%"
	else if (up == "")
		s = "A fall is marked in " LABEL[g] " only past -" down "%"
	else
		s = "Marked in " LABEL[g] " only past +" up "% and -" down "%"
	return s ": as far as its host's own change of speed could move " \
	    WHO "."
}
