# compare.awk: one report of several saved runs: every table of it, in
# turn, then the header and the headline said once above them.
#
# Input: none on stdin; the runs' directories come from the file the
# environment names, SMPB_RUNS (one per line), and the program reads
# each run's env, complete or incomplete marker, host file (the run's
# host drift, when it has one) and raw/<workload> itself.
# Output, on stdout, at the end (each part kept until then: emit()):
# the header (compare-head.awk), the headline (compare-headline.awk)
# and the tables, a blank line apart; a table in seed 001's compare
# form:
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
# (compare-p.awk), after the header's doubts. What the header and the
# headline say of a table, it keeps for them (compare-table.awk's
# facts_out()); the rows it marked, for its workload's why tables, in
# MARKED.
# On stderr: saved values that are not figures, with file and line; and,
# when the runs are not comparable (different profiles or parameters,
# the same run twice), why, unless force is set.
# -v variables: plan, the tables, in order: "W" a workload's figure,
# "W:M" one of its why figures M (p99, wait: see why_figure(); printed
# only where W's table marked a row, or with verbose or parsable; ss,
# the kernel's counters: compare-ss.awk's table, printed only where a
# row is worth a line); check_with, the workload whose hooks check that
# the runs can be compared at all; force, 1 to compare what is not
# comparable (marked); threshold, the smallest change marked, in
# percent, where -t gave it (smpb-stat's own else, as its answers say);
# verbose, 1 to print every change's interval, every note and every why
# table whole; parsable, 1 for the key=value lines instead of the
# tables; tmp, the driver's private directory, where smpb-stat's
# answers are written (stat.awk); stat, smpb-stat's path;
# reproduce, 0 for no line to rerun the report at its end (smpbench vm
# says its own: SMPB_REPRODUCE, lib/reproduce.sh); version
# and command, that line's (reproduce.awk).
# Exit status: 0; 8 smpb-stat failed (said); 3 some saved data was bad
# (left out, marked), or a workload not comparable; 4 the runs are not
# comparable (nothing printed); 7 no table of two runs (nothing
# printed); 9 the header could not be made.
# Needs the awk library (see lib.awk), every workload's hooks (renamed,
# and called through hooks of the workload compared: compare.sh's
# compare_hooks), compare-reset.awk (a table begun afresh),
# compare-runs.awk (reading the runs), compare-check.awk (what makes
# runs doubtful or not comparable), stat.awk (smpb-stat, which decides),
# compare-host.awk (the host's own speed), compare-verdict.awk,
# compare-table.awk, compare-notes.awk, compare-head.awk,
# compare-headline.awk, compare-p.awk, compare-ss.awk (the kernel's
# counters), compare-plan.awk (the plan, and what each round of judging
# hands over) and reproduce.awk (the last line), loaded first
# (compare.sh's compare_awk).

BEGIN {
	exit report()
}

# report(): the tables judged in two rounds, each round's tables handed
# whole to one smpb-stat and answered into a file (stat.awk): first the
# runs' checks, every workload's own table and the header's; then,
# once those have marked their rows, the why tables of the rows marked.
# Each table is then made from its answers (head_table(), one_table()),
# kept in a section of its own (its place in the plan, k) and all
# printed at the end in the plan's order, the header and the headline
# before them (print_report()); the exit status: 0, 3 some saved data
# was bad, 4 the runs are not comparable, 7 no table of two runs, 9 the
# header could not be made. Where smpb-stat fails, it exits 8.
function report(    n, k, rc, status) {
	n = plan_tables()
	send_head(check_with)
	for (k = 1; k <= n; k++)
		if (PLAN_M[k] == "")
			send_table(k)
	if (n > 0)
		send_head(PLAN_W[1])
	stat_round()
	if ((rc = head_table(check_with)) != 0)
		return rc
	status = 0
	for (k = 1; k <= n; k++)
		if (PLAN_M[k] == "")
			status = one_table(k) || status
	for (k = 1; k <= n; k++)
		if (PLAN_M[k] != "" && why_made(k))
			send_table(k)
	stat_round()
	for (k = 1; k <= n; k++)
		if (PLAN_M[k] != "" && why_made(k))
			status = one_table(k) || status
	sections(n)
	if (TABLES == 0 && status == 0)
		return 7
	if (head_table(PLAN_W[1], 1) != 0)
		return 9
	print_report()
	if (reproduce != 0)
		print_reproduce()
	return status ? 3 : 0
}

# head_table(w, with_head): the runs judged as one table, with the hooks of
# workload w: where they cannot be compared (unless force), why, and 4;
# else, with with_head, the header (and the headline) kept, and 0.
function head_table(w, with_head,    i) {
	OUT_SEC = "head"
	head_read(w)
	judge_table(1)
	if (REFUSED && !force) {
		for (i = 1; i <= NPROB && !PHARD[i]; i++)
			;
		warn("compare: " PREFUSE[i])
		return finish(4)
	}
	if (with_head)
		print_head()
	return finish(0) == 0 ? 0 : 9
}

# one_table(k): the plan's k-th table, kept (OUT_SEC k; TAB_MADE[k]
# where it is printed); 1 where saved data was bad or its runs not
# comparable, else 0. As an awk of its own would exit (table_made()): 0, 3 (bad
# data, left out), 4 (not comparable), 5 (fewer than two of the runs
# hold it), 6 (folded: why_folded()).
function one_table(k,    rc) {
	OUT_SEC = k
	OUTN[k] = 0
	rc = table_read(k) ? table_made() : finish(5)
	if (rc == 0 || rc == 3)
		TAB_MADE[k] = 1
	return rc == 3 || rc == 4
}

# table_made(): the table read, from its answers (judge_table(), of the
# first round's or the second's).
function table_made(    i) {
	judge_table(metric == "" ? 1 : 2)
	if (REFUSED && !force) {
		for (i = 1; i <= NPROB; i++)
			if (PHARD[i])
				warn(workload " not compared: " PTEXT[i] \
				    " (-f compares anyway)")
		return finish(4)
	}
	verdicts()
	# The kernel's counters: their own table, or nothing.
	if (metric == "ss")
		return finish(ss_print() > 0 ? 0 : 5)
	if (why_folded()) {
		facts_out()
		return finish(6)
	}
	if (parsable) {
		print_p()
		print_p_records()
	}
	else
		print_table()
	facts_out()
	return finish(0)
}

# folds_line(w, k): the why tables of workload w that had no mark in the
# rows its own table marked (why_folded()), said in one line, kept as
# section k.
function folds_line(w, k,    s, i) {
	for (i = 1; i <= NFOLDS[w]; i++)
		s = s (i > 1 ? " nor the " : "") FOLDS[w, i]
	OUT_SEC = k
	OUTN[k] = 0
	wrap(w ": no mark in the " s " of the rows marked above (-v: the" \
	    " table).")
}

# print_report(): the header, the headline, the tables, a blank line
# apart (none with -p, which has no headline).
function print_report(    k) {
	out_section("head")
	if (!parsable)
		out_section("headline")
	for (k = 1; k <= TABLES; k++)
		out_section(TAB_SEC[k])
}

# print_reproduce(): the line to rerun the report (reproduce.awk's
# compare_said()), after it: a blank line before it, or, with -p, as a
# comment.
function print_reproduce(    s) {
	s = compare_said()
	if (parsable) {
		gsub(/\n/, "\n# ", s)
		print "# " s
	} else
		print "\n" s
}

# out_section(s): the lines kept of section s, after a blank line where
# a section printed before (none with -p).
function out_section(s,    i) {
	for (i = 1; i <= OUTN[s]; i++) {
		if (i == 1 && PRINTED && !parsable)
			print ""
		print OUTL[s, i]
		PRINTED = 1
	}
}

# stat_failed(): smpb-stat could not judge a table (stat.awk said why):
# which table, then exit 8.
function stat_failed() {
	printf "smpbench: cannot compare %s\n", OUT_SEC == "head" ? \
	    "these runs" : workload > "/dev/stderr"
	exit 8
}

# why_folded(): 1 when this why table is said in a few words rather than
# printed, its name added to FOLDS[workload, 1..NFOLDS[workload]]
# (folds_line() makes of them one line under the workload's tables): no cell of it marked in
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
	FOLDS[workload, ++NFOLDS[workload]] = WHY_NAME
	FOLDS[workload] = 1
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
# every row; else the rows where the workload's own table has a mark, as
# it left them in MARKED (compare-table.awk's marked_rows()).
function why_row(key) {
	return verbose || parsable || (workload, key) in MARKED
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
