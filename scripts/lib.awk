# lib.awk: functions shared by smpbench's table and compare programs.
#
# Loaded first, before the program that uses it:
#	awk -f lib.awk -f ring.awk FILE
# It has no rules of its own, only functions and no -v variables.
#
# Input it understands:
#   - a raw line of a saved run: key=value pairs separated by single spaces,
#     the driver's own keys first (place=free, one, smt, llc, spread, xllc,
#     node or cores, see topology.awk; rep=K; argv=the program's options
#     joined by commas; cpulist=L when pinned), then either the program's
#     -p line or exit=N when the measurement failed;
#   - an env file: key=value lines, the value running to the end of the line.
# Output: nothing by itself; the callers print through out().
#
# Arrays it fills: F (the fields of the last parse()), ENV (load_env()).

# parse(line): split a raw line into F[key] = value; true when it is one.
function parse(line,    n, i, a, eq) {
	split("", F)
	n = split(line, a, " ")
	for (i = 1; i <= n; i++) {
		eq = index(a[i], "=")
		if (eq > 1)
			F[substr(a[i], 1, eq - 1)] = substr(a[i], eq + 1)
	}
	return ("place" in F)
}

# argval(flag, dflt): the value after flag in F["argv"], else dflt.
function argval(flag, dflt,    n, i, a) {
	n = split(F["argv"], a, ",")
	for (i = 1; i < n; i++)
		if (a[i] == flag)
			return a[i + 1]
	return dflt
}

# argflag(flag): 1 when the boolean flag is in F["argv"], else 0.
function argflag(flag,    n, i, a) {
	n = split(F["argv"], a, ",")
	for (i = 1; i <= n; i++)
		if (a[i] == flag)
			return 1
	return 0
}

# ident(key, flag, dflt): a cell's parameter: the program's -p key when the
# line has it, else the option in argv (a failed run has no -p keys).
function ident(key, flag, dflt) {
	if (key in F)
		return F[key] + 0
	return argval(flag, dflt) + 0
}

# argrest(skip): argv as the command line, without the options in skip
# (a list like " -n -c "), for a table's footnote.
function argrest(skip,    n, i, a, s) {
	n = split(F["argv"], a, ",")
	s = ""
	for (i = 1; i <= n; i++) {
		if (index(skip, " " a[i] " ") > 0) {
			if (i < n && a[i + 1] !~ /^-/)
				i++
			continue
		}
		s = s (s == "" ? "" : " ") a[i]
	}
	return s
}

# figure(w): the figure of workload w that compare and plot show, from
# the parsed line, or "": ring switches/s; pipe %CPU; herd seconds for
# 5000000 iterations (the seed's); yield microseconds per yield across the
# machine; bind the workers' mean user seconds.
function figure(w,    i, sum) {
	if (w == "ring")
		return F["switches_per_s"]
	if (w == "pipe")
		return F["cpu_pct"]
	if (w == "herd") {
		if ("us_per_iteration" in F)
			return F["us_per_iteration"] * 5
		if (F["iterations"] > 0)
			return F["wall_s"] * 5000000 / F["iterations"]
		return ""
	}
	if (w == "yield") {
		if ("us_per_yield" in F)
			return F["us_per_yield"]
		if (F["total_per_s"] > 0)
			return 1e6 / F["total_per_s"]
		return ""
	}
	if (w == "bind") {
		sum = 0
		for (i = 0; ("user_s_" i) in F; i++)
			sum += F["user_s_" i]
		return i ? sum / i : ""
	}
	return ""
}

# run_dirs(dir): the runs' directories, from SMPB_RUNS (one a line), into
# dir[1..n]; return n.
function run_dirs(dir,    n, i) {
	n = split(ENVIRON["SMPB_RUNS"], dir, "\n")
	for (i = 1; i <= n; i++)
		if (dir[i] == "")
			return i - 1
	return n
}

# load_env(path): read an env file into ENV. A saved run may come from
# anywhere: its values are kept printable ASCII (control characters go,
# each other character becomes one "?"), so tables stay ASCII and aligned.
function load_env(path,    line, eq, v) {
	split("", ENV)
	while ((getline line < path) > 0) {
		eq = index(line, "=")
		if (eq > 1) {
			v = substr(line, eq + 1)
			gsub(/[\300-\377]/, "?", v)
			gsub(/[\001-\037\177-\277]/, "", v)
			ENV[substr(line, 1, eq - 1)] = v
		}
	}
	close(path)
}

# who(): the name of the run: its label, or else its kernel.
function who() {
	if (ENV["label"] != "")
		return ENV["label"]
	if (ENV["kernel"] != "")
		return ENV["kernel"]
	return "unknown kernel"
}

# cpus_text(n): "1 CPU", "2 CPUs", "? CPUs".
function cpus_text(n) {
	if (n !~ /^[0-9]+$/)
		n = "?"
	return n " CPU" (n == 1 ? "" : "s")
}

# heading(workload): the line above every table, saying where it came
# from: workload, label or kernel, CPU model, CPU count; at most 72 columns.
function heading(workload,    model, tail, s, room) {
	model = ENV["cpu_model"]
	if (model == "")
		model = "unknown CPU"
	tail = ", " cpus_text(ENV["cpus_online"])
	s = workload ": " who() ", "
	room = 72 - length(s) - length(tail)
	if (room < 8)
		room = 8
	if (length(model) > room)
		model = substr(model, 1, room - 1) "~"
	s = s model tail
	if (length(s) > 72)
		s = substr(s, 1, 71) "~"
	return s
}

# out(s): print a table line without trailing blanks.
function out(s) {
	sub(/ +$/, "", s)
	print s
}

# wrap(s): print s as lines of at most 72 columns, broken at blanks.
function wrap(s,    n, i, a, line) {
	n = split(s, a, " ")
	line = ""
	for (i = 1; i <= n; i++) {
		if (line != "" && length(line) + 1 + length(a[i]) > 72) {
			out(line)
			line = "  " a[i]
		} else
			line = line (line == "" ? "" : " ") a[i]
	}
	if (line != "")
		out(line)
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

# mark(cell): the one-character mark after a cell: ! a repeat failed,
# * the repeats spread by more than 10%, blank otherwise.
function mark(cell) {
	if (FAILED[cell] > 0)
		return "!"
	if (spread(cell) > spread_limit()) {
		MARKS_USED["*"] = 1
		return "*"
	}
	return " "
}

# fmt_cell(cell, fmt): the median in fmt, "n/a" when not supported,
# "fail" when every repeat failed, "-" when never measured.
function fmt_cell(cell, fmt) {
	if (NVALS[cell] > 0)
		return sprintf(fmt, median(cell))
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

# reps_text(): how many repeats the medians are of.
function reps_text() {
	if (MAXREP <= 1)
		return "one run per cell"
	return "median of " MAXREP " runs"
}

# note_rep(): remember the largest repeat number seen.
function note_rep() {
	if (F["rep"] + 0 > MAXREP)
		MAXREP = F["rep"] + 0
}

# place_rank(p): where placement p sorts, nearest first (free first).
function place_rank(p,    i) {
	i = index(" free one smt llc spread xllc node cores ", " " p " ")
	return i ? i : 999
}

# place_text(p): what placement p means, for a table.
function place_text(p) {
	if (p == "free")
		return "unpinned"
	if (p == "one")
		return "both on one CPU"
	if (p == "smt")
		return "two threads of one core"
	if (p == "llc")
		return "two cores sharing a last-level cache"
	if (p == "spread")
		return "two CPUs"
	if (p == "xllc")
		return "two last-level caches of one node"
	if (p == "node")
		return "two NUMA nodes"
	if (p == "cores")
		return "one CPU of each core"
	return "placement " p
}

# place_list(list): the placements of a blank-separated list, each once,
# nearest first.
function place_list(list,    n, a, i, j, t, s, seen) {
	n = split(list, a, " ")
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && place_rank(a[j]) > place_rank(t); j--)
			a[j + 1] = a[j]
		a[j + 1] = t
	}
	s = ""
	for (i = 1; i <= n; i++)
		if (!(a[i] in seen)) {
			seen[a[i]] = 1
			s = s (s == "" ? "" : " ") a[i]
		}
	return s
}

# place_notes(): the footnote of the pipe and ring tables on placement,
# in SKIPPED: that no placement on two CPUs existed (only one CPU was
# available), or else what the topology did not tell.
function place_notes() {
	if (ENV["topo_placements"] ~ /^free( one)?$/ ||
	    ("spread_cpus" in ENV && ENV["spread_cpus"] == "" &&
	    ENV["one_cpu"] != ""))
		SKIPPED = "No placement on two CPUs: only one CPU was available."
	else if (ENV["topo_note"] != "")
		SKIPPED = "Placements: " ENV["topo_note"] "."
}

# footnotes(prog, opts): the lines under every table: what ran, and what
# the marks mean (only the marks that appear).
function footnotes(prog, opts,    s) {
	if (ENV["profile"] == "historical") {
		if (ENV["source"] != "")
			wrap("Source: " ENV["source"] ".")
	} else {
		s = prog (opts == "" ? "" : " " opts) "; " reps_text()
		if (PLACES != "")
			s = s "; " PLACES
		wrap(s ".")
	}
	if (MARKS_USED["*"])
		wrap("* the repeats spread by more than 10% ((max - min) / median).")
	if (MARKS_USED["!"])
		wrap("! a repeat failed; see the errors file of the run.")
	if (MARKS_USED["n"])
		wrap("n/a: not supported on this system (the program exited 4).")
	if (SKIPPED != "")
		wrap(SKIPPED)
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
