# pipe.awk: the table of smpb-pipe runs, in seed 000's form.
#
# Input: raw/pipe of a saved run (see lib.awk for its lines).
# Output: the heading line; for each placement that was run (unpinned,
# all on one CPU, spread over CPUs), a caption, a row of think values, and
# one row per write size, "%4dk:" then " %4s" percent cells, each followed
# by its mark; then the footnotes, among them the cells whose budget was
# clamped to one write (nothing pipelined there). Cells are medians of the
# pair's CPU usage, (user + sys) / wall * 100.
# Environment: SMPB_ENV, the run's env file. No -v variables.
# Needs lib.awk loaded first.

BEGIN {
	load_env(ENVIRON["SMPB_ENV"])
}

{
	if (!parse($0))
		next
	note_rep()
	s = ident("write_kib", "-s", 16)
	t = ident("think", "-t", 1)
	cell = F["place"] SUBSEP s SUBSEP t
	HAS[cell] = 1
	PLACE[F["place"]] = 1
	SIZES = SIZES " " s
	THINKS = THINKS " " t
	if ("exit" in F)
		fail(cell, F["exit"])
	else
		add(cell, F["cpu_pct"])
	if ("clamped" in F)
		clamped = F["clamped"] + 0
	else
		clamped = s * t > argval("-b", 64) * 1024
	if (clamped)
		CLAMPED[s SUBSEP t] = 1
	if (F["place"] != "free" && "cpulist" in F)
		CPUS[F["place"]] = F["cpulist"]
	if (OPTS == "")
		OPTS = argrest(" -s -t ")
}

END {
	print heading("pipe")
	ns = split(numsort(SIZES), size, " ")
	nt = split(numsort(THINKS), think, " ")
	for (p = 1; p <= 3; p++) {
		pl = p == 1 ? "free" : p == 2 ? "one" : "spread"
		if (!(pl in PLACE))
			continue
		cap = "%CPU of the pair, " place_text(pl)
		if (pl in CPUS)
			cap = cap " (-c " CPUS[pl] ")"
		if (("one" in PLACE) || ("spread" in PLACE) ||
		    ENV["profile"] != "historical")
			out(cap ":")
		line = sprintf("%6s", "")
		for (j = 1; j <= nt; j++)
			line = line sprintf(" %4s ", think[j])
		out(line)
		for (i = 1; i <= ns; i++) {
			line = sprintf("%4dk:", size[i])
			for (j = 1; j <= nt; j++) {
				c = pl SUBSEP size[i] SUBSEP think[j]
				if (!(c in HAS)) {
					line = line sprintf(" %4s ", "")
					continue
				}
				v = fmt_cell(c, "%.0f")
				if (NVALS[c] > 0)
					v = v "%"
				line = line sprintf(" %4s%s", v, mark(c))
			}
			out(line)
		}
	}
	if ("one" in CPUS && !("spread" in CPUS) && ENV["spread_cpus"] == "")
		SKIPPED = "Spread over CPUs: skipped, only one CPU was available."
	footnotes("smpb-pipe", OPTS)
	cl = ""
	for (i = 1; i <= ns; i++) {
		sl = ""
		for (j = 1; j <= nt; j++)
			if ((size[i] SUBSEP think[j]) in CLAMPED)
				sl = sl (sl == "" ? "" : ",") think[j]
		if (sl != "")
			cl = cl (cl == "" ? "" : "; ") size[i] "k x " sl
	}
	if (cl != "")
		wrap("Budget clamped to one write, nothing pipelined: " cl ".")
}
