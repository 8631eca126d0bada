# plot.awk: one plot of one workload of several saved runs, for gnuplot.
#
# Input: none on stdin; the runs' directories come from the file the
# environment names, SMPB_RUNS (one per line), and the program reads
# each run's env and raw/<workload> itself, as compare.awk does.
# Output, by part: "list", the pictures the plot is drawn in, one a
# line, "NAME SERIES..." (see Pictures, below); "dat", the data of one
# picture, one block per series (gnuplot's "index"), blocks two blank
# lines apart, each headed by a comment naming its run and placement; or
# "gp", the gnuplot script that draws the data into <name>.png (or the
# file named by the variable out_<name>, "-" in name read as "_") in
# the directory it is run in.
# What is drawn, by kind:
#   figure   the figure compare shows (the workload's figure()), as the
#            workload's facts say (lib.awk), in its shape (-v shape): a
#            curve, against N (its plot_x()), one line per run and
#            placement: medians of the repeats, bars from the smallest
#            to the largest (ring, herd, yield); or a heat map (map), a
#            panel per run and placement, its plot_x() across and
#            plot_y() down, each cell coloured and labelled with its
#            median (the pipe's %CPU matrix);
#   latency  the wakeup latency percentiles of runs made with -l (p50,
#            p90, p99, p99.9) against N, log scale (ring, herd).
# Placements are named as place_text() (text.awk) names them.
# A cell whose repeats fall into two clusters (bimodal, cells.awk) has no
# median, as compare gives it none: a curve breaks there, and the two
# clusters' medians are drawn as open circles of its colour (a heat map
# leaves it white, labelled with both); the data says NaN for its median
# and holds the clusters' medians in two more columns (NaN elsewhere).
# Pictures. A series is a run and a placement. A curve picture has at
# most MAX_KEYS entries in its legend (one per series, four for the
# latency percentiles): a plot of more is drawn in several pictures, the
# series grouped by placement, nearest first, as many placements a
# picture as fit (a placement of more runs than fit, in pictures of as
# many runs as fit), each named for its placements, ring-latency-free,
# ring-one-llc, ring-latency-free-2. A heat map is one picture.
# -v variables: workload, the workload whose hooks (workloads/<w>.awk)
# are loaded; kind, figure or latency; shape, curve or map (the first
# word of the workload's plots_<w>, workloads/<w>.sh); part, list, dat
# or gp; name, the plot's name (ring, ring-latency), and for dat and gp
# the picture's (ring-latency-free), the files' base name; series, for
# dat and gp, the series the picture draws (numbers of "list"'s line;
# all if empty).
# Needs the awk library (see lib.awk) and plot-gp.awk (the gnuplot
# scripts) loaded first.

BEGIN {
	facts(FACT)
	HEAT = shape == "map"
	PCT["p50"] = "lat_p50_us"
	PCT["p90"] = "lat_p90_us"
	PCT["p99"] = "lat_p99_us"
	PCT["p99.9"] = "lat_p999_us"
	NPCT = split("p50 p90 p99 p99.9", PNAME, " ")
	MAX_KEYS = 8
	nruns = run_dirs(dir)
	for (j = 1; j <= nruns; j++) {
		load_env(dir[j] "/env")
		name_run(j)
		read_raw(j, dir[j] "/raw/" workload)
	}
	if (part == "list") {
		pictures()
		# The lines refused said (and counted), once: the list is
		# made before the pictures' data, whose complaints the
		# driver does not show again.
		finish(0)
		exit
	}
	NPICK = split(series, PICK, " ")
	if (NPICK == 0)
		for (s = 1; s <= NSERIES; s++)
			PICK[++NPICK] = s
	if (part == "dat")
		print_data()
	else if (HEAT)
		print_heatmap()
	else
		print_curves()
}

# pictures(): the pictures of the plot, one a line, "NAME SERIES..."
# (see Pictures, above).
function pictures(    per, np, places, p, s, k, n, i, line, pname, list,
    cnt, used, runs) {
	per = kind == "latency" ? NPCT : 1
	if (HEAT || NSERIES * per <= MAX_KEYS) {
		line = name
		for (s = 1; s <= NSERIES; s++)
			line = line " " s
		print line
		return
	}
	np = split(place_list(PLACES_SEEN), places, " ")
	runs = int(MAX_KEYS / per)
	pname = list = ""
	used = 0
	for (p = 1; p <= np; p++) {
		n = 0
		for (s = 1; s <= NSERIES; s++)
			if (SPLACE[s] == places[p])
				n++
		if (n > runs) {
			# A placement of more runs than fit: pictures of its own.
			if (list != "")
				print name pname list
			pname = list = ""
			used = k = cnt = 0
			for (s = 1; s <= NSERIES; s++) {
				if (SPLACE[s] != places[p])
					continue
				list = list " " s
				if (++cnt == runs) {
					print name "-" places[p] "-" ++k list
					list = ""
					cnt = 0
				}
			}
			if (list != "")
				print name "-" places[p] "-" ++k list
			list = ""
			continue
		}
		if (used + n * per > MAX_KEYS) {
			print name pname list
			pname = list = ""
			used = 0
		}
		pname = pname "-" places[p]
		used += n * per
		for (s = 1; s <= NSERIES; s++)
			if (SPLACE[s] == places[p])
				list = list " " s
	}
	if (list != "")
		print name pname list
}

# name_run(j): LABEL[j], the run's name in the plot, made unique;
# "(incomplete)" after the name of a run not marked complete (or not
# whole).
function name_run(j,    s) {
	s = who() (marked_complete(dir[j]) ? "" : " (incomplete)")
	while (s in NAMED)
		s = s " (" j ")"
	NAMED[s] = 1
	LABEL[j] = s
}

# read_raw(j, path): the measurements of run j, into series (one per
# placement, in the order first seen) of cells (one per N, or per column
# and row of a heat map).
function read_raw(j, path,    line, nl, s, x, y, c, i, v) {
	while ((getline line < path) > 0) {
		if (!raw(line, path, ++nl) || ("exit" in F))
			continue
		if (kind == "latency" && !("lat_p50_us" in F))
			continue
		s = j SUBSEP F["place"]
		if (!(s in SERIES)) {
			SERIES[s] = ++NSERIES
			SRUN[NSERIES] = j
			SPLACE[NSERIES] = F["place"]
			PLACES_SEEN = PLACES_SEEN " " F["place"]
		}
		s = SERIES[s]
		if (HEAT) {
			x = plot_x()
			y = plot_y()
			v = figure()
			if (x == "" || y == "" || v == "")
				continue
			keyadd(s SUBSEP "x", x)
			keyadd(s SUBSEP "y", y)
			add(s SUBSEP x SUBSEP y, v)
			continue
		}
		x = plot_x()
		if (x == "")
			continue
		keyadd(s SUBSEP "x", x)
		if (XMIN == "" || x < XMIN)
			XMIN = x
		if (x > XMAX)
			XMAX = x
		c = s SUBSEP x
		if (kind == "latency") {
			for (i = 1; i <= NPCT; i++)
				# Checked by num(), kept as written (in full).
				if (num(PCT[PNAME[i]]) != "")
					add(c SUBSEP PNAME[i], F[PCT[PNAME[i]]])
			continue
		}
		v = figure()
		if (v == "")
			continue
		add(c, v)
		if (MIN == "" || v + 0 < MIN)
			MIN = v + 0
		if (v + 0 > MAX)
			MAX = v + 0
	}
	close(path)
}

# title(s): the title of series s: its run, and its placement.
function title(s) {
	return LABEL[SRUN[s]] ", " place_text(SPLACE[s])
}

# print_data(): the data of the picture, one block per series of it,
# headed by a comment naming its run and placement.
function print_data(    k, s, n, x, y, nx, ny, i, m, c, line) {
	if (HEAT)
		print "# " workload ": " FACT["what"] ", medians; columns: " \
		    FACT["plot_columns"] ", the clusters' medians of a bimodal" \
		    " cell (its median NaN), the cell's label"
	else if (kind == "latency")
		print "# " workload ": wakeup latency, us, medians (NaN for a" \
		    " bimodal cell); columns: N, p50, p90, p99, p99.9"
	else
		print "# " workload ": " what() "; columns: N, median (NaN for" \
		    " a bimodal cell), min, max, repeats, the clusters' medians" \
		    " of a bimodal cell"
	for (k = 1; k <= NPICK; k++) {
		s = PICK[k]
		if (k > 1)
			printf "\n\n"
		print "# " (k - 1) ": " title(s)
		n = keysort(s SUBSEP "x", x)
		if (HEAT) {
			ny = keysort(s SUBSEP "y", y)
			for (m = 1; m <= ny; m++)
				for (i = 1; i <= n; i++) {
					c = s SUBSEP x[i] SUBSEP y[m]
					if (NVALS[c] > 0)
						print (i - 1), (m - 1), middle(c),
						    x[i], y[m], clusters(c), label(c)
				}
			continue
		}
		for (i = 1; i <= n; i++) {
			c = s SUBSEP x[i]
			if (kind == "latency") {
				line = x[i]
				for (m = 1; m <= NPCT; m++)
					line = line " " middle(c SUBSEP PNAME[m])
				print line
			} else if (NVALS[c] > 0)
				print x[i], middle(c), full(lo(c)),
				    full(hi(c)), NVALS[c], clusters(c)
		}
	}
}

# middle(c): the median of cell c in full, or NaN for a cell that has
# none: one whose repeats fall into two clusters (bimodal), or none.
function middle(c) {
	if (NVALS[c] == 0 || bimodal(c))
		return "NaN"
	return full(median(c))
}

# label(c): what a heat map's cell c says: its median, or its clusters'
# medians, "98|195" (gnuplot cannot compute a label from a NaN).
function label(c) {
	if (bimodal(c))
		return sprintf("%.0f|%.0f", BI_LOWMED, BI_HIGHMED)
	return sprintf("%.0f", median(c))
}

# clusters(c): the medians of cell c's two clusters, lower first, when
# it is bimodal; else "NaN NaN".
function clusters(c) {
	if (!bimodal(c))
		return "NaN NaN"
	return full(BI_LOWMED) " " full(BI_HIGHMED)
}

# full(v): a figure in full, never in awk's six digits.
function full(v) {
	return sprintf("%.10g", v)
}
