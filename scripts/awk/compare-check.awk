# compare-check.awk: what makes the runs of a comparison doubtful, or
# not comparable.
#
# Input: what compare.awk read: the runs' env (RENV, ENVTEXT), their
# state (INCOMPLETE, HIST), host drift (HOST), columns (COL) and names
# (RUNNAME), the rows (ROWK, NAME) and each run's options in them
# (PARAM, LFLAG); -v load_limit, the CPUs of other work above which a
# run is doubtful.
# Output: nothing printed; check_runs() fills the problems, PTEXT[1..
# NPROB] (what to say), PHARD (refused unless forced), and for their
# columns QCOL (doubtful: headed "label?"), NOSIG (refused: nothing
# marked) and BUSY (a busy machine or host: changes doubtful); REFUSED
# when any is hard.
# No rules and no -v variables of its own: loaded with compare.awk.

# problem(j, kind, text): one problem of run j, of a kind: "hard" when it
# makes the runs not comparable (refused without force; with it, no
# change in the column is marked), "busy" when the machine or the host
# may have moved the figures (a change in the column is doubtful), ""
# when it is only said.
function problem(j, kind, text) {
	NPROB++
	PTEXT[NPROB] = text
	PHARD[NPROB] = kind == "hard"
	QCOL[COL[j]] = 1
	if (kind == "hard") {
		REFUSED = 1
		NOSIG[COL[j]] = 1
	} else if (kind == "busy")
		BUSY[COL[j]] = 1
}

# check_runs(): what makes a run doubtful (incomplete, a busy machine
# or host, another machine) or not comparable with the first run that is
# not historical (another profile, other parameters, the same run again).
function check_runs(    j, k, base, other, what) {
	base = 0
	for (j = 1; j <= nruns; j++)
		if (!HIST[j] && !base)
			base = j
	steal_floor()
	for (j = 1; j <= nruns; j++) {
		for (k = 1; k < j; k++)
			if (ENVTEXT[j] == ENVTEXT[k]) {
				problem(j, "hard", RUNNAME[j] " is the same run as " \
				    RUNNAME[k] " (the same env)")
				break
			}
		if (j in INCOMPLETE)
			problem(j, "", RUNNAME[j] ": an incomplete run: " \
			    INCOMPLETE[j])
		if (HIST[j])
			continue
		other = RENV[j, "load_other"]
		if (other ~ /^[0-9.]+$/ && other + 0 > load_limit + 0)
			problem(j, "busy", RUNNAME[j] ": other work kept " other \
			    " CPUs busy during the run, above " load_limit)
		if ((what = host_doubts(j)) != "")
			problem(j, "busy", RUNNAME[j] ": " what)
		if (j == base)
			continue
		if (RENV[j, "profile"] != RENV[base, "profile"]) {
			problem(j, "hard", RUNNAME[j] " is a " RENV[j, "profile"] \
			    " run, " RUNNAME[base] " a " RENV[base, "profile"] \
			    " run")
		} else {
			what = param_diff(base, j)
			if (what != "")
				problem(j, "hard", what)
			else if ((what = l_diff(base, j)) != "")
				problem(j, "", what)
		}
		if (RENV[j, "cpu_model"] != RENV[base, "cpu_model"] ||
		    RENV[j, "cpus_online"] != RENV[base, "cpus_online"])
			problem(j, "", RUNNAME[j] ": another machine (" \
			    RENV[j, "cpu_model"] ", " \
			    cpus_text(RENV[j, "cpus_online"]) ")")
	}
}

# steal_floor(): STEAL_MIN, the least steal time (%) a run recorded over
# this workload, "" when none did.
function steal_floor(    j, s) {
	STEAL_MIN = ""
	for (j = 1; j <= nruns; j++) {
		s = HOST[j, "steal_pct"]
		if (s ~ /^[0-9]+(\.[0-9]+)?$/ && (STEAL_MIN == "" ||
		    s + 0 < STEAL_MIN))
			STEAL_MIN = s + 0
	}
}

# host_doubts(j): what the run recorded of a busy machine or a drifting
# host over this workload, or "": a start that did not settle (the
# workload's, else the run's), a CPU-speed canary that moved beyond its
# own spread, steal time a point or more above the least of the runs'.
function host_doubts(j,    s, st, b, a, sp, d) {
	s = ""
	st = (j, "settle_state") in HOST ? HOST[j, "settle_state"] : \
	    RENV[j, "settle_state"]
	if (st == "timeout") {
		s = "the machine was not quiet at the start"
		d = HOST[j, "settle_wait_s"] != "" ? HOST[j, "settle_wait_s"] : \
		    RENV[j, "settle_wait_s"]
		if (d ~ /^[0-9]+(\.[0-9]+)?$/)
			s = s " (waited " d " s)"
		if (RENV[j, "settle_procs_running"] ~ /^[0-9]+$/)
			s = s "; " RENV[j, "settle_procs_running"] " tasks runnable"
		if (RENV[j, "settle_busy_cpus"] ~ /^[0-9]+(\.[0-9]+)?$/)
			s = s "; other work on " RENV[j, "settle_busy_cpus"] " CPUs"
		if (RENV[j, "settle_psi_some_pct"] ~ /^[0-9]+(\.[0-9]+)?$/)
			s = s "; CPU pressure " RENV[j, "settle_psi_some_pct"] "%"
	}
	b = HOST[j, "canary_before_ns"]
	a = HOST[j, "canary_after_ns"]
	sp = HOST[j, "canary_spread_pct"]
	if (b ~ /^[0-9]+(\.[0-9]+)?$/ && a ~ /^[0-9]+(\.[0-9]+)?$/ &&
	    sp ~ /^[0-9]+(\.[0-9]+)?$/ && b > 0) {
		d = (a - b) * 100 / b
		if (d > sp + 0 || -d > sp + 0)
			s = s (s == "" ? "" : "; ") "the CPU itself ran " \
			    sprintf("%.0f%% ", d < 0 ? -d : d) \
			    (d > 0 ? "slower" : "faster") " (canary)"
	}
	sp = HOST[j, "steal_pct"]
	if (STEAL_MIN != "" && sp ~ /^[0-9]+(\.[0-9]+)?$/ &&
	    sp - STEAL_MIN >= 1)
		s = s (s == "" ? "" : "; ") "steal " sp "%"
	return s
}

# param_diff(b, j): how run j's options differ from run b's in the first
# row both have with different ones, or "".
function param_diff(b, j,    i, r) {
	for (i = 1; i <= NROWK; i++) {
		r = ROWK[i]
		if ((b, r) in PARAM && (j, r) in PARAM && PARAM[b, r] != PARAM[j, r])
			return RUNNAME[j] " ran " NAME[r] " with '" PARAM[j, r] \
			    "', " RUNNAME[b] " with '" PARAM[b, r] "'"
	}
	return ""
}

# l_diff(b, j): when runs b and j differ in -l (every message timed,
# about 2% on a ring of 2 on one CPU) in a row both have, a line saying
# so; else "".
function l_diff(b, j,    i, r) {
	for (i = 1; i <= NROWK; i++) {
		r = ROWK[i]
		if ((b, r) in LFLAG && (j, r) in LFLAG && LFLAG[b, r] != LFLAG[j, r])
			return RUNNAME[LFLAG[j, r] ? j : b] " timed every" \
			    " message (-l), " RUNNAME[LFLAG[j, r] ? b : j] \
			    " did not: about 2% on a ring of 2 on one CPU"
	}
	return ""
}
