# compare.awk: one workload of several saved runs, side by side.
#
# Input: none on stdin; the runs' directories come from the environment,
# SMPB_RUNS (one per line), and the program reads each run's env and
# raw/<workload> itself.
# Output: seed 001's compare form,
#	#T : van  prio  MQ
#	------------------
#	 1 : 0.591 0.582 -2% 0.750 +27%
# one column per run headed by its label (its kernel when it has none),
# one row per cell; cells are medians of the run's repeats, followed in
# the second and later columns by the change against the first column
# and "#" when the two runs' ranges (min..max of the repeats) do not
# overlap; then what the figure is, and one line per run naming its
# kernel, CPU model and CPU count.
# -v variables: workload, one of pipe ring herd yield bind.
# Needs lib.awk loaded first.

BEGIN {
	setup(workload)
	nruns = run_dirs(dir)
	for (j = 1; j <= nruns; j++) {
		load_env(dir[j] "/env")
		name = who()
		if (length(name) > 16)
			name = substr(name, 1, 15) "~"
		for (k = 1; k < j; k++)
			if (LABEL[k] == name)
				name = name "(" j ")"
		LABEL[j] = name
		LEGEND[j] = legend(name)
		path = dir[j] "/raw/" workload
		while ((getline line < path) > 0) {
			if (!parse(line) || ("exit" in F))
				continue
			key = rowkey(workload)
			v = figure(workload)
			if (key == "" || v == "")
				continue
			if (!(key in ROW)) {
				ROW[key] = 1
				ROWS = ROWS " " key
				NAME[key] = KEYNAME
			}
			add(j SUBSEP key, v)
		}
		close(path)
	}
	print_table()
}

# setup(w): the figure's name, its format, the row heading.
function setup(w) {
	if (w == "ring") {
		WHAT = "ring: switches / second, higher is better"
		FMT = "%.0f"; HEAD = "N"
	} else if (w == "pipe") {
		WHAT = "pipe: %CPU of the pair (200% = in parallel)"
		FMT = "%.0f%%"; HEAD = "size x think"
	} else if (w == "herd") {
		WHAT = "herd: seconds for 5000000 iterations, lower is better"
		FMT = "%.3f"; HEAD = "Processes"
	} else if (w == "yield") {
		WHAT = "yield: microseconds per yield, lower is better"
		FMT = "%.3f"; HEAD = "#T"
	} else if (w == "bind") {
		WHAT = "bind: user seconds per worker, lower is better"
		FMT = "%.2f"; HEAD = "configuration"
	}
}

# rowkey(w): a number that sorts the rows (placement first, then the
# parameters); sets KEYNAME, the row's heading. Runs are matched by the
# placement's name (llc, node...), not by its CPUs, which differ from one
# machine to another.
function rowkey(w,    po, n, s, t, b, h, pn) {
	po = F["place"] == "free" ? 0 : place_rank(F["place"])
	pn = po ? " " F["place"] : ""
	if (w == "ring") {
		n = ident("procs", "-n", 2)
		KEYNAME = n pn
		return sprintf("%.0f", po * 1e15 + n)
	}
	if (w == "pipe") {
		s = ident("write_kib", "-s", 16)
		t = ident("think", "-t", 1)
		KEYNAME = s "k x " t pn
		return sprintf("%.0f", po * 1e15 + s * 1e7 + t)
	}
	if (w == "herd") {
		n = ident("procs", "-n", 2)
		KEYNAME = n pn
		return sprintf("%.0f", po * 1e15 + n)
	}
	if (w == "yield") {
		n = ident("threads", "-n", 1)
		KEYNAME = n pn
		return sprintf("%.0f", po * 1e15 + n)
	}
	if (w == "bind") {
		n = ident("workers", "-n", 2)
		b = ("bound" in F) ? F["bound"] + 0 : argflag("-B")
		h = ident("hogs", "-H", 0)
		KEYNAME = (h > 0 ? "hog" : "idle") (b ? ", bound" : "") \
		    (n == 1 ? ", single" : "") \
		    (F["place"] == "cores" ? ", " n " per core" : "")
		if (F["place"] == "cores")
			return sprintf("%d", 8 + n * 2 + (h > 0))
		return sprintf("%d", (n == 1) * 4 + b * 2 + (h > 0))
	}
	return ""
}

# legend(name): the line naming a run's machine.
function legend(name,    s) {
	s = name ": "
	if (ENV["kernel"] != "" && ENV["kernel"] != name)
		s = s ENV["kernel"] ", "
	s = s (ENV["cpu_model"] == "" ? "unknown CPU" : ENV["cpu_model"]) \
	    ", " cpus_text(ENV["cpus_online"])
	if (ENV["profile"] != "" && ENV["profile"] != "historical")
		s = s ", " ENV["profile"] " run"
	if (ENV["date"] != "")
		s = s ", " substr(ENV["date"], 1, 10)
	if (length(s) > 72)
		s = substr(s, 1, 71) "~"
	return s
}

# cell(j, key): the cell of run j, in three parts: VT (the median), PT
# (the change against the first run), MT ("#" when the ranges do not
# overlap).
function cell(j, key,    c, c1, m, m1) {
	VT = PT = MT = ""
	c = j SUBSEP key
	if (NVALS[c] == 0) {
		VT = "-"
		return
	}
	m = median(c)
	VT = sprintf(FMT, m)
	c1 = 1 SUBSEP key
	if (j == 1 || NVALS[c1] == 0)
		return
	m1 = median(c1)
	if (m1 != 0)
		PT = sprintf("%+.0f%%", (m - m1) * 100 / m1)
	if (NVALS[c] > 1 && NVALS[c1] > 1 && (lo(c) > hi(c1) || hi(c) < lo(c1))) {
		MT = "#"
		DISJOINT = 1
	}
}

function pad(s, w) {
	return sprintf("%" w "s", s)
}

# block(nr, row, kw, first, last): the table for run 1 and runs
# first..last.
function block(nr, row, kw, first, last,    i, j, k, line, dash) {
	line = pad(HEAD, kw) " :"
	for (k = first - 1; k <= last; k++) {
		j = k == first - 1 ? 1 : k
		line = line " " pad(LABEL[j], W[j])
	}
	out(line)
	dash = line
	gsub(/./, "-", dash)
	print dash
	for (i = 1; i <= nr; i++) {
		line = pad(NAME[row[i]], kw) " :"
		for (k = first - 1; k <= last; k++) {
			j = k == first - 1 ? 1 : k
			line = line " " pad(V[i, j], VW[j])
			if (PW[j])
				line = line " " pad(P[i, j], PW[j])
			if (MW[j])
				line = line sprintf("%-" MW[j] "s", M[i, j])
		}
		out(line)
	}
}

# print_table(): the title, the table, the notes, the legend.
function print_table(    nr, row, i, j, kw, s, first, last, wd) {
	nr = split(numsort(ROWS), row, " ")
	kw = length(HEAD)
	for (i = 1; i <= nr; i++)
		if (length(NAME[row[i]]) > kw)
			kw = length(NAME[row[i]])
	# Each column: the medians right-aligned, then the changes, then
	# the marks, so that figures line up; wide enough for its label.
	for (j = 1; j <= nruns; j++) {
		VW[j] = PW[j] = MW[j] = 0
		for (i = 1; i <= nr; i++) {
			cell(j, row[i])
			V[i, j] = VT
			P[i, j] = PT
			M[i, j] = MT
			if (length(VT) > VW[j]) VW[j] = length(VT)
			if (length(PT) > PW[j]) PW[j] = length(PT)
			if (length(MT) > MW[j]) MW[j] = length(MT)
		}
		W[j] = VW[j] + (PW[j] ? PW[j] + 1 : 0) + MW[j]
		if (length(LABEL[j]) > W[j]) {
			VW[j] += length(LABEL[j]) - W[j]
			W[j] = length(LABEL[j])
		}
	}
	print WHAT
	# Columns that do not fit in 72 go to further blocks, each again
	# beside the first run, which the changes are against.
	first = 2
	for (;;) {
		wd = kw + 2 + 1 + W[1]
		last = first - 1
		while (last < nruns && (last == first - 1 ||
		    wd + 1 + W[last + 1] <= 72)) {
			last++
			wd += 1 + W[last]
		}
		if (first > 2)
			print ""
		block(nr, row, kw, first, last)
		first = last + 1
		if (last >= nruns)
			break
	}
	if (nr == 0)
		print "(no measurements)"
	s = "Cells: medians of each run's repeats"
	if (nruns > 1)
		s = s "; +n%: change against the first column"
	if (DISJOINT)
		s = s "; #: the ranges of the two runs' repeats (min..max) do" \
		    " not overlap"
	wrap(s ".")
	if (workload == "yield")
		wrap("Microseconds per yield across the machine, 1e6 / (yields/s" \
		    " in total); seed 001's reply gives no unit, its figures fit" \
		    " this.")
	if (workload == "herd")
		wrap("Times of shorter runs are scaled to 5000000 iterations" \
		    " (the seed's).")
	if (workload == "bind")
		wrap("Mean of the workers' user seconds; runs with different -r" \
		    " or -s are not comparable.")
	for (j = 1; j <= nruns; j++)
		out(LEGEND[j])
}
