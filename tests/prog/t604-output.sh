# t604-output: output that cannot be written is a failure. A full disk
# or a closed pipe on stdout must not pass for a result: every program
# exits 1 with a message, whether it was printing a result, a -p line,
# its usage (-h) or its version (-V).
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
[ -w /dev/full ] || skip_all "no /dev/full here"

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
	for form in "$args" "-p $args" -h -V; do
		$prog $form >/dev/full 2>"$TMPDIR_T/err"
		is "$?" 1 "smpb-$w $form >/dev/full exits 1"
		is "$(cat "$TMPDIR_T/err")" \
		    "smpb-$w: cannot write the output: No space left on device" \
		    "and says why"
	done
done
bin/smpb-hog -V >/dev/full 2>"$TMPDIR_T/err"
is "$?" 1 "smpb-hog -V >/dev/full exits 1"

done_testing
