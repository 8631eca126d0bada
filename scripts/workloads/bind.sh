# shellcheck shell=sh
# workloads/bind.sh: smpb-bind's hooks (seed 004): its sweep over the
# seed's configurations and the machine's cache sizes, and its cost; its
# repeats in the full profile (the seed's five runs a configuration), its
# why figures in compare, and no plot (facts).

# sweep_bind PROFILE: the seed's five configurations (idle, hogs, bound, bound with
# hogs, one bound worker), accesses per worker and array KiB (seed 004:
# 1500000000 accesses, the L2 size). One hog fewer than the usable CPUs,
# at least one, keeps one more process runnable than CPUs, as in the seed.
# On a machine of more than two cores, a sixth: one worker bound to each
# core (the cores placement), with a hog for every other usable CPU (its
# SMT siblings, where it has them). Usable: the CPUs an unpinned hog may
# run on (placement()), not the online ones: inside a cpuset, or beside
# isolated CPUs, hogs for every online CPU would outnumber them.
# shellcheck disable=SC2154 # placement()'s cpus_usable and topo_usable
sweep_bind() {
	case $1 in
	tiny) sb_opt="-r 20000000" sb_sizes=16 ;;
	quick) sb_opt="-r 500000000" sb_sizes=$(bind_sizes 32768 quick) ;;
	full) sb_opt="-r 1500000000" sb_sizes=$(bind_sizes 262144) ;;
	esac
	sb_hogs=$((cpus_usable - 1))
	[ "$sb_hogs" -lt 1 ] && sb_hogs=1
	for sb_s in $sb_sizes; do
		echo "free -n 2 -s $sb_s $sb_opt"
		echo "free -n 2 -H $sb_hogs -s $sb_s $sb_opt"
		echo "free -n 2 -B -s $sb_s $sb_opt"
		echo "free -n 2 -B -H $sb_hogs -s $sb_s $sb_opt"
	done
	# The single bound worker and one worker per core: at L2, the seed's
	# size, where the sweep has it.
	sb_single=${sb_sizes%% *}
	sb_l2=$(cache_kib l2)
	for sb_s in $sb_sizes; do
		[ "$sb_s" = "$sb_l2" ] && sb_single=$sb_s
	done
	sb_opt="-s $sb_single $sb_opt"
	echo "free -n 1 -B $sb_opt"
	[ -n "$place_cores" ] || return 0
	cpulist_count "$place_cores"
	sb_cores=$cpu_count
	[ "$sb_cores" -gt 2 ] || return 0
	cpulist_count "$topo_usable"
	sb_hogs=$((cpu_count - sb_cores))
	if [ "$sb_hogs" -gt 0 ]; then
		echo "cores -n $sb_cores -B -H $sb_hogs $sb_opt"
	else
		echo "cores -n $sb_cores -B $sb_opt"
	fi
}

# bind_sizes CAP [quick]: the array sizes (KiB) of the bind sweep, over
# the cache levels the machine reports: half of L2, L2, the LLC's share
# of one core (where the cores sharing it are known), twice the LLC;
# each at most CAP (the time to fault in a larger array would outweigh
# the measurement) and 1 GiB, the smallest 16; the seed's one size, L2
# (or smpb-bind's own choice), where no level is known. quick: two of
# them, the seed's L2 and the largest (an array no cache holds).
# shellcheck disable=SC2154 # topo_env: placement()'s
bind_sizes() {
	if [ "${2:-}" = quick ]; then
		bs_all=$(bind_sizes "$1")
		bs_l2=$(cache_kib l2)
		bs_last=${bs_all##* }
		case " $bs_all " in
		*" $bs_l2 "*) [ "$bs_l2" = "$bs_last" ] || bs_last="$bs_l2 $bs_last" ;;
		*) [ "${bs_all%% *}" = "$bs_last" ] || bs_last="${bs_all%% *} $bs_last" ;;
		esac
		echo "$bs_last"
		return 0
	fi
	bs_l2=$(cache_kib l2)
	bs_llc=$(cache_kib llc)
	bs_cores=
	bs_llcs=$(printf '%s\n' "$topo_env" | sed -n 's/^topo_llcs=//p')
	bs_n=$(printf '%s\n' "$topo_env" | sed -n 's/^topo_cores=//p')
	case $bs_llcs$bs_n in
	*[!0-9]* | '') ;;
	*) [ "$bs_llcs" -gt 0 ] && bs_cores=$((bs_n / bs_llcs)) ;;
	esac
	bs_list=
	[ -n "$bs_l2" ] && bs_list="$((bs_l2 / 2)) $bs_l2"
	if [ -n "$bs_llc" ]; then
		[ -n "$bs_cores" ] && [ "$bs_cores" -gt 0 ] &&
		    bs_list="$bs_list $((bs_llc / bs_cores))"
		bs_list="$bs_list $((bs_llc * 2))"
	fi
	[ -n "$bs_list" ] || bs_list=${bs_l2:-1024}
	for bs_s in $bs_list; do
		[ "$bs_s" -gt "$1" ] && bs_s=$1
		[ "$bs_s" -gt 1048576 ] && bs_s=1048576
		[ "$bs_s" -lt 16 ] && bs_s=16
		echo "$bs_s"
	done | sort -n -u | tr '\n' ' ' | sed 's/ $//'
}

# cost_bind: the milliseconds its cells (on stdin) take, as cell_cost
# estimates them: about 1.2 ns an access (-r of them a worker), slowed
# by the workers and hogs beyond the usable CPUs (usable), and 5 ms a
# process to start and stop it.
cost_bind() {
	cell_cost 'run = o("-n", 2) + o("-H", 0)
		slow = run > usable ? run / usable : 1
		ms = o("-r", 1500000000) * 1.2e-6 * slow + 5 * run'
}

# Its facts. full_repeats_bind: its repeats in the full profile, unless
# -r asks for others: the seed's runs per configuration. why_bind: the
# why figures compare puts side by side: the run-queue delay. plots_bind:
# none.
# shellcheck disable=SC2034 # facts, read by workload_fact (lib/sweep.sh)
full_repeats_bind=5 why_bind=wait plots_bind=''

# Its facts for the tests (tests/lib.sh's wl_fact): a short -p run, a
# run that lasts until it is stopped, and what that run has once its
# workers started.
# shellcheck disable=SC2034 # facts, read by the tests
test_quick_bind="-n 2 -r 100000 -s 4" test_long_bind="-n 2 -s 64 -T 100" \
    test_workers_bind="children 3"
