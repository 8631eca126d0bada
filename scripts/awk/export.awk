# export.awk: saved runs as CSV (RFC 4180), one row per measurement, in
# two passes over the runs, each holding one line at a time: the first
# (-v pass=keys) prints the -p keys of all the lines, one a line, in the
# order first seen, and complains of the lines it refuses; the second
# (-v pass=rows) prints the CSV with those keys (keys_file) as its last
# columns. Memory is bounded by the keys, whatever the runs hold.
#
# Input: none on stdin; the runs' directories come from the file the
# environment names, SMPB_RUNS (one per line), and the program reads
# each run's env and raw/<workload> files itself.
# Output: a header row, then one row per raw line, run by run, workload by
# workload: run (its label, or its kernel), dir (as named to smpbench,
# made printable: lib.awk's printable()), workload, repeat, placement
# (as the raw line names it), cpulist, argv (the program's options,
# joined by commas), exit (the status of a failed measurement), then
# every other key of any line (the programs' -p keys) in the order first
# seen, empty where a line lacks it; last, complete (yes for a run
# marked complete and whole, lib/checks.sh's whole_runs; else no). A
# field holding a
# comma, a double quote, a CR or LF, or a blank at either end is quoted,
# its double quotes doubled; one that is not a number and starts with =,
# +, -, @, a tab or a CR, which a spreadsheet would take for a formula,
# is quoted with a ' before it. Every record ends in CRLF.
# A line is refused (left out, complained of on stderr, exit 3) when one
# of its keys is not a name ([a-z_][a-z0-9_]*, at most 64 characters) or
# is one of the columns of the run's own (run, dir, workload, repeat,
# placement, complete), or it holds a key twice, more keys, or a longer
# argv, than a run makes (lib.awk's parse()). Words that are not pairs
# are left out.
# More than MAX_KEYS keys in all (the programs print about 100): nothing
# is printed, exit 1.
# -v variables: workloads, the workloads in their order; pass, keys or
# rows; keys_file, for rows, the file of the keys pass keys printed.
# Needs the awk library (see lib.awk) loaded first.

BEGIN {
	MAX_KEYS = 1000
	NCOL = split("run dir workload repeat placement cpulist argv exit",
	    COL, " ")
	# The raw line's keys with a column of their own, by its name there.
	OWN["rep"] = "repeat"
	OWN["place"] = "placement"
	OWN["cpulist"] = "cpulist"
	OWN["argv"] = "argv"
	OWN["exit"] = "exit"
	for (c = 1; c <= NCOL; c++)
		FIXED[COL[c]] = 1
	FIXED["complete"] = 1
	if (pass == "rows") {
		while ((getline key < keys_file) > 0)
			if (key != "")
				COL[++NCOL] = key
		close(keys_file)
		COL[++NCOL] = "complete"
		print_header()
	}
	nruns = run_dirs(dir)
	nw = split(workloads, wl, " ")
	for (j = 1; j <= nruns; j++) {
		load_env(dir[j] "/env")
		DONE = marked_complete(dir[j]) ? "yes" : "no"
		for (k = 1; k <= nw; k++)
			read_raw(who(), dir[j], wl[k])
	}
	exit finish(NEW_KEYS > MAX_KEYS)
}

# read_raw(run, d, w): each measurement of d/raw/w: its keys (pass keys)
# or its row (pass rows).
function read_raw(run, d, w,    path, line, lineno, name) {
	path = d "/raw/" w
	name = shown(d)
	while ((getline line < path) > 0) {
		lineno++
		if (!parse(line)) {
			# A line too large to be one: said once, as a bad key.
			if (PARSE_WHY != "" && pass == "keys") {
				WHERE_FILE = path
				WHERE_LINE = lineno
				complain("refused: " PARSE_WHY)
			}
			continue
		}
		if (!names_ok(path, lineno))
			continue
		if (pass == "rows")
			print_row(run, name, w)
		else if (!keys_of())
			return
	}
	close(path)
}

# names_ok(path, lineno): true when every key of the line parse() read
# is a name that is not one of the run's own columns; else complain
# (pass keys: once is enough) and false.
function names_ok(path, lineno,    i, key) {
	for (i = 1; i <= NFKEY; i++) {
		key = FKEY[i]
		if (key !~ /^[a-z_][a-z0-9_]*$/ || length(key) > 64 ||
		    (key in FIXED && !(key in OWN))) {
			if (pass == "keys") {
				WHERE_FILE = path
				WHERE_LINE = lineno
				complain("refused: " excerpt(key) " is not a key of a measurement")
			}
			return 0
		}
	}
	return 1
}

# keys_of(): print the keys of the line parse() read not seen before;
# false past MAX_KEYS of them.
function keys_of(    i, key) {
	for (i = 1; i <= NFKEY; i++) {
		key = FKEY[i]
		if (key in OWN || key in SEEN)
			continue
		SEEN[key] = 1
		if (++NEW_KEYS > MAX_KEYS) {
			warn("more than " MAX_KEYS " keys in these runs' measurements (the programs print about 100): not exported")
			return 0
		}
		print key
	}
	return 1
}

# csv(s): s as an RFC 4180 field; one that a spreadsheet would take for
# a formula, quoted with a ' before it.
function csv(s) {
	if (s ~ /^[-=+@\t\r]/ && !is_number(s))
		s = "'" s
	else if (s !~ /[",\r\n]/ && s !~ /^ / && s !~ / $/)
		return s
	gsub(/"/, "\"\"", s)
	return "\"" s "\""
}

# is_number(s): true when s is a decimal number, as a spreadsheet reads
# one: -0.5, +3, 1e-06.
function is_number(s) {
	return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/
}

function print_header(    c, line) {
	line = ""
	for (c = 1; c <= NCOL; c++)
		line = line (c > 1 ? "," : "") csv(COL[c])
	printf "%s\r\n", line
}

# print_row(run, name, w): the row of the line parse() read (F), of
# the run named name (its directory, as shown()).
function print_row(run, name, w,    c, v, line) {
	line = csv(run) "," csv(name) "," csv(w) "," csv(F["rep"]) "," \
	    csv(F["place"]) "," csv(F["cpulist"]) "," csv(F["argv"]) "," \
	    csv(F["exit"])
	for (c = 9; c < NCOL; c++) {
		v = (COL[c] in F) ? F[COL[c]] : ""
		line = line "," csv(v)
	}
	line = line "," DONE
	printf "%s\r\n", line
}
