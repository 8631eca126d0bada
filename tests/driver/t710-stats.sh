# t710-stats: the Mann-Whitney U test's two-sided p and the coefficient
# of variation, as smpb-stat's statistics (src/statmath.c) give them,
# asked through tests/stat-ask, against figures worked out apart from
# them (the p-values by counting every arrangement of the pooled ranks),
# with and without ties; and which repeats are bimodal,
# scripts/awk/stats.awk's (a run's tables mark them), with the system's
# awk and with busybox's, and smpb-stat's (compare's), alike.
# shellcheck source=tests/lib.sh
. tests/lib.sh
STAT=bin/smpb-stat
ASK=tests/stat-ask
[ -x "$STAT" ] || skip_all "bin/smpb-stat is not built (make)"
[ -x "$ASK" ] || skip_all "tests/stat-ask is not built (make test)"

# The bimodal harness: each input line is "x1,x2,... y1,y2,..."; prints
# whether x is bimodal (with the size of its lower cluster).
cat >"$TMPDIR_T/t.awk" <<'EOF_AWK'
{
	split("", VALS)
	split("", NVALS)
	n = split($1, a, ",")
	for (i = 1; i <= n; i++)
		add("x", a[i])
	printf "%d/%d\n", bimodal("x") ? BI_LOW : 0, NVALS["x"]
}
EOF_AWK

# The awk library, as the driver loads it.
LIB="-f scripts/awk/lib.awk -f scripts/awk/cells.awk -f scripts/awk/text.awk
    -f scripts/awk/stats.awk"

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

# stat_bimodal INPUT: whether smpb-stat's compare finds the first
# sample bimodal, as the harness above prints it: a table of one run,
# one row, its cell's clusters.
stat_bimodal() {
	printf 'b table runs=1 cols=1 rows=1\nb run j=1 g=1\nb row i=1 free=0\nb fig i=1 j=1 v=%s\nb judge\n' \
	    "${1% *}" | "$STAT" | awk '$2 == "cell" {
		lo = 0
		for (i = 3; i <= NF; i++) {
			if ($i ~ /^nlow=/)
				lo = substr($i, 6)
			if ($i ~ /^reps=/)
				n = substr($i, 6)
		}
		printf "%d/%d\n", lo, n }'
}

# p cv bimodal | input | what: p within 1e-4 (the 11 against 11 exact,
# as smpb-stat counts them below 50 a side), cv within 1e-4.
# shellcheck disable=SC2086 # $LIB is options, split on purpose
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
	got=$(printf '%s\n' "$input" | LC_ALL=C awk $LIB -f "$TMPDIR_T/t.awk")
	is "$got" "$3" "$what: bimodal"
	# compare's clusters are smpb-stat's; a run's table marks them by
	# stats.awk's: the one rule, both ways.
	is "$(stat_bimodal "$input")" "$3" "smpb-stat: $what: bimodal alike"
	if need_cmd busybox && busybox awk 'BEGIN { exit 0 }' 2>/dev/null; then
		got=$(printf '%s\n' "$input" | LC_ALL=C busybox awk $LIB \
		    -f "$TMPDIR_T/t.awk")
		is "$got" "$3" "busybox awk: $what: bimodal"
	fi
done <<'EOF'
0.007937 0.5270 0/5|1,2,3,4,5 6,7,8,9,10|5 against 5, apart: 2/252, the least p there is
0.690476 0.5270 0/5|1,2,3,4,5 1.5,2.5,3.5,4.5,5.5|interleaved: p 0.69
1.000000 0.0000 0/5|5,5,5,5,5 5,5,5,5,5|all tied: p 1
0.079365 0.4648 2/5|1,1,2,2,3 2,3,3,4,4|ties share their mean rank: p 0.079 (and 1 1 | 2 2 3 is two clusters)
0.100000 0.5000 0/3|1,2,3 4,5,6|3 against 3, apart: p 0.1, never below 0.05
0.166667 0.0091 0/5|0.49,0.49,0.50,0.49,0.49 0.50,0.50,0.50,0.49,0.51|user seconds, many ties
1.000000 0.6236 0/6|1,3,5,7,9,11 2,4,6,8,10|6 against 5, centred: p 1
0.0635 0.5528 0/11|1,2,3,4,5,6,7,8,9,10,11 4,5,6,7,8,9,10,11,12,13,14|11 against 11, counted exactly: 0.0635
0.2007 0.5528 0/11|1,2,3,4,5,6,7,8,9,10,11 3,4,5,6,7,8,9,10,11,12,13|and 0.2007
0.833333 1.0727 3/5|45000,450000,47000,460000,44000 45000|the ring's lottery: 3 slow, 2 fast
0.714286 1.1620 4/6|45000,450000,47000,460000,44000,46000 45000|or 4 slow, 2 fast
0.500000 0.6701 0/5|1,2,3,4.5,7 1|wide, not bimodal: the gap is not wider than a cluster
0.833333 1.4312 0/5|45000,46000,47000,44000,450000 45000|one outlier is not a cluster
0.600000 0.3733 2/4|100,101,195,198 100|the pipe at 100% twice and 200% twice: two clusters
EOF

done_testing
