# shellcheck shell=sh
# workloads/ring.sh: smpb-ring's hooks (seed 003): its sweep and its
# cost; its why figures in compare and its plots (facts).
#
# The ring and the herd time every message (-l) in every repeat: wakeup
# latency for the why tables, at a cost below the noise of the repeats
# (README, "Why a figure moved").

# sweep_ring PROFILE: ring sizes, each run for seconds (seed 003: 2..36, then sized by
# the machine), unpinned (the free placement); a ring of 2 in each other
# placement.
# shellcheck disable=SC2154 # places: the run's (choose_places())
sweep_ring() {
	case $1 in
	tiny) sr_n="2 3" sr_t=0.05 ;;
	quick) sr_n="2 3 4 5 6 8 10 12 16" sr_t=0.5 ;;
	full) sr_n=$(seq_list 2 36) sr_t=1 ;;
	esac
	sr_n=$(machine_points "$1" "$sr_n")
	for sr_place in $places; do
		if [ "$sr_place" != free ]; then
			echo "$sr_place -n 2 -T $sr_t -l"
			continue
		fi
		for sr in $sr_n; do
			echo "free -n $sr -T $sr_t -l"
		done
	done
}

# cost_ring: the milliseconds its cells (on stdin) take, as cell_cost
# estimates them: -T, and about 8 ms a process to start and stop it.
cost_ring() {
	cell_cost 'ms = o("-T", 1) * 1000 + 8 * o("-n", 2)'
}

# Its facts. why_ring: the why figures compare puts side by side: the
# wakeup p99, the run-queue delay. plots_ring: switches per second
# against N, and the latency percentiles, curves.
# shellcheck disable=SC2034 # facts, read by workload_fact (lib/sweep.sh)
why_ring="p99 wait" plots_ring="curve figure latency"

# Its facts for the tests (tests/lib.sh's wl_fact): a short -p run, a
# run that lasts until it is stopped, and what that run has once its
# workers started.
# shellcheck disable=SC2034 # facts, read by the tests
test_quick_ring="-n 3 -T 0.02" test_long_ring="-n 3 -T 100" \
    test_workers_ring="children 4"
