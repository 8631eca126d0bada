# validate.awk: the table of smpbench validate, smpbench against the floor.
#
# Input: one sample a line, "name value", from runs taken in turn, the
# two sides of each row in one order and then the other; value is a number, or "absent" (the tool is
# not installed) or "failed" (it did not run here). Names: ring, pipe,
# perf (us per switch of a ring of 2 on one CPU, a bare pipe round trip,
# perf bench sched pipe); yield, sched_yield (us per yield of one thread,
# a bare sched_yield() loop); ring_setup, herd_setup, yield_setup, fork,
# thread (seconds of a whole program with N workers, of bare fork/reap
# and pthread_create/join of N).
# Output: a heading, one row per comparison (smpbench's median, the
# reference's, the median ratio of a pair of runs, each side's spread),
# then the footnotes.
# Environment: SMPB_ENV, an env file of the machine (capture_env);
# SMPB_WHY_PERF, what perf said when it failed.
# -v variables: cpu, the CPU of the ring and the yield; workers, N; runs,
# samples per side; load_end, the load average at the end.
# Needs the awk library (see lib.awk) loaded first.

BEGIN {
	load_env(ENVIRON["SMPB_ENV"])
}

{
	if ($2 == "absent" || $2 == "failed")
		STATE[$1] = $2
	else
		add($1, $2)
}

# row(label, ours, ref, fmt, target): one comparison and its target, the
# largest ratio it should have; the reference's state in place of its
# figures when it did not run.
function row(label, ours, ref, fmt, target,    line) {
	line = sprintf("  %-24s%9s", label, fmt_cell(ours, fmt))
	if (ref in STATE) {
		out(line sprintf("  %9s %6s %6s", STATE[ref], "", "<=" target))
		return
	}
	out(line sprintf("  %9s %6s %6s %5s %5s", fmt_cell(ref, fmt),
	    ratio(pair_ratio(ours, ref)), "<=" target, pct(spread(ours)),
	    pct(spread(ref))))
}

# pair_ratio(ours, ref): the median of ours / ref over the pairs of runs,
# the i-th sample of each side, run one after the other: a drift of the
# host over the runs falls on both sides of a pair alike, where a ratio
# of the two medians may pair a fast run with a slow one.
function pair_ratio(ours, ref,    n, i, m, r) {
	n = NVALS[ours] + 0
	if (NVALS[ref] < n)
		n = NVALS[ref] + 0
	m = 0
	# Each ratio in CONVFMT's ten digits, as a cell's repeats are kept.
	for (i = 1; i <= n; i++)
		if (VALS[ref, i] + 0 > 0)
			r[++m] = (VALS[ours, i] / VALS[ref, i] "") + 0
	if (m == 0)
		return 0
	nsort(r, m)
	return m % 2 ? r[(m + 1) / 2] : (r[m / 2] + r[m / 2 + 1]) / 2
}

# ratio(v), pct(v): a ratio, a fraction in %, in at most 6 characters
# however far a loaded machine throws them.
function ratio(v) {
	return sprintf(v < 10 ? "%.3f" : v < 1000 ? "%.1f" : ">999", v)
}

function pct(v) {
	v *= 100
	return v < 1000 ? sprintf("%.1f", v) : ">999"
}

# first(s): the first word of s.
function first(s,    a) {
	split(s, a, " ")
	return a[1]
}

END {
	print heading("validate")
	out(sprintf("%-26s%9s  %9s %6s %6s %11s", "", "smpbench", "reference",
	    "ratio", "target", "spread (%)"))
	out(sprintf("%-26s%9s  %9s %6s %6s %5s %5s", "", "", "", "", "",
	    "smpb", "ref"))
	print "Ring of 2 on CPU " cpu ", us per switch:"
	row("vs bare pipe round trip", "ring", "pipe", "%.4f", "1.01")
	row("vs perf bench sched pipe", "ring", "perf", "%.4f", "1")
	print "Yield of 1 on CPU " cpu ", us per yield:"
	row("vs a bare sched_yield()", "yield", "sched_yield", "%.4f", "1.01")
	print "Set-up and teardown of " workers " workers, s:"
	row("ring vs bare fork/reap", "ring_setup", "fork", "%.4f", "1.3")
	row("herd vs bare fork/reap", "herd_setup", "fork", "%.4f", "1.3")
	row("yield vs bare threads", "yield_setup", "thread", "%.4f", "1.3")
	wrap("Medians of " runs " runs of each side, in turn, A B then B A;" \
	    " ratio: smpbench / reference, the median over the pairs of runs," \
	    " lower is better; spread: (max - min) / median.")
	wrap("Targets: each row's ratio at most its target (within 1% of a" \
	    " bare operation, no slower than perf bench, a set-up within 1.3" \
	    " times bare creation), a spread no worse than the reference's.")
	if (STATE["perf"] == "failed" && ENVIRON["SMPB_WHY_PERF"] != "")
		wrap("perf bench failed: " ENVIRON["SMPB_WHY_PERF"])
	wrap("Load average (1 min): " first(ENV["loadavg"]) " at the start, " \
	    first(load_end) " at the end.")
}
