# shellcheck shell=sh disable=SC2034
# 16-cpuset-isol: the 16-CPU machine booted with isolcpus=6-7, the run in
# a cgroup v2 cpuset of CPUs 4-11, which holds the isolated ones: the
# usable CPUs are 4-5 and 8-11, and every measurement is confined to
# them (-C). A task on an isolated CPU stays there, and so does all it
# forks: where the kernel puts the shell as it joins the cpuset decides
# whether a run's unpinned workers start on CPU 6 or 7, and that varies
# from boot to boot. Here the shell is put on CPU 7 on purpose, then
# allowed the whole cpuset again, so that the run starts there: every
# measurement's cpus_seen within the usable CPUs.
vm_append=isolcpus=6-7
vm_usable=4-5,8-11
vm_places="one=4 smt=4,5 llc=8,10 node=4,8 cores=4,8,10"
vm_refuse=0
vm_expect="cpus_allowed_list=4-11
cgroup_cpuset_cpus=4-11
cpus_isolated_list=6-7
topo_confined_cpus=4-5,8-11"

vm_setup() {
	echo +cpuset >/sys/fs/cgroup/cgroup.subtree_control &&
	    mkdir /sys/fs/cgroup/bench &&
	    echo 4-11 >/sys/fs/cgroup/bench/cpuset.cpus &&
	    echo $$ >/sys/fs/cgroup/bench/cgroup.procs &&
	    taskset -p -c 7 $$ && taskset -p -c 4-11 $$ &&
	    grep Cpus_allowed_list /proc/$$/status &&
	    awk '{ print "the shell is on CPU " $39 }' /proc/$$/stat
}
