# shellcheck shell=sh
# workloads/pipe.sh: smpb-pipe's hooks (seed 000): its sweep, a matrix of
# write sizes by think, and its cost; then its facts: no why figures in
# compare (the pipe's why table needs no -l); one plot, the matrix as a
# heat map; and its facts for the tests. A workload's file holds these
# two hooks (sweep_<w> and cost_<w>) and its facts (why_<w>, plots_<w>,
# and full_repeats_<w> where its repeats in the full profile are not the
# run's, as bind's; test_quick_<w>, test_long_<w> and test_workers_<w>,
# which the tests read), and nothing else.

# sweep_pipe PROFILE: write size KiB x think, each for seconds (-T) or
# at a budget of MiB (-b; seed 000: 10 x 10 at 64 MiB, the full
# profile's). The quick profile's cells, 4 x 4 of the seed's range, run
# a quarter of a second each: two periods of CFS bandwidth control (100
# ms) and more, where a budget of 32 MiB made half of them last 20 ms,
# too short to meet a CPU limit. Not on one CPU unless -P names it: two processes on one CPU
# use 100% of it or less by construction, a row that cannot differ.
# shellcheck disable=SC2154 # places, places_named: the run's (choose_places())
sweep_pipe() {
	case $1 in
	tiny) sp_sizes="1 64" sp_thinks="1 2048" sp_run="-T 0.02" ;;
	quick) sp_sizes="1 8 64 256" sp_thinks="1 16 256 2048" sp_run="-T 0.25" ;;
	full)
		sp_sizes="1 2 4 8 16 32 64 128 256 512"
		sp_thinks="1 2 4 16 32 64 128 256 1024 2048"
		sp_run="-b 64"
		;;
	esac
	for sp_place in $places; do
		case $sp_place:" $places_named " in
		one:*" one "*) ;;
		one:*) continue ;;
		esac
		for sp_s in $sp_sizes; do
			for sp_t in $sp_thinks; do
				echo "$sp_place -s $sp_s -t $sp_t $sp_run"
			done
		done
	done
}

# cost_pipe: the milliseconds its cells (on stdin) take, as cell_cost
# estimates them: -T, or else a round trip of about 18 us a write (-s
# KiB) of the bytes moved (max(-s, -b MiB / -t)); and 1 ns a
# multiplication of the thinking (bytes x -t), on both sides, the last
# write's at least.
cost_pipe() {
	cell_cost 'kib = o("-b", 64) * 1024 / o("-t", 1)
		if (kib < o("-s", 16)) kib = o("-s", 16)
		think = o("-s", 16) * 1024 * o("-t", 1) * 1e-6
		if (o("-T", 0) > 0)
			ms = o("-T", 0) * 1000 + think
		else
			ms = kib / o("-s", 16) * 0.018 + kib * 1024 * o("-t", 1) * 1e-6'
}

# Its facts. why_pipe: the why figures compare puts side by side: none
# (the pipe's why table needs no -l). plots_pipe: "SHAPE KIND...", its
# plots: the matrix, a heat map.
# shellcheck disable=SC2034 # facts, read by workload_fact (lib/sweep.sh)
why_pipe='' plots_pipe="map figure"

# Its facts for the tests, which every test that runs each workload's
# program reads (tests/lib.sh's wl_fact). test_quick_pipe: its
# arguments for a short -p run, a fraction of a second, of two workers
# or more where it has workers (t601, t604, t606, t608, t612, t615).
# test_long_pipe: for a run that lasts until it is stopped, 100 s or
# more, its workers started at once (t603, t612). test_workers_pipe:
# what that run has once its workers started, "children N" (its
# processes: workers, guardian) or "threads N" (its main thread too)
# (tests/lib.sh's has_workers; t606 reads it too).
# shellcheck disable=SC2034 # facts, read by the tests
test_quick_pipe="-s 1 -t 1 -b 1" test_long_pipe="-s 1 -t 1000000 -b 65536" \
    test_workers_pipe="children 3"
