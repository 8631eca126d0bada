# plot.awk: one plot of one workload of several saved runs, for gnuplot.
#
# Input: none on stdin; the runs' directories come from the environment,
# SMPB_RUNS (one per line), and the program reads each run's env and
# raw/<workload> itself, as compare.awk does.
# Output, by part: "dat", the data, one block per series (gnuplot's
# "index"), blocks two blank lines apart, each headed by a comment naming
# its run and placement; or "gp", the gnuplot script that draws the data
# into <name>.png (or the file named by the variable out_<name>, "-" in
# name read as "_") in the directory it is run in.
# What is drawn, by kind:
#   figure   the figure compare shows (the workload's figure()), as the
#            workload's facts say (lib.awk): a curve, against N (its
#            plot_x()), one line per run and placement: medians of the
#            repeats, bars from the smallest to the largest (ring, herd,
#            yield); or a heat map, a panel per run and placement, its
#            plot_x() across and plot_y() down, each cell coloured and
#            labelled with its median (the pipe's %CPU matrix);
#   latency  the wakeup latency percentiles of runs made with -l (p50,
#            p90, p99, p99.9) against N, log scale (ring, herd).
# Placements are named as place_text() (text.awk) names them.
# -v variables: workload, the workload whose hooks (workloads/<w>.awk)
# are loaded; kind, figure or latency; part, dat or gp; name, the files'
# base name (ring, ring-latency).
# Needs the awk library (see lib.awk) loaded first.

BEGIN {
	facts(FACT)
	HEAT = FACT["plot"] == "map"
	PCT["p50"] = "lat_p50_us"
	PCT["p90"] = "lat_p90_us"
	PCT["p99"] = "lat_p99_us"
	PCT["p99.9"] = "lat_p999_us"
	NPCT = split("p50 p90 p99 p99.9", PNAME, " ")
	nruns = run_dirs(dir)
	for (j = 1; j <= nruns; j++) {
		load_env(dir[j] "/env")
		name_run(j)
		read_raw(j, dir[j] "/raw/" workload)
	}
	if (part == "dat")
		print_data()
	else if (HEAT)
		print_heatmap()
	else
		print_curves()
}

# name_run(j): LABEL[j], the run's name in the plot, made unique.
function name_run(j,    s, k) {
	s = who()
	for (k = 1; k < j; k++)
		if (LABEL[k] == s)
			s = s " (" j ")"
	LABEL[j] = s
}

# read_raw(j, path): the measurements of run j, into series (one per
# placement, in the order first seen) of cells (one per N, or per column
# and row of a heat map).
function read_raw(j, path,    line, s, x, y, c, i, v) {
	while ((getline line < path) > 0) {
		if (!parse(line) || ("exit" in F))
			continue
		if (kind == "latency" && !("lat_p50_us" in F))
			continue
		s = j SUBSEP F["place"]
		if (!(s in SERIES)) {
			SERIES[s] = ++NSERIES
			SRUN[NSERIES] = j
			SPLACE[NSERIES] = F["place"]
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

# gpq(s): s as a gnuplot string.
function gpq(s) {
	gsub(/'/, "''", s)
	return "'" s "'"
}

function print_data(    s, n, x, y, nx, ny, i, k, c, line) {
	if (HEAT)
		print "# " workload ": " FACT["what"] ", medians; columns: " \
		    FACT["plot_columns"]
	else if (kind == "latency")
		print "# " workload ": wakeup latency, us, medians; columns: N," \
		    " p50, p90, p99, p99.9"
	else
		print "# " workload ": " what() "; columns: N, median, min," \
		    " max, repeats"
	for (s = 1; s <= NSERIES; s++) {
		if (s > 1)
			printf "\n\n"
		print "# " (s - 1) ": " title(s)
		n = keysort(s SUBSEP "x", x)
		if (HEAT) {
			ny = keysort(s SUBSEP "y", y)
			for (k = 1; k <= ny; k++)
				for (i = 1; i <= n; i++) {
					c = s SUBSEP x[i] SUBSEP y[k]
					if (NVALS[c] > 0)
						print (i - 1), (k - 1),
						    full(median(c)), x[i], y[k]
				}
			continue
		}
		for (i = 1; i <= n; i++) {
			c = s SUBSEP x[i]
			if (kind == "latency") {
				line = x[i]
				for (k = 1; k <= NPCT; k++)
					line = line " " \
					    full(median(c SUBSEP PNAME[k]))
				print line
			} else if (NVALS[c] > 0)
				print x[i], full(median(c)), full(lo(c)),
				    full(hi(c)), NVALS[c]
		}
	}
}

# full(v): a figure in full, never in awk's six digits.
function full(v) {
	return sprintf("%.10g", v)
}

# what(): the figure drawn, and which way is better.
function what() {
	return FACT["what"] " (" (FACT["higher"] ? "higher" : "lower") \
	    " is better)"
}

# xlabel(): what N is, or what goes across a heat map.
function xlabel() {
	return FACT["plot_xlabel"]
}

# header(w, h): the lines every script starts with: a size in pixels,
# the PNG terminal (cairo's when gnuplot has it), the output file.
function header(w, h,    var, term) {
	var = name
	gsub(/-/, "_", var)
	var = "out_" var
	term = "size " w "," h " noenhanced"
	print "# " name ".gp: drawn by smpbench plot from " name ".dat;"
	print "# 'gnuplot " name ".gp' writes " name ".png."
	print "reset"
	print "if (!exists(" gpq(var) ")) " var " = " gpq(name ".png")
	print "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {"
	print "\tset terminal pngcairo " term " font ',10'"
	print "} else {"
	print "\tset terminal png " term
	print "}"
	print "set output " var
}

# colour(s): the colour of series s, eight that stand apart on white.
function colour(s,    c) {
	split("#1f77b4 #d62728 #2ca02c #ff7f0e #9467bd #8c564b #e377c2" \
	    " #17becf", c, " ")
	return c[(s - 1) % 8 + 1]
}

# print_curves(): the figure or the latency against N, a line per series.
function print_curves(    s, k, sep, using, t) {
	header(800, 500)
	if (kind == "latency") {
		print "set title " gpq(workload ": wakeup latency percentiles" \
		    " (-l), medians of the repeats")
		print "set ylabel 'microseconds'"
		print "set logscale y"
	} else {
		print "set title " gpq(workload ": medians of the repeats," \
		    " bars from the smallest to the largest")
		print "set ylabel " gpq(what())
		if (MIN > 0 && MAX / MIN > 20)
			print "set logscale y"
		else
			print "set yrange [0:*]"
	}
	print "set xlabel " gpq(xlabel())
	if (XMAX - XMIN <= 12)
		print "set xtics 1"
	print "set grid"
	print "set key below"
	print "set offsets graph 0.03, graph 0.03, graph 0.05, 0"
	sep = "plot "
	for (s = 1; s <= NSERIES; s++) {
		if (kind != "latency") {
			printf "%s'%s.dat' index %d using 1:2:3:4 with yerrorlines" \
			    " lc rgb '%s' pt %d title %s", sep, name, s - 1,
			    colour(s), s, gpq(title(s))
			sep = ", \\\n\t"
			continue
		}
		for (k = 1; k <= NPCT; k++) {
			t = title(s) ", " PNAME[k]
			printf "%s'%s.dat' index %d using 1:%d with linespoints" \
			    " lc rgb '%s' pt %d title %s", sep, name, s - 1, k + 1,
			    colour(s), k + 4, gpq(t)
			sep = ", \\\n\t"
		}
	}
	print ""
}

# tics(axis, list, unit): label the axis's positions 0, 1, ... with the
# sorted keys of list, each followed by unit; return how many.
function tics(axis, list, unit,    n, v, i, s) {
	n = keysort(list, v)
	s = ""
	for (i = 1; i <= n; i++)
		s = s (i > 1 ? ", " : "") "'" v[i] unit "' " (i - 1)
	print "set " axis "tics (" s ")"
	return n
}

# print_heatmap(): the figure's matrix, a panel per run and placement,
# rows down (the pipe's write sizes, as in the seed's table), columns
# across (its thinks), each cell coloured by the workload's palette (the
# pipe's from red, 100%, serialised, to green, 200%, in parallel) and
# labelled with its figure.
function print_heatmap(    cols, rows, s, n) {
	cols = NSERIES < 3 ? NSERIES : 3
	if (cols < 1)
		cols = 1
	rows = int((NSERIES + cols - 1) / cols)
	header(380 * cols + 40, 340 * rows + 60)
	print "set multiplot layout " rows "," cols " title " \
	    gpq(workload ": " FACT["what"] (FACT["aside"] == "" ? "" : \
	    " " FACT["aside"]) ", medians")
	print "set palette defined (" FACT["plot_palette"] ")"
	print "set cbrange [" FACT["plot_range"] "]"
	print "unset colorbox"
	print "set xlabel " gpq(xlabel())
	print "set ylabel " gpq(FACT["plot_ylabel"])
	print "set tics scale 0"
	for (s = 1; s <= NSERIES; s++) {
		print "set title " gpq(title(s))
		n = tics("x", s SUBSEP "x", FACT["plot_xunit"])
		print "set xrange [-0.5:" (n - 0.5) "]"
		n = tics("y", s SUBSEP "y", FACT["plot_yunit"])
		print "set yrange [" (n - 0.5) ":-0.5]"
		printf "plot '%s.dat' index %d using 1:2:(0.5):(0.5):3" \
		    " with boxxyerror fs solid 1.0 noborder lc palette notitle, \\\n",
		    name, s - 1
		printf "\t'' index %d using 1:2:(sprintf('%%.0f', $3)) with labels" \
		    " notitle\n", s - 1
	}
	print "unset multiplot"
}
