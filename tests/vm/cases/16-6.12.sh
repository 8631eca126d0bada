# shellcheck shell=sh disable=SC2034
# 16-6.12: 16 CPUs, 2 sockets x 4 cores x 2 threads, 2 NUMA nodes of 8,
# on Debian's 6.12 kernel: env, run -n, a tiny run of every workload in
# every placement.
vm_kernel_series=6.12
vm_label=6.12
