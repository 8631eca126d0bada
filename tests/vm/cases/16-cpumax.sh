# shellcheck shell=sh disable=SC2034
# 16-cpumax: the 16-CPU machine, the run in a cgroup v2 with a cpu.max
# quota of 4 CPUs: the CPUs stay usable, env records the quota.
vm_expect="cgroup_cpu_max=400000 100000"

vm_setup() {
	echo +cpu >/sys/fs/cgroup/cgroup.subtree_control &&
	    mkdir /sys/fs/cgroup/bench &&
	    echo '400000 100000' >/sys/fs/cgroup/bench/cpu.max &&
	    echo $$ >/sys/fs/cgroup/bench/cgroup.procs
}
