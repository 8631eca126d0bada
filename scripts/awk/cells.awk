# cells.awk: a table's cells: the repeats of each, their median, spread
# and mark.
#
# Part of the awk library (see lib.awk): no rules, no -v variables, and
# nothing printed. A cell is any string naming one figure of a table
# (usually its placement and parameters joined by SUBSEP); its repeats
# are kept in VALS[cell] (separated by blanks) and NVALS[cell] (how many);
# BAD[cell], FAILED[cell] and NA[cell] count the repeats left out, failed
# and not supported; MARKS_USED the marks a table shows, for its
# footnotes.

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

# push(list, cell, key): append F[key] to list[cell] when it is a number
# we can use; else report it.
function push(list, cell, key,    v) {
	v = num(key)
	if (v == "")
		bad(key)
	else
		list[cell] = list[cell] " " v
}

# add(cell, v): keep v as one repeat of cell (in VALS, NVALS).
function add(cell, v) {
	VALS[cell] = VALS[cell] " " v
	NVALS[cell]++
}

# sorted(s, a): split the numbers of s into a[1..n], ascending; return n.
function sorted(s, a,    n, i, j, t) {
	n = split(s, a, " ")
	for (i = 2; i <= n; i++) {
		t = a[i] + 0
		for (j = i - 1; j >= 1 && a[j] + 0 > t; j--)
			a[j + 1] = a[j]
		a[j + 1] = t
	}
	return n
}

# median(cell): the median of cell's repeats ("" when it has none).
function median(cell,    a, n) {
	n = sorted(VALS[cell], a)
	if (n == 0)
		return ""
	if (n % 2)
		return a[(n + 1) / 2] + 0
	return (a[n / 2] + a[n / 2 + 1]) / 2
}

# lo(cell), hi(cell): the smallest and largest repeat.
function lo(cell,    a, n) {
	n = sorted(VALS[cell], a)
	return n ? a[1] + 0 : ""
}
function hi(cell,    a, n) {
	n = sorted(VALS[cell], a)
	return n ? a[n] + 0 : ""
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

# mark(cell): the one-character mark after a cell: ! a repeat failed or
# its value was bad, ~ the repeats fall into two clusters (bimodal, see
# stats.awk), * the repeats spread by more than 10%, blank otherwise.
function mark(cell) {
	if (FAILED[cell] > 0 || BAD[cell] > 0)
		return "!"
	if (bimodal(cell)) {
		MARKS_USED["~"] = 1
		return "~"
	}
	if (spread(cell) > spread_limit()) {
		MARKS_USED["*"] = 1
		return "*"
	}
	return " "
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

# numsort(list): a blank-separated list of numbers, ascending, deduplicated.
function numsort(list,    a, n, i, s, prev) {
	n = sorted(list, a)
	s = ""
	prev = ""
	for (i = 1; i <= n; i++) {
		if (i > 1 && a[i] == prev)
			continue
		s = s (s == "" ? "" : " ") \
		    (a[i] == int(a[i]) ? sprintf("%.0f", a[i]) : a[i])
		prev = a[i]
	}
	return s
}
