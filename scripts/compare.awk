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
# -v variables: workload, one of pipe ring herd yield bind; force, 1 to
# compare what is not comparable (marked); load_limit, the load average
# (and CPUs of other work) above which a run is marked.
# Exit status: 0; 3 some saved data was bad (left out, marked); 4 not
# compared (force=1 compares anyway).
# Needs lib.awk and stats.awk loaded first.

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

# setup(w): the figure's name, its format, the row heading, which way is
# better and what its better cluster is called.
function setup(w) {
	HIGHER = 0
	FAST = "fast"
	if (w == "ring") {
		WHAT = "ring: switches / second, higher is better"
		FMT = "%.0f"; HEAD = "N"; HIGHER = 1
		SKIP = " -n -c -l "
	} else if (w == "pipe") {
		WHAT = "pipe: %CPU of the pair, higher is better (200% = in" \
		    " parallel)"
		FMT = "%.0f%%"; HEAD = "size x think"; HIGHER = 1
		FAST = "high"
		SKIP = " -s -t -c -l "
	} else if (w == "herd") {
		WHAT = "herd: seconds for 5000000 iterations, lower is better"
		FMT = "%.3f"; HEAD = "Processes"
		SKIP = " -n -c -l "
	} else if (w == "yield") {
		WHAT = "yield: microseconds per yield, lower is better"
		FMT = "%.3f"; HEAD = "#T"
		SKIP = " -n -c "
	} else if (w == "bind") {
		WHAT = "bind: user seconds per worker, lower is better"
		FMT = ""; HEAD = "configuration"
		SKIP = " -n -B -H -s -c "
	}
	# A why figure (metric): the same rows, another figure.
	if (metric != "") {
		WHAT = w ": " (metric == "p99" ? "wakeup latency p99, us" : \
		    "run-queue delay per " why_unit(w) ", " \
		    (w == "bind" ? "ms" : "us")) ", lower is better"
		FMT = "sig3"
		HIGHER = 0
		FAST = "low"
	}
}

# read_runs(): each run's env, state and raw lines; the cells in
# VALS[j SUBSEP row] (lib.awk's add), the rows in ROWS and NAME[row].
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
			key = rowkey(workload)
			if (key == "")
				continue
			if (F["rep"] + 0 > REPS[j])
				REPS[j] = F["rep"] + 0
			if (!(key in ROW)) {
				ROW[key] = 1
				ROWS = ROWS " " key
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
			v = metric == "" ? figure(workload) : why_figure(workload, metric)
			if (v == "") {
				if (metric == "" || NUM_BAD)
					BAD[c]++
				continue
			}
			add(c, v)
		}
		close(path)
	}
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

# rowkey(w): a number that sorts the rows (placement first, then the
# parameters); sets KEYNAME, the row's heading; "" for a line whose
# parameters are not numbers (reported). Runs are matched by the
# placement's name (llc, node...), not by its CPUs, which differ from one
# machine to another.
function rowkey(w,    po, n, s, t, b, h, pn, kib) {
	po = place_order(F["place"])
	pn = F["place"] == "free" ? "" : " " F["place"]
	if (w == "ring" || w == "herd" || w == "yield") {
		n = w == "yield" ? ident("threads", "-n", 1) : \
		    ident("procs", "-n", 2)
		if (n == "")
			return ""
		KEYNAME = n pn
		return sprintf("%.0f", po * 1e12 + n)
	}
	if (w == "pipe") {
		s = ident("write_kib", "-s", 16)
		t = ident("think", "-t", 1)
		if (s == "" || t == "")
			return ""
		KEYNAME = s "k x " t pn
		return sprintf("%.0f", po * 1e12 + s * 1e7 + t)
	}
	if (w == "bind") {
		if (!bind_params(CUR_L2))
			return ""
		n = BW
		b = BB
		h = BH
		kib = BKIB
		KEYNAME = bind_name() (F["place"] == "cores" ? "" : pn) \
		    (kib == "L2" ? "" : ", " kib " KiB")
		kib = kib == "L2" ? 0 : kib
		if (F["place"] == "cores")
			return sprintf("%.0f", po * 1e12 + kib * 64 + n * 2 + (h > 0))
		return sprintf("%.0f", po * 1e12 + kib * 64 + (n == 1) * 4 + \
		    (b > 0) * 2 + (h > 0))
	}
	return ""
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
function param_diff(b, j,    n, i, row) {
	n = split(numsort(ROWS), row, " ")
	for (i = 1; i <= n; i++)
		if ((b, row[i]) in PARAM && (j, row[i]) in PARAM &&
		    PARAM[b, row[i]] != PARAM[j, row[i]])
			return LABEL[j] " ran " NAME[row[i]] " with '" \
			    PARAM[j, row[i]] "', " LABEL[b] " with '" \
			    PARAM[b, row[i]] "'"
	return ""
}

# l_diff(b, j): when runs b and j differ in -l (every message timed,
# about 2% on a ring of 2 on one CPU) in a row both have, a line saying
# so; else "".
function l_diff(b, j,    n, i, row) {
	n = split(numsort(ROWS), row, " ")
	for (i = 1; i <= n; i++)
		if ((b, row[i]) in LFLAG && (j, row[i]) in LFLAG &&
		    LFLAG[b, row[i]] != LFLAG[j, row[i]])
			return LABEL[LFLAG[j, row[i]] ? j : b] " timed every" \
			    " message (-l), " LABEL[LFLAG[j, row[i]] ? b : j] \
			    " did not: about 2% on a ring of 2 on one CPU"
	return ""
}

# cell(j, key): the cell of run j, in four parts: VT (the median, or
# what stands for it), CT (the coefficient of variation), PT (the change
# against the first run), MT (the marks).
function cell(j, key,    c, c1, m, m1, p, v) {
	VT = CT = PT = MT = ""
	c = j SUBSEP key
	c1 = 1 SUBSEP key
	if (FAILED[c] > 0 || BAD[c] > 0) {
		MT = "!"
		MISSING = 1
	}
	if (NVALS[c] == 0) {
		VT = NA[c] > 0 ? "n/a" : FAILED[c] > 0 ? "fail" : "-"
		return
	}
	if (bimodal(c)) {
		VT = "bimodal " (HIGHER ? BI_HIGH : BI_LOW) "/" NVALS[c] " " FAST
		BIMODAL = 1
		CLUSTERS = CLUSTERS "; " LABEL[j] " at " NAME[key] ": " \
		    fmt(HIGHER ? BI_HIGHMED : BI_LOWMED) " and " \
		    fmt(HIGHER ? BI_LOWMED : BI_HIGHMED)
		return
	}
	m = median(c)
	VT = fmt(m)
	v = cv(c)
	if (v != "") {
		CT = sprintf("(%.0f%%)", v * 100)
		CVS[j] = CVS[j] " " v
	}
	if (j == 1 || NVALS[c1] == 0 || bimodal(c1))
		return
	m1 = median(c1)
	if (m1 != 0)
		PT = sprintf("%+.0f%%", (m - m1) * 100 / m1)
	if (NOSIG[j] || NOSIG[1])
		return
	if (NVALS[c] < 5 || NVALS[c1] < 5) {
		FEW = 1
		return
	}
	p = mw_p(c1, c)
	TESTED = 1
	if (!MW_EXACT)
		APPROX = 1
	if (p < 0.05) {
		MT = "*" MT
		SIGNIFICANT = 1
	}
}

# fmt(v): a figure in the workload's format.
function fmt(v) {
	if (FMT == "sig3")
		return sprintf(v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v)
	return FMT == "" ? secs(v) : sprintf(FMT, v)
}

function pad(s, w) {
	return sprintf("%" w "s", s)
}

# block(nr, row, kw, first, last): the table for run 1 and runs
# first..last.
function block(nr, row, kw, first, last,    i, j, k, line, dash, s) {
	line = pad(HEAD, kw) " :"
	for (k = first - 1; k <= last; k++) {
		j = k == first - 1 ? 1 : k
		line = line " " pad(LABEL[j] (QCOL[j] ? "?" : ""), W[j])
	}
	out(line)
	dash = line
	gsub(/./, "-", dash)
	print dash
	for (i = 1; i <= nr; i++) {
		line = pad(NAME[row[i]], kw) " :"
		for (k = first - 1; k <= last; k++) {
			j = k == first - 1 ? 1 : k
			# The median and its spread right-aligned, so that
			# figures line up; a bimodal cell takes both places.
			if (C[i, j] == "" && V[i, j] ~ /^bimodal/)
				s = pad(V[i, j], VW[j] + (CW[j] ? CW[j] + 1 : 0))
			else {
				s = pad(V[i, j], VW[j])
				if (CW[j])
					s = s " " pad(C[i, j], CW[j])
			}
			if (PW[j])
				s = s " " pad(P[i, j], PW[j])
			if (MW[j])
				s = s sprintf("%-" MW[j] "s", M[i, j])
			line = line " " s
		}
		out(line)
	}
}

# widths(nr, row): fill V, C, P, M and the widths of each column's parts
# (VW, CW, PW, MW) and of the whole (W), wide enough for the label.
function widths(nr, row,    i, j, lw) {
	for (j = 1; j <= nruns; j++) {
		VW[j] = CW[j] = PW[j] = MW[j] = 0
		BW = 0
		for (i = 1; i <= nr; i++) {
			cell(j, row[i])
			V[i, j] = VT
			C[i, j] = CT
			P[i, j] = PT
			M[i, j] = MT
			if (VT ~ /^bimodal/) {
				if (length(VT) > BW) BW = length(VT)
			} else if (length(VT) > VW[j])
				VW[j] = length(VT)
			if (length(CT) > CW[j]) CW[j] = length(CT)
			if (length(PT) > PW[j]) PW[j] = length(PT)
			if (length(MT) > MW[j]) MW[j] = length(MT)
		}
		if (BW > VW[j] + (CW[j] ? CW[j] + 1 : 0))
			VW[j] = BW - (CW[j] ? CW[j] + 1 : 0)
		W[j] = VW[j] + (CW[j] ? CW[j] + 1 : 0) + (PW[j] ? PW[j] + 1 : 0) \
		    + MW[j]
		lw = length(LABEL[j]) + (QCOL[j] ? 1 : 0)
		if (lw > W[j]) {
			VW[j] += lw - W[j]
			W[j] = lw
		}
	}
}

# print_table(): the title, the problems, the table, the notes.
function print_table(    nr, row, i, kw, first, last, wd) {
	nr = split(numsort(ROWS), row, " ")
	kw = length(HEAD)
	for (i = 1; i <= nr; i++)
		if (length(NAME[row[i]]) > kw)
			kw = length(NAME[row[i]])
	widths(nr, row)
	print WHAT
	for (i = 1; i <= NPROB && metric == ""; i++)
		wrap("? " PTEXT[i] (PHARD[i] ? "; no change in its column is" \
		    " marked significant" : "") ".")
	# Columns that do not fit in 72 go to further blocks, each again
	# beside the first run, which the changes are against.
	first = 2
	for (;;) {
		wd = kw + 2 + 1 + W[1]
		last = first - 1
		while (last < nruns && (last == first - 1 ||
		    wd + 1 + W[last + 1] <= 72)) {
			last++
			wd += 1 + W[last]
		}
		if (first > 2)
			print ""
		block(nr, row, kw, first, last)
		first = last + 1
		if (last >= nruns)
			break
	}
	if (nr == 0)
		print "(no measurements)"
	notes()
	if (metric != "") {
		wrap("Cells, marks, test and runs as in the " workload " table" \
		    " above; runs without this figure are left out" \
		    (nruns > 1 ? ", changes are against " LABEL[1] : "") ".")
		return
	}
	legends()
	context_notes()
}

# notes(): what the cells and the marks mean, the test and its limits.
function notes(    s) {
	if (metric != "")
		;
	else if (nruns > 1)
		wrap("Cells: the median of each run's repeats (their coefficient" \
		    " of variation) and the change of the median against the" \
		    " first column.")
	else
		wrap("Cells: the median of the run's repeats (their coefficient" \
		    " of variation).")
	if (nruns > 1 && TESTED && metric == "")
		wrap("*: the change is significant at the 5% level by a" \
		    " two-sided Mann-Whitney U test of the repeats against the" \
		    " first column's, " (APPROX ? "exact up to 10 repeats a" \
		    " side, beyond by its normal approximation" : "exact") ".")
	if (nruns > 1 && FEW && metric == "")
		wrap((TESTED ? "Rows where a run has fewer than 5 repeats get" \
		    " no *" : "No change is marked significant: a run has" \
		    " fewer than 5 repeats a cell") ", too few for a test at" \
		    " the 5% level (3 against 3 cannot do better than p =" \
		    " 0.1).")
	if (BIMODAL) {
		s = "bimodal k/n " FAST ": the repeats fall into two clusters" \
		    " far apart, k of n in the " (HIGHER ? "higher" : "lower") \
		    "; where the scheduler put the workers decides such a" \
		    " cell, so it has no median and no change"
		if (PLACED != "")
			s = s "; compare the placed rows (" PLACED ")"
		wrap(s ". Medians of the clusters, " FAST " and " \
		    (FAST == "fast" ? "slow" : FAST == "high" ? "low" : "high") ": " substr(CLUSTERS, 3) ".")
	}
	if (MISSING)
		wrap("!: a repeat failed (see the run's errors file) or its saved" \
		    " value was not a figure (reported); the cell is of the" \
		    " others.")
	if (metric != "")
		return
	if (workload == "yield")
		wrap("Microseconds per yield across the machine, 1e6 / (yields/s" \
		    " in total); seed 001's reply gives no unit, its figures fit" \
		    " this.")
	if (workload == "herd")
		wrap("Times of shorter runs are scaled to 5000000 iterations" \
		    " (the seed's).")
	if (workload == "bind")
		wrap("Mean of the workers' user seconds.")
}

# legends(): one line per run: label, kernel, machine, profile, repeats,
# the median coefficient of variation of its cells, date and note; then
# where the historical runs come from, once per source.
function legends(    j, k, s, a, n, who_src, src) {
	for (j = 1; j <= nruns; j++) {
		s = LABEL[j] ": " (RENV[j, "label"] == "" || \
		    LABEL[j] == FULLNAME[j] ? "" : "label " FULLNAME[j] ", ") \
		    "kernel " renv(j, "kernel", "unknown") ", " \
		    renv(j, "cpu_model", "unknown CPU") ", " \
		    cpus_text(RENV[j, "cpus_online"])
		if (!HIST[j])
			s = s ", " renv(j, "profile", "unknown") " run"
		s = s ", " (REPS[j] > 1 ? REPS[j] " repeats" : "one run")
		n = sorted(CVS[j], a)
		if (n > 0)
			s = s ", cv median " sprintf("%.0f%%", \
			    100 * (n % 2 ? a[(n + 1) / 2] : \
			    (a[n / 2] + a[n / 2 + 1]) / 2))
		if (RENV[j, "date"] != "")
			s = s ", " substr(RENV[j, "date"], 1, 10)
		if (RENV[j, "note"] != "")
			s = s "; note: " RENV[j, "note"]
		wrap(s ".")
	}
	for (j = 1; j <= nruns; j++) {
		src = RENV[j, "source"]
		if (!HIST[j] || src == "" || (src in SAID))
			continue
		SAID[src] = 1
		who_src = ""
		for (k = j; k <= nruns; k++)
			if (HIST[k] && RENV[k, "source"] == src)
				who_src = who_src (who_src == "" ? "" : ", ") \
				    FULLNAME[k]
		wrap("From the post (" who_src "): " src ".")
	}
}

# renv(j, key, dflt): run j's env value, or dflt when empty.
function renv(j, key, dflt) {
	return RENV[j, key] == "" ? dflt : RENV[j, key]
}

# context_notes(): the kernel settings in which a run differs from the
# first run that has them: single values as "key value (first: value)",
# lists (command line, scheduler features, config options) as the words
# added (+) and taken away (-). Unknown or unrecorded values are skipped.
function context_notes(    keys, nk, j, b, i, k, s, t, head) {
	nk = split("preempt sched_ext governor boost smt cmdline" \
	    " sched_features config", keys, " ")
	b = 0
	for (j = 1; j <= nruns; j++)
		if (!b && (j, "cmdline") in RENV)
			b = j
	head = 0
	for (j = b + 1; b && j <= nruns; j++) {
		s = ""
		for (i = 1; i <= nk; i++) {
			k = keys[i]
			if (!known(b, k) || !known(j, k) ||
			    RENV[j, k] == RENV[b, k])
				continue
			if (k == "cmdline" || k == "sched_features" ||
			    k == "config")
				t = word_diff(RENV[b, k], RENV[j, k])
			else
				t = RENV[j, k] " where " LABEL[b] " has " RENV[b, k]
			s = s "; " k " " t
		}
		if (known(b, "config_hash") && known(j, "config_hash") &&
		    RENV[j, "config_hash"] != RENV[b, "config_hash"] &&
		    RENV[j, "config"] == RENV[b, "config"])
			s = s "; other config options differ"
		if (s == "")
			continue
		if (!head++)
			print "Kernel settings that differ from " LABEL[b] ":"
		wrap(LABEL[j] ": " substr(s, 3) ".")
	}
}

# known(j, key): run j recorded key, and knew it.
function known(j, key) {
	return (j, key) in RENV && RENV[j, key] != "" && \
	    RENV[j, key] != "unknown"
}

# word_diff(a, b): the words of b not in a (+word) and of a not in b
# (-word).
function word_diff(a, b,    wa, wb, na, nb, i, s, inA, inB) {
	na = split(a, wa, " ")
	nb = split(b, wb, " ")
	for (i = 1; i <= na; i++)
		inA[wa[i]] = 1
	for (i = 1; i <= nb; i++)
		inB[wb[i]] = 1
	s = ""
	for (i = 1; i <= nb; i++)
		if (!(wb[i] in inA))
			s = s " +" wb[i]
	for (i = 1; i <= na; i++)
		if (!(wa[i] in inB))
			s = s " -" wa[i]
	return substr(s, 2)
}
