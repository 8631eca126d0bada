# shellcheck shell=sh disable=SC2034
# 16-offline: the 16-CPU machine with CPUs 3, 9 and 10 taken offline at
# run time (holes in the numbering, a core with one thread left): -c 3
# (offline) and -c 16 (no such CPU) are refused.
vm_online=0-2,4-8,11-15 vm_usable=0-2,4-8,11-15
vm_places="one=0 smt=0,1 llc=0,2 node=0,8 cores=0,2,4,6,8,11-12,14"
vm_refuse="3 16"

vm_setup() {
	for c in 3 9 10; do
		echo 0 >/sys/devices/system/cpu/cpu$c/online || return 1
	done
}
