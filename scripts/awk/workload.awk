# workload.awk: the hooks every workload would write alike, written once
# from its facts (workloads/<w>.awk's facts(D)), and the steps its table
# would.
#
# Part of the awk library (see lib.awk), loaded with a workload's hooks
# only: after the library, before workloads/<w>.awk. No rules, no -v
# variables; it prints nothing. The facts it reads:
#   span     the -p key of the seconds the workers ran ("wall_s"):
#            span_s()
#   plot_x   "key flag default", a plot's x as ident() takes it (the
#            -p key, else the option in argv, else the default), or ""
#            for none: plot_x()
#   plot_y   the same of a heat map's row ("" for curves): plot_y()
#   count    "key flag default" of the count of workers that names a
#            row, for a workload whose rows are that count (N, P):
#            count(), count_row(), count_why_line(), count_line()

# fact(key): the workload's fact key, its facts read once.
function fact(key) {
	if (!FACTS_READ) {
		facts(WORKLOAD_FACT)
		FACTS_READ = 1
	}
	return WORKLOAD_FACT[key]
}

# spec_value(spec): the value of a "key flag default" spec for the line
# (ident()), or "" for an empty spec.
function spec_value(spec,    a) {
	if (spec == "")
		return ""
	split(spec, a, " ")
	return ident(a[1], a[2], a[3])
}

# span_s(): the seconds the line's workers ran, which compare divides
# the kernel's run_s and wait_s by (CPUs occupied, CPUs' worth queued);
# "" when the line has none.
function span_s() {
	return num(fact("span"))
}

# plot_x(), plot_y(): a plot's x (N for curves, a heat map's column)
# and a heat map's row, "" for none.
function plot_x() {
	return spec_value(fact("plot_x"))
}

function plot_y() {
	return spec_value(fact("plot_y"))
}

# count(): the line's count of workers (fact count), "" (reported) when
# it is not a number.
function count() {
	return spec_value(fact("count"))
}

# count_row(pn): a row_key() of rows by count: the count, ROW_NAME set
# to it and pn (" " and the placement, "" unpinned).
function count_row(pn,    n) {
	n = count()
	if (n == "")
		return ""
	ROW_NAME = n pn
	return n
}

# count_why_line(): a why_line() of a workload whose messages are timed
# (-l), by count: the wakeup percentiles and the run-queue delay
# (why-lib.awk's wakeup_line()).
function count_why_line(    n) {
	n = count()
	if (n != "")
		wakeup_line(n, why_wait())
}

# What a workload's table (workloads/<w>-table.awk) does with each line
# alike. count_line(): the count of workers (count()) of the line read,
# a raw line (raw(), its repeat noted, note_rep()); "" for a line to
# pass over.
function count_line() {
	if (!raw($0, FILENAME, FNR))
		return ""
	note_rep()
	return count()
}

# cell_ok(cell): the table has cell (HAS); 1 when the line measured it,
# 0 when it failed (fail() counts it).
function cell_ok(cell) {
	HAS[cell] = 1
	if (!("exit" in F))
		return 1
	fail(cell, F["exit"])
	return 0
}
