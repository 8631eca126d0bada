# compare-notes.awk: the lines under a table of compare's report, what
# is that table's own alone.
#
# Input: the records of compare-verdict.awk (row i, column g), the
# problems (PTEXT, PWORK, PSAY, PHARD, PRUN), the hosts (host_note():
# compare-host.awk), what compare.awk read (NAME, ROWK, LABEL, WHO, the
# folded rows NFOLD) and smpb-stat answered (their range, FOLD_SHOWN);
# -v threshold, verbose.
# Output: own_lines(), at most own_max() lines (every one with verbose),
# most telling first: the doubts of this workload alone, the columns
# whose threshold the host raised, the rows folded, the cells whose
# placement differed, the clusters of bimodal cells, the cells whose
# figures smpb-stat refused, and with verbose every change's interval;
# what does not fit is counted on its last line.
# No rules: loaded with compare.awk, after compare-table.awk.

# The lines a table may print under its rows without -v: what is its
# own alone. -v prints every one.
function own_max() {
	return 3
}

# own_lines(): under the table, what is this table's own, most telling
# first, at most own_max() lines (every one with verbose): its doubts
# (this workload's alone), the columns whose threshold the host raised
# or whose host is unknown, the cells whose placement differed, the
# clusters of its bimodal cells, its cells that smpb-stat refused and,
# with verbose, every change's interval. What did not fit is counted on
# its last line.
function own_lines(    i, g, s, n, k, left, m, gs) {
	NOWN = 0
	if (SCALED != "")
		own(SCALED)
	# The doubts of this workload alone; those the header groups
	# (PSAY: steal time, an unquiet start) are said there, once.
	for (i = 1; i <= NPROB; i++)
		if (PWORK[i] && PRUN[i] && COL[PRUN[i]] && PSAY[i] == "")
			own("? " PTEXT[i] (PHARD[i] ? "; nothing in its column is" \
			    " marked" : "") ".")
	for (g = 2; g <= NCOL; g++) {
		# A why table's threshold is its figure's own line only where
		# the host moves the workload's figure another way (the ring's
		# rate): a time's is the one under the workload's table. An
		# unknown host speed, the header says once.
		if (host_note(g) != "" && (metric == "" || main_moves() != "time"))
			own(host_note(g))
	}
	if (NFOLD)
		own(fold_line())
	# A why table's placements are its workload's, said under that.
	if (metric == "" || verbose)
		placed_lines()
	# A why table's clusters are its own, but its cells say them
	# (k/n): their medians with -v.
	if (BIMODAL && (metric == "" || verbose))
		bimodal_lines(own_max() - own_used())
	s = ""
	n = 0
	for (i = 1; i <= NROWK; i++) {
		m = row_cells(i, gs)
		for (k = 1; k <= m; k++) {
			g = gs[k]
			if (REFUSAL[i, g] != "") {
				s = s ", " NAME[ROWK[i]] " " LABEL[g] " (" REFUSAL[i, g] ")"
				n++
			}
		}
	}
	if (n)
		own("Not tested, figures refused: " substr(s, 3) ".")
	if (verbose)
		intervals()
	# The notes that fit, and a line for the rest where some do not.
	n = 0
	for (k = 1; k <= NOWN; k++) {
		left = NOWN - k
		if (!verbose && n + OWNL[k] + (left > 0) > own_max() &&
		    !(left == 0 && n + OWNL[k] <= own_max()))
			break
		emit(OWN[k])
		n += OWNL[k]
	}
	if (k <= NOWN)
		emit("(" WHO ": " NOWN - k + 1 " more note" (NOWN - k ? "s" : "") \
		    ", compare -v prints " (NOWN - k ? "them" : "it") ".)")
}

# main_moves(): how a slower host moves the workload's own figure (as
# host_moves() does, without a why figure).
function main_moves() {
	if (FACT["host_moves"] != "")
		return FACT["host_moves"]
	return FACT["higher"] ? "rate" : "time"
}

# own_used(): the lines the table's own notes take so far.
function own_used(    k, n) {
	n = 0
	for (k = 1; k <= NOWN; k++)
		n += OWNL[k]
	return n
}

# own(s): one of the table's own notes, wrapped, kept for own_lines()
# with the lines it takes.
function own(s,    t) {
	t = wrap_text(s)
	OWN[++NOWN] = t
	OWNL[NOWN] = gsub(/\n/, "\n", t) + 1
}

# clusters(i): for row i, when a column's repeats fall into two
# clusters, each column's clusters side by side, the better first, with
# their medians and repeats, a plain column's median, and where the
# first column has clusters too, how far each cluster moved against
# its own: what can be said of such a cell.
function clusters(i,    g, s, slow, k, n, gs) {
	n = row_cells(i, gs)
	for (k = 1; k <= n && !RBI[i, gs[k]]; k++)
		;
	if (k > n)
		return
	slow = FAST == "fast" ? "slow" : FAST == "high" ? "low" : "high"
	s = ""
	for (k = 1; k <= n; k++) {
		g = gs[k]
		if (!RHAS[i, g])
			continue
		if (!RBI[i, g]) {
			s = s "; " LABEL[g] " " RVAL[i, g]
			continue
		}
		s = s "; " LABEL[g] " " FAST " " RFAST[i, g] " (" \
		    RNFAST[i, g] " of " RREPS[i, g] "), " slow " " \
		    RSLOW[i, g] " (" RREPS[i, g] - RNFAST[i, g] ")"
		if (g > 1 && RBI[i, 1])
			s = s ", moved " RMOVEF[i, g] " and " RMOVES[i, g]
	}
	if (ROW_STOOD[i])
		s = s ": the clusters stand where they stood (within " \
		    threshold "%)" (ROW_OFTEN[i] ? ", each as often" : "; how" \
		    " often each came is what differs")
	NBI++
	BI_ROWS = BI_ROWS row_sep() NAME[ROWK[i]]
	BI_STOOD += ROW_STOOD[i]
	BI_TEXT[NBI] = "bimodal " WHO_ROW NAME[ROWK[i]] ": " substr(s, 3) "."
}

# row_sep(): what parts rows named on one line: "; " where a row's name
# holds a comma (bind's "idle, bound"), else ", " (two characters each).
function row_sep(    i) {
	for (i = 1; i <= NROWK; i++)
		if (index(NAME[ROWK[i]], ","))
			return "; "
	return ", "
}

# bimodal_lines(room): the clusters of the bimodal rows, each on its
# own where they fit in room lines (or with verbose); else one line
# that names the rows and what their clusters did.
function bimodal_lines(room,    i, n, k) {
	NBI = BI_STOOD = 0
	BI_ROWS = ""
	for (i = 1; i <= NROWK; i++)
		clusters(i)
	n = 0
	for (k = 1; k <= NBI; k++)
		n += split(wrap_text(BI_TEXT[k]), BI_SPLIT, "\n")
	if (verbose || n <= room) {
		for (k = 1; k <= NBI; k++)
			own(BI_TEXT[k])
		return
	}
	own("bimodal " WHO_ROW substr(BI_ROWS, 3) ": " (BI_STOOD == NBI ? \
	    "the clusters stand where they stood (within " threshold "%);" \
	    " how often each came is what differs (-v: each)." : "two" \
	    " clusters of repeats, compared by all of them (-v: their" \
	    " medians)."))
}

# fold_line(): the rows left out of the table because they cannot
# differ by construction (compare.awk's fold()), in one line.
function fold_line() {
	return "Not compared: " NFOLD " row" (NFOLD == 1 ? "" : "s") " " \
	    place_text(FACT["fold_place"]) (FOLD_SHOWN == "" ? "" : ", " \
	    FOLD_SHOWN " in the runs") ": " FACT["fold_why"] "."
}

# placed_lines(): the cells whose placement differed: each alone, or,
# where there are more than two, their rows on one line (each with -v).
function placed_lines(    i, g, n, s, k, m, gs) {
	n = 0
	s = ""
	for (i = 1; i <= NROWK; i++) {
		m = row_cells(i, gs)
		for (k = 1; k <= m; k++)
			if (RVERD[i, gs[k]] == "placement") {
				n++
				s = s row_sep() NAME[ROWK[i]] (NCOL > 2 ? " " \
				    LABEL[gs[k]] : "")
			}
	}
	if (n == 0)
		return
	if (n > 2 && !verbose) {
		own("@ " WHO_ROW substr(s, 3) ": one side on one CPU, the other on" \
		    " two or more (-v: each).")
		return
	}
	for (i = 1; i <= NROWK; i++) {
		m = row_cells(i, gs)
		for (k = 1; k <= m; k++) {
			g = gs[k]
			if (RVERD[i, g] == "placement")
				own("@ " WHO_ROW NAME[ROWK[i]] ": " RPLACE[i, g] ".")
		}
	}
}

# intervals(): every change's interval and its level, with -v.
function intervals(    i, g, s, k, m, gs) {
	s = ""
	for (i = 1; i <= NROWK; i++) {
		m = row_cells(i, gs)
		for (k = 1; k <= m; k++) {
			g = gs[k]
			if (RINT[i, g] != "")
				s = s "; " WHO_ROW NAME[ROWK[i]] (NCOL > 2 ? " " LABEL[g] \
				    : "") " " RINT[i, g]
		}
	}
	if (s != "")
		own("Shifts and their " LEVEL_PCT "% intervals: " substr(s, 3) ".")
}
