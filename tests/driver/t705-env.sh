# t705-env: smpbench env on fake machines (SMPBENCH_PROC), under every
# POSIX shell we can find: what it records, the kernel's context among
# it and what of the kernel a run reads it lacks (kernel_lacks), the
# machine's state now by the measures a run waits on, the
# warnings (a machine not quiet by them, or without them a load above
# 0.5; a governor other than performance; one CPU online) and their
# absence; and a run on a one-CPU machine,
# which skips the placements on two CPUs and says so. These machines
# have no topology files: a note says what that leaves (see t708 for
# machines that have them).
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=scripts/smpbench

# machine DIR LOADAVG ONLINE GOVERNOR|- SMT|-: a fake /proc and /sys.
machine() {
	mkdir -p "$1/proc/self" "$1/sys/devices/system/cpu/smt"
	printf '%s 0.40 0.30 1/123 4567\n' "$2" >"$1/proc/loadavg"
	printf 'processor\t: 0\nvendor_id\t: Fake\nmodel name\t: Fake CPU 9000 @ 1.00GHz\n' \
	    >"$1/proc/cpuinfo"
	printf '%s\n' "$3" >"$1/sys/devices/system/cpu/online"
	printf 'Name:\tawk\nCpus_allowed_list:\t%s\n' "$3" >"$1/proc/self/status"
	if [ "$4" != - ]; then
		for c in 0 1; do
			mkdir -p "$1/sys/devices/system/cpu/cpu$c/cpufreq"
			printf '%s\n' "$4" \
			    >"$1/sys/devices/system/cpu/cpu$c/cpufreq/scaling_governor"
		done
	fi
	[ "$5" != - ] && printf '%s\n' "$5" >"$1/sys/devices/system/cpu/smt/active"
	return 0
}

NOTE="smpbench: note: last-level caches unknown: no llc or xllc placement, spread (two cores) instead; cores unknown: no smt placement, spread may be two threads of one core"
Q=$TMPDIR_T/quiet
B=$TMPDIR_T/busy
N=$TMPDIR_T/nofreq
machine "$Q" 0.10 0-3 performance 1
machine "$B" 2.50 0 powersave 0
machine "$N" 0.50 0-1 - -

# The kernel's context, read under SMPBENCH_PROC: from the scheduler's
# debugfs and a config in boot/ on one fake machine; from the config
# alone (dynamic preemption, the boot command line) on another; unknown
# where nothing can be read, never guessed. An env costs the driver far
# more than its checks: the first is the quiet machine Q, the second the
# machine AFTER (below), so that one env reads both.
K=$Q
mkdir -p "$K/sys/kernel/debug/sched" "$K/sys/kernel/sched_ext/root" "$K/boot" \
    "$K/sys/devices/system/cpu/cpufreq"
printf 'BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet\n' >"$K/proc/cmdline"
printf 'none voluntary (full) lazy\n' >"$K/sys/kernel/debug/sched/preempt"
printf 'GENTLE_FAIR_SLEEPERS START_DEBIT NO_NEXT_BUDDY\n' \
    >"$K/sys/kernel/debug/sched/features"
printf 'enabled\n' >"$K/sys/kernel/sched_ext/state"
printf 'rusty\n' >"$K/sys/kernel/sched_ext/root/ops"
printf '0\n' >"$K/sys/devices/system/cpu/cpufreq/boost"
cat >"$K/boot/config-$(uname -r)" <<'EOF_CONFIG'
# Linux kernel configuration
CONFIG_SMP=y
CONFIG_HZ_1000=y
CONFIG_HZ=1000
CONFIG_NO_HZ_FULL=y
CONFIG_PREEMPT=y
CONFIG_SCHED_SMT=y
# CONFIG_SCHED_CORE is not set
CONFIG_SCHED_CLASS_EXT=y
EOF_CONFIG
# What of the kernel a run reads (kernel_lacks): all of it on K (the
# files empty: only being there counts), the cpu controller of
# proc/cgroups disabled and no more than a task's schedstat on D, nothing
# on N; unknown with no proc/self.
mkdir -p "$K/proc/pressure"
: >"$K/proc/self/schedstat"
: >"$K/proc/self/sched"
: >"$K/proc/schedstat"
: >"$K/proc/pressure/cpu"
printf '#subsys_name\thierarchy\tnum_cgroups\tenabled\ncpuset\t0\t1\t1\ncpu\t0\t1\t1\n' \
    >"$K/proc/cgroups"
D=$TMPDIR_T/after
machine "$D" 7.65 0-1 - -
: >"$D/proc/self/schedstat"
printf 'cpu\t0\t1\t0\n' >"$D/proc/cgroups"
mkdir -p "$D/boot" "$D/sys/kernel"
printf 'root=/dev/vda preempt=voluntary\n' >"$D/proc/cmdline"
printf 'CONFIG_PREEMPT_NONE=y\nCONFIG_PREEMPT_DYNAMIC=y\n' \
    >"$D/boot/config-$(uname -r)"
# Machines with a proc/stat: the state now decides, not the load average:
# one quiet now after a load of 7.65 (the herd of a run just made), one
# with 9 tasks runnable at a load of 0.10.
AFTER=$D
NOW=$TMPDIR_T/busynow
machine "$NOW" 0.10 0-1 - -
for m in "$AFTER:1" "$NOW:9"; do
	printf 'cpu  100 0 100 1000 0 0 0 0 0 0\nintr 1\nprocs_running %s\nprocs_blocked 0\n' \
	    "${m#*:}" >"${m%:*}/proc/stat"
done
for s in $SHELLS; do
	sh=$(shell_cmd $s)
	if [ -z "$sh" ]; then
		t_result 0 "# SKIP $s is not installed"
		continue
	fi
	run env SMPBENCH_PROC="$AFTER" $sh $SB env
	is "$ERR" "$NOTE" "$s: quiet now, at a load of 7.65: no warning"
	is "$(printf '%s\n' "$OUT" | grep '^settle_' | tr '\n' ' ')" \
	    "settle_procs_running=1 settle_psi_some_pct=unknown settle_busy_cpus=0.00 " \
	    "$s: the state now: procs_running, no pressure file, no other work"
	# AFTER is D: its kernel context from the config alone.
	like "$OUT" '^preempt=voluntary \(boot command line; dynamic\)$' \
	    "$s: no debugfs: the boot's choice, said so"
	like "$OUT" '^sched_ext=unavailable$' "$s: no sched_ext in sys/kernel"
	like "$OUT" '^kernel_lacks=task_sched,schedstat,psi,cgroup_cpu$' \
	    "$s: what it lacks: a task's migrations, schedstat, PSI, a cpu controller enabled"
	run env SMPBENCH_PROC="$NOW" $sh $SB env
	is "$ERR" "smpbench: warning: not quiet (9 tasks runnable, quiet is 2 or fewer): other work disturbs the figures
$NOTE" "$s: 9 tasks runnable at a load of 0.10: warned, by what it does now"
	like "$OUT" '^settle_procs_running=9$' "$s: and says so"

	run env SMPBENCH_PROC="$Q" $sh $SB env
	is "$RC" 0 "$s: env exits 0"
	is "$ERR" "$NOTE" "$s: a quiet machine: no warning, a note on the topology"
	is "$(kv "$(printf '%s\n' "$OUT" | grep '^cpu_model=' | tr ' ' '_')" cpu_model)" \
	    "Fake_CPU_9000_@_1.00GHz" "$s: the CPU model"
	like "$OUT" '^cpus_online=4$' "$s: the online CPUs, counted"
	like "$OUT" '^cpus_online_list=0-3$' "$s: and listed"
	like "$OUT" '^loadavg=0\.10 0\.40 0\.30$' "$s: the load average"
	like "$OUT" '^governor=performance$' "$s: the governor"
	like "$OUT" '^smt=on$' "$s: SMT"
	like "$OUT" "^kernel=$(uname -r)\$" "$s: the kernel release"
	like "$OUT" '^uname=.' "$s: uname -a"
	like "$OUT" '^suite_version=[0-9]' "$s: the suite version"
	like "$OUT" '^workloads=' "$s: which programs are built"
	is "$(printf '%s\n' "$OUT" | grep '^settle_' | tr '\n' ' ')" \
	    "settle_procs_running=unknown settle_psi_some_pct=unknown settle_busy_cpus=unknown " \
	    "$s: no proc/stat: the state now unknown"
	# Q is K: its kernel context.
	like "$OUT" '^cmdline=BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet$' "$s: the command line"
	like "$OUT" '^preempt=full$' "$s: the preemption model in use, from debugfs"
	like "$OUT" '^sched_features=GENTLE_FAIR_SLEEPERS START_DEBIT NO_NEXT_BUDDY$' \
	    "$s: the scheduler's features"
	like "$OUT" '^sched_ext=enabled \(rusty\)$' "$s: sched_ext and its scheduler"
	like "$OUT" '^boost=off$' "$s: boost"
	like "$OUT" '^config=CONFIG_HZ_1000=y CONFIG_HZ=1000 CONFIG_NO_HZ_FULL=y CONFIG_PREEMPT=y CONFIG_SCHED_SMT=y CONFIG_SCHED_CLASS_EXT=y$' \
	    "$s: the config options that matter to scheduling"
	is "$(printf '%s\n' "$OUT" | sed -n 's/^config_hash=//p')" \
	    "$(cksum <"$K/boot/config-$(uname -r)" | cut -d ' ' -f 1)" "$s: the config's checksum"
	like "$OUT" '^kernel_lacks=none$' "$s: a kernel that has what a run reads lacks none"

	run env SMPBENCH_PROC="$B" $sh $SB env
	is "$RC" 0 "$s: env on a busy machine still exits 0"
	is "$ERR" "smpbench: warning: load average 2.50 is above 0.5: other work disturbs the figures
smpbench: warning: CPU governor 'powersave', not 'performance': figures follow the clock
smpbench: warning: 1 CPU online: nothing runs in parallel; no placement on two CPUs" \
	    "$s: warns about the load, the governor and the single CPU"
	like "$OUT" '^smt=off$' "$s: SMT off"

	run env SMPBENCH_PROC="$N" $sh $SB env
	is "$ERR" "$NOTE" "$s: load 0.50 and no cpufreq: no warning"
	like "$OUT" '^governor=none$' "$s: governor=none without cpufreq"
	like "$OUT" '^smt=unknown$' "$s: smt=unknown without the smt files"
	for k in cmdline preempt sched_features sched_ext config config_hash boost; do
		like "$OUT" "^$k=unknown\$" "$s: $k unknown when it cannot be read"
	done
	like "$OUT" '^kernel_lacks=task_schedstat,task_sched,schedstat,psi,cgroup_cpu$' \
	    "$s: nothing of the kernel's files: each named"
	mv "$N/proc/self/status" "$N/status"
	run env SMPBENCH_PROC="$N" $sh $SB env
	like "$OUT" '^kernel_lacks=unknown$' "$s: no proc/self: unknown"
	mv "$N/status" "$N/proc/self/status"

done

# A run on a machine with one CPU: no runs on two CPUs, and it says so.
if [ -x bin/smpb-ring ]; then
	cpu0=$(awk '/^Cpus_allowed_list:/ { split($2, a, "[,-]"); print a[1] }' \
	    /proc/self/status 2>/dev/null)
	one=$TMPDIR_T/one
	machine "$one" 0.00 "${cpu0:-0}" - -
	run env SMPBENCH_PROC="$one" SMPBENCH_SWEEP=tiny sh $SB run -r 1 \
	    -o "$TMPDIR_T/run1" ring
	is "$RC" 0 "a run on one CPU exits 0"
	like "$ERR" "^smpbench: warning: 1 CPU online: nothing runs in parallel; no placement on two CPUs$" \
	    "and says the runs on two CPUs are skipped"
	is "$(grep -c '^place=spread' "$TMPDIR_T/run1/raw/ring")" 0 "no spread run was made"
	is "$(grep -c '^place=one' "$TMPDIR_T/run1/raw/ring")" 1 "the one-CPU run was"
	like "$OUT" '^No placement on two CPUs: only one CPU was available\.$' "the table says so too"
	like "$(cat "$TMPDIR_T/run1/env")" '^placements=free one$' "env: no placement on two CPUs"
else
	t_result 0 "# SKIP bin/smpb-ring is not built"
fi

done_testing
