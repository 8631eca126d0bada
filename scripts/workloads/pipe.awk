# pipe.awk: the pipe's hooks, what the shared awk programs ask of
# smpb-pipe.
#
# The hook interface every workload file gives (facts, figure, why_wait,
# row_key, why_line, why_table) is described in lib.awk; awk/workload.awk
# makes the rest of its facts.
# Input: the parsed raw line, F (lib.awk's parse()). Output: only
# why_table() prints. No rules and no -v variables.
# The pipe's figure is the pair's CPU usage, (user + sys) / wall * 100;
# its rows are write size x think, by placement; its plot a heat map of
# the figure, thinks across and sizes down; its why table the pair's
# run-queue delay per block.

function facts(D) {
	D["what"] = "%CPU of the pair"
	D["figure"] = "cpu_pct"
	D["aside"] = "(200% = in parallel)"
	D["higher"] = 1
	# A slower CPU moves the pair's %CPU either way (compare-host.awk).
	D["host_moves"] = "either"
	D["fmt"] = "%.0f%%"
	D["head"] = "size x think"
	D["fast"] = "high"
	D["skip"] = " -s -t -c -l "
	# Rows that cannot differ: the pair on one CPU (smpbench run no
	# longer measures them unless -P one asks).
	D["fold_place"] = "one"
	D["fold_why"] = "two processes on one CPU use 100% of it or less," \
	    " whatever the kernel"
	D["wait_per"] = "block"
	D["wait_unit"] = "us"
	D["plot_xlabel"] = "think"
	D["plot_ylabel"] = "write size"
	D["plot_xunit"] = ""
	D["plot_yunit"] = "k"
	D["plot_columns"] = "think index, size index, %CPU, think, write KiB"
	# From red, serialised (100%), to green, in parallel (200%).
	D["plot_palette"] = "0 '#d7191c', 100 '#fdae61', 150 '#ffffbf'," \
	    " 200 '#1a9641'"
	D["plot_range"] = "0:200"
	D["span"] = "wall_s"
	D["plot_x"] = "think -t 1"
	D["plot_y"] = "write_kib -s 16"
}

function figure() {
	return need("cpu_pct")
}

# why_wait(): the pair's run-queue delay per block, writer and reader
# summed, us.
function why_wait(    wait) {
	if ((wait = num("wait_s")) == "")
		return ""
	return per_unit(wait, num("transfers"))
}

function row_key(pn, l2,    s, t) {
	s = ident("write_kib", "-s", 16)
	t = ident("think", "-t", 1)
	if (s == "" || t == "")
		return ""
	ROW_NAME = s "k x " t pn
	return s * 1e7 + t
}

# why_line(): PIPE_PLACES (each once) and the keys "why sizes" and "why
# thinks" gather what the run holds, for the table's blocks, rows and
# columns.
function why_line(    s, t, k) {
	s = ident("write_kib", "-s", 16)
	t = ident("think", "-t", 1)
	if (s == "" || t == "")
		return
	if (!(F["place"] in PIPE_PLACE_SEEN)) {
		PIPE_PLACE_SEEN[F["place"]] = 1
		PIPE_PLACES = PIPE_PLACES " " F["place"]
	}
	keyadd("why sizes", s)
	keyadd("why thinks", t)
	k = F["place"] SUBSEP s SUBSEP t
	keep("wait" SUBSEP k, why_wait())
}

# why_table(): by write size, for each placement (four a block) at the
# smallest and the largest think.
function why_table(    ns, nt, np, size, think, places, p, p0, p1, i, line,
    head) {
	ns = keysort("why sizes", size)
	nt = keysort("why thinks", think)
	np = split(place_list(PIPE_PLACES), places, " ")
	out("The pair's run-queue delay per block, us:")
	# Four placements a block, to stay within 72 columns.
	for (p0 = 1; p0 <= np; p0 += 4) {
		p1 = p0 + 3 < np ? p0 + 3 : np
		head = sprintf("%6s", "think")
		line = sprintf("%6s", "")
		for (p = p0; p <= p1; p++) {
			line = line sprintf(" %15s", substr(places[p], 1, 15))
			head = head sprintf(" %7s %7s", think[1], think[nt])
		}
		out(line)
		out(head)
		for (i = 1; i <= ns; i++) {
			line = sprintf("%5dk", size[i])
			for (p = p0; p <= p1; p++)
				line = line sprintf(" %7s %7s",
				    fig("wait", places[p] SUBSEP size[i] SUBSEP \
				    think[1]), fig("wait", places[p] SUBSEP size[i] \
				    SUBSEP think[nt]))
			out(line)
		}
	}
	stats_note("wait", "wait/block: run-queue delay per block, writer and" \
	    " reader summed, us.")
}
