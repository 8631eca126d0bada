# shellcheck shell=sh
# workloads/yield.sh: smpb-yield's hooks (seed 001): its sweep and its
# cost; its why figures in compare and its plots (facts).

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

# Its facts. why_yield: the why figures compare puts side by side: the
# run-queue delay. plots_yield: yields per second against N (and the
# latency percentiles, in runs that have them), curves.
# shellcheck disable=SC2034 # facts, read by workload_fact (lib/sweep.sh)
why_yield="wait" plots_yield="curve figure latency"

# Its facts for the tests (tests/lib.sh's wl_fact): a short -p run, a
# run that lasts until it is stopped, and what that run has once its
# workers started.
# shellcheck disable=SC2034 # facts, read by the tests
test_quick_yield="-n 3 -T 0.02" test_long_yield="-n 3 -T 100" \
    test_workers_yield="threads 4"
