# t708-topology: the topology and the placements on the made-up machines
# of tests/fixtures/machines (see its README), under every POSIX shell we
# can find: smpbench env's summary and topology lines (and the usable
# CPUs' shape, topo_shape, as smpbench vm -t takes it), the pairs chosen,
# each also checked against the machine's own files by this test's own
# reading (smt two threads of one core, llc two cores of one cache, xllc
# two caches of one node, node two nodes, spread two cores, cores one CPU
# of each core, every CPU allowed and online); the sweeps sized by the
# machine, as run -n lists them (the seeds' points, then powers of two to
# 4 x the online CPUs, at most 128 in the quick profile; one, the nearest
# placement on two cores and the farthest in the quick profile, all in
# the full one; each pinned cell given its pair); and run -P: bad names,
# placements a machine does not have, and a real run of only the
# placements asked for.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck disable=SC2317 # helpers called through check
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "the topology of every made-up machine"
SB=scripts/smpbench
M=tests/fixtures/machines

# The cpuset machine: box32 with the cpuset files over it.
CPUSET=$TMPDIR_T/cpuset
{ cp -R "$M/box32" "$CPUSET" && cp -R "$M/cpuset/." "$CPUSET/"; } || exit 1

# cpus LIST: a cpulist, one CPU a line.
cpus() {
	printf '%s\n' "$1" | tr ',' '\n' | awk -F- 'NF {
		for (c = $1; c <= (NF > 1 ? $2 : $1); c++) print c }'
}

# in_list CPU LIST
in_list() {
	cpus "$2" | grep -qx "$1"
}

# same_set LIST LIST
same_set() {
	[ "$(cpus "$1" | sort -n | tr '\n' ,)" = "$(cpus "$2" | sort -n | tr '\n' ,)" ]
}

# siblings ROOT CPU: the CPU's thread_siblings_list.
siblings() {
	cat "$1/sys/devices/system/cpu/cpu$2/topology/thread_siblings_list"
}

# llc_of ROOT CPU: the CPUs sharing the CPU's highest data or unified cache.
llc_of() {
	lo_level=0
	lo_list=
	for lo_d in "$1/sys/devices/system/cpu/cpu$2"/cache/index*; do
		[ -d "$lo_d" ] || continue
		[ "$(cat "$lo_d/type")" = Instruction ] && continue
		[ "$(cat "$lo_d/level")" -gt "$lo_level" ] || continue
		lo_level=$(cat "$lo_d/level")
		lo_list=$(cat "$lo_d/shared_cpu_list")
	done
	printf '%s\n' "$lo_list"
}

# node_of ROOT CPU
node_of() {
	for no_d in "$1"/sys/devices/system/node/node*; do
		in_list "$2" "$(cat "$no_d/cpulist")" && echo "${no_d##*/node}"
	done
}

# usable ROOT CPU: allowed and online on that machine.
usable() {
	in_list "$2" "$(cat "$1/sys/devices/system/cpu/online")" &&
	    in_list "$2" "$(awk '/^Cpus_allowed_list:/ { print $2 }' \
	    "$1/proc/self/status")"
}

# usable_cpus ROOT: the CPUs allowed and online on that machine.
usable_cpus() {
	{
		cpus "$(cat "$1/sys/devices/system/cpu/online")"
		echo -
		cpus "$(awk '/^Cpus_allowed_list:/ { print $2 }' "$1/proc/self/status")"
	} | awk '$0 == "-" { allowed = 1; next } !allowed { on[$0] = 1; next }
	    $0 in on'
}

# one_per_core ROOT CPULIST: every CPU usable, no two of one core, and
# every usable CPU's core among them.
one_per_core() {
	opc_usable=$(usable_cpus "$1")
	for opc in $(cpus "$2"); do
		printf '%s\n' "$opc_usable" | grep -qx "$opc" || return 1
	done
	opc_mine=$(for opc in $(cpus "$2"); do siblings "$1" "$opc"; done | sort)
	opc_all=$(for opc in $opc_usable; do siblings "$1" "$opc"; done | sort -u)
	[ "$opc_mine" = "$(printf '%s\n' "$opc_mine" | sort -u)" ] &&
	    [ "$opc_mine" = "$opc_all" ]
}

# fits ROOT NAME CPUS: whether CPUS (one, a pair a,b, or for cores a
# cpulist) is that placement on that machine, by the machine's files.
fits() {
	if [ "$2" = cores ]; then
		one_per_core "$1" "$3"
		return
	fi
	f_a=${3%,*}
	f_b=${3#*,}
	usable "$1" "$f_a" && usable "$1" "$f_b" || return 1
	if [ "$2" = one ]; then
		[ "$f_a" = "$3" ]
		return
	fi
	[ "$f_a" != "$f_b" ] || return 1
	case $2 in
	smt) in_list "$f_b" "$(siblings "$1" "$f_a")" ;;
	llc)
		same_set "$(llc_of "$1" "$f_a")" "$(llc_of "$1" "$f_b")" &&
		    ! in_list "$f_b" "$(siblings "$1" "$f_a")"
		;;
	spread) ! in_list "$f_b" "$(siblings "$1" "$f_a")" ;;
	xllc)
		! same_set "$(llc_of "$1" "$f_a")" "$(llc_of "$1" "$f_b")" &&
		    [ "$(node_of "$1" "$f_a")" = "$(node_of "$1" "$f_b")" ]
		;;
	node) [ "$(node_of "$1" "$f_a")" != "$(node_of "$1" "$f_b")" ] ;;
	*) return 1 ;;
	esac
}

# machine NAME ROOT SUMMARY PAIRS ALL QUICK: what env says of a machine;
# under the first shell, each pair checked against the machine's files
# (the pairs are the same under every shell, as checked).
machine() {
	run env SMPBENCH_PROC="$2" $sh $SB env
	is "$RC" 0 "$s: $1: env exits 0"
	is "$(printf '%s\n' "$OUT" | sed -n 's/^topology=//p')" "$3" \
	    "$s: $1: the summary"
	is "$(printf '%s\n' "$OUT" | sed -n 's/^place_//p' | tr '\n' ' ')" "$4" \
	    "$s: $1: the pairs chosen"
	is "$(printf '%s\n' "$OUT" | sed -n 's/^topo_placements=//p')" "$5" \
	    "$s: $1: every placement it has"
	is "$(printf '%s\n' "$OUT" | sed -n 's/^topo_placements_quick=//p')" "$6" \
	    "$s: $1: the quick profile's"
	is "$(printf '%s\n' "$OUT" | sed -n 's/^placements=//p')" "$6" \
	    "$s: $1: what a quick run would record"
	[ "$s" = "$first" ] || return 0
	for m_pair in $(printf '%s\n' "$OUT" | sed -n 's/^place_//p'); do
		check "$s: $1: ${m_pair%%=*} ${m_pair#*=} fits the machine's files" \
		    fits "$2" "${m_pair%%=*}" "${m_pair#*=}"
	done
}

first=
for s in $SHELLS; do
	sh=$(shell_cmd $s)
	if [ -z "$sh" ]; then
		t_result 0 "# SKIP $s is not installed"
		continue
	fi
	[ -n "$first" ] || first=$s
	machine box32 "$M/box32" \
	    "2 packages, 16 cores, 2 threads per core, 4 L3 caches of 16 MiB, 2 NUMA nodes" \
	    "one=0 smt=0,16 llc=0,1 xllc=0,4 node=0,8 cores=0-15 " \
	    "free one smt llc xllc node" "free one llc node"
	like "$OUT" '^topo_llc_cpus=0-3,16-19 4-7,20-23 8-11,24-27 12-15,28-31$' \
	    "$s: box32: the caches' CPUs"
	like "$OUT" '^topo_node_cpus=0-7,16-23 8-15,24-31$' "$s: box32: the nodes' CPUs"
	like "$OUT" '^topo_llc_level=3$' "$s: box32: the last level is L3"
	like "$OUT" '^topo_shape=2x2x4x2$' "$s: box32: its shape, 2 nodes x 2 L3 x 4 cores x 2 threads"
	is "$ERR" "" "$s: box32: nothing unknown, no note"

	machine cpuset "$CPUSET" \
	    "2 packages, 16 cores, 2 threads per core, 4 L3 caches of 16 MiB, 2 NUMA nodes" \
	    "one=0 smt=3,19 llc=0,3 node=0,8 cores=0,3,8 " \
	    "free one smt llc node" "free one llc node"
	like "$OUT" '^cpus_allowed_list=0,3,8,16,19,24$' "$s: cpuset: the allowed CPUs"
	is "$(printf '%s\n' "$OUT" | grep '^place_' | grep -c '[=,]16\(,\|$\)')" 0 \
	    "$s: cpuset: CPU 16, offline, in no pair"
	like "$OUT" '^topo_shape=irregular$' "$s: cpuset: its usable CPUs make no shape"

	machine box8 "$M/box8" \
	    "1 package, 8 cores, 1 thread per core, 1 L2 cache of 4 MiB, 1 NUMA node" \
	    "one=0 llc=0,1 cores=0-7 " "free one llc" "free one llc"
	like "$OUT" '^smt=not supported$' "$s: box8: no SMT"
	like "$OUT" '^topo_shape=1x1x8x1$' "$s: box8: its shape"

	machine box1 "$M/box1" \
	    "1 package, 1 core, 1 thread per core, 1 L2 cache of 512 KiB, 1 NUMA node" \
	    "one=0 cores=0 " "free one" "free one"
	like "$ERR" "no placement on two CPUs" "$s: box1: warns: nothing on two CPUs"

	machine nocache "$M/nocache" \
	    "1 package, 2 cores, 2 threads per core, last-level caches unknown, NUMA nodes unknown" \
	    "one=0 smt=0,2 spread=0,1 cores=0-1 " "free one smt spread" "free one spread"
	like "$OUT" '^topo_llcs=unknown$' "$s: nocache: caches recorded unknown"
	like "$OUT" '^topo_nodes=unknown$' "$s: nocache: nodes recorded unknown"
	like "$OUT" '^topo_shape=unknown$' "$s: nocache: and so its shape"
	is "$ERR" "smpbench: note: last-level caches unknown: no llc or xllc placement, spread (two cores) instead" \
	    "$s: nocache: a note says what falls back"

	# -P: names checked first, then what the machine has.
	run env SMPBENCH_PROC="$M/box32" $sh $SB run -P one,bogus ring
	is "$RC" 2 "$s: -P bogus exits 2"
	is "$ERR" "smpbench: run: -P: 'bogus' is not a placement (all free one smt llc spread xllc node) (see smpbench -h)" \
	    "$s: and names the placements"
	run env SMPBENCH_PROC="$M/box32" $sh $SB run -P
	is "$ERR" "smpbench: run: -P: needs an argument (see smpbench -h)" \
	    "$s: -P without a list"
	run env SMPBENCH_PROC="$M/box8" SMPBENCH_RESULTS="$TMPDIR_T/none" \
	    $sh $SB run -P node,xllc ring
	is "$RC" 2 "$s: -P with no placement the machine has exits 2"
	is "$ERR" "smpbench: run: -P node,xllc: no such placement here (here: free one llc)" \
	    "$s: and says which it has, on one line"
	is "$OUT" "" "$s: and prints nothing"
	check "$s: and saves nothing" test ! -e "$TMPDIR_T/none"
done

# bind_sizes: the array sizes of the bind cells run -n listed ($OUT).
bind_sizes() {
	printf '%s\n' "$OUT" | sed -n 's/^bind free -n 2 -s \([0-9]*\) .*/\1/p' |
	    sort -n -u | tr '\n' ' '
}

# The sweeps sized by the machine, as run -n lists them (nothing is run).
# counts WORKLOAD PLACE: the -n values of its cells in OUT, in order.
counts() {
	printf '%s\n' "$OUT" | awk -v w="$1" -v p="$2" '$1 == w && $2 == p {
		for (i = 3; i < NF; i++) if ($i == "-n") printf "%s ", $(i + 1) }'
}

# pinned WORKLOAD: the placements of its pinned cells in OUT, in order.
pinned() {
	printf '%s\n' "$OUT" | awk -v w="$1" '$1 == w && $2 != "free" &&
	    !seen[$2]++ { printf "%s ", $2 }'
}

# pairs_agree ROOT: every pinned cell in OUT is given its placement's
# CPUs, as env records them.
pairs_agree() {
	pa_env=$(SMPBENCH_PROC=$1 sh $SB env 2>/dev/null | sed -n 's/^place_//p')
	printf '%s\n' "$OUT" | awk -v pairs="$pa_env" 'BEGIN {
		n = split(pairs, a, "\n")
		for (i = 1; i <= n; i++) {
			eq = index(a[i], "=")
			cpus[substr(a[i], 1, eq - 1)] = substr(a[i], eq + 1)
		}
	}
	$2 != "free" {
		want = " -c " cpus[$2]
		if (!($2 in cpus) ||
		    substr($0, length($0) - length(want) + 1) != want) {
			print "# " $0 ": not" want
			bad = 1
		}
	}
	END { exit bad }'
}

SEEDS_RING="2 3 4 5 6 8 10 12 16"
SEEDS_YIELD="1 2 3 4 6 8 12 16 24 32"
FULL_RING=$(awk 'BEGIN { for (i = 2; i <= 36; i++) printf "%d ", i }')
FULL_YIELD=$(awk 'BEGIN { for (i = 1; i <= 32; i++) printf "%d ", i }')
for s in $SHELLS; do
	sh=$(shell_cmd $s)
	[ -n "$sh" ] || continue
	export SMPBENCH_RESULTS="$TMPDIR_T/nothing"
	run env SMPBENCH_PROC="$M/box32" $sh $SB run -n
	is "$RC" 0 "$s: box32: run -n exits 0"
	like "$ERR" "^smpbench: quick run: 450 measurements \\(5 repeats\\), about [0-9]+ (s|min) \\([0-9]+ (s|min) at most if it waits for a quiet machine: -S 60\\); nothing run\$" \
	    "$s: box32: and counts the measurements"
	is "$(counts ring free)" "$SEEDS_RING 32 64 128 " \
	    "$s: box32: quick ring: the seeds' sizes, then powers of two to 128"
	is "$(counts yield free)" "$SEEDS_YIELD 64 128 " "$s: box32: quick yield"
	is "$(counts herd free)" "2 25 50 64 128 " "$s: box32: quick herd"
	is "$(pinned pipe)" "llc node " \
	    "$s: box32: quick pipe: the nearest two cores, the farthest (not one CPU: its figure cannot differ)"
	is "$(pinned ring)" "one llc node " "$s: box32: quick ring of 2, the same"
	is "$(counts ring llc)" "2 " "$s: box32: a pinned ring has 2 processes"
	is "$(bind_sizes)" "2048 32768 " \
	    "$s: box32: quick bind: L2 (2 MiB), 2 x L3 capped at 32 MiB"
	like "$OUT" '^bind cores -n 16 -B -H 16 -s 2048 -r 500000000 -c 0-15$' \
	    "$s: box32: bind: a worker bound to each core, hogs on their siblings"
	[ "$s" = "$first" ] && check "box32: every pinned cell gets its pair" \
	    pairs_agree "$M/box32"

	run env SMPBENCH_PROC="$M/box32" $sh $SB run -n -P node,smt pipe ring
	is "$(pinned pipe) $(counts ring free)" "smt node  " \
	    "$s: box32: -P node,smt: those only, nearest first, no unpinned cell"
	run env SMPBENCH_PROC="$M/box32" $sh $SB run -n -P one pipe
	is "$(pinned pipe)" "one " "$s: box32: -P one: the pipe on one CPU, asked for"

	run env SMPBENCH_PROC="$M/box8" $sh $SB run -n
	is "$(counts ring free)" "$SEEDS_RING 32 " "$s: box8: quick ring to 4 x 8 CPUs"
	is "$(counts yield free)" "$SEEDS_YIELD " "$s: box8: yield: the seeds' already reach 32"
	is "$(counts herd free)" "2 25 50 " "$s: box8: herd: the seeds' reach past 32"
	is "$(pinned pipe)" "llc " "$s: box8: pipe: llc"
	is "$(bind_sizes)" "4096 8192 " \
	    "$s: box8: quick bind: the L2 (the last level, 4 MiB), 2 x L2"
	like "$OUT" '^bind cores -n 8 -B -s 4096 -r 500000000 -c 0-7$' \
	    "$s: box8: bind: 8 bound workers, no hog (no SMT sibling)"

	# The same code under the other profiles and machines: once.
	[ "$s" = "$first" ] || continue
	run env SMPBENCH_PROC="$M/box32" $sh $SB run -n -f
	is "$(counts ring free)" "${FULL_RING}64 128 " "$s: box32: full ring: 2..36, 64, 128"
	is "$(counts yield free)" "${FULL_YIELD}64 128 " "$s: box32: full yield: 1..32, 64, 128"
	is "$(pinned pipe)" "smt llc xllc node " "$s: box32: full: every placement but one CPU"
	is "$(bind_sizes)" "1024 2048 4096 32768 " \
	    "$s: box32: full bind: L2/2, L2 (2 MiB), an L3's share of a core, 2 x L3 (32 MiB)"

	run env SMPBENCH_PROC="$CPUSET" $sh $SB run -n
	is "$(pinned pipe)" "llc node " "$s: cpuset: pipe: llc, node"
	like "$OUT" '^bind cores -n 3 -B -H 2 -s 2048 -r 500000000 -c 0,3,8$' \
	    "$s: cpuset: bind: one worker on each allowed core, hogs on the rest"
	check "cpuset: every pinned cell gets its pair" pairs_agree "$CPUSET"

	run env SMPBENCH_PROC="$M/box1" $sh $SB run -n
	is "$(pinned pipe)" "" "$s: box1: pipe: unpinned only"
	is "$(counts ring free)" "$SEEDS_RING " "$s: box1: ring: the seeds' sizes"
	is "$(printf '%s\n' "$OUT" | grep -c '^bind cores ')" 0 "$s: box1: no per-core bind"

	run env SMPBENCH_PROC="$M/nocache" $sh $SB run -n
	is "$(pinned pipe)" "spread " "$s: nocache: pipe: spread"
done
check "run -n saved nothing" test ! -e "$TMPDIR_T/nothing"
unset SMPBENCH_RESULTS

# A real run of only the placements asked for, on this machine's CPUs
# (a fake root without topology files: one and spread).
if [ -x bin/smpb-ring ]; then
	allowed=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status 2>/dev/null)
	ROOT=$TMPDIR_T/root
	mkdir -p "$ROOT/proc/self" "$ROOT/sys/devices/system/cpu"
	printf 'Cpus_allowed_list:\t%s\n' "${allowed:-0}" >"$ROOT/proc/self/status"
	printf '%s\n' "${allowed:-0}" >"$ROOT/sys/devices/system/cpu/online"
	run env SMPBENCH_PROC="$ROOT" SMPBENCH_SWEEP=tiny sh $SB run -r 1 \
	    -P one,xllc -o "$TMPDIR_T/p1" ring
	is "$RC" 0 "-P one,xllc: the run exits 0"
	like "$ERR" '^smpbench: -P xllc: no such pair of allowed CPUs here; skipped$' \
	    "it says xllc is not here"
	is "$(sed 's/ .*//' "$TMPDIR_T/p1/raw/ring" | tr '\n' ' ')" "place=one " \
	    "only the ring of 2 on one CPU ran"
	like "$(cat "$TMPDIR_T/p1/env")" '^placements=one$' "env records the placements run"
	cpu0=$(cpus "${allowed:-0}" | head -n 1)
	like "$(cat "$TMPDIR_T/p1/raw/ring")" " cpulist=$cpu0 " "its raw line, the CPU"
else
	t_result 0 "# SKIP bin/smpb-ring is not built"
fi

done_testing
