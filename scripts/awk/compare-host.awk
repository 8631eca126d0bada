# compare-host.awk: the host's own speed, side by side, as compare's
# report says it: whether the CPU itself ran at one speed under the runs
# of each column, by the canary timings their host files hold for this
# workload (canary_ns: smpb-hog -p's ns a spin, one after each
# measurement, in the order taken).
#
# A change the host's speed could explain is not the kernel's. smpb-stat
# decides it (stat.awk, the table's column answers): each column's host
# against the first's by Yuen's test of the canary's units (each run's
# median with two runs or more a side, else batches of consecutive
# timings), and the smallest rise and fall marked in the column, raised
# to what the host's change could explain (smpbench(7), "Reading a
# comparison"). Here: what the tables and the header say of it.
#
# Input: the columns' answers (HOST_STATE known, unknown or limits;
# HOST_WHY, CANARY_BAD; HSP_EST, HSP_LO, HSP_HI, the change of the
# host's speed against the first column's and its 95% interval,
# fractions: 0.3 is 30% slower; HSP_RUNS; RISE, FALL, the smallest rise
# and fall marked, percent; RAISED, whether the host raised each past
# the threshold, smpb-stat's two digits), what compare.awk read
# (HOST_FILE, HAS_HOST, HIST, the columns' runs), FACT, HIGHER, metric;
# -v threshold.
# Output: nothing printed; the texts of host_note(), host_short(),
# host_unknown_why().
# No rules, no -v variables of its own: loaded with compare.awk.

# host_moves(): how a slower host moves this table's figure: "time" (up),
# "rate" (down) or "either" (the pipe's %CPU: the facts' host_moves).
function host_moves() {
	if (metric == "" && FACT["host_moves"] != "")
		return FACT["host_moves"]
	return HIGHER ? "rate" : "time"
}

# limit_of(g, change): the smallest change of that sign marked in column
# g, in percent.
function limit_of(g, change) {
	return change < 0 ? FALL[g] : RISE[g]
}

# host_unknown_why(g): why column g's host speed is unknown in this
# table, in a few words; "" where a run of it, or of the first column,
# has no host file at all (an older run: the header says so, once).
# The header groups the workloads by it, so it names none.
function host_unknown_why(g,    k, n, s) {
	for (k = 1; k <= CRUNS[g]; k++)
		if (!HOST_FILE[CRUN[g, k]])
			return ""
	for (k = 1; k <= CRUNS[1]; k++)
		if (!HOST_FILE[CRUN[1, k]])
			return ""
	s = ""
	if (CANARY_BAD[g] > 0)
		s = "timings of its CPU that no run makes left out, "
	n = 0
	for (k = 1; k <= CRUNS[g]; k++)
		n += HAS_HOST[CRUN[g, k]]
	if (n == 0)
		return s "no timing of its CPU in its host file"
	return s "too few timings of its CPU"
}

# no_host_file(): the runs without a host file (older runs), "" when
# every run has one (names_of(): compare-head.awk).
function no_host_file(    j, s) {
	s = ""
	for (j = 1; j <= nruns; j++)
		if (COL[j] && !HIST[j] && !HOST_FILE[j])
			s = s " " j
	return s == "" ? "" : names_of(s)
}

# host_moved(g): 1 when column g's host ran at another speed than the
# first column's (smpb-stat's moved: the interval leaves out zero).
function host_moved(g) {
	return HOST_MOVED[g]
}

# host_short(g): how column g's host ran, in a few words for the
# header: "57% slower (+5% to +110%)"; a change or a bound that rounds
# to zero to the point is said to the tenth ("0.7% slower (+0.3% to
# +1%)": the interval leaves out zero), 0% only where it is zero to the
# tenth too; a faster host's interval in its own terms, as faster ("40%
# faster (31% to 49%)", not "(-49% to -31%)").
function host_short(g,    d, m, b_lo, b_hi) {
	d = HSP_EST[g] * 100
	m = sprintf("%.0f", d < 0 ? -d : d)
	if (m == "0")
		m = sprintf("%.1f", d < 0 ? -d : d)
	if (d > 0)
		return m "% slower (" host_bound(HSP_LO[g]) " to " \
		    host_bound(HSP_HI[g]) ")"
	b_lo = host_bound(-HSP_HI[g])
	b_hi = host_bound(-HSP_LO[g])
	sub(/^\+/, "", b_lo)
	sub(/^\+/, "", b_hi)
	return m "% faster (" b_lo " to " b_hi ")"
}

# host_bound(c): a bound of the host's change c (a fraction), as
# host_short says it.
function host_bound(c,    p) {
	if (pct0(c) != "0%")
		return pct0(c)
	p = sprintf("%.1f", c * 100)
	return p ~ /^-?0\.0$/ ? "0%" : sprintf("%+.1f%%", p + 0)
}

# host_past(v): a raised threshold v, in percent, as the note prints
# it: to the point, or to a tenth where the point is the threshold
# itself ("+2.3%", not a "+2%" that says nothing).
function host_past(v,    s) {
	s = sprintf("%.0f", v)
	return s + 0 > threshold ? s : sprintf("%.1f", v)
}

# host_note(g): the line under a table that says how large a change
# column g takes to be marked, where its host raised that (the header
# says how the host ran), else "": "Marked in a2 only past +6% and
# -97%: as far as its host's own change of speed could move herd."
function host_note(g,    s, up, down) {
	up = RAISED[g] ~ /^1/ ? host_past(RISE[g]) : ""
	down = RAISED[g] ~ /1$/ ? host_past(FALL[g]) : ""
	if (up == "" && down == "")
		return ""
	if (up != "" && up == down)
		s = "Marked in " LABEL[g] " only past +/-" up "%"
	else if (down == "")
		s = "A rise is marked in " LABEL[g] " only past +" up "%"
	else if (up == "")
		s = "A fall is marked in " LABEL[g] " only past -" down "%"
	else
		s = "Marked in " LABEL[g] " only past +" up "% and -" down "%"
	return s ": as far as its host's own change of speed could move " \
	    WHO "."
}

# host_spread(g, workloads): the header's line for the workloads where
# column g's host was not told to have run at another speed, but its
# timings spread so wide that it could have: "The host's speed under a2
# is not told from a1's in pipe, ring: its CPU's timings spread too wide;
# a change is marked there only past what the host could have made (the
# line under the table)."
function host_spread(g, workloads) {
	return "The host's speed under " LABEL[g] " is not told from " \
	    LABEL[1] "'s in " workloads ": its CPU's timings spread too" \
	    " wide; a change is marked there only past what the host could" \
	    " have made (the line under the table)."
}

# pct0(c): a change (a fraction) as a whole percentage, signed, or 0%.
function pct0(c,    p) {
	p = sprintf("%.0f", c * 100)
	return p ~ /^-?0$/ ? "0%" : sprintf("%+d%%", p + 0)
}
