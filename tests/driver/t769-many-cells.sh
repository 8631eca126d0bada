# t769-many-cells: more cells than smpb-stat takes rows in a table
# (100,000): the awk library's bimodal() (scripts/awk/cells.awk) asks
# them in tables it takes, and the last cell's clusters are told. The
# same in tables of 2 rows runs under make test (t710).
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "100,002 cells' clusters asked of smpb-stat"
STAT=bin/smpb-stat
[ -x "$STAT" ] || skip_all "bin/smpb-stat is not built (make)"

cat >"$TMPDIR_T/many.awk" <<'EOF_MANY'
BEGIN {
	for (i = 1; i <= 100001; i++)
		for (k = 1; k <= 4; k++)
			add("c" i, 1)
	split("1 1 9 9", v, " ")
	for (k = 1; k <= 4; k++)
		add("last", v[k])
	print bimodal("c5"), bimodal("last"), BI_LOW "/" BI_HIGH
}
EOF_MANY
is "$(SMPB_STAT=$STAT SMPB_WORK=$TMPDIR_T LC_ALL=C awk -f scripts/awk/lib.awk \
    -f scripts/awk/cells.awk -f scripts/awk/text.awk \
    -f "$TMPDIR_T/many.awk" 2>&1)" "0 1 2/2" \
    "100,002 cells: asked in tables smpb-stat takes, the last one's clusters told"

done_testing
