# shellcheck shell=sh disable=SC2034
# 21-vm-panic: smpbench vm with a kernel that panics: Debian's 6.12
# told an init that does not exist (-a rdinit=/nosuch), one boot: the
# kernel named in one line with its panic's own line (not the trace
# after it), then the last lines of its console, exit 1, no run saved.
vm_command=1

# vm_command_run DIR: the command (check.sh's vm_command), its runs in
# DIR/runs, what it says in DIR/out and DIR/err, its status in DIR/rc.
vm_command_run() {
	vm_command "$1" -k 6.12 -t 1x1x2x1 -a rdinit=/nosuch -R 1 \
	    -o "$1/runs" -- -r 1 -S 0 yield
}

# vm_command_expect DIR: exit 1, the kernel named as failed with its
# panic, and no run.
vm_command_expect() {
	vce_rc=$(cat "$1/rc")
	[ "$vce_rc" = 1 ] ||
	    { echo "vm: exit $vce_rc, not 1: $(tail -n 1 "$1/err")"; return 1; }
	grep -q '^smpbench: vm: 6\.12 (.*) failed: .*the panic: Kernel panic - ' "$1/err" ||
	    { echo "vm: the kernel that panicked is not named with its panic: $(grep -m 1 'failed: ' "$1/err")"; return 1; }
	grep -q '^smpbench: vm: no boot came back with a run' "$1/err" ||
	    { echo "vm: not said that no boot came back: $(tail -n 1 "$1/err")"; return 1; }
	for vce_r in "$1"/runs/*; do
		[ ! -e "$vce_r" ] || { echo "vm: a run saved: $vce_r"; return 1; }
	done
}
