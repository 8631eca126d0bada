# stat.awk: handing a comparison's table to smpb-stat, and its answers
# back.
#
# The awk programs read runs and lay out tables; what a comparison
# decides (the checks of its runs, each column's host speed, each cell's
# figure, spread, clusters, test and verdict) smpb-stat(1) decides, from
# tables of lines ("Tables" in its page) that a program writes with
# stat_put(), each ended by its "judge" line, in rounds: a round's
# tables are handed over whole, one smpb-stat judging them one after the
# other into a file of answers (stat_round()); then stat_run() reads the
# answers to each table, in the order they were handed over: the
# answer's lines, each split into its words, in ANS_KIND[k] and ANS[k,
# key], k = 1..NANS.
#
#   stat_put(line)		one line of the table, "t KIND key=value...",
#				or the end of one begun by stat_part(text)
#				and stat_list(a, cell), a list of figures
#   stat_esc(text)		text as a table's value: %20 a blank, %3D =,
#				%2C a comma, %25 %
#   stat_round()		the end of a round: its tables judged, their
#				answers in a file (smpb-stat ends)
#   stat_run(round)		the answers to the next table of round
#				round; where smpb-stat could not be run,
#				died or refused the table, say so and call
#				stat_failed() (the program's: it exits)
#
# -v variables: stat, the path of smpb-stat; tmp, a private directory
# the driver made, where each round's answers are written (answers1,
# answers2...). No rules, and nothing printed.

function stat_put(line) {
	stat_part(line)
	print "" | STAT_CMD
	STAT_MID = 0
}

# stat_part(text): the start of a line of the table, the rest to follow
# (stat_list(), then stat_put() for its end).
function stat_part(text) {
	if (STAT_CMD == "")
		stat_start()
	if (!STAT_MID)
		printf "t " | STAT_CMD
	printf "%s", text | STAT_CMD
	STAT_MID = 1
}

# stat_start(): smpb-stat started for a round of tables, through sh,
# its answers into the round's file. Where smpb-stat ends before its
# input does, an answer of its own, "t killed NAME" (a signal killed
# it) or "t failed", and its input read to its end (as it is where the
# file cannot be written: the answers then end short, and compare says
# that its temporary files cannot be written, and why).
function stat_start() {
	STAT_ROUND++
	STAT_CMD = "{ " sh_quote(stat) "; s=$?; [ $s -eq 0 ] || { if [ $s" \
	    " -gt 128 ]; then printf 't killed '; kill -l $((s - 128));" \
	    " else echo 't failed'; fi; cat >/dev/null; }; } >" \
	    sh_quote(tmp "/answers" STAT_ROUND) " || cat >/dev/null"
}

# stat_round(): the end of a round of tables: smpb-stat ends with its
# input, each of its answers in the round's file (answers1 for the
# first, which the driver made). A round where nothing was handed over
# leaves its file as it was, and no answer is read of it.
function stat_round() {
	if (STAT_CMD == "")
		return
	close(STAT_CMD)
	STAT_CMD = ""
}

# stat_list(a, cell): the repeats of cell in a[cell, 1..NVALS[cell]],
# comma-separated, into the line begun (a list of 20000 repeats is
# never one string built piece by piece).
function stat_list(a, cell,    i, n) {
	n = NVALS[cell] + 0
	for (i = 1; i <= n; i++)
		printf "%s%s", (i > 1 ? "," : ""), a[cell, i] | STAT_CMD
}

function stat_esc(s) {
	gsub(/%/, "%25", s)
	gsub(/ /, "%20", s)
	gsub(/=/, "%3D", s)
	gsub(/,/, "%2C", s)
	return s
}

# stat_run(round): the answers to the next table of round round, read
# into ANS up to their end from the round's file (kept open, where the
# next table's follow); smpb-stat's death, or its refusal, said (exit
# 1).
function stat_run(round,    f, line, n, i, a, eq, done, sig) {
	f = tmp "/answers" round
	NANS = 0
	done = ""
	while ((getline line < f) > 0) {
		n = split(line, a, " ")
		if (n < 2 || a[1] != "t")
			continue
		if (a[2] ~ /^(end|refused|killed|failed)$/) {
			done = a[2]
			sig = a[3]
			break
		}
		NANS++
		ANS_KIND[NANS] = a[2]
		for (i = 3; i <= n; i++) {
			eq = index(a[i], "=")
			if (eq > 1)
				ANS[NANS, substr(a[i], 1, eq - 1)] = substr(a[i], eq + 1)
		}
	}
	if (done == "end")
		return
	if (done == "killed")
		printf "smpbench: %s was killed (SIG%s): cannot compare\n",
		    stat, sig > "/dev/stderr"
	else if (done == "refused")
		printf "smpbench: %s refused the comparison's table: cannot" \
		    " compare\n", stat > "/dev/stderr"
	else
		printf "smpbench: %s failed: cannot compare\n", stat > "/dev/stderr"
	stat_failed()
}

# ans(k, key): the value of key in the k-th answer, "" where none;
# ansn(k, key): the same as a number.
function ans(k, key) {
	return (k, key) in ANS ? ANS[k, key] : ""
}
function ansn(k, key) {
	return (k, key) in ANS ? ANS[k, key] + 0 : ""
}

# ans_text(k, key): answer k's text of key, as smpb-stat escapes it (a
# blank %20, = %3D, a comma %2C, % %25), "" where it gave none.
function ans_text(k, key,    s) {
	s = ans(k, key)
	gsub(/%20/, " ", s)
	gsub(/%3D/, "=", s)
	gsub(/%2C/, ",", s)
	gsub(/%25/, "%", s)
	return s
}
