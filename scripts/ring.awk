# ring.awk: the table of smpb-ring runs, in seed 003's form.
#
# Input: raw/ring of a saved run (see lib.awk for its lines).
# Output: the heading line, one line per ring size,
#	 2 : 44188 switches / second   one CPU: 471228  spread: 41889
# (the placed figures only beside the sizes that were also run placed),
# then the footnotes. Cells are medians of the repeats.
# Environment: SMPB_ENV, the run's env file. No -v variables.
# Needs lib.awk loaded first.

BEGIN {
	load_env(ENVIRON["SMPB_ENV"])
}

{
	if (!parse($0))
		next
	note_rep()
	n = ident("procs", "-n", 2)
	cell = F["place"] SUBSEP n
	HAS[cell] = 1
	SIZES = SIZES " " n
	if ("exit" in F)
		fail(cell, F["exit"])
	else
		add(cell, F["switches_per_s"])
	if (F["place"] != "free" && "cpulist" in F)
		CPUS[F["place"]] = F["cpulist"]
	if (OPTS == "")
		OPTS = argrest(" -n ")
}

END {
	print heading("ring")
	ns = split(numsort(SIZES), size, " ")
	for (i = 1; i <= ns; i++) {
		n = size[i]
		line = sprintf("%2d : %s switches / second", n,
		    cellm("free" SUBSEP n, "%.0f"))
		extra = ""
		for (p = 1; p <= 2; p++) {
			pl = p == 1 ? "one" : "spread"
			c = pl SUBSEP n
			if (!(c in HAS))
				continue
			extra = extra "  " (pl == "one" ? "one CPU" : pl) ": " \
			    cellm(c, "%.0f")
		}
		out(line extra)
	}
	if ("one" in CPUS)
		PLACES = "one CPU: -c " CPUS["one"]
	if ("spread" in CPUS)
		PLACES = PLACES (PLACES == "" ? "" : ", ") "spread: -c " \
		    CPUS["spread"]
	if ("one" in CPUS && !("spread" in CPUS) && ENV["spread_cpus"] == "")
		SKIPPED = "Spread over CPUs: skipped, only one CPU was available."
	footnotes("smpb-ring", OPTS)
}
