# shellcheck shell=sh disable=SC2034
# 64-6.12: 64 CPUs, 4 sockets x 8 cores x 2 threads, 4 NUMA nodes of 16,
# on Debian's 6.12 kernel: env, run -n, and a run of the tiny sweep's
# yield on one CPU alone (every workload in every placement on 64
# emulated CPUs is too slow).
vm_machine=4x1x8x2
vm_run_options='-r 1 -S 0 -P one yield'
vm_online=0-63 vm_usable=0-63
vm_topology="4 packages, 32 cores, 2 threads per core, 4 L3 caches of 16 MiB, 4 NUMA nodes"
vm_places="one=0 smt=0,1 llc=0,2 node=0,16 cores=0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48,50,52,54,56,58,60,62"
