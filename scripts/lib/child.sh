# shellcheck shell=sh
# lib/child.sh: a child waited for in the background (compare's awk, a
# measuring program, a virtual machine) and its status, alike under every
# shell. Sourced by smpbench (and by the tests of lib/vmboot.sh), never
# run.

# wait_child PID: wait until the child PID has ended; its status in
# wc_rc. posh's wait can return at once, with a status not the child's,
# just after the child was made: waited for again while it lives, and
# once more after, where a status of 1 may have been posh's own.
wait_child() {
	while :; do
		wait "$1"
		wc_rc=$?
		kill -0 "$1" 2>/dev/null || break
	done
	[ "$wc_rc" -eq 1 ] || return 0
	wait "$1" 2>/dev/null
	wc_again=$?
	[ "$wc_again" -eq 127 ] || wc_rc=$wc_again
}
