# herd-table.awk: the table of smpb-herd runs, in seed 002's form.
#
# Input: raw/herd of a saved run (see lib.awk for its lines).
# Output: the heading line, then
#	Processes  Time(sec)  Active  Top(%)    Jain
#	        2     16.775       2    51.9  0.9986
# one row per number of processes (medians of the repeats: seconds for
# the run's iterations, processes that handled a token, the busiest one's
# share, Jain's fairness index; runs without the last three, like the
# seed's, show the first two columns only), then the footnotes.
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
	keyadd("procs", n)
	if (cell_ok(cell)) {
		take(cell, "wall_s")
		if ("active_procs" in F) {
			FAIR = 1
			push("active", cell, "active_procs")
			push("top", cell, "top_share_pct")
			push("jain", cell, "jain")
		}
	}
	if (ITER == "")
		ITER = ident("iterations", "-i", fact("per_count"))
	if (OPTS == "")
		OPTS = argrest(" -n ")
}

END {
	print heading("herd")
	out("Processes  Time(sec)" (FAIR ? "  Active  Top(%)    Jain" : ""))
	np = keysort("procs", procs)
	for (i = 1; i <= np; i++) {
		c = "free" SUBSEP procs[i]
		if (!(c in HAS))
			continue
		line = sprintf("%9d  %9s%1s", procs[i], fmt_cell(c, "%.3f"),
		    mark(c))
		if (FAIR)
			line = line sprintf(" %6s  %6s  %6s",
			    med("active" SUBSEP c, "%d"),
			    med("top" SUBSEP c, "%.1f"), med("jain" SUBSEP c, "%.4f"))
		out(line)
	}
	if (ENV["profile"] != "historical" && ITER != fact("per_count"))
		OPTS = OPTS " (the seed: -i " fact("per_count") ")"
	footnotes("smpb-herd", OPTS)
	if (ENV["profile"] != "historical")
		wrap("Time: seconds for " ITER " iterations. Active: processes" \
		    " that handled a token; Top: the busiest one's share of the" \
		    " tokens; Jain: fairness of the shares, 1 = even.")
	exit finish(0)
}
