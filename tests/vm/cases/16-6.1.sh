# shellcheck shell=sh disable=SC2034
# 16-6.1: 16 CPUs, 2 sockets x 4 cores x 2 threads, 2 NUMA nodes of 8,
# on Debian's 6.1 kernel: env, run -n, a tiny run of every workload in
# every placement. 6.1 reads no SMT from the emulated (AMD) CPU without
# topoext, where 6.12 does: 16 cores of one thread, and no smt pair.
vm_kernel_series=6.1
vm_label=6.1
vm_topology="2 packages, 16 cores, 1 thread per core, 2 L3 caches of 16 MiB, 2 NUMA nodes"
vm_places="one=0 llc=0,1 node=0,8 cores=0-15"
vm_smt="not supported"
