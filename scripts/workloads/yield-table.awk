# yield-table.awk: the table of smpb-yield runs, in seed 001's columns.
#
# Input: raw/yield of a saved run (see lib.awk for its lines).
# Output: the heading line, then one row per number of threads with the
# seed's columns (threads, yields/s in total, yields/s per thread,
# threads that did no work, normalised variance of the per-thread work)
# and the compare metric, microseconds per yield across the machine,
# 1e6 / (yields/s in total); medians of the repeats; then the footnotes.
# Runs that hold only that metric (the seed's reply) are shown in the
# reply's form, "#T : <label>" and one " 1 : 0.591" line per count.
# Environment: SMPB_ENV, the run's env file. No -v variables.
# Needs the awk library (see lib.awk), awk/workload.awk and the
# workload's hooks loaded first.

BEGIN {
	load_env(ENVIRON["SMPB_ENV"])
}

{
	if ((n = count_line()) == "")
		next
	cell = F["place"] SUBSEP n
	keyadd("threads", n)
	if (cell_ok(cell)) {
		us = num("us_per_yield")
		usbad = NUM_BAD
		if (usbad)
			bad("us_per_yield")
		if ("total_per_s" in F) {
			if (take(cell, "total_per_s") && us == "" &&
			    F["total_per_s"] > 0)
				us = 1e6 / F["total_per_s"]
		} else if (us > 0) {
			add(cell, 1e6 / us)
		} else {
			if (!usbad)
				complain("no total_per_s= nor us_per_yield=; left out")
			BAD[cell]++
			MARKS_USED["?"] = 1
		}
		if ("avg_per_thread" in F) {
			SEEDCOLS = 1
			push("avg", cell, "avg_per_thread")
			push("zero", cell, "zero_threads")
			push("nvar", cell, "norm_var")
		}
		if (us > 0)
			add("us" SUBSEP cell, us)
	}
	if (OPTS == "")
		OPTS = argrest(" -n ")
}

END {
	print heading("yield")
	nt = keysort("threads", threads)
	if (!SEEDCOLS) {
		# Only the compare metric (the seed's reply): its form.
		line = "#T : " who()
		out(line)
		gsub(/./, "-", line)
		print line
		for (i = 1; i <= nt; i++)
			out(sprintf("%2d : %s", threads[i],
			    med("us" SUBSEP "free" SUBSEP threads[i], "%.3f")))
		footnotes("smpb-yield", OPTS)
		wrap("Microseconds per yield across the machine, 1e6 /" \
		    " (yields/s in total); seed 001's reply gives no unit, its" \
		    " figures fit this.")
		exit finish(0)
	}
	out("threads    yields/s  per thread  zero-work   norm.var  us/yield")
	for (i = 1; i <= nt; i++) {
		c = "free" SUBSEP threads[i]
		if (!(c in HAS))
			continue
		tot = NVALS[c] > 0 && median(c) > 0 ? sprintf("%.0f", median(c)) : \
		    fmt_cell(c, "%.0f")
		out(sprintf("%7d  %10s%1s %10s  %9s  %9s  %8s", threads[i], tot,
		    mark(c), med("avg" SUBSEP c, "%.0f"),
		    med("zero" SUBSEP c, "%d"), med("nvar" SUBSEP c, "%.6f"),
		    med("us" SUBSEP c, "%.3f")))
	}
	footnotes("smpb-yield", OPTS)
	wrap("us/yield: microseconds per yield across the machine," \
	    " 1e6 / (yields/s in total), the figure smpbench compare shows" \
	    " (seed 001's reply gives no unit; its figures fit this).")
	exit finish(0)
}
