# t608-stdio: a program started with descriptors 0, 1 or 2 closed, or
# writing into a pipe nobody reads. Its pipes must not take the closed
# descriptors' numbers (a result written into the workers' record pipe
# passed for a success): a result it cannot deliver, stdout being closed
# from the start, is a failure, exit 1 with one line on stderr when
# stderr is open, and stdin or stderr closed alone changes nothing. Its
# usage (-h) and version (-V) into a closed pipe are lost output too:
# exit 1 and one line, not a silent death by SIGPIPE.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh

for w in $WORKLOADS; do
	prog=bin/smpb-$w
	[ -x "$prog" ] || { t_result 1 "$prog is built"; continue; }
	# One short measurement: its file's test_quick.
	args=$(wl_fact "$w" test_quick)
	if [ -z "$args" ]; then
		t_result 1 "$w: scripts/workloads/$w.sh gives test_quick_$w"
		continue
	fi
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

# closed_pipe FILE CMD...: run CMD with stdout a pipe whose reader has
# already gone, SIGPIPE at its default action (as a shell gives it), and
# its status in FILE. The subshell writes into the pipe, ignoring
# SIGPIPE, until a write fails: the reader (true) is gone then, whatever
# the pipe's size.
closed_pipe() {
	cp_file=$1
	shift
	(
		trap '' PIPE
		while printf '%4096s' '' 2>/dev/null; do
			:
		done
		trap - PIPE
		"$@"
		echo "$?" >"$cp_file"
	) | true
}

# The shell here must give a command SIGPIPE back at its default action.
closed_pipe "$TMPDIR_T/rc" sh -c 'printf x; exit 0'
[ "$(cat "$TMPDIR_T/rc")" -gt 128 ] ||
    skip_all "SIGPIPE was ignored when this shell started: it cannot be reset"
for w in $PROGRAMS; do
	for o in -h -V; do
		closed_pipe "$TMPDIR_T/rc" "bin/smpb-$w" $o 2>"$TMPDIR_T/err"
		is "$(cat "$TMPDIR_T/rc")" 1 "smpb-$w $o into a closed pipe: exit 1"
		is "$(cat "$TMPDIR_T/err")" \
		    "smpb-$w: cannot write the output: Broken pipe" \
		    "smpb-$w $o: and one line says why"
	done
done

done_testing
