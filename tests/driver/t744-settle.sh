# t744-settle: the settled start and the host's drift, on fake machines
# (SMPBENCH_PROC) under every POSIX shell we can find: -S and -R refuse
# bad values in one line; a quiet machine starts at once (settle_state=
# quiet, nothing waited); one with 9 tasks runnable is waited for until
# the bound (settle_state=timeout, with a warning); CPU pressure and other
# work are taken from the counters' growth over the window, the uptime's
# growth the window's length; the host file's steal time and CPU
# pressure over a workload, and the canary's timings and median, come out
# as computed by hand from counters and timings the fakes set.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck disable=SC2016 # the fakes' code is expanded when they run
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "the wait for a quiet machine on fake counters"
SB=$PWD/scripts/smpbench

# stat DIR USER STEAL PROCS: DIR's proc/stat, two CPUs; in a file of its
# own, for the fakes to source too.
cat >"$TMPDIR_T/stat.sh" <<'EOF_STAT'
stat() {
	printf 'cpu  %s 0 100 1000 0 0 0 %s 0 0\n' "$2" "$3" >"$1/proc/stat"
	printf 'cpu0 1 0 1 1 0 0 0 0 0 0\ncpu1 1 0 1 1 0 0 0 0 0 0\n' >>"$1/proc/stat"
	printf 'intr 1 0\nctxt 1\nprocs_running %s\nprocs_blocked 0\n' "$4" \
	    >>"$1/proc/stat"
}
EOF_STAT
# shellcheck disable=SC1091 # made above
. "$TMPDIR_T/stat.sh"

# machine DIR PROCS: a fake two-CPU machine with procs_running PROCS,
# CPU pressure and an uptime, its counters still.
machine() {
	mkdir -p "$1/proc/self" "$1/proc/pressure" "$1/sys/devices/system/cpu"
	printf '0.00 0.00 0.00 1/100 1\n' >"$1/proc/loadavg"
	printf 'Cpus_allowed_list:\t%s\n' "$CPUS" >"$1/proc/self/status"
	printf '%s\n' "$CPUS" >"$1/sys/devices/system/cpu/online"
	printf 'processor\t: 0\nmodel name\t: Test CPU\n' >"$1/proc/cpuinfo"
	stat "$1" 100 0 "$2"
	printf 'some avg10=0.00 avg60=0.00 avg300=0.00 total=0\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n' \
	    >"$1/proc/pressure/cpu"
	printf '1000.00 1900.00\n' >"$1/proc/uptime"
}

# The fakes need two CPUs to pin to; this machine's first two.
CPUS=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status 2>/dev/null)
n=0
case $CPUS in
*[,-]*) n=2 ;;
esac
[ "$n" -eq 2 ] || skip_all "needs two allowed CPUs (here: ${CPUS:-unknown})"

# Fake programs: a ring that prints a -p line, and a hog whose -p line
# gives k ns a spin at its k-th call.
FAKE=$TMPDIR_T/fake
T=$TMPDIR_T
fake_prog "$FAKE" ring '[ -n "${BUMP:-}" ] && sh "$BUMP"'
fake_prog "$FAKE" herd
cat >"$FAKE/smpb-hog" <<EOF_HOG
#!/bin/sh
[ "\$1" = -V ] && { echo "smpb-hog (smpbench) 0.0"; exit 0; }
k=\$(cat "$T/canary.k" 2>/dev/null || echo 0)
k=\$((k + 1))
echo "\$k" >"$T/canary.k"
echo "spins=1000 seconds=0.005000 ns_per_spin=\$k.0000"
EOF_HOG
chmod +x "$FAKE/smpb-hog"
export SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny

Q=$TMPDIR_T/quiet
B=$TMPDIR_T/busy
machine "$Q" 1
machine "$B" 9

for s in $SHELLS; do
	use_shell $s || continue
	while IFS='|' read -r args msg; do
		run $sh "$SB" run -o "$TMPDIR_T/bad" $args
		is "$RC" 2 "$s: 'run $args' exits 2"
		is "$ERR" "smpbench: run: $msg (see smpbench -h)" "$s: 'run $args' says why, in one line"
		is "$OUT" "" "$s: 'run $args' prints nothing on stdout"
	done <<'EOF_BAD'
-S x ring|-S: 'x' is not a number of seconds (0..3600)
-S -1 ring|-S: '-1' is not a number of seconds (0..3600)
-S 1.5 ring|-S: '1.5' is not a number of seconds (0..3600)
-S 3601 ring|-S: '3601' is not a number of seconds (0..3600)
-S|-S: needs an argument
-R 0 ring|-R: '0' is not a number of runs (1..100)
-R 101 ring|-R: '101' is not a number of runs (1..100)
-R 2x ring|-R: '2x' is not a number of runs (1..100)
EOF_BAD
	check "$s: bad -S and -R leave nothing" test ! -e "$TMPDIR_T/bad"

	# Quiet: started at once, nothing waited, nothing said.
	out=$TMPDIR_T/$s-quiet
	run env SMPBENCH_PROC="$Q" $sh "$SB" run -S 5 -r 1 -o "$out" ring
	is "$RC" 0 "$s: quiet: the run exits 0"
	is "$(printf '%s\n' "$ERR" | sed '1d' | sed 's/ ([0-9][0-9]* s)$/ (N s)/
	    s/ring: [0-9]* measurements, [0-9]* s left/ring: M measurements, T left/
	    s/\[0\/[0-9]*\]/[0\/M]/')" \
	    "smpbench: [0/M] ring: M measurements, T left
smpbench: saved in $out (N s)" \
	    "$s: quiet: no warning (after the run's size), the ring's line"
	is "$(grep '^settle_' "$out/env" | tr '\n' ' ')" \
	    "settle_wait_s=0.0 settle_state=quiet settle_procs_running=1 settle_psi_some_pct=0.0 settle_busy_cpus=0.00 " \
	    "$s: quiet: env says it waited for nothing, and how quiet it was"
	like "$(cat "$out/host")" '^workload=ring settle_wait_s=0\.0 settle_state=quiet ' \
	    "$s: quiet: and so does the ring's host line"

	# 9 tasks runnable: waited for until the bound, then measured.
	out=$TMPDIR_T/$s-busy
	run env SMPBENCH_PROC="$B" $sh "$SB" run -S 1 -r 1 -o "$out" ring
	is "$RC" 0 "$s: busy: the run exits 0"
	is "$(grep '^settle_' "$out/env" | tr '\n' ' ')" \
	    "settle_wait_s=1.0 settle_state=timeout settle_procs_running=9 settle_psi_some_pct=0.0 settle_busy_cpus=0.00 " \
	    "$s: busy: env says it waited to the bound, and why"
	like "$(cat "$out/host")" '^workload=ring settle_wait_s=1\.0 settle_state=timeout ' \
	    "$s: busy: the ring waited to the bound too"
	is "$(printf '%s\n' "$ERR" | sed '1d;/^smpbench: \[/d' | sed 's/ ([0-9][0-9]* s, 2 s of it/ (N s, 2 s of it/')" "smpbench: warning: not quiet after waiting 1.0 s at the start (9 tasks runnable, quiet is 2 or fewer): measuring all the same, other work disturbs the figures; until the machine is quiet the run waits 1 s at most before each workload (-S 0: no wait)
smpbench: saved in $out (N s, 2 s of it waiting for a quiet machine)" \
	    "$s: busy: one warning, that says how to skip the wait; the waits counted in the run's time"

	# Never quiet, two workloads, -S 2: the bound waited once, then
	# a second at most before each workload.
	out=$TMPDIR_T/$s-busy2
	run env SMPBENCH_PROC="$B" $sh "$SB" run -S 2 -r 1 -o "$out" ring herd
	is "$RC" 0 "$s: busy, two workloads: the run exits 0"
	is "$(sed -n 's/^settle_wait_s=//p' "$out/env") $(sed 's/^workload=\([a-z]*\) settle_wait_s=\([0-9.]*\) settle_state=\([a-z]*\) .*/\1 \2 \3/' "$out/host" | tr '\n' ' ')" \
	    "2.0 ring 1.0 timeout herd 1.0 timeout " \
	    "$s: the whole bound at the start, then a second before each workload"
	is "$(printf '%s\n' "$ERR" | grep -c 'not quiet')" 1 "$s: said once"

	# -S 0: not waited for, nothing measured of it.
	out=$TMPDIR_T/$s-skip
	run env SMPBENCH_PROC="$B" $sh "$SB" run -S 0 -r 1 -o "$out" ring
	is "$(grep '^settle_' "$out/env" | tr '\n' ' ')" \
	    "settle_wait_s=0.0 settle_state=skipped settle_procs_running=unknown settle_psi_some_pct=unknown settle_busy_cpus=unknown " \
	    "$s: -S 0: skipped"
done

# The measures of a window, from the growth of the counters: a sleep that
# moves them on as a second passes: 20 busy ticks (0.2 CPUs at 100 a
# second), 100000 us of CPU pressure (10% of the second) and the uptime
# by 1.00 s (the window's length, not the 0.5 s asked).
G=$TMPDIR_T/growing
machine "$G" 1
wrap=$TMPDIR_T/wrap
mkdir -p "$wrap"
cat >"$wrap/sleep" <<EOF_SLEEP
#!/bin/sh
k=\$(cat "$G/k" 2>/dev/null || echo 0)
k=\$((k + 1))
echo "\$k" >"$G/k"
. "$TMPDIR_T/stat.sh"
stat "$G" \$((100 + 20 * k)) 0 1
printf 'some avg10=50.00 avg60=50.00 avg300=50.00 total=%d\n' \$((100000 * k)) >"$G/proc/pressure/cpu"
printf '%d.00 1900.00\n' \$((1000 + k)) >"$G/proc/uptime"
EOF_SLEEP
chmod +x "$wrap/sleep"
tck=$(getconf CLK_TCK 2>/dev/null)
if [ "$tck" = 100 ]; then
	out=$TMPDIR_T/growing-run
	run env PATH="$wrap:$PATH" SMPBENCH_PROC="$G" sh "$SB" run -S 1 -r 1 \
	    -o "$out" ring
	is "$(sed -n 's/^settle_state=//p' "$out/env")" timeout \
	    "growing counters: not quiet, waited to the bound"
	is "$(sed -n 's/^settle_psi_some_pct=//p' "$out/env")" 10.0 \
	    "CPU pressure: 100000 us over the uptime's 1.00 s is 10.0%"
	is "$(sed -n 's/^settle_wait_s=//p' "$out/env")" 1.0 \
	    "the window's length is the uptime's growth: one window of 1.00 s"
	busy=$(sed -n 's/^settle_busy_cpus=//p' "$out/env")
	check "other work: 20 ticks over 1.00 s, less the driver's own, 0.1 to 0.2 CPUs (got $busy)" \
	    awk -v b="$busy" 'BEGIN { exit !(b >= 0.1 && b <= 0.2) }'
	is "$(sed -n 's/^settle_procs_running=//p' "$out/env")" 1 "procs_running as read"
	like "$ERR" '^smpbench: warning: not quiet after waiting 1\.0 s at the start \(other work on 0\.[12][0-9]* CPUs, quiet is under 0\.1; CPU pressure 10\.0%, quiet is under 5%\): ' \
	    "the warning names what was not quiet"
else
	t_skip "CLK_TCK is ${tck:-unknown}, not 100"
fi

# Steal and CPU pressure over a workload, and the canary: each ring
# measurement moves the counters on by 25 steal ticks, 62500 us of CPU
# pressure and 0.25 s of uptime: on 2 CPUs at 100 ticks a second, steal
# is 25 / 100 / (0.25 * 2) = 50% of the CPU time, pressure 25% of the
# wall time, however many measurements there are. The canary: the fake
# hog's k-th timing is k ns a spin, one after each measurement.
D=$TMPDIR_T/drift
machine "$D" 1
cat >"$TMPDIR_T/bump" <<EOF_BUMP
k=\$(cat "$D/k" 2>/dev/null || echo 0)
k=\$((k + 1))
echo "\$k" >"$D/k"
. "$TMPDIR_T/stat.sh"
stat "$D" 100 \$((25 * k)) 1
printf 'some avg10=0.00 avg60=0.00 avg300=0.00 total=%d\n' \$((62500 * k)) >"$D/proc/pressure/cpu"
awk -v k="\$k" 'BEGIN { printf "%.2f 1900.00\n", 1000 + 0.25 * k }' >"$D/proc/uptime"
EOF_BUMP
rm -f "$T/canary.k"
if [ "$tck" = 100 ]; then
	out=$TMPDIR_T/drift-run
	run env BUMP="$TMPDIR_T/bump" SMPBENCH_PROC="$D" sh "$SB" run -S 0 -r 1 \
	    -o "$out" ring
	is "$RC" 0 "drift: the run exits 0"
	n=$(wc -l <"$out/raw/ring" | tr -d ' ')
	want=$(awk -v n="$n" 'BEGIN {
		printf "canary_median_ns=%.4f canary_n=%d canary_ns=", (n + 1) / 2, n
		for (k = 1; k <= n; k++)
			printf "%s%d.0000", (k > 1 ? "," : ""), k
	}')
	is "$(cat "$out/host")" "workload=ring settle_wait_s=0.0 settle_state=skipped steal_pct=50.00 psi_some_pct=25.00 $want" \
	    "drift: steal, pressure and the canary as computed by hand"
	is "$(cat "$T/canary.k")" "$n" "the canary timed once after each of the $n measurements"
else
	t_skip "CLK_TCK is ${tck:-unknown}, not 100"
fi

# No uptime, no pressure file, no smpb-hog: unknown, never guessed.
U=$TMPDIR_T/unknown
machine "$U" 1
rm -f "$U/proc/uptime" "$U/proc/pressure/cpu" "$FAKE/smpb-hog"
out=$TMPDIR_T/unknown-run
run env SMPBENCH_PROC="$U" PATH="$(path_without smpb-hog)" sh "$SB" run \
    -S 2 -r 1 -o "$out" ring
is "$(cat "$out/host")" "workload=ring settle_wait_s=0.0 settle_state=quiet steal_pct=unknown psi_some_pct=unknown canary_median_ns=unknown canary_n=0 canary_ns=unknown" \
    "no uptime, no pressure, no canary: unknown"
is "$(sed -n 's/^settle_psi_some_pct=//p' "$out/env")" unknown \
    "no pressure file: its settle measure unknown"

done_testing
