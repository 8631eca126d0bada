# t706-fail: smpbench run with programs that fail, are not supported or
# are not built (fake programs through SMPBENCH_BIN), under every POSIX
# shell we can find: failed cells are recorded and marked and the run
# goes on; exit 4 makes a cell n/a; a workload not built is skipped with
# a note; with no program at all, nothing runs.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=scripts/smpbench

# Fake programs: the ring fails at -n 3; bind says -B is not supported
# here; yield prints what no -p line looks like.
FAKE=$TMPDIR_T/fake
mkdir "$FAKE" "$TMPDIR_T/empty"
cat >"$FAKE/smpb-ring" <<'EOF_FAKE'
#!/bin/sh
[ "$1" = -V ] && { echo "smpb-ring (smpbench) 0.0"; exit 0; }
n=2
while [ $# -gt 0 ]; do
	[ "$1" = -n ] && n=$2
	shift
done
if [ "$n" = 3 ]; then
	echo "smpb-ring: worker 2: fork: Resource temporarily unavailable" >&2
	exit 1
fi
echo "procs=$n laps=10 wall_s=0.050000 switches_per_s=400 us_per_switch=2500.0000 user_s=0.000 sys_s=0.000 nvcsw=20 nivcsw=0 cpus_used=1 cpus_pinned=0"
EOF_FAKE
cat >"$FAKE/smpb-bind" <<'EOF_FAKE'
#!/bin/sh
for a in "$@"; do
	if [ "$a" = -B ]; then
		echo "smpb-bind: -B: binding to CPUs is not supported here" >&2
		exit 4
	fi
done
echo "workers=2 cache_kib=16 reps=1000 seconds=0.000 bound=0 hogs=0 wall_s=0.1 user_s_0=0.050 migrations_0=0 nivcsw_0=0 user_s_1=0.060 migrations_1=1 nivcsw_1=0 cpus_used=2"
EOF_FAKE
cat >"$FAKE/smpb-yield" <<'EOF_FAKE'
#!/bin/sh
echo "Segmentation fault, but exit 0"
EOF_FAKE
chmod +x "$FAKE"/smpb-*
export SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny

for s in $SHELLS; do
	sh=$(shell_cmd $s)
	if [ -z "$sh" ]; then
		t_result 0 "# SKIP $s is not installed"
		continue
	fi
	out=$TMPDIR_T/$s
	run $sh $SB run -r 2 -o "$out"
	is "$RC" 1 "$s: a run with failed measurements exits 1"
	# Every workload but the three faked: not built here.
	for w in $WORKLOADS; do
		[ -x "$FAKE/smpb-$w" ] && continue
		like "$ERR" "^smpbench: smpb-$w is not built \\(run make\\): skipping $w\$" \
		    "$s: $w, not built, is skipped with a note"
	done
	like "$ERR" '^smpbench: warning: ring -n 3 -T 0\.05 -l \(run 2\): exit 1: smpb-ring: worker 2: fork: Resource temporarily unavailable$' \
	    "$s: a failure is reported as it happens, with the program's message"
	like "$ERR" '^smpbench: bind -n 2 -B -s 16 -r [0-9]+: not supported here \(smpb-bind: -B: binding to CPUs is not supported here\)$' \
	    "$s: an unsupported cell is noted once"
	is "$(grep -c 'not supported here' "$TMPDIR_T/err")" 1 "$s: only once"
	like "$ERR" "^smpbench: 6 measurements failed \\(see $out/errors\\); saved in $out\$" \
	    "$s: the last line counts the failures"
	check "$s: the run is complete all the same" test -f "$out/complete"
	is "$(sed -n 's/^failed=//p' "$out/complete")" 6 "$s: complete counts 6 failures"
	is "$(grep -c ' argv=-n,3,-T,0.05,-l exit=1$' "$out/raw/ring")" 2 "$s: raw: both failures of -n 3"
	is "$(grep -c ' exit=4$' "$out/raw/bind")" 6 "$s: raw: the 6 unsupported bound runs"
	is "$(grep -c ' exit=0$' "$out/raw/yield")" 4 "$s: raw: output that is no -p line is a failure"
	is "$(wc -l <"$out/errors" | tr -d ' ')" 6 "$s: errors: one line per failure"
	like "$(cat "$out/errors")" '^yield -n 1 -T 0\.05 \(run 1\): exit 0: unreadable output: Segmentation fault, but exit 0$' \
	    "$s: errors: what was wrong"
	like "$OUT" '^ 3 : fail! switches / second$' "$s: the failed cell is marked"
	like "$OUT" "^Marks: ! a repeat failed \\(see the run's errors\\) or was not a figure\\.$" \
	    "$s: the mark is explained"
	like "$OUT" '^n/a \(not supported here\)$' "$s: an unsupported bind run is n/a"
	like "$OUT" '^n/a: not supported on this system' "$s: and explained"
	is "$(find "$out" -name '.*' | wc -l | tr -d ' ')" 0 "$s: no temporary file left"
done

run env SMPBENCH_BIN="$TMPDIR_T/empty" PATH=/usr/bin:/bin sh $SB run -o "$TMPDIR_T/none"
is "$RC" 1 "no program built: exit 1"
like "$ERR" '^smpbench: no workload program is built: nothing to run \(run make\)$' "and says so"
check "and creates nothing" test ! -e "$TMPDIR_T/none"
run env SMPBENCH_BIN="$FAKE" sh $SB env
built=
for w in $WORKLOADS; do
	[ -x "$FAKE/smpb-$w" ] && built="$built $w"
done
like "$OUT" "^workloads=${built# }\$" \
    "env lists the workloads whose programs are built (ring, yield, bind), in their order"

done_testing
