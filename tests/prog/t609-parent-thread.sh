# t609-parent-thread: the parent a program outlives no longer (-W, and
# always the hog) is a process, not the thread that started it. Started
# from a thread that then ends while its process lives on (the kernel's
# parent-death signal follows that thread), smpb-ring -W, smpb-yield -W
# and smpb-hog run on and end normally. A parent process that is really
# gone ends them with one line saying so.
# shellcheck disable=SC2317 # functions run through within
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "programs started from a thread that ends"

cc=${CC:-cc}
need_cmd "$cc" || skip_all "no C compiler ($cc) for the helper"
helper=$TMPDIR_T/spawn-thread
"$cc" -o "$helper" tests/prog/spawn-thread.c -lpthread \
    >"$TMPDIR_T/cc.log" 2>&1 || {
	sed 's/^/# /' "$TMPDIR_T/cc.log"
	skip_all "the helper does not build here"
}

# ONE_CPU: taskset to the first CPU we may use, where there is one: a
# ring or yield that only runs on until its end or its parent's burns
# one CPU, not every one (what is checked is how it ends).
ONE_CPU=
cpu0=$(first_cpu)
[ -n "$cpu0" ] && need_cmd taskset && ONE_CPU="taskset -c $cpu0"

# ring_started PID: the ring PID has its guardian and workers (2).
ring_started() {
	has_children "$1" 3
}

# yield_started PID: smpb-yield PID runs its 2 threads.
yield_started() {
	[ "$(ps -o nlwp= -p "$1" 2>/dev/null | tr -d ' ')" -ge 3 ] 2>/dev/null
}

# running PID: PID is alive.
running() {
	[ "$(alive "$1")" -eq 1 ]
}

# burning PID: PID has used CPU time in user mode (Linux /proc).
burning() {
	[ "$(awk '{ print $14 }' "/proc/$1/stat" 2>/dev/null)" -gt 0 ] \
	    2>/dev/null
}

# from_thread NAME STATE PROG ARGS...: PROG ARGS started by a thread of
# the helper; once STATE PID holds (the program is past its set-up), the
# thread ends; the program must run on, and end with exit 0.
from_thread() {
	ft_name=$1
	ft_state=$2
	shift 2
	ft_dir=$TMPDIR_T/$ft_name
	mkdir -p "$ft_dir"
	# shellcheck disable=SC2086 # taskset and its CPU, or nothing
	$ONE_CPU "$helper" "$ft_dir" "$@" >"$ft_dir/out" 2>"$ft_dir/err" &
	ft_helper=$!
	within 10 test -s "$ft_dir/pid"
	ft_pid=$(cat "$ft_dir/pid" 2>/dev/null)
	check "$ft_name: started from a thread" test -n "$ft_pid"
	within 10 "$ft_state" "$ft_pid"
	: >"$ft_dir/go"
	wait "$ft_helper"
	ft_rc=$?
	if [ "$ft_rc" -eq 125 ]; then
		t_skip "$ft_name: it ended before the thread did (a loaded machine)"
		return
	fi
	is "$ft_rc" 0 "$ft_name: its parent's thread ended, not its parent: it ran to its end, exit 0"
	is "$(cat "$ft_dir/err")" "" "$ft_name: and said nothing on stderr"
	FT_OUT=$(cat "$ft_dir/out")
}

from_thread ring ring_started bin/smpb-ring -W -p -n 2 -T 1
like "$FT_OUT" "$KV_LINE" "ring: and printed its line"
from_thread yield yield_started bin/smpb-yield -W -p -n 2 -T 1
like "$FT_OUT" "$KV_LINE" "yield: and printed its line"
if [ -r /proc/self/stat ]; then
	from_thread hog burning bin/smpb-hog -T 1
else
	t_skip "no /proc to see the hog burn"
fi

# A parent named in SMPB_PARENT that is not the parent: gone already.
SMPB_PARENT=1 run bin/smpb-ring -W -n 2 -T 5
is "$RC" 129 "SMPB_PARENT names another process: exit 129"
is "$ERR" "smpb-ring: parent process 1 is gone" "and says why"

# A parent process that is really gone: one line, then the end.
for prog in "bin/smpb-ring -W -n 2 -T 60" "bin/smpb-hog -T 60"; do
	name=${prog#bin/}
	name=${name%% *}
	rm -f "$TMPDIR_T/pid" "$TMPDIR_T/err"
	# shellcheck disable=SC2016 # expanded by the inner shell
	sh -c '$3 $1 2>"$2/err" & echo $! >"$2/pid"; wait' sh "$prog" \
	    "$TMPDIR_T" "$ONE_CPU" &
	parent=$!
	within 10 test -s "$TMPDIR_T/pid"
	pid=$(cat "$TMPDIR_T/pid")
	case $name in
	smpb-ring) within 10 ring_started "$pid" ;;
	*) within 10 running "$pid" ;;
	esac
	kill -KILL "$parent"
	wait "$parent" 2>/dev/null
	check "$name: gone with its parent process" wait_gone 5 "$pid"
	is "$(cat "$TMPDIR_T/err")" "$name: parent process $parent is gone" \
	    "$name: and said why"
done

done_testing
