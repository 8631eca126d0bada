# compare.awk: one workload of several saved runs, side by side.
#
# Input: none on stdin; the runs' directories come from the file the
# environment names, SMPB_RUNS (one per line), and the program reads each run's env,
# complete or incomplete marker, host file (the run's host drift, when it
# has one) and raw/<workload> itself.
# Output, on stdout, seed 001's compare form:
#	yield: microseconds per yield, lower is better
#	#T :        van        prio         MQ
#	------------------------------------------------
#	 1 : 0.398 (2%) 0.402 (1%)  +1% 0.750 (3%) +88%*
# a line naming the figure, its unit and which way is better; one line
# per problem that makes a run doubtful ("? ..."), whose column is then
# headed "label?"; one column per name (runs that share a label, or the
# kernel release when unlabelled, pool into one column), one row per
# cell (placement and parameters, rows matched by the placement's name):
# the column's figure and spread, then, from the second column on, the
# change against the first column and its mark (smpb-stat decides them,
# through compare-verdict.awk; compare-table.awk prints them); or, with
# parsable, the same verdicts one key=value line per cell and column
# (compare-p.awk). What the header and the headline say of the table
# goes to facts_file (compare-table.awk's facts_out()).
# On stderr: saved values that are not figures, with file and line; and,
# when the runs are not comparable (different profiles or parameters,
# the same run twice), why, unless force is set.
# -v variables: workload, the workload whose hooks (workloads/<w>.awk)
# are loaded; metric, "" for the workload's figure, or a why figure (p99,
# wait: see why_figure(); ss, the kernel's counters: compare-ss.awk's
# table, whose exit status is 5 where no row is worth a line); force, 1 to compare what is not comparable
# (marked); threshold, the smallest change marked, in percent, where
# -t gave it (smpb-stat's own else, as its answers say); verbose, 1 to print every change's interval, every note and every
# why table whole; parsable, 1 for the key=value lines instead of the
# table; head, 1 for the header (and the headline, into the file
# headline names) from the facts the tables left in facts_file, instead
# of a table; check_only, with head, 1 to check that the runs can be
# compared and print nothing; tmp, the driver's private directory;
# stat, smpb-stat's path; wrap_only, 1 to print text as the report's
# lines (wrap()), and nothing else.
# Exit status: 0; 3 some saved data was bad (left out, marked); 4 not
# comparable (nothing printed); 5 fewer than two of the runs hold the
# table; 6 a why table folded into a few words (why_folded()).
# Needs the awk library (see lib.awk), the workload's hooks and
# compare-runs.awk (reading the runs), compare-check.awk (what makes
# runs doubtful or not comparable), stat.awk (smpb-stat, which decides),
# compare-host.awk (the host's own speed), compare-verdict.awk,
# compare-table.awk, compare-notes.awk, compare-head.awk,
# compare-headline.awk, compare-p.awk and compare-ss.awk (the kernel's
# counters), loaded first (common.sh's
# awk_workload).

BEGIN {
	# A line of compare.sh's own, laid out as the report's are.
	if (wrap_only) {
		wrap(text)
		exit 0
	}
	setup(workload)
	if (head) {
		read_envs()
		judge_table(1)
		if (REFUSED && !force) {
			for (i = 1; i <= NPROB && !PHARD[i]; i++)
				;
			warn("compare: " PREFUSE[i])
			exit finish(4)
		}
		if (check_only)
			exit finish(0)
		print_head()
		exit finish(0)
	}
	read_runs()
	if (metric == "ss")
		ss_rows()
	if (NROWK == 0 || NHAVE < 2 && nruns > 1)
		exit finish(5)
	judge_table(0)
	if (REFUSED && !force) {
		for (i = 1; i <= NPROB; i++)
			if (PHARD[i])
				warn(workload " not compared: " PTEXT[i] \
				    " (-f compares anyway)")
		exit finish(4)
	}
	verdicts()
	# The kernel's counters: their own table, or nothing.
	if (metric == "ss")
		exit finish(ss_print() > 0 ? 0 : 5)
	if (why_folded()) {
		facts_out()
		exit finish(6)
	}
	if (parsable)
		print_p()
	else
		print_table()
	facts_out()
	exit finish(0)
}

# why_folded(): 1 when this why table is said in a few words rather than
# printed, its name added to tmp/fold.<workload> (compare.sh makes of
# them one line under the workload's tables): no cell of it marked in
# the rows it shows (those its workload marked), where a table would
# only repeat what the workload's own says. Never with -v or -p, or
# where a saved value was bad (its table says which).
function why_folded(    i, g, k, n, gs) {
	if (metric == "" || verbose || parsable || COMPLAINTS > 0)
		return 0
	for (i = 1; i <= NROWK; i++)
		for (k = row_cells(i, gs); k > 0; k--)
			if ((g = gs[k]) > 1 && (RMISS[i, g] ||
			    RVERD[i, g] ~ /^(changed|doubtful)$/))
				return 0
	print WHY_NAME >> (tmp "/fold." workload)
	close(tmp "/fold." workload)
	return 1
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
	FIGURE = FACT["figure"]
	WHO = w (metric == "" ? "" : " " metric)
	# The kernel's counters (compare-ss.awk): rows of their own.
	if (metric == "ss") {
		WHAT = w ": the kernel's scheduler counters, per second of a" \
		    " measurement, where they moved by a quarter or more;" \
		    " the rows marked above" (verbose ? "" : " (-v: all)")
		FMT = "sig3"
		HIGHER = 0
		return
	}
	# A why figure (metric): the same rows, another figure.
	if (metric != "") {
		WHY_NAME = metric == "p99" ? "wakeup latency p99" : \
		    "run-queue delay per " FACT["wait_per"]
		WHAT = w ": " WHY_NAME ", " (metric == "p99" ? "us" : \
		    FACT["wait_unit"]) ", lower is better"
		FIGURE = metric == "p99" ? "lat_p99_us" : \
		    "wait_" FACT["wait_unit"] "_per_" FACT["wait_per"]
		FMT = "sig3"
		HIGHER = 0
		FAST = "low"
		if (!verbose)
			WHAT = WHAT "; the rows marked above (-v: all)"
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

# why_row(key): 1 when a why table shows the row key: with -v (or -p)
# every row; else the rows where the workload's own table has a mark, as it
# left them in tmp/marked.<workload> (compare-table.awk's marked_rows()).
function why_row(key,    line) {
	if (verbose || parsable)
		return 1
	if (!WHY_READ) {
		WHY_READ = 1
		while ((getline line < (tmp "/marked." workload)) > 0) {
			WHY_ROWS[line] = 1
			NWHY_ROWS++
		}
		close(tmp "/marked." workload)
	}
	return key in WHY_ROWS
}

# fold(g): a repeat of a row that cannot differ by construction (the
# workload's fact fold_place: the pipe's pair on one CPU), of column g:
# not a row of the table, but counted, its figure's range kept, for
# one line under it (fold_line()).
function fold(g,    k, v) {
	if ((k = row_key("")) == "")
		return
	if (!(k in FOLDED)) {
		FOLDED[k] = 1
		NFOLD++
	}
	if ("exit" in F || (v = figure()) == "")
		return
	if (FOLD_LO == "" || v < FOLD_LO)
		FOLD_LO = v
	if (FOLD_HI == "" || v > FOLD_HI)
		FOLD_HI = v
}

# counted(): the figure in the unit every run measured: where the
# workload's figure is for a count (the herd's seconds for 5000000
# iterations) and every line of the table measured one other count,
# the figure is shown for that count (FIG_SCALE) and the title says so;
# where the runs measured several, each is scaled to the seed's count,
# and SCALED says which.
function counted(    g) {
	FIG_SCALE = 1
	if (metric != "" || FACT["per_count"] == "" || NCOUNT == 0)
		return
	if (NCOUNT == 1) {
		FIG_SCALE = ONECOUNT / FACT["per_count"]
		WHAT = workload ": " sprintf(FACT["per_count_what"], ONECOUNT) ", " \
		    (HIGHER ? "higher" : "lower") " is better"
		return
	}
	SCALED = ""
	for (g = 1; g <= NCOL; g++)
		SCALED = SCALED "; " LABEL[g] " " CCOUNT[g]
	SCALED = "Measured at other counts (" substr(SCALED, 3) "), each" \
	    " scaled to the seed's " FACT["per_count"] "."
}

# placed(pc): the placement of the parsed line, a repeat of the column's
# cell pc: CPUs used, and, where the kernel gave its statistics, CPUs
# occupied and queued over the measured time (the workload's span_s()).
function placed(pc,    t, v) {
	if ((v = num("cpus_used")) != "")
		add("u" pc, v)
	if (F["sched_stats"] != "kernel" || (t = span_s()) == "" || t <= 0)
		return
	if ((v = num("run_s")) != "")
		add("o" pc, v / t)
	if ((v = num("wait_s")) != "")
		add("q" pc, v / t)
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
