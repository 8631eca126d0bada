# shellcheck shell=sh
# lib/machine.sh: the machine as a run records it in its env (see
# results/README): CPUs, load, governor (the kernel's context is
# lib/kernel.sh's, the run's CPU limits lib/cgroup.sh's), and the
# warnings about what makes figures unreliable. What cannot be read is recorded as unknown, never
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

# Each reading below sets a variable rather than printing: the driver
# reads the machine on every run, and a $(...) is a process.

# What the driver asks once and keeps (host_names, host_tck; user_id in
# lib/dirs.sh), never taken from the environment.
host_name='' kernel_release='' clk_tck=''

# host_names: the host's name and the kernel's release, in host_name
# and kernel_release: one uname, once (POSIX prints -n before -r, and a
# release holds no blank).
host_names() {
	[ -z "${kernel_release:-}" ] || return 0
	hn_both=$(uname -n -r)
	host_name=${hn_both% *}
	kernel_release=${hn_both##* }
}

# cpu_model: the CPU's name, in cpu_name: the first model line of
# proc/cpuinfo (sysctl elsewhere), printable, its blanks squeezed.
# shellcheck disable=SC2154 # pv: printable_v's
cpu_model() {
	cpu_name=
	while IFS= read -r cm_l; do
		cm_key=${cm_l%%:*}
		[ "$cm_key" != "$cm_l" ] || continue
		cm_key=${cm_key%"${cm_key##*[! 	]}"}
		case $cm_key in
		'model name' | 'cpu model' | Processor | Hardware) ;;
		*) continue ;;
		esac
		cpu_name=${cm_l#*:}
		cpu_name=${cpu_name#"${cpu_name%%[! 	]*}"}
		break
	done 2>/dev/null <"$SMPB_ROOT/proc/cpuinfo"
	if [ -z "$cpu_name" ] && [ -z "$SMPB_ROOT" ]; then
		cpu_name=$(sysctl -n machdep.cpu.brand_string 2>/dev/null ||
		    sysctl -n hw.model 2>/dev/null)
	fi
	[ -n "$cpu_name" ] || cpu_name="unknown $(uname -m) CPU"
	printable_v "$cpu_name"
	cpu_name=$pv
	while :; do
		case $cpu_name in
		*'  '*) cpu_name=${cpu_name%%'  '*}' '${cpu_name#*'  '} ;;
		*) break ;;
		esac
	done
}

# online_list: the online CPUs as a list like 0-3, in online_cpus (from
# the number of them, where sysfs gives no list a kernel would write).
online_list() {
	first_line "$SMPB_ROOT/sys/devices/system/cpu/online"
	online_cpus=$fl_v
	cpulist_ok "$online_cpus" && return 0
	ol_n=$(getconf _NPROCESSORS_ONLN 2>/dev/null ||
	    getconf NPROCESSORS_ONLN 2>/dev/null || echo 1)
	ol_n=$(decimal "$ol_n" 1 "$CPU_MAX") || ol_n=1
	online_cpus="0-$((ol_n - 1))"
	[ "$ol_n" -le 1 ] && online_cpus=0
	return 0
}

# allowed_list: the CPUs this process may run on, in allowed_cpus (the
# online ones, where proc gives no list a kernel would write).
allowed_list() {
	allowed_cpus=
	while read -r al_key al_v; do
		[ "$al_key" = Cpus_allowed_list: ] && { allowed_cpus=$al_v; break; }
	done 2>/dev/null <"$SMPB_ROOT/proc/self/status"
	cpulist_ok "$allowed_cpus" && return 0
	online_list
	allowed_cpus=$online_cpus
}

# isolated_list: the CPUs the kernel keeps out of the scheduler's load
# balancing, isolcpus's and nohz_full's together, as a list, in
# isolated_cpus ("" for none): a cpuset or an affinity may include one,
# but no unpinned worker or hog is ever balanced to it.
isolated_list() {
	isolated_cpus=
	for il_f in isolated nohz_full; do
		first_line "$SMPB_ROOT/sys/devices/system/cpu/$il_f"
		cpulist_ok "$fl_v" &&
		    isolated_cpus=$isolated_cpus${isolated_cpus:+,}$fl_v
	done
	return 0
}

# cpulist_count LIST: how many CPUs LIST names (those below CPU_MAX), in
# cpu_count; counted by the shell for a list cpulist_ok takes.
cpulist_count() {
	cpu_count=0
	[ -n "$1" ] || return 0
	if ! cpulist_ok "$1"; then
		cpu_count=$(count_words "$(cpulist_expand "$1")")
		return 0
	fi
	cc_ifs=$IFS
	IFS=,
	# shellcheck disable=SC2086 # split at the commas, on purpose
	set -- $1
	IFS=$cc_ifs
	for cc_p; do
		cc_lo=${cc_p%-*} cc_hi=${cc_p#*-}
		cc_lo=${cc_lo#"${cc_lo%%[!0]*}"} cc_hi=${cc_hi#"${cc_hi%%[!0]*}"}
		cpu_count=$((cpu_count + ${cc_hi:-0} - ${cc_lo:-0} + 1))
	done
}

# smt_state: whether SMT is on, in smt: on, off, not supported, unknown.
smt_state() {
	first_line "$SMPB_ROOT/sys/devices/system/cpu/smt/active"
	case $fl_v in
	1) smt=on ;;
	0)
		first_line "$SMPB_ROOT/sys/devices/system/cpu/smt/control"
		case $fl_v in
		notsupported | notimplemented) smt="not supported" ;;
		*) smt=off ;;
		esac
		;;
	*) smt=unknown ;;
	esac
}

# load_avg: the load averages of 1, 5 and 15 minutes, in loadavg.
load_avg() {
	la_1='' la_5='' la_15=''
	# shellcheck disable=SC2034 # la_rest: the line's rest, not kept
	{ read -r la_1 la_5 la_15 la_rest; } 2>/dev/null <"$SMPB_ROOT/proc/loadavg"
	loadavg="$la_1 $la_5 $la_15"
	loadavg=${loadavg%"${loadavg##*[! ]}"}
	if [ -z "$loadavg" ] && [ -z "$SMPB_ROOT" ]; then
		loadavg=$(uptime 2>/dev/null | sed -n \
		    's/.*load averages*: *\([0-9.]*\),* *\([0-9.]*\),* *\([0-9.]*\).*/\1 \2 \3/p')
	fi
	loadavg=${loadavg:-unknown}
}

# governor: the CPU frequency governors in use, in sorted order and
# separated by commas, in governors; none where there is no cpufreq.
governor() {
	governors=
	gv_many=
	for gv_f in "$SMPB_ROOT"/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor; do
		first_line "$gv_f"
		[ -n "$fl_v" ] || continue
		case ,$governors, in
		*",$fl_v,"*) ;;
		,,) governors=$fl_v ;;
		*) governors=$governors,$fl_v gv_many=1 ;;
		esac
	done
	if [ -n "$gv_many" ]; then
		governors=$(printf '%s\n' "$governors" | tr ',' '\n' |
		    LC_ALL=C sort -u | tr '\n' ',')
		governors=${governors%,}
	fi
	governors=${governors:-none}
}

# cpu_busy_ticks: the clock ticks all CPUs have spent busy (user, nice,
# system, irq, softirq, steal) since boot, in cbt; empty where proc/stat
# cannot be read.
# shellcheck disable=SC2034 # cbt: for the caller
cpu_busy_ticks() {
	cbt=$(LC_ALL=C awk '$1 == "cpu" { printf "%.0f\n", $2 + $3 + $4 + $7 + $8 + $9
		exit }' "$SMPB_ROOT/proc/stat" 2>/dev/null)
}

# host_tck: the clock ticks of a second in proc/stat (CLK_TCK), in
# clk_tck: one getconf for the command, asked before the subshells that
# use it.
host_tck() {
	[ -z "${clk_tck:-}" ] || return 0
	clk_tck=$(getconf CLK_TCK 2>/dev/null)
	case $clk_tck in
	'' | *[!0-9]* | 0) clk_tck=100 ;;
	esac
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
	host_tck
	cat "$1" "$2" 2>/dev/null | LC_ALL=C awk -v b0="$3" -v b1="$4" \
	    -v secs="$5" -v tck="$clk_tck" '
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

# suite_version: the suite's version, from the first program built that
# says it (smpb-W -V: "smpb-W (smpbench) VERSION", VERSION with what git
# describe said of the checkout it was built from, in parentheses, where
# it was: "0.1.0 (v0.1.0-3-g1234abc)"); unknown without one.
# suite_version_v sets it in sv instead, with no subshell of its own.
suite_version() {
	suite_version_v
	printf '%s\n' "$sv"
}

# shellcheck disable=SC2154 # prog_at: prog_path's
suite_version_v() {
	for sv_w in $WORKLOADS; do
		prog_path "$sv_w" || continue
		sv=$("$prog_at" -V 2>/dev/null)
		sv=${sv%%"$NL"*}
		sv=${sv%"${sv##*[! ]}"}
		case $sv in
		*"(smpbench) "?*) sv=${sv#*"(smpbench) "} ;;
		*) sv= ;;
		esac
		printable_v "$sv"
		sv=$pv
		[ -n "$sv" ] && return 0
	done
	sv=unknown
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
	online_list
	allowed_list
	isolated_list
	cpu_model
	cpulist_count "$online_cpus"
	cap_cpus=$cpu_count
	[ "$cap_cpus" -gt 0 ] || cap_cpus=
	host_names
	printable_v "$host_name"
	cap_host=$pv
	printable_v "$kernel_release"
	cap_kernel=$pv
	printable_v "$(uname -a)"
	cap_uname=$pv
	smt_state
	load_avg
	governor
	suite_version_v
	env_line suite_version "$sv"
	env_line date "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	env_line host "$cap_host"
	env_line kernel "$cap_kernel"
	env_line uname "$cap_uname"
	env_line cpu_model "$cpu_name"
	env_line cpus_online "$cap_cpus"
	env_line cpus_online_list "$online_cpus"
	env_line cpus_allowed_list "$allowed_cpus"
	env_line cpus_isolated_list "${isolated_cpus:-none}"
	env_line cpus_usable "$cpus_usable"
	env_line cpus_usable_list "$topo_usable"
	env_line smt "$smt"
	env_line loadavg "$loadavg"
	env_line governor "$governors"
	cache_kib_v l2
	env_line cache_l2_kib "$ck"
	cache_kib_v llc
	env_line cache_llc_kib "$ck"
	kernel_context
	cgroup_limits
	kernel_lacks
	printf '%s\n' "$topo_env"
}

# env_warnings: warn about what makes figures unreliable, reading env
# lines on stdin: a machine that is not quiet by the instantaneous
# measures of settle_procs_running, settle_psi_some_pct and
# settle_busy_cpus (see lib/host.sh), or, where they are unknown, a load
# average above LOAD_LIMIT; a governor other than performance; one CPU;
# and says that the kernel's scheduler counters are off (schedstat=off).
# shellcheck disable=SC2154 # qw_why: quiet_why's (lib/host.sh)
env_warnings() {
	ew_load='' ew_gov='' ew_cpus='' ew_state='' ew_wait=''
	ew_procs='' ew_psi='' ew_busy='' ew_ss=''
	while IFS= read -r ew_l; do
		case $ew_l in
		loadavg=*) ew_load=${ew_l#*=} ew_load=${ew_load%% *} ;;
		governor=*) ew_gov=${ew_l#*=} ;;
		cpus_online=*) ew_cpus=${ew_l#*=} ;;
		settle_state=*) ew_state=${ew_l#*=} ;;
		settle_wait_s=*) ew_wait=${ew_l#*=} ;;
		settle_procs_running=*) ew_procs=${ew_l#*=} ;;
		settle_psi_some_pct=*) ew_psi=${ew_l#*=} ;;
		settle_busy_cpus=*) ew_busy=${ew_l#*=} ;;
		schedstat=*) ew_ss=${ew_l#*=} ;;
		esac
	done
	quiet_why "$ew_procs" "$ew_psi" "$ew_busy"
	ew_why=$qw_why
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
			# A run's settle_run has said it.
			[ "${settle_said:-0}" -eq 1 ] ||
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
	[ "$ew_ss" != off ] ||
	    say "kernel.sched_schedstats is off: the kernel's scheduler counters stand still, none kept (as root: sysctl -w kernel.sched_schedstats=1)"
}

# user_procs: how many processes the user may have (the soft limit), in
# up; empty when it cannot tell or there is no limit.
user_procs() {
	up=$(LC_ALL=C awk '/^Max processes/ { print $3 }' \
	    "$SMPB_ROOT/proc/self/limits" 2>/dev/null)
	if [ -z "$up" ] && [ -z "$SMPB_ROOT" ]; then
		# shellcheck disable=SC3045 # not POSIX: where it is missing, nothing
		up=$(ulimit -u 2>/dev/null)
	fi
	return 0
}

