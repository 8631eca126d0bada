# t603-watch: -W ties a program's life to its parent's. A parent killed
# outright (SIGKILL, no cleanup) must not leave a workload measuring on:
# the program and every worker are gone within a few seconds, even when
# the parent died before the program could watch it (SMPB_PARENT).
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh

for w in $WORKLOADS; do
	prog=bin/smpb-$w
	[ -x "$prog" ] || { t_result 1 "$prog is built"; continue; }
	# A long run, ended by the parent's death (the -L 120 watchdog is a
	# net), and what it has once its workers started: its file's facts.
	args=$(wl_fact "$w" test_long)
	workers=$(wl_fact "$w" test_workers)
	if [ -z "$args" ] || [ -z "$workers" ]; then
		t_result 1 "$w: scripts/workloads/$w.sh gives test_long_$w and test_workers_$w"
		continue
	fi
	pidfile=$TMPDIR_T/$w.pid
	rm -f "$pidfile"
	# The parent: a shell that starts the program and waits for it.
	# shellcheck disable=SC2016,SC2086 # expanded by the inner shell; split
	sh -c 'SMPB_PARENT=$$ "$@" & echo $! >"$0"; wait' "$pidfile" \
	    "$prog" -W -L 120 $args >/dev/null 2>&1 &
	parent=$!
	tries=50
	while [ ! -s "$pidfile" ] && [ "$tries" -gt 0 ]; do
		sleep 0.1
		tries=$((tries - 1))
	done
	prog_pid=$(cat "$pidfile" 2>/dev/null)
	check "$w: the program started" test -n "$prog_pid"
	[ -n "$prog_pid" ] || continue
	# Its workers (and guardian, for processes) exist before the kill.
	check "$w: its workers started ($workers)" \
	    within 5 has_workers "$prog_pid" "$workers"
	kids=$(children "$prog_pid")
	kill -KILL "$parent"
	wait "$parent" 2>/dev/null
	# shellcheck disable=SC2086 # a list of pids
	check "$w -W: program and workers gone within 5 s of the parent's SIGKILL" \
	    wait_gone 5 "$prog_pid" $kids
	# Nothing may survive a failed check either.
	# shellcheck disable=SC2086
	kill -KILL "$prog_pid" $kids 2>/dev/null
done

done_testing
