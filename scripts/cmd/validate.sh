# shellcheck shell=sh
# cmd/validate.sh: smpbench validate: the programs against the floor (a
# bare pipe round trip, sched_yield loop, fork, thread) and perf bench,
# each side in turn, in one table.

# validate_abort STATUS MESSAGE: stop the program measuring, remove the
# work files, say why, exit STATUS.
validate_abort() {
	trap '' INT TERM HUP
	if [ -n "$run_child" ]; then
		kill -TERM "$run_child" 2>/dev/null
		wait_child "$run_child" 2>/dev/null
		run_child=
	fi
	[ -n "$v_work" ] && rm -rf "$v_work"
	clear_line
	printf 'smpbench: %s\n' "$2" >&2
	exit "$1"
}

# v_exec CMD...: run CMD, its output in $v_work/out; stop validating,
# naming it, when it fails.
v_exec() {
	{ exec "$@"; } </dev/null >"$v_work/out" 2>"$v_work/err" &
	run_child=$!
	wait_child "$run_child"
	# shellcheck disable=SC2154 # wc_rc: wait_child's (lib/child.sh)
	ve_rc=$wc_rc
	run_child=
	[ "$ve_rc" -eq 0 ] && return 0
	validate_abort 1 "validate: '$*' failed (exit $ve_rc)$(head -n 1 \
	    "$v_work/err" | sed 's/^./: &/')"
}

# v_sample NAME KEY CMD...: run CMD and add the value of KEY in its last
# key=value line to the samples as NAME.
v_sample() {
	vs_name=$1 vs_key=$2
	shift 2
	progress "[$v_k/$v_total] validate: $vs_name"
	v_exec "$@"
	vs_v=$(sed -n "s/^\(.* \)\{0,1\}$vs_key=\([0-9.]*\).*/\2/p" \
	    "$v_work/out" | tail -n 1)
	[ -n "$vs_v" ] ||
	    validate_abort 1 "validate: '$*' printed no $vs_key"
	printf '%s %s\n' "$vs_name" "$vs_v" >>"$v_work/samples"
	v_k=$((v_k + 1))
}

# v_perf: a sample of perf bench sched pipe on the ring's CPU, us per
# switch (half its round trip); or perf's state, absent or failed.
v_perf() {
	if [ "$v_perf_state" != ok ]; then
		printf 'perf %s\n' "$v_perf_state" >>"$v_work/samples"
		return 0
	fi
	progress "[$v_k/$v_total] validate: perf"
	v_exec "$v_floor" time -c "$v_cpu" perf bench sched pipe -l "$v_laps"
	vp=$(awk '$2 == "usecs/op" { print $1 / 2 }' "$v_work/out")
	[ -n "$vp" ] || validate_abort 1 "validate: perf bench sched pipe printed no usecs/op"
	printf 'perf %s\n' "$vp" >>"$v_work/samples"
	v_k=$((v_k + 1))
}

# v_in_turn F...: the sample functions F in their order in an odd round
# (v_r), in the reverse order in an even one.
v_in_turn() {
	if [ $((v_r % 2)) -eq 1 ]; then
		for vt_f in "$@"; do
			"$vt_f"
		done
	else
		vt_list=
		for vt_f in "$@"; do
			vt_list="$vt_f $vt_list"
		done
		for vt_f in $vt_list; do
			"$vt_f"
		done
	fi
}

# The samples of validate, one function each (v_in_turn's F).
v_ring_of_2() {
	v_sample ring us_per_switch \
	    "$v_ring" -p -W -n 2 -i "$v_laps" -c "$v_cpu"
}
v_pipe() {
	v_sample pipe us_per_switch "$v_floor" pipe -i "$v_laps" -c "$v_cpu"
}
v_yield_of_1() {
	v_sample yield us_per_yield \
	    "$v_yield" -p -W -n 1 -T "$v_secs" -c "$v_cpu"
}
v_sched_yield() {
	v_sample sched_yield us_per_yield \
	    "$v_floor" yield -i "$v_yields" -c "$v_cpu"
}
v_fork() {
	v_sample fork wall_s "$v_floor" time "$v_floor" fork -n "$v_workers"
}
v_ring_setup() {
	v_sample ring_setup wall_s \
	    "$v_floor" time "$v_ring" -W -n "$v_workers" -i 1
}
v_herd_setup() {
	v_sample herd_setup wall_s \
	    "$v_floor" time "$v_herd" -W -n "$v_workers" -i "$v_iter"
}
v_thread() {
	v_sample thread wall_s "$v_floor" time "$v_floor" thread -n "$v_workers"
}
v_yield_setup() {
	v_sample yield_setup wall_s \
	    "$v_floor" time "$v_yield" -W -n "$v_workers" -T 0.001
}

# v_tools: find what validate measures: the floor (built in the tree's
# tests/bench, installed beside the driver's files), the programs, the CPU
# of the placement "one"; and perf, when it is installed and runs here
# (v_perf_state ok, absent or failed, and v_why_perf what it said).
# shellcheck disable=SC2154 # place_list: place_cpus's
v_tools() {
	if [ "$SMPB_LIB" = "$SMPB_HERE" ]; then
		v_floor=$SMPB_TOP/tests/bench/floor
		[ -x "$v_floor" ] ||
		    die 1 "validate: tests/bench/floor is not built (run make validate in the source tree)"
	else
		v_floor=$SMPB_LIB/floor
		[ -x "$v_floor" ] ||
		    die 1 "validate: cannot find $v_floor (is smpbench installed whole?)"
	fi
	for v_w in ring yield herd; do
		prog_path "$v_w" ||
		    die 1 "validate: smpb-$v_w is not built (run make)"
	done
	v_ring=$(prog ring)
	v_yield=$(prog yield)
	v_herd=$(prog herd)
	placement
	place_cpus one
	v_cpu=$place_list
	v_cpu=${v_cpu%%,*}
	[ -n "$v_cpu" ] || v_cpu=0
	v_perf_state=absent
	v_why_perf=
	if command -v perf >/dev/null 2>&1; then
		if v_why_perf=$(perf bench sched pipe -l 1 2>&1 >/dev/null); then
			v_perf_state=ok
		else
			v_perf_state=failed
			v_why_perf=$(printable "$(printf '%s\n' "$v_why_perf" |
			    grep . | head -n 1)")
		fi
	fi
}

# shellcheck disable=SC2154 # loadavg, ds_why: load_avg's, dir_safe's
cmd_validate() {
	opt_runs=
	opt_r_set=0
	opt_bad=
	opt_order :hr: ${1+"$@"}
	# shellcheck disable=SC2154 # opt_words: opt_order's
	eval "set -- $opt_words"
	OPTIND=1
	while getopts :hr: opt; do
		case $opt in
		r) opt_runs=$OPTARG opt_r_set=1 ;;
		h) opt_bad=h; break ;;
		*) opt_bad=$opt${OPTARG-}; break ;;
		esac
	done
	opt_check validate :hr: "$opt_bad"
	shift $((OPTIND - 1))
	[ $# -eq 0 ] || usage_error "validate: unexpected operand '$(printable "$1")'"
	v_runs_asked=
	if [ "$opt_r_set" -eq 1 ]; then
		v_runs_asked=$(decimal "$opt_runs" 2 100) ||
		    usage_error "validate: -r: '$(printable "$opt_runs")' is not a number of runs (2..100)"
	fi
	# How much: tiny for the tests; otherwise runs of about a second.
	# (A yield may hand a CPU shared with a busy process a whole slice,
	# some milliseconds: the tiny count is small so that a loaded machine
	# still finishes it in seconds.)
	case ${SMPBENCH_SWEEP:-quick} in
	tiny)
		v_runs=2 v_laps=2000 v_secs=0.02 v_yields=1000
		v_workers=20 v_iter=100
		;;
	quick | full)
		v_runs=10 v_laps=100000 v_secs=0.5 v_yields=1000000
		v_workers=1000 v_iter=1000
		;;
	*) usage_error "SMPBENCH_SWEEP: '$(printable "$SMPBENCH_SWEEP")' is not tiny, quick or full" ;;
	esac
	v_runs=${v_runs_asked:-$v_runs}
	validate_runs
}

# validate_runs: the runs of validate, each side in turn, into a
# private directory, then its table.
# shellcheck disable=SC2154 # loadavg: load_avg's (lib/machine.sh)
validate_runs() {
	need_lib validate
	v_tools
	v_work=
	trap 'validate_abort 130 "validate: interrupted by SIGINT"' INT
	trap 'validate_abort 143 "validate: interrupted by SIGTERM"' TERM
	trap 'validate_abort 129 "validate: interrupted by SIGHUP"' HUP
	# Its files, in TMPDIR when no other user can swap them (dir_safe).
	dir_safe "${TMPDIR:-/tmp}" ||
	    validate_abort 1 "TMPDIR: refused: $ds_why (validate's files are made there)"
	v_work=$(mktemp -d "${TMPDIR:-/tmp}/smpbench-validate.XXXXXX") ||
	    validate_abort 1 "validate: cannot make a temporary directory"
	progress_on
	capture_env >"$v_work/env"
	: >"$v_work/samples"
	v_total=$((v_runs * 9))
	[ "$v_perf_state" = ok ] && v_total=$((v_total + v_runs))
	v_k=1
	v_r=1
	# Each side in turn, so that a passing disturbance falls on both,
	# and in one order in odd rounds and the other in even ones (A B,
	# B A), so that an order effect cancels.
	while [ "$v_r" -le "$v_runs" ]; do
		v_in_turn v_ring_of_2 v_pipe v_perf
		v_in_turn v_yield_of_1 v_sched_yield
		v_in_turn v_fork v_ring_setup v_herd_setup
		v_in_turn v_thread v_yield_setup
		v_r=$((v_r + 1))
	done
	clear_line
	SMPB_ENV=$v_work/env
	SMPB_WHY_PERF=$v_why_perf
	export SMPB_ENV SMPB_WHY_PERF
	load_avg
	awk_lib validate -v cpu="$v_cpu" -v workers="$v_workers" \
	    -v runs="$v_runs" -v load_end="$loadavg" <"$v_work/samples" ||
	    validate_abort 1 "validate: cannot print the table"
	rm -rf "$v_work"
	trap - INT TERM HUP
}

