# shellcheck shell=sh
# lib/kernel.sh: the kernel's context as a run records it in its env
# (see results/README): its boot command line, preemption model,
# scheduler features, sched_ext, boost, and the options of its config
# that bear on scheduling; and the reading of one line of a proc or sys
# file that they rest on. What cannot be read is recorded as unknown,
# never guessed. Sourced by smpbench, after lib/machine.sh.

# proc_line PATH: the first line of PATH under SMPBENCH_PROC, printable,
# in prl_v; empty when it cannot be read.
# shellcheck disable=SC2154 # pv: printable_v's
proc_line() {
	first_line "$SMPB_ROOT/$1"
	printable_v "$fl_v"
	prl_v=$pv
}

# first_line PATH: the first line of PATH, in fl_v, read by the shell
# itself (no process: the driver reads many small files); empty, quietly,
# when it cannot be read: it is not a plain file (a fifo would block), or
# opening it fails (a locked-down debugfs refuses even root, whom [ -r ]
# passes).
first_line() {
	fl_v=
	[ -f "$1" ] && { IFS= read -r fl_v <"$1"; } 2>/dev/null
	return 0
}

# kernel_lacks: what of the kernel the workloads and the driver read
# that this one lacks, as the env line kernel_lacks: a comma-separated
# list, none for nothing, unknown where there is no Linux proc (see
# results/README): task_schedstat (proc/self/schedstat), task_sched
# (proc/self/sched), schedstat (proc/schedstat), psi (proc/pressure/cpu),
# cgroup_cpu (no cpu controller: none enabled in proc/cgroups, none in
# the v2 root's cgroup.controllers, no v1 hierarchy of it mounted in
# sys/fs/cgroup).
kernel_lacks() {
	if [ ! -f "$SMPB_ROOT/proc/self/status" ]; then
		env_line kernel_lacks unknown
		return 0
	fi
	kl=
	[ -f "$SMPB_ROOT/proc/self/schedstat" ] || kl=$kl,task_schedstat
	[ -f "$SMPB_ROOT/proc/self/sched" ] || kl=$kl,task_sched
	[ -f "$SMPB_ROOT/proc/schedstat" ] || kl=$kl,schedstat
	[ -f "$SMPB_ROOT/proc/pressure/cpu" ] || kl=$kl,psi
	kl_cpu=
	# shellcheck disable=SC2034 # kl_h, kl_n: the columns before enabled
	while read -r kl_c kl_h kl_n kl_on kl_rest; do
		[ "$kl_c" != cpu ] || [ "$kl_on" != 1 ] || kl_cpu=1
	done 2>/dev/null <"$SMPB_ROOT/proc/cgroups"
	first_line "$SMPB_ROOT/sys/fs/cgroup/cgroup.controllers"
	case " $fl_v " in
	*" cpu "*) kl_cpu=1 ;;
	esac
	[ -d "$SMPB_ROOT/sys/fs/cgroup/cpu" ] ||
	    [ -d "$SMPB_ROOT/sys/fs/cgroup/cpu,cpuacct" ] || [ -n "$kl_cpu" ] ||
	    kl=$kl,cgroup_cpu
	kl=${kl#,}
	env_line kernel_lacks "${kl:-none}"
}

# boost: whether the CPUs may run above their base clock, in boost: on,
# off, unknown.
boost() {
	proc_line sys/devices/system/cpu/cpufreq/boost
	case $prl_v in
	1) boost=on ;;
	0) boost=off ;;
	*)
		proc_line sys/devices/system/cpu/intel_pstate/no_turbo
		case $prl_v in
		0) boost=on ;;
		1) boost=off ;;
		*) boost=unknown ;;
		esac
		;;
	esac
}

# kernel_config: the running kernel's configuration, from proc/config.gz
# or boot/config-<release>, in kc_config; empty when neither can be
# read. One process, the reader's (host_names: the release, asked once).
# shellcheck disable=SC2154 # kernel_release: host_names's (lib/machine.sh)
kernel_config() {
	if [ -r "$SMPB_ROOT/proc/config.gz" ] && command -v gzip >/dev/null 2>&1
	then
		kc_config=$(gzip -dc "$SMPB_ROOT/proc/config.gz" 2>/dev/null)
	else
		host_names
		kc_config=$(cat "$SMPB_ROOT/boot/config-$kernel_release" 2>/dev/null)
	fi
}

# preempt_model CONFIG CMDLINE: the preemption model, and where it was
# read, in preempt: the scheduler's debugfs (the model in use), else the
# boot command line or the config's default, marked so (a dynamic kernel
# can be switched at run time).
preempt_model() {
	proc_line sys/kernel/debug/sched/preempt
	case $prl_v in
	*'('*')'*)
		preempt=${prl_v#*\(}
		preempt=${preempt%%\)*}
		return 0
		;;
	esac
	case " $1 " in
	*" CONFIG_PREEMPT_RT=y "*) pm=rt ;;
	*" CONFIG_PREEMPT_LAZY=y "*) pm=lazy ;;
	*" CONFIG_PREEMPT=y "*) pm=full ;;
	*" CONFIG_PREEMPT_VOLUNTARY=y "*) pm=voluntary ;;
	*" CONFIG_PREEMPT_NONE=y "*) pm=none ;;
	*) pm= ;;
	esac
	case " $1 " in
	*" CONFIG_PREEMPT_DYNAMIC=y "*) ;;
	*)
		preempt=unknown
		[ -z "$pm" ] || preempt="$pm (kernel config)"
		return 0
		;;
	esac
	# The last preempt= of the command line, its words unglobbed.
	pm_boot=
	set -f
	for pm_w in $2; do
		case $pm_w in
		preempt=*) pm_boot=${pm_w#preempt=} ;;
		esac
	done
	set +f
	if [ -n "$pm_boot" ]; then
		preempt="$pm_boot (boot command line; dynamic)"
	elif [ -n "$pm" ]; then
		preempt="$pm (config default; dynamic)"
	else
		preempt=unknown
	fi
}

# sched_ext_state: sched_ext's state and the BPF scheduler loaded, if
# any, in sched_ext; unavailable when the kernel has none.
sched_ext_state() {
	proc_line sys/kernel/sched_ext/state
	if [ -n "$prl_v" ]; then
		sched_ext=$prl_v
		proc_line sys/kernel/sched_ext/root/ops
		sched_ext="$sched_ext${prl_v:+ ($prl_v)}"
	elif [ -d "$SMPB_ROOT/sys/kernel" ] &&
	    [ ! -e "$SMPB_ROOT/sys/kernel/sched_ext" ]; then
		sched_ext=unavailable
	else
		sched_ext=unknown
	fi
}

# kernel_context: the kernel's settings that move scheduler figures, as
# env lines: boot command line, preemption model, scheduler features,
# sched_ext, the config's checksum and its options that matter to
# scheduling (CONFIG_HZ*, CONFIG_NO_HZ*, CONFIG_PREEMPT*, CONFIG_SCHED_*),
# CPU boost; whether it keeps its scheduler counters (lib/schedstat.sh).
kernel_context() {
	kernel_config
	kc_opts=unknown kc_hash=unknown
	if [ -n "$kc_config" ]; then
		kc_opts=$(printf '%s\n' "$kc_config" | LC_ALL=C grep -E \
		    '^CONFIG_(HZ|NO_HZ|PREEMPT|SCHED_)[A-Z0-9_]*=')
		# One line: the options a blank apart.
		kc_ifs=$IFS
		IFS=$NL
		set -f
		# shellcheck disable=SC2086 # a line each, on purpose
		set -- $kc_opts
		IFS=' '
		kc_opts=
		# posh takes "$*" of no words for an unset parameter.
		[ $# -eq 0 ] || kc_opts="$*"
		IFS=$kc_ifs
		set +f
		printable_v "$kc_opts"
		kc_opts=$pv
		# cksum is POSIX, but a busybox may lack it: unknown there.
		if command -v cksum >/dev/null 2>&1; then
			kc_hash=$(printf '%s\n' "$kc_config" | cksum)
			kc_hash=${kc_hash%% *}
		fi
	fi
	proc_line proc/cmdline
	kc_cmdline=$prl_v
	proc_line sys/kernel/debug/sched/features
	[ -n "$prl_v" ] || proc_line sys/kernel/debug/sched_features
	kc_feat=$prl_v
	boost
	preempt_model "$kc_opts" "$kc_cmdline"
	sched_ext_state
	env_line boost "$boost"
	env_line cmdline "$kc_cmdline"
	env_line preempt "$preempt"
	env_line sched_features "$kc_feat"
	env_line sched_ext "$sched_ext"
	env_line config_hash "$kc_hash"
	schedstat_env
	printf 'config=%s\n' "${kc_opts:-none}"
}
