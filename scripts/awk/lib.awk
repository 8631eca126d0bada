# lib.awk: reading a saved run, for every awk program of smpbench.
#
# The awk library is loaded first, before the program that uses it, in
# this order:
#	awk -f awk/lib.awk -f awk/cells.awk -f awk/text.awk -f awk/stats.awk \
#	    -f workloads/ring-table.awk FILE
# lib.awk reads a run (this file), cells.awk keeps a cell's repeats and
# gives its median and mark, text.awk lays out what tables share
# (heading, footnotes, placements), stats.awk judges the repeats. They
# have no rules, no -v variables and print nothing by themselves; lib.awk
# has a BEGIN that sets CONVFMT.
#
# Input it understands:
#   - a raw line of a saved run: key=value pairs separated by single spaces,
#     the driver's own keys first (place=free, one, smt, llc, spread, xllc,
#     node or cores, see topology.awk; rep=K; argv=the program's options
#     joined by commas; cpulist=L when pinned), then either the program's
#     -p line or exit=N when the measurement failed;
#   - an env file: key=value lines, the value running to the end of the line.
# Output: nothing by itself; the callers print through out() (text.awk).
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

# note_rep(): remember the largest repeat number seen.
function note_rep() {
	if (F["rep"] + 0 > MAXREP)
		MAXREP = F["rep"] + 0
}
