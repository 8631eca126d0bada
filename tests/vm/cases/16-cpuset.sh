# shellcheck shell=sh disable=SC2034
# 16-cpuset: the 16-CPU machine, the run in a cgroup v2 cpuset of CPUs
# 4-11 (CPU 0 left out); -c 0 is refused.
vm_usable=4-11
vm_places="one=4 smt=4,5 llc=4,6 node=4,8 cores=4,6,8,10"
vm_refuse=0
vm_expect="cpus_allowed_list=4-11
cgroup_cpuset_cpus=4-11"

vm_setup() {
	echo +cpuset >/sys/fs/cgroup/cgroup.subtree_control &&
	    mkdir /sys/fs/cgroup/bench &&
	    echo 4-11 >/sys/fs/cgroup/bench/cpuset.cpus &&
	    echo $$ >/sys/fs/cgroup/bench/cgroup.procs
}
