# shellcheck shell=sh
# lib/sweep.sh: what a run measures: its profile, each workload's cells
# (one a line, "placement options...", from the workload's sweep_<w> in
# workloads/<w>.sh) and how many times its sweep is repeated (the
# run's repeats, or in the full profile its fact full_repeats), the facts
# a workload's file sets (workload_fact), and the run's own env lines.
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

# seq_list FROM TO
seq_list() {
	awk -v a="$1" -v b="$2" 'BEGIN { for (i = a; i <= b; i++)
		printf "%d%s", i, (i < b ? " " : "\n") }'
}

# machine_points SWEEP POINTS: the seeds' points, then the powers of two
# above the last of them up to SWEEP_PER_CPU x the usable CPUs (in the
# quick profile at most QUICK_MAX; the tiny one adds none).
# shellcheck disable=SC2154 # cpus_usable: placement()'s
machine_points() {
	mp_max=$((cpus_usable * SWEEP_PER_CPU))
	case $1 in
	tiny) mp_max=0 ;;
	quick) [ "$mp_max" -gt "$QUICK_MAX" ] && mp_max=$QUICK_MAX ;;
	esac
	printf '%s\n' "$2" | awk -v max="$mp_max" '{
		s = $0
		for (p = 2; p <= max; p *= 2)
			if (p > $NF + 0)
				s = s " " p
		print s
	}'
}

# cells WORKLOAD: the cells of the run's sweep.
# shellcheck disable=SC2154 # sweep: the run's profile
cells() {
	"sweep_$1" "$sweep"
}

# workload_repeats WORKLOAD: how many times its sweep is run.
# shellcheck disable=SC2154 # the run's profile, its repeats, its -r
workload_repeats() {
	repeats_of "$1" "$sweep" "$repeats" "$opt_r_set"
}

# repeats_of WORKLOAD PROFILE REPEATS ASKED: how many times the
# workload's sweep is run in PROFILE: REPEATS, but in the full profile
# its fact full_repeats where it has one, unless -r asked for REPEATS
# (ASKED 1).
repeats_of() {
	ro_full=$(workload_fact "$1" full_repeats)
	if [ "$2" = full ] && [ "$4" -eq 0 ] && [ -n "$ro_full" ]; then
		echo "$ro_full"
	else
		echo "$3"
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

# duration_text SECONDS: "40 s", "12 min", "3 h" (rounded).
duration_text() {
	if [ "$1" -lt 90 ]; then
		printf '%d s\n' "$1"
	elif [ "$1" -lt 5400 ]; then
		printf '%d min\n' $((($1 + 30) / 60))
	else
		printf '%d h\n' $((($1 + 1800) / 3600))
	fi
}

# plan WORKLOADS: what the run will make on this machine, "735
# measurements (5 repeats), about 9 min", from the cells of each
# workload, its repeats and its cost_<w> hook.
plan() {
	pl_n=0 pl_ms=0
	for pl_w in $1; do
		pl_cells=$(cells "$pl_w")
		pl_r=$(workload_repeats "$pl_w")
		pl_c=$(printf '%s\n' "$pl_cells" | grep -c .)
		pl_one=$(printf '%s\n' "$pl_cells" | "cost_$pl_w")
		pl_n=$((pl_n + pl_c * pl_r))
		pl_ms=$((pl_ms + ${pl_one:-0} * pl_r))
	done
	pl_s=s
	[ "$repeats" -eq 1 ] && pl_s=
	printf '%d measurements (%d repeat%s), about %s\n' "$pl_n" "$repeats" \
	    "$pl_s" "$(duration_text $((pl_ms / 1000)))"
}

# run_keys PROFILE REPEATS ASKED LABEL NOTE WORKLOADS PLACES: the run's
# own env lines, after the machine's; repeats_<w> for each workload whose
# sweep is repeated another number of times (repeats_of).
run_keys() {
	printf 'profile=%s\n' "$1"
	printf 'repeats=%s\n' "$2"
	for rk_w in $WORKLOADS; do
		rk_n=$(repeats_of "$rk_w" "$1" "$2" "$3")
		[ "$rk_n" != "$2" ] && printf 'repeats_%s=%s\n' "$rk_w" "$rk_n"
	done
	printf 'label=%s\n' "$4"
	printf 'note=%s\n' "$5"
	printf 'workloads=%s\n' "$6"
	printf 'placements=%s\n' "$7"
}

