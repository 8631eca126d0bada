# t710-stats: the Mann-Whitney U test's two-sided p and the coefficient
# of variation, as smpb-stat's statistics (src/statmath.c) give them,
# asked through tests/stat-ask, against figures worked out apart from
# them (the p-values by counting every arrangement of the pooled ranks),
# with and without ties; and which repeats are bimodal: one rule,
# smpb-stat's (src/decide.c, jg_bimodal, whose own cases are
# tests/unit/t027's), which a run's tables and plots ask of their cells
# through the awk library's bimodal() (scripts/awk/cells.awk), with the
# system's awk and with busybox's, in tables of as many rows as
# smpb-stat takes (100,002 cells: t769); no awk or sh of the driver
# holds a copy of it.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
STAT=bin/smpb-stat
ASK=tests/stat-ask
[ -x "$STAT" ] || skip_all "bin/smpb-stat is not built (make)"
[ -x "$ASK" ] || skip_all "tests/stat-ask is not built (make test)"

# The bimodal harness: each input line is "x1,x2,... y1,y2,..."; prints
# whether x is bimodal, as "size of its lower cluster/repeats" (0 for
# one cluster) and, where bimodal, the clusters' medians.
cat >"$TMPDIR_T/t.awk" <<'EOF_AWK'
{
	split("", VALS)
	split("", NVALS)
	n = split($1, a, ",")
	for (i = 1; i <= n; i++)
		add("x", a[i])
	if (bimodal("x"))
		printf "%d/%d %s %s\n", BI_LOW, NVALS["x"], BI_LOWMED, BI_HIGHMED
	else
		printf "0/%d\n", NVALS["x"]
}
EOF_AWK

# The awk library, as the driver loads it.
LIB="-f scripts/awk/lib.awk -f scripts/awk/cells.awk -f scripts/awk/text.awk"

# lib_bimodal AWK INPUT: the harness above on INPUT, by AWK ("awk" or
# "busybox awk"), asking smpb-stat ($SMPB_STAT) in a directory of its
# own; its stderr after its output, and "rc=N" where it is not 0.
# shellcheck disable=SC2086 # $1 and $LIB are words, split on purpose
lib_bimodal() {
	printf '%s\n' "$2" | SMPB_STAT=${SMPB_STAT-$STAT} \
	    SMPB_WORK=$TMPDIR_T LC_ALL=C $1 $LIB -f "$TMPDIR_T/t.awk" 2>&1 ||
	    echo "rc=$?"
}

# The awks to try: the system's, and busybox's where it is here.
AWKS="awk"
if need_cmd busybox && busybox awk 'BEGIN { exit 0 }' 2>/dev/null; then
	AWKS="awk|busybox awk"
fi

# stat_p_cv INPUT: the p of the two samples and the cv of the first,
# "p cv" ("-" for a cv refused).
stat_p_cv() {
	printf 'p mw x=%s y=%s\nc cv x=%s\n' "${1% *}" "${1#* }" "${1% *}" |
	    "$ASK" | awk '{ v = "-"
		for (i = 3; i <= NF; i++)
			if ($i ~ /^(p|cv)=/)
				v = substr($i, index($i, "=") + 1)
		printf "%s%s", (NR > 1 ? " " : ""), v } END { print "" }'
}

# p cv bimodal | input | what: p within 1e-4 (the 11 against 11 exact,
# as smpb-stat counts them below 50 a side), cv within 1e-4; bimodal as
# the harness prints it.
# shellcheck disable=SC2086 # $want and $AWKS are words, split on purpose
while IFS='|' read -r want input what; do
	set -- $want
	got=$(stat_p_cv "$input")
	check "$what: p $1, cv $2 (stat-ask: $got)" awk -v got="$got" \
	    -v p="$1" -v cv="$2" 'BEGIN {
		split(got, g, " ")
		d = g[1] - p
		if (d > 1e-4 || d < -1e-4)
			exit 1
		if (cv == "-" || g[2] == "-")
			exit !(cv == g[2])
		d = g[2] - cv
		exit !(d <= 1e-4 && d >= -1e-4)
	    }'
	shift 2
	IFS='|'
	for a in $AWKS; do
		IFS=' '
		is "$(lib_bimodal "$a" "${input% *}")" "$*" "$a: $what: bimodal"
	done
	IFS=' '
done <<'EOF'
0.007937 0.5270 0/5|1,2,3,4,5 6,7,8,9,10|5 against 5, apart: 2/252, the least p there is
0.690476 0.5270 0/5|1,2,3,4,5 1.5,2.5,3.5,4.5,5.5|interleaved: p 0.69
1.000000 0.0000 0/5|5,5,5,5,5 5,5,5,5,5|all tied: p 1
0.079365 0.4648 2/5 1 2|1,1,2,2,3 2,3,3,4,4|ties share their mean rank: p 0.079 (and 1 1 | 2 2 3 is two clusters)
0.100000 0.5000 0/3|1,2,3 4,5,6|3 against 3, apart: p 0.1, never below 0.05
0.166667 0.0091 0/5|0.49,0.49,0.50,0.49,0.49 0.50,0.50,0.50,0.49,0.51|user seconds, many ties
1.000000 0.6236 0/6|1,3,5,7,9,11 2,4,6,8,10|6 against 5, centred: p 1
0.0635 0.5528 0/11|1,2,3,4,5,6,7,8,9,10,11 4,5,6,7,8,9,10,11,12,13,14|11 against 11, counted exactly: 0.0635
0.2007 0.5528 0/11|1,2,3,4,5,6,7,8,9,10,11 3,4,5,6,7,8,9,10,11,12,13|and 0.2007
0.833333 1.0727 3/5 45000 455000|45000,450000,47000,460000,44000 45000|the ring's lottery: 3 slow, 2 fast
0.714286 1.1620 4/6 45500 455000|45000,450000,47000,460000,44000,46000 45000|or 4 slow, 2 fast
0.500000 0.6701 0/5|1,2,3,4.5,7 1|wide, not bimodal: the gap is not wider than a cluster
0.833333 1.4312 0/5|45000,46000,47000,44000,450000 45000|one outlier is not a cluster
0.600000 0.3733 2/4 100.5 196.5|100,101,195,198 100|the pipe at 100% twice and 200% twice: two clusters
EOF

# The rule is smpb-stat's alone: the awk asks it, and says what it
# answers, even of repeats that are one cluster by the rule; where it
# cannot be asked, one line on stderr, exit 1.
cat >"$TMPDIR_T/fake-stat" <<'EOF_FAKE'
#!/bin/sh
cat >/dev/null
echo 'b cell i=1 g=1 has=1 empty=none miss=0 runs=1 reps=5 med=3 nlow=2 nhigh=3 lowmed=1.5 highmed=4'
echo 'b end'
EOF_FAKE
chmod +x "$TMPDIR_T/fake-stat"
is "$(SMPB_STAT=$TMPDIR_T/fake-stat lib_bimodal awk 1,2,3,4,5)" "2/5 1.5 4" \
    "the awk's clusters are smpb-stat's answer, not a rule of its own"
is "$(SMPB_STAT=/bin/false lib_bimodal awk 45000,450000,47000,460000,44000)" \
    "smpbench: cannot tell the cells' clusters: smpb-stat failed
rc=1" "smpb-stat failing: said, exit 1"
is "$(SMPB_STAT='' lib_bimodal awk 1,2,3,4,5)" \
    "smpbench: cannot tell the cells' clusters: smpb-stat, its statistics program, is not built (run make)
rc=1" "smpb-stat not built: said, exit 1"

# More cells than smpb-stat takes rows in a table: asked in tables it
# takes, the last cell's clusters told; here through a copy of cells.awk
# whose tables take 2 rows, 5 cells in 3 tables (t769, under make
# test-all: 100,002 cells, in tables of smpb-stat's 100,000).
sed 's/^	return 100000$/	return 2/' scripts/awk/cells.awk >"$TMPDIR_T/cells2.awk"
check "a copy of cells.awk whose tables take 2 rows" \
    test "$(grep -c '^	return 2$' "$TMPDIR_T/cells2.awk")" -eq 1
cat >"$TMPDIR_T/many.awk" <<'EOF_MANY'
BEGIN {
	for (i = 1; i <= 4; i++)
		for (k = 1; k <= 4; k++)
			add("c" i, 1)
	split("1 1 9 9", v, " ")
	for (k = 1; k <= 4; k++)
		add("last", v[k])
	print bimodal("c3"), bimodal("last"), BI_LOW "/" BI_HIGH
}
EOF_MANY
is "$(SMPB_STAT=$STAT SMPB_WORK=$TMPDIR_T LC_ALL=C awk -f scripts/awk/lib.awk \
    -f "$TMPDIR_T/cells2.awk" -f scripts/awk/text.awk \
    -f "$TMPDIR_T/many.awk" 2>&1)" "0 1 2/2" \
    "5 cells in tables of 2 rows: the last one's clusters told"

# A driver with no smpb-stat built: run, show -r and plot say so before
# they measure or read anything; show of the saved tables needs none.
mkdir "$TMPDIR_T/nostat"
cp -R scripts "$TMPDIR_T/nostat/scripts"
cp bin/smpb-snap bin/smpb-yield "$TMPDIR_T/nostat/scripts/"
for c in "run -o $TMPDIR_T/nostat/out yield" "show -r tests/fixtures/run-a" \
    "plot -o $TMPDIR_T/nostat/plots tests/fixtures/run-a"; do
	# shellcheck disable=SC2086 # the command's words, split on purpose
	run sh "$TMPDIR_T/nostat/scripts/smpbench" $c
	is "$RC:$ERR" "1:smpbench: ${c%% *}: smpb-stat, its statistics program, is not built (run make)" \
	    "no smpb-stat: ${c%% *} says so, exit 1"
done
check "and run made nothing" test ! -e "$TMPDIR_T/nostat/out"
run sh "$TMPDIR_T/nostat/scripts/smpbench" show tests/fixtures/run-a
is "$RC" 0 "show of the saved tables: no smpb-stat needed"

# No copy of the rule in the driver: bimodal() is defined once, in
# cells.awk, and no awk or sh file of it holds the gap, 1.5.
is "$(grep -l 'function bimodal(' scripts/awk/*.awk scripts/workloads/*)" \
    scripts/awk/cells.awk "bimodal() is defined once, in cells.awk"
is "$(grep -nE '(^|[^0-9.])1\.5([^0-9]|$)' scripts/smpbench scripts/awk/*.awk \
    scripts/workloads/* scripts/lib/*.sh scripts/cmd/*.sh)" "" \
    "no awk or sh file of the driver holds the gap 1.5"

done_testing
