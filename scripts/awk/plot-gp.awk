# plot-gp.awk: the gnuplot scripts of plot.awk's pictures: a curve
# picture (print_curves()) or a heat map (print_heatmap()), drawn from
# the data plot.awk prints for the same picture, with a title that says
# when a cell drawn has no median.
#
# Input: what plot.awk read: the series (NSERIES, SRUN, SPLACE), their
# cells, the picture's series (PICK, NPICK), the workload's facts (FACT,
# HEAT), the latency percentiles (PCT, PNAME, NPCT); -v name, kind.
# Output: print_curves() and print_heatmap() print the script.
# No rules, no -v variables of its own: loaded with plot.awk.

# gpq(s): s as a gnuplot string.
function gpq(s) {
	gsub(/'/, "''", s)
	return "'" s "'"
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

# titles(t, why): a picture's title, t, and under it why, when a cell
# it draws has no median (bimodal), as a gnuplot string.
function titles(t, why,    k, s, n, x, y, i, m, ny) {
	for (k = 1; k <= NPICK; k++) {
		s = PICK[k]
		n = keysort(s SUBSEP "x", x)
		ny = HEAT ? keysort(s SUBSEP "y", y) : 1
		for (i = 1; i <= n; i++)
			for (m = 1; m <= (kind == "latency" ? NPCT : ny); m++)
				if (bimodal(s SUBSEP x[i] (HEAT ? SUBSEP y[m] : \
				    kind == "latency" ? SUBSEP PNAME[m] : "")))
					return gpq(t) " . \"\\n\" . " gpq(why)
	}
	return gpq(t)
}

# any_median(): 1 when a latency cell of the picture has a median.
function any_median(    k, s, n, x, i, m, c) {
	for (k = 1; k <= NPICK; k++) {
		s = PICK[k]
		n = keysort(s SUBSEP "x", x)
		for (i = 1; i <= n; i++)
			for (m = 1; m <= NPCT; m++) {
				c = s SUBSEP x[i] SUBSEP PNAME[m]
				if (NVALS[c] > 0 && !bimodal(c))
					return 1
			}
	}
	return 0
}

# print_curves(): the figure or the latency against N, a line per series
# (for the figure, a bimodal cell's clusters as open circles).
function print_curves(    k, s, m, sep, t) {
	header(800, 500)
	if (kind == "latency") {
		print "set title " titles(workload ": wakeup latency" \
		    " percentiles (-l), medians of the repeats", "a gap: no" \
		    " median where the repeats fall into two clusters (bimodal)")
		print "set ylabel 'microseconds'"
		print "set logscale y"
		# Nothing to draw (every cell bimodal): gnuplot would refuse
		# to find a range.
		if (!any_median())
			print "set xrange [" (XMIN - 1) ":" (XMAX + 1) "]; " \
			    "set yrange [1:1000]"
	} else {
		print "set title " titles(workload ": medians of the repeats," \
		    " bars from the smallest to the largest", "open circles:" \
		    " the two clusters of a cell that has no median (bimodal)")
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
	for (k = 1; k <= NPICK; k++) {
		s = PICK[k]
		if (kind != "latency") {
			printf "%s'%s.dat' index %d using 1:2:3:4 with yerrorlines" \
			    " lc rgb '%s' pt %d title %s", sep, name, k - 1,
			    colour(k), k, gpq(title(s))
			sep = ", \\\n\t"
			printf "%s'' index %d using 1:6 with points lc rgb '%s'" \
			    " pt 6 notitle, \\\n\t'' index %d using 1:7 with" \
			    " points lc rgb '%s' pt 6 notitle", sep, k - 1,
			    colour(k), k - 1, colour(k)
			continue
		}
		for (m = 1; m <= NPCT; m++) {
			t = title(s) ", " PNAME[m]
			printf "%s'%s.dat' index %d using 1:%d with linespoints" \
			    " lc rgb '%s' pt %d title %s", sep, name, k - 1, m + 1,
			    colour(k), m + 4, gpq(t)
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
# labelled with its figure; a bimodal cell white, labelled with its two
# clusters' medians, "98|195".
function print_heatmap(    cols, rows, k, s, n) {
	cols = NPICK < 3 ? NPICK : 3
	if (cols < 1)
		cols = 1
	rows = int((NPICK + cols - 1) / cols)
	header(380 * cols + 40, 340 * rows + 60)
	print "set multiplot layout " rows "," cols " title " \
	    titles(workload ": " FACT["what"] (FACT["aside"] == "" ? "" : \
	    " " FACT["aside"]) ", medians", "white, a|b: the medians of two" \
	    " clusters (bimodal), no median")
	print "set palette defined (" FACT["plot_palette"] ")"
	print "set cbrange [" FACT["plot_range"] "]"
	print "unset colorbox"
	print "set xlabel " gpq(xlabel())
	print "set ylabel " gpq(FACT["plot_ylabel"])
	print "set tics scale 0"
	for (k = 1; k <= NPICK; k++) {
		s = PICK[k]
		print "set title " gpq(title(s))
		n = tics("x", s SUBSEP "x", FACT["plot_xunit"])
		print "set xrange [-0.5:" (n - 0.5) "]"
		n = tics("y", s SUBSEP "y", FACT["plot_yunit"])
		print "set yrange [" (n - 0.5) ":-0.5]"
		printf "plot '%s.dat' index %d using 1:2:(0.5):(0.5):3" \
		    " with boxxyerror fs solid 1.0 noborder lc palette notitle, \\\n",
		    name, k - 1
		printf "\t'' index %d using 1:2:8 with labels notitle\n", k - 1
	}
	print "unset multiplot"
}
