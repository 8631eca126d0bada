# compare-table.awk: the table compare.awk prints, and what it says
# under it.
#
# Input: the records of compare-verdict.awk (RVAL, RCV, RCH, RVERD...,
# row i and column g), and what compare.awk read and checked: the
# columns (LABEL, CNAME, CRUNS, CRUN), the runs' env (RENV), the
# problems (PTEXT, QCOL), the rows (NAME), the workload's format (FMT,
# HEAD, HIGHER, FAST, FACT).
# Output, on stdout, through print_table(): the table, one column per
# name and one row per cell, in blocks of at most 72 columns, each
# beside the first column; under it, at most own_max() lines of what is
# this table's own (compare-notes.awk's own_lines()); the header above
# every table says the rest once (compare-head.awk). facts_out() keeps
# what the header and the headline say of the table (compare-head.awk's
# table_said()). See compare.awk for the whole form.
# -v variables: compare.awk's (workload, metric, threshold, verbose). No
# rules: loaded with compare.awk, after the awk library and the
# workload's hooks.

# cellparts(i, g): the cell of row i in column g, in five parts: VT
# (the figure, or what stands for it), CT (its spread, or where its
# repeats fall into two clusters, how many of them in the better one,
# "(4/5)"), NT (its repeats, where they are not the column's usual
# number), PT (the change against the first column) and MT (the marks:
# * worse, + better, @ placement, ? doubtful, ! a repeat lost).
function cellparts(i, g,    v) {
	CT = NT = PT = MT = ""
	if (!((i, g) in RVAL)) {
		VT = "-"
		return
	}
	VT = RVAL[i, g]
	if (RHAS[i, g] && RREPS[i, g] != REPS_MODE[g])
		NT = RREPS[i, g]
	if (RMISS[i, g]) {
		MT = "!"
		MISSING = 1
	}
	if (!RHAS[i, g])
		return
	if (RBI[i, g])
		CT = "(" RNFAST[i, g] "/" RREPS[i, g] ")"
	else if (RCV[i, g] != "")
		CT = sprintf("(%.0f%%)", RCV[i, g] * 100)
	if (g == 1)
		return
	PT = RCHT[i, g]
	v = RVERD[i, g]
	if (v == "changed")
		MT = (RDIR[i, g] == "better" ? "+" : "*") MT
	else if (v == "placement")
		MT = "@" MT
	else if (v == "doubtful")
		MT = "?" MT
}

function pad(s, w) {
	return sprintf("%" w "s", s)
}

# block(nr, kw, first, last): the table for column 1 and columns
# first..last.
function block(nr, kw, first, last,    i, g, k, line, dash, s) {
	line = pad(HEAD, kw) " :"
	for (k = first - 1; k <= last; k++) {
		g = k == first - 1 ? 1 : k
		line = line " " pad(LABEL[g] (QCOL[g] ? "?" : ""), W[g])
	}
	out(line)
	dash = line
	gsub(/./, "-", dash)
	# What each part of a cell is.
	line = pad("", kw) " :"
	for (k = first - 1; k <= last; k++) {
		g = k == first - 1 ? 1 : k
		s = pad(ONE[g] ? "figure" : "median", VW[g])
		if (CW[g])
			s = s " " pad("(cv)", CW[g])
		if (NW[g])
			s = s " " pad("n", NW[g])
		if (PW[g])
			s = s " " pad("change", PW[g])
		if (MW[g])
			s = s sprintf("%" MW[g] "s", "")
		line = line " " s
	}
	out(line)
	emit(dash)
	for (i = 1; i <= nr; i++) {
		line = pad(NAME[ROWK[i]], kw) " :"
		for (k = first - 1; k <= last; k++) {
			g = k == first - 1 ? 1 : k
			# The figure and its spread right-aligned, so that
			# figures line up; a bimodal cell takes both places.
			cellparts(i, g)
			if (CT == "" && VT ~ /^bimodal/)
				s = pad(VT, VW[g] + (CW[g] ? CW[g] + 1 : 0))
			else {
				s = pad(VT, VW[g])
				if (CW[g])
					s = s " " pad(CT, CW[g])
			}
			if (NW[g])
				s = s " " pad(NT, NW[g])
			if (PW[g])
				s = s " " pad(PT, PW[g])
			if (MW[g])
				s = s sprintf("%-" MW[g] "s", MT)
			line = line " " s
		}
		out(line)
	}
}

# widths(nr): the widths of each column's parts (VW, CW, NW, PW, MW) and
# of the whole (W), wide enough for the label, of the cells answered
# (row_cells(): the others, "-", are narrower than a label's room).
function widths(nr,    i, g, k, n, gs, lw, bw) {
	for (g = 1; g <= NCOL; g++)
		VW[g] = CW[g] = NW[g] = PW[g] = MW[g] = BIW[g] = 0
	for (i = 1; i <= nr; i++) {
		n = row_cells(i, gs)
		for (k = 1; k <= n; k++) {
			g = gs[k]
			cellparts(i, g)
			if (length(NT) > NW[g]) NW[g] = length(NT)
			if (VT ~ /^bimodal/) {
				if (length(VT) > BIW[g]) BIW[g] = length(VT)
			} else if (length(VT) > VW[g])
				VW[g] = length(VT)
			if (length(CT) > CW[g]) CW[g] = length(CT)
			if (length(PT) > PW[g]) PW[g] = length(PT)
			if (length(MT) > MW[g]) MW[g] = length(MT)
		}
	}
	for (g = 1; g <= NCOL; g++) {
		bw = BIW[g]
		# Room for the words of the header row.
		if (VW[g] < 6)
			VW[g] = 6
		if (CW[g] && CW[g] < 4)
			CW[g] = 4
		if (PW[g] && PW[g] < 6)
			PW[g] = 6
		if (bw > VW[g] + (CW[g] ? CW[g] + 1 : 0))
			VW[g] = bw - (CW[g] ? CW[g] + 1 : 0)
		W[g] = VW[g] + (CW[g] ? CW[g] + 1 : 0) + (NW[g] ? NW[g] + 1 : 0) \
		    + (PW[g] ? PW[g] + 1 : 0) + MW[g]
		# A column of one figure a cell (a historical run) has no
		# median.
		ONE[g] = 1
		for (k = 1; k <= CRUNS[g]; k++)
			if (REPS[CRUN[g, k]] > 1)
				ONE[g] = 0
		lw = length(LABEL[g]) + (QCOL[g] ? 1 : 0)
		if (lw > W[g]) {
			VW[g] += lw - W[g]
			W[g] = lw
		}
	}
}

# print_table(): the title, the table, and the lines that are its own
# (own_lines()): the header above every table (compare.awk's head) says
# the rest once.
function print_table(    nr, i, kw, first, last, wd) {
	nr = NROWK
	kw = length(HEAD)
	for (i = 1; i <= nr; i++)
		if (length(NAME[ROWK[i]]) > kw)
			kw = length(NAME[ROWK[i]])
	widths(nr)
	# A cell named alone: the workload, the why figure, the row.
	WHO_ROW = WHO " "
	wrap(WHAT (metric == "" && FACT["note"] != "" ? "; " FACT["note"] : ""))
	# Columns that do not fit in 72 go to further blocks, each again
	# beside the first, which the changes are against.
	first = 2
	for (;;) {
		wd = kw + 2 + 1 + W[1]
		last = first - 1
		while (last < NCOL && (last == first - 1 ||
		    wd + 1 + W[last + 1] <= 72)) {
			last++
			wd += 1 + W[last]
		}
		if (first > 2)
			emit("")
		block(nr, kw, first, last)
		first = last + 1
		if (last >= NCOL)
			break
	}
	if (nr == 0)
		emit("(no measurements)")
	own_lines()
}

# facts_out(): what the header and the headline say of this table
# (compare-head.awk's table_said() and those after it): the marks it
# shows, how its changes were tested, what its cells hold; and of the
# workload's own table (not a why table): each column's repeats, host,
# cells tested and marked, the doubts of its runs that the header says
# once for every table, and its marked rows (marked_rows()), so that
# its why tables are printed.
function facts_out(    g, m, k) {
	table_said("marks")
	MARKS = MARKS (MISSING ? "!" : "") (NV_DIR["worse"] ? "*" : "") \
	    (NV_DIR["better"] ? "+" : "") \
	    (NV["placement"] ? "@" : "") (NV["doubtful"] ? "?" : "")
	for (m in METHOD_USED) {
		table_said("method")
		table_said("method-" m)
	}
	if (ONE_RUN)
		table_said("one-run")
	if (BIMODAL)
		table_said("bimodal")
	if (TINY)
		table_said("tiny")
	if (metric != "")
		return
	# The repeats of the workload's own table: a why table may show
	# some of its rows only.
	for (g = 1; g <= NCOL; g++) {
		if (REPS_ODD[g])
			table_said("odd")
		said_reps(CNAME[g], REPS_MODE[g] + 0, REPS_ODD[g] + 0)
	}
	# The host's speed, once a workload: its why tables share its
	# canary. A host not told to have moved, whose timings spread so
	# wide that it raised what is marked, is said as one of unknown
	# speed, its why "spread".
	for (g = 2; g <= NCOL; g++) {
		if (host_moved(g))
			said_host(CNAME[g], workload " " HOST_SAID[g])
		else if (HOST_STATE[g] == "unknown" && HOST_UNKNOWN_WHY[g] != "")
			said_host_unknown(CNAME[g], workload, HOST_UNKNOWN_WHY[g])
		else if (host_note(g) != "")
			said_host_unknown(CNAME[g], workload, "spread")
	}
	cell_facts()
	for (g = 2; g <= NCOL; g++)
		said_col(g, COL_COUNT[g])
	for (k = 1; k <= NPROB; k++)
		if (PSAY[k] != "")
			said_doubt(PSAY[k], workload)
	marked_rows()
}

# cell_facts(): each marked cell, its direction, "worse (in doubt)"
# where it is doubtful, for the headline, of each column g into
# CELL_*[g, ++NCELLS[g]], row by row: one walk of the cells answered.
function cell_facts(    i, g, k, n, gs, v, c) {
	for (i = 1; i <= NROWK; i++) {
		n = row_cells(i, gs)
		for (k = 1; k <= n; k++) {
			g = gs[k]
			v = RVERD[i, g]
			if (g == 1 || !RHAS[i, g] || !RHAS[i, 1] || RTINY[i, g] == 2 ||
			    v != "changed" && v != "doubtful")
				continue
			c = ++NCELLS[g]
			CELL_W[g, c] = workload
			CELL_I[g, c] = i
			CELL_ROW[g, c] = NAME[ROWK[i]]
			CELL_DIR[g, c] = RDIR[i, g] (v == "doubtful" ? " (in doubt)" : "")
			CELL_CH[g, c] = RCHT[i, g]
			CELL_P[g, c] = ROWPLACE[ROWK[i]]
		}
	}
}

# marked_rows(): the rows of the workload's own table where a column
# has a mark (* + @ ? !), in MARKED[workload, key], the rows its why
# tables show (compare.awk's why_row()); MARKED_IN[workload] set where
# one has.
function marked_rows(    i, g, m, k, gs) {
	for (i = 1; i <= NROWK; i++) {
		m = 0
		for (k = row_cells(i, gs); k > 0; k--) {
			g = gs[k]
			if (RMISS[i, g] || g > 1 && RVERD[i, g] ~ \
			    /^(changed|doubtful|placement)$/)
				m = 1
		}
		if (m) {
			MARKED[workload, ROWK[i]] = 1
			MARKED_IN[workload] = 1
		}
	}
}
