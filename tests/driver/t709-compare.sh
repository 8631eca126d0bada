# t709-compare: smpbench compare on saved runs whose answer is known
# (tests/fixtures/stat-*, made up: stat-b holds stat-a's repeats in
# another order and its unpinned ring of 2 in the other cluster; stat-c
# is stat-a at half the ring's rate and twice the yield's cost; stat-d
# the same with 3 repeats), under every POSIX shell we can find and with
# busybox's awk: runs of one kernel pooled into one column; no change
# marked between identical distributions, every clear 2x shift marked,
# none with 3 repeats against 3, bimodal cells compared (their
# clusters' share in place of the spread, unmarked where they came as
# often; their clusters' medians in their row's decimals);
# runs that are not comparable refused, or marked with -f; doubtful runs
# (busy, incomplete) marked, their changes doubtful; bad saved values
# reported with file and line and their cells marked; binary raw files
# refused; a closed standard output said so. The verdicts themselves on
# runs made to order are t714's.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
# shellcheck source=tests/made-runs.sh
. tests/made-runs.sh
FIX=tests/fixtures
SB=scripts/smpbench
A=$FIX/stat-a B=$FIX/stat-b C=$FIX/stat-c D=$FIX/stat-d
W=$TMPDIR_T/w
mkdir "$W"

# labelled DIR LABEL: a copy of the run DIR labelled LABEL, as $W/LABEL,
# a run of its own (an id of its own: a copy is the same run).
labelled() {
	cp -R "$1" "$W/$2"
	{ sed "s/^label=.*/label=$2/" "$1/env"; echo "run_id=t709-$2"; } \
	    >"$W/$2/env"
}
labelled $B again
labelled $D d2
AG=$W/again

# joined TEXT: TEXT on one line, blanks squeezed (for wrapped notes).
joined() {
	printf '%s\n' "$1" | tr -s ' \n' '  '
}

# kept NAME: the stdout of the compare just run, kept as $W/kept-NAME,
# with the shell that ran it in $W/kept-NAME.sh (the first shell's), for
# busybox's awk below.
kept() {
	[ -f "$W/kept-$1" ] && return
	cp "$TMPDIR_T/out" "$W/kept-$1"
	printf '%s\n' "$sh" >"$W/kept-$1.sh"
}

for s in $SHELLS; do
	sh=$(shell_cmd $s)
	if [ -z "$sh" ]; then
		t_result 0 "# SKIP $s is not installed"
		continue
	fi
	run $sh $SB compare $A $B
	kept A-B
	is "$RC" 0 "$s: two runs of one kernel: exit 0"
	is "$ERR" "" "$s: and nothing on stderr"
	like "$OUT" '^ +N : +6\.1\.0-a$' "$s: pooled into one column"
	like "$OUT" '^ +3 : +298852 +\(0%\)$' \
	    "$s: the median of the runs' medians, their coefficient of variation"
	like "$OUT" '^ +2 : +241548 \(5/10\)$' \
	    "$s: the placement lottery, over both runs' repeats"
	like "$(joined "$OUT")" '6\.1\.0-a: kernel 6\.1\.0-a, Example CPU @ 2\.00GHz, 2 CPUs, quick profile, 2 runs x 5 repeats' \
	    "$s: the pooling said"
	like "$(joined "$OUT")" 'One column: every run is 6\.1\.0-a, so nothing is compared' \
	    "$s: and that nothing is compared"
	run $sh $SB compare $A $AG
	kept A-AG
	is "$RC" 0 "$s: two runs of one distribution, labelled apart: exit 0"
	is "$ERR" "" "$s: and nothing on stderr"
	is "$(printf '%s\n' "$OUT" | grep -c '%[*@?]')" 0 \
	    "$s: identical distributions: no change marked"
	like "$OUT" '^ +3 : +298852 +\(1%\) +298852 +\(1%\) +0%$' \
	    "$s: median, coefficient of variation, change (0%, unsigned)"
	like "$OUT" '^ +2 : +46179 \(2/5\) +436918 \(3/5\) +x9\.46$' \
	    "$s: the placement lottery in both runs, compared, its median moved ninefold, unmarked"
	like "$(joined "$OUT")" '95% interval \(Hodges-Lehmann, of the repeats\)' \
	    "$s: the method named"
	like "$(joined "$OUT")" 'Cells: the median of the repeats and their spread \(cv\), or \(k/n\): two clusters, k of n repeats in the better; change: median / first median - 1\.' \
	    "$s: the change is the medians' ratio"

	run $sh $SB compare $A $C
	kept A-C
	is "$RC" 0 "$s: a 2x shift: exit 0"
	like "$OUT" '^ +3 : +298852 +\(1%\) +149426 +\(1%\) +-50%\*$' "$s: ring at 3: -50%, marked"
	like "$OUT" '^ *2 spread : +45037 +\(2%\) +22519 +\(2%\) +-50%\*$' "$s: ring spread: marked"
	like "$OUT" '^ 2 : +1\.080 \(3%\) +2\.160 \(3%\) +\+100%\*$' "$s: yield of 2: +100%, marked"
	is "$(printf '%s\n' "$OUT" | grep -c '%\*$')" 6 "$s: every shifted row is marked"
	like "$OUT" '^ +2 : +46179 \(2/5\) +46179 \(2/5\) +0%$' \
	    "$s: a bimodal cell whose clusters came as often: no change, unmarked"
	like "$(joined "$OUT")" 'Differs in 6\.1\.0-b from 6\.1\.0-a: preempt full \(boot command line; dynamic\) where 6\.1\.0-a has none \(config default; dynamic\); cmdline \+preempt=full\.' \
	    "$s: the kernel settings that differ, in the header"
	like "$(joined "$OUT")" '6\.1\.0-b: kernel 6\.1\.0-b, 1 run x 5 repeats, 2026-01-02; note: hog on CPU1\.' \
	    "$s: each run's runs, repeats and note"

	run $sh $SB compare $A $D
	kept A-D
	is "$(printf '%s\n' "$OUT" | grep -c '%\*$')" 7 \
	    "$s: 5 repeats against 3 reach 95%: every shifted row marked"
	like "$OUT" '^ +2 : +46179 +\(2/5\) +22831 +\(2%\) +-51%\*$' \
	    "$s: the bimodal ring of 2 against one cluster at half its rate: marked"
	run $sh $SB compare $D "$W/d2"
	is "$(printf '%s\n' "$OUT" | grep -c '%[*@?]')" 0 \
	    "$s: 3 repeats against 3: no change marked"
	like "$OUT" '^d2 against 6\.1\.0-b: no cell tested; 7 with too few repeats\.$' \
	    "$s: and the headline says why"
done

# busybox awk has no maths library here: the test must not need one.
# Each comparison under busybox's awk, by the shell that made it above
# with the system's awk, is that same comparison.
if need_cmd busybox && busybox awk 'BEGIN { exit 0 }' 2>/dev/null; then
	mkdir "$TMPDIR_T/bbawk"
	ln -s "$(command -v busybox)" "$TMPDIR_T/bbawk/awk"
	for pair in "A-B $A $B" "A-AG $A $AG" "A-C $A $C" "A-D $A $D"; do
		set -- $pair
		k=$W/kept-$1
		shift
		pair="$*"
		if [ -f "$k" ]; then
			bsh=$(cat "$k.sh")
			want=$(cat "$k")
		else
			bsh="sh"
			run sh $SB compare $pair
			want=$OUT
		fi
		run env PATH="$TMPDIR_T/bbawk:$PATH" $bsh $SB compare $pair
		is "$OUT" "$want" "busybox awk: the same comparison of $pair"
	done
else
	t_result 0 "# SKIP busybox awk is not installed"
fi

# Not comparable: refused, one line, unless -f; then marked.
run sh $SB compare $A $A
is "$RC" 1 "a run compared with itself: exit 1"
is "$ERR" "smpbench: compare: $A is the same run as $A (the same env; -f compares anyway)" \
    "and one line says so"
is "$OUT" "" "and no table"
run sh $SB compare -f $A $A
is "$RC" 0 "-f compares it anyway"
like "$OUT" '^\? 6\.1\.0-a#2 is the same run as 6\.1\.0-a#1 \(the same env\); no change in' \
    "a line above the tables says so, naming the runs of the column"
is "$(printf '%s\n' "$OUT" | grep -c 'is the same run as')" 1 "once"
like "$OUT" '^ +N : +6\.1\.0-a\?$' "and its column is marked"
run sh $SB compare -f -p $A $A
is "$(printf '%s\n' "$OUT" | grep -c ' verdict=base ') $(printf '%s\n' "$OUT" | grep '^workload=' | grep -vc ' verdict=base ')" \
    "7 0" "-p: one column: 7 cells, each the base, no change"
like "$OUT" '^# \? 6\.1\.0-a#2 is the same run as 6\.1\.0-a#1 \(the same env\); no change in its column is marked\.$' \
    "-p: the doubt on a line of its own, first"
# A copy is the same run, whatever its bytes: a CR after the first line
# of its env, another label (its last line said again is a key twice,
# refused); where runs have
# a run_id, by it alone. Three copies pooled would narrow an interval
# and invent marks.
for c in cr twice relabel; do
	cp -R $A "$W/copy-$c"
done
awk 'NR == 1 { printf "%s\r\n", $0; next } { print }' $A/env >"$W/copy-cr/env"
tail -n 1 $A/env >>"$W/copy-twice/env"
sed 's/^label=.*/label=other/' $A/env >"$W/copy-relabel/env"
for c in cr twice relabel; do
	run sh $SB compare $A "$W/copy-$c"
	case $c in
	# A key twice: which is the run's? It is refused, before.
	twice) like "$RC $ERR" "^1 smpbench: $W/copy-twice/env:[0-9]+: '[a-z_]+=' said a second time \\(first at line [0-9]+\\): refused\$" \
	    "a run whose env says its last line again: refused" ;;
	*) is "$RC $ERR" "1 smpbench: compare: $W/copy-$c is the same run as $A (the same env; -f compares anyway)" \
	    "a copy of a run ($c): the same run, refused" ;;
	esac
done
mkdir "$W/ids"
for k in 1 2 3; do
	cp -R $A "$W/ids/r$k"
	{ sed 's/^label=.*/label=pool/' $A/env; echo "run_id=one-run"; } >"$W/ids/r$k/env"
done
sed -i.bak 's/^date=.*/date=2026-05-05T10:00:00Z/' "$W/ids/r2/env"
rm -f "$W/ids/r2/env.bak"
run sh $SB compare $A "$W/ids/r1" "$W/ids/r2" "$W/ids/r3"
is "$RC $ERR" "1 smpbench: compare: $W/ids/r2 is the same run as $W/ids/r1 (the same run_id; -f compares anyway)" \
    "three copies of a run, one with another date: one run_id, refused"

run sh $SB compare $FIX/run-a $A
is "$RC" 1 "a tiny run against a quick one: exit 1"
is "$ERR" "smpbench: compare: $A is a quick run, $FIX/run-a a tiny run: not comparable (-f compares anyway)" \
    "says so in one line"
# Other parameters in one workload: that one is refused, the rest shown.
cp -R $B "$W/params"
sed 's/argv=-n,\([0-9]*\),-T,0\.5/argv=-n,\1,-T,0.3/' $B/raw/ring >"$W/params/raw/ring"
run sh $SB compare $A "$W/params"
is "$RC" 1 "other parameters: exit 1"
is "$ERR" "smpbench: ring not compared: 6.1.0-a#2 ran 2 with '-T 0.3', 6.1.0-a#1 with '-T 0.5' (-f compares anyway)" \
    "the workload refused, in one line"
like "$OUT" '^yield: ' "the other workloads compared"
run sh $SB compare -f $A "$W/params"
like "$OUT" "^\\? 6\\.1\\.0-a#2 ran 2 with '-T 0\\.3', 6\\.1\\.0-a#1 with '-T 0\\.5'; no" \
    "-f: the problem above the table"

# Doubtful: busy, incomplete: marked, compared; a load average at the
# start is no doubt (the suite's own herd keeps it high).
cp -R $C "$W/busy"
sed 's/^loadavg=.*/loadavg=2.50 1.00 0.50/; s/^load_other=.*/load_other=0.90/' \
    $C/env >"$W/busy/env"
rm "$W/busy/complete"
echo "interrupted by SIGINT during yield; 60 of 70 measurements made" \
    >"$W/busy/incomplete"
run sh $SB compare $A "$W/busy"
is "$RC" 0 "a loaded, incomplete run: compared, exit 0"
is "$(printf '%s\n' "$OUT" | grep -c 'load average')" 0 "the load at the start is no doubt"
like "$OUT" '^\? 6\.1\.0-b: other work kept 0\.90 CPUs busy during the run, above' \
    "the other work during the run"
is "$(printf '%s\n' "$OUT" | grep -c 'other work kept')" 1 "said once"
like "$OUT" '^\? 6\.1\.0-b: an incomplete run: interrupted by SIGINT during yield; 60' \
    "the incomplete run"
like "$OUT" '^ +N : +6\.1\.0-a +6\.1\.0-b\?$' "its column marked"
like "$OUT" '^ +3 : +298852 +\(1%\) +149426 +\(1%\) +-50%\?$' \
    "its changes still tested, and doubtful"
run sh $SB compare -p $A "$W/busy"
like "$OUT" ' cell=3 column=6\.1\.0-b .* verdict=doubtful ' "-p: verdict doubtful"
# An incomplete file whose first line is empty: incomplete still, and
# said so, with no reason to give.
printf '\nthe reason on a later line\n' >"$W/busy/incomplete"
run sh $SB compare $A "$W/busy"
like "$OUT" '^\? 6\.1\.0-b: an incomplete run: \.$' \
    "an incomplete file with an empty first line: an incomplete run"

# Bad saved values: reported with file and line, left out, the cell marked.
labelled $B bad
awk 'NR == 2 { sub(/switches_per_s=[0-9]+/, "switches_per_s=-5") }
     NR == 7 { sub(/switches_per_s=[0-9]+/, "switches_per_s=1e400") }
     NR == 12 { sub(/switches_per_s=[0-9]+/, "switches_per_s=nan") }
     NR == 3 { sub(/switches_per_s=[0-9]+/, "switches_per_s=inf") }
     { print } END { print "not a line of smpbench" }' $B/raw/ring >"$W/bad/raw/ring"
run sh $SB compare $A "$W/bad"
is "$RC" 1 "bad saved values: exit 1"
is "$ERR" "smpbench: $W/bad/raw/ring:2: switches_per_s='-5' is not a figure; left out
smpbench: $W/bad/raw/ring:3: switches_per_s='inf' is not a figure; left out
smpbench: $W/bad/raw/ring:7: switches_per_s='1e400' is not a figure; left out
smpbench: $W/bad/raw/ring: 2 more bad lines" \
    "each reported with file and line, three a file, then a count"
like "$OUT" '^ +3 : +298852 +\(1%\) +[0-9]+ +\([0-9]+%\) +2 +([-+][1-9][0-9]*|0)%!$' "the cell is marked !, its 2 repeats left counted"
is "$(printf '%s\n' "$OUT" | grep -ci 'inf\|nan')" 0 "no inf or nan in the table"
run sh $SB show -r "$W/bad"
is "$RC" 1 "show -r of bad values: exit 1"
like "$ERR" "^smpbench: $W/bad/raw/ring:2: switches_per_s='-5' is not a figure; left out\$" \
    "show -r reports them too"
like "$OUT" '^ 3 : [0-9]+! switches / second$' "and marks the cell"
cp -R $B "$W/junk"
{ head -n 3 $B/raw/ring; echo "not a line of smpbench"; } >"$W/junk/raw/ring"
run sh $SB show -r "$W/junk"
# (And the run, cut short of its measurements, said incomplete.)
like "$ERR" "^smpbench: $W/junk/raw/ring:4: not a measurement: 'not a line of smpbench'\$" \
    "a line that is no measurement is reported"

# A binary raw file is refused.
cp -R $B "$W/binary"
printf 'place=free rep=1 \000\001\002\377 switches_per_s=1\n' >"$W/binary/raw/ring"
run sh $SB compare $A "$W/binary"
is "$RC" 1 "a binary raw file: compare exits 1"
is "$ERR" "smpbench: $W/binary/raw/ring: not a text file (4 bytes of binary data): refused" \
    "and says so"
run sh $SB show -r "$W/binary"
is "$RC" 1 "show -r exits 1 too"
is "$OUT" "" "printing nothing"

# A closed standard output is said so.
sh $SB compare $A $B >&- 2>"$TMPDIR_T/closed"
is "$?" 1 "compare into a closed stdout: exit 1"
is "$(cat "$TMPDIR_T/closed")" \
    "smpbench: cannot write to standard output (it is closed)" \
    "and says so"
# A reader that goes away ends it quietly, as it ends cat: exit 141.
sh -c "sh $SB compare -v $A $B $C $D 2>'$TMPDIR_T/pipe'; echo \$? >'$TMPDIR_T/rc'" |
    true
is "$(cat "$TMPDIR_T/pipe")" "" "a pipe closed early: nothing on stderr"
is "$(cat "$TMPDIR_T/rc")" 141 "and exit 141"

# The historical runs: their provenance under the table.
run sh $SB compare results/historical/2001-yield-2.4.1-pre8-van \
    results/historical/2001-yield-2.4.1-pre8-prio $A
is "$RC" 0 "historical runs beside a quick run: exit 0"
like "$(joined "$OUT")" "From the post \\(van, prio\\): linux-kernel and lse-tech, 22 Jan 2001, Hubertus Franke" \
    "where they come from, once"
like "$OUT" '^ 1 : +0\.591 +0\.582 +-2% +0\.403 \(1%\) +-32%$' "their figures, compared"

# A bimodal cell whose row takes a decimal more than its format (0.0073
# beside 0.0076): its clusters' medians are told in the row's decimals.
made_run "$W/q1" herd q1 "2:0.0070,0.0072,0.0073,0.0110,0.0112"
made_run "$W/q2" herd q2 "2:0.0071,0.0074,0.0076,0.0111,0.0113"
run sh $SB compare "$W/q1" "$W/q2"
like "$OUT" '^ +2 : 0\.0073 \(3/5\) 0\.0076 ' "a row of 4 decimals, the format's 3"
like "$OUT" '^bimodal herd 2: q1 fast 0\.0072 \(3 of 5\), slow 0\.0111 \(2\); q2 0\.0076\.$' \
    "its clusters' medians in the row's 4 decimals, as its cells"

# Everything within 72 columns of ASCII.
for pair in "$A $B $C $D" "$A $AG $C $D $W/d2" "$A $FIX/run-b" "results/historical/1991-ring-sun-3-75 $C"; do
	sh $SB compare -f $pair >"$TMPDIR_T/narrow" 2>/dev/null
	check "compare $pair: ASCII, at most 72 columns" narrow "$TMPDIR_T/narrow"
done

done_testing
