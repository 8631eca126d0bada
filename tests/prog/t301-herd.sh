# t301-herd: smpb-herd's output forms, counts, options, exit codes and
# cleanup.
# shellcheck disable=SC2086 # $KIDS is a list of pids, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
HERD=bin/smpb-herd
[ -x "$HERD" ] || skip_all "$HERD is not built (run make)"

# The herds started in the background run for hours, passing the token as
# fast as they can: pinned to one CPU (when one is known), each keeps a
# single CPU busy rather than two while a check waits on it. Where the
# workers run does not matter to the signals, the watchdog or the cleanup.
cpu0=$(first_cpu)

# Classic form: the seed's line, spelling fixed, three decimals.
run $HERD -n 3 -i 2000
is "$RC" 0 "-n 3 -i 2000 exits 0"
like "$OUT" '^Running 2000 iterations with 3 processes took [0-9]+\.[0-9]{3} seconds$' "classic line"
is "$(lines "$OUT")" 1 "one line"
is "$ERR" "" "nothing on stderr"

# Parsable form: every key, in order, plain decimal numbers.
run $HERD -p -n 4 -i 3000
is "$RC" 0 "-p -n 4 -i 3000 exits 0"
keys=$(printf '%s\n' "$OUT" | tr ' ' '\n' | sed 's/=.*//' | tr '\n' ' ')
is "$keys" "procs iterations wall_s us_per_iteration tokens active_procs top_share_pct min_tokens max_tokens jain $(tail_keys "$OUT") " "-p keys in order"
like "$OUT" "$KV_LINE" "every value is a plain number (or sched_stats' word)"
is "$(lines "$OUT")" 1 "one line"
kvs "$OUT"
is "${v_cpus_pinned-}" 0 "unpinned by default"
check "us_per_iteration = 1e6 * wall_s / iterations" awk \
    -v w="${v_wall_s-}" -v u="${v_us_per_iteration-}" \
    'BEGIN { d = u - w * 1e6 / 3000; exit !(d < 0.001 && d > -0.001) }'

# check_counts P I: the per-process counts of a run add up to I exactly,
# and the fairness keys agree with them (the four relations worked out
# by one awk, a verdict a line, each its own check).
check_counts() {
	run $HERD -p -n "$1" -i "$2"
	kvs "$OUT"
	is "$RC" 0 "-n $1 -i $2 exits 0"
	is "${v_procs-}" "$1" "-n $1: procs=$1"
	is "${v_iterations-}" "$2" "-n $1: iterations=$2"
	is "${v_tokens-}" "$2" "-n $1: the counts sum to $2 exactly"
	awk -v a="${v_active_procs-}" -v lo="${v_min_tokens-}" \
	    -v hi="${v_max_tokens-}" -v s="${v_top_share_pct-}" \
	    -v j="${v_jain-}" -v p="$1" -v i="$2" 'BEGIN {
		print (a >= 1 && a <= p && lo <= hi && hi >= 1)
		d = s - 100 * hi / i; print (d < 0.006 && d > -0.006)
		print (j >= 1 / p - 0.0001 && j <= 1)
		print (lo > 0 ? a == p : a < p) }' >"$TMPDIR_T/verdicts"
	{
		read -r cc_range
		read -r cc_top
		read -r cc_jain
		read -r cc_none
	} <"$TMPDIR_T/verdicts"
	check "-n $1: 1 <= active_procs <= $1, min <= max" test "$cc_range" = 1
	check "-n $1: top_share_pct = 100 * max_tokens / iterations" \
	    test "$cc_top" = 1
	check "-n $1: 1/procs <= jain <= 1" test "$cc_jain" = 1
	check "-n $1: a process that handled none is not active" \
	    test "$cc_none" = 1
}

check_counts 1 5000
is "${v_jain-}" 1.0000 "-n 1: jain=1"
is "${v_top_share_pct-}" 100.00 "-n 1: top_share_pct=100"
check_counts 2 20001
check_counts 7 10007
check_counts 50 20000
# A large herd, most of it idle: 100 processes for 150 tokens (1000 for
# 3000 is t616's, under make test-all).
check_counts 100 150

# Placement: -c pins round robin and the CPUs used are reported.
if [ -n "$cpu0" ]; then
	run $HERD -p -n 5 -i 2000 -c "$cpu0"
	is "$RC" 0 "-c $cpu0 exits 0"
	kvs "$OUT"
	is "${v_cpus_used-}" 1 "all pinned to CPU $cpu0: one CPU used"
	is "${v_cpus_pinned-}" 1 "cpus_pinned=1"
	is "${v_tokens-}" 2000 "pinned: the counts still sum to 2000"
else
	t_skip "no /proc/self/status to find an allowed CPU"
fi

# Bad input: one line on stderr, exit 2, nothing on stdout.
bad_inputs $HERD <<'EOF_BAD'
-n 0|smpb-herd: -n: '0' is out of range (1..100000)
-n 100001|smpb-herd: -n: '100001' is out of range (1..100000)
-n abc|smpb-herd: -n: 'abc' is not a number (1..100000)
-n 5x|smpb-herd: -n: '5x' is not a number (1..100000)
-n -3|smpb-herd: -n: '-3' is not a number (1..100000)
-i 0|smpb-herd: -i: '0' is out of range (1..1000000000000)
-i 1000000000001|smpb-herd: -i: '1000000000001' is out of range (1..1000000000000)
-i 99999999999999999999|smpb-herd: -i: '99999999999999999999' is out of range (1..1000000000000)
-i 5e6|smpb-herd: -i: '5e6' is not a number (1..1000000000000)
-i +5|smpb-herd: -i: '+5' is not a number (1..1000000000000)
-L x|smpb-herd: -L: 'x' is not a number (0..604800)
-c 0-|smpb-herd: -c: '0-' is not a CPU list (like 0,2-3; CPUs 0..1023, at most 1024 entries)
-c a|smpb-herd: -c: 'a' is not a CPU list (like 0,2-3; CPUs 0..1023, at most 1024 entries)
-x|smpb-herd: -x: unknown option (see smpb-herd -h)
-T 1|smpb-herd: -T: unknown option (see smpb-herd -h)
-n|smpb-herd: -n: needs an argument (see smpb-herd -h)
-i|smpb-herd: -i: needs an argument (see smpb-herd -h)
-n 2 extra|smpb-herd: unexpected operand 'extra' (see smpb-herd -h)
EOF_BAD

run $HERD -c 1023 -i 10
is "$RC" 2 "-c with a CPU that is not here exits 2"
like "$ERR" "^smpb-herd: -c: CPU 1023 is not available: there is no such CPU \(allowed here: [0-9,-]+\)$" "and says so"

run $HERD -h
is "$RC" 0 "-h exits 0"
is "$OUT" "usage: smpb-herd [-hlpVW] [-C cpulist] [-c cpulist] [-i iterations]
                 [-L seconds] [-n procs]" "-h prints usage on stdout"
is "$ERR" "" "-h: nothing on stderr"
run $HERD -V
is "$RC" 0 "-V exits 0"
like "$OUT" '^smpb-herd \(smpbench\) [0-9]' "-V prints the version"

# start_herd N ARGS: a herd of N that runs for hours, in the background
# (on one CPU, see above); sets PID and KIDS (the workers and their
# guardian).
start_herd() {
	$HERD -n "$@" -i 1000000000000 ${cpu0:+-c "$cpu0"} \
	    >"$TMPDIR_T/bg.out" 2>"$TMPDIR_T/bg.err" &
	PID=$!
	wait_children "$PID" "$(($1 + 1))"
	KIDS=$(children "$PID")
}

# Signals: cleanup, then 128 + signal, and no process left behind.
for sig in INT:130 TERM:143 HUP:129; do
	start_herd 8
	check "SIG${sig%:*}: the herd and its guardian started" test "$(alive $KIDS)" -eq 9
	kill -"${sig%:*}" "$PID"
	wait "$PID"
	is "$?" "${sig#*:}" "SIG${sig%:*} mid-run exits ${sig#*:}"
	is "$(cat "$TMPDIR_T/bg.out")" "" "SIG${sig%:*}: no result printed"
	check "SIG${sig%:*}: no process left" wait_gone 1 $KIDS
done

# The watchdog.
start_herd 4 -L 1
wait "$PID"
is "$?" 3 "-L 1 on a long run exits 3"
is "$(cat "$TMPDIR_T/bg.err")" "smpb-herd: timed out after 1 s" "and says so"
check "-L: no process left" wait_gone 1 $KIDS

# SIGKILL of the parent: its children must notice and go.
start_herd 8
kill -KILL "$PID"
wait "$PID"
check "SIGKILL of the parent: every child gone within 2 s" wait_gone 2 $KIDS

# A process killed from outside voids the run: exit 1, nothing left.
start_herd 6
victim=$(ps -o pid=,ppid=,pgid= -p $KIDS | awk '$1 != $3 { print $1; exit }')
t0=$(date +%s)
kill -KILL "$victim"
wait "$PID"
is "$?" 1 "a process killed mid-run makes exit 1"
check "noticed at once, not when the run ends" test $(($(date +%s) - t0)) -lt 30
like "$(cat "$TMPDIR_T/bg.err")" "^smpb-herd: worker [0-5] of 6 was killed by signal 9$" "and says what happened"
is "$(cat "$TMPDIR_T/bg.out")" "" "no result printed"
check "no process left after the failure" wait_gone 1 $KIDS

# A worker killed while the others are still being created (it has
# reported ready, or not yet): the run ends at once with exit 1, naming
# it, and nothing is left; it must not wait for a done record that never
# comes (the 60 s watchdog would say "timed out", exit 3).
early_death $HERD -n 2000 -i 1000000000000 -L 60 ${cpu0:+-c "$cpu0"}
is "$RC" 1 "a worker killed during the start: exit 1"
like "$ERR" "^smpb-herd: worker [0-9]+ of 2000 was killed by signal 9$" "and it is named"
check "at once, not at the watchdog ($SECS s)" test "$SECS" -lt 30
check "and no worker is left" wait_gone 2 $KIDS

# A worker keeps main's handlers (it resets none at its start): the first
# signal it takes must act as the default would, whatever main does with
# it. Sent a signal main catches, it dies of it, and main says so.
for sig in TERM ALRM; do
	ED_SIG=$sig early_death $HERD -n 100 -i 1000000000000 -L 20 \
	    ${cpu0:+-c "$cpu0"}
	is "$RC" 1 "a worker sent SIG$sig: exit 1"
	num=$(printf '%s\n' "$ERR" | sed -n 's/.* was killed by signal \([0-9]*\)$/\1/p')
	is "$(kill -l "${num:-0}" 2>/dev/null)" "$sig" "it died of SIG$sig ($ERR)"
	check "and no worker is left" wait_gone 2 $KIDS
done

# -l: every token is stamped and its delay recorded: I samples.
run $HERD -p -l -n 4 -i 3000
is "$RC" 0 "-l exits 0"
check_latency "$OUT" 3000 "herd -l -n 4 -i 3000"
is "$(kv "$OUT" tokens)" 3000 "and the counts still add up"
run $HERD -l -n 2 -i 100
like "$OUT" "^Running 100 iterations with 2 processes took [0-9.]+ seconds" "-l classic: the seed's line"
is "$(printf '%s\n' "$OUT" | sed 1d | grep -Ec "$(printf '%s' "$LAT_BLOCK" | tr '\n' '|')")" 6 \
    "then the six lines of the percentile block"

done_testing
