# compare.awk: one workload of several saved runs, side by side.
#
# Input: none on stdin; the runs' directories come from the environment,
# SMPB_RUNS (one per line), and the program reads each run's env,
# complete or incomplete marker and raw/<workload> itself.
# Output, on stdout, seed 001's compare form:
#	yield: microseconds per yield, lower is better
#	#T :        van        prio         MQ
#	------------------------------------------------
#	 1 : 0.398 (2%) 0.402 (1%)  +1% 0.750 (3%) +88%*
# a line naming the figure, its unit and which way is better; one line
# per problem that makes a run doubtful ("? ..."), whose column is then
# headed "label?"; one column per run headed by its label, one row per
# cell (placement and parameters, rows matched by the placement's name):
# the median of the run's repeats and their coefficient of variation,
# then, from the second column on, the change of the median against the
# first column and "*" where a two-sided Mann-Whitney U test finds it at
# the 5% level (never with fewer than five repeats a side, never in a
# bimodal cell, which shows "bimodal k/n fast" instead of a median);
# then what the marks mean, one line per run (kernel, machine, repeats),
# where historical runs come from, and the kernel settings that differ.
# On stderr: saved values that are not figures, with file and line; and,
# when the runs are not comparable (different profiles or parameters,
# the same run twice), why, unless force is set.
# -v variables: workload, the workload whose hooks (workloads/<w>.awk)
# are loaded; metric, "" for the workload's figure, or a why figure (p99,
# wait: see why_figure()); force, 1 to compare what is not comparable
# (marked); load_limit, the load average (and CPUs of other work) above
# which a run is marked.
# Exit status: 0; 3 some saved data was bad (left out, marked); 4 not
# Needs the awk library (see lib.awk), the workload's hooks and
# compare-table.awk, which lays out what this file reads and checks,
# loaded first.

BEGIN {
	setup(workload)
	read_runs()
	check_runs()
	if (REFUSED && !force) {
		for (i = 1; i <= NPROB; i++)
			if (PHARD[i])
				warn(workload " not compared: " PTEXT[i] \
				    " (-f compares anyway)")
		exit finish(4)
	}
	print_table()
	exit finish(0)
}

# setup(w): from the workload's facts (FACT): the figure's name, its
# format, the row heading, which way is better and what its better
# cluster is called.
function setup(w) {
	facts(FACT)
	HIGHER = FACT["higher"] + 0
	FAST = FACT["fast"]
	WHAT = w ": " FACT["what"] ", " (HIGHER ? "higher" : "lower") \
	    " is better" (FACT["aside"] == "" ? "" : " " FACT["aside"])
	FMT = FACT["fmt"]
	HEAD = FACT["head"]
	SKIP = FACT["skip"]
	# A why figure (metric): the same rows, another figure.
	if (metric != "") {
		WHAT = w ": " (metric == "p99" ? "wakeup latency p99, us" : \
		    "run-queue delay per " FACT["wait_per"] ", " \
		    FACT["wait_unit"]) ", lower is better"
		FMT = "sig3"
		HIGHER = 0
		FAST = "low"
	}
}

# why_figure(metric): a why figure of the parsed line, or "" (NUM_BAD
# set when a value was there but not a figure; absent keys are silent:
# runs before -l or the kernel's statistics have none): p99, the wakeup
# latency's 99th percentile (us); wait, the workload's run-queue delay
# (its why_wait()).
function why_figure(metric) {
	NUM_BAD = 0
	if (metric == "p99")
		return num("lat_p99_us")
	return why_wait()
}

# read_runs(): each run's env, state and raw lines; the cells named j
# SUBSEP row (cells.awk's add), the rows in NAME[row] and, sorted, in
# ROWK[1..NROWK].
function read_runs(    j, k, name, path, line, nl, key, v, c) {
	nruns = run_dirs(dir)
	for (j = 1; j <= nruns; j++) {
		load_env(dir[j] "/env")
		CUR_L2 = ENV["cache_l2_kib"]
		for (k in ENV)
			RENV[j, k] = ENV[k]
		ENVTEXT[j] = file_text(dir[j] "/env")
		HIST[j] = ENV["profile"] == "historical"
		FULLNAME[j] = who()
		name = who()
		if (length(name) > 16)
			name = substr(name, 1, 15) "~"
		for (k = 1; k < j; k++)
			if (LABEL[k] == name)
				name = name "(" j ")"
		LABEL[j] = name
		if ((getline line < (dir[j] "/complete")) < 0) {
			INCOMPLETE[j] = "no completion marker"
			if ((getline line < (dir[j] "/incomplete")) > 0) {
				# A run's text: printable ASCII, as in load_env.
				gsub(/[\300-\377]/, "?", line)
				gsub(/[\001-\037\177-\277]/, "", line)
				INCOMPLETE[j] = line
			}
			close(dir[j] "/incomplete")
		}
		close(dir[j] "/complete")
		path = dir[j] "/raw/" workload
		nl = 0
		while ((getline line < path) > 0) {
			if (!raw(line, path, ++nl))
				continue
			key = rowkey()
			if (key == "")
				continue
			if (F["rep"] + 0 > REPS[j])
				REPS[j] = F["rep"] + 0
			if (!(key in ROW)) {
				ROW[key] = 1
				keyadd("rows", key)
				NAME[key] = KEYNAME
			}
			c = j SUBSEP key
			if (!((j, key) in PARAM)) {
				PARAM[j, key] = argrest(SKIP)
				LFLAG[j, key] = argflag("-l")
			}
			if ("exit" in F) {
				fail(c, F["exit"])
				continue
			}
			v = metric == "" ? figure() : why_figure(metric)
			if (v == "") {
				if (metric == "" || NUM_BAD)
					BAD[c]++
				continue
			}
			add(c, v)
		}
		close(path)
	}
	NROWK = keysort("rows", ROWK)
}

# file_text(path): the whole file, lines joined by newlines.
function file_text(path,    s, line) {
	s = ""
	while ((getline line < path) > 0)
		s = s line "\n"
	close(path)
	return s
}

# place_order(p): where rows of placement p go: as place_rank() has it,
# unpinned first and the nearest pair next; placements it does not know,
# after them in the order met. Adds the placed ones to PLACED.
function place_order(p) {
	if (!(p in PORDER)) {
		PORDER[p] = place_rank(p)
		if (PORDER[p] >= 999)
			PORDER[p] = 100 + (++NPLACES)
		if (p != "free")
			PLACED = PLACED (PLACED == "" ? "" : ", ") p
	}
	return PORDER[p]
}

# rowkey(): a number that sorts the rows (placement first, then the
# parameters, the workload's row_key()); sets KEYNAME, the row's
# heading; "" for a line whose parameters are not numbers (reported).
# Runs are matched by the placement's name (llc, node...), not by its
# CPUs, which differ from one machine to another.
function rowkey(    po, k) {
	po = place_order(F["place"])
	k = row_key(F["place"] == "free" ? "" : " " F["place"], CUR_L2)
	if (k == "")
		return ""
	KEYNAME = ROW_NAME
	return sprintf("%.0f", po * 1e12 + k)
}

# problem(j, hard, text): one problem of run j: hard when it makes the
# runs not comparable (refused without force; with it, no change in the
# column is marked significant).
function problem(j, hard, text) {
	NPROB++
	PTEXT[NPROB] = text
	PHARD[NPROB] = hard
	QCOL[j] = 1
	if (hard) {
		REFUSED = 1
		NOSIG[j] = 1
	}
}

# check_runs(): what makes a run doubtful (incomplete, loaded, another
# machine) or not comparable with the first run that is not historical
# (another profile, other parameters, the same run again).
function check_runs(    j, k, base, la, other, what) {
	base = 0
	for (j = 1; j <= nruns; j++)
		if (!HIST[j] && !base)
			base = j
	for (j = 1; j <= nruns; j++) {
		for (k = 1; k < j; k++)
			if (ENVTEXT[j] == ENVTEXT[k]) {
				problem(j, 1, LABEL[j] " is the same run as " \
				    LABEL[k] " (the same env)")
				break
			}
		if (j in INCOMPLETE)
			problem(j, 0, LABEL[j] ": an incomplete run: " \
			    INCOMPLETE[j])
		if (HIST[j])
			continue
		la = RENV[j, "loadavg"]
		sub(/ .*/, "", la)
		if (la ~ /^[0-9.]+$/ && la + 0 > load_limit + 0)
			problem(j, 0, LABEL[j] ": load average " la \
			    " at the start, above " load_limit)
		other = RENV[j, "load_other"]
		if (other ~ /^[0-9.]+$/ && other + 0 > load_limit + 0)
			problem(j, 0, LABEL[j] ": other work kept " other \
			    " CPUs busy during the run, above " load_limit)
		if (j == base)
			continue
		if (RENV[j, "profile"] != RENV[base, "profile"]) {
			problem(j, 1, LABEL[j] " is a " RENV[j, "profile"] \
			    " run, " LABEL[base] " a " RENV[base, "profile"] " run")
		} else {
			what = param_diff(base, j)
			if (what != "")
				problem(j, 1, what)
			else if ((what = l_diff(base, j)) != "")
				problem(j, 0, what)
		}
		if (RENV[j, "cpu_model"] != RENV[base, "cpu_model"] ||
		    RENV[j, "cpus_online"] != RENV[base, "cpus_online"])
			problem(j, 0, LABEL[j] ": another machine (" \
			    RENV[j, "cpu_model"] ", " \
			    cpus_text(RENV[j, "cpus_online"]) ")")
	}
}

# param_diff(b, j): how run j's options differ from run b's in the first
# row both have with different ones, or "".
function param_diff(b, j,    i, r) {
	for (i = 1; i <= NROWK; i++) {
		r = ROWK[i]
		if ((b, r) in PARAM && (j, r) in PARAM && PARAM[b, r] != PARAM[j, r])
			return LABEL[j] " ran " NAME[r] " with '" PARAM[j, r] \
			    "', " LABEL[b] " with '" PARAM[b, r] "'"
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
			return LABEL[LFLAG[j, r] ? j : b] " timed every" \
			    " message (-l), " LABEL[LFLAG[j, r] ? b : j] \
			    " did not: about 2% on a ring of 2 on one CPU"
	}
	return ""
}
