# shellcheck shell=sh disable=SC2034
# 16-maxcpus: the 16-CPU machine booted with maxcpus=6: 16 possible, 6
# brought up.
vm_append=maxcpus=6
vm_online=0,2,4,6,8,10 vm_usable=0,2,4,6,8,10
vm_topology="2 packages, 6 cores, 1 thread per core, 2 L3 caches of 16 MiB, 2 NUMA nodes"
vm_places="one=0 llc=0,2 node=0,8 cores=0,2,4,6,8,10"
vm_smt=off
