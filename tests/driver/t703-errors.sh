# t703-errors: bad input to smpbench under every POSIX shell we can find:
# one clear line on stderr, nothing on stdout, exit 2 for bad usage and 1
# for what cannot be done, and nothing half-written.
# shellcheck disable=SC2086 # $sh and $args are split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=scripts/smpbench
[ -x bin/smpb-ring ] || skip_all "bin/smpb-ring is not built (run make)"

W=$TMPDIR_T/w
mkdir -p "$W/full" "$W/notrun"
: >"$W/file"
: >"$W/full/keep"
export SMPBENCH_SWEEP=tiny SMPBENCH_RESULTS="$W/results"

for s in $SHELLS; do
	sh=$(shell_cmd $s)
	if [ -z "$sh" ]; then
		t_result 0 "# SKIP $s is not installed"
		continue
	fi
	while IFS='|' read -r status args msg; do
		run $sh $SB $args
		is "$RC" "$status" "$s: '$args' exits $status"
		is "$ERR" "$msg" "$s: '$args' says why, in one line"
		is "$OUT" "" "$s: '$args' prints nothing on stdout"
	done <<EOF_BAD
2|frobnicate|smpbench: frobnicate: unknown command (see smpbench -h)
2|-x|smpbench: -x: unknown option (see smpbench -h)
2|run -x|smpbench: run: -x: unknown option (see smpbench -h)
2|run -r|smpbench: run: -r: needs an argument (see smpbench -h)
2|run -r abc|smpbench: run: -r: 'abc' is not a number of repeats (1..100) (see smpbench -h)
2|run -r 5x|smpbench: run: -r: '5x' is not a number of repeats (1..100) (see smpbench -h)
2|run -r -1|smpbench: run: -r: '-1' is not a number of repeats (1..100) (see smpbench -h)
2|run -r 0|smpbench: run: -r: '0' is not a number of repeats (1..100) (see smpbench -h)
2|run -r 101|smpbench: run: -r: '101' is not a number of repeats (1..100) (see smpbench -h)
2|run -r 99999999999999999999|smpbench: run: -r: '99999999999999999999' is not a number of repeats (1..100) (see smpbench -h)
2|run ring nosuch|smpbench: run: unknown workload 'nosuch' (one of: $WORKLOADS) (see smpbench -h)
2|show|smpbench: show: which saved run? (see smpbench -h)
2|show -x $W/notrun|smpbench: show: -x: unknown option (see smpbench -h)
1|show $W/nosuch|smpbench: $W/nosuch: no such directory
1|show $W/notrun|smpbench: $W/notrun: not a saved run (no env file)
2|compare|smpbench: compare: which saved runs? (see smpbench -h)
1|compare tests/fixtures/run-a $W/notrun|smpbench: $W/notrun: not a saved run (no env file)
2|env extra|smpbench: env: unexpected operand 'extra' (see smpbench -h)
1|run -o $W/full ring|smpbench: -o $W/full: exists and is not empty
1|run -o $W/file/run ring|smpbench: cannot create $W/file/run: Not a directory
EOF_BAD
	run env SMPBENCH_RESULTS="$W/file/results" $sh $SB run ring
	is "$RC" 1 "$s: an unwritable results directory exits 1"
	is "$ERR" "smpbench: cannot create $W/file/results: Not a directory" \
	    "$s: and says so in one line"
	run $sh $SB run -o '' ring
	is "$RC" 2 "$s: -o '' exits 2"
	is "$ERR" "smpbench: run: -o: needs a directory (see smpbench -h)" "$s: and says why"
	run env SMPBENCH_SWEEP=huge $sh $SB run ring
	is "$RC" 2 "$s: an unknown SMPBENCH_SWEEP exits 2"
	run $sh $SB run "$(printf 'x\033[2Jy')"
	is "$ERR" "smpbench: run: unknown workload 'x[2Jy' (one of: $WORKLOADS) (see smpbench -h)" \
	    "$s: control characters of bad input are not echoed"
	run $sh $SB -h
	is "$RC" 0 "$s: -h exits 0"
	like "$OUT" '^usage: smpbench run \[-fnq\]' "$s: -h prints usage on stdout"
	run $sh $SB run -h
	is "$RC" 0 "$s: run -h exits 0"
	run $sh $SB
	is "$RC" 2 "$s: no command exits 2"
	like "$ERR" '^usage: smpbench' "$s: with the usage on stderr"
	run $sh $SB -V
	like "$OUT" '^smpbench [0-9]+\.[0-9]+' "$s: -V prints the suite version"
done

# Nothing was created by any of it.
is "$(cd "$W" && find . | LC_ALL=C sort | tr '\n' ' ')" ". ./file ./full ./full/keep ./notrun " \
    "bad input left nothing behind"

done_testing
