# compare-check.awk: what makes the runs of a comparison doubtful, or
# not comparable.
#
# Input: what compare.awk read: the runs' env (RENV, ENVKEY, ENVN), their
# state (INCOMPLETE, HIST), host drift (HOST), columns (COL) and names
# (RUNNAME), the rows (ROWK, NAME) and each run's options in them
# (PARAM, LFLAG); -v load_limit, the CPUs of other work above which a
# run is doubtful.
# Output: nothing printed; run_checks() (from the env and markers
# alone) and workload_checks() (from the raw lines and the host file of
# this workload) fill the problems, PTEXT[1..NPROB] (what to say),
# PSHORT (in a few words), PRUN (whose), PWORK (1: of this workload
# alone, found by workload_checks()), PHARD (refused unless forced),
# and for their columns QCOL (doubtful: headed "label?"), NOSIG
# (refused: nothing marked) and BUSY (a busy machine or host: changes
# doubtful); REFUSED when any is hard.
# No rules and no -v variables of its own: loaded with compare.awk.

# problem(j, kind, text, short): one problem of run j, of a kind:
# "hard" when it makes the runs not comparable (refused without force;
# with it, no change in the column is marked), "busy" when the machine
# or the host may have moved the figures (a change in the column is
# doubtful), "" when it is only said; text says it in full, short in a
# few words, for the line of doubts above a table.
function problem(j, kind, text, short) {
	NPROB++
	PTEXT[NPROB] = text
	PSHORT[NPROB] = short
	PWORK[NPROB] = IN_WORKLOAD
	PRUN[NPROB] = j
	PHARD[NPROB] = kind == "hard"
	PREFUSE[NPROB] = REFUSE_TEXT
	REFUSE_TEXT = ""
	PSAY[NPROB] = SAY_TEXT
	SAY_TEXT = ""
	QCOL[COL[j]] = 1
	if (kind == "hard") {
		REFUSED = 1
		NOSIG[COL[j]] = 1
	} else if (kind == "busy")
		BUSY[COL[j]] = 1
}

# base_run(): the first run that is not historical (0 if none), which
# the others are checked against.
function base_run(    j) {
	for (j = 1; j <= nruns; j++)
		if (COL[j] && !HIST[j])
			return j
	return 0
}

# run_checks(): what makes a run doubtful whatever the workload, from
# its env and markers: the same run twice, an incomplete run, a busy
# machine (other work during the run, a start that did not settle,
# unless the workload's own start says otherwise, another smpbench
# measuring beside it), another profile or
# another machine than the first run that is not historical.
function run_checks(    j, k, base, other, what) {
	base = base_run()
	for (j = 1; j <= nruns; j++) {
		if (!COL[j])
			continue
		for (k = 1; k < j; k++)
			if (COL[k] && (what = same_run(j, k)) != "") {
				REFUSE_TEXT = dir[j] " is the same run as " dir[k] \
				    " (" what "; -f compares anyway)"
				problem(j, "hard", RUNNAME[j] " is the same run as " \
				    RUNNAME[k] " (" what ")", "the same run as " \
				    RUNNAME[k] ", not compared")
				break
			}
		if (j in INCOMPLETE)
			problem(j, "", RUNNAME[j] ": an incomplete run: " \
			    INCOMPLETE[j], "incomplete")
		if (HIST[j])
			continue
		other = RENV[j, "load_other"]
		if (other ~ /^[0-9]+(\.[0-9]+)?$/ && other + 0 > load_limit + 0)
			problem(j, "busy", RUNNAME[j] ": other work kept " other \
			    " CPUs busy during the run, above " load_limit,
			    "other work on " other " CPUs")
		other = RENV[j, "other_runs"]
		if (other ~ /^[0-9]+$/ && other > 0)
			problem(j, "busy", RUNNAME[j] ": " (other == 1 ? \
			    "another smpbench run" : other " other smpbench runs") \
			    " measured beside it", "another smpbench beside it")
		if (RENV[j, "settle_state"] == "timeout" &&
		    !((j, "settle_state") in HOST))
			problem(j, "busy", RUNNAME[j] ": " unsettled(j, \
			    RENV[j, "settle_wait_s"]) settled_text(j),
			    "not quiet at the start")
		if (j == base)
			continue
		if (RENV[j, "profile"] != RENV[base, "profile"]) {
			REFUSE_TEXT = dir[j] " is a " RENV[j, "profile"] " run, " \
			    dir[base] " a " RENV[base, "profile"] " run: not" \
			    " comparable (-f compares anyway)"
			problem(j, "hard", RUNNAME[j] " is a " RENV[j, "profile"] \
			    " run, " RUNNAME[base] " a " RENV[base, "profile"] \
			    " run", "a " RENV[j, "profile"] " run, not compared")
		}
		if (RENV[j, "cpu_model"] != RENV[base, "cpu_model"] ||
		    RENV[j, "cpus_online"] != RENV[base, "cpus_online"])
			problem(j, "", RUNNAME[j] ": another machine (" \
			    RENV[j, "cpu_model"] ", " \
			    cpus_text(RENV[j, "cpus_online"]) ")", "another machine")
	}
}

# same_run(j, k): how runs j and k are one run, or "": the same run_id
# (a copy, whatever else was changed in it, its label or the bytes of a
# file); where neither has one (runs made before it), the same env as
# read but for its label and note: the same keys with the same values,
# whatever its bytes (a CR, a key said twice). Two runs never share the
# rest (their start's time, load, the machine's counts).
function same_run(j, k,    i, key, n) {
	if (RENV[j, "run_id"] != "" || RENV[k, "run_id"] != "")
		return RENV[j, "run_id"] == RENV[k, "run_id"] ? "the same run_id" : ""
	n = 0
	for (i = 1; i <= ENVN[j]; i++) {
		key = ENVKEY[j, i]
		if (key == "label" || key == "note")
			continue
		n++
		if (!((k, key) in RENV) || RENV[k, key] != RENV[j, key])
			return ""
	}
	for (i = 1; i <= ENVN[k]; i++)
		n -= ENVKEY[k, i] != "label" && ENVKEY[k, i] != "note"
	return n == 0 ? "the same env" : ""
}

# workload_checks(): what makes a run doubtful or not comparable in
# this workload: other options than the first run's (hard), -l where
# it had none or the other way round, a start of the workload that did
# not settle, steal time a point or more above the least of the runs'
# (a host that ran at another speed, by the canary, the header names:
# compare-host.awk).
function workload_checks(    j, base, what, sp) {
	IN_WORKLOAD = 1
	base = base_run()
	steal_floor()
	for (j = 1; j <= nruns; j++) {
		if (!COL[j] || HIST[j])
			continue
		if (j != base && RENV[j, "profile"] == RENV[base, "profile"]) {
			if ((what = param_diff(base, j)) != "")
				problem(j, "hard", what, "other options ('" \
				    PARAM_J "'), not compared")
			else if ((what = l_diff(base, j)) != "")
				problem(j, "", what, LFLAG_J ? "every message" \
				    " timed (-l)" : "no message timed (-l)")
		}
		if (j != base && !rows_shared(base, j))
			problem(j, "", RUNNAME[j] " has no row in common with " \
			    RUNNAME[base] " (rows named by its env, as cache_l2_kib" \
			    " names bind's): nothing of it is compared", \
			    "no row in common")
		if (HOST[j, "settle_state"] == "timeout") {
			SAY_TEXT = "settle\t" RUNNAME[j] "\t" HOST[j, "settle_wait_s"]
			problem(j, "busy", RUNNAME[j] ": " unsettled(j, \
			    HOST[j, "settle_wait_s"]), "not quiet at the start")
		}
		sp = HOST[j, "steal_pct"]
		if (STEAL_MIN != "" && sp ~ /^[0-9]+(\.[0-9]+)?$/ &&
		    sp - STEAL_MIN >= 1) {
			SAY_TEXT = "steal\t" RUNNAME[j] "\t" sp
			problem(j, "busy", RUNNAME[j] ": steal " sp "% of its" \
			    " time (" STEAL_MIN "% in another run)", "steal " sp "%")
		}
	}
}

# rows_shared(b, j): 1 when runs b and j measured a row in common.
function rows_shared(b, j,    i) {
	for (i = 1; i <= NROWK; i++)
		if (NVALS[b SUBSEP ROWK[i]] > 0 && NVALS[j SUBSEP ROWK[i]] > 0)
			return 1
	return 0
}

# unsettled(j, wait): that run j's start was not quiet, and how long it
# waited (wait, seconds, when it is a number).
function unsettled(j, wait) {
	return "the machine was not quiet at the start" \
	    (wait ~ /^[0-9]+(\.[0-9]+)?$/ ? " (waited " wait " s)" : "")
}

# settled_text(j): what run j's env saw of the machine when its start
# timed out: runnable tasks, other work, CPU pressure.
function settled_text(j,    s) {
	s = ""
	if (RENV[j, "settle_procs_running"] ~ /^[0-9]+$/)
		s = s "; " RENV[j, "settle_procs_running"] " tasks runnable"
	if (RENV[j, "settle_busy_cpus"] ~ /^[0-9]+(\.[0-9]+)?$/)
		s = s "; other work on " RENV[j, "settle_busy_cpus"] " CPUs"
	if (RENV[j, "settle_psi_some_pct"] ~ /^[0-9]+(\.[0-9]+)?$/)
		s = s "; CPU pressure " RENV[j, "settle_psi_some_pct"] "%"
	return s
}

# steal_floor(): STEAL_MIN, the least steal time (%) a run recorded over
# this workload, "" when none did.
function steal_floor(    j, s) {
	STEAL_MIN = ""
	for (j = 1; j <= nruns; j++) {
		if (!COL[j])
			continue
		s = HOST[j, "steal_pct"]
		if (s ~ /^[0-9]+(\.[0-9]+)?$/ && (STEAL_MIN == "" ||
		    s + 0 < STEAL_MIN))
			STEAL_MIN = s + 0
	}
}

# param_diff(b, j): how run j's options differ from run b's in the first
# row both have with different ones (PARAM_J, run j's), or "".
function param_diff(b, j,    i, r) {
	for (i = 1; i <= NROWK; i++) {
		r = ROWK[i]
		if ((b, r) in PARAM && (j, r) in PARAM && PARAM[b, r] != PARAM[j, r]) {
			PARAM_J = PARAM[j, r]
			return RUNNAME[j] " ran " NAME[r] " with '" PARAM[j, r] \
			    "', " RUNNAME[b] " with '" PARAM[b, r] "'"
		}
	}
	return ""
}

# l_diff(b, j): when runs b and j differ in -l (every message timed,
# about 2% on a ring of 2 on one CPU) in a row both have, a line saying
# so (LFLAG_J, whether run j timed them); else "".
function l_diff(b, j,    i, r) {
	for (i = 1; i <= NROWK; i++) {
		r = ROWK[i]
		if ((b, r) in LFLAG && (j, r) in LFLAG && LFLAG[b, r] != LFLAG[j, r]) {
			LFLAG_J = LFLAG[j, r]
			return RUNNAME[LFLAG[j, r] ? j : b] " timed every" \
			    " message (-l), " RUNNAME[LFLAG[j, r] ? b : j] \
			    " did not: about 2% on a ring of 2 on one CPU"
		}
	}
	return ""
}
