# shellcheck shell=sh disable=SC2034
# 16-isolcpus: the 16-CPU machine booted with isolcpus=2-5, the run
# allowed every CPU (taskset -p -c 0-15 on the shell that makes it): the
# isolated CPUs are not usable, so no placement, hog or measurement lands
# on them.
vm_append=isolcpus=2-5
vm_usable=0-1,6-15
vm_places="one=0 smt=0,1 llc=0,6 node=0,8 cores=0,6,8,10,12,14"
vm_expect="cpus_isolated_list=2-5
cpus_allowed_list=0-15"

vm_setup() {
	taskset -p -c 0-15 $$
}
