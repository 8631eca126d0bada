# shellcheck shell=sh disable=SC2034
# 16-smtoff: the 16-CPU machine with SMT turned off at run time
# (smt/control): the second thread of every core goes offline.
vm_online=0,2,4,6,8,10,12,14 vm_usable=0,2,4,6,8,10,12,14
vm_topology="2 packages, 8 cores, 1 thread per core, 2 L3 caches of 16 MiB, 2 NUMA nodes"
vm_places="one=0 llc=0,2 node=0,8 cores=0,2,4,6,8,10,12,14"
vm_smt=off

vm_setup() {
	echo off >/sys/devices/system/cpu/smt/control
}
