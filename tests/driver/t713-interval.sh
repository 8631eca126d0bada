# t713-interval: the size and 95% interval of every change compare tests,
# as smpb-stat's statistics (src/statmath.c) give them, asked through
# tests/stat-ask, against a table computed apart from them
# (tests/fixtures/interval/cases.txt, made by indep.py there: the
# Hodges-Lehmann interval by enumerating every way of dealing the ranks,
# Welch's t quantile by integrating the density): each case's shift,
# bounds and level within 1e-4. Where python3 is
# found, a few more cases made from another seed are checked the same
# way. (t020-stat checks the statistics against R, this against a third
# implementation, through smpb-stat's line protocol.)
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
REF=tests/fixtures/interval
STAT=tests/stat-ask
[ -x "$STAT" ] || skip_all "tests/stat-ask is not built (make test)"

# against CASES WHAT: every case of the file CASES (kind x y est lo hi
# level) within 1e-4 of what stat-ask answers.
against() {
	awk '{ printf "c%d %s x=%s y=%s\n", NR, $1, $2, $3 }' "$1" |
	    "$STAT" >"$TMPDIR_T/answers"
	paste -d ' ' "$1" "$TMPDIR_T/answers" | awk -v what="$2" '{
		bad = $9 != "ok"
		for (i = 10; i <= NF; i++) {
			eq = index($i, "=")
			a[substr($i, 1, eq - 1)] = substr($i, eq + 1)
		}
		split("est lo hi level", k, " ")
		for (i = 1; i <= 4 && !bad; i++) {
			d = $(i + 3) - a[k[i]]
			bad = d > 1e-4 || d < -1e-4
		}
		printf "%d %s %d: %s, %d against %d: %s [%s, %s] at %s\n",
		    bad, what, NR, $1, split($2, x, ","), split($3, y, ","),
		    $4, $5, $6, $7
	}' >"$TMPDIR_T/verdicts"
	while read -r bad name; do
		t_result "$bad" "$name"
	done <"$TMPDIR_T/verdicts"
}

against "$REF/cases.txt" case

# Known by hand: 3 repeats against 3 cannot reach 95% (the widest
# interval covers 90%); one against one covers nothing; Welch's needs
# two a side; ties are no shift.
got=$(printf 'a hl x=1,2,3 y=4,5,6\nb hl x=2 y=3\nc welch x=1 y=2,3\nd hl x=2,2,2,2,2 y=2,2,2,2,2\n' |
    "$STAT" | awk '$2 == "ok" {
	for (i = 3; i <= NF; i++) {
		eq = index($i, "=")
		a[substr($i, 1, eq - 1)] = substr($i, eq + 1)
	}
	printf "%.6f %.6f %.6f %.6f\n", a["est"], a["lo"], a["hi"], a["level"]
	next
}
{ print $2, $3 }')
is "$got" "1.500000 0.333333 5.000000 0.900000
0.500000 0.500000 0.500000 0.000000
refused why=too-few
0.000000 0.000000 0.000000 0.968254" \
    "3 against 3 covers 90%, 1 against 1 nothing, Welch needs 2 a side, ties no shift"

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
