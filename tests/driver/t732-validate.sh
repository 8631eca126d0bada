# t732-validate: smpbench validate in its tiny mode (SMPBENCH_SWEEP=tiny,
# two runs of each side): the table's shape, a figure where one belongs
# (never its value), the ratio's rule on made-up samples, perf reported
# absent where it is not installed and failed where it does not run, bad
# input, and a SIGTERM that leaves nothing running and no work files.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=scripts/smpbench
[ -x tests/bench/floor ] || skip_all "tests/bench/floor is not built (run make)"

NUM='[0-9]+\.[0-9]{4}'
# A row: its label, smpbench's median, the reference's, the ratio, its
# target, and each side's spread in percent.
# A ratio: three decimals below 10, one to 999, then >999; a spread in %:
# one decimal, then >999 (a loaded machine throws them far).
RATIO='([0-9]{1,2}\.[0-9]{3}|[0-9]{2,4}\.[0-9]|>999)'
SPREAD='([0-9]+\.[0-9]|>999)'
ROW="$NUM +$NUM +$RATIO +<=[0-9.]+ +$SPREAD +$SPREAD\$"

# shape WHAT PERF: the tiny table's lines, the perf row's reference PERF
# (an ERE).
shape() {
	like "$OUT" '^validate: [^,]+, .+, [0-9]+ CPUs?$' "$1: headed by kernel, CPU model, CPU count"
	like "$OUT" '^ +smpbench +reference +ratio +target +spread \(%\)$' "$1: the columns"
	like "$OUT" '^ +smpb +ref$' "$1: each side's spread"
	like "$OUT" '^Ring of 2 on CPU [0-9]+, us per switch:$' "$1: the ring's rows"
	like "$OUT" "^  vs bare pipe round trip +$NUM +$NUM +$RATIO +<=1\\.01 +$SPREAD +$SPREAD\$" \
	    "$1: against a bare pipe round trip, its target 1.01"
	like "$OUT" "^  vs perf bench sched pipe +$NUM +$2" "$1: against perf bench"
	like "$OUT" '^Yield of 1 on CPU [0-9]+, us per yield:$' "$1: the yield's row"
	like "$OUT" "^  vs a bare sched_yield\\(\\) +$ROW" "$1: against a bare sched_yield()"
	like "$OUT" '^Set-up and teardown of 20 workers, s:$' "$1: the set-up rows"
	like "$OUT" "^  ring vs bare fork/reap +$ROW" "$1: ring against fork"
	like "$OUT" "^  herd vs bare fork/reap +$ROW" "$1: herd against fork"
	like "$OUT" "^  yield vs bare threads +$NUM +$NUM +$RATIO +<=1\\.3 +$SPREAD +$SPREAD\$" "$1: yield against threads"
	like "$OUT" '^Medians of 2 runs of each side, in turn, A B then B A;' \
	    "$1: how it was measured"
	like "$OUT" '^Load average \(1 min\): [0-9.]+ at the start, [0-9.]+ at the end\.$' \
	    "$1: the load"
	printf '%s\n' "$OUT" >"$TMPDIR_T/table"
	check "$1: at most 72 columns of ASCII" narrow "$TMPDIR_T/table"
}

NOPERF=$(path_without perf)
for s in $SHELLS; do
	use_shell $s || continue
	run env PATH="$NOPERF" SMPBENCH_SWEEP=tiny $sh $SB validate
	is "$RC" 0 "$s: validate exits 0"
	is "$ERR" "" "$s: and says nothing on stderr"
	shape "$s" absent
done

# perf, installed or failing.
if need_cmd perf; then
	run env SMPBENCH_SWEEP=tiny sh $SB validate
	is "$RC" 0 "with perf: validate exits 0"
	shape "with perf" "($NUM +$RATIO +<=1 +$SPREAD +$SPREAD|failed +<=1)\$"
else
	t_skip "perf is not installed"
fi
mkdir "$TMPDIR_T/badperf"
printf '#!/bin/sh\necho "perf: not for this kernel" >&2\nexit 1\n' \
    >"$TMPDIR_T/badperf/perf"
chmod +x "$TMPDIR_T/badperf/perf"
run env PATH="$TMPDIR_T/badperf:$PATH" SMPBENCH_SWEEP=tiny sh $SB validate -r 3
is "$RC" 0 "a perf that fails: validate exits 0"
like "$OUT" "^  vs perf bench sched pipe +$NUM +failed +<=1\$" "and says perf failed"
like "$OUT" '^perf bench failed: perf: not for this kernel$' "and what perf said"
like "$OUT" '^Medians of 3 runs of each side' "-r sets the runs"

# The ratio pairs the runs: the median of ring / pipe over pairs (2, 1),
# (10, 20), (30, 30) is 1, where the ratio of the medians would be 0.5;
# a side with a run less is paired as far as it goes.
printf '%s\n' "ring 2" "pipe 1" "ring 10" "pipe 20" "ring 30" "pipe 30" \
    "yield 4" "sched_yield 1" "yield 9" "sched_yield 3" "yield 5" \
    >"$TMPDIR_T/samples"
run env SMPB_ENV= LC_ALL=C awk -f scripts/awk/lib.awk -f scripts/awk/cells.awk \
    -f scripts/awk/text.awk \
    -f scripts/awk/validate.awk -v cpu=0 -v workers=20 -v runs=3 \
    -v load_end=0.5 "$TMPDIR_T/samples"
is "$RC" 0 "made-up samples: the table prints"
like "$OUT" '^  vs bare pipe round trip +10\.0000 +20\.0000 +1\.000 ' \
    "the ratio is the median over pairs of runs, not of the medians"
like "$OUT" '^  vs a bare sched_yield\(\) +5\.0000 +2\.0000 +3\.500 ' \
    "a side with a run less: the pairs there are (4/1, 9/3)"

# Bad input.
while IFS='|' read -r args msg; do
	run sh $SB validate $args
	is "$RC" 2 "validate $args: exit 2"
	is "$ERR" "smpbench: validate: $msg (see smpbench -h)" "validate $args: says why"
	is "$OUT" "" "validate $args: no table"
done <<'EOF'
-r 1|-r: '1' is not a number of runs (2..100)
-r 101|-r: '101' is not a number of runs (2..100)
-r x|-r: 'x' is not a number of runs (2..100)
-r 2x|-r: '2x' is not a number of runs (2..100)
-r|-r: needs an argument
-x|-x: unknown option
now|unexpected operand 'now'
EOF
mkdir -p "$TMPDIR_T/tree"
cp -R scripts "$TMPDIR_T/tree/"
run env SMPBENCH_BIN="$PWD/bin" sh "$TMPDIR_T/tree/scripts/smpbench" validate
is "$RC" 1 "no floor built: exit 1"
is "$ERR" "smpbench: validate: tests/bench/floor is not built (run make validate in the source tree)" \
    "and says so"

# SIGTERM while measuring: exit 143, nothing left running, no work files.
mkdir "$TMPDIR_T/work"
TMPDIR=$TMPDIR_T/work SMPBENCH_SWEEP=tiny sh $SB validate -r 100 \
    >/dev/null 2>"$TMPDIR_T/term.err" &
pid=$!
# Once a sample is in, and with it the traps.
tries=100
until [ -n "$(find "$TMPDIR_T/work" -name samples -size +0)" ] ||
    [ "$tries" -le 0 ]; do
	tries=$((tries - 1))
	sleep 0.1
done
kids=$(children "$pid")
for k in $kids; do
	kids="$kids $(children "$k")"
done
kill -TERM "$pid"
wait "$pid"
is "$?" 143 "SIGTERM: exit 143"
# shellcheck disable=SC2086 # a list of pids
check "SIGTERM: the program measuring is gone" wait_gone 2 $kids
is "$(ls -A "$TMPDIR_T/work")" "" "SIGTERM: no work file left"
is "$(cat "$TMPDIR_T/term.err")" "smpbench: validate: interrupted by SIGTERM" \
    "SIGTERM: says so"

done_testing
