# shellcheck shell=sh
# workloads/yield.sh: smpb-yield's hooks (seed 001): its sweep, its
# repeats, its why figures in compare, its plots.

# sweep_yield PROFILE: threads, each run for seconds (seed 001: 1..32, then sized by
# the machine).
sweep_yield() {
	case $1 in
	tiny) sy_n="1 2" sy_t=0.05 ;;
	quick) sy_n="1 2 3 4 6 8 12 16 24 32" sy_t=0.5 ;;
	full) sy_n=$(seq_list 1 32) sy_t=1 ;;
	esac
	for sy in $(machine_points "$1" "$sy_n"); do
		echo "free -n $sy -T $sy_t"
	done
}

# cost_yield: the milliseconds its cells (on stdin) take, as cell_cost
# estimates them: -T, and about 1 ms a thread to start and stop it.
cost_yield() {
	cell_cost 'ms = o("-T", 1) * 1000 + o("-n", 1)'
}

# repeats_yield PROFILE REPEATS ASKED: the run's repeats.
repeats_yield() {
	echo "$2"
}

# why_yield: the why figures compare puts side by side: the run-queue
# delay.
why_yield() {
	echo wait
}

# plots_yield SHAPE: yields per second against N (and latency
# percentiles, in runs that have them), curves.
plots_yield() {
	[ "$1" != curve ] || echo figure latency
}
