# t722-stdout: smpbench run with its stdout a pipe whose reader has gone
# (smpbench run | head -1), under every POSIX shell we can find: the run
# goes on to the end, says once that the tables cannot be printed, saves
# them in the run, and exits 0; the same with stderr closed too (it then
# says nothing, but loses nothing), and (under dash) with SIGPIPE ignored,
# where the writes fail with EPIPE instead.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "runs whose stdout reader goes away"
SB=$PWD/scripts/smpbench
FAKE=$TMPDIR_T/fake
fake_prog "$FAKE" ring
fake_prog "$FAKE" herd
export SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny

# closed_out PIPE CMD...: run CMD with stdout a pipe whose reader is gone
# (found by writing to it until a write fails), SIGPIPE trapped (PIPE=:)
# or ignored (PIPE=''); CMD's status in $TMPDIR_T/rc.
closed_out() {
	co_pipe=$1
	shift
	{
		# shellcheck disable=SC2064 # the action, chosen now
		trap "$co_pipe" PIPE
		while printf x 2>/dev/null; do
			sleep 0.05
		done
		"$@"
		echo $? >"$TMPDIR_T/rc"
	} | true
}

for s in $SHELLS; do
	use_shell $s || continue
	# SIGPIPE ignored only makes cat fail with EPIPE: once is enough.
	vs="sigpipe stderr"
	[ "$s" = dash ] && vs="$vs ignored"
	for v in $vs; do
		out=$TMPDIR_T/$s-$v
		case $v in
		sigpipe) closed_out : $sh "$SB" run -r 1 -o "$out" ring herd 2>"$out.err" ;;
		ignored) closed_out '' $sh "$SB" run -r 1 -o "$out" herd 2>"$out.err" ;;
		stderr)
			closed_out : sh -c 'exec "$@" 2>&1' sh $sh "$SB" run -r 1 \
			    -o "$out" herd
			;;
		esac
		is "$(cat "$TMPDIR_T/rc")" 0 "$s: stdout closed ($v): exit 0"
		check "$s: ($v) the run is complete" test -f "$out/complete"
		check "$s: ($v) every workload ran" test -s "$out/raw/herd"
		like "$(cat "$out/tables")" '^herd: ' "$s: ($v) and all its tables are saved"
		is "$(find "$out" -name '.*' | wc -l | tr -d ' ')" 0 "$s: ($v) no temporary file left"
		[ $v = stderr ] && continue
		is "$(grep -c 'standard output' "$out.err")" 1 "$s: ($v) it says so once"
		like "$(cat "$out.err")" "^smpbench: cannot write to standard output \\(.*\\): the run goes on, its tables saved in $out/tables\$" \
		    "$s: ($v) that the run goes on, and where the tables are"
	done
done

done_testing
