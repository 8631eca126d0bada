# shellcheck shell=sh
# lib/measure.sh: run's measuring: the cells of a dry run, one
# measurement and its raw line, and the check that the largest cell fits
# under the process limits. Sourced by smpbench; used by cmd/run.sh.

# dry_run WORKLOADS: print every cell of the run, "workload placement
# options", the options as the program would get them (-p and -L aside),
# and say how many measurements that makes and about how long they take
# (plan).
# shellcheck disable=SC2154 # topo_env, topo_confined: placement()'s
dry_run() {
	dr_pairs=$(printf '%s\n' "$topo_env" | sed -n 's/^place_//p' | tr '\n' ' ')
	dr_out=
	for dr_w in $1; do
		dr_cells=$(cells "$dr_w")
		dr_out=$dr_out$(printf '%s\n' "$dr_cells" | LC_ALL=C awk -v w="$dr_w" \
		    -v pairs="$dr_pairs" -v confined="$topo_confined" 'BEGIN {
			n = split(pairs, a, " ")
			for (i = 1; i <= n; i++) {
				eq = index(a[i], "=")
				cpus[substr(a[i], 1, eq - 1)] = substr(a[i], eq + 1)
			}
		}
		{
			p = $1
			sub(/^[^ ]* /, "")
			print w, p, $0 (confined != "" ? " -C " confined : "") \
			    ((p in cpus) ? " -c " cpus[p] : "")
		}')$NL
	done
	to_out printf '%s' "$dr_out"
	plan "$1"
	if [ "$runs" -gt 1 ]; then
		say "$sweep run: $plan_text, $runs runs of them; nothing run"
	else
		say "$sweep run: $plan_text; nothing run"
	fi
}

# kv_line_ok LINE: true when LINE is a program's -p line: key=value
# pairs, one blank apart, each key of [a-z_0-9], each value a number
# (-?[0-9.]+), a word ([a-z]+) or a cpulist (cpus_seen=0-3,8); checked
# by the shell, once for every measurement.
kv_line_ok() {
	case $1 in
	'' | ' '* | *' ' | *'  '* | *[!"$KV_CHARS"]*) return 1 ;;
	esac
	# shellcheck disable=SC2086 # the pairs: blanks only, and no glob
	set -- $1
	for kl_pair; do
		case $kl_pair in
		*=*) ;;
		*) return 1 ;;
		esac
		case ${kl_pair%%=*} in
		'' | *[!"$KV_KEY_CHARS"]*) return 1 ;;
		esac
		kv_value_ok "${kl_pair#*=}" || return 1
	done
}

# The characters of a -p line, and of its keys (spelled out: a range
# would depend on the locale).
KV_LOWER=abcdefghijklmnopqrstuvwxyz
KV_KEY_CHARS=${KV_LOWER}0123456789_
KV_CHARS="$KV_KEY_CHARS=., -"

# kv_value_ok VALUE: true when VALUE is a number, a word or a cpulist.
kv_value_ok() {
	case ${1#-} in
	'' | *[!0123456789.]*) ;;
	*) return 0 ;;
	esac
	case $1 in
	'' | *[!"$KV_LOWER"]*) ;;
	*) return 0 ;;
	esac
	case $1 in
	'' | ,* | *, | *,,* | *[!0123456789,-]*) return 1 ;;
	esac
	kv_ifs=$IFS
	IFS=,
	# shellcheck disable=SC2086 # the parts, split at the commas
	set -- $1
	IFS=$kv_ifs
	for kv_part; do
		case $kv_part in
		-* | *- | *-*-*) return 1 ;;
		esac
	done
}

# measure WORKLOAD PLACE REP OPTIONS...: run one measurement and add its
# raw line, the program's -p line or exit=N, to the run.
# shellcheck disable=SC2154 # topo_confined: placement()'s (lib/topology.sh)
measure() {
	m_w=$1 m_place=$2 m_rep=$3
	shift 3
	m_argv=
	for m_a in "$@"; do
		m_argv=$m_argv${m_argv:+,}$m_a
	done
	m_pre="place=$m_place rep=$m_rep argv=$m_argv"
	m_what="$m_w $*"
	# Where the run may use isolated CPUs, within the usable ones (see
	# topology.awk): an unpinned worker or hog that lands on an isolated
	# CPU stays there. The env says so (topo_confined_cpus); argv, which
	# names the cell, does not, as the cell is the same.
	[ -z "$topo_confined" ] || set -- "$@" -C "$topo_confined"
	if [ "$m_place" != free ]; then
		place_cpus "$m_place"
		m_cpus=$place_list
		m_pre="$m_pre cpulist=$m_cpus"
		m_what="$m_what ($m_place: -c $m_cpus)"
		set -- "$@" -c "$m_cpus"
	fi
	m_lost="the measurement $m_what (run $m_rep)"
	measure_program ${1+"$@"}
	measure_save
}

# measure_program OPTIONS...: run the measurement's program (m_prog) with
# OPTIONS..., after its progress line (on a terminal): its output in
# run_work/out and err, its status in m_rc.
# shellcheck disable=SC2154 # run_work: the run's (lib/record.sh); m_prog,
# watchdog: cmd/run.sh's
measure_program() {
	if [ "$tty" -eq 1 ]; then
		progress_left "$m_w" "$run_done_w"
		progress "[$((run_done + 1))/$run_total, $left_text] $m_what"
	fi
	empty_file "$run_work/out" || write_lost "$run_work/out" "$m_lost, not made,"
	empty_file "$run_work/err" || write_lost "$run_work/err" "$m_lost, not made,"
	# -W: the program ends (exit 129) if the driver is killed outright,
	# even before the program looked (SMPB_PARENT: who its parent is).
	# exec, so that $! is the program's pid under every shell (yash
	# runs a command in the background from a subshell of its own).
	# The kernel's counters are read just before and after it
	# (lib/schedstat.sh), where the run keeps them.
	ss_before
	{
		SMPB_PARENT=$$
		export SMPB_PARENT
		exec "$m_prog" -p -W -L "$watchdog" "$@"
	} </dev/null \
	    >"$run_work/out" 2>"$run_work/err" &
	run_child=$!
	wait_child "$run_child"
	m_rc=$wc_rc
	run_child=
	ss_after
	run_done=$((run_done + 1)) run_done_w=$((run_done_w + 1))
}

# measure_save: add the measurement's raw line to the run: the program's
# -p line, when it exited 0 with one good line (and the growth of the
# kernel's counters over it, m_ss: ss_after's); else exit=N, and what it
# said, as not supported here (exit 4, said once a workload) or as a
# failure (counted, warned about and added to the run's errors).
# shellcheck disable=SC2154 # run_work: the run's (lib/record.sh)
measure_save() {
	read_line "$run_work/out"
	m_line=$rl_line
	if [ "$m_rc" -eq 0 ]; then
		if [ -z "$rl_more" ] && kv_line_ok "$m_line"; then
			add_line "$run_work/raw" "$m_pre $m_line${m_ss:+ $m_ss}" ||
			    write_lost "$run_work/raw" "$m_lost"
			publish
			return 0
		fi
		printf 'unreadable output: %s\n' "$m_line" >"$run_work/err"
	fi
	add_line "$run_work/raw" "$m_pre exit=$m_rc" ||
	    write_lost "$run_work/raw" "$m_lost"
	m_err=$(head -n 1 "$run_work/err")
	if [ "$m_rc" -eq 4 ]; then
		[ -z "$run_na" ] && say "$m_what: not supported here (${m_err:-exit 4})"
		run_na=1
	else
		run_failed=$((run_failed + 1))
		warn "$m_what (run $m_rep): exit $m_rc${m_err:+: $m_err}"
		add_line "$run_work/errors" \
		    "$m_what (run $m_rep): exit $m_rc${m_err:+: $m_err}" ||
		    write_lost "$run_work/errors" "what $m_lost said"
	fi
	publish
}

# check_limits: die when a cell of the run needs more processes (or
# threads) than the kernel has pids for (kernel.pid_max) or the user may
# have (ulimit -u), rather than let its program fail after a long set-up.
# A cell needs its workers (-n, or the pipe's pair), the program and the
# guardian that leads its workers (src/lib/reap.c); with -H hogs, the
# hogs and the guardian of theirs; and DRIVER_PROCS more, for the driver,
# the shell that started it and a subshell of the driver's.
DRIVER_PROCS=3
check_limits() {
	cl_pids=$(decimal "$(cat "$SMPB_ROOT/proc/sys/kernel/pid_max" 2>/dev/null)" \
	    1 999999999) || cl_pids=
	user_procs
	cl_user=$(decimal "$up" 1 999999999) || cl_user=
	for cl_w in $cr_todo; do
		# shellcheck disable=SC2046 # the count, then the cell's words
		set -- $(cells "$cl_w" | awk -v more="$DRIVER_PROCS" '{
			n = 2; h = 0
			for (i = 2; i < NF; i++) {
				if ($i == "-n") n = $(i + 1)
				if ($i == "-H") h = $(i + 1)
			}
			need = n + 2 + (h > 0 ? h + 1 : 0) + more
			if (need > max) { max = need; cell = $0 } }
			END { sub(/^[a-z]+ /, "", cell); print max, cell }')
		cl_need=$1
		shift
		if [ -n "$cl_pids" ] && [ "$cl_need" -gt "$cl_pids" ]; then
			die 1 "$cl_w $*: needs $cl_need processes; kernel.pid_max is $cl_pids"
		fi
		if [ -n "$cl_user" ] && [ "$cl_need" -gt "$cl_user" ]; then
			die 1 "$cl_w $*: needs $cl_need processes; 'ulimit -u' allows $cl_user"
		fi
	done
}
