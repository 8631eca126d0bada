# shellcheck shell=sh
# lib/machine.sh: the machine and the kernel as a run records them in its
# env (see results/README): CPUs, load, governor, the kernel's context
# (the run's CPU limits are lib/cgroup.sh's), and the warnings about what makes
# figures unreliable. What cannot be read is recorded as unknown, never
# guessed. Sourced by smpbench.

# Warn above this 1-minute load average, where the instantaneous measures
# of a quiet machine (lib/host.sh) cannot be taken.
LOAD_LIMIT=0.5

# CPU_MAX: how many CPUs a kernel can have (NR_CPUS is at most 8192): a
# list from the machine naming a CPU beyond is not a kernel's, and is
# not used (nor expanded: 0-99999999 would take minutes).
CPU_MAX=8192

# cpulist_ok LIST: true when LIST is a cpulist as the kernel writes it:
# parts N or N-M separated by commas, 0 <= N <= M < CPU_MAX, at most 64
# KiB of them (CPU_MAX CPUs one by one take 40).
cpulist_ok() {
	case $1 in
	'' | *[!0-9,-]* | ,* | *, | *,,*) return 1 ;;
	esac
	[ "${#1}" -le 65536 ] || return 1
	co_ifs=$IFS
	IFS=,
	# shellcheck disable=SC2086 # split at the commas, on purpose
	set -- $1
	IFS=$co_ifs
	for co_p in "$@"; do
		case $co_p in
		'' | -* | *- | *-*-*) return 1 ;;
		esac
		co_lo=${co_p%-*} co_hi=${co_p#*-}
		co_lo=${co_lo#"${co_lo%%[!0]*}"} co_hi=${co_hi#"${co_hi%%[!0]*}"}
		case $co_lo$co_hi in
		?????????*) return 1 ;;
		esac
		[ "${co_lo:-0}" -le "${co_hi:-0}" ] &&
		    [ "${co_hi:-0}" -lt "$CPU_MAX" ] || return 1
	done
}

# cpulist_expand LIST: "0-2,5" -> "0 1 2 5"; parts beyond CPU_MAX left
# out.
cpulist_expand() {
	printf '%s\n' "$1" | LC_ALL=C awk -F, -v max="$CPU_MAX" '{
		for (i = 1; i <= NF; i++) {
			n = split($i, r, "-")
			if (n == 1) r[2] = r[1]
			if (r[2] + 0 >= max + 0) continue
			for (c = r[1] + 0; c <= r[2] + 0; c++) s = s " " c
		}
		sub(/^ /, "", s); print s
	}'
}

cpu_model() {
	cm=$(LC_ALL=C awk '/^(model name|cpu model|Processor|Hardware)[ \t]*:/ {
		sub(/^[^:]*:[ \t]*/, ""); print; exit }' \
	    "$SMPB_ROOT/proc/cpuinfo" 2>/dev/null)
	if [ -z "$cm" ] && [ -z "$SMPB_ROOT" ]; then
		cm=$(sysctl -n machdep.cpu.brand_string 2>/dev/null ||
		    sysctl -n hw.model 2>/dev/null)
	fi
	[ -z "$cm" ] && cm="unknown $(uname -m) CPU"
	printable "$cm" | tr -s ' '
}

# online_list: the online CPUs as a list like 0-3 (from the number of
# them, where sysfs gives no list a kernel would write).
online_list() {
	ol=$(first_line "$SMPB_ROOT/sys/devices/system/cpu/online")
	if ! cpulist_ok "$ol"; then
		ol_n=$(getconf _NPROCESSORS_ONLN 2>/dev/null ||
		    getconf NPROCESSORS_ONLN 2>/dev/null || echo 1)
		ol_n=$(decimal "$ol_n" 1 "$CPU_MAX") || ol_n=1
		ol="0-$((ol_n - 1))"
		[ "$ol_n" -le 1 ] && ol=0
	fi
	printf '%s\n' "$ol"
}

# allowed_list: the CPUs this process may run on (the online ones, where
# proc gives no list a kernel would write).
allowed_list() {
	al=$(LC_ALL=C awk '/^Cpus_allowed_list:/ { print $2 }' \
	    "$SMPB_ROOT/proc/self/status" 2>/dev/null)
	cpulist_ok "$al" || al=$(online_list)
	printf '%s\n' "$al"
}

# isolated_list: the CPUs the kernel keeps out of the scheduler's load
# balancing, isolcpus's and nohz_full's together, as a list ("" for
# none): a cpuset or an affinity may include one, but no unpinned worker
# or hog is ever balanced to it.
isolated_list() {
	il=
	for il_f in isolated nohz_full; do
		il_v=$(first_line "$SMPB_ROOT/sys/devices/system/cpu/$il_f")
		cpulist_ok "$il_v" && il=$il${il:+,}$il_v
	done
	printf '%s\n' "$il"
}

smt_state() {
	ss=$(first_line "$SMPB_ROOT/sys/devices/system/cpu/smt/active")
	case $ss in
	1) echo on ;;
	0)
		case $(first_line "$SMPB_ROOT/sys/devices/system/cpu/smt/control") in
		notsupported | notimplemented) echo "not supported" ;;
		*) echo off ;;
		esac
		;;
	*) echo unknown ;;
	esac
}

load_avg() {
	la=$(cut -d ' ' -f 1-3 "$SMPB_ROOT/proc/loadavg" 2>/dev/null)
	if [ -z "$la" ] && [ -z "$SMPB_ROOT" ]; then
		la=$(uptime 2>/dev/null | sed -n \
		    's/.*load averages*: *\([0-9.]*\),* *\([0-9.]*\),* *\([0-9.]*\).*/\1 \2 \3/p')
	fi
	printf '%s\n' "${la:-unknown}"
}

# governor: the CPU frequency governors in use, or none.
governor() {
	gv=$(cat "$SMPB_ROOT"/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor \
	    2>/dev/null | LC_ALL=C sort -u | tr '\n' ',')
	gv=${gv%,}
	printf '%s\n' "${gv:-none}"
}

# --- the kernel's context ----------------------------------------------------
# What cannot be read is recorded as unknown, never guessed.


# proc_line PATH: the first line of PATH under SMPBENCH_PROC, printable;
# nothing when it cannot be read.
proc_line() {
	prl_v=$(first_line "$SMPB_ROOT/$1")
	printable "$prl_v"
}

# first_line PATH: the first line of PATH, read by the shell itself (no
# process: the driver reads many small files); nothing, quietly, when it
# cannot be read: it is not a plain file (a fifo would block), or opening
# it fails (a locked-down debugfs refuses even root, whom [ -r ] passes).
first_line() {
	fl_v=
	[ -f "$1" ] && { IFS= read -r fl_v <"$1"; } 2>/dev/null
	printf '%s\n' "$fl_v"
}

# boost: whether the CPUs may run above their base clock: on, off, unknown.
boost() {
	case $(proc_line sys/devices/system/cpu/cpufreq/boost) in
	1) echo on ;;
	0) echo off ;;
	*)
		case $(proc_line sys/devices/system/cpu/intel_pstate/no_turbo) in
		0) echo on ;;
		1) echo off ;;
		*) echo unknown ;;
		esac
		;;
	esac
}

# kernel_config: the running kernel's configuration, from proc/config.gz
# or boot/config-<release>; nothing when neither can be read.
kernel_config() {
	if [ -r "$SMPB_ROOT/proc/config.gz" ] && command -v gzip >/dev/null 2>&1
	then
		gzip -dc "$SMPB_ROOT/proc/config.gz" 2>/dev/null
	else
		cat "$SMPB_ROOT/boot/config-$(uname -r)" 2>/dev/null
	fi
}

# preempt_model CONFIG CMDLINE: the preemption model, and where it was
# read: the scheduler's debugfs (the model in use), else the boot command
# line or the config's default, marked so (a dynamic kernel can be
# switched at run time).
preempt_model() {
	pm=$(proc_line sys/kernel/debug/sched/preempt)
	case $pm in
	*'('*')'*)
		pm=${pm#*\(}
		printf '%s\n' "${pm%%\)*}"
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
		if [ -n "$pm" ]; then
			printf '%s (kernel config)\n' "$pm"
		else
			echo unknown
		fi
		return 0
		;;
	esac
	pm_boot=$(printf '%s\n' "$2" | tr ' ' '\n' | sed -n 's/^preempt=//p' |
	    tail -n 1)
	if [ -n "$pm_boot" ]; then
		printf '%s (boot command line; dynamic)\n' "$pm_boot"
	elif [ -n "$pm" ]; then
		printf '%s (config default; dynamic)\n' "$pm"
	else
		echo unknown
	fi
}

# sched_ext_state: sched_ext's state and the BPF scheduler loaded, if
# any; unavailable when the kernel has none.
sched_ext_state() {
	se=$(proc_line sys/kernel/sched_ext/state)
	if [ -n "$se" ]; then
		se_ops=$(proc_line sys/kernel/sched_ext/root/ops)
		printf '%s\n' "$se${se_ops:+ ($se_ops)}"
	elif [ -d "$SMPB_ROOT/sys/kernel" ] &&
	    [ ! -e "$SMPB_ROOT/sys/kernel/sched_ext" ]; then
		echo unavailable
	else
		echo unknown
	fi
}

# kernel_context: the kernel's settings that move scheduler figures, as
# env lines: boot command line, preemption model, scheduler features,
# sched_ext, the config's checksum and its options that matter to
# scheduling (CONFIG_HZ*, CONFIG_NO_HZ*, CONFIG_PREEMPT*, CONFIG_SCHED_*),
# CPU boost.
kernel_context() {
	kc_config=$(kernel_config)
	kc_opts=unknown kc_hash=unknown
	if [ -n "$kc_config" ]; then
		kc_opts=$(printf '%s\n' "$kc_config" | LC_ALL=C grep -E \
		    '^CONFIG_(HZ|NO_HZ|PREEMPT|SCHED_)[A-Z0-9_]*=' | tr '\n' ' ')
		kc_opts=$(printable "${kc_opts% }")
		# cksum is POSIX, but a busybox may lack it: unknown there.
		command -v cksum >/dev/null 2>&1 &&
		    kc_hash=$(printf '%s\n' "$kc_config" | cksum | cut -d ' ' -f 1)
	fi
	kc_cmdline=$(proc_line proc/cmdline)
	kc_feat=$(proc_line sys/kernel/debug/sched/features)
	[ -n "$kc_feat" ] || kc_feat=$(proc_line sys/kernel/debug/sched_features)
	env_line boost "$(boost)"
	env_line cmdline "$kc_cmdline"
	env_line preempt "$(preempt_model "$kc_opts" "$kc_cmdline")"
	env_line sched_features "$kc_feat"
	env_line sched_ext "$(sched_ext_state)"
	env_line config_hash "$kc_hash"
	printf 'config=%s\n' "${kc_opts:-none}"
}

# cpu_busy_ticks: the clock ticks all CPUs have spent busy (user, nice,
# system, irq, softirq, steal) since boot; nothing where proc/stat cannot
# be read.
cpu_busy_ticks() {
	LC_ALL=C awk '$1 == "cpu" { printf "%.0f\n", $2 + $3 + $4 + $7 + $8 + $9
		exit }' "$SMPB_ROOT/proc/stat" 2>/dev/null
}

# host_tck: the clock ticks of a second in proc/stat (CLK_TCK).
host_tck() {
	ht=$(getconf CLK_TCK 2>/dev/null)
	case $ht in
	'' | *[!0-9]* | 0) ht=100 ;;
	esac
	printf '%s\n' "$ht"
}

# TIMES_CPU_AWK: an awk function, cpu(line): the seconds of a line of
# the shell's times ("0m0.010000s 0m0.002000s"), summed.
TIMES_CPU_AWK='
	function cpu(line,    n, i, f, t, s) {
		n = split(line, f, " ")
		s = 0
		for (i = 1; i <= n; i++) {
			split(f[i], t, "m")
			s += t[1] * 60 + t[2]
		}
		return s
	}'

# load_other TIMES0 TIMES1 BUSY0 BUSY1 SECONDS: how many CPUs other work
# kept busy on average during a run: the ticks all CPUs were busy, less
# the CPU time of the run itself (this shell and what it waited for, as
# the shell's times printed into TIMES0 and TIMES1), over its seconds;
# unknown where a figure is missing.
load_other() {
	cat "$1" "$2" 2>/dev/null | LC_ALL=C awk -v b0="$3" -v b1="$4" \
	    -v secs="$5" -v tck="$(host_tck)" '
	'"$TIMES_CPU_AWK"'
	{ own[NR] = own[NR] " " $0 }
	END {
		# times prints two lines: the shell, then its children.
		if (NR != 4 || b0 == "" || b1 == "" || secs + 0 <= 0 ||
		    tck + 0 <= 0) {
			print "unknown"
			exit
		}
		mine = cpu(own[3] own[4]) - cpu(own[1] own[2])
		other = ((b1 - b0) / tck - mine) / secs
		printf "%.2f\n", other < 0 ? 0 : other
	}'
}

suite_version() {
	for sv_w in $WORKLOADS; do
		sv_p=$(prog "$sv_w") || continue
		sv=$("$sv_p" -V 2>/dev/null | awk '{ print $NF; exit }')
		[ -n "$sv" ] && { printf '%s\n' "$sv"; return 0; }
	done
	echo unknown
}

# env_line KEY VALUE: an env line; a value that could not be had is
# unknown (one a subshell that could not even be forked did not give,
# under a tight process limit, included).
env_line() {
	printf '%s=%s\n' "$1" "${2:-unknown}"
}

# capture_env: the machine, as env lines (see results/README); the
# topology as placement() read it (the usable CPUs: the allowed, online
# ones less the isolated).
# shellcheck disable=SC2154 # topo_env, cpus_usable: placement()'s
capture_env() {
	cap_online=$(online_list)
	cap_allowed=$(allowed_list)
	env_line suite_version "$(suite_version)"
	env_line date "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	env_line host "$(printable "$(uname -n)")"
	env_line kernel "$(printable "$(uname -r)")"
	env_line uname "$(printable "$(uname -a)")"
	env_line cpu_model "$(cpu_model)"
	cap_cpus=$(cpulist_expand "$cap_online")
	[ -z "$cap_cpus" ] || cap_cpus=$(count_words "$cap_cpus")
	env_line cpus_online "$cap_cpus"
	env_line cpus_online_list "$cap_online"
	env_line cpus_allowed_list "$cap_allowed"
	cap_iso=$(isolated_list)
	env_line cpus_isolated_list "${cap_iso:-none}"
	env_line cpus_usable "$cpus_usable"
	env_line cpus_usable_list "$topo_usable"
	env_line smt "$(smt_state)"
	env_line loadavg "$(load_avg)"
	env_line governor "$(governor)"
	env_line cache_l2_kib "$(cache_kib l2)"
	env_line cache_llc_kib "$(cache_kib llc)"
	kernel_context
	cgroup_limits
	printf '%s\n' "$topo_env"
}

# env_warnings: warn about what makes figures unreliable, reading env
# lines on stdin: a machine that is not quiet by the instantaneous
# measures of settle_procs_running, settle_psi_some_pct and
# settle_busy_cpus (see lib/host.sh), or, where they are unknown, a load
# average above LOAD_LIMIT; a governor other than performance; one CPU.
env_warnings() {
	ew_env=$(cat)
	ew_load=$(printf '%s\n' "$ew_env" | sed -n 's/^loadavg=\([^ ]*\).*/\1/p')
	ew_gov=$(printf '%s\n' "$ew_env" | sed -n 's/^governor=//p')
	ew_cpus=$(printf '%s\n' "$ew_env" | sed -n 's/^cpus_online=//p')
	ew_state=$(printf '%s\n' "$ew_env" | sed -n 's/^settle_state=//p')
	ew_wait=$(printf '%s\n' "$ew_env" | sed -n 's/^settle_wait_s=//p')
	ew_why=$(quiet_why \
	    "$(printf '%s\n' "$ew_env" | sed -n 's/^settle_procs_running=//p')" \
	    "$(printf '%s\n' "$ew_env" | sed -n 's/^settle_psi_some_pct=//p')" \
	    "$(printf '%s\n' "$ew_env" | sed -n 's/^settle_busy_cpus=//p')")
	case $ew_why in
	'') ;;
	unknown)
		if [ -n "$ew_load" ] && [ "$ew_load" != unknown ] &&
		    awk -v l="$ew_load" -v m="$LOAD_LIMIT" 'BEGIN { exit !(l + 0 > m + 0) }'; then
			warn "load average $ew_load is above $LOAD_LIMIT: other work disturbs the figures"
		fi
		;;
	*)
		if [ "$ew_state" = timeout ]; then
			warn "not quiet after waiting $ew_wait s ($ew_why): other work disturbs the figures"
		else
			warn "not quiet ($ew_why): other work disturbs the figures"
		fi
		;;
	esac
	case $ew_gov in
	none | performance | '') ;;
	*) warn "CPU governor '$ew_gov', not 'performance': figures follow the clock" ;;
	esac
	if [ -n "$ew_cpus" ] && [ "$ew_cpus" -lt 2 ] 2>/dev/null; then
		warn "$ew_cpus CPU online: nothing runs in parallel; no placement on two CPUs"
	fi
}

# user_procs: how many processes the user may have (the soft limit), or
# nothing when it cannot tell or there is no limit.
user_procs() {
	up=$(LC_ALL=C awk '/^Max processes/ { print $3 }' \
	    "$SMPB_ROOT/proc/self/limits" 2>/dev/null)
	if [ -z "$up" ] && [ -z "$SMPB_ROOT" ]; then
		# shellcheck disable=SC3045 # not POSIX: where it is missing, nothing
		up=$(ulimit -u 2>/dev/null)
	fi
	printf '%s\n' "$up"
}

