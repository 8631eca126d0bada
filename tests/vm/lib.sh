# shellcheck shell=sh
# tests/vm/lib.sh: make vmtest's cases (sourced by tests/vm/run): which
# there are, their variables, and the /case.sh a guest sources. The
# tools, the kernels in the cache, the static build and booting a
# machine are the driver's (scripts/lib/vm.sh and vmboot.sh), sourced
# here.
# shellcheck source=scripts/lib/vm.sh
. scripts/lib/vm.sh
# shellcheck source=scripts/lib/vmboot.sh
. scripts/lib/vmboot.sh

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
#   vm_cpus vm_smp    the CPUs, and qemu's -smp for them, and
#   vm_nodes          the NUMA nodes' CPUs, as ranges, blank-separated:
#                     vm_shape's (scripts/lib/vm.sh), from a case's shape
#   vm_append         kernel arguments beyond the console's
#   vm_run            full (env, run -n and a tiny run) or plan (env and
#                     run -n only)
#   vm_runs           the tiny runs a full case makes (run -R), default 1
#   vm_wrap           a command the guest runs smpbench under (taskset)
#   vm_refuse         CPUs -c must refuse (exit 2, one line)
#   vm_label          the tiny run's label
#   vm_after          cases whose runs this one reads (compare)
#   vm_command        1: a case of smpbench vm itself, which boots its
#                     own machines: the case's vm_command_run DIR runs
#                     it, its vm_command_expect DIR holds what it left
# and what the emulated machine is, which the results must show:
#   vm_online vm_usable  the online and the usable CPUs, as lists
#   vm_topology       env's topology= line
#   vm_places         place_NAME=CPUS pairs env must have, and no others
#                     ("" for: do not look)
#   vm_smt            env's smt= value
#   vm_expect         more KEY=VALUE lines env must have, one a line
# vm_setup (a function) is what the guest does first, as root.
# shellcheck disable=SC2034,SC2317 # for the case's file and vm_check
vm_case_reset() {
	vm_kernel_series=6.12
	vm_shape 2x1x4x2
	vm_append='' vm_run=full vm_wrap='' vm_refuse='' vm_label='' vm_after=''
	vm_runs=1 vm_command=''
	vm_online=0-15 vm_usable=0-15
	vm_topology="2 packages, 8 cores, 2 threads per core, 2 L3 caches of 16 MiB, 2 NUMA nodes"
	vm_places="one=0 smt=0,1 llc=0,2 node=0,8 cores=0,2,4,6,8,10,12,14"
	vm_smt=on vm_expect=''
	vm_setup() { :; }
}

# vm_case_file: the case's variables and its vm_setup, as the guest
# sources them (/case.sh).
vm_case_file() {
	printf 'vm_run=%s\nvm_runs=%s\nvm_wrap=%s\nvm_refuse=%s\nvm_label=%s\n' \
	    "$vm_run" "$vm_runs" "'$vm_wrap'" "'$vm_refuse'" "$vm_label"
	# The case's vm_setup, as the shell prints a function, where it
	# does; else the case file's text of it.
	sed -n '/^vm_setup() {$/,/^}$/p' "$VM_DIR/cases/$1.sh"
}

