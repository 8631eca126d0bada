# export.awk: saved runs as CSV (RFC 4180), one row per measurement.
#
# Input: none on stdin; the runs' directories come from the environment,
# SMPB_RUNS (one per line), and the program reads each run's env and
# raw/<workload> files itself.
# Output: a header row, then one row per raw line, run by run, workload by
# workload: run (its label, or its kernel), dir (as named to smpbench),
# workload, repeat, placement (as the raw line names it), cpulist, argv
# (the program's options, joined by commas), exit (the status of a failed
# measurement), then every other key of any line (the programs' -p keys)
# in the order first seen, empty where a line lacks it. A field holding a
# comma, a double quote, a CR or LF, or a blank at either end is quoted,
# its double quotes doubled; every record ends in CRLF.
# -v variables: workloads, the workloads in their order.
# Needs the awk library (see lib.awk) loaded first.

BEGIN {
	NCOL = split("run dir workload repeat placement cpulist argv exit",
	    COL, " ")
	# The raw line's keys with a column of their own, by its name there.
	OWN["rep"] = "repeat"
	OWN["place"] = "placement"
	OWN["cpulist"] = "cpulist"
	OWN["argv"] = "argv"
	OWN["exit"] = "exit"
	nruns = run_dirs(dir)
	nw = split(workloads, wl, " ")
	for (j = 1; j <= nruns; j++) {
		load_env(dir[j] "/env")
		for (k = 1; k <= nw; k++)
			read_raw(who(), dir[j], wl[k])
	}
	print_csv()
}

# read_raw(run, d, w): the rows of d/raw/w, into ROW[r, column].
function read_raw(run, d, w,    path, line, n, i, a, eq, key) {
	path = d "/raw/" w
	while ((getline line < path) > 0) {
		if (!parse(line))
			continue
		NROWS++
		ROW[NROWS, "run"] = run
		ROW[NROWS, "dir"] = shown(d)
		ROW[NROWS, "workload"] = w
		# The keys in the line's order, for the header's.
		n = split(line, a, " ")
		for (i = 1; i <= n; i++) {
			eq = index(a[i], "=")
			if (eq < 2)
				continue
			key = substr(a[i], 1, eq - 1)
			if (key in OWN) {
				ROW[NROWS, OWN[key]] = F[key]
				continue
			}
			if (!(key in SEEN)) {
				SEEN[key] = 1
				COL[++NCOL] = key
			}
			ROW[NROWS, key] = F[key]
		}
	}
	close(path)
}

# csv(s): s as an RFC 4180 field.
function csv(s) {
	if (s !~ /[",\r\n]/ && s !~ /^ / && s !~ / $/)
		return s
	gsub(/"/, "\"\"", s)
	return "\"" s "\""
}

function print_csv(    r, c, line) {
	line = ""
	for (c = 1; c <= NCOL; c++)
		line = line (c > 1 ? "," : "") csv(COL[c])
	printf "%s\r\n", line
	for (r = 1; r <= NROWS; r++) {
		line = ""
		for (c = 1; c <= NCOL; c++)
			line = line (c > 1 ? "," : "") csv(ROW[r, COL[c]])
		printf "%s\r\n", line
	}
}
