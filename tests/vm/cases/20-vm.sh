# shellcheck shell=sh disable=SC2034
# 20-vm: smpbench vm itself, as a user runs it: Debian's 6.1 and 6.12,
# and an image that does not boot, on an emulated 2x2x2x1 machine (2
# NUMA nodes of 2 L3 caches, 8 CPUs), two boots each, interleaved; one
# repeat of the tiny sweep of pipe and ring. The image that does not
# boot is named, once a boot, and the other four boots come back as
# runs, compared, a column a kernel, each run a boot.
vm_command=1

# vm_command_run DIR: the command (check.sh's vm_command), its runs in
# DIR/runs, what it says in DIR/out and DIR/err, its status in DIR/rc.
vm_command_run() {
	{
		dd if=/dev/zero bs=514 count=1 2>/dev/null
		printf HdrS
		dd if=/dev/zero bs=1024 count=4 2>/dev/null
	} >"$1/broken"
	vm_command "$1" -k 6.1 -k 6.12 -k "broken=$1/broken" -t 2x2x2x1 \
	    -R 2 -o "$1/runs" -- -r 1 -S 0 pipe ring
}

# vm_command_expect DIR: exit 1 (a kernel failed), the broken one named
# in each of its boots, four runs in the boots' order, of the shape
# asked, and their comparison, ending with vm's own two lines: where its
# time went, and its command to run it again (not compare's).
vm_command_expect() {
	vce_rc=$(cat "$1/rc")
	[ "$vce_rc" = 1 ] ||
	    { echo "vm: exit $vce_rc, not 1: $(tail -n 1 "$1/err")"; return 1; }
	vce_n=$(grep -c "^smpbench: vm: broken ($1/broken) failed: " "$1/err")
	[ "$vce_n" = 2 ] ||
	    { echo "vm: the broken image named $vce_n times, not 2"; return 1; }
	for vce_k in 6.1 6.12; do
		for vce_b in 1 2; do
			vce_r=$(ls -d "$1/runs/"*"-vm-$vce_k-$vce_b" 2>/dev/null)
			[ -f "$vce_r/complete" ] ||
			    { echo "vm: no whole run of $vce_k, boot $vce_b"; return 1; }
			grep -qx "vm_order=1:1 1:2 1:3 2:3 2:2 2:1" "$vce_r/env" ||
			    { echo "vm: $vce_r: not the boots' order"; return 1; }
			grep -qx "vm_boot=$vce_b of 2" "$vce_r/env" ||
			    { echo "vm: $vce_r: not boot $vce_b of 2"; return 1; }
			grep -q "^kernel=$vce_k\\." "$vce_r/env" ||
			    { echo "vm: $vce_r: not kernel $vce_k"; return 1; }
			grep -q '^topology=.*4 L3 caches.*2 NUMA nodes' "$vce_r/env" ||
			    { echo "vm: $vce_r: $(grep '^topology=' "$vce_r/env")"; return 1; }
		done
	done
	grep -Eq ' : +6\.1\?? +6\.12$' "$1/out" ||
	    { echo "vm: the comparison has no column for each kernel"; return 1; }
	grep -q '^Each run a boot of its own' "$1/out" ||
	    { echo "vm: the comparison does not say each run is a boot"; return 1; }
	tail -n 2 "$1/out" | head -n 1 |
	    grep -q '^vm: .* from the command to the first measurement; boots and setup .*, measuring ' ||
	    { echo "vm: no line of where its time went: $(tail -n 2 "$1/out" | head -n 1)"; return 1; }
	tail -n 1 "$1/out" |
	    grep -Eq '^reproduce: smpbench [^;]*; runs and compare: ([A-Z_]+=[^ ]+ )*smpbench vm -k 6\.1 -k 6\.12 ' ||
	    { echo "vm: its report does not end with its command: $(tail -n 1 "$1/out")"; return 1; }
	[ "$(grep -c '^reproduce: ' "$1/out")" = 1 ] ||
	    { echo "vm: compare's line to run it again too, not vm's alone"; return 1; }
}
