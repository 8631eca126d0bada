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
# this table's own (own_lines()); the header above every table says
# the rest once (compare-head.awk). facts_out() leaves what the header
# and the headline say of the table in -v facts_file. See compare.awk
# for the whole form.
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
	VT = RVAL[i, g]
	CT = NT = PT = MT = ""
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
			print ""
		block(nr, kw, first, last)
		first = last + 1
		if (last >= NCOL)
			break
	}
	if (nr == 0)
		print "(no measurements)"
	own_lines()
}

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
function own_lines(    i, g, s, n, k, left) {
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
	for (i = 1; i <= NROWK; i++)
		for (g = 2; g <= NCOL; g++)
			if (REFUSAL[i, g] != "") {
				s = s ", " NAME[ROWK[i]] " " LABEL[g] " (" REFUSAL[i, g] ")"
				n++
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
		print OWN[k]
		n += OWNL[k]
	}
	if (k <= NOWN)
		print "(" WHO ": " NOWN - k + 1 " more note" (NOWN - k ? "s" : "") \
		    ", compare -v prints " (NOWN - k ? "them" : "it") ".)"
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
	NBI++
	BI_ROWS = BI_ROWS row_sep() NAME[ROWK[i]]
	BI_STOOD += moved && !far
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
	    place_text(FACT["fold_place"]) (FOLD_LO == "" ? "" : ", " \
	    (fmt(FOLD_LO) == fmt(FOLD_HI) ? fmt(FOLD_LO) : fmt(FOLD_LO) \
	    " to " fmt(FOLD_HI)) " in the runs") ": " FACT["fold_why"] "."
}

# placed_lines(): the cells whose placement differed: each alone, or,
# where there are more than two, their rows on one line (each with -v).
function placed_lines(    i, g, n, s) {
	n = 0
	s = ""
	for (i = 1; i <= NROWK; i++)
		for (g = 2; g <= NCOL; g++)
			if (RVERD[i, g] == "placement") {
				n++
				s = s row_sep() NAME[ROWK[i]] (NCOL > 2 ? " " LABEL[g] : "")
			}
	if (n == 0)
		return
	if (n > 2 && !verbose) {
		own("@ " WHO_ROW substr(s, 3) ": one side on one CPU, the other on" \
		    " two or more (-v: each).")
		return
	}
	for (i = 1; i <= NROWK; i++)
		for (g = 2; g <= NCOL; g++)
			if (RVERD[i, g] == "placement")
				own("@ " WHO_ROW NAME[ROWK[i]] ": " RPLACE[i, g] ".")
}

# intervals(): every change's interval and its level, with -v.
function intervals(    i, g, s) {
	s = ""
	for (i = 1; i <= NROWK; i++)
		for (g = 2; g <= NCOL; g++)
			if (RSH[i, g] != "")
				s = s "; " WHO_ROW NAME[ROWK[i]] (NCOL > 2 ? " " LABEL[g] \
				    : "") " " interval(i, g) (RLEV[i, g] < \
				    shift_level() - 1e-9 ? sprintf(" at %.0f%%", \
				    RLEV[i, g] * 100) : "")
	if (s != "")
		own("Shifts and their 95% intervals: " substr(s, 3) ".")
}

# facts_out(): what the header and the headline say of this table, for
# compare.sh, each a line "=KEY VALUE...": the marks it shows, its
# counts, how its changes were tested, each column's host; and of the
# workload's own table (not a why table): each column's cells tested
# and marked ("=col"), each marked cell ("=cell"), the doubts of its
# runs that the header says once for every table ("=doubt"), and a
# file, tmp/marked.<workload>, when a cell of it is marked, so that
# its why tables are printed.
function facts_out(    g, m, f, i, v, n, k) {
	f = facts_file
	if (f == "")
		return
	m = (MISSING ? "!" : "") (NV_DIR["worse"] ? "*" : "") \
	    (NV_DIR["better"] ? "+" : "") \
	    (NV["placement"] ? "@" : "") (NV["doubtful"] ? "?" : "")
	print "=marks " m >> f
	for (m in METHOD_USED)
		print "=method " m >> f
	if (ONE_RUN)
		print "=one-run" >> f
	if (BIMODAL)
		print "=bimodal" >> f
	if (TINY)
		print "=tiny" >> f
	if (metric != "")
		return
	# The repeats of the workload's own table: a why table may show
	# some of its rows only.
	for (g = 1; g <= NCOL; g++) {
		if (REPS_ODD[g])
			print "=odd" >> f
		print "=reps " CNAME[g] "\t" REPS_MODE[g] + 0 "\t" REPS_ODD[g] + 0 >> f
	}
	# The host's speed, once a workload: its why tables share its
	# canary.
	for (g = 2; g <= NCOL; g++) {
		if (host_moved(g))
			print "=host " CNAME[g] "\t" workload " " host_short(g) >> f
		else if (HOST_STATE[g] == "unknown" && host_unknown_why(g) != "")
			print "=host-unknown " CNAME[g] "\t" workload "\t" \
			    host_unknown_why(g) >> f
	}
	for (g = 2; g <= NCOL; g++) {
		split("", n)
		for (i = 1; i <= NROWK; i++) {
			v = RVERD[i, g]
			if (!RHAS[i, g] || !RHAS[i, 1] || RTINY[i, g] == 2)
				continue
			if (v == "few" || v == "refused")
				n["few"]++
			else
				n["tested"]++
			if (v == "changed" || v == "doubtful") {
				n[v == "doubtful" ? "doubtful" : RDIR[i, g]]++
				print "=cell\t" workload "\t" g "\t" i "\t" \
				    NAME[ROWK[i]] "\t" (v == "doubtful" ? "doubtful" : \
				    RDIR[i, g]) "\t" RCHT[i, g] "\t" ROWPLACE[ROWK[i]] >> f
			} else if (v == "placement")
				n["placement"]++
		}
		print "=col\t" g "\t" CNAME[g] "\t" LABEL[g] "\t" n["tested"] + 0 \
		    "\t" n["worse"] + 0 "\t" n["better"] + 0 "\t" \
		    n["placement"] + 0 "\t" n["doubtful"] + 0 "\t" n["few"] + 0 >> f
		if (n["worse"] + n["better"] + n["placement"] + n["doubtful"])
			MARKED = 1
	}
	for (k = 1; k <= NPROB; k++)
		if (PSAY[k] != "")
			print "=doubt\t" PSAY[k] "\t" workload >> f
	marked_rows()
}

# marked_rows(): the rows of the workload's own table where a column
# has a mark (* + @ ? !), one a line, into tmp/marked.<workload>, the
# rows its why tables show (compare.awk's why_rows()); no file where
# none has one.
function marked_rows(    i, g, f, m) {
	f = tmp "/marked." workload
	for (i = 1; i <= NROWK; i++) {
		m = 0
		for (g = 1; g <= NCOL; g++)
			if (RMISS[i, g] || g > 1 && RVERD[i, g] ~ \
			    /^(changed|doubtful|placement)$/)
				m = 1
		if (m) {
			print ROWK[i] > f
			NMARKED++
		}
	}
	if (NMARKED)
		close(f)
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

# pct(v): a change (a fraction) as a signed percentage, a decimal below
# 10%, 0% where it rounds to zero.
function pct(v,    s) {
	v *= 100
	s = sprintf(v < 10 && v > -10 ? "%+.1f%%" : "%+.0f%%", v)
	return s ~ /^[-+]0(\.0)?%$/ ? "0%" : s
}
