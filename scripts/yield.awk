# yield.awk: the table of smpb-yield runs, in seed 001's columns.
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
# Needs lib.awk loaded first.

BEGIN {
	load_env(ENVIRON["SMPB_ENV"])
}

{
	if (!parse($0))
		next
	note_rep()
	n = ident("threads", "-n", 1)
	cell = F["place"] SUBSEP n
	HAS[cell] = 1
	THREADS = THREADS " " n
	if ("exit" in F) {
		fail(cell, F["exit"])
	} else {
		if ("total_per_s" in F)
			tot = F["total_per_s"]
		else if (F["us_per_yield"] > 0)
			tot = 1e6 / F["us_per_yield"]
		else
			tot = 0
		add(cell, tot)
		if ("avg_per_thread" in F) {
			SEEDCOLS = 1
			AVG[cell] = AVG[cell] " " F["avg_per_thread"]
			ZERO[cell] = ZERO[cell] " " F["zero_threads"]
			NVAR[cell] = NVAR[cell] " " F["norm_var"]
		}
		if (tot > 0)
			US[cell] = US[cell] " " (("us_per_yield" in F) ? \
			    F["us_per_yield"] : 1e6 / tot)
	}
	if (OPTS == "")
		OPTS = argrest(" -n ")
}

# med(list, fmt): the median of a list of numbers in fmt, or "-".
function med(list, fmt,    a, n) {
	n = sorted(list, a)
	if (n == 0)
		return "-"
	return sprintf(fmt, n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)
}

END {
	print heading("yield")
	nt = split(numsort(THREADS), threads, " ")
	if (!SEEDCOLS) {
		# Only the compare metric (the seed's reply): its form.
		line = "#T : " who()
		out(line)
		gsub(/./, "-", line)
		print line
		for (i = 1; i <= nt; i++)
			out(sprintf("%2d : %s", threads[i],
			    med(US["free" SUBSEP threads[i]], "%.3f")))
		footnotes("smpb-yield", OPTS)
		wrap("Microseconds per yield across the machine, 1e6 /" \
		    " (yields/s in total); seed 001's reply gives no unit, its" \
		    " figures fit this.")
		exit
	}
	out("threads    yields/s  per thread  zero-work   norm.var  us/yield")
	for (i = 1; i <= nt; i++) {
		c = "free" SUBSEP threads[i]
		if (!(c in HAS))
			continue
		tot = NVALS[c] > 0 && median(c) > 0 ? sprintf("%.0f", median(c)) : \
		    fmt_cell(c, "%.0f")
		out(sprintf("%7d  %10s%1s %10s  %9s  %9s  %8s", threads[i], tot,
		    mark(c), med(AVG[c], "%.0f"), med(ZERO[c], "%d"),
		    med(NVAR[c], "%.6f"), med(US[c], "%.3f")))
	}
	footnotes("smpb-yield", OPTS)
	wrap("us/yield: microseconds per yield across the machine," \
	    " 1e6 / (yields/s in total), the figure smpbench compare shows" \
	    " (seed 001's reply gives no unit; its figures fit this).")
}
