# compare-p.awk: compare's verdicts as key=value lines, for scripts.
#
# Input: the records of compare-verdict.awk (row i, column g) and what
# compare.awk read (the rows' NAME, the columns' CNAME, FIGURE).
# Output, on stdout, through print_p(): one line per cell and column
# that has a figure, its keys in this order, separated by single
# blanks, their values without blanks:
#	workload=	the workload
#	figure=		the figure's short name (cpu_pct, switches_per_s,
#			seconds, us_per_yield, user_s; the why figures
#			lat_p99_us and wait_<unit>_per_<what>)
#	cell=		the row's heading, blanks as _ (2, 1k_x_1_one)
#	column=		the column's name (label, or kernel release), blanks
#			as _
#	runs= repeats=	how many runs and repeats the figure rests on
#	median=		the figure: the median of the repeats, or of the
#			runs' medians where the column pools runs
#	change_pct=	the change against the first column, in percent:
#			the ratio of the two medians, less one (the change
#			the table shows)
#	lo_pct= hi_pct=	the 95% interval of the shift the test estimates,
#			in percent of the first column
#	level=		what the interval covers (0.95, or less)
#	p=		the test's two-sided p-value
#	method=		runs (Welch's t of the runs' medians), repeats (the
#			Hodges-Lehmann shift of the repeats) or none
#	verdict=	base (the first column), same, changed, placement,
#			doubtful, mixed (the interval and the
#			change point different ways: not marked),
#			untestable (a fall the column's limit could never
#			reach), refused or few
#	limit_pct=	the smallest change of this one's sign (a rise
#			where there is none) marked in the column: the
#			threshold (-t), or more where the host's own speed
#			could explain more (compare-host.awk)
#	shift_pct=	the shift the test estimates (Welch's t: the
#			difference of the runs' mean log medians;
#			Hodges-Lehmann: the median difference of the
#			repeats' logs), in percent of the first column
#	host=		the host's speed against the first column's, by
#			the canary: same, slower, faster, unknown, or
#			limits (not judged: CPU limits differ)
#	col=		the column's number, 1 for the first: a name may
#			be shared by two columns once blanks are _
#	refused=	the word of smpb-stat where it refused a cell's
#			figures (range, not-finite...)
#	direction=	better or worse: the way the change goes, by the
#			table's own (higher or lower is better), where a
#			change was tested
#	bimodal=	k/n where the column's repeats fall into two
#			clusters, k of the n in the better; else -
# "-" stands for a value that does not apply (no change in the first
# column, no median in a bimodal cell).
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
