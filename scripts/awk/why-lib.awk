# why-lib.awk: what the workloads' why tables share: their columns of
# repeats, their rows in order, their figures and footnotes.
#
# Part of the awk library (see lib.awk), for the why_line() and
# why_table() hooks of workloads/<w>.awk, which why.awk calls: no rules,
# no -v variables; it prints only when called (stats_note(), lat_note()).
# A why table's cells are those of cells.awk, named column SUBSEP row;
# HAVE[column] says the column was filled somewhere, ROW and ROWKEY keep
# the rows in the order first seen (NROWS of them).

# keep(cell, v): a repeat of cell, when v is a figure; HAVE notes that
# the column was filled somewhere.
function keep(cell, v,    col) {
	if (v == "")
		return
	add(cell, v)
	split(cell, col, SUBSEP)
	HAVE[col[1]] = 1
}

# row_of(key): remember a row in the order first seen.
function row_of(key) {
	if (!(key in ROW)) {
		ROW[key] = ++NROWS
		ROWKEY[NROWS] = key
	}
}

# wakeup_line(n, wait): a line of a workload whose messages are timed
# (-l) by number of workers: its row by placement, then n; the wakeup
# p50 and p99 and the run-queue delay wait (the workload's why_wait()).
function wakeup_line(n, wait,    k) {
	k = sprintf("%d", place_rank(F["place"]) * 100000 + n) SUBSEP \
	    F["place"] SUBSEP n
	row_of(k)
	keep("p50" SUBSEP k, num("lat_p50_us"))
	keep("p99" SUBSEP k, num("lat_p99_us"))
	keep("wait" SUBSEP k, wait)
}

# per_unit(wait, n): wait seconds over n units, in us; "" when n is not
# a count.
function per_unit(wait, n) {
	if (n == "" || n <= 0)
		return ""
	return wait * 1e6 / n
}

# fig(col, key): the median of a column's cell, in three significant
# figures, or "-".
function fig(col, key,    v) {
	if (NVALS[col SUBSEP key] == 0)
		return "-"
	v = median(col SUBSEP key)
	if (v < 10)
		return sprintf("%.2f", v)
	if (v < 100)
		return sprintf("%.1f", v)
	return sprintf("%.0f", v)
}

# sorted_rows(r): the row keys, by their leading sort number (rows of
# one number in the order first seen), into r[1..n]; return n.
function sorted_rows(r,    i, k, a) {
	for (i = 1; i <= NROWS; i++) {
		r[i] = ROWKEY[i]
		split(r[i], a, SUBSEP)
		k[i] = a[1]
	}
	sort_by(k, r, NROWS)
	return NROWS
}

# stats_note(col, what): the one footnote line of a column of the
# kernel's statistics, or n/a when no measurement had them.
function stats_note(col, what) {
	if (HAVE[col])
		out(what)
	else
		out(substr(what, 1, index(what, ":")) " n/a: no scheduler" \
		    " statistics from the kernel (sched_stats=none).")
}

# lat_note(): the one footnote line of the latency columns.
function lat_note() {
	if (HAVE["p50"])
		out("p50, p99: wakeup latency, a message's send to its receipt" \
		    " (-l), us.")
	else
		out("p50, p99: n/a: not measured (runs without -l).")
}
