# shellcheck shell=sh
# workloads/herd.sh: smpb-herd's hooks (seed 002): its sweep and its
# cost; its why figures in compare and its plots (facts). Every repeat is timed
# with -l, as the ring's (workloads/ring.sh).

# sweep_herd PROFILE: processes, iterations (seed 002: 2, 25, 50 at the
# seed's iterations, herd.awk's fact per_count, then sized by the
# machine).
sweep_herd() {
	case $1 in
	tiny) sh_n="2 5" sh_i=2000 ;;
	quick) sh_n="2 25 50" sh_i=200000 ;;
	full) sh_n="2 25 50" sh_i=$(awk_fact herd per_count) ;;
	esac
	for sh_p in $(machine_points "$1" "$sh_n"); do
		echo "free -n $sh_p -i $sh_i -l"
	done
}

# cost_herd: the milliseconds its cells (on stdin) take, as cell_cost
# estimates them: about 7 us an iteration (-i, by default the seed's),
# and 5 ms a process.
cost_herd() {
	ch_seed=$(awk_fact herd per_count)
	cell_cost 'ms = o("-i", '"$ch_seed"') * 0.007 + 5 * o("-n", 2)'
}

# Its facts. why_herd: the why figures compare puts side by side: the
# wakeup p99, the run-queue delay. plots_herd: the time against P, and
# the latency percentiles, curves.
# shellcheck disable=SC2034 # facts, read by workload_fact (lib/sweep.sh)
why_herd="p99 wait" plots_herd="curve figure latency"

# Its facts for the tests (tests/lib.sh's wl_fact): a short -p run, a
# run that lasts until it is stopped, and what that run has once its
# workers started.
# shellcheck disable=SC2034 # facts, read by the tests
test_quick_herd="-n 3 -i 2000" test_long_herd="-n 3 -i 1000000000000" \
    test_workers_herd="children 4"
