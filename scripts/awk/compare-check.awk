# compare-check.awk: what makes the runs of a comparison doubtful, or
# not comparable, as the report says it.
#
# smpb-stat decides it (stat.awk, the table's problem answers): the
# same run twice, another profile, other options than the first run's
# (hard: not compared unless forced, nothing marked in the column); a
# busy machine (other work, another run beside it, a start that was not
# quiet), steal time a point or more above another run's (busy: a
# change in the column is in doubt); an incomplete run, another machine,
# -l on one side only, no row in common (said only). Here: each
# problem's words.
#
# Input: a problem's answer (problem_of(k)), and what compare.awk read:
# the runs' env (RENV), their state (INCOMPLETE), host drift (HOST),
# columns (COL), names (RUNNAME) and directories (dir), the rows (ROWK,
# NAME) and each run's options in them (PARAM, LFLAG); LOAD_LIMIT.
# Output: nothing printed; the problems, PTEXT[1..NPROB] (what to say),
# PRUN (whose), PWORK (1: of this workload alone), PHARD (refused
# unless forced), PREFUSE (the refusal's line, of a hard one), PSAY
# (what the header says of it instead, grouped with the same problem of
# the other workloads: "KIND\tRUN\tVALUE", compare-head.awk's doubts();
# the table then says nothing of it), and for their columns QCOL
# (doubtful: headed "label?"), NOSIG (refused: nothing marked) and BUSY
# (changes doubtful); REFUSED when any is hard.
# No rules and no -v variables of its own: loaded with compare.awk.

# problem_of(k): the k-th answer, a problem of a run: its words.
function problem_of(k,    j, o, r, code, text, what) {
	j = ans(k, "j")
	o = ans(k, "other")
	r = ROWK[ans(k, "i")]
	code = ans(k, "code")
	REFUSE_TEXT = SAY_TEXT = ""
	if (code == "same-run") {
		what = RENV[j, "run_id"] != "" || RENV[o, "run_id"] != "" ? \
		    "the same run_id" : "the same env"
		REFUSE_TEXT = dir[j] " is the same run as " dir[o] " (" what \
		    "; -f compares anyway)"
		text = RUNNAME[j] " is the same run as " RUNNAME[o] " (" what ")"
	} else if (code == "incomplete")
		text = RUNNAME[j] ": an incomplete run: " INCOMPLETE[j]
	else if (code == "load")
		text = RUNNAME[j] ": other work kept " RENV[j, "load_other"] \
		    " CPUs busy during the run, above " LOAD_LIMIT
	else if (code == "others")
		text = RUNNAME[j] ": " (RENV[j, "other_runs"] == 1 ? \
		    "another smpbench run" : RENV[j, "other_runs"] \
		    " other smpbench runs") " measured beside it"
	else if (code == "settle")
		text = RUNNAME[j] ": " unsettled(RENV[j, "settle_wait_s"]) \
		    settled_text(j)
	else if (code == "profile") {
		REFUSE_TEXT = dir[j] " is a " RENV[j, "profile"] " run, " \
		    dir[o] " a " RENV[o, "profile"] " run: not comparable (-f" \
		    " compares anyway)"
		text = RUNNAME[j] " is a " RENV[j, "profile"] " run, " \
		    RUNNAME[o] " a " RENV[o, "profile"] " run"
	} else if (code == "emulated") {
		REFUSE_TEXT = emulated_text(dir[j], j, dir[o]) ": not" \
		    " comparable (-f compares anyway)"
		text = emulated_text(RUNNAME[j], j, RUNNAME[o])
	} else if (code == "tcg")
		text = tcg_text()
	else if (code == "machine")
		text = RUNNAME[j] ": another machine (" RENV[j, "cpu_model"] \
		    ", " cpus_text(RENV[j, "cpus_online"]) ")"
	else if (code == "param")
		text = RUNNAME[j] " ran " NAME[r] " with '" PARAM[j, r] "', " \
		    RUNNAME[o] " with '" PARAM[o, r] "'"
	else if (code == "lflag")
		text = RUNNAME[LFLAG[j, r] ? j : o] " timed every message (-l), " \
		    RUNNAME[LFLAG[j, r] ? o : j] " did not: about 2% on a ring" \
		    " of 2 on one CPU"
	else if (code == "norow")
		text = RUNNAME[j] " has no row in common with " RUNNAME[o] \
		    " (rows named by its env, as cache_l2_kib names bind's):" \
		    " nothing of it is compared"
	else if (code == "hsettle") {
		SAY_TEXT = "settle\t" RUNNAME[j] "\t" HOST[j, "settle_wait_s"]
		text = RUNNAME[j] ": " unsettled(HOST[j, "settle_wait_s"])
	} else if (code == "steal") {
		SAY_TEXT = "steal\t" RUNNAME[j] "\t" HOST[j, "steal_pct"]
		text = RUNNAME[j] ": steal " HOST[j, "steal_pct"] "% of its time"
	} else
		text = RUNNAME[j] ": " code
	problem(k, j, r, text)
}

# rules_of(k): the rules the table was judged by, as smpb-stat says
# them: threshold (percent: -t, or its own), LOAD_LIMIT (CPUs of other
# work), LEVEL_PCT, the level of every interval in percent, and ALPHA,
# the share of the cells tested that chance alone marks.
function rules_of(k) {
	threshold = ans(k, "threshold") + 0
	LOAD_LIMIT = ans(k, "load_limit")
	LEVEL_PCT = ans(k, "level") * 100
	ALPHA = ans(k, "alpha")
}

# tcg_text(): what emulated CPUs in the base run make of the changes.
function tcg_text() {
	return "Emulated CPUs (smpbench vm under TCG): a change of speed is" \
	    " the emulator's, in doubt; placement is the kernels'"
}

# emulated_text(name, j, other): run j, named name, and the other run,
# one on emulated CPUs and one on real ones, in words.
function emulated_text(name, j, other) {
	return RENV[j, "emulated"] == 1 ? name " ran on emulated CPUs (TCG)," \
	    " " other " on real ones" : name " ran on real CPUs, " other \
	    " on emulated ones (TCG)"
}

# problem(k, j, r, text): the problem of answer k, of run j (in row r,
# where it names one), said so: its kind, "hard" when it makes the runs
# not comparable (refused without force; with it, no change in the
# column is marked), "busy" when the machine or the host may have moved
# the figures (a change in the column is doubtful), "info" when it is
# only said; whether it is this workload's alone (own); its code and the
# run it is measured against, for -p.
function problem(k, j, r, text,    kind) {
	kind = ans(k, "kind")
	NPROB++
	PTEXT[NPROB] = text
	PWORK[NPROB] = ans(k, "own") == 1
	PRUN[NPROB] = j
	PKIND[NPROB] = kind
	PCODE[NPROB] = ans(k, "code")
	POTHER[NPROB] = ans(k, "other")
	PROW[NPROB] = r
	PHARD[NPROB] = kind == "hard"
	PREFUSE[NPROB] = REFUSE_TEXT
	PSAY[NPROB] = SAY_TEXT
	QCOL[COL[j]] = 1
	if (kind == "hard") {
		REFUSED = 1
		NOSIG[COL[j]] = 1
	} else if (kind == "busy")
		BUSY[COL[j]] = 1
}

# unsettled(wait): that a run's start was not quiet, and how long it
# waited (wait, seconds, when it is a number).
function unsettled(wait) {
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

# machines_booted(): what the runs of smpbench vm are: with every run a
# boot of its own and several a side, a mark says the kernels differ.
# (That emulated CPUs show placement and topology, not speed, is a
# problem of the base run: smpb-stat's tcg.)
function machines_booted(    g, i, j, boots, many) {
	boots = many = 1
	for (g = 1; g <= NCOL; g++) {
		if (CRUNS[g] < 2)
			many = 0
		for (i = 1; i <= CRUNS[g]; i++) {
			j = CRUN[g, i]
			if (RENV[j, "vm_boot"] == "")
				boots = 0
		}
	}
	if (boots && many)
		wrap("Each run a boot of its own (smpbench vm): a mark says" \
		    " the kernels differ, the variation from boot to boot" \
		    " counted.")
}
