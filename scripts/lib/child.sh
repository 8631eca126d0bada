# shellcheck shell=sh
# lib/child.sh: the driver's children: smpb-stat, found once, and needed
# by the commands that make tables; a child waited for in the background
# (compare's awk, a measuring program, a virtual machine) and its
# status, alike under every shell. Sourced by smpbench (and by the tests
# of lib/vmboot.sh), never run.

# wait_child PID: wait until the child PID has ended; its status in
# wc_rc. posh's wait can return at once, with a status not the child's,
# just after the child was made: waited for again while it lives, and
# once more after, where a status of 1 may have been posh's own. A PID
# that is none (yash gives $! 0 where it could not fork) or no child of
# this shell (wait: 127) is not waited for: 127.
wait_child() {
	case $1 in
	'' | *[!0-9]* | 0) wc_rc=127 && return 0 ;;
	esac
	while :; do
		wait "$1"
		wc_rc=$?
		[ "$wc_rc" -ne 127 ] || return 0
		kill -0 "$1" 2>/dev/null || break
	done
	[ "$wc_rc" -eq 1 ] || return 0
	wait "$1" 2>/dev/null
	wc_again=$?
	[ "$wc_again" -eq 127 ] || wc_rc=$wc_again
}

# stat_find: SMPB_STAT, exported, the path of smpb-stat, the
# statistics and decisions of compare and the clusters of a run's own
# cells (cells.awk asks it): beside the driver's files once installed,
# in bin/ in the source tree; empty (false) where it is not built. No
# process.
stat_find() {
	SMPB_STAT=
	export SMPB_STAT
	for sf in "$SMPB_LIB/smpb-stat" "$SMPB_TOP/bin/smpb-stat"; do
		[ -f "$sf" ] && [ -x "$sf" ] && { SMPB_STAT=$sf; return 0; }
	done
	return 1
}

# need_stat COMMAND: die, naming COMMAND, where smpb-stat is not built:
# before a run measures anything, or a table is made of saved runs.
need_stat() {
	[ -n "$SMPB_STAT" ] ||
	    die 1 "$1: smpb-stat, its statistics program, is not built (run make)"
}
