# t741-output: output that is lost is never a success, under every POSIX
# shell we can find. Every command that prints (show, show -r, compare,
# export, plot, env, run -n, each one's -h, smpbench -h and -V), with its
# stdout closed (>&-) or full (/dev/full): exit 1, and one line on
# stderr saying that stdout cannot be written, and why. A run, which
# saves its tables in the run, goes on with stdout closed, says so once,
# and exits 0.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "every command with its stdout closed or full"
SB=$PWD/scripts/smpbench
FIX=$PWD/tests/fixtures
FAKE=$TMPDIR_T/fake
fake_prog "$FAKE" herd
NOGNU=$(path_without gnuplot)
[ -w /dev/full ] || t_skip "no /dev/full: only a closed stdout is tried"

# lost HOW NAME ARGS...: smpbench ARGS with stdout lost HOW (closed or
# full): exit 1, one line on stderr. (No process of the test's own but
# the driver: PATH set for it alone, stderr read by the shell.)
lost() {
	lo_how=$1 lo_name=$2
	shift 2
	if [ "$lo_how" = closed ]; then
		PATH="$NOGNU" $sh "$SB" "$@" >&- 2>"$TMPDIR_T/err"
	else
		PATH="$NOGNU" $sh "$SB" "$@" >/dev/full 2>"$TMPDIR_T/err"
	fi
	RC=$?
	# The load of the machine is warned about by env; that is not it.
	ERR=''
	lo_n=0
	while IFS= read -r lo_line || [ -n "$lo_line" ]; do
		case $lo_line in
		'smpbench: warning: load average'*) continue ;;
		esac
		ERR=$ERR${ERR:+$NL}$lo_line lo_n=$((lo_n + 1))
	done <"$TMPDIR_T/err"
	is "$RC" 1 "$s: $lo_name, stdout $lo_how: exit 1"
	case $lo_how in
	closed) want='^smpbench: cannot write to standard output \(it is closed\)$' ;;
	*) want='^smpbench: cannot write to standard output( \([A-Za-z/ ]+\))?$' ;;
	esac
	if [ "$lo_n" -eq 1 ]; then
		like "$ERR" "$want" "$s: $lo_name, stdout $lo_how: says so, once"
	else
		t_result 1 "$s: $lo_name, stdout $lo_how: says so, once"
		printf '#   %s\n' "$ERR"
	fi
}
NL='
'

n=0
for s in $SHELLS; do
	use_shell $s || continue
	for how in closed full; do
		[ "$how" = full ] && [ ! -w /dev/full ] && continue
		n=$((n + 1))
		lost $how show show "$FIX/run-a"
		lost $how "show -r" show -r "$FIX/run-a"
		lost $how compare compare "$FIX/run-a" "$FIX/run-b"
		lost $how export export "$FIX/run-a"
		lost $how plot plot -o "$TMPDIR_T/plots-$s-$n" "$FIX/run-a"
		lost $how env env
		lost $how "run -n" run -n
		for c in show compare plot export env run validate; do
			lost $how "$c -h" $c -h
		done
		lost $how -h -h
		lost $how -V -V
	done

	# A run with stdout closed measures all the same.
	out=$TMPDIR_T/$s-run
	env SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny $sh "$SB" run -r 1 \
	    -o "$out" herd >&- 2>"$TMPDIR_T/err"
	is "$?" 0 "$s: run, stdout closed: exit 0"
	check "$s: run, stdout closed: the run is complete" test -f "$out/complete"
	like "$(cat "$out/tables")" '^herd: ' "$s: run, stdout closed: its tables saved"
	is "$(grep -v '^smpbench: warning: load average' "$TMPDIR_T/err" |
	    grep -v -e "^smpbench: saved in $out " -e '^smpbench: tiny run: ' \
	    -e '^smpbench: \[[0-9]*/[0-9]*\] herd: ')" \
	    "smpbench: cannot write to standard output (it is closed): the run goes on, its tables saved in $out/tables" \
	    "$s: run, stdout closed: says so once, and nothing else"
done

done_testing
