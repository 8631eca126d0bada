# shellcheck shell=sh
# lib/schedstat.sh: the kernel's own scheduler counters, /proc/schedstat,
# around each measurement: whether the kernel keeps them (the env's
# schedstat and schedstat_version), a copy before the program runs and,
# after it, their growth (awk/schedstat.awk) as the ss_ keys of the
# measurement's raw line (see results/README). Read under SMPBENCH_PROC
# (SMPB_ROOT), as every proc file the driver reads. Sourced by smpbench.

# schedstat_state: whether the counters can be kept, in schedstat: on
# (/proc/schedstat of version 15 to 17, and kernel.sched_schedstats 1),
# off (kernel.sched_schedstats 0: the counters stand still), none (no
# /proc/schedstat: a kernel without CONFIG_SCHEDSTATS, or no Linux) or
# unknown (a version this driver does not read, or the switch
# unreadable); its version in schedstat_version (none where there is no
# file); ss_on, 1 when the measurements keep them.
# shellcheck disable=SC2154 # prl_v: proc_line's (lib/kernel.sh)
schedstat_state() {
	ss_on=0
	schedstat=none schedstat_version=none
	[ -f "$SMPB_ROOT/proc/schedstat" ] || return 0
	proc_line proc/schedstat
	schedstat_version=unknown
	case $prl_v in
	'version '[0-9] | 'version '[0-9][0-9]) schedstat_version=${prl_v#version } ;;
	esac
	proc_line proc/sys/kernel/sched_schedstats
	case $schedstat_version:$prl_v in
	1[5-7]:1) schedstat=on ;;
	1[5-7]:0) schedstat=off ;;
	*) schedstat=unknown ;;
	esac
	# The interval's length is the uptime's growth.
	[ "$schedstat" = on ] && [ -f "$SMPB_ROOT/proc/uptime" ] && ss_on=1
	return 0
}

# schedstat_env: the env's lines of it (kernel_context's).
schedstat_env() {
	schedstat_state
	env_line schedstat "$schedstat"
	env_line schedstat_version "$schedstat_version"
}

# ss_before: the counters before a measurement, as they are, into
# run_work/ss0 (one copy, no parsing: the parsing waits for ss_after),
# where the run keeps them (ss_on).
# shellcheck disable=SC2154 # run_work: the run's (lib/record.sh)
ss_before() {
	[ "${ss_on:-0}" -eq 1 ] || return 0
	cat "$SMPB_ROOT/proc/uptime" "$SMPB_ROOT/proc/schedstat" \
	    >"$run_work/ss0" 2>/dev/null || : >"$run_work/ss0" 2>/dev/null
	return 0
}

# ss_after: the counters' growth since ss_before, as ss_ keys, in m_ss;
# empty where the run keeps none, or the files do not read as a
# schedstat of one version twice.
ss_after() {
	m_ss=
	[ "${ss_on:-0}" -eq 1 ] && [ -s "$run_work/ss0" ] || return 0
	m_ss=$(LC_ALL=C awk -f "$SMPB_LIB/awk/schedstat.awk" "$run_work/ss0" \
	    "$SMPB_ROOT/proc/uptime" "$SMPB_ROOT/proc/schedstat" 2>/dev/null) ||
	    m_ss=
	[ -z "$m_ss" ] || kv_line_ok "$m_ss" || m_ss=
	return 0
}
