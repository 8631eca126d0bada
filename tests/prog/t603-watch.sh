# t603-watch: -W ties a program's life to its parent's. A parent killed
# outright (SIGKILL, no cleanup) must not leave a workload measuring on:
# the program and every worker are gone within a few seconds, even when
# the parent died before the program could watch it (SMPB_PARENT).
# shellcheck source=tests/lib.sh
. tests/lib.sh

# Long runs, ended by the parent's death (the -L 120 watchdog is a net).
long_args() {
	case $1 in
	bind) echo "-n 2 -s 64 -T 100" ;;
	herd) echo "-n 3 -i 1000000000000" ;;
	pipe) echo "-s 1 -t 1000000 -b 65536" ;;
	ring) echo "-n 3 -T 100" ;;
	yield) echo "-n 3 -T 100" ;;
	esac
}

for w in $WORKLOADS; do
	prog=bin/smpb-$w
	[ -x "$prog" ] || { t_result 1 "$prog is built"; continue; }
	pidfile=$TMPDIR_T/$w.pid
	rm -f "$pidfile"
	# The parent: a shell that starts the program and waits for it.
	# shellcheck disable=SC2016,SC2046 # expanded by the inner shell; split
	sh -c 'SMPB_PARENT=$$ "$@" & echo $! >"$0"; wait' "$pidfile" \
	    "$prog" -W -L 120 $(long_args "$w") >/dev/null 2>&1 &
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
	case $w in
	yield) check "$w: running" test "$(alive "$prog_pid")" -eq 1 ;;
	*) check "$w: its workers started" wait_children "$prog_pid" 3 ;;
	esac
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
