# shellcheck shell=sh
# lib/sweep.sh: what a run measures: its profile, each workload's cells
# (one a line, "placement options...", from the workload's sweep_<w> in
# workloads/<w>.sh) and how many times its sweep is repeated (the
# run's repeats, or in the full profile its fact full_repeats), the facts
# a workload's file sets (workload_fact) or its awk hooks (awk_fact), and
# the run's own env lines.
# Sourced by smpbench.

# Default repeats per cell.
# shellcheck disable=SC2034 # for run and env
REPEATS_DEFAULT=5
# The ring, herd and yield sweeps go on past the seeds' points, by powers
# of two, up to this many processes or threads per usable CPU; in the
# quick profile, up to QUICK_MAX at most.
SWEEP_PER_CPU=4
QUICK_MAX=128

# --- the sweeps: one cell per line, "placement options..." -------------------
# SWEEP is tiny, quick or full; places, the run's placements (free is
# unpinned, the others are pinned with -c, see placement()).

# seq_list FROM TO: FROM to TO, a blank apart, in the shell (nothing
# where FROM is past TO).
seq_list() {
	[ "$1" -le "$2" ] || { echo; return 0; }
	sl_i=$1 sl_s=$1
	while [ "$sl_i" -lt "$2" ]; do
		sl_i=$((sl_i + 1))
		sl_s="$sl_s $sl_i"
	done
	printf '%s\n' "$sl_s"
}

# machine_points SWEEP POINTS: the seeds' points, then the powers of two
# above the last of them up to SWEEP_PER_CPU x the usable CPUs (in the
# quick profile at most QUICK_MAX; the tiny one adds none), in the shell.
# shellcheck disable=SC2154 # cpus_usable: placement()'s
# shellcheck disable=SC2086 # the points, split on purpose
machine_points() {
	mp_max=$((cpus_usable * SWEEP_PER_CPU))
	case $1 in
	tiny) mp_max=0 ;;
	quick) [ "$mp_max" -gt "$QUICK_MAX" ] && mp_max=$QUICK_MAX ;;
	esac
	mp_s=$2 mp_last=0 mp_p=2
	for mp_w in $2; do
		mp_last=$mp_w
	done
	while [ "$mp_p" -le "$mp_max" ]; do
		[ "$mp_p" -le "$mp_last" ] || mp_s="$mp_s $mp_p"
		mp_p=$((mp_p * 2))
	done
	printf '%s\n' "$mp_s"
}

# cells WORKLOAD: the cells of the run's sweep.
# shellcheck disable=SC2154 # sweep: the run's profile
cells() {
	"sweep_$1" "$sweep"
}

# workload_repeats WORKLOAD: how many times its sweep is run, in ro_n
# (repeats_of's).
# shellcheck disable=SC2154 # the run's profile, its repeats, its -r
workload_repeats() {
	repeats_of "$1" "$sweep" "$repeats" "$opt_r_set"
}

# repeats_of WORKLOAD PROFILE REPEATS ASKED: how many times the
# workload's sweep is run in PROFILE, in ro_n: REPEATS, but in the full
# profile its fact full_repeats where it has one, unless -r asked for
# REPEATS (ASKED 1). A variable, not output: no subshell.
repeats_of() {
	# The fact as workload_fact reads it, without its subshell.
	eval "ro_full=\${full_repeats_$1-}"
	if [ "$2" = full ] && [ "$4" -eq 0 ] && [ -n "$ro_full" ]; then
		ro_n=$ro_full
	else
		ro_n=$3
	fi
}

# workload_fact WORKLOAD NAME: a fact the workload's file sets as the
# variable NAME_<w> (empty when it sets none): why, the why figures
# compare puts side by side; plots, "SHAPE KIND..." (curve or map; the
# figure, the latency percentiles), or empty for none; full_repeats, its
# repeats in the full profile, where they are not the run's.
workload_fact() {
	eval "printf '%s\\n' \"\${$2_$1-}\""
}

# awk_fact WORKLOAD KEY: a fact of the workload's awk hooks (its
# facts(D), workloads/<w>.awk), for its sh hooks where they need it too:
# written once, in the awk.
awk_fact() {
	awk_workload "$1" fact -v key="$2" </dev/null
}

# Milliseconds the driver spends around each measurement (starting the
# program, reading and saving its line, the canary's timing).
DRIVER_MS=40

# cell_cost EXPR: the milliseconds the cells on stdin ("placement
# options...") take, summed, estimated by the awk statements EXPR, which
# set ms from o(FLAG, DEFAULT) (the cell's value of option FLAG) and
# usable (the usable CPUs): a workload's cost_<w> hook. The costs are
# typical of a recent x86 CPU, not measured here.
# shellcheck disable=SC2154 # cpus_usable: placement()'s
cell_cost() {
	LC_ALL=C awk -v usable="$cpus_usable" -v driver="$DRIVER_MS" '
	function o(flag, dflt,    i) {
		for (i = 2; i < NF; i++)
			if ($i == flag)
				return $(i + 1) + 0
		return dflt
	}
	NF > 0 {
		ms = 0
		'"$1"'
		total += ms + driver
	}
	END { printf "%d\n", total }'
}

# duration_text SECONDS: "40 s", "12 min", "3 h" (rounded), in dt_text.
duration_text() {
	if [ "$1" -lt 90 ]; then
		dt_text="$(($1)) s"
	elif [ "$1" -lt 5400 ]; then
		dt_text="$((($1 + 30) / 60)) min"
	else
		dt_text="$((($1 + 1800) / 3600)) h"
	fi
}

# plan WORKLOADS: what the run will make on this machine, in plan_text:
# "435 measurements (5 repeats), about 4 min (10 min at most if it
# waits for a quiet machine: -S 60)", from the cells of each workload,
# its repeats and its cost_<w> hook, the settle waits included: a look
# of SETTLE_WINDOW before the run and before each workload, and at most
# the bound (-S) each on a busy machine. Sets plan_ms (the run's
# milliseconds, looks included) and, for the progress line (progress_left),
# plan_ms_<w> and plan_n_<w>, each workload's milliseconds and
# measurements.
# shellcheck disable=SC2154 # settle_bound: the run's (cmd/run.sh)
plan() {
	pl_n=0 pl_ms=0 pl_looks=1
	for pl_w in $1; do
		pl_cells=$(cells "$pl_w")
		workload_repeats "$pl_w"
		pl_r=$ro_n
		# Its lines with text, as grep -c . counts them.
		count_lines "$pl_cells"
		pl_c=$line_count
		pl_one=$(printf '%s\n' "$pl_cells" | "cost_$pl_w")
		pl_n=$((pl_n + pl_c * pl_r))
		pl_ms=$((pl_ms + ${pl_one:-0} * pl_r))
		eval "plan_ms_$pl_w=$((${pl_one:-0} * pl_r)) plan_n_$pl_w=$((pl_c * pl_r))"
		pl_looks=$((pl_looks + 1))
	done
	pl_s=s
	[ "$repeats" -eq 1 ] && pl_s=
	pl_wait=0
	[ "${settle_bound:-0}" -gt 0 ] &&
	    pl_ms=$((pl_ms + pl_looks * SETTLE_LOOK_MS)) &&
	    pl_wait=$((pl_looks * settle_bound))
	plan_ms=$pl_ms
	duration_text $((pl_ms / 1000))
	plan_text="$((pl_n)) measurements ($((repeats)) repeat$pl_s), about $dt_text"
	duration_text $((pl_ms / 1000 + pl_wait))
	[ "$pl_wait" -gt 0 ] &&
	    plan_text="$plan_text ($dt_text at most if it waits for a quiet machine: -S $settle_bound)"
	return 0
}

# progress_left WORKLOAD DONE: the time the runs still take, "3 min
# left", in left_text, from the plan's costs (plan()) of what is left
# of this run (DONE measurements of WORKLOAD made) and of the runs after
# it, at the pace the run has kept so far: its seconds against the
# plan's milliseconds of what it made, once that is 10 s or more. A
# date a measurement on a terminal; a workload's line (progress_workload)
# on any stderr.
# shellcheck disable=SC2154 # cr_todo, run_start, runs, ser_k: the run's
progress_left() {
	pr_done=0 pr_this=0
	for pr_w in $cr_todo; do
		eval "pr_ms=\${plan_ms_$pr_w:-0} pr_n=\${plan_n_$pr_w:-0}"
		if [ "$pr_w" = "$1" ]; then
			[ "$pr_n" -gt 0 ] && pr_done=$((pr_done + pr_ms * $2 / pr_n))
			pr_this=1
		elif [ "$pr_this" -eq 0 ]; then
			pr_done=$((pr_done + pr_ms))
		fi
	done
	pr_left=$((plan_ms - pr_done + (runs - ser_k) * plan_ms))
	pr_now=$(date +%s)
	pr_secs=$((pr_now - ${run_start:-$pr_now}))
	[ "$pr_done" -ge 10000 ] && [ "$pr_secs" -gt 0 ] &&
	    pr_left=$((pr_left * pr_secs * 1000 / pr_done))
	duration_text $((pr_left / 1000))
	left_text="$dt_text left"
}

# progress_workload WORKLOAD: the progress line of a workload about to
# be measured, on stderr whether it is a terminal or a log: how far the
# run is, the workload's measurements, and the time left (progress_left).
# shellcheck disable=SC2154 # run_done, run_total: the run's
progress_workload() {
	progress_left "$1" 0
	eval "pw_n=\${plan_n_$1:-0}"
	say "[$run_done/$run_total] $1: $pw_n measurements, $left_text"
}

# run_keys PROFILE REPEATS ASKED LABEL NOTE WORKLOADS PLACES: the run's
# own env lines, after the machine's; repeats_<w> for each workload whose
# sweep is repeated another number of times (repeats_of).
run_keys() {
	printf 'profile=%s\n' "$1"
	printf 'repeats=%s\n' "$2"
	for rk_w in $WORKLOADS; do
		repeats_of "$rk_w" "$1" "$2" "$3"
		[ "$ro_n" != "$2" ] && printf 'repeats_%s=%s\n' "$rk_w" "$ro_n"
	done
	printf 'label=%s\n' "$4"
	printf 'note=%s\n' "$5"
	printf 'workloads=%s\n' "$6"
	printf 'placements=%s\n' "$7"
}

