# t611-late-signal: a signal that comes while a program writes its result
# is not lost. With stdout a pipe that is full and that nobody reads yet,
# the program's run ends and its result's write blocks; SIGTERM then
# ends it with exit 143, as anywhere else, not 0 or 1.
# shellcheck disable=SC2317 # functions run through within
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
[ -d /proc/self ] || skip_all "no /proc to see where a program sleeps"

fifo=$TMPDIR_T/fifo
mkfifo "$fifo" || skip_all "cannot make a fifo here"

# asleep PID: PID sleeps (state S).
asleep() {
	case $(ps -o stat= -p "$1" 2>/dev/null) in
	S*) return 0 ;;
	esac
	return 1
}

# writing PID CHILDREN: PID's run is over (CHILDREN children left: the
# guardian, or none for threads; one thread) and it sleeps: in its write.
writing() {
	[ "$(children "$1" | wc -l | tr -d ' ')" -eq "$2" ] &&
	    [ "$(awk '/^Threads:/ { print $2 }' "/proc/$1/status" 2>/dev/null)" = 1 ] &&
	    asleep "$1"
}

# late_term NAME CHILDREN PROG ARGS...: PROG's result written into the
# full fifo, SIGTERM while the write blocks; sets RC and ERR.
late_term() {
	lt_name=$1
	lt_children=$2
	shift 2
	exec 3<>"$fifo"		# a reader that does not read
	cat /dev/zero >"$fifo" &
	lt_filler=$!
	within 10 asleep "$lt_filler"	# the pipe is full
	"$@" >"$fifo" 2>"$TMPDIR_T/err" &
	lt_pid=$!
	if within 30 writing "$lt_pid" "$lt_children"; then
		t_result 0 "$lt_name: its run over, its result's write blocks"
	else
		t_result 1 "$lt_name: its run over, its result's write blocks"
	fi
	kill -TERM "$lt_pid"
	wait "$lt_pid"
	RC=$?
	ERR=$(cat "$TMPDIR_T/err")
	kill "$lt_filler"
	wait "$lt_filler" 2>/dev/null
	exec 3<&-
}

late_term "ring -p" 1 bin/smpb-ring -p -n 2 -T 0.1
is "$RC" 143 "ring -p: SIGTERM during the result's write exits 143"
is "$ERR" "" "and says nothing"
late_term "ring" 1 bin/smpb-ring -n 2 -T 0.1
is "$RC" 143 "ring, the classic line: the same"
late_term "herd -p" 1 bin/smpb-herd -p -n 2 -i 1000
is "$RC" 143 "herd -p: the same"
late_term "yield -p" 0 bin/smpb-yield -p -n 2 -T 0.1
is "$RC" 143 "yield -p, threads: the same"

done_testing
