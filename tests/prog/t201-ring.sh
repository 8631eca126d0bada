# t201-ring: smpb-ring's output forms, options, exit codes and cleanup.
# shellcheck disable=SC2086 # $KIDS is a list of pids, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
RING=bin/smpb-ring
[ -x "$RING" ] || skip_all "$RING is not built (run make)"

# The rings started in the background run for a minute, passing the token
# as fast as they can: pinned to one CPU (when one is known), each keeps
# a single CPU busy rather than two while a check waits on it. Where the
# workers run does not matter to the signals, the watchdog or the cleanup.
cpu0=$(first_cpu)

# Classic form: the seed's line.
run $RING -n 2 -T 0.05
is "$RC" 0 "-n 2 -T 0.05 exits 0"
like "$OUT" '^2 : [0-9]+ switches / second$' "classic line"
is "$(lines "$OUT")" 1 "one line"
is "$ERR" "" "nothing on stderr"

# Parsable form: every key, in order, plain decimal numbers.
run $RING -p -n 3 -i 2000
is "$RC" 0 "-p -n 3 -i 2000 exits 0"
keys=$(printf '%s\n' "$OUT" | tr ' ' '\n' | sed 's/=.*//' | tr '\n' ' ')
is "$keys" "procs laps wall_s switches_per_s us_per_switch $(tail_keys "$OUT") " "-p keys in order"
like "$OUT" "$KV_LINE" "every value is a plain number (or sched_stats' word)"
is "$(kv "$OUT" procs)" 3 "procs=3"
is "$(kv "$OUT" laps)" 2000 "-i 2000 runs exactly 2000 laps"
is "$(kv "$OUT" cpus_pinned)" 0 "unpinned by default"
check "switches_per_s = procs * laps / wall_s" awk -v s="$(kv "$OUT" switches_per_s)" \
    -v w="$(kv "$OUT" wall_s)" 'BEGIN { d = s - 3 * 2000 / w; exit !(d < 1 && d > -1 || d / s < 1e-4 && d / s > -1e-4) }'
check "us_per_switch = 1e6 / switches_per_s" awk -v s="$(kv "$OUT" switches_per_s)" \
    -v u="$(kv "$OUT" us_per_switch)" 'BEGIN { r = u * s / 1e6; exit !(r > 0.999 && r < 1.001) }'
check "every pass blocks a process: nvcsw >= laps" \
    test "$(kv "$OUT" nvcsw)" -ge 2000

# Placement: -c pins round robin and the CPUs used are reported.
if [ -n "$cpu0" ]; then
	run $RING -p -n 4 -T 0.05 -c "$cpu0"
	is "$RC" 0 "-c $cpu0 exits 0"
	is "$(kv "$OUT" cpus_used)" 1 "all pinned to CPU $cpu0: one CPU used"
	is "$(kv "$OUT" cpus_pinned)" 1 "cpus_pinned=1"
else
	t_skip "no /proc/self/status to find an allowed CPU"
fi

# Bad input: one line on stderr, exit 2, nothing on stdout.
bad_inputs $RING <<'EOF_BAD'
-n 1|smpb-ring: -n: '1' is out of range (2..100000)
-n 0|smpb-ring: -n: '0' is out of range (2..100000)
-n 100001|smpb-ring: -n: '100001' is out of range (2..100000)
-n abc|smpb-ring: -n: 'abc' is not a number (2..100000)
-n 5x|smpb-ring: -n: '5x' is not a number (2..100000)
-n -3|smpb-ring: -n: '-3' is not a number (2..100000)
-i 0|smpb-ring: -i: '0' is out of range (1..1000000000000)
-T 0|smpb-ring: -T: '0' is out of range (0.001..86400)
-T 1s|smpb-ring: -T: '1s' is not a number of seconds (0.001..86400)
-L x|smpb-ring: -L: 'x' is not a number (0..604800)
-c 0-|smpb-ring: -c: '0-' is not a CPU list (like 0,2-3; CPUs 0..1023, at most 1024 entries)
-i 5 -T 1|smpb-ring: -i and -T exclude each other (see smpb-ring -h)
-x|smpb-ring: -x: unknown option (see smpb-ring -h)
-n|smpb-ring: -n: needs an argument (see smpb-ring -h)
-n 2 extra|smpb-ring: unexpected operand 'extra' (see smpb-ring -h)
EOF_BAD

run $RING -c 1023 -T 0.1
is "$RC" 2 "-c with a CPU that is not here exits 2"
like "$ERR" "^smpb-ring: -c: CPU 1023 is not available: there is no such CPU \(allowed here: [0-9,-]+\)$" "and says so"

run $RING -h
is "$RC" 0 "-h exits 0"
like "$OUT" '^usage: smpb-ring \[-hlpVW\]' "-h prints usage on stdout"
run $RING -V
is "$RC" 0 "-V exits 0"
like "$OUT" '^smpb-ring \(smpbench\) [0-9]' "-V prints the version"

# start_ring ARGS: run the ring in the background (on one CPU, see
# above); sets PID and KIDS.
start_ring() {
	$RING "$@" ${cpu0:+-c "$cpu0"} >"$TMPDIR_T/bg.out" 2>"$TMPDIR_T/bg.err" &
	PID=$!
	wait_children "$PID" "$(($2 + 1))"
	KIDS=$(children "$PID")
}

# Signals: cleanup, then 128 + signal, and no process left behind.
for sig in INT:130 TERM:143 HUP:129; do
	start_ring -n 8 -T 60
	check "SIG${sig%:*}: the ring and its guardian started" test "$(alive $KIDS)" -eq 9
	kill -"${sig%:*}" "$PID"
	wait "$PID"
	is "$?" "${sig#*:}" "SIG${sig%:*} mid-run exits ${sig#*:}"
	check "SIG${sig%:*}: no worker left" wait_gone 1 $KIDS
done

# The watchdog.
start_ring -n 4 -T 60 -L 1
wait "$PID"
is "$?" 3 "-L 1 on a 60 s run exits 3"
is "$(cat "$TMPDIR_T/bg.err")" "smpb-ring: timed out after 1 s" "and says so"
check "-L: no worker left" wait_gone 1 $KIDS

# SIGKILL of the parent: its children must notice and go.
start_ring -n 8 -T 60
kill -KILL "$PID"
wait "$PID"
check "SIGKILL of the parent: every child gone within 2 s" wait_gone 2 $KIDS

# A worker killed from outside breaks the ring: exit 1, nothing left.
start_ring -n 6 -T 60
victim=$(ps -o pid=,ppid=,pgid= -p $KIDS | awk '$1 != $3 { print $1; exit }')
t0=$(date +%s)
kill -KILL "$victim"
wait "$PID"
is "$?" 1 "a worker killed mid-run makes exit 1"
check "noticed at once, not when the 60 s run ends" test $(($(date +%s) - t0)) -lt 30
like "$(cat "$TMPDIR_T/bg.err")" "smpb-ring: (worker [0-9]+ of 6 was killed by signal 9|worker [0-9]+: the ring is broken)" "and says what happened"
check "no worker left after the failure" wait_gone 1 $KIDS

# A large ring: main holds a few pipe ends at a time, whatever N is. A
# ring of 300 has 600 pipe ends: it runs within 64 descriptors only if
# main holds a few at a time (the master completes a lap at least, however
# short -T). 'ulimit -n' is not POSIX, hence the test for it first;
# without it, a ring of 1000 under the limit there is.
# shellcheck disable=SC3045
if (ulimit -n 64) 2>/dev/null; then
	big=300
	run sh -c "ulimit -n 64 && exec $RING -p -n $big -T 0.05"
else
	big=1000
	run $RING -p -n $big -T 0.05
fi
is "$RC" 0 "a $big-process ring runs"
is "$(kv "$OUT" procs)" $big "procs=$big"
check "and completes laps" test "$(kv "$OUT" laps)" -ge 1

# Pinned to one CPU, a ring of 2 never migrates (the kernel's count).
if [ -n "$(first_cpu)" ]; then
	run $RING -p -n 2 -T 0.1 -c "$(first_cpu)"
	if [ "$(kv "$OUT" sched_stats)" = kernel ]; then
		is "$(kv "$OUT" migrations)" 0 "a ring of 2 on one CPU: migrations=0"
		check "and its run time is at most the run's" awk -v r="$(kv "$OUT" run_s)" \
		    -v w="$(kv "$OUT" wall_s)" 'BEGIN { exit !(r <= w * 1.05 + 0.01) }'
	else
		t_skip "no scheduler statistics here"
	fi
fi

# -l: every pass is stamped and its delay recorded, but the uncounted
# first lap's: N * laps samples.
run $RING -p -l -n 3 -i 500
is "$RC" 0 "-l exits 0"
check_latency "$OUT" 1500 "ring -l -n 3 -i 500"
run $RING -l -n 2 -i 100
is "$(printf '%s\n' "$OUT" | sed 1d | grep -Ec "$(printf '%s' "$LAT_BLOCK" | tr '\n' '|')")" 6 \
    "-l classic: the result, then the six lines of the percentile block"
like "$(printf '%s\n' "$OUT" | head -n 1)" '^2 : [0-9]+ switches / second$' "and the seed's line first"
like "$OUT" "(200 samples)" "with 200 samples"

done_testing
