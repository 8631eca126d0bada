# shellcheck shell=sh
# cmd/run.sh: smpbench run: sweep each workload's parameters, repeat every
# cell, print each table as soon as it is done, and save the run.

# Watchdog passed to every program (-L), per profile, in seconds.
WATCHDOG_QUICK=120
WATCHDOG_FULL=1800

# run_check_options: check the options (opt_*) and set what they ask for:
# repeats, runs, settle_bound, sweep (the profile, or SMPBENCH_SWEEP),
# watchdog.
# shellcheck disable=SC2154 # pv, cw_words: printable_v's, comma_words's
run_check_options() {
	[ "$opt_o_set" -eq 1 ] && [ -z "$opt_out" ] &&
	    usage_error "run: -o: needs a directory"
	[ "$opt_out" = - ] &&
	    usage_error "run: -o: '-' is not a directory: a run is saved in one"
	# show and the others refuse a run named so: it is not saved.
	case $opt_out in
	*["$CTRL_CHARS"]*)
		usage_error "run: -o: a directory name with a newline or another control character"
		;;
	esac
	repeats=$REPEATS_DEFAULT
	if [ "$opt_r_set" -eq 1 ]; then
		repeats=$(decimal "$opt_repeats" 1 100) ||
		    usage_error "run: -r: '$(printable "$opt_repeats")' is not a number of repeats (1..100)"
	fi
	runs=$(decimal "$opt_runs" 1 100) ||
	    usage_error "run: -R: '$(printable "$opt_runs")' is not a number of runs (1..100)"
	if [ "$opt_S_set" -eq 1 ]; then
		settle_bound=$(decimal "$opt_settle" 0 3600) ||
		    usage_error "run: -S: '$(printable "$opt_settle")' is not a number of seconds (0..3600)"
	fi
	printable_v "$opt_label"
	opt_label=$pv
	comma_words "$opt_places"
	for cr_p in $cw_words; do
		case " all $PLACEMENTS " in
		*" $cr_p "*) ;;
		*) usage_error "run: -P: '$(printable "$cr_p")' is not a placement (all $PLACEMENTS)" ;;
		esac
	done
	printable_v "$opt_note"
	opt_note=$pv
	sweep=${SMPBENCH_SWEEP:-$opt_profile}
	case $sweep in
	tiny | quick | full) ;;
	*) usage_error "SMPBENCH_SWEEP: '$(printable "$sweep")' is not tiny, quick or full" ;;
	esac
	# shellcheck disable=SC2034 # watchdog: measure_program's (lib/measure.sh)
	{
		watchdog=$WATCHDOG_QUICK
		[ "$sweep" = full ] && watchdog=$WATCHDOG_FULL
	}
	# shellcheck disable=SC2034 # settle_bound: settle_run's (lib/host.sh)
	if [ "$opt_S_set" -eq 0 ]; then
		settle_bound=$SETTLE_DEFAULT
		[ "$sweep" = tiny ] && settle_bound=$SETTLE_TINY
	fi
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
		if prog_path "$cr_w"; then
			cr_todo="$cr_todo $cr_w"
		else
			say "smpb-$cr_w is not built (run make): skipping $cr_w"
		fi
	done
	cr_todo=${cr_todo# }
	[ -n "$cr_todo" ] || die 1 "no workload program is built: nothing to run (run make)"
	# shellcheck disable=SC2086 # the workloads, split on purpose
	need_lib $cr_todo why schedstat
}

# run's options, as getopts reads them.
RUN_OPTSTRING=:fhl:m:no:P:qr:R:S:

# run_parse ARGS...: run's options into the opt_ variables (and the
# letters given, in the order given, into opt_seen), as getopts reads
# them; opt_bad, as opt_check takes it; opt_words, ARGS with the options
# first (opt_order), and OPTIND past them. Nothing checked yet: cmd_run
# (and vm, for its guests' runs) check what they need.
run_parse() {
	opt_profile=quick opt_repeats='' opt_r_set=0 opt_label='' opt_note=''
	opt_out='' opt_o_set=0 opt_places='' opt_dry=0 opt_runs=1
	opt_settle='' opt_S_set=0 opt_bad='' opt_seen=''
	opt_order "$RUN_OPTSTRING" ${1+"$@"}
	# shellcheck disable=SC2154 # opt_words: opt_order's
	eval "set -- $opt_words"
	OPTIND=1
	while getopts "$RUN_OPTSTRING" opt; do
		opt_seen=$opt_seen$opt
		case $opt in
		f) opt_profile=full ;;
		l) opt_label=$OPTARG ;;
		m) opt_note=$OPTARG ;;
		n) opt_dry=1 ;;
		o) opt_out=$OPTARG opt_o_set=1 ;;
		P) opt_places=$OPTARG ;;
		q) opt_profile=quick ;;
		r) opt_repeats=$OPTARG opt_r_set=1 ;;
		R) opt_runs=$OPTARG ;;
		S) opt_settle=$OPTARG opt_S_set=1 ;;
		h) opt_bad=h; break ;;
		*) opt_bad=$opt${OPTARG-}; break ;;
		esac
	done
}

# run_id K: an id no other run has, in ri_id: the time, the host, the
# driver's pid, the run's number in its series and, where /dev/urandom
# can be read, 32 random bits.
# shellcheck disable=SC2154 # host_name, sane: host_names's, sanitise_v's
run_id() {
	ri_rand=$(od -An -N4 -tx4 /dev/urandom 2>/dev/null)
	# One word, whatever blanks od puts around it.
	ri_rand=${ri_rand%"${ri_rand##*[! ]}"}
	ri_rand=${ri_rand##* }
	host_names
	sanitise_v "$host_name"
	ri_id=$(date -u +%Y%m%dT%H%M%SZ)-$sane-$$-$1${ri_rand:+-$ri_rand}
}

# settle_keys: how the machine settled before the run (settle's
# variables), as env lines.
# shellcheck disable=SC2154 # settle_*: settle()'s (lib/host.sh)
settle_keys() {
	printf 'settle_wait_s=%s\n' "$settle_wait"
	printf 'settle_state=%s\n' "$settle_state"
	printf 'settle_procs_running=%s\n' "$settle_procs"
	printf 'settle_psi_some_pct=%s\n' "$settle_psi"
	printf 'settle_busy_cpus=%s\n' "$settle_busy"
}

# run_begin K: take the signals, count the measurements, check the
# limits, make the run's directory, wait for a quiet machine and save the
# run's env (K: the run's number in the series, for its id): from here
# on the run is kept, complete or not.
# shellcheck disable=SC2034,SC2154 # the state of lib/record.sh and
# lib/topology.sh
run_begin() {
	run_traps
	# A reader of stdout that goes away does not stop the run: print_out.
	trap : PIPE
	# Nor does a stdout closed from the start: it is /dev/null from here
	# on, so that no file the run opens takes its place.
	out_open || { exec >/dev/null; out_closed=2; }
	run_count
	check_limits

	make_run_dir
	cr_err=$(mkdir "$run_dir/raw" 2>&1) ||
	    run_abort 1 "cannot write in $run_dir (${cr_err##*: })"
	# The first line: what the run will make, and about how long.
	plan "$cr_todo"
	say "$sweep run: $plan_text"
	# The run's time, as its last line says it: its waits included.
	run_t0=$(date +%s) run_waited=0
	# Other runs see this one from here on, waiting, then measuring; it
	# looks for them once the machine has settled (or not), before the
	# run's env is taken.
	measuring_begin "$run_dir"
	settle_run "at the start"
	measuring_state measuring
	measuring_check "at the start"
	run_save_env "$1"
	run_say_start
	run_start_clock
}

# run_count: count the run's measurements, in run_total, for the
# progress line and the markers.
# shellcheck disable=SC2154 # line_count: count_lines's
run_count() {
	run_total=0
	for cr_w in $cr_todo; do
		count_lines "$(cells "$cr_w")"
		workload_repeats "$cr_w"
		run_total=$((run_total + line_count * ro_n))
	done
}

# run_save_env K: take the run's env and save it in the run (K: the
# run's number in the series, for its id). From the env's capture until
# it is saved a signal is held: the run is then removed, or kept with its
# env and a marker, never left with an env alone (run_hold).
# shellcheck disable=SC2154 # places: choose_places's (lib/topology.sh)
run_save_env() {
	run_hold
	cr_env=$(
		capture_env
		run_keys "$sweep" "$repeats" "$opt_r_set" "$opt_label" \
		    "$opt_note" "$cr_todo" "$places"
		run_id "$1"
		printf 'run_id=%s\n' "$ri_id"
		env_line run_command "$SMPB_COMMAND"
		settle_keys
	)
	if [ -z "$run_held" ]; then
		write_atomic "$run_dir/env" "$cr_env" ||
		    run_abort 1 "cannot write $run_dir/env ($(why_unwritable "$run_dir/env"))"
		run_saved=1
	fi
	run_traps
	# shellcheck disable=SC2086 # the signal and its status
	[ -z "$run_held" ] || on_signal $run_held
}

# run_say_start: the warnings of the run's env, and where the run is
# saved (on a terminal).
# shellcheck disable=SC2154 # places_all, cpus_online: lib/topology.sh's;
# allowed_cpus: allowed_list's (lib/machine.sh)
run_say_start() {
	env_warnings <"$run_dir/env"
	# One CPU online is warned about above; one allowed of several is not.
	case $places_all in
	free | "free one")
		if [ "$cpus_online" -ge 2 ]; then
			allowed_list
			say "one CPU allowed ($allowed_cpus): no placement on two CPUs"
		fi
		;;
	esac
	[ "$tty" -eq 1 ] &&
	    say "$sweep run of $cr_todo, saving in $run_dir"
}

# run_start_clock: the start of the measuring: the time, and the CPU
# time of the run and of the machine, for load_other; no failure yet,
# no table yet; whether each measurement keeps the kernel's counters.
# shellcheck disable=SC2154 # cbt: cpu_busy_ticks's (lib/machine.sh)
run_start_clock() {
	run_failed=0
	run_start=$(date +%s)
	# For load_other: the run's own CPU time (in this shell: a subshell
	# would count afresh) and the machine's, at the start.
	{ times >"$run_work/times0"; } 2>/dev/null
	cpu_busy_ticks
	run_busy0=$cbt
	cr_tables=0
	schedstat_state
}

# run_sweep WORKLOAD: wait for a quiet machine, measure every cell of the
# workload's sweep, its repeats times, each measurement followed by a
# timing of the canary, and save the host's line; then print and save
# its table.
# shellcheck disable=SC2034 # run_current: for on_signal() (lib/record.sh)
# shellcheck disable=SC2154 # prog_at: prog_path's
run_sweep() {
	run_current=$1
	measuring_state waiting
	settle_run "before $1"
	measuring_state measuring
	measuring_check "before $1"
	progress_workload "$1"
	host_snapshot_v
	cr_snap0=$hs_line
	run_na=
	prog_path "$1"
	m_prog=$prog_at
	empty_file "$run_work/raw" ||
	    write_lost "$run_work/raw" "$1, not measured,"
	empty_file "$run_work/canary" ||
	    write_lost "$run_work/canary" "$1, not measured,"
	cells "$1" 2>/dev/null >"$run_work/cells" ||
	    write_lost "$run_work/cells" "$1, not measured,"
	workload_repeats "$1"
	cr_r=$ro_n
	run_done_w=0
	# Repeat the whole sweep rather than each cell in a row, so a
	# passing disturbance spreads over cells instead of biasing one.
	cr_rep=1
	while [ "$cr_rep" -le "$cr_r" ]; do
		while read -r cr_place cr_opts; do
			# shellcheck disable=SC2086 # options, split on purpose
			measure "$1" "$cr_place" "$cr_rep" $cr_opts
			canary_ns
			[ -z "$canary" ] || add_line "$run_work/canary" "$canary" ||
			    write_lost "$run_work/canary" "the canary of $1"
		done <"$run_work/cells"
		cr_rep=$((cr_rep + 1))
	done
	host_snapshot_v
	cr_snap1=$hs_line
	host_line "$1" "$run_work/canary" "$cr_snap0" "$cr_snap1"
	add_line "$run_work/host" "$hl_line" ||
	    write_lost "$run_work/host" "the host's line of $1"
	write_atomic "$run_dir/host" <"$run_work/host" ||
	    write_lost "$run_dir/host" "the host's line of $1"
	save_table "$1"
	cr_tables=$((cr_tables + 1))
}

# run_finish: add the end of the run to its env, then the completion
# marker; false when a measurement failed.
# shellcheck disable=SC2154 # other_runs...: lib/measuring.sh's
run_finish() {
	# shellcheck disable=SC2034 # for on_signal() (lib/record.sh)
	run_current=
	cr_secs=$(($(date +%s) - run_start))
	measuring_check "at the end"
	# The end of the run in env: the load average now, how busy other
	# work kept the CPUs (see load_other), and the other runs beside it.
	{ times >"$run_work/times1"; } 2>/dev/null
	load_avg
	cpu_busy_ticks
	cr_other=$(load_other "$run_work/times0" "$run_work/times1" \
	    "$run_busy0" "$cbt" "$cr_secs")
	printable_v "$other_runs_note"
	cr_env_end="loadavg_end=$loadavg${NL}load_other=$cr_other"
	cr_env_end="$cr_env_end${NL}other_runs=$other_runs${NL}other_runs_note=$pv"
	cr_env_end="$cr_env_end${NL}other_users_runs=$other_users_runs"
	write_atomic "$run_dir/env" "$cr_env$NL$cr_env_end" ||
	    write_lost "$run_dir/env" "the load at the end of the run"
	cr_complete="finished=$(date -u +%Y-%m-%dT%H:%M:%SZ)${NL}seconds=$cr_secs"
	cr_complete="$cr_complete${NL}measurements=$run_total${NL}failed=$run_failed"
	# The final marker goes last, with the signals that would mark the run
	# incomplete ignored: a run is complete or incomplete, never both.
	trap '' INT TERM HUP
	write_atomic "$run_dir/complete" "$cr_complete" ||
	    write_lost "$run_dir/complete" "the completion marker"
	cleanup_run
	measuring_end
	trap - INT TERM HUP
	if [ "$run_failed" -gt 0 ]; then
		cr_s=s
		[ "$run_failed" -eq 1 ] && cr_s=
		say "$run_failed measurement$cr_s failed (see $run_dir/errors); saved in $run_dir"
		return 1
	fi
	cr_took=$(($(date +%s) - run_t0))
	cr_waits=
	# The waits as the counters timed them, within the run's time.
	[ "$run_waited" -gt "$cr_took" ] && run_waited=$cr_took
	[ "$run_waited" -gt 0 ] &&
	    cr_waits=", $run_waited s of it waiting for a quiet machine"
	say "saved in $run_dir ($cr_took s$cr_waits)"
	return 0
}

# run_series: make the runs of -R, each a run of its own: with -o DIR
# and more than one, DIR (new or empty) holds them as DIR/1 ... DIR/N.
# Say where they are and how to compare them; false when a measurement
# of one failed.
# shellcheck disable=SC2034 # the state of lib/record.sh, for each run
# shellcheck disable=SC2154 # od_made: out_dir's (lib/record.sh)
run_series() {
	ser_series=
	if [ "$runs" -gt 1 ] && [ -n "$opt_out" ]; then
		ser_series=$(path_arg "$opt_out")
		out_dir "$ser_series" "-o $opt_out"
		if [ "$od_made" -eq 0 ] && { ! only_work "$ser_series" ||
		    [ -e "$ser_series/.work" ]; }; then
			die 1 "-o $opt_out: exists and is not empty"
		fi
	fi
	ser_k=1 ser_ok=0 ser_dirs=
	# No wait of this series has reached its bound yet (settle_run).
	settle_short=0 settle_said=0
	while [ "$ser_k" -le "$runs" ]; do
		[ -n "$ser_series" ] && opt_out=$ser_series/$ser_k
		run_dir='' run_work='' run_child='' run_current=''
		run_done=0 run_made=0 run_saved=0
		[ "$tty" -eq 1 ] && [ "$runs" -gt 1 ] && say "run $ser_k of $runs"
		run_begin "$ser_k"
		for cr_w in $cr_todo; do
			run_sweep "$cr_w"
		done
		run_finish || ser_ok=1
		ser_dirs="$ser_dirs $run_dir"
		ser_k=$((ser_k + 1))
	done
	if [ "$runs" -gt 1 ]; then
		ser_what="$runs runs"
		ser_how="runs that share a label make one column"
		if [ -n "$opt_label" ]; then
			ser_what="$ser_what labelled \"$opt_label\""
		else
			ser_how="$ser_how: label each kernel's runs with -l"
		fi
		say "$ser_what saved in:$ser_dirs"
		say "to set them beside another kernel's runs: smpbench compare$ser_dirs RUNS... ($ser_how)"
	fi
	return "$ser_ok"
}

cmd_run() {
	run_parse ${1+"$@"}
	opt_check run "$RUN_OPTSTRING" "$opt_bad"
	eval "set -- $opt_words"
	shift $((OPTIND - 1))
	run_check_options
	need_stat run
	run_pick_workloads ${1+"$@"}
	progress_on

	placement
	choose_places "$opt_places"
	if [ "$opt_dry" -eq 1 ]; then
		dry_run "$cr_todo"
		return 0
	fi
	# What a run makes, none but its user can write, whatever the umask
	# allows: a directory of it open to others could be swapped while the
	# run writes in it (out_dir would refuse it).
	umask go-w
	run_series
}
