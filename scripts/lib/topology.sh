# shellcheck shell=sh
# lib/topology.sh: the topology and the placements, read once per
# command: topology.awk reads sysfs (under SMPBENCH_PROC) for
# the allowed, online CPUs and names the pairs of each placement, nearest
# first: one (one CPU), smt (two threads of a core), llc (two cores sharing
# a last-level cache), spread (two cores, where the caches are unknown),
# xllc (two last-level caches of one node), node (two nodes); and free,
# unpinned. Sourced by smpbench.

# PLACEMENTS: every name, in the order tables show them.
PLACEMENTS="free one smt llc spread xllc node"

# topology: the machine's topology and placements, as env lines, and
# the usable CPUs' shape (awk/shape.awk).
# shellcheck disable=SC2154 # online_cpus...: lib/machine.sh's
topology() {
	tp_sys=$SMPB_ROOT/sys/devices/system
	tp_nodes=
	for tp_d in "$tp_sys"/node/node[0-9]*; do
		[ -f "$tp_d/cpulist" ] && tp_nodes="$tp_nodes ${tp_d##*/node}"
	done
	SMPB_SYS=$tp_sys
	export SMPB_SYS
	online_list
	allowed_list
	isolated_list
	awk_lib topology -v online="$online_cpus" -v allowed="$allowed_cpus" \
	    -v isolated="$isolated_cpus" -v nodes="$tp_nodes" \
	    -f "$SMPB_LIB/awk/shape.awk" </dev/null
}

# placement: read the topology; sets topo_env (its env lines),
# cpus_online, cpus_usable (how many CPUs an unpinned worker may be
# balanced to: topo_usable, the list), topo_confined (the CPUs every
# measurement is confined to, its program's -C; "" for none),
# place_<name> (the CPUs of each placement the machine has),
# places_all and places_quick (the placements of the full and the quick
# profile, free first) and topo_note (what sysfs did not tell).
# shellcheck disable=SC2034,SC2154 # its variables are for the commands;
# online_cpus, cpu_count: lib/machine.sh's
placement() {
	# The subshell becomes the awk (awk_exec, awk_run's).
	topo_env=$(awk_exec=1; topology)
	online_list
	cpulist_count "$online_cpus"
	cpus_online=$cpu_count
	place_one='' place_smt='' place_llc='' place_spread='' place_xllc=''
	place_node='' place_cores='' topo_usable='' topo_l2_kib='' topo_llc_kib=''
	topo_confined=''
	places_all=free places_quick=free topo_note=
	while IFS='=' read -r pl_key pl_val; do
		case $pl_key in
		place_one) place_one=$pl_val ;;
		place_smt) place_smt=$pl_val ;;
		place_llc) place_llc=$pl_val ;;
		place_spread) place_spread=$pl_val ;;
		place_xllc) place_xllc=$pl_val ;;
		place_node) place_node=$pl_val ;;
		place_cores) place_cores=$pl_val ;;
		topo_usable_cpus) topo_usable=$pl_val ;;
		topo_confined_cpus) [ "$pl_val" = none ] || topo_confined=$pl_val ;;
		topo_placements) places_all=$pl_val ;;
		topo_placements_quick) places_quick=$pl_val ;;
		topo_note) topo_note=$pl_val ;;
		topo_l2_kib) topo_l2_kib=$pl_val ;;
		topo_llc_kib) topo_llc_kib=$pl_val ;;
		esac
	done <<EOF_TOPO
$topo_env
EOF_TOPO
	cpulist_count "$topo_usable"
	cpus_usable=$cpu_count
	[ "$cpus_usable" -ge 1 ] 2>/dev/null || cpus_usable=1
}

# place_cpus NAME: the CPUs of a placement, in place_list ("" for free
# or one the machine does not have); cores, the first CPU of each core
# (smpb-bind's workers, one per core). A variable, not output: run asks
# once for every measurement.
# shellcheck disable=SC2034 # place_list: for the caller
place_cpus() {
	case $1 in
	one) place_list=$place_one ;;
	smt) place_list=$place_smt ;;
	llc) place_list=$place_llc ;;
	spread) place_list=$place_spread ;;
	xllc) place_list=$place_xllc ;;
	node) place_list=$place_node ;;
	cores) place_list=$place_cores ;;
	*) place_list= ;;
	esac
}

# comma_words TEXT: TEXT with each comma a blank, and no newline at its
# end, in cw_words: as $(printf '%s\n' TEXT | tr ',' ' ') gives it, with
# no process (a trailing comma, which splitting at commas drops, is a
# blank).
comma_words() {
	cw_words=$1
	case $1 in
	*,*)
		cw_ifs=$IFS
		IFS=,
		set -f
		# shellcheck disable=SC2086 # split at the commas, on purpose
		set -- "$1" $1
		set +f
		IFS=' '
		cw_words=
		case $1 in
		*,) cw_tail=' ' ;;
		*) cw_tail= ;;
		esac
		shift
		# posh takes "$*" of no words for an unset parameter.
		[ $# -eq 0 ] || cw_words="$*"
		IFS=$cw_ifs
		cw_words=$cw_words$cw_tail
		;;
	esac
	while :; do
		case $cw_words in
		*"$NL") cw_words=${cw_words%"$NL"} ;;
		*) break ;;
		esac
	done
}

# choose_places ASKED: the placements of the run, in PLACEMENTS order:
# those of ASKED (names separated by commas or blanks, "all" for every one)
# that the machine has, each missing one named on stderr; with ASKED
# empty, those of the profile. Sets places, and places_named, those
# ASKED named one by one (not by "all"): a workload may leave out of
# the profile's a placement where its figure cannot differ, unless it
# was named. Exits 2 when none is left, with one line that says what
# the machine has.
# shellcheck disable=SC2154 # sweep: the run's profile
choose_places() {
	comma_words "$1"
	# shellcheck disable=SC2034 # read by the workloads' sweeps
	places_named=$cw_words
	if [ -z "$1" ]; then
		places=$places_quick
		[ "$sweep" = full ] && places=$places_all
		return 0
	fi
	chp_asked=$cw_words
	case " $chp_asked " in
	*" all "*) chp_asked=$PLACEMENTS ;;
	esac
	places=
	chp_missing=
	for chp_p in $PLACEMENTS; do
		case " $chp_asked " in
		*" $chp_p "*) ;;
		*) continue ;;
		esac
		case " $places_all " in
		*" $chp_p "*) places="$places $chp_p" ;;
		*) chp_missing="$chp_missing $chp_p" ;;
		esac
	done
	places=${places# }
	[ -n "$places" ] ||
	    die 2 "run: -P $(printable "$1"): no such placement here (here: $places_all)"
	[ "$chp_asked" = "$PLACEMENTS" ] && return 0
	for chp_p in $chp_missing; do
		say "-P $chp_p: no such pair of allowed CPUs here; skipped"
	done
}

# cache_kib LEVEL: the KiB of one l2 cache or of one llc (last-level):
# from sysfs (topology.awk), else from getconf where the C library knows
# them (the LLC taken for L3); nothing when unknown. cache_kib_v sets
# it in ck instead ("" when unknown), with no subshell of its own.
cache_kib() {
	cache_kib_v "$1"
	[ -z "$ck" ] || printf '%s\n' "$ck"
}

cache_kib_v() {
	case $1 in
	l2) ck=$topo_l2_kib ;;
	*) ck=$topo_llc_kib ;;
	esac
	case $ck in
	'' | *[!0-9]*) ck= ;;
	*) return 0 ;;
	esac
	[ -z "$SMPB_ROOT" ] || return 0
	case $1 in
	l2) ck=$(getconf LEVEL2_CACHE_SIZE 2>/dev/null) ;;
	llc) ck=$(getconf LEVEL3_CACHE_SIZE 2>/dev/null) ;;
	esac
	case $ck in
	'' | *[!0-9]* | 0) ck= ;;
	*) ck=$((ck / 1024)) ;;
	esac
}
