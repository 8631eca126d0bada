# t745-cgroup: the CPU limits of the run's cgroup in env, on fake
# machines (SMPBENCH_PROC), under every POSIX shell we can find: cgroup v1
# beside an empty v2 (box32), v2 found by mountinfo (box8), v2 found
# without it and no cpu controller for the cgroup (box1), v2 in a
# container whose mount's root is its cgroup, and no proc/self/cgroup;
# "none" where a controller is not there, "unknown" where a value cannot
# be read, never guessed; and the same keys in a run's env.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "the CPU limits of cgroups v1 and v2 on made-up machines"
SB=scripts/smpbench
M=tests/fixtures/machines

# limits OUT: the six cgroup lines of env's output, on one line.
limits() {
	printf '%s\n' "$1" | grep '^cgroup_' | tr '\n' ' '
}

V1="cgroup_cpu_max=none cgroup_cpu_weight=none cgroup_cpuset_cpus=0-7,16-23 cgroup_cfs_quota_us=150000 cgroup_cfs_period_us=100000 cgroup_cpu_shares=512 "
V2="cgroup_cpu_max=150000 100000 cgroup_cpu_weight=50 cgroup_cpuset_cpus=0-3 cgroup_cfs_quota_us=none cgroup_cfs_period_us=none cgroup_cpu_shares=none "
NONE="cgroup_cpu_max=none cgroup_cpu_weight=none cgroup_cpuset_cpus=none cgroup_cfs_quota_us=none cgroup_cfs_period_us=none cgroup_cpu_shares=none "
UNKNOWN="cgroup_cpu_max=unknown cgroup_cpu_weight=unknown cgroup_cpuset_cpus=unknown cgroup_cfs_quota_us=unknown cgroup_cfs_period_us=unknown cgroup_cpu_shares=unknown "

# A container: its cgroup /docker/c1 is the root of the v2 mount; cpu is
# enabled, cpu.weight missing, cpuset not enabled.
C=$TMPDIR_T/container
mkdir -p "$C/proc/self" "$C/sys/fs/cgroup"
cp "$M/box8/proc/cpuinfo" "$M/box8/proc/loadavg" "$C/proc/"
cp "$M/box8/proc/self/status" "$C/proc/self/"
printf '0::/docker/c1\n' >"$C/proc/self/cgroup"
printf '40 35 0:30 /docker/c1 /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n' \
    >"$C/proc/self/mountinfo"
printf 'cpu memory\n' >"$C/sys/fs/cgroup/cgroup.controllers"
printf 'max 100000\n' >"$C/sys/fs/cgroup/cpu.max"
CONTAINER="cgroup_cpu_max=max 100000 cgroup_cpu_weight=unknown cgroup_cpuset_cpus=none cgroup_cfs_quota_us=none cgroup_cfs_period_us=none cgroup_cpu_shares=none "

# A v1 machine whose cpu hierarchy is not mounted where mountinfo or the
# usual places say: its values unknown; its cpuset found without
# mountinfo, at sys/fs/cgroup/cpuset.
L=$TMPDIR_T/lost
mkdir -p "$L/proc/self" "$L/sys/fs/cgroup/cpuset/b"
cp "$M/box8/proc/cpuinfo" "$M/box8/proc/loadavg" "$L/proc/"
cp "$M/box8/proc/self/status" "$L/proc/self/"
printf '3:cpuset:/b\n2:cpu,cpuacct:/b\n' >"$L/proc/self/cgroup"
printf '1\n' >"$L/sys/fs/cgroup/cpuset/cpuset.cpus"
printf '0-1\n' >"$L/sys/fs/cgroup/cpuset/b/cpuset.cpus"
LOST="cgroup_cpu_max=none cgroup_cpu_weight=none cgroup_cpuset_cpus=0-1 cgroup_cfs_quota_us=unknown cgroup_cfs_period_us=unknown cgroup_cpu_shares=unknown "

# No proc/self/cgroup at all.
N=$TMPDIR_T/nocgroup
mkdir -p "$N/proc/self"
cp "$M/box8/proc/cpuinfo" "$M/box8/proc/loadavg" "$N/proc/"
cp "$M/box8/proc/self/status" "$N/proc/self/"

for s in $SHELLS; do
	use_shell $s || continue
	for c in "box32 v1:$M/box32:$V1" "box8 v2:$M/box8:$V2" \
	    "box1 v2, no cpu controller:$M/box1:$NONE" \
	    "a container:$C:$CONTAINER" "v1 unmounted:$L:$LOST" \
	    "no proc/self/cgroup:$N:$UNKNOWN"; do
		what=${c%%:*}
		rest=${c#*:}
		root=${rest%%:*}
		run env SMPBENCH_PROC="$root" $sh $SB env
		is "$RC" 0 "$s: $what: env exits 0"
		is "$(limits "$OUT")" "${rest#*:}" "$s: $what: the cgroup's CPU limits"
	done
done

# A run records them, in env, where compare reads them.
if [ -x bin/smpb-ring ]; then
	W=$TMPDIR_T/v2
	cp -R "$M/box8" "$W"
	cpus=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status 2>/dev/null)
	printf 'Cpus_allowed_list:\t%s\n' "${cpus:-0}" >"$W/proc/self/status"
	printf '%s\n' "${cpus:-0}" >"$W/sys/devices/system/cpu/online"
	run env SMPBENCH_PROC="$W" SMPBENCH_SWEEP=tiny sh $SB run -r 1 \
	    -o "$TMPDIR_T/run" ring
	is "$RC" 0 "a tiny run on the v2 machine exits 0"
	is "$(limits "$(cat "$TMPDIR_T/run/env")")" "$V2" "its env holds the cgroup's CPU limits"
else
	t_skip "bin/smpb-ring is not built"
fi

done_testing
