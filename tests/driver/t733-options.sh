# t733-options: options after the operands (smpbench run ring -l x),
# under every POSIX shell we can find: every subcommand takes them as if
# they came first, "--" ends the options, and what is wrong with one is
# said as it is when it comes first.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
FIX=tests/fixtures
# A run of one workload, ring, for show and plot.
RING=results/historical/1991-ring-sun-3-75
SB=scripts/smpbench
[ -x bin/smpb-ring ] || skip_all "bin/smpb-ring is not built (run make)"
FAKE=$TMPDIR_T/fake
fake_prog "$FAKE" ring
NOGNU=$(path_without gnuplot)
export SMPBENCH_SWEEP=tiny SMPBENCH_RESULTS="$TMPDIR_T/results"

for s in $SHELLS; do
	use_shell $s || continue
	run $sh $SB run -n -r 2 ring
	first=$ERR
	run $sh $SB run ring -n -r 2
	is "$RC" 0 "$s: run ring -n -r 2 exits 0"
	is "$ERR" "$first" "$s: and is run -n -r 2 ring"
	like "$ERR" ' measurements \(2 repeats\), about [0-9]+ (s|min|h); nothing run$' \
	    "$s: the -r after the workload counts"
	run $sh $SB run ring -nr2
	is "$ERR" "$first" "$s: a cluster after the workload, -nr2"
	run $sh $SB run -n -- ring -l
	is "$RC" 2 "$s: after --, -l is an operand"
	is "$ERR" "smpbench: run: unknown workload '-l' (one of: $WORKLOADS) (see smpbench -h)" \
	    "$s: and is said to be no workload"
	run $sh $SB run ring -l
	is "$ERR" "smpbench: run: -l: needs an argument (see smpbench -h)" \
	    "$s: run ring -l: -l needs an argument"
	run $sh $SB run ring -x
	is "$ERR" "smpbench: run: -x: unknown option (see smpbench -h)" \
	    "$s: run ring -x: an unknown option"
	run $sh $SB run ring -h
	is "$RC" 0 "$s: run ring -h exits 0"
	like "$OUT" '^usage: smpbench run ' "$s: and prints the help"
	# A real run: the label after the workload, quotes and all.
	out=$TMPDIR_T/$s-run
	run env SMPBENCH_BIN="$FAKE" $sh $SB run ring -r 1 -o "$out" -l "it's \"x\""
	is "$RC" 0 "$s: run ring -r 1 -o DIR -l LABEL exits 0"
	is "$(sed -n 's/^label=//p' "$out/env" 2>/dev/null)" "it's \"x\"" \
	    "$s: the label given after the workload, quotes and all"
	is "$(sed -n 's/^repeats=//p' "$out/env" 2>/dev/null)" 1 \
	    "$s: and the repeats"
	run $sh $SB show $RING -r
	[ -n "${show_r+set}" ] || show_r=$(sh $SB show -r $RING)
	is "$OUT" "$show_r" "$s: show DIR -r is show -r DIR"
	d=$TMPDIR_T/$s-plots
	run env PATH="$NOGNU" $sh $SB plot $RING -o "$d"
	is "$RC" 0 "$s: plot DIR -o OUT exits 0"
	check "$s: and writes into OUT" test -s "$d/ring.gp"
	run $sh $SB export $FIX/run-a -h
	is "$RC" 0 "$s: export DIR -h exits 0"
	like "$OUT" '^usage: smpbench export dir \.\.\.$' "$s: and prints export's help"
	run $sh $SB validate x -q
	is "$ERR" "smpbench: validate: -q: unknown option (see smpbench -h)" \
	    "$s: validate x -q: the option is read before the operand"
	run $sh $SB env x -h
	is "$RC" 0 "$s: env x -h exits 0, the help"
done

done_testing
