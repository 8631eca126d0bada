# cells.awk: a table's cells: the repeats of each, their median, spread
# and mark; the keys of its rows and columns; sorting.
#
# Part of the awk library (see lib.awk): no rules, no -v variables, and
# nothing printed. A cell is any string naming one figure of a table
# (usually its placement and parameters joined by SUBSEP); its repeats
# are kept in VALS[cell, i], i = 1..NVALS[cell], in the order met, and
# sorted once, when first asked for, into SVALS[cell, i]; BAD[cell],
# FAILED[cell] and NA[cell] count the repeats left out, failed and not
# supported; MARKS_USED the marks a table shows, for its footnotes. A
# list of keys (keyadd()) holds a table's rows or columns, each once.
# Nothing here is quadratic in the size of a run: a run of any size is
# read, sorted and laid out in O(n log n).

# take(cell, key): keep F[key] as a repeat of cell when it is a number we
# can use; else report it and count it against the cell, never kept.
function take(cell, key,    v) {
	v = num(key)
	if (v == "") {
		bad(key)
		BAD[cell]++
		MARKS_USED["?"] = 1
		return 0
	}
	add(cell, v)
	return 1
}

# push(name, cell, key): keep F[key] as a repeat of the cell name SUBSEP
# cell, beside cell (another column of its row), when it is a number we
# can use; else report it.
function push(name, cell, key,    v) {
	v = num(key)
	if (v == "")
		bad(key)
	else
		add(name SUBSEP cell, v)
}

# add(cell, v): keep v as one repeat of cell (in VALS, NVALS), as text:
# a number in CONVFMT's ten digits.
function add(cell, v) {
	VALS[cell, ++NVALS[cell]] = v ""
	delete SORTED[cell]
	delete BI_ASKED[cell]
}

# sort_cell(cell): sort cell's repeats into SVALS[cell, 1..n], as
# numbers, unless they are sorted already; return n.
function sort_cell(cell,    n, i) {
	n = NVALS[cell] + 0
	if (cell in SORTED)
		return n
	for (i = 1; i <= n; i++)
		SORT_V[i] = VALS[cell, i] + 0
	nsort(SORT_V, n)
	for (i = 1; i <= n; i++)
		SVALS[cell, i] = SORT_V[i]
	SORTED[cell] = 1
	return n
}

# median(cell): the median of cell's repeats ("" when it has none).
function median(cell,    n) {
	n = sort_cell(cell)
	if (n == 0)
		return ""
	if (n % 2)
		return SVALS[cell, (n + 1) / 2] + 0
	return (SVALS[cell, n / 2] + SVALS[cell, n / 2 + 1]) / 2
}

# lo(cell), hi(cell): the smallest and largest repeat.
function lo(cell,    n) {
	n = sort_cell(cell)
	return n ? SVALS[cell, 1] + 0 : ""
}
function hi(cell,    n) {
	n = sort_cell(cell)
	return n ? SVALS[cell, n] + 0 : ""
}

# med(cell, fmt): the median of cell's repeats in fmt, or "-".
function med(cell, fmt) {
	if (NVALS[cell] == 0)
		return "-"
	return sprintf(fmt, median(cell))
}

# spread(cell): (max - min) / median of the repeats, 0 for fewer than 2.
function spread(cell,    m) {
	if (NVALS[cell] < 2)
		return 0
	m = median(cell)
	if (m == 0)
		return (hi(cell) == lo(cell)) ? 0 : 1
	return (hi(cell) - lo(cell)) / (m < 0 ? -m : m)
}

# fail(cell, status): count a failed repeat (exit 4: not supported here).
function fail(cell, status) {
	if (status == 4)
		NA[cell]++
	else
		FAILED[cell]++
	MARKS_USED[status == 4 ? "n" : "!"] = 1
}

# A cell's repeats spread too much above this: (max - min) / median.
function spread_limit() {
	return 0.10
}

# mark(cell): the one-character mark after a cell (text.awk says what
# each means, legend() under the table): ! a repeat failed or its value
# was bad, = the repeats fall into two clusters (bimodal()), ~ the
# repeats spread by more than 10%, blank otherwise.
function mark(cell) {
	if (FAILED[cell] > 0 || BAD[cell] > 0)
		return "!"
	if (bimodal(cell)) {
		MARKS_USED["="] = 1
		return "="
	}
	if (spread(cell) > spread_limit()) {
		MARKS_USED["~"] = 1
		return "~"
	}
	return " "
}

# Clusters. Whether a cell's repeats fall into two clusters far apart
# (the placement lottery of an unpinned run: the scheduler put the
# workers on one CPU in some repeats and on two in others) is
# smpb-stat's rule (src/decide.c, jg_bimodal), the same as compare's,
# and written nowhere else: a program asks it of its cells through
# smpb-stat's protocol (smpb-stat(5)), as a table of one run, a row a
# cell, once for every cell with repeats, when a first is asked. From
# the environment: SMPB_STAT, the path of smpb-stat, and SMPB_WORK, a
# private directory the driver made, where the table is written.

# bimodal(cell): 1 when the cell's repeats fall into two clusters; then
# BI_LOW and BI_HIGH are how many repeats each holds and BI_LOWMED,
# BI_HIGHMED their medians. 0 otherwise, and for a cell of no repeat,
# which smpb-stat does not judge.
function bimodal(cell) {
	BI_LOW = BI_HIGH = 0
	if (NVALS[cell] + 0 == 0)
		return 0
	if (!(cell in BI_ASKED))
		clusters_ask()
	if (!((cell, "lo") in BI_ANS))
		return 0
	BI_LOW = BI_ANS[cell, "lo"]
	BI_HIGH = BI_ANS[cell, "hi"]
	BI_LOWMED = BI_ANS[cell, "lomed"]
	BI_HIGHMED = BI_ANS[cell, "himed"]
	return 1
}

# clusters_ask(): smpb-stat's clusters of every cell with repeats not
# yet asked (BI_ASKED), into BI_ANS[cell, lo|hi|lomed|himed] for those
# in two: a table a clusters_rows() cells. What keeps it from answering
# is said, and the program ends (exit 1).
function clusters_ask(    n, c, k) {
	if (BI_FAILED)
		return
	if (ENVIRON["SMPB_STAT"] == "")
		clusters_failed("smpb-stat, its statistics program, is not" \
		    " built (run make)")
	if (ENVIRON["SMPB_WORK"] == "")
		clusters_failed("no private directory to ask smpb-stat in")
	n = 0
	for (c in NVALS)
		if (NVALS[c] > 0 && !(c in BI_ASKED)) {
			BI_CELL[++n] = c
			BI_ASKED[c] = 1
			delete BI_ANS[c, "lo"]
		}
	for (k = 1; k <= n; k += clusters_rows())
		clusters_table(k - 1, n - k + 1 < clusters_rows() ? \
		    n - k + 1 : clusters_rows())
}

# clusters_rows(): the most rows smpb-stat takes in a table (smpb-stat(5)).
function clusters_rows() {
	return 100000
}

# clusters_table(from, n): the cells BI_CELL[from + 1..from + n] asked
# as one table of a run, a row a cell; their answers into BI_ANS.
function clusters_table(from, n,    f, cmd, i, c, k, line, a, na, w, eq, done) {
	f = ENVIRON["SMPB_WORK"] "/clusters"
	printf "b table runs=1 cols=1 rows=%d\nb run j=1 g=1\n", n > f
	for (i = 1; i <= n; i++) {
		c = BI_CELL[from + i]
		printf "b row i=%d free=0\nb fig i=%d j=1 v=%s", i, i,
		    VALS[c, 1] > f
		for (k = 2; k <= NVALS[c]; k++)
			printf ",%s", VALS[c, k] > f
		printf "\n" > f
	}
	print "b judge" > f
	if (close(f))
		clusters_failed("cannot write " f)
	cmd = "exec " sh_quote(ENVIRON["SMPB_STAT"]) " <" sh_quote(f)
	while ((cmd | getline line) > 0) {
		if ((na = split(line, a, " ")) < 2 || a[1] != "b")
			continue
		done = done || a[2] == "end"
		if (a[2] == "refused")
			clusters_failed("smpb-stat refused them (" line ")")
		if (a[2] != "cell")
			continue
		for (k = 3; k <= na; k++)
			if ((eq = index(a[k], "=")) > 1)
				w[substr(a[k], 1, eq - 1)] = substr(a[k], eq + 1)
		if ("nlow" in w) {
			c = BI_CELL[from + w["i"]]
			BI_ANS[c, "lo"] = w["nlow"] + 0
			BI_ANS[c, "hi"] = w["nhigh"] + 0
			BI_ANS[c, "lomed"] = w["lowmed"] + 0
			BI_ANS[c, "himed"] = w["highmed"] + 0
		}
		split("", w)
	}
	if (close(cmd) || !done)
		clusters_failed("smpb-stat failed")
}

# clusters_failed(why): say why smpb-stat gave no clusters, and end.
function clusters_failed(why) {
	BI_FAILED = 1
	warn("cannot tell the cells' clusters: " why)
	finish(1)
	exit 1
}

# sh_quote(s): s as one word of sh, in single quotes.
function sh_quote(s) {
	gsub(/'/, "'\\''", s)
	return "'" s "'"
}

# fmt_cell(cell, fmt): the median in fmt (secs() when fmt is ""), "n/a"
# when not supported, "fail" when every repeat failed, "-" when never
# measured.
function fmt_cell(cell, fmt) {
	if (NVALS[cell] > 0)
		return fmt == "" ? secs(median(cell)) : sprintf(fmt, median(cell))
	if (NA[cell] > 0)
		return "n/a"
	if (FAILED[cell] > 0)
		return "fail"
	return "-"
}

# cellm(cell, fmt): fmt_cell() followed by the cell's mark, if any.
function cellm(cell, fmt,    m) {
	m = mark(cell)
	return fmt_cell(cell, fmt) (m == " " ? "" : m)
}

# secs(v): seconds in two decimals, three below 10 s, so that three
# significant figures show from 0.1 s up (user seconds are counted in
# milliseconds: no more decimals than that).
function secs(v) {
	return sprintf((v < 10 && v > -10) ? "%.3f" : "%.2f", v)
}

# keyadd(list, v): add the number v to the named list of keys (a
# table's rows or columns), once.
function keyadd(list, v) {
	if ((list, v) in KEYSEEN)
		return
	KEYSEEN[list, v] = 1
	KEYS[list, ++NKEYS[list]] = v
}

# keysort(list, a): the list's keys into a[1..n], ascending and each
# once, integers written in full (never as 1e+06); return n.
function keysort(list, a,    n, i, m, v) {
	n = NKEYS[list] + 0
	for (i = 1; i <= n; i++)
		SORT_V[i] = KEYS[list, i] + 0
	nsort(SORT_V, n)
	m = 0
	for (i = 1; i <= n; i++) {
		v = SORT_V[i]
		if (i > 1 && v == SORT_V[i - 1])
			continue
		a[++m] = v == int(v) ? sprintf("%.0f", v) : v ""
	}
	return m
}

# Sorting. awk has no sort of its own, and an insertion sort of a run's
# repeats is quadratic: these are merge sorts, bottom up, O(n log n).
# Their work arrays (SORT_T, SORT_TK, SORT_TA, and SORT_V for the
# callers above) are kept from one sort to the next, never emptied: mawk
# is many times slower on an array emptied, or made again, and filled
# anew.

# nsort(a, n): sort the numbers a[1..n], ascending.
function nsort(a, n,    w, from, mid, to, i, j, m) {
	for (i = 1; i <= n; i++)
		a[i] += 0
	for (w = 1; w < n; w *= 2) {
		for (from = 1; from <= n; from += 2 * w) {
			mid = from + w < n + 1 ? from + w : n + 1
			to = from + 2 * w < n + 1 ? from + 2 * w : n + 1
			i = from
			j = mid
			for (m = from; m < to; m++) {
				if (j >= to || (i < mid && a[i] <= a[j]))
					SORT_T[m] = a[i++]
				else
					SORT_T[m] = a[j++]
			}
		}
		for (m = 1; m <= n; m++)
			a[m] = SORT_T[m]
	}
}

# sort_by(k, a, n): sort the pairs (k[i], a[i]), i = 1..n, by the number
# k[i], ascending, pairs of equal k in the order they were.
function sort_by(k, a, n,    w, from, mid, to, i, j, m) {
	for (i = 1; i <= n; i++)
		k[i] += 0
	for (w = 1; w < n; w *= 2) {
		for (from = 1; from <= n; from += 2 * w) {
			mid = from + w < n + 1 ? from + w : n + 1
			to = from + 2 * w < n + 1 ? from + 2 * w : n + 1
			i = from
			j = mid
			for (m = from; m < to; m++) {
				if (j >= to || (i < mid && k[i] <= k[j])) {
					SORT_TK[m] = k[i]
					SORT_TA[m] = a[i++]
				} else {
					SORT_TK[m] = k[j]
					SORT_TA[m] = a[j++]
				}
			}
		}
		for (m = 1; m <= n; m++) {
			k[m] = SORT_TK[m]
			a[m] = SORT_TA[m]
		}
	}
}
