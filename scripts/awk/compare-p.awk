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
#	change_pct= lo_pct= hi_pct=
#			the change against the first column and its
#			interval, in percent
#	level=		what the interval covers (0.95, or less)
#	p=		the test's two-sided p-value
#	method=		runs (Welch's t of the runs' medians), repeats (the
#			Hodges-Lehmann shift of the repeats) or none
#	verdict=	base (the first column), same, changed, placement,
#			bimodal, doubtful, refused or few
#	limit_pct=	the smallest change of this one's sign (a rise
#			where there is none) marked in the column: the
#			threshold (-t), or more where the host's own speed
#			could explain more (compare-host.awk)
# "-" stands for a value that does not apply (no change in the first
# column, no median in a bimodal cell).
# No rules and no -v variables: loaded with compare.awk.

# print_p(): every record, row by row, column by column.
function print_p(    i, g) {
	for (i = 1; i <= NROWK; i++)
		for (g = 1; g <= NCOL; g++)
			if (RHAS[i, g])
				print "workload=" workload " figure=" FIGURE \
				    " cell=" blank(NAME[ROWK[i]]) \
				    " column=" blank(CNAME[g]) \
				    " runs=" RRUNS[i, g] " repeats=" RREPS[i, g] \
				    " median=" plain(RMED[i, g]) \
				    " change_pct=" fixed(RCH[i, g], 100, 2) \
				    " lo_pct=" fixed(RLO[i, g], 100, 2) \
				    " hi_pct=" fixed(RHI[i, g], 100, 2) \
				    " level=" fixed(RLEV[i, g], 1, 4) \
				    " p=" fixed(RP[i, g], 1, 6) \
				    " method=" RMETH[i, g] " verdict=" RVERD[i, g] \
				    " limit_pct=" (g == 1 ? "-" : sprintf("%.2f", \
				    limit_of(g, RCH[i, g] == "" ? 0 : RCH[i, g])))
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
