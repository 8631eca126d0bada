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
# beside the first column; under it the notes on the cells, the rule of
# the marks, the intervals of the marked cells (of every cell with
# verbose), the cells whose placement differed, the count of cells
# tested and of marks chance alone would give; then one line per column
# and the kernel settings that differ (compare-notes.awk). See
# compare.awk for the whole form.
# -v variables: compare.awk's (workload, metric, threshold, verbose). No
# rules: loaded with compare.awk, after the awk library and the
# workload's hooks.

# cellparts(i, g): the cell of row i in column g, in five parts: VT
# (the figure, or what stands for it), CT (its spread), NT (its repeats,
# where they are not the column's usual number), PT (the change against
# the first column) and MT (the marks: * changed, @ placement, ?
# doubtful, ! a repeat lost).
function cellparts(i, g,    v) {
	VT = RVAL[i, g]
	CT = NT = PT = MT = ""
	if (RHAS[i, g] && RREPS[i, g] != REPS_MODE[g])
		NT = RREPS[i, g]
	if (RMISS[i, g]) {
		MT = "!"
		MISSING = 1
	}
	if (!RHAS[i, g] || RBI[i, g])
		return
	if (RCV[i, g] != "")
		CT = sprintf("(%.0f%%)", RCV[i, g] * 100)
	if (g == 1)
		return
	if (RTINY[i, g] == 1)
		PT = diff(RMED[i, g] - RMED[i, 1])
	else if (RCH[i, g] != "" && RTINY[i, g] != 2)
		PT = sprintf("%+.0f%%", RCH[i, g] * 100)
	v = RVERD[i, g]
	if (v == "changed")
		MT = "*" MT
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
	print dash
	for (i = 1; i <= nr; i++) {
		line = pad(NAME[ROWK[i]], kw) " :"
		for (k = first - 1; k <= last; k++) {
			g = k == first - 1 ? 1 : k
			# The figure and its spread right-aligned, so that
			# figures line up; a bimodal cell takes both places.
			if (C[i, g] == "" && V[i, g] ~ /^bimodal/)
				s = pad(V[i, g], VW[g] + (CW[g] ? CW[g] + 1 : 0))
			else {
				s = pad(V[i, g], VW[g])
				if (CW[g])
					s = s " " pad(C[i, g], CW[g])
			}
			if (NW[g])
				s = s " " pad(N[i, g], NW[g])
			if (PW[g])
				s = s " " pad(P[i, g], PW[g])
			if (MW[g])
				s = s sprintf("%-" MW[g] "s", M[i, g])
			line = line " " s
		}
		out(line)
	}
}

# widths(nr): fill V, C, N, P, M and the widths of each column's parts
# (VW, CW, NW, PW, MW) and of the whole (W), wide enough for the label.
function widths(nr,    i, g, k, lw, bw) {
	for (g = 1; g <= NCOL; g++) {
		VW[g] = CW[g] = NW[g] = PW[g] = MW[g] = 0
		bw = 0
		for (i = 1; i <= nr; i++) {
			cellparts(i, g)
			V[i, g] = VT
			C[i, g] = CT
			N[i, g] = NT
			P[i, g] = PT
			M[i, g] = MT
			if (length(NT) > NW[g]) NW[g] = length(NT)
			if (VT ~ /^bimodal/) {
				if (length(VT) > bw) bw = length(VT)
			} else if (length(VT) > VW[g])
				VW[g] = length(VT)
			if (length(CT) > CW[g]) CW[g] = length(CT)
			if (length(PT) > PW[g]) PW[g] = length(PT)
			if (length(MT) > MW[g]) MW[g] = length(MT)
		}
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

# print_table(): the title, the doubts, the table, the notes.
function print_table(    nr, i, kw, first, last, wd, s, g) {
	nr = NROWK
	kw = length(HEAD)
	for (i = 1; i <= nr; i++)
		if (length(NAME[ROWK[i]]) > kw)
			kw = length(NAME[ROWK[i]])
	widths(nr)
	# A cell named alone: the workload, the why figure, the row.
	WHO_ROW = workload " " (metric == "" ? "" : metric " ")
	print WHAT
	if (PREFIX != "")
		wrap("Columns: their names after " PREFIX ", which they share.")
	if (LETTERS) {
		s = ""
		for (g = 1; g <= NCOL; g++)
			s = s "; " LABEL[g] " " CNAME[g]
		wrap("Columns: " substr(s, 3) ".")
	}
	doubts_line()
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
			print ""
		block(nr, kw, first, last)
		first = last + 1
		if (last >= NCOL)
			break
	}
	if (nr == 0)
		print "(no measurements)"
	compare_legend()
	notes()
	marks()
	if (metric != "")
		return
	if (FACT["note"] != "")
		wrap(FACT["note"])
	legends()
	context_notes()
}

# doubts_line(): the doubts about the runs of this table: those said in
# full above the first table again in a few words each, run by run, on
# one line ("? same2: incomplete, other work on 0.9 CPUs; ..."); those
# of this workload alone in full, a line each.
function doubts_line(    j, i, s, t) {
	s = ""
	for (j = 1; j <= nruns; j++) {
		t = ""
		for (i = 1; i <= NPROB; i++)
			if (PRUN[i] == j && !PWORK[i])
				t = t ", " PSHORT[i]
		if (t != "")
			s = s "; " RUNNAME[j] ": " substr(t, 3)
	}
	if (s != "")
		wrap("? " substr(s, 3) ".")
	for (i = 1; i <= NPROB; i++)
		if (PWORK[i])
			wrap("? " PTEXT[i] (PHARD[i] ? "; no change in its column" \
			    " is marked" : "") ".")
}

# print_doubts(): the doubts about the runs, each in full: "? ..." lines
# (with parsable, "# ? ..." lines, each whole on one line).
function print_doubts(    i, s) {
	for (i = 1; i <= NPROB; i++) {
		s = "? " PTEXT[i] (PHARD[i] ? "; no change in its column is" \
		    " marked" : "") "."
		if (parsable)
			print "# " s
		else
			wrap(s)
	}
}

# compare_legend(): what the cells of this table are, in one sentence,
# and the legend of its marks (legend(), as every table's), so that the
# table can be pasted alone; the rule of * whenever a change is shown,
# and the columns whose host's speed raised the threshold.
function compare_legend(    s, m, g, odd) {
	s = "Cells: median (cv) of " (POOLED != "" ? "the runs' medians" \
	    " where a column pools runs, else of " : "") "the repeats"
	if (NCOL > 1) {
		m = ""
		if (METHOD_USED["runs"])
			m = "Welch's t of the runs' medians"
		if (METHOD_USED["repeats"])
			m = m (m == "" ? "" : " or ") "the Hodges-Lehmann shift" \
			    " of the repeats"
		s = s "; change against " LABEL[1] (m == "" ? "" : ", by " m)
	}
	for (g = 1; g <= NCOL; g++)
		if (REPS_ODD[g])
			odd = 1
	if (odd)
		s = s "; n the repeats of a cell that has not its column's" \
		    " usual number"
	if (BIMODAL)
		s = s "; bimodal k/n " FAST ": two clusters, k of n repeats in" \
		    " the " (HIGHER ? "higher" : "lower") ", no median"
	wrap(s ".")
	legend((MISSING ? "!" : "") (NCOL > 1 ? "*" : "") \
	    (NV["placement"] ? "@" : "") (NV["doubtful"] ? "?" : ""))
	for (g = 2; g <= NCOL; g++)
		if (host_note(g) != "")
			wrap(host_note(g))
}

# notes(): which runs were pooled, the clusters, the figures under
# their resolution.
function notes(    s, i) {
	if (POOLED != "") {
		wrap("Runs pooled by " (POOLBY["label"] ? "label" : "") \
		    (POOLBY["label"] && POOLBY["kernel"] ? " or " : "") \
		    (POOLBY["kernel"] ? "kernel release" : "") ": " \
		    substr(POOLED, 3) ".")
		if (NCOL == 1)
			wrap("One column: every run is " CNAME[1] ", so nothing is" \
			    " compared; runs of other kernels, or labelled apart" \
			    " (smpbench run -l), stand side by side.")
	}
	if (BIMODAL) {
		s = "Bimodal: where the scheduler put the workers decides such" \
		    " a cell, so it has no median and no change"
		if (PLACED != "")
			s = s "; compare the placed rows (" PLACED ")"
		wrap(s "; what each cluster holds:")
		for (i = 1; i <= NROWK; i++)
			clusters(i)
	}
	if (TINY)
		wrap("Under the figure's resolution (shown as zero) on both" \
		    " sides, a cell has no change; on one side, its change is" \
		    " the difference, not a percentage of next to nothing.")
}

# clusters(i): for row i, when a column's repeats fall into two
# clusters, each column's clusters side by side, the better first, with
# their medians and repeats, a plain column's median, and where the
# first column has clusters too, how far each cluster moved against
# its own: what can be said of such a cell.
function clusters(i,    g, s, slow, moved, far, f, w, often, share) {
	for (g = 1; g <= NCOL && !RBI[i, g]; g++)
		;
	if (g > NCOL)
		return
	slow = FAST == "fast" ? "slow" : FAST == "high" ? "low" : "high"
	s = ""
	moved = far = 0
	often = 1
	share = ""
	for (g = 1; g <= NCOL; g++) {
		if (!RHAS[i, g])
			continue
		if (RBI[i, g]) {
			if (share != "" && share != RNFAST[i, g] / RREPS[i, g])
				often = 0
			share = RNFAST[i, g] / RREPS[i, g]
		}
		if (!RBI[i, g]) {
			s = s "; " LABEL[g] " " RVAL[i, g]
			continue
		}
		s = s "; " LABEL[g] " " FAST " " fmt(RFAST[i, g]) " (" \
		    RNFAST[i, g] " of " RREPS[i, g] "), " slow " " \
		    fmt(RSLOW[i, g]) " (" RREPS[i, g] - RNFAST[i, g] ")"
		if (g == 1 || !RBI[i, 1])
			continue
		f = RFAST[i, g] / RFAST[i, 1] - 1
		w = RSLOW[i, g] / RSLOW[i, 1] - 1
		s = s ", moved " pct(f) " and " pct(w)
		moved++
		if ((f < 0 ? -f : f) * 100 >= threshold ||
		    (w < 0 ? -w : w) * 100 >= threshold)
			far++
	}
	if (moved && !far)
		s = s ": the clusters stand where they stood (within " \
		    threshold "%)" (often ? ", each as often" : "; how often" \
		    " each came is what differs")
	wrap("  " WHO_ROW NAME[ROWK[i]] ": " substr(s, 3) ".")
}

# marks(): the intervals of the marked cells (of every change, verbose),
# the cells whose placement differed, and how many cells were tested
# against how many marks chance would give.
function marks(    s, i, g, n, chance) {
	if (NCOL < 2 || NTESTED + NV["few"] == 0)
		return
	s = ""
	for (i = 1; i <= NROWK; i++)
		for (g = 2; g <= NCOL; g++)
			if (RCH[i, g] != "" && (verbose ||
			    RVERD[i, g] ~ /^(changed|doubtful)$/))
				s = s "; " WHO_ROW NAME[ROWK[i]] " " LABEL[g] \
				    " " interval(i, g) (RLEV[i, g] < shift_level() - \
				    1e-9 ? sprintf(" at %.0f%%", RLEV[i, g] * 100) : "")
	if (s != "")
		wrap((verbose ? "Intervals, 95% where not said:" : \
		    "95% intervals:") " " substr(s, 3) ".")
	n = 0
	for (i = 1; i <= NROWK; i++)
		for (g = 2; g <= NCOL; g++)
			if (RVERD[i, g] == "placement") {
				wrap("@ " WHO_ROW NAME[ROWK[i]] ": " RPLACE[i, g] ".")
				n++
			}
	if (n)
		wrap("@: the kernel's placement, a finding only if it holds" \
		    " over boots, not a change" (PLACED == "" ? "" : \
		    "; the placed rows (" PLACED ") say what each placement" \
		    " costs") ".")
	if (NV["doubtful"])
		wrap("?: measure again on a quiet machine before reading it as" \
		    " the kernel's.")
	if (NV["few"])
		wrap(NV["few"] " cell" (NV["few"] == 1 ? "" : "s") " not" \
		    " tested: too few repeats a side for a 95% interval (it" \
		    " takes 4 against 4, or 3 against 5; 3 against 3 covers" \
		    " 90%); the change is shown, unmarked.")
	if (NTESTED) {
		chance = NTESTED * 0.05
		wrap(NTESTED " cell" (NTESTED == 1 ? "" : "s") " tested: " \
		    NV["changed"] + 0 " marked *, " NV["placement"] + 0 \
		    " placement @" (NV["doubtful"] ? ", " NV["doubtful"] \
		    " doubtful ?" : "") "; chance alone would mark at most" \
		    " about " sprintf(chance < 10 ? "%.1f" : "%.0f", chance) \
		    " at the 5% level.")
	}
}

# interval(i, g): the change of row i in column g and its interval,
# "+12% [+9.5%, +15%]"; as differences of the figure where a side is
# under its resolution.
function interval(i, g,    m) {
	if (RTINY[i, g] != 1)
		return pct(RCH[i, g]) " [" pct(RLO[i, g]) ", " pct(RHI[i, g]) "]"
	m = RMED[i, 1]
	return diff(m * RCH[i, g]) " [" diff(m * RLO[i, g]) ", " \
	    diff(m * RHI[i, g]) "]"
}

# diff(v): a difference of the figure, signed, in its format.
function diff(v) {
	return (v < 0 ? "-" : "+") fmt(v < 0 ? -v : v)
}

# pct(v): a change (a fraction) as a signed percentage, a decimal below
# 10%.
function pct(v) {
	v *= 100
	return sprintf(v < 10 && v > -10 ? "%+.1f%%" : "%+.0f%%", v)
}
