# t710-stats: scripts/awk/stats.awk against figures worked out apart from it
# (the p-values by counting every arrangement of the pooled ranks): the
# Mann-Whitney U test's two-sided p, exact and approximated, with and
# without ties; the coefficient of variation; which repeats are bimodal.
# With the system's awk and with busybox's, which may lack sqrt and exp.
# shellcheck source=tests/lib.sh
. tests/lib.sh

# The harness: each input line is "x1,x2,... y1,y2,..."; prints the p
# of the two samples, whether it was exact, the cv of x and whether x is
# bimodal (with the size of its lower cluster).
cat >"$TMPDIR_T/t.awk" <<'EOF'
{
	split("", VALS)
	split("", NVALS)
	n = split($1, a, ",")
	for (i = 1; i <= n; i++)
		add("x", a[i])
	n = split($2, a, ",")
	for (i = 1; i <= n; i++)
		add("y", a[i])
	p = mw_p("x", "y")
	c = cv("x")
	printf "%.6f %d %s %d/%d\n", p, MW_EXACT,
	    c == "" ? "-" : sprintf("%.4f", c), bimodal("x") ? BI_LOW : 0,
	    NVALS["x"]
}
EOF

# The awk library, as the driver loads it.
LIB="-f scripts/awk/lib.awk -f scripts/awk/cells.awk -f scripts/awk/text.awk
    -f scripts/awk/stats.awk"

# p exact cv bimodal | input | what
# shellcheck disable=SC2086 # $LIB is options, split on purpose
while IFS='|' read -r want input what; do
	got=$(printf '%s\n' "$input" | LC_ALL=C awk $LIB -f "$TMPDIR_T/t.awk")
	is "$got" "$want" "$what"
	if need_cmd busybox && busybox awk 'BEGIN { exit 0 }' 2>/dev/null; then
		got=$(printf '%s\n' "$input" | LC_ALL=C busybox awk $LIB \
		    -f "$TMPDIR_T/t.awk")
		is "$got" "$want" "busybox awk: $what"
	fi
done <<'EOF'
0.007937 1 0.5270 0/5|1,2,3,4,5 6,7,8,9,10|5 against 5, apart: 2/252, the least p there is
0.690476 1 0.5270 0/5|1,2,3,4,5 1.5,2.5,3.5,4.5,5.5|interleaved: p 0.69
1.000000 1 0.0000 0/5|5,5,5,5,5 5,5,5,5,5|all tied: p 1
0.079365 1 0.4648 2/5|1,1,2,2,3 2,3,3,4,4|ties share their mean rank: p 0.079 (and 1 1 | 2 2 3 is two clusters)
0.100000 1 0.5000 0/3|1,2,3 4,5,6|3 against 3, apart: p 0.1, never below 0.05
0.166667 1 0.0091 0/5|0.49,0.49,0.50,0.49,0.49 0.50,0.50,0.50,0.49,0.51|user seconds, many ties
1.000000 1 0.6236 0/6|1,3,5,7,9,11 2,4,6,8,10|6 against 5, centred: p 1
0.065360 0 0.5528 0/11|1,2,3,4,5,6,7,8,9,10,11 4,5,6,7,8,9,10,11,12,13,14|11 against 11: normal approximation (exact 0.0635)
0.199235 0 0.5528 0/11|1,2,3,4,5,6,7,8,9,10,11 3,4,5,6,7,8,9,10,11,12,13|and 0.199 (exact 0.2007)
0.833333 1 1.0727 3/5|45000,450000,47000,460000,44000 45000|the ring's lottery: 3 slow, 2 fast
0.714286 1 1.1620 4/6|45000,450000,47000,460000,44000,46000 45000|or 4 slow, 2 fast
0.500000 1 0.6701 0/5|1,2,3,4.5,7 1|wide, not bimodal: the gap is not wider than a cluster
0.833333 1 1.4312 0/5|45000,46000,47000,44000,450000 45000|one outlier is not a cluster
0.600000 1 0.3733 2/4|100,101,195,198 100|the pipe at 100% twice and 200% twice: two clusters
EOF

done_testing
