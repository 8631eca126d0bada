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
# HOST_SAID, how the host ran where it moved; HOST_UNKNOWN_WHY;
# HSP_EST, HSP_LO, HSP_HI, the change of the host's speed against the
# first column's and its 95% interval, fractions: 0.3 is 30% slower;
# HSP_RUNS; RISE, FALL, the smallest rise and fall marked, percent;
# PAST_RISE, PAST_FALL, those the host raised past the threshold, as
# printed), what compare.awk read (HOST_FILE, HIST, the columns' runs),
# FACT, HIGHER, metric.
# Output: nothing printed; the texts of host_note() and host_spread().
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

# host_note(g): the line under a table that says how large a change
# column g takes to be marked, where its host raised that (the header
# says how the host ran), else "": "Marked in a2 only past +6% and
# -97%: as far as its host's own change of speed could move herd."
function host_note(g,    s, up, down) {
	up = PAST_RISE[g]
	down = PAST_FALL[g]
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
