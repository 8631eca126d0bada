# shellcheck shell=sh
# cmd/run.sh: smpbench run: sweep each workload's parameters, repeat every
# cell, print each table as soon as it is done, and save the run.

# Watchdog passed to every program (-L), per profile, in seconds.
WATCHDOG_QUICK=120
WATCHDOG_FULL=1800

# dry_run WORKLOADS: print every cell of the run, "workload placement
# options", the options as the program would get them (-p and -L aside),
# and say how many measurements that makes.
# shellcheck disable=SC2154 # topo_env: placement()'s
dry_run() {
	dr_pairs=$(printf '%s\n' "$topo_env" | sed -n 's/^place_//p' | tr '\n' ' ')
	dr_total=0
	for dr_w in $1; do
		dr_cells=$(cells "$dr_w")
		printf '%s\n' "$dr_cells" | LC_ALL=C awk -v w="$dr_w" \
		    -v pairs="$dr_pairs" 'BEGIN {
			n = split(pairs, a, " ")
			for (i = 1; i <= n; i++) {
				eq = index(a[i], "=")
				cpus[substr(a[i], 1, eq - 1)] = substr(a[i], eq + 1)
			}
		}
		{
			p = $1
			sub(/^[^ ]* /, "")
			print w, p, $0 ((p in cpus) ? " -c " cpus[p] : "")
		}'
		dr_n=$(printf '%s\n' "$dr_cells" | wc -l)
		dr_total=$((dr_total + dr_n * $(workload_repeats "$dr_w")))
	done
	say "$sweep run: $dr_total measurements ($repeats repeats); nothing run"
}

# measure WORKLOAD PLACE REP OPTIONS...: run one measurement and add its
# raw line, the program's -p line or exit=N, to the run.
# shellcheck disable=SC2154 # run_work: the run's (lib/record.sh)
measure() {
	m_w=$1 m_place=$2 m_rep=$3
	shift 3
	m_argv=$(printf '%s,' "$@")
	m_pre="place=$m_place rep=$m_rep argv=${m_argv%,}"
	m_what="$m_w $*"
	if [ "$m_place" != free ]; then
		m_cpus=$(place_cpus "$m_place")
		m_pre="$m_pre cpulist=$m_cpus"
		m_what="$m_what ($m_place: -c $m_cpus)"
		set -- "$@" -c "$m_cpus"
	fi
	m_lost="the measurement $m_what (run $m_rep)"
	progress "[$((run_done + 1))/$run_total] $m_what"
	empty_file "$run_work/out" || write_lost "$run_work/out" "$m_lost, not made,"
	empty_file "$run_work/err" || write_lost "$run_work/err" "$m_lost, not made,"
	# -W: the program ends (exit 129) if the driver is killed outright,
	# even before the program looked (SMPB_PARENT: who its parent is).
	# exec, so that $! is the program's pid under every shell (yash
	# runs a command in the background from a subshell of its own).
	{
		SMPB_PARENT=$$
		export SMPB_PARENT
		exec "$m_prog" -p -W -L "$watchdog" "$@"
	} </dev/null \
	    >"$run_work/out" 2>"$run_work/err" &
	run_child=$!
	wait "$run_child"
	m_rc=$?
	run_child=
	run_done=$((run_done + 1))
	m_line=$(cat "$run_work/out")
	if [ "$m_rc" -eq 0 ]; then
		case $m_line in
		*"$NL"*) m_multi=1 ;;
		*) m_multi=0 ;;
		esac
		if [ "$m_multi" -eq 0 ] && printf '%s\n' "$m_line" |
		    LC_ALL=C grep -Eqx '[a-z_0-9]+=(-?[0-9.]+|[a-z]+)( [a-z_0-9]+=(-?[0-9.]+|[a-z]+))*'
		then
			add_line "$run_work/raw" "$m_pre $m_line" ||
			    write_lost "$run_work/raw" "$m_lost"
			publish
			return 0
		fi
		printf 'unreadable output: %s\n' "$m_line" | head -n 1 \
		    >"$run_work/err"
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
# A cell needs its -n workers, its -H hogs and the program itself.
check_limits() {
	cl_pids=$(decimal "$(cat "$SMPB_ROOT/proc/sys/kernel/pid_max" 2>/dev/null)" \
	    1 999999999) || cl_pids=
	cl_user=$(decimal "$(user_procs)" 1 999999999) || cl_user=
	for cl_w in $cr_todo; do
		# shellcheck disable=SC2046 # the count, then the cell's words
		set -- $(cells "$cl_w" | awk '{ n = 1; h = 0
			for (i = 2; i < NF; i++) {
				if ($i == "-n") n = $(i + 1)
				if ($i == "-H") h = $(i + 1)
			}
			if (n + h + 1 > max) { max = n + h + 1; cell = $0 } }
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

# run_check_options: check the options (opt_*) and set what they ask for:
# repeats, sweep (the profile, or SMPBENCH_SWEEP), watchdog.
run_check_options() {
	[ "$opt_o_set" -eq 1 ] && [ -z "$opt_out" ] &&
	    usage_error "run: -o: needs a directory"
	[ "$opt_out" = - ] &&
	    usage_error "run: -o: '-' is not a directory: a run is saved in one"
	repeats=$REPEATS_DEFAULT
	if [ "$opt_r_set" -eq 1 ]; then
		repeats=$(decimal "$opt_repeats" 1 100) ||
		    usage_error "run: -r: '$(printable "$opt_repeats")' is not a number of repeats (1..100)"
	fi
	opt_label=$(printable "$opt_label")
	for cr_p in $(printf '%s\n' "$opt_places" | tr ',' ' '); do
		case " all $PLACEMENTS " in
		*" $cr_p "*) ;;
		*) usage_error "run: -P: '$(printable "$cr_p")' is not a placement (all $PLACEMENTS)" ;;
		esac
	done
	opt_note=$(printable "$opt_note")
	sweep=${SMPBENCH_SWEEP:-$opt_profile}
	case $sweep in
	tiny | quick | full) ;;
	*) usage_error "SMPBENCH_SWEEP: '$(printable "$sweep")' is not tiny, quick or full" ;;
	esac
	watchdog=$WATCHDOG_QUICK
	[ "$sweep" = full ] && watchdog=$WATCHDOG_FULL
	return 0
}

# run_pick_workloads [WORKLOAD...]: set cr_todo, the workloads asked for
# (all by default), each once, in the order asked, that are built; die
# when none is, or when an awk program they need is missing.
run_pick_workloads() {
	cr_asked=
	for cr_w in ${1+"$@"}; do
		is_workload "$cr_w" ||
		    usage_error "run: unknown workload '$(printable "$cr_w")' (one of: $WORKLOADS)"
		case " $cr_asked " in
		*" $cr_w "*) ;;
		*) cr_asked="$cr_asked $cr_w" ;;
		esac
	done
	[ -n "$cr_asked" ] || cr_asked=$WORKLOADS
	cr_todo=
	for cr_w in $cr_asked; do
		if prog "$cr_w" >/dev/null; then
			cr_todo="$cr_todo $cr_w"
		else
			say "smpb-$cr_w is not built (run make): skipping $cr_w"
		fi
	done
	cr_todo=${cr_todo# }
	[ -n "$cr_todo" ] || die 1 "no workload program is built: nothing to run (run make)"
	# shellcheck disable=SC2086 # the workloads, split on purpose
	need_lib $cr_todo why
}

# run_begin: take the signals, count the measurements, check the limits,
# make the run's directory and save its env: from here on the run is
# kept, complete or not.
# shellcheck disable=SC2034,SC2154 # the state of lib/record.sh and
# lib/topology.sh
run_begin() {
	trap 'on_signal INT 130' INT
	trap 'on_signal TERM 143' TERM
	trap 'on_signal HUP 129' HUP
	# A reader of stdout that goes away does not stop the run: print_out.
	trap : PIPE
	# Count the measurements, for the progress line and the markers.
	run_total=0
	for cr_w in $cr_todo; do
		cr_n=$(cells "$cr_w" | wc -l | tr -d ' ')
		run_total=$((run_total + cr_n * $(workload_repeats "$cr_w")))
	done
	check_limits

	make_run_dir
	cr_err=$(mkdir "$run_dir/raw" 2>&1) ||
	    run_abort 1 "cannot write in $run_dir (${cr_err##*: })"
	cr_env=$(
		capture_env
		run_keys "$sweep" "$repeats" "$opt_r_set" "$opt_label" \
		    "$opt_note" "$cr_todo" "$places"
	)
	write_atomic "$run_dir/env" "$cr_env" ||
	    run_abort 1 "cannot write $run_dir/env ($(why_unwritable "$run_dir/env"))"
	run_saved=1
	env_warnings <"$run_dir/env"
	# One CPU online is warned about above; one allowed of several is not.
	case $places_all in
	free | "free one")
		[ "$cpus_online" -ge 2 ] &&
		    say "one CPU allowed ($(allowed_list)): no placement on two CPUs"
		;;
	esac
	[ "$tty" -eq 1 ] &&
	    say "$sweep run of $cr_todo, saving in $run_dir"

	run_failed=0
	run_start=$(date +%s)
	# For load_other: the run's own CPU time (in this shell: a subshell
	# would count afresh) and the machine's, at the start.
	{ times >"$run_work/times0"; } 2>/dev/null
	run_busy0=$(cpu_busy_ticks)
	cr_tables=0
}

# run_sweep WORKLOAD: measure every cell of the workload's sweep, its
# repeats times, then print and save its table.
# shellcheck disable=SC2034 # run_current: for on_signal() (lib/record.sh)
run_sweep() {
	run_current=$1
	run_na=
	m_prog=$(prog "$1")
	empty_file "$run_work/raw" ||
	    write_lost "$run_work/raw" "$1, not measured,"
	cells "$1" 2>/dev/null >"$run_work/cells" ||
	    write_lost "$run_work/cells" "$1, not measured,"
	cr_r=$(workload_repeats "$1")
	# Repeat the whole sweep rather than each cell in a row, so a
	# passing disturbance spreads over cells instead of biasing one.
	cr_rep=1
	while [ "$cr_rep" -le "$cr_r" ]; do
		while read -r cr_place cr_opts; do
			# shellcheck disable=SC2086 # options, split on purpose
			measure "$1" "$cr_place" "$cr_rep" $cr_opts
		done <"$run_work/cells"
		cr_rep=$((cr_rep + 1))
	done
	save_table "$1"
	cr_tables=$((cr_tables + 1))
}

# run_finish: add the end of the run to its env, then the completion
# marker; exit 1 when a measurement failed.
run_finish() {
	# shellcheck disable=SC2034 # for on_signal() (lib/record.sh)
	run_current=
	cr_secs=$(($(date +%s) - run_start))
	# The end of the run in env: the load average now, and how busy
	# other work kept the CPUs (see load_other).
	{ times >"$run_work/times1"; } 2>/dev/null
	cr_env_end=$(
		printf 'loadavg_end=%s\n' "$(load_avg)"
		printf 'load_other=%s\n' "$(load_other "$run_work/times0" \
		    "$run_work/times1" "$run_busy0" "$(cpu_busy_ticks)" "$cr_secs")"
	)
	write_atomic "$run_dir/env" "$cr_env$NL$cr_env_end" ||
	    write_lost "$run_dir/env" "the load at the end of the run"
	cr_complete=$(
		printf 'finished=%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
		printf 'seconds=%s\n' "$cr_secs"
		printf 'measurements=%s\n' "$run_total"
		printf 'failed=%s\n' "$run_failed"
	)
	# The final marker goes last, with the signals that would mark the run
	# incomplete ignored: a run is complete or incomplete, never both.
	trap '' INT TERM HUP
	write_atomic "$run_dir/complete" "$cr_complete" ||
	    write_lost "$run_dir/complete" "the completion marker"
	cleanup_run
	trap - INT TERM HUP
	if [ "$run_failed" -gt 0 ]; then
		cr_s=s
		[ "$run_failed" -eq 1 ] && cr_s=
		die 1 "$run_failed measurement$cr_s failed (see $run_dir/errors); saved in $run_dir"
	fi
	say "saved in $run_dir ($cr_secs s)"
}

cmd_run() {
	opt_profile=quick
	opt_repeats=
	opt_r_set=0
	opt_label=
	opt_note=
	opt_out=
	opt_o_set=0
	opt_places=
	opt_dry=0
	opt_bad=
	cr_optstring=:fhl:m:no:P:qr:
	eval "set -- $(opt_order "$cr_optstring" ${1+"$@"})"
	OPTIND=1
	while getopts "$cr_optstring" opt; do
		case $opt in
		f) opt_profile=full ;;
		l) opt_label=$OPTARG ;;
		m) opt_note=$OPTARG ;;
		n) opt_dry=1 ;;
		o) opt_out=$OPTARG opt_o_set=1 ;;
		P) opt_places=$OPTARG ;;
		q) opt_profile=quick ;;
		r) opt_repeats=$OPTARG opt_r_set=1 ;;
		h) opt_bad=h; break ;;
		*) opt_bad=$opt${OPTARG-}; break ;;
		esac
	done
	opt_check run "$cr_optstring" "$opt_bad"
	shift $((OPTIND - 1))
	run_check_options
	run_pick_workloads ${1+"$@"}
	progress_on

	placement
	choose_places "$opt_places"
	if [ "$opt_dry" -eq 1 ]; then
		dry_run "$cr_todo"
		return 0
	fi
	run_begin
	for cr_w in $cr_todo; do
		run_sweep "$cr_w"
	done
	run_finish
	return 0
}
