# t608-stdio: a program started with descriptors 0, 1 or 2 closed. Its
# pipes must not take their numbers (a result written into the workers'
# record pipe passed for a success): a result it cannot deliver, stdout
# being closed from the start, is a failure, exit 1 with one line on
# stderr when stderr is open, and stdin or stderr closed alone changes
# nothing.
# shellcheck source=tests/lib.sh
. tests/lib.sh

# Quick arguments for one measurement of each program.
quick_args() {
	case $1 in
	bind) echo "-n 1 -r 1000 -s 4" ;;
	herd) echo "-n 2 -i 100" ;;
	pipe) echo "-s 1 -t 1 -b 1" ;;
	ring) echo "-n 2 -T 0.05" ;;
	yield) echo "-n 1 -T 0.05" ;;
	esac
}

for w in bind herd pipe ring yield; do
	prog=bin/smpb-$w
	[ -x "$prog" ] || { t_result 1 "$prog is built"; continue; }
	args=$(quick_args "$w")
	# shellcheck disable=SC2086 # the arguments, split on purpose
	{
		$prog -p $args <&- >&- 2>"$TMPDIR_T/err"
		is "$?" 1 "smpb-$w -p, stdin and stdout closed: exits 1"
		is "$(cat "$TMPDIR_T/err")" \
		    "smpb-$w: cannot write the output: Bad file descriptor" \
		    "smpb-$w: and says the output is lost"
		$prog $args >&- 2>"$TMPDIR_T/err"
		is "$?" 1 "smpb-$w, the classic line into a closed stdout: exits 1"
		$prog -p $args <&- >&- 2>&-
		is "$?" 1 "smpb-$w -p, 0, 1 and 2 closed: exits 1"
		$prog -p $args <&- 2>&- >"$TMPDIR_T/out"
		is "$?" 0 "smpb-$w -p, stdin and stderr closed: exits 0"
		like "$(cat "$TMPDIR_T/out")" "$KV_LINE" \
		    "smpb-$w: and its line is on stdout, whole"
		$prog -h >&- 2>"$TMPDIR_T/err"
		is "$?" 1 "smpb-$w -h into a closed stdout: exits 1"
	}
done
bin/smpb-hog -T 0.01 <&- >&- 2>&-
is "$?" 0 "smpb-hog prints nothing: a closed stdout loses nothing, exit 0"
bin/smpb-hog -V >&- 2>"$TMPDIR_T/err"
is "$?" 1 "smpb-hog -V into a closed stdout: exits 1"
is "$(cat "$TMPDIR_T/err")" \
    "smpb-hog: cannot write the output: Bad file descriptor" "and says so"

done_testing
