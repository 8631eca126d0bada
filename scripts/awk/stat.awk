# stat.awk: asking smpb-stat, the suite's statistics program, for the
# intervals, tests and spreads of a comparison, all at once.
#
# The awk programs read runs and lay out tables; every figure that takes
# more than arithmetic (a square root, a logarithm, a quantile, a
# p-value) comes from smpb-stat(1). A program gathers its questions
# with stat_ask(), asks them in one go with stat_run() (one process for
# the whole table), then reads the answers with stat_ok() and ST[].
#
#   stat_ask(id, test, x, nx, y, ny, opts)
#				one question: test (cv, hl, welch, yuen,
#				mw) of x[1..nx] (and y[1..ny]); opts, more
#				key=value words ("scale=linear trim=0.1")
#   stat_run()			ask them all; die (exit 1) when smpb-stat
#				cannot be run
#   stat_ok(id)			1 when the question id was answered; then
#				ST[id, key] holds each key of the answer;
#				else ST[id, "why"] says why it was refused
#
# -v variables: stat, the path of smpb-stat; tmp, a private directory
# the driver made, where the questions and answers are written.
# No rules, and nothing printed.

function stat_ask(id, test, x, nx, y, ny, opts) {
	if (!STAT_N++)
		STAT_Q = tmp "/stat.q"
	printf "%s %s x=", id, test > STAT_Q
	stat_list(x, nx)
	if (ny > 0) {
		printf " y=" > STAT_Q
		stat_list(y, ny)
	}
	print (opts != "" ? " " opts : "") > STAT_Q
}

# stat_list(a, n): a[1..n] as smpb-stat reads a list, "1.5,2,3", written
# to the questions a figure at a time (a list of 20000 repeats is never
# one string built piece by piece).
function stat_list(a, n,    i) {
	for (i = 1; i <= n; i++)
		printf "%s%s", (i > 1 ? "," : ""), a[i] + 0 > STAT_Q
}

# stat_run(): every question asked, every answer read into ST.
function stat_run(    ans, line, n, i, a, eq) {
	if (!STAT_N)
		return
	close(STAT_Q)
	ans = tmp "/stat.a"
	if (system(sh_quote(stat) " <" sh_quote(STAT_Q) " >" sh_quote(ans)) != 0) {
		printf "smpbench: %s failed: cannot compare\n", stat > "/dev/stderr"
		exit 1
	}
	while ((getline line < ans) > 0) {
		n = split(line, a, " ")
		if (n < 2)
			continue
		STAT_DONE[a[1]] = a[2] == "ok"
		for (i = 3; i <= n; i++) {
			eq = index(a[i], "=")
			if (eq > 1)
				ST[a[1], substr(a[i], 1, eq - 1)] = substr(a[i], eq + 1)
		}
	}
	close(ans)
	STAT_N = 0
}

function stat_ok(id) {
	return (id in STAT_DONE) && STAT_DONE[id]
}

# sh_quote(s): s as one word of sh, in single quotes.
function sh_quote(s) {
	gsub(/'/, "'\\''", s)
	return "'" s "'"
}
