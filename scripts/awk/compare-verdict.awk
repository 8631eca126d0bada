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
#	RVAL	the figure as the table shows it, in the digits its
#		row needs (RDIG: row_digits()), or n/a, fail, -; RMED
#		the figure (a number, "" if none)
#	RCV	its spread: the coefficient of variation between the
#		runs' medians (two runs or more), or of the repeats
#	RRUNS, RREPS	the runs and repeats it rests on
#	RMISS	1 when a repeat failed or a saved value was bad
#	RBI	1 when the column's repeats fall into two clusters;
#		then RFAST and RSLOW are their medians, the better
#		cluster's and the other's, RNFAST the better one's
#		repeats; the cell is compared all the same, by all its
#		repeats (a rank test sees a cluster that came more often)
#	RMETH	runs, repeats or none: how the change was tested
#	RCH	the change shown: the ratio of the column's figure to
#		the first column's, less one (0.05 is +5%)
#	RSH, RLO, RHI, RLEV, RP	the shift the test estimates (Welch's
#		t of the runs' medians, or the Hodges-Lehmann shift of
#		the repeats) and its interval, as fractions of the first
#		column, the level the interval covers and the test's p
#		("" where none)
#	RVERD	base, same, changed, placement, doubtful,
#		mixed (the interval and the change shown point
#		different ways), untestable (a fall the column's limit
#		could never reach), refused or few
#	REFUSAL	the word of smpb-stat where it refused the figures
#	RTINY	how many of the two sides show as zero (under the
#		figure's resolution): 2, no change (same); 1, the change
#		shown as a difference
#	RPLACE	for a placement verdict, how the sides ran
#	RDIR	better or worse: which way the change shown goes, by the
#		table's own direction (higher or lower is better)
#	RCHT	the change as the table prints it (change_text())
# and counts for the notes: NV[verdict], NTESTED, METHOD_USED[method],
# ONE_RUN (some change rests on one run a side).
# No rules, no -v variables of its own.

# The rule: a change is marked when its 95% interval excludes zero on
# the side of the change shown, and the change shown is at least the
# column's limit that way (the threshold, in percent, or what the
# host's own change of speed could explain where that is larger:
# compare-host.awk); a cell whose sides ran in different placements
# gets no mark but its own.

# verdicts(): every record, in two steps: cells() takes each cell's
# figure (centre()) and asks smpb-stat (stat.awk) for its spread and, from the
# second column on, its change's interval and test; once they are
# answered (and the hosts' speeds with them: compare-host.awk), judge()
# gives each its verdict. Then each column's usual number of repeats a
# cell, REPS_MODE[g] (the most common), and how many of its cells have
# another, REPS_ODD[g] (an interrupted run's).
function cells(    i, g) {
	for (i = 1; i <= NROWK; i++)
		for (g = 1; g <= NCOL; g++)
			centre(i, g, ROWK[i])
}

function verdicts(    i, g, n, cnt, best) {
	for (i = 1; i <= NROWK; i++) {
		for (g = 1; g <= NCOL; g++)
			judge(i, g, ROWK[i])
		row_digits(i)
	}
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

# centre(i, g, key): the figure of row i (key) in column g, and the
# questions it puts to smpb-stat: its spread ("cv" i "." g) and its
# change against the first column ("ch" i "." g).
function centre(i, g, key,    pc, k, j, c, nr, n, v, x, nx) {
	pc = g SUBSEP key
	RHAS[i, g] = 0
	RMISS[i, g] = 0
	nr = 0
	v = ""
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
	RVERD[i, g] = RMETH[i, g] = RTINY[i, g] = ""
	RCH[i, g] = RSH[i, g] = RLO[i, g] = RHI[i, g] = RLEV[i, g] = RP[i, g] = ""
	RCV[i, g] = RMED[i, g] = ""
	if (n == 0) {
		RVAL[i, g] = v == "" ? "-" : v
		return
	}
	RHAS[i, g] = 1
	RBI[i, g] = bimodal("c" pc)
	if (RBI[i, g]) {
		BIMODAL = 1
		RFAST[i, g] = HIGHER ? BI_HIGHMED : BI_LOWMED
		RSLOW[i, g] = HIGHER ? BI_LOWMED : BI_HIGHMED
		RNFAST[i, g] = HIGHER ? BI_HIGH : BI_LOW
	}
	if (nr >= 2) {
		NVALS["m" pc] = 0
		for (k = 1; k <= nr; k++)
			add("m" pc, RUNMED[g, k])
		RMED[i, g] = median("m" pc)
		nx = repeats_of("m" pc, x)
	} else {
		RMED[i, g] = median("c" pc)
		nx = repeats_of("c" pc, x)
	}
	RVAL[i, g] = fmt(RMED[i, g])
	if (nx >= 2 && RMED[i, g] != 0 && !RBI[i, g])
		stat_ask("cv" i "." g, "cv", x, nx)
	if (g > 1)
		ask_change(i, g, key)
}

# ask_change(i, g, key): the question of the change of column g against
# the first in row i (key): with two runs or more a side, Welch's t of
# the runs' medians; else the Hodges-Lehmann shift of the repeats, whose
# interval is the Mann-Whitney test's: a side whose repeats fall into two
# clusters is compared so too, and a cluster that came more often on one
# side moves the shift.
function ask_change(i, g, key,    x, y, nx, ny) {
	if (!RHAS[i, 1])
		return
	if (RRUNS[i, 1] >= 2 && RRUNS[i, g] >= 2) {
		nx = run_medians(1, key, x)
		ny = run_medians(g, key, y)
		RMETH[i, g] = "runs"
		stat_ask("ch" i "." g, "welch", x, nx, y, ny)
	} else {
		nx = repeats_of("c" 1 SUBSEP key, x)
		ny = repeats_of("c" g SUBSEP key, y)
		RMETH[i, g] = "repeats"
		stat_ask("ch" i "." g, "hl", x, nx, y, ny)
	}
}

# judge(i, g, key): the verdict on row i (key) in column g, from the
# answers of smpb-stat. The change shown (RCH) is that of the figures
# shown: the ratio of the two medians; the interval (RLO, RHI) and the
# test (RP) are the shift's (RSH), which marks it. The rule: marked *
# when the interval excludes zero, points the way the change shown
# does, reaches 95%, and the change shown is the column's limit or more
# that way (the threshold, or more where the host's own speed could
# explain more: compare-host.awk); a cell whose sides ran in different
# placements gets no mark but its own (@).
function judge(i, g, key,    id) {
	id = "cv" i "." g
	if (stat_ok(id))
		RCV[i, g] = ST[id, "cv"]
	if (RCV[i, g] != "")
		add("cvs" SUBSEP g, RCV[i, g])
	if (!RHAS[i, g])
		return
	if (g == 1) {
		RVERD[i, g] = "base"
		RMETH[i, g] = "none"
		return
	}
	change(i, g, key)
	# A cell the first column has no figure of is no test at all.
	if (!RHAS[i, 1])
		return
	NV[RVERD[i, g]]++
	if (RVERD[i, g] == "changed")
		NV_DIR[RDIR[i, g]]++
	if (RVERD[i, g] ~ /^(same|changed|doubtful|placement|mixed|untestable)$/ &&
	    RTINY[i, g] != 2)
		NTESTED++
}

# change(i, g, key): the change of column g against the first in row i
# (key), its interval and the verdict.
function change(i, g, key,    id, k, limit, sh) {
	if (!RHAS[i, 1]) {
		RMETH[i, g] = "none"
		RVERD[i, g] = "few"
		return
	}
	# Zero (under the figure's finest resolution) on both sides: no
	# change; on one, the difference rather than a percentage of
	# nothing.
	RTINY[i, g] = shown_zero(RMED[i, 1]) + shown_zero(RMED[i, g])
	if (RTINY[i, g] == 2) {
		RMETH[i, g] = "none"
		RVERD[i, g] = NOSIG[g] || NOSIG[1] ? "refused" : "same"
		TINY = 1
		return
	}
	if (RTINY[i, g])
		TINY = 1
	RCH[i, g] = shown_change(RMED[i, 1], RMED[i, g])
	id = "ch" i "." g
	if (!stat_ok(id)) {
		# Too few figures for a test, or figures smpb-stat refused.
		if (ST[id, "why"] != "" && ST[id, "why"] != "too-few")
			REFUSAL[i, g] = ST[id, "why"]
		RMETH[i, g] = "none"
		RVERD[i, g] = NOSIG[g] || NOSIG[1] ? "refused" : "few"
		return
	}
	METHOD_USED[RMETH[i, g]] = 1
	if (RMETH[i, g] == "repeats")
		ONE_RUN = 1
	RSH[i, g] = ST[id, "est"]
	RLO[i, g] = ST[id, "lo"]
	RHI[i, g] = ST[id, "hi"]
	RLEV[i, g] = ST[id, "level"]
	RP[i, g] = ST[id, "p"]
	sh = RCH[i, g]
	limit = limit_of(g, sh)
	if (NOSIG[g] || NOSIG[1])
		RVERD[i, g] = "refused"
	else if (FREE[key] && (k = placement(1, g, key)) != "") {
		RVERD[i, g] = "placement"
		RPLACE[i, g] = k
	} else if (RLEV[i, g] < shift_level() - 1e-9)
		RVERD[i, g] = "few"
	else if (!(RLO[i, g] > 0 || RHI[i, g] < 0))
		RVERD[i, g] = "same"
	else if (RLO[i, g] > 0 && sh < 0 || RHI[i, g] < 0 && sh > 0)
		RVERD[i, g] = "mixed"
	else if (sh < 0 && limit >= 100)
		RVERD[i, g] = "untestable"
	else if ((sh < 0 ? -sh : sh) * 100 >= limit - 1e-9)
		RVERD[i, g] = BUSY[g] || BUSY[1] ? "doubtful" : "changed"
	else
		RVERD[i, g] = "same"
	RDIR[i, g] = sh == 0 ? "" : (sh > 0) == (HIGHER == 1) ? "better" : "worse"
}

# shown_change(a, b): the change from the figure a to the figure b, as a
# fraction of a: the ratio of the medians shown, less one (of their
# difference over |a| where a is not above zero).
function shown_change(a, b) {
	if (a > 0)
		return b / a - 1
	return a == 0 ? 0 : (b - a) / (a < 0 ? -a : a)
}

# The level of every interval.
function shift_level() {
	return 0.95
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
			    y != "unknown" && !same_setting(keys[i], x, y))
				return 1
		}
	}
	return 0
}

# same_setting(key, x, y): 1 when two runs' values of a setting are the
# same: CPU lists as the sets of CPUs they name (0-1 is 0,1), the rest
# as text.
function same_setting(key, x, y) {
	if (key ~ /cpus$/)
		return cpu_set(x) == cpu_set(y)
	return x == y
}

# cpu_set(list): a CPU list (0-3,8) in one form, every CPU named once in
# order ("0,1,2,3,8"); the list itself where it is not one (a list of
# more than 4096 CPUs is not).
function cpu_set(list,    n, a, i, r, c0, c1, c, seen, s, k) {
	if (list !~ /^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$/)
		return list
	n = split(list, a, ",")
	k = 0
	for (i = 1; i <= n; i++) {
		c0 = c1 = a[i]
		if (index(a[i], "-")) {
			split(a[i], r, "-")
			c0 = r[1] + 0
			c1 = r[2] + 0
		}
		if (c1 - c0 > 4096 || c1 < c0)
			return list
		for (c = c0 + 0; c <= c1 + 0; c++)
			if (!(c in seen) && ++k <= 4096)
				seen[c] = 1
	}
	if (k > 4096)
		return list
	s = ""
	for (c = 0; k > 0; c++)
		if (c in seen) {
			s = s "," c
			k--
		}
	return substr(s, 2)
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

# fmt(v, x): a figure in the workload's format, in the unit the runs
# measured (FIG_SCALE: compare.awk's counted()), with x more decimals
# than the format has (none where x is not given).
function fmt(v, x,    d, f) {
	if (FIG_SCALE != "")
		v *= FIG_SCALE
	x += 0
	if (FMT == "sig3")
		d = (v < 10 && v > -10 ? 2 : v < 100 && v > -100 ? 1 : 0)
	else if (FMT == "")
		d = (v < 10 && v > -10 ? 3 : 2)
	else if (match(FMT, /^%\.[0-9]+f/)) {
		d = substr(FMT, 3, RLENGTH - 3) + 0
		f = substr(FMT, RLENGTH + 1)
		return sprintf("%." (d + x) "f" f, v)
	} else
		return sprintf(FMT, v)
	return sprintf("%." (d + x) "f", v)
}

# The most decimals a figure takes beyond its format's, to show its
# change (row_digits()) or to show it is not zero (shown_zero()).
function more_digits() {
	return 4
}

# shown_zero(v): 1 when the figure v shows as zero (0.00, 0%) even with
# more_digits() decimals more than its format's: zero, or next to it.
function shown_zero(v) {
	return v != "" && fmt(v, more_digits()) ~ /^-?0+(\.0+)?%?$/
}

# row_digits(i): the decimals row i takes beyond its format's, RDIG[i]:
# the fewest (at most more_digits()) with which every change the row
# prints follows from the two figures printed beside it, within half a
# point (so within a point of the change printed, itself rounded), and
# no figure other than zero shows as zero; then each figure (RVAL) and
# change (RCHT) of the row in them.
function row_digits(i,    x, g) {
	for (x = 0; x < more_digits(); x++) {
		for (g = 2; g <= NCOL && row_shows(i, g, x); g++)
			;
		if (g > NCOL)
			break
	}
	RDIG[i] = x
	for (g = 1; g <= NCOL; g++) {
		if (RMED[i, g] != "")
			RVAL[i, g] = fmt(RMED[i, g], x)
		RCHT[i, g] = change_text(i, g)
	}
}

# row_shows(i, g, x): 1 when the figures of row i in column g and in
# the first, with x more decimals, show the change printed beside them
# (within half a point, or 0.5% of a factor) and neither shows as zero
# unless it is.
function row_shows(i, g, x,    a, b, r, c) {
	if (RMED[i, g] == "" || RMED[i, 1] == "")
		return 1
	a = num_of(fmt(RMED[i, 1], x))
	b = num_of(fmt(RMED[i, g], x))
	if (a == 0 && RMED[i, 1] != 0 || b == 0 && RMED[i, g] != 0)
		return 0
	if (RCH[i, g] == "" || RTINY[i, g] != "" && RTINY[i, g] > 0 || a == 0)
		return 1
	r = b / a
	c = RCH[i, g] + 1
	if (factor_shown(RCH[i, g]))
		return r / c - 1 <= 0.005 && c / r - 1 <= 0.005
	return (r - c) * 100 <= 0.5 && (c - r) * 100 <= 0.5
}

# num_of(s): the number a printed figure stands for ("101.4%": 101.4).
function num_of(s) {
	sub(/%$/, "", s)
	return s + 0
}

# factor_shown(ch): 1 when a change ch (a fraction) is printed as a
# factor: more than +500%, or a fall of more than 90% (where a
# percentage would round to -100%).
function factor_shown(ch) {
	return ch > 5 || ch < -0.9
}

# change_text(i, g): the change of row i in column g as the table
# prints it: a percentage, none signed when it rounds to zero (0%); a
# factor past +500% (x290) or below a tenth (x1/12); a difference in the
# figure's unit where a side is zero; "" where there is none.
function change_text(i, g,    c, p) {
	if (g == 1 || !RHAS[i, g] || RTINY[i, g] == 2)
		return ""
	if (RTINY[i, g] == 1)
		return diff(RMED[i, g] - RMED[i, 1], RDIG[i])
	if ((c = RCH[i, g]) == "")
		return ""
	if (c > 5)
		return "x" sig3(c + 1)
	if (c < -0.9)
		return "x1/" sig3(1 / (c + 1))
	return pct0(c)
}

# pct0(c): a change (a fraction) as a whole percentage, signed, or 0%.
function pct0(c,    p) {
	p = sprintf("%.0f", c * 100)
	return p ~ /^-?0$/ ? "0%" : sprintf("%+d%%", p + 0)
}

# sig3(v): a positive number in three figures, 290 or 6.12 or 12.4.
function sig3(v) {
	return sprintf(v >= 99.95 ? "%.0f" : v >= 9.995 ? "%.1f" : "%.2f", v)
}

# diff(v, x): a difference of the figure, signed, in its format (x more
# decimals).
function diff(v, x) {
	return (v < 0 ? "-" : "+") fmt(v < 0 ? -v : v, x)
}

# sig2(v): a ratio in two figures, 1.3 or 0.07.
function sig2(v) {
	return sprintf(v >= 1 ? "%.1f" : "%.2f", v)
}
