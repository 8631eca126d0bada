# compare-verdict.awk: the verdict on every cell and column of a
# comparison, as records that the table (compare-table.awk) and the
# key=value lines (compare-p.awk) both print: handed to smpb-stat, which
# decides them (stat.awk), and read back.
#
# Input: what compare.awk read: the runs, their columns and facts (COL,
# NCOL, CRUNS, CRUN, RENV, HOST, HIST, INCOMPLETE...), each run's cells
# (j SUBSEP row: VALS, NVALS, FAILED, BAD, NA), where each column's
# repeats of an unpinned row ran ("u", "o", "q" g SUBSEP row), each
# run's options in each row (PARAM, LFLAG), the rows (ROWK, FREE).
# Output: nothing printed; judge_table() hands the table over and reads
# the answers: the runs' problems (problem(): compare-check.awk), each
# column's host (compare-host.awk's HOST_STATE...) and for row i and
# column g, of each cell answered (compare-runs.awk's row_cells()):
#	RHAS	1 when the column has a figure in the row
#	RVAL	the figure as shown, in the digits its row needs (RDIG:
#		row_digits()), or n/a, fail, -; RMED the figure ("": none)
#	RCV	its spread: the coefficient of variation between the
#		runs' medians (two runs or more), or of the repeats
#	RRUNS, RREPS	the runs and repeats it rests on
#	RMISS	1 when a repeat failed or a saved value was bad
#	RBI	1 when the column's repeats fall into two clusters; then
#		RFAST and RSLOW are their medians, the better cluster's
#		and the other's, RNFAST the better one's repeats; the cell
#		is compared all the same, by all its repeats (a rank test
#		sees a cluster that came more often)
#	RMETH	runs, repeats or none: how the change was tested
#	RCH	the change shown: the column's figure over the first
#		column's, less one (0.05 is +5%)
#	RSH, RLO, RHI, RLEV, RP	the shift the test estimates (Welch's
#		t of the runs' medians, or the Hodges-Lehmann shift of the
#		repeats) and its interval, as fractions of the first column,
#		the level the interval covers and the test's p ("" if none)
#	RVERD	base, same, changed, placement, doubtful, mixed (the
#		interval and the change shown point different ways),
#		untestable (a fall the column's limit could never
#		reach), refused or few
#	REFUSAL	the word of smpb-stat where it refused the figures
#	RSHORT	1 where the interval covers less than the level
#	RSTOOD	with clusters in it and the first column: 1 where each
#		stood within the threshold, else 0
#	RTINY	the sides that show as zero (more_digits() decimals):
#		2, no change (same); 1, the change shown as a difference
#	RPLACE	for a placement verdict, how the sides ran
#	RDIR	better or worse: which way the change shown goes, by the
#		table's own direction (higher or lower is better)
#	RCHT	the change as the table prints it (change_text())
# verdicts() then counts them for the notes: NV[verdict], NV_DIR,
# METHOD_USED[method], ONE_RUN (some change rests on one run a side),
# TINY, BIMODAL; and each column's usual number of repeats a cell,
# REPS_MODE[g], and how many of its cells have another, REPS_ODD[g]. No
# rules, no -v variables of its own.

# judge_table(head): the table handed to smpb-stat and judged: with
# head, the runs' checks alone (the header's); else the whole table.
function judge_table(head) {
	stat_put("table runs=" nruns " cols=" NCOL " rows=" (head ? 0 : NROWK) \
	    " head=" (head ? 1 : 0) (threshold == "" ? "" : " threshold=" \
	    threshold) " higher=" HIGHER " moves=" host_moves() " wait=" \
	    (metric == "wait") " counters=" (metric == "ss") " force=" \
	    (force ? 1 : 0) " zero=" zero_below())
	table_runs()
	if (!head)
		table_cells()
	stat_run()
	answers()
}

# table_runs(): each run of the table, its column and the facts its
# checks and its host's speed rest on; the env of a run without a
# run_id, for the check of the same run twice.
function table_runs(    j, k, s) {
	for (j = 1; j <= nruns; j++) {
		if (!COL[j])
			continue
		s = "run j=" j " g=" COL[j] " hist=" (HIST[j] ? 1 : 0) \
		    " hostfile=" (HOST_FILE[j] ? 1 : 0) " hosthere=" \
		    (HAS_HOST[j] ? 1 : 0) " hsettle_there=" \
		    ((j, "settle_state") in HOST ? 1 : 0) " incomplete=" \
		    ((j in INCOMPLETE) ? 1 : 0) " emulated=" \
		    (RENV[j, "emulated"] == 1 ? 1 : 0)
		s = s env_word(j, "id", "run_id") env_word(j, "profile", \
		    "profile") env_word(j, "model", "cpu_model") \
		    env_word(j, "cpus", "cpus_online") env_word(j, "load", \
		    "load_other") env_word(j, "others", "other_runs") \
		    env_word(j, "settle", "settle_state") \
		    env_word(j, "cpumax", "cgroup_cpu_max") \
		    env_word(j, "quota_us", "cgroup_cfs_quota_us") \
		    env_word(j, "period_us", "cgroup_cfs_period_us") \
		    env_word(j, "cpuset", "cgroup_cpuset_cpus")
		if (HOST[j, "settle_state"] != "")
			s = s " hsettle=" stat_esc(HOST[j, "settle_state"])
		if (HOST[j, "steal_pct"] != "")
			s = s " steal=" stat_esc(HOST[j, "steal_pct"])
		if (HOST[j, "canary_ns"] != "")
			s = s " canary=" HOST[j, "canary_ns"]
		stat_put(s)
		if (RENV[j, "run_id"] != "")
			continue
		for (k = 1; k <= ENVN[j]; k++)
			stat_put("env j=" j " k=" stat_esc(ENVKEY[j, k]) " v=" \
			    stat_esc(RENV[j, ENVKEY[j, k]]))
	}
}

# env_word(j, word, key): " word=value" of run j's env key, "" where it
# has none.
function env_word(j, word, key) {
	if (!((j, key) in RENV))
		return ""
	return " " word "=" stat_esc(RENV[j, key])
}

# table_cells(): the rows, each run's repeats of each and its options,
# and where each column's repeats of an unpinned row ran.
function table_cells(    i, j, key, c, pc, n, k, runs, cols) {
	for (i = 1; i <= NROWK; i++) {
		key = ROWK[i]
		stat_put("row i=" i " free=" (FREE[key] ? 1 : 0) pinned_rows(i))
		n = split(ROW_RUNS[key], runs, " ")
		for (k = 1; k <= n; k++) {
			if (!COL[j = runs[k]])
				continue
			c = j SUBSEP key
			if (NVALS[c] + FAILED[c] + BAD[c] + NA[c] > 0) {
				stat_part("fig i=" i " j=" j " v=")
				stat_list(VALS, c)
				stat_put(" failed=" FAILED[c] + 0 " bad=" BAD[c] + 0 \
				    " na=" NA[c] + 0)
			}
			if ((j, key) in PARAM)
				stat_put("param i=" i " j=" j " l=" LFLAG[j, key] \
				    " p=" stat_esc(PARAM[j, key]))
		}
		if (!FREE[key])
			continue
		n = row_columns(runs, n, cols)
		for (k = 1; k <= n; k++) {
			pc = cols[k] SUBSEP key
			if (NVALS["u" pc] + NVALS["o" pc] + NVALS["q" pc] == 0)
				continue
			stat_part("place i=" i " g=" cols[k] " u=")
			stat_list(VALS, "u" pc)
			stat_part(" o=")
			stat_list(VALS, "o" pc)
			stat_part(" q=")
			stat_list(VALS, "q" pc)
			stat_put("")
		}
	}
}

# zero_below(): the figures so small that they show as zero with
# more_digits() decimals more than the format's, in the unit the runs
# saved (the figure is shown times FIG_SCALE).
function zero_below(    d, z, k) {
	if (FMT == "sig3")
		d = 2
	else if (FMT == "")
		d = 3
	else if (match(FMT, /^%\.[0-9]+f/))
		d = substr(FMT, 3, RLENGTH - 3) + 0
	else
		d = 0
	# No ^: busybox's awk may have no maths library.
	z = 0.5
	for (k = 0; k < d + more_digits(); k++)
		z /= 10
	return sprintf("%.3g", z / (FIG_SCALE != "" && FIG_SCALE > 0 ? \
	    FIG_SCALE : 1))
}

# answers(): the answers of smpb-stat into the records.
function answers(    k, kind) {
	for (k = 1; k <= NANS; k++) {
		kind = ANS_KIND[k]
		if (kind == "rules")
			rules_of(k)
		else if (kind == "problem")
			problem_of(k)
		else if (kind == "col")
			column_of(k)
		else if (kind == "cell")
			cell_of(k)
		else if (kind == "set")
			CPUSET_AS[ans(k, "j")] = ans(k, "same")
		else if (kind == "line")
			SHOW[ans(k, "i")] = ans(k, "show") + 0
	}
}

# column_of(k): a column's answer: its usual repeats, its host, and
# its cells counted as the headline says them (COL_COUNT[g], the
# tab-separated counts: tested, worse, better, placed, in doubt worse,
# in doubt better, too few repeats; then 1 where its changes are in
# doubt).
function column_of(k,    g, keys, n, i) {
	g = ans(k, "g")
	REPS_MODE[g] = ans(k, "mode") + 0
	REPS_ODD[g] = ans(k, "odd") + 0
	if (g == 1)
		return
	HOST_STATE[g] = ans(k, "host")
	HOST_WHY[g] = ans(k, "unknown")
	CANARY_BAD[g] = ans(k, "bad") + 0
	HSP_EST[g] = ansn(k, "est")
	HSP_LO[g] = ansn(k, "lo")
	HSP_HI[g] = ansn(k, "hi")
	HSP_RUNS[g] = ans(k, "byruns") + 0
	HOST_MOVED[g] = ans(k, "moved") + 0
	n = split("tested worse better placed dworse dbetter few doubt", keys,
	    " ")
	COL_COUNT[g] = ""
	for (i = 1; i <= n; i++)
		COL_COUNT[g] = COL_COUNT[g] (i > 1 ? "\t" : "") ans(k, keys[i]) + 0
	RISE[g] = ans(k, "rise") + 0
	FALL[g] = ans(k, "fall") + 0
	RAISED[g] = ans(k, "raised")
}

# cell_of(k): a cell's answer.
function cell_of(k,    i, g, e) {
	i = ans(k, "i")
	g = ans(k, "g")
	ROW_G[i] = ROW_G[i] " " g
	RHAS[i, g] = ans(k, "has") + 0
	RMISS[i, g] = ans(k, "miss") + 0
	RRUNS[i, g] = ans(k, "runs") + 0
	RREPS[i, g] = ans(k, "reps") + 0
	RMED[i, g] = ansn(k, "med")
	RCV[i, g] = ansn(k, "cv")
	RVERD[i, g] = RMETH[i, g] = RTINY[i, g] = RDIR[i, g] = ""
	RCH[i, g] = RSH[i, g] = RLO[i, g] = RHI[i, g] = RLEV[i, g] = RP[i, g] = ""
	e = ans(k, "empty")
	if (!RHAS[i, g]) {
		RVAL[i, g] = e == "na" ? "n/a" : e == "fail" ? "fail" : "-"
		return
	}
	RVAL[i, g] = fmt(RMED[i, g])
	RBI[i, g] = ans(k, "nlow") != ""
	if (RBI[i, g]) {
		BIMODAL = 1
		RFAST[i, g] = HIGHER ? ansn(k, "highmed") : ansn(k, "lowmed")
		RSLOW[i, g] = HIGHER ? ansn(k, "lowmed") : ansn(k, "highmed")
		RNFAST[i, g] = HIGHER ? ansn(k, "nhigh") : ansn(k, "nlow")
	}
	if (g == 1) {
		RVERD[i, g] = "base"
		RMETH[i, g] = "none"
		return
	}
	RVERD[i, g] = ans(k, "verd")
	RMETH[i, g] = ans(k, "meth")
	RTINY[i, g] = ansn(k, "tiny")
	RCH[i, g] = ansn(k, "ch")
	RSH[i, g] = ansn(k, "sh")
	RLO[i, g] = ansn(k, "lo")
	RHI[i, g] = ansn(k, "hi")
	RLEV[i, g] = ansn(k, "lev")
	RP[i, g] = ansn(k, "p")
	RSHORT[i, g] = ans(k, "short") + 0
	RSTOOD[i, g] = ans(k, "stood") + 0
	RDIR[i, g] = ans(k, "dir")
	REFUSAL[i, g] = ans(k, "why")
	if (RVERD[i, g] == "placement")
		RPLACE[i, g] = (ans(k, "by") == "clusters" ? "each side's" \
		    " figure, or cluster, at its row pinned to one CPU or to" \
		    " more; " : "") side(1, ans(k, "p1")) ", " side(g, ans(k, "pg"))
}

# verdicts(): the counts of the verdicts, for the notes and the
# headline, and each row's figures and changes in the digits it needs.
function verdicts(    i, g, k, gs) {
	for (i = 1; i <= NROWK; i++) {
		for (k = row_cells(i, gs); k > 0; k--) {
			if ((g = gs[k]) == 1 || !RHAS[i, g] || !RHAS[i, 1])
				continue
			TINY = TINY || RTINY[i, g] > 0
			if (RMETH[i, g] != "none" && RMETH[i, g] != "") {
				METHOD_USED[RMETH[i, g]] = 1
				if (RMETH[i, g] == "repeats")
					ONE_RUN = 1
			}
			NV[RVERD[i, g]]++
			if (RVERD[i, g] == "changed")
				NV_DIR[RDIR[i, g]]++
		}
		row_digits(i)
	}
}

# side(g, s): how column g ran the cell, from its answer s: "n,ones,
# most,reps,occupied,queued" (the repeats whose CPUs are known, how
# many on one CPU, the most CPUs, the repeats, the medians of the CPUs
# occupied and queued, "-" where unknown): on how many CPUs in how many
# of its repeats, the median CPUs occupied and queued.
function side(g, s,    a, n, ones, most, t) {
	split(s, a, ",")
	n = a[1] + 0
	ones = a[2] + 0
	most = a[3] + 0
	t = LABEL[g]
	if (n > 0) {
		if (ones * 2 >= n)
			t = t " on one CPU in " ones " of " n " repeats"
		else
			t = t " on " (most == 2 ? "two CPUs" : "2 to " most \
			    " CPUs") " in " n - ones " of " n " repeats"
	} else
		t = t " in " a[4] " repeats"
	if (a[5] != "-" && a[5] != "")
		t = t " (run/wall " sig2(a[5]) ", wait/wall " sig2(a[6]) ")"
	return t
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
# change (row_digits()), and what shows as zero (zero_below()).
function more_digits() {
	return 4
}

# row_digits(i): the decimals row i takes beyond its format's, RDIG[i]:
# the fewest (at most more_digits()) with which every change the row
# prints follows from the two figures printed beside it, within half a
# point (so within a point of the change printed, itself rounded), and
# no figure other than zero shows as zero; then each figure (RVAL) and
# change (RCHT) of the row in them.
function row_digits(i,    x, g, k, n, gs) {
	n = row_cells(i, gs)
	for (x = 0; x < more_digits(); x++) {
		for (k = 1; k <= n && row_shows(i, gs[k], x); k++)
			;
		if (k > n)
			break
	}
	RDIG[i] = x
	for (k = 1; k <= n; k++) {
		g = gs[k]
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
	if (g == 1 || RMED[i, g] == "" || RMED[i, 1] == "")
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
# factor: more than +500%. A fall is a percentage however large.
function factor_shown(ch) {
	return ch > 5
}

# change_text(i, g): the change of row i in column g as the table
# prints it, of the two figures as printed (RVAL), as a reader gets it
# from them: a percentage, none signed when it rounds to zero (0%), a
# fall past 99.5% in the decimals that keep it from -100%; a factor past
# +500% (x290); a difference in the unit where a side is 0; "" if none.
function change_text(i, g,    c, a) {
	if (g == 1 || !RHAS[i, g] || RTINY[i, g] == 2)
		return ""
	if (RTINY[i, g] == 1)
		return diff(RMED[i, g] - RMED[i, 1], RDIG[i])
	if ((c = RCH[i, g]) == "")
		return ""
	a = num_of(RVAL[i, 1])
	if (a > 0 && RVAL[i, g] ~ /^[0-9.]+%?$/)
		c = num_of(RVAL[i, g]) / a - 1
	if (factor_shown(c))
		return "x" sig3(c + 1)
	if (c < -0.9)
		return pct_fall(c)
	return pct0(c)
}

# pct_fall(c): a fall (a fraction, -1 < c < -0.9) as a percentage, in
# the fewest decimals (at most four) that keep it from -100%.
function pct_fall(c,    d, p) {
	for (d = 0; d < 4; d++) {
		p = sprintf("%." d "f", c * 100)
		if (p + 0 > -100)
			break
	}
	return p "%"
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
