# t748-usable: the CPUs a run may use, and the size of a run said before
# it starts, on made-up machines. The usable CPUs are the allowed, online
# ones less the isolated (isolcpus, nohz_full): env records them, the
# placements and smpb-bind's hogs stay within them (inside a cpuset, the
# hogs never outnumber its CPUs; beside isolated CPUs, no pair or hog is
# on one). run -n says how many measurements the profile makes here and
# about how long, from the workloads' costs: the quick profile stays
# within a few minutes on 64 and on 256 CPUs (machines made by
# fixtures/machines/mkbox), as it does on 2.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib.sh
. tests/lib.sh
long_battery "the usable CPUs and run -n's size on made-up machines of 2 to 256 CPUs"
SB=scripts/smpbench
M=tests/fixtures/machines
export SMPBENCH_RESULTS="$TMPDIR_T/nothing"

# env_key KEY: its value in OUT.
env_key() {
	printf '%s\n' "$OUT" | sed -n "s/^$1=//p"
}

# hogs: the -H of every bind cell run -n listed (OUT), blank-separated.
hogs() {
	printf '%s\n' "$OUT" | awk '$1 == "bind" {
		for (i = 3; i < NF; i++) if ($i == "-H") printf "%s ", $(i + 1) }'
}

# minutes LINE: the minutes run -n's LINE says the run takes (seconds
# and hours turned to minutes, rounded up).
minutes() {
	printf '%s\n' "$1" | sed -n 's/.*, about \([0-9]*\) \([a-z]*\)[;( ].*/\1 \2/p' |
	    awk '{ print ($2 == "s" ? 1 : $2 == "h" ? $1 * 60 : $1) }'
}

# A cpuset of box32: 0,3,8,16,19,24 allowed, 16 offline: 5 usable.
CPUSET=$TMPDIR_T/cpuset
{ cp -R "$M/box32" "$CPUSET" && cp -R "$M/cpuset/." "$CPUSET/"; } || exit 1
# box32 booted with isolcpus=0-3 and nohz_full=8-9, the process allowed
# every CPU (as under taskset -c 0-31).
ISO=$TMPDIR_T/iso
cp -R "$M/box32" "$ISO" || exit 1
echo 0-3 >"$ISO/sys/devices/system/cpu/isolated"
echo 8-9 >"$ISO/sys/devices/system/cpu/nohz_full"
# Machines too big to keep as files.
sh "$M/mkbox" "$TMPDIR_T/box64" 4 8 2 &&
    sh "$M/mkbox" "$TMPDIR_T/box256" 8 16 2 || exit 1

for s in $SHELLS; do
	use_shell $s || continue

	run env SMPBENCH_PROC="$M/box32" $sh $SB env
	is "$(env_key cpus_usable_list) $(env_key cpus_usable) $(env_key cpus_isolated_list)" \
	    "0-31 32 none" "$s: box32: every CPU usable, none isolated"

	run env SMPBENCH_PROC="$CPUSET" $sh $SB env
	is "$(env_key cpus_usable_list) $(env_key cpus_usable)" "0,3,8,19,24 5" \
	    "$s: cpuset: the allowed, online CPUs usable"
	run env SMPBENCH_PROC="$CPUSET" $sh $SB run -n bind
	is "$(hogs)" "4 4 4 4 2 " \
	    "$s: cpuset: bind: one hog fewer than the 5 usable CPUs, not the 31 online"

	run env SMPBENCH_PROC="$ISO" $sh $SB env
	is "$(env_key cpus_isolated_list)" "0-3,8-9" "$s: iso: isolcpus and nohz_full recorded"
	is "$(env_key cpus_usable_list) $(env_key cpus_usable)" "4-7,10-31 26" \
	    "$s: iso: the isolated CPUs not usable"
	is "$(printf '%s\n' "$OUT" | sed -n 's/^place_//p' | tr '\n' ' ')" \
	    "one=4 smt=4,20 llc=4,5 xllc=4,16 node=4,10 cores=4-7,10-19,24-25 " \
	    "$s: iso: every pair on usable CPUs"
	run env SMPBENCH_PROC="$ISO" $sh $SB run -n bind
	is "$(hogs)" "25 25 25 25 10 " \
	    "$s: iso: bind: hogs for the 26 usable CPUs; the cores' are their siblings"
	like "$OUT" '^bind cores -n 16 -B -H 10 .* -c 4-7,10-19,24-25$' \
	    "$s: iso: bind: a worker on each core with a usable CPU"

	for b in 64 256; do
		run env SMPBENCH_PROC="$TMPDIR_T/box$b" $sh $SB run -n
		is "$RC" 0 "$s: box$b: run -n exits 0"
		like "$ERR" "^smpbench: quick run: $(printf '%s\n' "$OUT" | grep -c . | awk '{ print $1 * 5 }') measurements \\(5 repeats\\), about [0-9]+ (s|min) \\([0-9]+ (s|min) at most if it waits for a quiet machine: -S 60\\); nothing run\$" \
		    "$s: box$b: says the measurements listed and about how long"
		m=$(minutes "$ERR")
		check "$s: box$b: quick within a few minutes (said: ${m:-?} min)" \
		    test "${m:-99}" -le 6
		is "$(printf '%s\n' "$OUT" | awk '$1 == "ring" && $2 == "free" {
		    for (i = 3; i < NF; i++) if ($i == "-n") n = $(i + 1) }
		    END { print n }')" 128 "$s: box$b: the quick ring stops at 128"
	done
	run env SMPBENCH_PROC="$M/box1" $sh $SB run -n -f
	like "$ERR" '^smpbench: full run: [0-9]+ measurements \(5 repeats\), about [0-9]+ (s|min|h) \([0-9]+ (s|min|h) at most if it waits for a quiet machine: -S 60\); nothing run$' \
	    "$s: box1: the full profile is said too"
done
check "run -n saved nothing" test ! -e "$TMPDIR_T/nothing"

done_testing
