# shellcheck shell=sh
# lib/cgroup.sh: the CPU limits of the cgroup a run is in, as env lines
# (see results/README), read under SMPBENCH_PROC like the rest of the
# machine. Sourced by smpbench.

# cgroup_limits: the CPU limits of the cgroup this process is in (its
# line of proc/self/cgroup for each hierarchy, found where
# proc/self/mountinfo says the hierarchy is mounted, else at the usual
# places under sys/fs/cgroup), as env lines: cgroup v2's cpu.max and
# cpu.weight, v1's cpu.cfs_quota_us, cpu.cfs_period_us and cpu.shares,
# and the CPUs of its cpuset in either (v2's cpuset.cpus.effective, v1's
# cpuset.cpus). Each is "none" where its controller is not there (the v1
# keys on a v2 machine, the v2 keys where cpu is a v1 controller),
# "unknown" where it cannot be read.
# shellcheck disable=SC2154 # pv: printable_v's (lib/common.sh)
cgroup_limits() {
	cgl_cg=$SMPB_ROOT/proc/self/cgroup
	cgl_mi=$SMPB_ROOT/proc/self/mountinfo
	[ -r "$cgl_cg" ] || cgl_cg=/dev/null
	[ -r "$cgl_mi" ] || cgl_mi=/dev/null
	LC_ALL=C awk -v root="$SMPB_ROOT" -v cg="$cgl_cg" -v mi="$cgl_mi" \
	    -f "$SMPB_LIB/awk/cgroup.awk" "$cgl_cg" "$cgl_mi" 2>/dev/null |
	    while IFS= read -r cgl_line; do
		printable_v "$cgl_line"
		printf '%s\n' "$pv"
	done
}
