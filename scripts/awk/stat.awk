# stat.awk: handing a comparison's table to smpb-stat, and its answers
# back.
#
# The awk programs read runs and lay out tables; what a comparison
# decides (the checks of its runs, each column's host speed, each cell's
# figure, spread, clusters, test and verdict) smpb-stat(1) decides, from
# a table of lines ("Tables" in its page) that a program writes with
# stat_put(), then answers whole with stat_run(): the answer's lines,
# each split into its words, in ANS_KIND[k] and ANS[k, key], k =
# 1..NANS.
#
#   stat_put(line)		one line of the table, "t KIND key=value...",
#				or the end of one begun by stat_part(text)
#				and stat_list(a, cell), a list of figures
#   stat_esc(text)		text as a table's value: %20 a blank, %3D =,
#				%2C a comma, %25 %
#   stat_run()			judge it; die (exit 1) when smpb-stat cannot
#				be run or refuses the table
#
# -v variables: stat, the path of smpb-stat; tmp, a private directory
# the driver made, where the table and its answers are written.
# No rules, and nothing printed.

function stat_put(line) {
	stat_part(line)
	print "" > STAT_Q
	STAT_MID = 0
}

# stat_part(text): the start of a line of the table, the rest to follow
# (stat_list(), then stat_put() for its end).
function stat_part(text) {
	if (!STAT_N++)
		STAT_Q = tmp "/stat.q"
	if (!STAT_MID)
		printf "t " > STAT_Q
	printf "%s", text > STAT_Q
	STAT_MID = 1
}

# stat_list(a, cell): the repeats of cell in a[cell, 1..NVALS[cell]],
# comma-separated, into the line begun (a list of 20000 repeats is
# never one string built piece by piece).
function stat_list(a, cell,    i, n) {
	n = NVALS[cell] + 0
	for (i = 1; i <= n; i++)
		printf "%s%s", (i > 1 ? "," : ""), a[cell, i] > STAT_Q
}

function stat_esc(s) {
	gsub(/%/, "%25", s)
	gsub(/ /, "%20", s)
	gsub(/=/, "%3D", s)
	gsub(/,/, "%2C", s)
	return s
}

# stat_run(): the table judged, every answer read into ANS.
function stat_run(    afile, sfile, sig, line, n, i, a, eq, done) {
	stat_put("judge")
	close(STAT_Q)
	afile = tmp "/stat.a"
	# The signal that killed it, if one did, named by the shell.
	sfile = tmp "/stat.sig"
	if (system(sh_quote(stat) " <" sh_quote(STAT_Q) " >" sh_quote(afile) \
	    "; s=$?; [ $s -le 128 ] || kill -l $((s - 128)) >" sh_quote(sfile) \
	    "; exit $s") != 0) {
		if ((getline sig < sfile) > 0)
			printf "smpbench: %s was killed (SIG%s): cannot compare\n",
			    stat, sig > "/dev/stderr"
		else
			printf "smpbench: %s failed: cannot compare\n", stat > "/dev/stderr"
		exit 1
	}
	NANS = 0
	done = 0
	while ((getline line < afile) > 0) {
		n = split(line, a, " ")
		if (n < 2 || a[1] != "t")
			continue
		if (a[2] == "end")
			done = 1
		if (a[2] == "refused" || a[2] == "end")
			continue
		NANS++
		ANS_KIND[NANS] = a[2]
		for (i = 3; i <= n; i++) {
			eq = index(a[i], "=")
			if (eq > 1)
				ANS[NANS, substr(a[i], 1, eq - 1)] = substr(a[i], eq + 1)
		}
	}
	close(afile)
	STAT_N = 0
	if (!done) {
		printf "smpbench: %s refused the comparison's table: cannot" \
		    " compare\n", stat > "/dev/stderr"
		exit 1
	}
}

# ans(k, key): the value of key in the k-th answer, "" where none;
# ansn(k, key): the same as a number.
function ans(k, key) {
	return (k, key) in ANS ? ANS[k, key] : ""
}
function ansn(k, key) {
	return (k, key) in ANS ? ANS[k, key] + 0 : ""
}

# sh_quote(s): s as one word of sh, in single quotes.
function sh_quote(s) {
	gsub(/'/, "'\\''", s)
	return "'" s "'"
}
