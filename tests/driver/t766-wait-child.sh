# t766-wait-child: wait_child (scripts/lib/child.sh), which every child
# the driver waits for in the background goes through (compare's awk, a
# measuring program, a virtual machine), gives the child's own status
# under every shell, and where the shell's wait behaves as posh's can:
# returning 1 at once while the child lives, or returning 1 for a child
# the shell has already reaped by itself, whose status a later wait
# gives (the first made compare say "cannot compare these runs" where
# its awk had been killed). The shell's wait is played by a function
# of that name, over the real one. A PID that is no child (0, as yash's
# $! where it could not fork, whose kill -0 signals the process group)
# is not waited for, nor looped over: 127.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
T=$TMPDIR_T

# The script each shell runs: a case a line, CASE=STATUS.
cat >"$T/wait.sh" <<'SCRIPT'
. scripts/lib/child.sh
# play: how the next calls of wait behave: real, early (1 at once while
# the child lives, until it is let go: the file $go), reaped (1 for a
# child the shell reaped by itself, its status from a later wait).
play=real
wait() {
	case $play in
	early)
		[ -e "$go" ] || { : >"$go"; return 1; }
		command wait "$@"
		;;
	reaped)
		command wait "$1"
		held=$?
		play=held
		return 1
		;;
	held) return "$held" ;;
	*) command wait "$@" ;;
	esac
}
go=$1/go
for c in real:0 real:1 real:3 early:5 early:1 reaped:3 reaped:0; do
	play=${c%:*}
	rm -f "$go"
	sh -c 'while [ ! -e "$1" ]; do sleep 0.01; done; exit "$2"' \
	    sh "$go" "${c#*:}" &
	[ "$play" = early ] || : >"$go"
	wait_child "$!"
	printf '%s=%s\n' "$c" "$wc_rc"
done
# No child: a $! of 0 (yash's where it could not fork), none at all, or
# one that is no child of this shell (this shell's parent).
play=real
for p in 0 '' "$PPID"; do
	wait_child "$p" 2>/dev/null
	printf 'none=%s\n' "$wc_rc"
done
SCRIPT

want='real:0=0
real:1=1
real:3=3
early:5=5
early:1=1
reaped:3=3
reaped:0=0
none=127
none=127
none=127'
for s in $SHELLS; do
	use_shell $s || continue
	run $sh "$T/wait.sh" "$T"
	is "$RC:$OUT" "0:$want" "$s: the child's own status, however the shell's wait returns"
	is "$ERR" "" "$s: nothing said"
done
done_testing
