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
#   stat_run()			judge it; where smpb-stat cannot be run,
#				dies or refuses the table, say so and call
#				stat_failed() (the program's: it exits)
#   stat_stop()			the end of the tables: smpb-stat ends
#
# One smpb-stat judges every table of a program, one after the other
# (stat_start()).
# -v variables: stat, the path of smpb-stat; tmp, a private directory
# the driver made, holding a fifo "answers" (mkfifo) for the answers.
# No rules, and nothing printed.

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

# stat_start(): smpb-stat started, once for every table of the
# comparison, through sh, its answers into the fifo tmp/answers (which
# the driver made), which that sh also holds open, read and written, so
# that the fifo always has a reader and a writer while it runs (Linux
# opens a fifo so without waiting). Where smpb-stat ends before its
# input does, an answer of its own, "t killed NAME" (a signal killed
# it) or "t failed", and its input read to its end. Once the awk is
# gone, smpb-stat reads the end of its input and all of it ends.
function stat_start() {
	STAT_FIFO = tmp "/answers"
	STAT_CMD = "exec 9<>" sh_quote(STAT_FIFO) "; { " sh_quote(stat) \
	    "; s=$?; [ $s -eq 0 ] || if [ $s -gt 128 ]; then" \
	    " printf 't killed '; kill -l $((s - 128)); else" \
	    " echo 't failed'; fi; cat >/dev/null; } >&9"
	# One answer, read up to its last line by one sed a table (every
	# awk reads a fifo to its end, or its buffer's: some only so); the
	# sh that awk starts it through becomes the sed (exec), where there
	# is one (else the shell's own word that it is not found).
	STAT_READ = "sed -e '/^t end$/q' -e '/^t refused/q' -e '/^t killed/q'" \
	    " -e '/^t failed$/q' <" sh_quote(STAT_FIFO)
	STAT_READ = "command -v sed >/dev/null 2>&1 && exec " STAT_READ "; " \
	    STAT_READ
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

# stat_run(): the table judged, every answer read into ANS, up to its
# end; smpb-stat's death, or its refusal, said (exit 1).
function stat_run(    line, n, i, a, eq, done, r, sig) {
	stat_put("judge")
	fflush(STAT_CMD)
	NANS = 0
	done = 0
	while ((r = (STAT_READ | getline line)) > 0) {
		n = split(line, a, " ")
		if (n < 2 || a[1] != "t" || done)
			continue
		if (a[2] ~ /^(end|refused|killed|failed)$/) {
			done = a[2]
			sig = a[3]
			continue
		}
		NANS++
		ANS_KIND[NANS] = a[2]
		for (i = 3; i <= n; i++) {
			eq = index(a[i], "=")
			if (eq > 1)
				ANS[NANS, substr(a[i], 1, eq - 1)] = substr(a[i], eq + 1)
		}
	}
	close(STAT_READ)
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

# stat_stop(): smpb-stat's input ended: it ends.
function stat_stop() {
	if (STAT_CMD == "")
		return
	close(STAT_CMD)
	STAT_CMD = ""
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
