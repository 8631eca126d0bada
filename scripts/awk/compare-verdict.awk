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
# Output: nothing printed; judge_send() hands the table over and
# judge_table() reads the answers: the runs' problems (problem():
# compare-check.awk), each column's host (compare-host.awk's
# HOST_STATE...) and for row i and column g, of each cell answered
# (compare-runs.awk's row_cells()):
#	RHAS	1 when the column has a figure in the row
#	RVAL	the figure as printed, in the decimals its row takes,
#		or n/a, fail, - (smpb-stat's shown); RMED the figure
#		("": none)
#	RCV	its spread: the coefficient of variation between the
#		runs' medians (two runs or more), or of the repeats
#	RRUNS, RREPS	the runs and repeats it rests on
#	RMISS	1 when a repeat failed or a saved value was bad
#	RBI	1 when the column's repeats fall into two clusters; then
#		RFAST and RSLOW are their medians as printed, the better
#		cluster's and the other's, RMOVEF and RMOVES how far each
#		moved from the first column's (where it has two clusters
#		too), RNFAST the better one's repeats; ROW_STOOD[i] 1
#		where the row's clusters stood where the first column's
#		did, ROW_OFTEN[i] where each came as often; the cell
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
#	RINT	the change and its interval as the notes say them
#		(smpb-stat's interval: its level too, where short)
#	RTINY	the sides that show as zero: 2, no change (same); 1,
#		the change shown as a difference
#	RPLACE	for a placement verdict, how the sides ran
#	RDIR	better or worse: which way the change shown goes, by the
#		table's own direction (higher or lower is better)
#	RCHT	the change as the table prints it (smpb-stat's change)
# verdicts() then counts them for the notes: NV[verdict], NV_DIR,
# METHOD_USED[method], ONE_RUN (some change rests on one run a side),
# TINY, BIMODAL; and each column's usual number of repeats a cell,
# REPS_MODE[g], and how many of its cells have another, REPS_ODD[g]; the
# range of the rows left out as printed, FOLD_SHOWN. No rules, no -v
# variables of its own.

# judge_send(head): the table handed to smpb-stat to be judged: with
# head, the runs' checks alone (the header's); else the whole table.
function judge_send(head) {
	stat_put("table runs=" nruns " cols=" NCOL " rows=" (head ? 0 : NROWK) \
	    " head=" (head ? 1 : 0) (threshold == "" ? "" : " threshold=" \
	    threshold) " higher=" HIGHER " moves=" host_moves() " wait=" \
	    (metric == "wait") " counters=" (metric == "ss") " force=" \
	    (force ? 1 : 0) (head ? "" : table_format()))
	table_runs()
	if (!head)
		table_cells()
	stat_put("judge")
}

# judge_table(round): the answers to the table, handed over as this one
# was read (judge_send()) in judging round round, read and kept.
function judge_table(round) {
	stat_run(round)
	answers()
}

# table_format(): the words of the table line on how its figures are
# printed: their format, the unit they are shown in (FIG_SCALE: the
# runs' figure times it) and the range of the rows left out.
function table_format() {
	return " fmt=" stat_esc(FMT) " scale=" sprintf("%.17g", FIG_SCALE) \
	    (FOLD_LO == "" ? "" : " fold_lo=" sprintf("%.17g", FOLD_LO) \
	    " fold_hi=" sprintf("%.17g", FOLD_HI))
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
		else if (kind == "fold") {
			FOLD_SHOWN = ans_text(k, "from")
			if (ans_text(k, "to") != FOLD_SHOWN)
				FOLD_SHOWN = FOLD_SHOWN " to " ans_text(k, "to")
		}
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
	HOST_SAID[g] = ans_text(k, "said")
	HOST_UNKNOWN_WHY[g] = ans_text(k, "unknownwhy")
	PAST_RISE[g] = ans_text(k, "pastrise")
	PAST_FALL[g] = ans_text(k, "pastfall")
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
	RVAL[i, g] = ans_text(k, "shown")
	RCHT[i, g] = ans_text(k, "change")
	if (!RHAS[i, g])
		return
	RBI[i, g] = ans(k, "nlow") != ""
	if (RBI[i, g]) {
		BIMODAL = 1
		e = HIGHER ? "high" : "low"
		RFAST[i, g] = ans_text(k, e "shown")
		RMOVEF[i, g] = ans_text(k, e "move")
		RNFAST[i, g] = ansn(k, "n" e)
		e = HIGHER ? "low" : "high"
		RSLOW[i, g] = ans_text(k, e "shown")
		RMOVES[i, g] = ans_text(k, e "move")
		ROW_STOOD[i] = ans(k, "rowstood") + 0
		ROW_OFTEN[i] = ans(k, "often") + 0
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
	RINT[i, g] = ans_text(k, "interval")
	RDIR[i, g] = ans(k, "dir")
	REFUSAL[i, g] = ans(k, "why")
	if (RVERD[i, g] == "placement")
		RPLACE[i, g] = (ans(k, "by") == "clusters" ? "each side's" \
		    " figure, or cluster, at its row pinned to one CPU or to" \
		    " more; " : "") LABEL[1] " " ans_text(k, "side1") ", " \
		    LABEL[g] " " ans_text(k, "sideg")
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
	}
}
