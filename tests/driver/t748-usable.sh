# t748-usable: the CPUs a run may use, and the size of a run said before
# it starts, on made-up machines. The usable CPUs are the allowed, online
# ones less the isolated (isolcpus, nohz_full): env records them, the
# placements and smpb-bind's hogs stay within them (inside a cpuset, the
# hogs never outnumber its CPUs; beside isolated CPUs, no pair or hog is
# on one). Where the allowed, online CPUs include isolated ones beside
# others, every measurement is confined to the usable ones (-C, in every
# cell run -n lists, and env's topo_confined_cpus), and a real run's
# measurements ran there (cpus_confined, cpus_seen); where none is
# isolated (an offline CPU in the cpuset is not), or every one is,
# nothing is confined. run -n says how many measurements the profile makes here and
# about how long, from the workloads' costs: the quick profile stays
# within a few minutes on 64 and on 256 CPUs (machines made by
# fixtures/machines/mkbox), as it does on 2.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
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
# The cpuset with CPU 3 isolated, as in a cpuset of 4-11 under
# isolcpus=6-7; and with every CPU isolated.
CSISO=$TMPDIR_T/cpuset-iso
cp -R "$CPUSET" "$CSISO" || exit 1
echo 3 >"$CSISO/sys/devices/system/cpu/isolated"
CSALL=$TMPDIR_T/cpuset-all
cp -R "$CPUSET" "$CSALL" || exit 1
echo 0-31 >"$CSALL/sys/devices/system/cpu/isolated"

# cells_with WORD: how many cells of run -n (OUT) hold WORD, and of how
# many, as "N of M".
cells_with() {
	printf '%s\n' "$OUT" | awk -v w="$1" '/^[a-z]+ [a-z]+ / { m++
		for (i = 3; i <= NF; i++) if ($i == w) { n++; break } }
		END { printf "%d of %d", n, m }'
}

# confined_to LIST: "all N" when every cell of run -n (OUT), N of them
# and some unpinned, is confined to LIST (-C LIST, before any -c); else
# how many are, of how many, as "N of M".
confined_to() {
	printf '%s\n' "$OUT" | awk -v l="$1" '/^[a-z]+ [a-z]+ / { m++
		if ($2 == "free") free++
		for (i = 3; i < NF; i++) if ($i == "-C" && $(i + 1) == l) break
		for (j = 3; j < NF; j++) if ($j == "-c") break
		if (i < NF && i < j) n++ }
		END { if (n == m && free > 0) print "all " m
			else printf "%d of %d\n", n, m }'
}

# Machines too big to keep as files.
sh "$M/mkbox" "$TMPDIR_T/box64" 4 8 2 &&
    sh "$M/mkbox" "$TMPDIR_T/box256" 8 16 2 || exit 1

for s in $SHELLS; do
	use_shell $s || continue

	run env SMPBENCH_PROC="$M/box32" $sh $SB env
	is "$(env_key cpus_usable_list) $(env_key cpus_usable) $(env_key cpus_isolated_list)" \
	    "0-31 32 none" "$s: box32: every CPU usable, none isolated"
	is "$(env_key topo_confined_cpus)" none "$s: box32: nothing confined"

	run env SMPBENCH_PROC="$CPUSET" $sh $SB env
	is "$(env_key cpus_usable_list) $(env_key cpus_usable)" "0,3,8,19,24 5" \
	    "$s: cpuset: the allowed, online CPUs usable"
	is "$(env_key topo_confined_cpus)" none \
	    "$s: cpuset: nothing confined (its offline CPU is not isolated)"
	run env SMPBENCH_PROC="$CPUSET" $sh $SB run -n bind
	is "$(hogs)" "4 4 4 4 2 " \
	    "$s: cpuset: bind: one hog fewer than the 5 usable CPUs, not the 31 online"
	like "$(cells_with -C)" '^0 of [1-9]' "$s: cpuset: no cell has -C"

	run env SMPBENCH_PROC="$CSISO" $sh $SB env
	is "$(env_key cpus_usable_list) $(env_key topo_confined_cpus)" \
	    "0,8,19,24 0,8,19,24" \
	    "$s: cpuset, CPU 3 isolated: the others usable, and confined to"
	run env SMPBENCH_PROC="$CSISO" $sh $SB run -n
	like "$(confined_to 0,8,19,24)" '^all [1-9]' \
	    "$s: cpuset, CPU 3 isolated: every cell confined to them, pinned ones too"

	run env SMPBENCH_PROC="$CSALL" $sh $SB env
	is "$(env_key cpus_usable_list) $(env_key topo_confined_cpus)" \
	    "0,3,8,19,24 none" \
	    "$s: cpuset, every CPU isolated: the allowed, online ones used, unconfined"

	run env SMPBENCH_PROC="$ISO" $sh $SB env
	is "$(env_key cpus_isolated_list)" "0-3,8-9" "$s: iso: isolcpus and nohz_full recorded"
	is "$(env_key cpus_usable_list) $(env_key cpus_usable)" "4-7,10-31 26" \
	    "$s: iso: the isolated CPUs not usable"
	is "$(printf '%s\n' "$OUT" | sed -n 's/^place_//p' | tr '\n' ' ')" \
	    "one=4 smt=4,20 llc=4,5 xllc=4,16 node=4,10 cores=4-7,10-19,24-25 " \
	    "$s: iso: every pair on usable CPUs"
	is "$(env_key topo_confined_cpus)" 4-7,10-31 \
	    "$s: iso: measurements confined to the usable CPUs"
	run env SMPBENCH_PROC="$ISO" $sh $SB run -n bind
	is "$(hogs)" "25 25 25 25 10 " \
	    "$s: iso: bind: hogs for the 26 usable CPUs; the cores' are their siblings"
	like "$OUT" '^bind cores -n 16 -B -H 10 .* -C 4-7,10-31 -c 4-7,10-19,24-25$' \
	    "$s: iso: bind: a worker on each core with a usable CPU, the hogs confined"
	like "$(confined_to 4-7,10-31)" '^all [1-9]' \
	    "$s: iso: bind: every cell confined to the usable CPUs"

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
		like "$(cells_with -C)" '^0 of [1-9]' "$s: box$b: no cell has -C"
	done
	run env SMPBENCH_PROC="$M/box1" $sh $SB run -n -f
	like "$ERR" '^smpbench: full run: [0-9]+ measurements \(5 repeats\), about [0-9]+ (s|min|h) \([0-9]+ (s|min|h) at most if it waits for a quiet machine: -S 60\); nothing run$' \
	    "$s: box1: the full profile is said too"
done
check "run -n saved nothing" test ! -e "$TMPDIR_T/nothing"

# EXPAND: an awk function, expand(list, set): the CPUs of a cpulist as
# the keys of set; returns how many.
EXPAND='function expand(list, set,    n, p, r, i, c) {
	n = split(list, p, ",")
	for (i = 1; i <= n; i++) {
		if (split(p[i], r, "-") == 1)
			r[2] = r[1]
		for (c = r[1] + 0; c <= r[2] + 0; c++)
			set[c] = 1
	}
	n = 0
	for (c in set)
		n++
	return n
}
'

# A real run, once: this machine's CPUs, the last one isolated (a made-up
# machine of them, as t702's), a tiny run of the ring. Every measurement
# was confined to the others, pinned or not, and ran on them.
allowed=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status 2>/dev/null)
last=$(printf '%s\n' "$allowed" | awk -F '[,-]' '{ print $NF }')
if [ ! -x bin/smpb-ring ]; then
	t_skip "a real run: bin/smpb-ring is not built (run make)"
elif [ -z "$allowed" ] || [ "$(first_cpu)" = "$last" ]; then
	t_skip "a real run beside an isolated CPU: this process may use one CPU"
else
	ROOT=$TMPDIR_T/here
	mkdir -p "$ROOT/proc/self" "$ROOT/sys/devices/system/cpu"
	printf '0.00 0.00 0.00 1/100 1\n' >"$ROOT/proc/loadavg"
	printf 'Cpus_allowed_list:\t%s\n' "$allowed" >"$ROOT/proc/self/status"
	printf 'processor\t: 0\nmodel name\t: Test CPU\n' >"$ROOT/proc/cpuinfo"
	printf '%s\n' "$allowed" >"$ROOT/sys/devices/system/cpu/online"
	printf '%s\n' "$last" >"$ROOT/sys/devices/system/cpu/isolated"
	run env SMPBENCH_PROC="$ROOT" SMPBENCH_SWEEP=tiny sh $SB run -r 1 -S 0 \
	    -o "$TMPDIR_T/real" ring
	is "$RC" 0 "a real run beside an isolated CPU exits 0"
	usable=$(sed -n 's/^topo_confined_cpus=//p' "$TMPDIR_T/real/env")
	check "a real run: env confines it, leaving out CPU $last (${usable:-?})" \
	    awk -v u="$usable" -v l="$last" "$EXPAND"'BEGIN {
		exit !(u ~ /^[0-9]/ && expand(u, a) > 0 && !(l in a)) }'
	# Every raw line: its cpus_confined the usable CPUs' count, and each
	# CPU of its cpus_seen one of them (or none, where the system cannot
	# tell).
	is "$(awk -v u="$usable" "$EXPAND"'BEGIN { n = expand(u, U) }
	{
		c = s = ""
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^cpus_confined=/) c = substr($i, 15)
			if ($i ~ /^cpus_seen=/) s = substr($i, 11)
		}
		if (s != "none")
			for (cpu in S)
				delete S[cpu]
		if (s != "none" && expand(s, S) > 0)
			for (cpu in S)
				if (!(cpu in U))
					s = "outside:" s
		if (c != n || s ~ /^outside/ || s == "")
			bad = bad " " $1 ":" c ":" s
		m++
	} END { print m + 0 bad }' "$TMPDIR_T/real/raw/ring")" \
	    "$(grep -c . "$TMPDIR_T/real/raw/ring")" \
	    "a real run: every measurement confined to the usable $usable, and ran there"
fi

done_testing
