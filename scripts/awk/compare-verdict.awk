# compare-verdict.awk: the verdict on every cell and column of a
# comparison, as records that the table (compare-table.awk) and the
# key=value lines (compare-p.awk) both print.
#
# Input: what compare.awk read and checked: the columns (NCOL, CRUNS,
# CRUN), the cells of each run (j SUBSEP row) and column ("c" g SUBSEP
# row) and the placements of its repeats ("u", "o", "q" g SUBSEP row),
# the rows (ROWK, FREE), the columns' problems (NOSIG, BUSY) and the
# smallest rise and fall marked in each (limit_of(), compare-host.awk).
# Output: nothing printed; verdicts() fills, for row i and column g:
#	RHAS	1 when the column has a figure in the row
#	RVAL	the figure as the table shows it (or bimodal k/n, n/a,
#		fail, -); RMED the figure (a number, "" if none)
#	RCV	its spread: the coefficient of variation between the
#		runs' medians (two runs or more), or of the repeats
#	RRUNS, RREPS	the runs and repeats it rests on
#	RMISS	1 when a repeat failed or a saved value was bad
#	RBI	1 when the column's repeats fall into two clusters;
#		then RFAST and RSLOW are their medians, the better
#		cluster's and the other's, RNFAST the better one's repeats
#	RMETH	runs, repeats or none: how the change was estimated
#	RCH, RLO, RHI, RLEV, RP	the change against the first column
#		and its interval (fractions: 0.05 is +5%), the level the
#		interval covers and the test's p ("" where none)
#	RVERD	base, same, changed, placement, bimodal, doubtful,
#		refused or few
#	RTINY	how many of the two sides show as zero (under the
#		figure's resolution): 2, no change (same); 1, the change
#		shown as a difference
#	RPLACE	for a placement verdict, how the sides ran
# and counts for the notes: NV[verdict], NTESTED, METHOD_USED[method],
# ONE_RUN (some change rests on one run a side).
# No rules, no -v variables of its own.

# The rule: a change is marked when its 95% interval excludes zero, its
# size is at least the column's limit that way (the threshold, in
# percent, or what the host's own change of speed could explain where
# that is larger: compare-host.awk) and the interval reaches 95%; a cell whose sides ran
# in different placements gets no mark but its own.

# verdicts(): every record; then each column's usual number of
# repeats a cell, REPS_MODE[g] (the most common), and how many of its
# cells have another, REPS_ODD[g] (an interrupted run's).
function verdicts(    i, g, n, cnt, best) {
	for (i = 1; i <= NROWK; i++)
		for (g = 1; g <= NCOL; g++)
			verdict(i, g, ROWK[i])
	for (g = 1; g <= NCOL; g++) {
		split("", cnt)
		best = 0
		for (i = 1; i <= NROWK; i++)
			if (RHAS[i, g] && ++cnt[n = RREPS[i, g]] > best) {
				best = cnt[n]
				REPS_MODE[g] = n
			}
		REPS_ODD[g] = 0
		for (i = 1; i <= NROWK; i++)
			if (RHAS[i, g] && RREPS[i, g] != REPS_MODE[g])
				REPS_ODD[g]++
	}
}

# verdict(i, g, key): the record of row i (key) in column g.
function verdict(i, g, key,    pc, k, j, c, nr, n, v) {
	pc = g SUBSEP key
	RHAS[i, g] = 0
	RMISS[i, g] = 0
	nr = 0
	for (k = 1; k <= CRUNS[g]; k++) {
		j = CRUN[g, k]
		c = j SUBSEP key
		if (FAILED[c] > 0 || BAD[c] > 0)
			RMISS[i, g] = 1
		if (NVALS[c] > 0) {
			nr++
			RUNMED[g, nr] = median(c)
		}
		if (NA[c] > 0)
			v = "n/a"
		else if (FAILED[c] > 0 && v == "")
			v = "fail"
	}
	n = NVALS["c" pc] + 0
	RRUNS[i, g] = nr
	RREPS[i, g] = n
	RVERD[i, g] = RMETH[i, g] = ""
	RCH[i, g] = RLO[i, g] = RHI[i, g] = RLEV[i, g] = RP[i, g] = ""
	if (n == 0) {
		RVAL[i, g] = v == "" ? "-" : v
		RMED[i, g] = RCV[i, g] = ""
		return
	}
	RHAS[i, g] = 1
	RBI[i, g] = bimodal("c" pc)
	if (RBI[i, g]) {
		RVAL[i, g] = "bimodal " (HIGHER ? BI_HIGH : BI_LOW) "/" n " " FAST
		RMED[i, g] = RCV[i, g] = ""
		BIMODAL = 1
		RFAST[i, g] = HIGHER ? BI_HIGHMED : BI_LOWMED
		RSLOW[i, g] = HIGHER ? BI_LOWMED : BI_HIGHMED
		RNFAST[i, g] = HIGHER ? BI_HIGH : BI_LOW
	} else if (nr >= 2) {
		NVALS["m" pc] = 0
		for (k = 1; k <= nr; k++)
			add("m" pc, RUNMED[g, k])
		RMED[i, g] = median("m" pc)
		RCV[i, g] = cv("m" pc)
	} else {
		RMED[i, g] = median("c" pc)
		RCV[i, g] = cv("c" pc)
	}
	if (RMED[i, g] != "")
		RVAL[i, g] = fmt(RMED[i, g])
	if (RCV[i, g] != "")
		add("cvs" SUBSEP g, RCV[i, g])
	if (g == 1) {
		RVERD[i, g] = "base"
		RMETH[i, g] = "none"
		return
	}
	change(i, g, key)
	NV[RVERD[i, g]]++
	if (RVERD[i, g] ~ /^(same|changed|doubtful|placement)$/ &&
	    RTINY[i, g] != 2)
		NTESTED++
}

# change(i, g, key): the change of column g against the first in row i
# (key), its interval and the verdict.
function change(i, g, key,    x, y, nx, ny, k) {
	RMETH[i, g] = "none"
	if (!RHAS[i, 1]) {
		RVERD[i, g] = "few"
		return
	}
	if (RBI[i, 1] || RBI[i, g]) {
		RVERD[i, g] = NOSIG[g] || NOSIG[1] ? "refused" : "bimodal"
		return
	}
	# Under the figure's resolution on both sides: no change; on one,
	# the difference rather than a percentage of next to nothing.
	RTINY[i, g] = shown_zero(RMED[i, 1]) + shown_zero(RMED[i, g])
	if (RTINY[i, g] == 2) {
		RVERD[i, g] = NOSIG[g] || NOSIG[1] ? "refused" : "same"
		TINY = 1
		return
	}
	if (RTINY[i, g])
		TINY = 1
	if (RRUNS[i, 1] >= 2 && RRUNS[i, g] >= 2) {
		nx = run_medians(1, key, x)
		ny = run_medians(g, key, y)
		welch_shift(x, nx, y, ny)
		RMETH[i, g] = "runs"
	} else {
		nx = repeats_of("c" 1 SUBSEP key, x)
		ny = repeats_of("c" g SUBSEP key, y)
		hl_shift(x, nx, y, ny)
		RMETH[i, g] = "repeats"
	}
	if (!SH_OK) {
		RMETH[i, g] = "none"
		RVERD[i, g] = NOSIG[g] || NOSIG[1] ? "refused" : "few"
		return
	}
	METHOD_USED[RMETH[i, g]] = 1
	if (RMETH[i, g] == "repeats")
		ONE_RUN = 1
	RCH[i, g] = SH_EST
	RLO[i, g] = SH_LO
	RHI[i, g] = SH_HI
	RLEV[i, g] = SH_LEVEL
	RP[i, g] = SH_P
	if (NOSIG[g] || NOSIG[1])
		RVERD[i, g] = "refused"
	else if (FREE[key] && (k = placement(1, g, key)) != "") {
		RVERD[i, g] = "placement"
		RPLACE[i, g] = k
	} else if (SH_LEVEL < shift_level() - 1e-9)
		RVERD[i, g] = "few"
	else if ((SH_LO > 0 || SH_HI < 0) &&
	    (SH_EST < 0 ? -SH_EST : SH_EST) * 100 >= limit_of(g, SH_EST) - 1e-9)
		RVERD[i, g] = BUSY[g] || BUSY[1] ? "doubtful" : "changed"
	else
		RVERD[i, g] = "same"
}

# run_medians(g, key, a): the medians of column g's runs in the row
# (key), into a[1..n]; return n.
function run_medians(g, key, a,    k, j, n) {
	n = 0
	for (k = 1; k <= CRUNS[g]; k++) {
		j = CRUN[g, k]
		if (NVALS[j SUBSEP key] > 0)
			a[++n] = median(j SUBSEP key)
	}
	return n
}

# repeats_of(cell, a): the cell's repeats into a[1..n], sorted; return
# n.
function repeats_of(cell, a,    i, n) {
	n = sort_cell(cell)
	for (i = 1; i <= n; i++)
		a[i] = SVALS[cell, i]
	return n
}

# placement(b, g, key): how columns b and g ran the row (key), when
# they ran it in different placements, else "": the CPUs used were 1 in
# every repeat of one side and 2 or more in every repeat of the other,
# or the CPUs occupied (run_s over the time) or queued (wait_s over it)
# of the sides do not overlap and their medians differ by a quarter of
# a CPU or more (these two not where the sides ran under other CPU
# limits: limits_differ). The run-queue delay's own table (metric wait)
# leaves the time queued out: it is what that table measures.
function placement(b, g, key,    pb, pg, lim) {
	pb = b SUBSEP key
	pg = g SUBSEP key
	lim = limits_differ(b, g)
	if (!(one_cpu(pb) == 1 && one_cpu(pg) == 2 ||
	    one_cpu(pb) == 2 && one_cpu(pg) == 1 ||
	    (!lim && apart("o" pb, "o" pg)) ||
	    (!lim && metric != "wait" && apart("q" pb, "q" pg))))
		return ""
	return side(b, pb) ", " side(g, pg)
}

# limits_differ(b, g): 1 when a run of column b and one of column g
# were under other CPU limits (their cgroup's quota, period, cpu.max or
# cpuset, where both recorded them): the CPUs a cell occupies and the
# time it queues are then what the limit moves, not a placement, and
# only the CPUs used can tell one.
function limits_differ(b, g,    i, k, n, keys, x, y) {
	n = split("cgroup_cpu_max cgroup_cfs_quota_us cgroup_cfs_period_us" \
	    " cgroup_cpuset_cpus", keys, " ")
	for (i = 1; i <= n; i++) {
		x = RENV[CRUN[b, 1], keys[i]]
		for (k = 1; k <= CRUNS[g]; k++) {
			y = RENV[CRUN[g, k], keys[i]]
			if (x != "" && y != "" && x != "unknown" &&
			    y != "unknown" && x != y)
				return 1
		}
	}
	return 0
}

# one_cpu(pc): 1 when every repeat of the column's cell pc ran on one
# CPU, 2 when every one ran on two or more, else 0 (mixed, or unknown
# for some).
function one_cpu(pc,    n, i, ones) {
	n = NVALS["u" pc] + 0
	if (n == 0 || n != NVALS["c" pc])
		return 0
	ones = 0
	for (i = 1; i <= n; i++)
		ones += VALS["u" pc, i] == 1
	return ones == n ? 1 : ones == 0 ? 2 : 0
}

# apart(a, b): 1 when the cells a and b (the placements of every repeat
# of two columns) do not overlap and their medians differ by 0.25 or
# more.
function apart(a, b,    d) {
	if (NVALS[a] == 0 || NVALS[b] == 0 ||
	    NVALS[a] != NVALS["c" substr(a, 2)] ||
	    NVALS[b] != NVALS["c" substr(b, 2)])
		return 0
	if (!(top(a) < bottom(b) || top(b) < bottom(a)))
		return 0
	d = median(a) - median(b)
	return d >= 0.25 || -d >= 0.25
}

# top(cell), bottom(cell): the largest and smallest repeat, in one pass
# (no sort).
function top(cell,    i, n, v) {
	n = NVALS[cell]
	v = VALS[cell, 1] + 0
	for (i = 2; i <= n; i++)
		if (VALS[cell, i] + 0 > v)
			v = VALS[cell, i] + 0
	return v
}
function bottom(cell,    i, n, v) {
	n = NVALS[cell]
	v = VALS[cell, 1] + 0
	for (i = 2; i <= n; i++)
		if (VALS[cell, i] + 0 < v)
			v = VALS[cell, i] + 0
	return v
}

# side(g, pc): how column g ran the cell pc: on how many CPUs in how
# many of its repeats, the median CPUs occupied and queued.
function side(g, pc,    n, i, ones, most, s, u) {
	s = LABEL[g]
	n = NVALS["u" pc] + 0
	if (n > 0) {
		ones = most = 0
		for (i = 1; i <= n; i++) {
			u = VALS["u" pc, i] + 0
			ones += u == 1
			if (u > most)
				most = u
		}
		if (ones * 2 >= n)
			s = s " on one CPU in " ones " of " n " repeats"
		else
			s = s " on " (most == 2 ? "two CPUs" : "2 to " most \
			    " CPUs") " in " n - ones " of " n " repeats"
	} else
		s = s " in " NVALS["c" pc] " repeats"
	if (NVALS["o" pc] > 0 && NVALS["q" pc] > 0)
		s = s " (run/wall " sig2(median("o" pc)) ", wait/wall " \
		    sig2(median("q" pc)) ")"
	return s
}

# fmt(v): a figure in the workload's format.
function fmt(v) {
	if (FMT == "sig3")
		return sprintf(v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v)
	return FMT == "" ? secs(v) : sprintf(FMT, v)
}

# shown_zero(v): 1 when the figure v shows as zero in its format (0.00,
# 0%): under the figure's resolution.
function shown_zero(v) {
	return v != "" && fmt(v) ~ /^-?0+(\.0+)?%?$/
}

# sig2(v): a ratio in two figures, 1.3 or 0.07.
function sig2(v) {
	return sprintf(v >= 1 ? "%.1f" : "%.2f", v)
}
