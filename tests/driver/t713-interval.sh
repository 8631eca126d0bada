# t713-interval: scripts/awk/interval.awk, the size and 95% interval of
# every change compare gives, against a table computed apart from it
# (tests/fixtures/interval/cases.txt, made by indep.py there: the
# Hodges-Lehmann interval by enumerating every way of dealing the
# ranks, Welch's t quantile by integrating the density): each case's
# change, bounds and level within 1e-4, with the system's awk and with
# busybox's, which may lack log, sqrt and exp. Where python3 is found,
# a few more cases made from another seed are checked the same way.
# shellcheck source=tests/lib.sh
. tests/lib.sh
REF=tests/fixtures/interval

# The harness: each input line is "kind x1,x2,... y1,y2,..."; prints
# the change, the interval's bounds and its level.
cat >"$TMPDIR_T/t.awk" <<'EOF'
{
	nx = split($2, x, ",")
	ny = split($3, y, ",")
	if ($1 == "hl")
		hl_shift(x, nx, y, ny)
	else
		welch_shift(x, nx, y, ny)
	if (!SH_OK)
		print "none"
	else
		printf "%.6f %.6f %.6f %.6f\n", SH_EST, SH_LO, SH_HI, SH_LEVEL
}
EOF

# The awk library, as the driver loads it.
LIB="-f scripts/awk/lib.awk -f scripts/awk/cells.awk -f scripts/awk/text.awk
    -f scripts/awk/stats.awk -f scripts/awk/interval.awk"

AWKS="awk"
if need_cmd busybox && busybox awk 'BEGIN { exit 0 }' 2>/dev/null; then
	AWKS="awk busybox"
fi

# against CASES WHAT: every case of the file CASES (kind x y est lo hi
# level) within 1e-4 of what each awk computes.
against() {
	cut -d ' ' -f 1-3 "$1" >"$TMPDIR_T/in"
	for a in $AWKS; do
		case $a in
		busybox) a_cmd="busybox awk" ;;
		*) a_cmd="awk" ;;
		esac
		# shellcheck disable=SC2086 # commands and options, split on purpose
		LC_ALL=C $a_cmd $LIB -f "$TMPDIR_T/t.awk" "$TMPDIR_T/in" |
		    paste -d ' ' "$1" - | awk -v what="$a: $2" '{
			bad = NF != 11
			for (i = 4; i <= 7 && !bad; i++) {
				d = $i - $(i + 4)
				bad = d > 1e-4 || d < -1e-4
			}
			printf "%d %s %d: %s, %d against %d: %s [%s, %s] at %s\n",
			    bad, what, NR, $1, split($2, x, ","),
			    split($3, y, ","), $4, $5, $6, $7
		}' >"$TMPDIR_T/verdicts"
		while read -r bad name; do
			t_result "$bad" "$name"
		done <"$TMPDIR_T/verdicts"
	done
}

against "$REF/cases.txt" case

# Known by hand: 3 repeats against 3 cannot reach 95% (the widest
# interval covers 90%); one against one has nothing to cover; Welch's
# needs two a side.
for a in $AWKS; do
	case $a in
	busybox) a_cmd="busybox awk" ;;
	*) a_cmd="awk" ;;
	esac
	# shellcheck disable=SC2086 # commands and options, split on purpose
	got=$(printf 'hl 1,2,3 4,5,6\nhl 2 3\nwelch 1 2,3\nhl 2,2,2,2,2 2,2,2,2,2\n' |
	    LC_ALL=C $a_cmd $LIB -f "$TMPDIR_T/t.awk")
	is "$got" "1.500000 0.333333 5.000000 0.900000
0.500000 0.500000 0.500000 0.000000
none
0.000000 0.000000 0.000000 0.968254" \
	    "$a: 3 against 3 covers 90%, 1 against 1 nothing, Welch needs 2 a side, ties no shift"
done

# Another seed, where python3 can compute it (three cases, a second or
# two).
if need_cmd python3 && python3 -c 'import itertools, math, random' 2>/dev/null; then
	python3 "$REF/indep.py" 11 3 >"$TMPDIR_T/more"
	is "$(wc -l <"$TMPDIR_T/more" | tr -d ' ')" 3 "indep.py made three more cases"
	against "$TMPDIR_T/more" "seed 11, case"
else
	t_skip "python3 is not installed"
fi

done_testing
