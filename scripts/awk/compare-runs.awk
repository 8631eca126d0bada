# compare-runs.awk: the saved runs of a comparison, read: each run's
# env, state, host file and raw lines, its column and its name.
#
# Input: the runs' directories, in the file SMPB_RUNS names (one per
# line, lib.awk's run_dirs()); each run's env, complete or incomplete marker, host file
# and raw/<workload>, read here; -v workload, metric, head.
# Output: nothing printed; read_envs() the runs and their columns
# (COL, NCOL, CRUNS, CRUN, CNAME, LABEL, RUNNAME, RENV, ENVKEY, HIST,
# INCOMPLETE, HOST, HOST_FILE, HAS_HOST), read_runs() their cells too
# (cells.awk's VALS of j SUBSEP row and "c" g SUBSEP row, the rows
# ROWK, NAME, FREE, ROWPLACE, each run's options PARAM and LFLAG);
# pinned_rows(i), an unpinned row's rows pinned to one CPU and to more.
# No rules: loaded with compare.awk.

# read_runs(): each run's env, state, host file and raw lines. Runs of
# one name (who()) form a column: COL[j] is run j's, CRUNS[g] counts
# column g's runs, CRUN[g, k] is its k-th, CNAME[g] its name and
# LABEL[g] its heading; RUNNAME[j] names run j alone. Cells of cells.awk:
# j SUBSEP row, a run's repeats; "c" g SUBSEP row, the column's (every
# repeat of its runs); for unpinned rows, the placement of each repeat
# of the column: "u" (CPUs used), "o" (run_s over the measured time:
# CPUs occupied) and "q" (wait_s over it: CPUs' worth queued) g SUBSEP
# row. The rows in NAME[row] and, sorted, in ROWK[1..NROWK]; the runs
# with lines in a row, in ROW_RUNS[row] (" j j...", in order).
function read_runs(    j) {
	read_envs()
	for (j = 1; j <= nruns; j++)
		if (COL[j])
			read_host(j, dir[j] "/host")
	for (j = 1; j <= nruns; j++)
		if (COL[j])
			read_raw(j)
	NROWK = keysort("rows", ROWK)
	counted()
}

# read_raw(j): run j's raw lines of the workload, each a repeat of its
# row (a row that cannot differ folded; a why table's rows, those its
# workload marked), its options, and the count its figure is for.
function read_raw(j,    g, path, nl, key, v, c) {
	CUR_L2 = RENV[j, "cache_l2_kib"]
	g = COL[j]
	path = dir[j] "/raw/" workload
	nl = 0
	while (raw_next(j, path)) {
		if (!raw(RAW_LINE, path, ++nl))
			continue
		if (metric == "" && F["place"] == FACT["fold_place"]) {
			fold(g)
			continue
		}
		key = rowkey()
		if (key == "" || metric != "" && !why_row(key))
			continue
		if (F["rep"] + 0 > REPS[j])
			REPS[j] = F["rep"] + 0
		new_row(key)
		c = j SUBSEP key
		if (!((j, key) in PARAM)) {
			ROW_RUNS[key] = ROW_RUNS[key] " " j
			PARAM[j, key] = argrest(SKIP)
			LFLAG[j, key] = argflag("-l")
		}
		if ("exit" in F) {
			fail(c, F["exit"])
			continue
		}
		if (metric == "ss") {
			ss_keep(j, g, key)
			continue
		}
		COUNT = ""
		v = metric == "" ? figure() : why_figure(metric)
		count_of(g)
		if (v == "") {
			if (metric == "" || NUM_BAD)
				BAD[c]++
			continue
		}
		add(c, v)
		add("c" g SUBSEP key, v)
		if (FREE[key])
			placed(g SUBSEP key)
	}
}

# raw_next(j, path): run j's next raw line of this workload (path) in
# RAW_LINE, 1; 0 after the last, the next call starting again. The
# lines are read once for all of the report's tables (a workload's own,
# its why tables, its counters, each read twice: handed to smpb-stat,
# then laid out) and kept, RAWL[r, 1..RAWN[r]], r the workload SUBSEP
# j; but a run with a line longer than RAW_KEEP, or lines beyond
# RAW_BUDGET bytes in all, is read again each time and not kept (lines
# are bounded only at 1 MiB: lib.awk's).
function raw_next(j, path,    r, line) {
	r = workload SUBSEP j
	if (r in RAWN) {
		if (++RAWI[r] <= RAWN[r]) {
			RAW_LINE = RAWL[r, RAWI[r]]
			return 1
		}
		RAWI[r] = 0
		return 0
	}
	if ((getline line < path) > 0) {
		RAW_LINE = line
		if (!(r in RAW_BIG))
			raw_keep(r, ++RAWI[r], line)
		return 1
	}
	close(path)
	if (!(r in RAW_BIG))
		RAWN[r] = RAWI[r]
	RAWI[r] = 0
	return 0
}

# raw_keep(r, i, line): raw line i of r (raw_next()) kept, or none of
# r's again once a line is too long or the lines kept too many.
function raw_keep(r, i, line,    k) {
	RAW_BYTES += length(line)
	if (length(line) <= RAW_KEEP && RAW_BYTES <= RAW_BUDGET) {
		RAWL[r, i] = line
		return
	}
	RAW_BIG[r] = 1
	for (k = 1; k < i; k++)
		delete RAWL[r, k]
}

# new_row(key): the row of the parsed line, kept the first time: its
# heading, placement, and whether it is unpinned.
function new_row(key) {
	if (key in ROW)
		return
	ROW[key] = 1
	keyadd("rows", key)
	NAME[key] = KEYNAME
	ROWPLACE[key] = F["place"]
	FREE[key] = F["place"] == "free"
}

# pinned_rows(i): of an unpinned row i, " one=I spread=I" where the
# table has rows of its parameters pinned to one CPU (one) and to more
# (the first other placement: llc, node...), so that smpb-stat can tell
# clusters that are placements; "" else.
function pinned_rows(i,    n, s) {
	if (!FREE[ROWK[i]])
		return ""
	if (!PINNED_READ)
		pinned_index()
	n = NAME[ROWK[i]]
	s = ""
	if (n in ONE_AT)
		s = " one=" ONE_AT[n]
	if (n in SPREAD_AT)
		s = s != "" && SPREAD_AT[n] < ONE_AT[n] ? \
		    " spread=" SPREAD_AT[n] s : s " spread=" SPREAD_AT[n]
	return s
}

# pinned_index(): the first row pinned to one CPU (ONE_AT) and to more
# (SPREAD_AT) of each unpinned row's name, once a table: one walk of
# the rows.
function pinned_index(    k, p, n) {
	PINNED_READ = 1
	for (k = 1; k <= NROWK; k++) {
		p = ROWPLACE[ROWK[k]]
		n = NAME[ROWK[k]]
		if (p == "free" || substr(n, length(n) - length(p)) != " " p)
			continue
		n = substr(n, 1, length(n) - length(p) - 1)
		if (p == "one" && !(n in ONE_AT))
			ONE_AT[n] = k
		else if (p != "one" && !(n in SPREAD_AT))
			SPREAD_AT[n] = k
	}
}

# row_columns(runs, n, cols): the columns of runs[1..n], each once, in
# order, into cols; how many.
function row_columns(runs, n, cols,    k, m, g, at, x) {
	m = 0
	for (k = 1; k <= n; k++) {
		if (!(g = COL[runs[k]]))
			continue
		for (at = 1; at <= m && cols[at] < g; at++)
			;
		if (at <= m && cols[at] == g)
			continue
		for (x = m; x >= at; x--)
			cols[x + 1] = cols[x]
		cols[at] = g
		m++
	}
	return m
}

# row_cells(i, gs): the columns of row i that smpb-stat answered a cell
# of, in order, into gs; how many. It answers none of no repeat at all
# (no figure, none failed, bad or unsupported): such a cell is in no
# record (RVAL "-", the rest ""), and a walk of the cells skips it.
function row_cells(i, gs) {
	return split(ROW_G[i], gs, " ")
}

# count_of(g): the count the parsed line's figure is for (COUNT, the
# workload's figure() sets it), kept for column g and in all: counted()
# says the table's unit from them.
function count_of(g) {
	if (COUNT == "" || (g, COUNT) in COUNTS)
		return
	COUNTS[g, COUNT] = 1
	CCOUNT[g] = CCOUNT[g] (CCOUNT[g] == "" ? "" : ", ") COUNT
	if (!(COUNT in ALLCOUNT)) {
		ALLCOUNT[COUNT] = 1
		NCOUNT++
		ONECOUNT = COUNT
	}
}

# read_envs(): each run's env and state, its name and, where it holds
# this table's figures (in_table()), its column. Names and headings are
# the runs' whole set's (labels()), so that every table and the header
# name a run alike; NHAVE counts the runs in the table.
function read_envs(    j, i, k, g, name) {
	nruns = report_runs(dir)
	for (j = 1; j <= nruns; j++) {
		run_env(j)
		ENVN[j] = RUN_ENVN[j]
		for (i = 1; i <= ENVN[j]; i++) {
			k = RUN_ENVK[j, i]
			RENV[j, k] = ENV[k]
			ENVKEY[j, i] = k
		}
		HIST[j] = ENV["profile"] == "historical"
		name = who()
		NAMEOF[j] = name
		if (!(name in NAMEIDX)) {
			NAMEIDX[name] = ++NNAMES
			NAMES[NNAMES] = name
		}
		RUNK[j] = ++NRUNS_OF[name]
		if (j in RUN_INC)
			INCOMPLETE[j] = RUN_INC[j]
	}
	labels()
	for (j = 1; head && j <= nruns; j++)
		read_host(j, dir[j] "/host")
	for (j = 1; j <= nruns; j++) {
		if (!head && !in_table(j))
			continue
		NHAVE++
		name = NAMEOF[j]
		for (g = 1; g <= NCOL && CNAME[g] != name; g++)
			;
		if (g > NCOL) {
			NCOL = g
			CNAME[g] = name
			LABEL[g] = LBL[name]
		}
		COL[j] = g
		CRUN[g, ++CRUNS[g]] = j
	}
}

# in_table(j): 1 when run j holds this table's figures: a line of its
# raw/<workload> (raw_next()), with the why figure's key for a why
# table.
function in_table(j,    key, found) {
	key = metric == "p99" ? " lat_p99_us=" : metric == "wait" ? " wait_s" : \
	    metric == "ss" ? " ss_s=" : ""
	found = 0
	while (raw_next(j, dir[j] "/raw/" workload))
		if (RAW_LINE != "" && (key == "" || index(RAW_LINE, key) && \
		    RAW_LINE !~ / exit=/))
			found = 1
	return found
}

# read_host(j, path): run j's host drift over this workload, the line
# of its host file (path) that names the workload, into HOST[j, key];
# the file is read once for every table of the report (its lines in
# RUN_HOSTL[j, 1..RUN_HOSTN[j]]). No file, or no such line (older
# runs): nothing, and nothing is said of it.
function read_host(j, path,    line, n, i, a, eq, h, l) {
	if (!(j in RUN_HOSTN)) {
		RUN_HOSTN[j] = 0
		while ((getline line < path) > 0)
			RUN_HOSTL[j, ++RUN_HOSTN[j]] = line
		close(path)
	}
	for (l = 1; l <= RUN_HOSTN[j]; l++) {
		line = RUN_HOSTL[j, l]
		HOST_FILE[j] = 1
		if (index(line " ", "workload=" workload " ") != 1)
			continue
		HAS_HOST[j] = 1
		n = split(line, a, " ")
		for (i = 2; i <= n; i++) {
			eq = index(a[i], "=")
			if (eq > 1) {
				h = substr(a[i], eq + 1)
				if (h ~ /^[a-z0-9.,_+-]+$/)
					HOST[j, substr(a[i], 1, eq - 1)] = h
			}
		}
	}
}

# report_runs(dir): the runs' directories (lib.awk's run_dirs()) into
# dir[1..n], read once for every table of the report (RUN_DIR); n.
function report_runs(dir,    j) {
	if (RUN_DIRS == "")
		RUN_DIRS = run_dirs(RUN_DIR)
	for (j = 1; j <= RUN_DIRS; j++)
		dir[j] = RUN_DIR[j]
	return RUN_DIRS
}

# run_env(j): run j's env into ENV (lib.awk's load_env()), and, where
# it is not marked complete, why not in RUN_INC[j] (its incomplete
# file's first line, which may be empty), read once for every table of
# the report: its keys in RUN_ENVK[j, 1..RUN_ENVN[j]], in the order its
# first reading gave them, their values in RUN_ENVV.
function run_env(j,    k, i, line) {
	if (j in RUN_ENVN) {
		split("", ENV)
		for (i = 1; i <= RUN_ENVN[j]; i++)
			ENV[RUN_ENVK[j, i]] = RUN_ENVV[j, i]
		return
	}
	load_env(dir[j] "/env")
	RUN_ENVN[j] = 0
	for (k in ENV) {
		RUN_ENVK[j, ++RUN_ENVN[j]] = k
		RUN_ENVV[j, RUN_ENVN[j]] = ENV[k]
	}
	if ((getline line < (dir[j] "/complete")) < 0) {
		RUN_INC[j] = "no completion marker"
		if ((getline line < (dir[j] "/incomplete")) > 0)
			RUN_INC[j] = printable(line)
		close(dir[j] "/incomplete")
	}
	close(dir[j] "/complete")
}

# labels(): each name's heading, LBL[name], and each run's name,
# RUNNAME[j]: its heading, with "#k" after it where several runs share
# the name; POOLED lists those names, POOLBY says whether by label or
# kernel release. A heading is the whole name, never cut: where a name
# is longer than 16 characters, the start that every name shares (up to
# a - . _ or +) is left out and said once in the header (PREFIX); where
# a heading would still be longer than 24, the columns are headed A, B,
# C... (LETTERS), each named in full in the header.
function labels(    g, j, pre, name) {
	pre = shared_start()
	for (g = 1; g <= NNAMES; g++)
		if (length(NAMES[g]) - length(pre) > 24)
			LETTERS = 1
	for (g = 1; g <= NNAMES; g++) {
		name = NAMES[g]
		LBL[name] = LETTERS ? letter(g) : substr(name, length(pre) + 1)
		if (NRUNS_OF[name] > 1)
			POOLED = POOLED ", " LBL[name] " " NRUNS_OF[name] " runs"
	}
	for (j = 1; j <= nruns; j++) {
		name = NAMEOF[j]
		RUNNAME[j] = LBL[name] (NRUNS_OF[name] > 1 ? "#" RUNK[j] : "")
		if (NRUNS_OF[name] > 1)
			POOLBY[RENV[j, "label"] != "" ? "label" : "kernel"] = 1
	}
	if (!LETTERS)
		PREFIX = pre
}

# shared_start(): the start every column's name shares, up to and with
# its last - . _ or +, leaving each name something after it; "" when
# there is one column, when no name is longer than 16 characters, or
# when what they share is shorter than 4 characters.
function shared_start(    g, pre, long, i) {
	if (NNAMES < 2)
		return ""
	pre = NAMES[1]
	long = 0
	for (g = 1; g <= NNAMES; g++) {
		if (length(NAMES[g]) > 16)
			long = 1
		while (pre != "" && (substr(NAMES[g], 1, length(pre)) != pre ||
		    length(NAMES[g]) == length(pre)))
			pre = substr(pre, 1, length(pre) - 1)
	}
	for (i = length(pre); i > 0 && substr(pre, i, 1) !~ /[-._+]/; i--)
		;
	pre = substr(pre, 1, i)
	return long && length(pre) >= 4 ? pre : ""
}

# letter(g): the g-th column's letter, A to Z, then A27, A28...
function letter(g) {
	return g <= 26 ? substr("ABCDEFGHIJKLMNOPQRSTUVWXYZ", g, 1) : "A" g
}
