# shellcheck shell=sh
# lib/sweep.sh: what a run measures: its profile, each workload's cells
# (one a line, "placement options...", from the workload's sweep_<w> in
# workloads/<w>.sh) and how many times its sweep is repeated
# (repeats_<w>), and the run's own env lines. Sourced by smpbench.

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
	"repeats_$1" "$sweep" "$repeats" "$opt_r_set"
}

# run_keys PROFILE REPEATS ASKED LABEL NOTE WORKLOADS PLACES: the run's
# own env lines, after the machine's; repeats_<w> for each workload whose
# sweep is repeated another number of times (ASKED: 1 when -r asked for
# REPEATS, else 0).
run_keys() {
	printf 'profile=%s\n' "$1"
	printf 'repeats=%s\n' "$2"
	for rk_w in $WORKLOADS; do
		rk_n=$("repeats_$rk_w" "$1" "$2" "$3")
		[ "$rk_n" != "$2" ] && printf 'repeats_%s=%s\n' "$rk_w" "$rk_n"
	done
	printf 'label=%s\n' "$4"
	printf 'note=%s\n' "$5"
	printf 'workloads=%s\n' "$6"
	printf 'placements=%s\n' "$7"
}

