# compare-p.awk: compare -p: the report as records of key=value words,
# for scripts.
#
# Input: the records of compare-verdict.awk (row i, column g) and what
# compare.awk read (the rows' NAME, the columns' CNAME, FIGURE).
# Output, through emit(): with the header, its doubts as comments and
# the headline's counts (print_p_head()); with each table, a line a cell
# and column that has a figure (print_p()), then its columns and its
# runs' problems (print_p_records()). The lines and their keys are
# smpbench-compare(1)'s, under -p: documented there alone.
# No rules and no -v variables: loaded with compare.awk.

# print_p(): every record, row by row, column by column.
function print_p(    i, g, k, n, gs) {
	for (i = 1; i <= NROWK; i++) {
		n = row_cells(i, gs)
		for (k = 1; k <= n; k++)
			if (RHAS[i, gs[k]] && (g = gs[k]) > 0)
				emit("workload=" workload " figure=" FIGURE \
				    " cell=" blank(NAME[ROWK[i]]) \
				    " column=" blank(CNAME[g]) \
				    " runs=" RRUNS[i, g] " repeats=" RREPS[i, g] \
				    " median=" plain(RMED[i, g] == "" ? "" : \
				    RMED[i, g] * FIG_SCALE) \
				    " change_pct=" fixed(RCH[i, g], 100, 2) \
				    " lo_pct=" fixed(RLO[i, g], 100, 2) \
				    " hi_pct=" fixed(RHI[i, g], 100, 2) \
				    " level=" fixed(RLEV[i, g], 1, 4) \
				    " p=" fixed(RP[i, g], 1, 6) \
				    " method=" RMETH[i, g] " verdict=" RVERD[i, g] \
				    " limit_pct=" (g == 1 ? "-" : sprintf("%.2f", \
				    limit_of(g, RCH[i, g] == "" ? 0 : RCH[i, g]))) \
				    " shift_pct=" fixed(RSH[i, g], 100, 2) \
				    " host=" host_word(g) " col=" g \
				    " refused=" (REFUSAL[i, g] == "" ? "-" : REFUSAL[i, g]) \
				    " direction=" (RDIR[i, g] == "" ? "-" : RDIR[i, g]) \
				    " bimodal=" (RBI[i, g] ? RNFAST[i, g] "/" RREPS[i, g] : "-"))
	}
}

# print_p_records(): the table's other records, after its cells: a
# line a column, then a line a problem of a run (its checks, as the
# header's "?" lines say them).
function print_p_records(    g, i, c, t) {
	t = "workload=" workload " figure=" FIGURE
	for (g = 1; g <= NCOL; g++) {
		split(g == 1 ? "-\t-\t-\t-\t-\t-\t-\t-" : COL_COUNT[g], c, "\t")
		emit("record=column " t " column=" blank(CNAME[g]) " col=" g \
		    " runs=" CRUNS[g] " repeats=" REPS_MODE[g] \
		    " host=" host_word(g) " host_pct=" fixed(HSP_EST[g], 100, 2) \
		    " host_lo_pct=" fixed(HSP_LO[g], 100, 2) \
		    " host_hi_pct=" fixed(HSP_HI[g], 100, 2) \
		    " rise_pct=" fixed(g == 1 ? "" : RISE[g], 1, 2) \
		    " fall_pct=" fixed(g == 1 ? "" : FALL[g], 1, 2) \
		    " doubt=" c[8] " " counts_p(c))
	}
	for (i = 1; i <= NPROB; i++)
		if (PCODE[i] != "")
			emit("record=problem " t " run=" blank(RUNNAME[PRUN[i]]) \
			    " col=" (COL[PRUN[i]] ? COL[PRUN[i]] : "-") \
			    " kind=" PKIND[i] " code=" PCODE[i] " other=" \
			    (POTHER[i] == "" ? "-" : blank(RUNNAME[POTHER[i]])) \
			    " cell=" (PROW[i] == "" ? "-" : blank(NAME[PROW[i]])))
}

# print_p_head(): the header, as -p has it: its doubts about the runs as
# comments ("# ? ..."), then the headline's counts, a line a column
# against the first, summed over the tables (compare-head.awk's COLN).
function print_p_head(    i, g, k, c) {
	for (i = 1; i <= NPROB; i++)
		emit("# ? " PTEXT[i] (PHARD[i] ? "; no change in its column is" \
		    " marked" : "") ".")
	if (FACTS["one-run"])
		emit("# One run a side: a mark says these two runs differ, not" \
		    " yet that the kernels do.")
	for (g = 2; g <= NCOL; g++) {
		for (k = 1; k <= 7; k++)
			c[k] = COLN[g, k] + 0
		emit("record=headline column=" blank(CNAME[g]) " col=" g \
		    " doubt=" (COLN[g, 8] > 0) " " counts_p(c))
	}
}

# counts_p(c): a column's counts c[1..7] (smpb-stat's tested, worse,
# better, placed, dworse, dbetter, few), as -p's keys.
function counts_p(c) {
	return "tested=" c[1] " worse=" c[2] " better=" c[3] " placement=" \
	    c[4] " worse_in_doubt=" c[5] " better_in_doubt=" c[6] " few=" c[7]
}

# host_word(g): column g's host against the first's, in one word.
function host_word(g) {
	if (g == 1)
		return "-"
	if (HOST_STATE[g] == "limits")
		return "limits"
	if (HOST_STATE[g] != "known")
		return "unknown"
	if (!host_moved(g))
		return "same"
	return HSP_EST[g] > 0 ? "slower" : "faster"
}

# blank(s): s with blanks (and any = or control character) as _.
function blank(s) {
	gsub(/[^!-~]|=/, "_", s)
	return s
}

# plain(v): a figure in plain decimal, six significant figures (no
# exponent), "-" for none.
function plain(v,    a, d) {
	if (v == "")
		return "-"
	a = v < 0 ? -v : v
	d = 6 - length(sprintf("%d", a))
	if (a < 1)
		d = 6
	return sprintf("%." (d < 0 ? 0 : d) "f", v)
}

# fixed(v, k, d): v * k in d decimals, "-" for none.
function fixed(v, k, d) {
	if (v == "")
		return "-"
	return sprintf("%." d "f", v * k)
}
