# lib.awk: functions shared by smpbench's table and compare programs.
#
# Loaded first, before the program that uses it:
#	awk -f awk/lib.awk -f awk/stats.awk -f workloads/ring-table.awk FILE
# It has no rules of its own but a BEGIN that sets CONVFMT, only
# functions and no -v variables.
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
#
# Saved runs are data from elsewhere: every value is checked before it is
# used (num(), raw()), and what is wrong is reported on stderr with its
# file and line (complain()), left out, and its cell marked "!".

# Numbers kept as text (a cell's repeats, add()) keep ten significant
# digits, not awk's six.
BEGIN {
	CONVFMT = "%.10g"
}

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

# raw(line, file, lineno): parse a raw line and check the driver's keys
# (place a lower-case word, rep a number; exit, if there, a number);
# report a line that is none, and return false for it.
function raw(line, file, lineno) {
	WHERE_FILE = file
	WHERE_LINE = lineno
	if (parse(line) && F["place"] ~ /^[a-z]+$/ && F["rep"] ~ /^[0-9]+$/ &&
	    (!("exit" in F) || F["exit"] ~ /^[0-9]+$/))
		return 1
	complain("not a measurement: " excerpt(line))
	return 0
}

# excerpt(s): s, printable and at most 40 characters, to quote it.
function excerpt(s) {
	gsub(/[^ -~]/, "?", s)
	if (length(s) > 40)
		s = substr(s, 1, 37) "..."
	return "'" s "'"
}

# complain(msg): report a problem of the current raw line (WHERE_FILE,
# WHERE_LINE) on stderr; three a file, then a count at the end (finish).
function complain(msg) {
	COMPLAINTS++
	if (++BADLINES[WHERE_FILE] <= 3)
		warn(WHERE_FILE ":" WHERE_LINE ": " msg)
}

# warn(msg): one line on stderr.
function warn(msg) {
	print "smpbench: " msg | "cat 1>&2"
}

# finish(status): report what complain() left unsaid, flush stderr, and
# give the exit status: status, or 3 when a saved value was bad.
function finish(status,    f) {
	for (f in BADLINES)
		if (BADLINES[f] > 3)
			warn(f ": " BADLINES[f] - 3 " more bad lines")
	close("cat 1>&2")
	if (status == 0 && COMPLAINTS > 0)
		return 3
	return status
}

# num(key): F[key] as a number, when it is one we can use: plain decimal
# digits with at most one point, below 1e15 (so not "-5", "1e400", "nan"
# or "inf"); else "". NUM_BAD says whether the key was there, with a
# bad value, or absent.
function num(key,    v) {
	NUM_BAD = 0
	if (!(key in F))
		return ""
	v = F[key]
	if (v ~ /^[0-9]+(\.[0-9]+)?$/ && length(v) <= 24 && v + 0 < 1e15)
		return v + 0
	NUM_BAD = 1
	return ""
}

# bad(key): report the current line's key as unusable (absent or bad).
function bad(key) {
	if (key in F)
		complain(key "=" excerpt(F[key]) " is not a figure; left out")
	else
		complain("no " key "=; left out")
}

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
# line has it, else the option in argv (a failed run has no -p keys);
# "" (reported) when it is not a number.
function ident(key, flag, dflt,    v) {
	if (key in F)
		v = F[key]
	else
		v = argval(flag, dflt)
	if (v ~ /^[0-9]+(\.[0-9]+)?$/ && length(v) <= 24)
		return v + 0
	complain(key "=" excerpt(v) " is not a number; line left out")
	return ""
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
# the parsed line, or "" (reported) when the line has no usable one: ring
# switches/s; pipe %CPU; herd seconds for 5000000 iterations (the seed's);
# yield microseconds per yield across the machine; bind the workers' mean
# user seconds.
function figure(w,    i, sum, v) {
	if (w == "ring")
		return need("switches_per_s")
	if (w == "pipe")
		return need("cpu_pct")
	if (w == "herd") {
		if ("us_per_iteration" in F)
			return scaled(need("us_per_iteration"), 5)
		v = need("wall_s")
		i = ident("iterations", "-i", 5000000)
		if (v == "" || i == "" || i == 0)
			return ""
		return v * 5000000 / i
	}
	if (w == "yield") {
		if ("us_per_yield" in F)
			return need("us_per_yield")
		v = need("total_per_s")
		if (v == "" || v == 0)
			return ""
		return 1e6 / v
	}
	if (w == "bind") {
		sum = 0
		for (i = 0; ("user_s_" i) in F; i++) {
			v = need("user_s_" i)
			if (v == "")
				return ""
			sum += v
		}
		if (i == 0)
			return need("user_s_0")
		return sum / i
	}
	return ""
}

# need(key): num(key), reported when it is not a figure.
function need(key,    v) {
	v = num(key)
	if (v == "")
		bad(key)
	return v
}

# scaled(v, k): v * k, or "" for "".
function scaled(v, k) {
	return v == "" ? "" : v * k
}

# why_unit(w): what workload w's run-queue delay is counted per.
function why_unit(w) {
	return w == "ring" ? "pass" : w == "herd" ? "token" : \
	    w == "yield" ? "yield" : w == "pipe" ? "block" : "worker"
}

# why_figure(w, metric): a why figure of the parsed line, or "" (NUM_BAD
# set when a value was there but not a figure; absent keys are silent:
# runs before -l or the kernel's statistics have none): p99, the wakeup
# latency's 99th percentile (us); wait, the run-queue delay per
# why_unit(w), us (bind: the workers' mean, ms).
function why_figure(w, metric,    wait, n, v, i, sum) {
	NUM_BAD = 0
	if (metric == "p99")
		return num("lat_p99_us")
	if (w == "bind") {
		sum = n = 0
		for (i = 0; ("user_s_" i) in F; i++) {
			if ((v = num("wait_s_" i)) == "") {
				if (NUM_BAD)
					return ""
				continue
			}
			sum += v
			n++
		}
		return n ? sum / n * 1e3 : ""
	}
	if ((wait = num("wait_s")) == "")
		return ""
	if (w == "ring")
		n = (v = num("switches_per_s")) == "" ? "" : v * num("wall_s")
	else if (w == "herd")
		n = num("tokens")
	else if (w == "yield")
		n = (v = num("total_per_s")) == "" ? "" : v * num("seconds")
	else if (w == "pipe")
		n = num("transfers")
	if (n == "" || n <= 0)
		return ""
	return wait * 1e6 / n
}

# bind_params(l2): the parsed bind line's workers, whether bound, hogs
# and array (array_kib(l2)) into BW, BB, BH and BKIB; false when one is
# not a number (reported).
function bind_params(l2) {
	BW = ident("workers", "-n", 2)
	BB = ("bound" in F) ? ident("bound", "-B", 0) : argflag("-B")
	BH = ident("hogs", "-H", 0)
	BKIB = array_kib(l2)
	return BW != "" && BB != "" && BH != "" && BKIB != ""
}

# bind_name(): the configuration of the line bind_params() parsed, as a
# row's name: "idle" or "hog", then ", bound", ", single", ", N per core".
function bind_name() {
	return (BH > 0 ? "hog" : "idle") (BB > 0 ? ", bound" : "") \
	    (BW == 1 ? ", single" : "") \
	    (F["place"] == "cores" ? ", " BW " per core" : "")
}

# array_kib(l2): the array of a bind line: "L2" for the seed's size (no
# -s: the seed's runs, and smpb-bind's own choice, its L2; or -s of the
# run's L2, l2 from its env's cache_l2_kib), else its KiB; "" when the
# line's size is not a number (reported).
function array_kib(l2,    kib) {
	if (argval("-s", "") == "")
		return "L2"
	kib = ident("cache_kib", "-s", "")
	if (kib == "")
		return ""
	return kib == l2 ? "L2" : kib
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

# wrap(s): print s as lines of at most 72 columns, broken at blanks (a
# word longer than a line in pieces, each ending its line); lines after
# the first are indented by two.
function wrap(s,    n, i, a, line, w, room) {
	n = split(s, a, " ")
	line = ""
	for (i = 1; i <= n; i++) {
		w = a[i]
		if (line ~ /[^ ]/ && length(line) + 1 + length(w) > 72) {
			out(line)
			line = "  "
		}
		while (length(line) + (line ~ /[^ ]/) + length(w) > 72) {
			room = 72 - length(line) - (line ~ /[^ ]/)
			out(line (line ~ /[^ ]/ ? " " : "") substr(w, 1, room))
			w = substr(w, room + 1)
			line = "  "
		}
		line = line (line ~ /[^ ]/ ? " " : "") w
	}
	if (line ~ /[^ ]/)
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

# secs(v): seconds in two decimals, three below 10 s, so that three
# significant figures show from 0.1 s up (user seconds are counted in
# milliseconds: no more decimals than that).
function secs(v) {
	return sprintf((v < 10 && v > -10) ? "%.3f" : "%.2f", v)
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
	if (MARKS_USED["~"])
		wrap("~ the repeats fall into two clusters far apart (bimodal):" \
		    " a median of such a mixture says little; see smpbench" \
		    " compare.")
	if (MARKS_USED["!"])
		wrap("! a repeat failed; see the errors file of the run.")
	if (MARKS_USED["?"])
		wrap("! a saved value was not a figure (reported when shown)" \
		    " and is left out.")
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
