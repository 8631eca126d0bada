# ring-table.awk: the table of smpb-ring runs, in seed 003's form.
#
# Input: raw/ring of a saved run (see lib.awk for its lines).
# Output: the heading line, one line per ring size run unpinned,
#	 2 : 44188 switches / second
# then, if rings were pinned, "A ring of 2, pinned:" and one line per
# placement, nearest first, with its CPUs beside it,
#	 2 : 471228 switches / second  one: -c 0
#	 2 :  41889 switches / second  llc: -c 0,2
# then the footnotes (what each placement is). Cells are medians of the
# repeats.
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
	if (F["place"] == "free") {
		keyadd("sizes", n)
	} else {
		# A pinned ring: its placement, each once, and its size.
		if (!(F["place"] in SIZE_OF))
			PLACES_RUN = PLACES_RUN " " F["place"]
		SIZE_OF[F["place"]] = n
	}
	if (cell_ok(cell))
		take(cell, "switches_per_s")
	if (F["place"] != "free" && "cpulist" in F)
		CPUS[F["place"]] = F["cpulist"]
	if (OPTS == "")
		OPTS = argrest(" -n ")
}

END {
	print heading("ring")
	ns = keysort("sizes", size)
	# Sizes as wide as the largest (at least 2, as in the seed).
	nw = length(size[ns]) < 2 ? 2 : length(size[ns])
	for (i = 1; i <= ns; i++)
		out(sprintf("%" nw "d : %s switches / second", size[i],
		    cellm("free" SUBSEP size[i], "%.0f")))
	ring_pinned()
	footnotes("smpb-ring", OPTS)
	exit finish(0)
}

# ring_pinned(): the block of pinned rings, each placement's figure aligned,
# its CPUs beside it; PLACES gets what each placement is, for the
# footnotes.
function ring_pinned(    n, a, i, pl, sz, v, vw, line) {
	n = split(place_list(PLACES_RUN), a, " ")
	if (n == 0)
		return
	vw = 0
	for (i = 1; i <= n; i++) {
		v = cellm(a[i] SUBSEP SIZE_OF[a[i]], "%.0f")
		if (length(v) > vw)
			vw = length(v)
	}
	out("A ring of 2, pinned:")
	for (i = 1; i <= n; i++) {
		pl = a[i]
		sz = SIZE_OF[pl]
		line = sprintf("%" nw "d : %" vw "s switches / second  %s", sz,
		    cellm(pl SUBSEP sz, "%.0f"), pl)
		if (pl in CPUS)
			line = line ": -c " CPUS[pl]
		out(line)
		PLACES = PLACES (PLACES == "" ? "" : "; ") pl ": " place_text(pl)
	}
	place_notes()
}
