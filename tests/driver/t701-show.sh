# t701-show: smpbench show and compare against saved runs (tests/fixtures,
# results/historical), under every POSIX shell we can find and with two
# awks: the tables come back exactly, at most 72 columns of ASCII.
# Show takes runs one after the other, each printed as alone, a blank
# line between: one show of several runs is held, run by run, against
# each one's saved tables.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
FIX=tests/fixtures
HIST=results/historical
SB=scripts/smpbench

# parts FILE PREFIX N...: FILE (what show printed for several runs) cut
# in one awk into PREFIX.1, PREFIX.2, ...: the Kth holds the N (the Kth
# N) lines of the Kth run, then, but after the last run, the line that
# must be blank between two runs, shown when it is not; the last holds
# every line left.
parts() {
	pa_f=$1 pa_p=$2
	shift 2
	awk -v p="$pa_p" -v ns="$*" '
	BEGIN { k = split(ns, n, " "); r = 1; left = n[1]; f = p ".1"
		for (i = 1; i <= k; i++) printf "" > (p "." i) }
	r < k && left == 0 {
		if ($0 != "") print "# not blank: " $0 > f
		close(f); r++; left = n[r]; f = p "." r; next }
	{ print > f; left-- }' "$pa_f"
}

# same_part PART FILE NAME: the part PART (parts) holds FILE's text.
same_part() {
	slurp "$1"
	sp_got=$SLURPED
	slurp "$2"
	is "$sp_got" "$SLURPED" "$3"
}

RUNS="run-a run-b run-big"
# n_a, n_b, n_big, n_c: how many lines each run's saved tables have.
n_a=0 n_b=0 n_big=0 n_c=0
eval "$(awk 'FNR == 1 && NR > 1 { print v "=" n } FNR == 1 { v = FILENAME
	sub(/\/tables$/, "", v); sub(/.*\/run-/, "n_", v); n = 0 } { n++ }
	END { print v "=" n }' $FIX/run-a/tables $FIX/run-b/tables \
    $FIX/run-big/tables $FIX/run-c/tables)"
NS="$n_a $n_b $n_big"
slurp $FIX/compare-a-b.out
CMP_AB=$SLURPED

# each_part FILE NAME: FILE, what show printed for run-a, run-b and
# run-big, held run by run against each one's saved tables, a check each
# named NAME (where RUN stands for the run).
each_part() {
	parts "$1" "$1" $NS
	ep_k=0
	for ep_r in $RUNS; do
		ep_k=$((ep_k + 1))
		same_part "$1.$ep_k" $FIX/$ep_r/tables "${2%%RUN*}$ep_r${2#*RUN}"
	done
}

big=
for s in $SHELLS; do
	sh=$(shell_cmd $s)
	if [ -z "$sh" ]; then
		t_result 0 "# SKIP $s is not installed"
		continue
	fi
	run $sh $SB show $FIX/run-a $FIX/run-b $FIX/run-big
	cp "$TMPDIR_T/out" "$TMPDIR_T/show"
	parts "$TMPDIR_T/show" "$TMPDIR_T/show" $NS
	k=0
	for r in $RUNS; do
		k=$((k + 1))
		is "$RC" 0 "$s: show $r exits 0"
		same_part "$TMPDIR_T/show.$k" $FIX/$r/tables "$s: show $r prints its tables"
		is "$ERR" "" "$s: show $r says nothing on stderr"
	done
	slurp $FIX/run-a/tables
	all=$SLURPED$T_NL$T_NL
	slurp $FIX/run-b/tables
	all=$all$SLURPED$T_NL$T_NL
	slurp $FIX/run-big/tables
	is "$OUT" "$all$SLURPED" \
	    "$s: show of three runs prints them all, a blank line between"
	run $sh $SB show -r $FIX/run-a $FIX/run-b $FIX/run-big
	cp "$TMPDIR_T/out" "$TMPDIR_T/show-r"
	each_part "$TMPDIR_T/show-r" "$s: show -r RUN makes the same tables from raw/"
	# run-big, made again from raw/, for the checks below.
	[ -n "$big" ] || { big=$TMPDIR_T/big; cp "$TMPDIR_T/show-r.3" "$big"; }
	run $sh $SB show $FIX/run-c
	is "$RC" 0 "$s: show of an incomplete run exits 0"
	parts "$TMPDIR_T/out" "$TMPDIR_T/show-c" "$n_c" 0
	same_part "$TMPDIR_T/show-c.1" $FIX/run-c/tables \
	    "$s: and prints the tables it saved"
	like "$OUT" '^yield: 6\.1\.0-c, ' \
	    "$s: then the table of the workload it was measuring"
	like "$OUT" '^smpb-yield -T 0\.05; one measurement per cell\.$' \
	    "$s: of the repeats it made"
	is "$ERR" "smpbench: note: $FIX/run-c is incomplete: interrupted by SIGINT during yield; 10 of 12 measurements made" \
	    "$s: and says it is incomplete, and why"
	run $sh $SB compare $FIX/run-a $FIX/run-b
	is "$RC" 0 "$s: compare exits 0"
	is "$(versionless "$OUT")" "$CMP_AB" \
	    "$s: compare prints the saved comparison"
done

# The made-up 32-CPU box: long sweeps, six placements, 16 bound workers;
# its second run had its llc pair on other CPUs (0,3, not 0,1). Its
# tables made again from raw/ above (or here, where no shell ran).
if [ -z "$big" ]; then
	big=$TMPDIR_T/big
	sh $SB show -r $FIX/run-big >"$big"
fi
slurp "$big"
OUT=$SLURPED
check "run-big: every table within 72 columns" narrow "$big"
like "$OUT" '^%CPU of the pair, llc: -c 0,1 \(two cores sharing a last-level cache\):$' \
    "run-big: a pipe table names its placement and its pair"
like "$OUT" '^  2 : +[0-9]+[~=!]? switches / second  xllc: -c 0,4$' \
    "run-big: the pinned rings, each pair beside its figure"
like "$OUT" '^128 : [0-9]+[~=!]? switches / second$' "run-big: ring sizes up to 128"
like "$OUT" '^  processes, one per core \(-c 0-15\)$' "run-big: bind, one worker per core"
# run-a is a tiny run of another machine: compared with -f, marked.
run sh $SB compare -f $FIX/run-big $FIX/run-big2 $FIX/run-a
check "compare of the big runs stays within 72 columns" narrow "$TMPDIR_T/out"
like "$OUT" '^   2 llc : +85800 \(5%\) +88463 \(3%\) +\+3% +- *$' \
    "compare matches llc by name, not by its CPUs"
like "$OUT" '^   2 one : +505496 \(1%\) +476781 \(5%\) +-6% +448811 \(13%\) +-11%$' \
    "and one across machines"
like "$OUT" '^2 spread : +- +- +20062 +\(5%\)$' "a placement one run lacks is left empty"
like "$OUT" '^\? 6\.1\.0-a: another machine \(Example CPU @ 2\.00GHz, 2 CPUs\)\.$' \
    "another machine is marked"
like "$OUT" '^ *hog, bound, 16 per core : ' "bind: the per-core configuration is a row of its own"

# The same with busybox's awk instead of the system's: POSIX awk only.
if need_cmd busybox && busybox awk 'BEGIN { exit 0 }' 2>/dev/null; then
	mkdir "$TMPDIR_T/bbawk"
	ln -s "$(command -v busybox)" "$TMPDIR_T/bbawk/awk"
	run env PATH="$TMPDIR_T/bbawk:$PATH" sh $SB show -r $FIX/run-a \
	    $FIX/run-b $FIX/run-big
	cp "$TMPDIR_T/out" "$TMPDIR_T/bb-show-r"
	each_part "$TMPDIR_T/bb-show-r" "busybox awk: show -r RUN makes the same tables"
	run env PATH="$TMPDIR_T/bbawk:$PATH" sh $SB compare $FIX/run-a $FIX/run-b
	is "$(versionless "$OUT")" "$CMP_AB" \
	    "busybox awk: the same comparison"
else
	t_result 0 "# SKIP busybox awk is not installed"
fi

# The historical runs: saved runs like any other, made again from raw/
# in one show, held run by run against each one's tables.
set --
for d in "$HIST"/*/; do
	set -- "$@" "${d%/}"
done
run sh $SB show -r "$@"
cp "$TMPDIR_T/out" "$TMPDIR_T/hist"
n=0
[ "$RC" -eq 0 ] || { printf '# show -r of the historical runs: exit %s\n' "$RC"; n=1; }
# Each one's tables' lines, in one awk (none is empty).
hn=$(for d in "$@"; do printf '%s/tables\n' "$d"; done |
    xargs awk 'FNR == 1 && NR > 1 { printf "%d ", n } FNR == 1 { n = 0 }
	{ n++ } END { print n }')
# shellcheck disable=SC2086 # the counts, split on purpose
parts "$TMPDIR_T/hist" "$TMPDIR_T/hist" $hn
k=0
for d in "$@"; do
	k=$((k + 1))
	slurp "$TMPDIR_T/hist.$k"
	got=$SLURPED
	slurp "$d/tables"
	if [ "$got" != "$SLURPED" ]; then
		printf '# %s: show -r differs from its tables\n' "$d"
		n=$((n + 1))
	fi
done
is "$n" 0 "every historical run's tables come back from its raw/"
n=0
for w in $WORKLOADS; do
	for d in "$HIST"/*-"$w"-*/; do
		[ -f "$d/env" ] && n=$((n + 1))
	done
done
is "$n" 14 "the seeds' 14 tables are there, each a saved run"

# Seed 001's reply comes back from the data: #T : van prio MQ.
run sh $SB compare $HIST/2001-yield-2.4.1-pre8-van \
    $HIST/2001-yield-2.4.1-pre8-prio $HIST/2001-yield-2.4.1-pre8-mq
is "$RC" 0 "compare of the three 2001 schedulers exits 0"
like "$OUT" '^#T : +van +prio +MQ$' "headed by the reply's labels"
like "$OUT" '^ 1 : +0\.591 +0\.582 +-2% +0\.750 +\+27%$' "first row: the reply's figures and changes"
like "$OUT" '^32 : +4\.476 +1\.953 +-56% +2\.339 +-48%$' "last row too"
like "$OUT" '^   : figure figure change figure change$' \
    "one figure a column: figure, not median, above the cells"
# Seed 002's table: Processes, one column per system.
run sh $SB compare $HIST/1999-herd-linux-2.2.7 $HIST/1999-herd-digital-unix-4.0d \
    $HIST/1999-herd-solaris-5.6
like "$OUT" '^ +50 : +87\.721 +23\.707 +-73% +43\.008 +-51%$' "herd: the seed's 50-process row"
# Tables of many runs split into blocks that fit.
run sh $SB compare $HIST/1991-ring-* $FIX/run-a $FIX/run-b
is "$RC" 0 "compare of six runs exits 0"
check "and stays within 72 columns" narrow "$TMPDIR_T/out"

# Every saved table is plain ASCII, at most 72 columns, but a report's
# line to rerun it (narrow, over them all at once: each file with a bad
# line counted).
n=$(LC_ALL=C awk 'FNR == 1 { bad = 0 }
	/^reproduce: / && /^[ -~]*$/ { next }
	!bad && (length($0) > 72 || /[^ -~]/) { bad = 1; n++ }
	length($0) > 72 || /[^ -~]/ { printf "# %s:%d: %s\n", FILENAME, FNR, $0 }
	END { print n + 0 }' "$FIX"/*/tables "$FIX"/compare-a-b.out "$HIST"/*/tables)
case $n in
*"$T_NL"*) printf '%s\n' "${n%"$T_NL"*}" ;;
esac
is "${n##*"$T_NL"}" 0 "every saved table is ASCII, at most 72 columns"

# A fixture's raw lines are driver keys, then a -p line or exit=N.
bad=$(cat $FIX/run-a/raw/* $FIX/run-b/raw/* $FIX/run-big/raw/* | LC_ALL=C grep -Evc \
    '^place=(free|one|smt|llc|spread|xllc|node|cores) rep=[0-9]+ argv=[^ ]*( cpulist=[0-9,-]+)?( [a-z_0-9]+=-?[0-9.]+)+$')
is "$bad" 0 "every raw line has the documented form"

done_testing
