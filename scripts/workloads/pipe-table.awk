# pipe-table.awk: the table of smpb-pipe runs, in seed 000's form.
#
# Input: raw/pipe of a saved run (see lib.awk for its lines).
# Output: the heading line; for each placement that was run, nearest first
# (free, one, smt, llc, spread, xllc, node), a caption naming it and its
# CPUs ("%CPU of the pair, llc: -c 0,2 (two cores sharing a last-level
# cache):"), a row of think values, and one row per write size, "%4dk:"
# then " %4s" percent cells, each followed by its mark; then the
# footnotes, among them the cells whose budget (or time) allowed one
# write only (nothing pipelined there), and the placement on one CPU
# the run left out (its cells cannot differ). Cells are medians of the pair's CPU usage,
# (user + sys) / wall * 100.
# Environment: SMPB_ENV, the run's env file. No -v variables.
# Needs the awk library (see lib.awk), awk/workload.awk and the
# workload's hooks loaded first.

BEGIN {
	load_env(ENVIRON["SMPB_ENV"])
}

{
	if (!raw($0, FILENAME, FNR))
		next
	note_rep()
	s = ident("write_kib", "-s", 16)
	t = ident("think", "-t", 1)
	if (s == "" || t == "")
		next
	cell = F["place"] SUBSEP s SUBSEP t
	if (!(F["place"] in PLACE_SEEN)) {
		PLACE_SEEN[F["place"]] = 1
		PLACES_RUN = PLACES_RUN " " F["place"]
	}
	keyadd("sizes", s)
	keyadd("thinks", t)
	if (cell_ok(cell))
		take(cell, "cpu_pct")
	if ("clamped" in F)
		clamped = F["clamped"] + 0
	else
		clamped = s * t > argval("-b", 64) * 1024
	if (clamped)
		CLAMPED[s SUBSEP t] = 1
	if (argval("-T", "") != "")
		TIMED = 1
	if (F["place"] != "free" && "cpulist" in F)
		CPUS[F["place"]] = F["cpulist"]
	if (OPTS == "")
		OPTS = argrest(" -s -t ")
}

END {
	print heading("pipe")
	ns = keysort("sizes", size)
	nt = keysort("thinks", think)
	np = split(place_list(PLACES_RUN), places, " ")
	for (p = 1; p <= np; p++) {
		pl = places[p]
		cap = "%CPU of the pair, " place_text(pl)
		if (pl in CPUS) {
			cap = "%CPU of the pair, " pl ": -c " CPUS[pl]
			if (length(cap place_text(pl)) + 4 <= 72)
				cap = cap " (" place_text(pl) ")"
		}
		if (np > 1 || ENV["profile"] != "historical")
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
	place_notes()
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
		wrap((TIMED ? "One write in the time (-T), nothing pipelined: " : \
		    "Budget clamped to one write, nothing pipelined: ") cl ".")
	if (!("one" in PLACE_SEEN) && index(" " ENV["placements"] " ", " one "))
		wrap("Not measured on one CPU: two processes there use 100% of" \
		    " it or less, whatever the kernel (-P one measures it).")
	exit finish(0)
}
