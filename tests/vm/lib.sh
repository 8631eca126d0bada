# shellcheck shell=sh
# tests/vm/lib.sh: make vmtest's cases (sourced by tests/vm/run): which
# there are, their variables, and the set-up script (smpbench vm -s)
# each case's boot runs. The tools and the cache are the driver's
# (scripts/lib/vm.sh), sourced here; booting is smpbench vm's.
# shellcheck source=scripts/lib/vm.sh
. scripts/lib/vm.sh

# vm_all_cases: every case, in the order they run (the file names of
# tests/vm/cases/ sort so: a case read by another comes before it).
vm_all_cases() {
	for vac_f in "$VM_DIR"/cases/*.sh; do
		vac_f=${vac_f##*/}
		printf '%s\n' "${vac_f%.sh}"
	done
}

# vm_case_reset: the case variables, before a case's file sets its own:
#   vm_kernel_series  6.1 or 6.12
#   vm_machine        smpbench vm's -t: NODESxLLCSxCORESxTHREADS
#   vm_append         kernel arguments (vm -a)
#   vm_run_options    the boot's run options (after vm's --), the tiny
#                     sweep of every workload in every placement
#   vm_refuse         CPUs -c must refuse (exit 2, one line)
#   vm_label          the kernel's label (vm -k LABEL=SERIES)
#   vm_after          cases whose runs this one reads (compare)
#   vm_command        1: a case of smpbench vm as a user runs it: the
#                     case's vm_command_run DIR runs it, its
#                     vm_command_expect DIR holds what it left
# and what the emulated machine is, which the results must show:
#   vm_online vm_usable  the online and the usable CPUs, as lists
#   vm_topology       env's topology= line
#   vm_places         place_NAME=CPUS pairs env must have, and no others
#                     ("" for: do not look)
#   vm_smt            env's smt= value
#   vm_expect         more KEY=VALUE lines env must have, one a line
# vm_setup (a function) is what the guest does first, as root, in the
# shell that then makes the run (a cgroup it joins, CPUs it may use).
# shellcheck disable=SC2034,SC2317 # for the case's file and vm_check
vm_case_reset() {
	vm_kernel_series=6.12 vm_machine=2x1x4x2
	vm_append='' vm_run_options='-r 1 -S 0 -P all' vm_refuse=''
	vm_label='' vm_after='' vm_command=''
	vm_online=0-15 vm_usable=0-15
	vm_topology="2 packages, 8 cores, 2 threads per core, 2 L3 caches of 16 MiB, 2 NUMA nodes"
	vm_places="one=0 smt=0,1 llc=0,2 node=0,8 cores=0,2,4,6,8,10,12,14"
	vm_smt=on vm_expect=''
	vm_setup() { :; }
}

# vm_case_script CASE: the case's set-up script, as its guest sources it
# (smpbench vm -s): its vm_refuse, its vm_setup (the case file's text of
# it), and tests/vm/guest.sh, which runs them.
vm_case_script() {
	printf 'vm_refuse=%s\n' "'$vm_refuse'"
	sed -n '/^vm_setup() {$/,/^}$/p' "$VM_DIR/cases/$1.sh"
	grep -q '^vm_setup() {$' "$VM_DIR/cases/$1.sh" ||
	    printf 'vm_setup() { :; }\n'
	cat "$VM_DIR/guest.sh"
}
