# t101-pipe: smpb-pipe's output forms, transfer accounting, options, exit
# codes and cleanup.
# shellcheck disable=SC2086 # $KIDS is a list of pids, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
PIPE=bin/smpb-pipe
[ -x "$PIPE" ] || skip_all "$PIPE is not built (run make)"

cpu0=$(first_cpu)

# Classic form: one cell of the seed's table.
run $PIPE -s 4 -t 16 -b 1
is "$RC" 0 "-s 4 -t 16 -b 1 exits 0"
like "$OUT" '^[0-9]+%$' "classic cell, like 198%"
is "$(lines "$OUT")" 1 "one line"
is "$ERR" "" "nothing on stderr"

# Parsable form: every key, in order, plain decimal numbers.
run $PIPE -p -s 4 -t 2 -b 8
is "$RC" 0 "-p -s 4 -t 2 -b 8 exits 0"
keys=$(printf '%s\n' "$OUT" | tr ' ' '\n' | sed 's/=.*//' | tr '\n' ' ')
is "$keys" "write_kib think budget_mib bytes transfers clamped wall_s cpu_pct think_ns $(tail_keys "$OUT") " "-p keys in order"
like "$OUT" "$KV_LINE" "every value is a plain number (or sched_stats' word)"
is "$(lines "$OUT")" 1 "one line"
is "$(kv "$OUT" write_kib)" 4 "write_kib=4"
is "$(kv "$OUT" think)" 2 "think=2"
is "$(kv "$OUT" budget_mib)" 8 "budget_mib=8"
is "$(kv "$OUT" cpus_pinned)" 0 "unpinned by default"
check "cpu_pct = (user_s + sys_s) / wall_s * 100" awk \
    -v c="$(kv "$OUT" cpu_pct)" -v u="$(kv "$OUT" user_s)" \
    -v s="$(kv "$OUT" sys_s)" -v w="$(kv "$OUT" wall_s)" \
    'BEGIN { d = c - (u + s) / w * 100; e = 0.1 / w + 0.06; exit !(w > 0 && d <= e && d >= -e) }'
check "think_ns is measured" awk -v n="$(kv "$OUT" think_ns)" 'BEGIN { exit !(n > 0) }'

# Transfer accounting: total = max(write size, budget / think), in whole
# writes. Args|bytes|transfers|clamped.
while IFS='|' read -r args bytes transfers clamped; do
	# shellcheck disable=SC2086
	run $PIPE -p $args
	is "$RC" 0 "'$args' exits 0"
	is "$(kv "$OUT" bytes)" "$bytes" "'$args' moves $bytes bytes"
	is "$(kv "$OUT" transfers)" "$transfers" "'$args' in $transfers transfers"
	is "$(kv "$OUT" clamped)" "$clamped" "'$args': clamped=$clamped"
done <<'EOF_PLAN'
-s 4 -t 16 -b 1|65536|16|0
-s 1 -t 1 -b 1|1048576|1024|0
-s 3 -t 5 -b 1|208896|68|0
-s 256 -t 1 -b 1|1048576|4|0
-s 1024 -t 1 -b 2|2097152|2|0
-s 8 -t 1024 -b 1|8192|1|1
-s 64 -t 16 -b 1|65536|1|0
-s 64 -t 17 -b 1|65536|1|1
EOF_PLAN

# -T: for a time instead of a budget, whatever the think: at least that
# long, more than one transfer where one is far shorter, the seconds in
# place of the budget, the bytes the transfers moved.
run $PIPE -p -s 1 -t 2048 -T 0.2
is "$RC" 0 "-T 0.2 exits 0"
check "-T 0.2: the run lasted 0.2 s or more" awk -v w="$(kv "$OUT" wall_s)" \
    'BEGIN { exit !(w >= 0.2) }'
check "-T 0.2: the pair kept going, more than one transfer" awk \
    -v n="$(kv "$OUT" transfers)" 'BEGIN { exit !(n > 1) }'
is "$(kv "$OUT" bytes)" "$(( $(kv "$OUT" transfers) * 1024 ))" \
    "-T: bytes, the transfers' writes"
is "$(kv "$OUT" seconds) $(kv "$OUT" budget_mib) $(kv "$OUT" clamped)" \
    "0.200  0" "-T: seconds=0.200 in place of budget_mib, not clamped"
keys=$(printf '%s\n' "$OUT" | tr ' ' '\n' | sed 's/=.*//' | tr '\n' ' ')
is "$keys" "write_kib think seconds bytes transfers clamped wall_s cpu_pct think_ns $(tail_keys "$OUT") " \
    "-T: -p keys in order"

# Placement: -c pins the writer and the reader, and the CPUs used are
# reported.
if [ -n "$cpu0" ]; then
	run $PIPE -p -s 4 -t 4 -b 1 -c "$cpu0"
	is "$RC" 0 "-c $cpu0 exits 0"
	is "$(kv "$OUT" cpus_used)" 1 "both pinned to CPU $cpu0: one CPU used"
	is "$(kv "$OUT" cpus_pinned)" 1 "cpus_pinned=1"
else
	t_skip "no /proc/self/status to find an allowed CPU"
fi

# Bad input: one line on stderr, exit 2, nothing on stdout.
bad_inputs $PIPE <<'EOF_BAD'
-t 0|smpb-pipe: -t: '0' is out of range (1..1000000)
-t 1000001|smpb-pipe: -t: '1000001' is out of range (1..1000000)
-t 1.5|smpb-pipe: -t: '1.5' is not a number (1..1000000)
-t -1|smpb-pipe: -t: '-1' is not a number (1..1000000)
-s 0|smpb-pipe: -s: '0' is out of range (1..65536)
-s 65537|smpb-pipe: -s: '65537' is out of range (1..65536)
-s 16k|smpb-pipe: -s: '16k' is not a number (1..65536)
-s 0x10|smpb-pipe: -s: '0x10' is not a number (1..65536)
-b 0|smpb-pipe: -b: '0' is out of range (1..65536)
-b 65537|smpb-pipe: -b: '65537' is out of range (1..65536)
-b 99999999999999999999|smpb-pipe: -b: '99999999999999999999' is out of range (1..65536)
-b 64M|smpb-pipe: -b: '64M' is not a number (1..65536)
-L x|smpb-pipe: -L: 'x' is not a number (0..604800)
-L 604801|smpb-pipe: -L: '604801' is out of range (0..604800)
-c 0-|smpb-pipe: -c: '0-' is not a CPU list (like 0,2-3; CPUs 0..1023, at most 1024 entries)
-c 1,,2|smpb-pipe: -c: '1,,2' is not a CPU list (like 0,2-3; CPUs 0..1023, at most 1024 entries)
-x|smpb-pipe: -x: unknown option (see smpb-pipe -h)
-n 2|smpb-pipe: -n: unknown option (see smpb-pipe -h)
-s|smpb-pipe: -s: needs an argument (see smpb-pipe -h)
-t|smpb-pipe: -t: needs an argument (see smpb-pipe -h)
-b|smpb-pipe: -b: needs an argument (see smpb-pipe -h)
-s 4 extra|smpb-pipe: unexpected operand 'extra' (see smpb-pipe -h)
-T 0|smpb-pipe: -T: '0' is out of range (0.001..86400)
-T x|smpb-pipe: -T: 'x' is not a number of seconds (0.001..86400)
-b 1 -T 1|smpb-pipe: -b and -T exclude each other (see smpb-pipe -h)
EOF_BAD

run $PIPE -c 1023 -b 1
is "$RC" 2 "-c with a CPU that is not here exits 2"
like "$ERR" "^smpb-pipe: -c: CPU 1023 is not available: there is no such CPU \(allowed here: [0-9,-]+\)$" "and says so"

run $PIPE -h
is "$RC" 0 "-h exits 0"
is "$OUT" "usage: smpb-pipe [-hlpVW] [-b mib | -T seconds] [-C cpulist] [-c cpulist]
                 [-L seconds] [-s kib] [-t think]" "-h prints usage on stdout"
is "$ERR" "" "-h: nothing on stderr"
run $PIPE -V
is "$RC" 0 "-V exits 0"
like "$OUT" '^smpb-pipe \(smpbench\) [0-9]' "-V prints the version"

# start_pipe ARGS: a run of many seconds in the background (1 KiB
# transfers, each followed by about 10^8 multiplications); sets PID and
# KIDS (writer, reader and their guardian). Both workers think, each
# keeping a CPU busy: pinned to one CPU (when one is known), the pair
# keeps one busy rather than two while a check waits on it. Where the
# workers run does not matter to the signals, the watchdog or the cleanup.
start_pipe() {
	$PIPE -s 1 -t 100000 -b 65536 ${cpu0:+-c "$cpu0"} "$@" \
	    >"$TMPDIR_T/bg.out" 2>"$TMPDIR_T/bg.err" &
	PID=$!
	wait_children "$PID" 3
	KIDS=$(children "$PID")
}

# workers: the two workers among KIDS (not the guardian, which leads the
# process group).
workers() {
	ps -o pid=,ppid=,pgid= -p $KIDS | awk '$1 != $3 { print $1 }'
}

# Signals: cleanup, then 128 + signal, and no process left behind.
for sig in INT:130 TERM:143 HUP:129; do
	start_pipe
	check "SIG${sig%:*}: the pair and its guardian started" test "$(alive $KIDS)" -eq 3
	kill -"${sig%:*}" "$PID"
	wait "$PID"
	is "$?" "${sig#*:}" "SIG${sig%:*} mid-run exits ${sig#*:}"
	is "$(cat "$TMPDIR_T/bg.out")" "" "SIG${sig%:*}: no result printed"
	check "SIG${sig%:*}: no process left" wait_gone 1 $KIDS
done

# The watchdog.
start_pipe -L 1
wait "$PID"
is "$?" 3 "-L 1 on a long run exits 3"
is "$(cat "$TMPDIR_T/bg.err")" "smpb-pipe: timed out after 1 s" "and says so"
check "-L: no process left" wait_gone 1 $KIDS

# SIGKILL of the parent: its children must notice and go.
start_pipe
kill -KILL "$PID"
wait "$PID"
check "SIGKILL of the parent: every child gone within 2 s" wait_gone 2 $KIDS

# A worker killed from outside: exit 1 at once, nothing left.
start_pipe
victim=$(workers | sed -n 1p)
t0=$(date +%s)
kill -KILL "$victim"
wait "$PID"
is "$?" 1 "a worker killed mid-run makes exit 1"
# The run would go on for 10 s or more (its work is at -b's maximum, some
# 7e10 multiplications); the end must come well before.
check "noticed at once, not when the run ends" test $(($(date +%s) - t0)) -lt 5
like "$(cat "$TMPDIR_T/bg.err")" "^smpb-pipe: (worker [01] of 2 was killed by signal 9|worker [01]: the (writer|reader) is gone)" "and says what happened"
is "$(cat "$TMPDIR_T/bg.out")" "" "no result printed"
check "no process left after the failure" wait_gone 1 $KIDS

# writer: once the run is under way, the worker that has written a
# transfer (wchar in /proc/PID/io counts what it wrote since its fork; the
# reader writes only its few bytes of reports); waits up to 5 s, prints
# nothing where the system cannot tell.
writer() {
	w_tries=50
	while [ "$w_tries" -gt 0 ]; do
		for w_pid in $(workers); do
			w_put=$(sed -n 's/^wchar: //p' "/proc/$w_pid/io" 2>/dev/null)
			if [ "${w_put:-0}" -ge 1024 ]; then
				echo "$w_pid"
				return 0
			fi
		done
		w_tries=$((w_tries - 1))
		sleep 0.1
	done
}

# The peer of a dead worker stops by itself, even while main cannot act:
# a reader whose writer died sees end-of-file, a writer whose reader died
# sees EPIPE; neither spins. Main is stopped meanwhile, and then names
# the worker that died.
for victim_is in writer reader; do
	start_pipe
	wr=$(writer)
	if [ -z "$wr" ]; then
		t_skip "cannot tell the reader from the writer here"
		kill -TERM "$PID"
		wait "$PID"
		continue
	fi
	rd=$(workers | grep -v "^$wr\$")
	if [ "$victim_is" = writer ]; then
		victim=$wr peer=$rd
	else
		victim=$rd peer=$wr
	fi
	kill -STOP "$PID"
	kill -KILL "$victim"
	check "a killed $victim_is: its peer exits by itself" wait_gone 5 "$peer"
	kill -CONT "$PID"
	wait "$PID"
	is "$?" 1 "a killed $victim_is: then main exits 1"
	# Main names the dead worker, not the peer that lost it.
	if [ "$victim_is" = writer ]; then
		is "$(cat "$TMPDIR_T/bg.err")" "smpb-pipe: worker 0 of 2 was killed by signal 9" "the dead writer is named, with its signal"
	else
		is "$(cat "$TMPDIR_T/bg.err")" "smpb-pipe: worker 1 of 2 was killed by signal 9" "the dead reader is named, with its signal"
	fi
	check "a killed $victim_is: nothing left" wait_gone 1 $KIDS
done

# -l: every block is stamped and its delay recorded: one per transfer.
run $PIPE -p -l -s 4 -t 2 -b 8
is "$RC" 0 "-l exits 0"
check_latency "$OUT" "$(kv "$OUT" transfers)" "pipe -l -s 4 -t 2 -b 8"
is "$(kv "$OUT" transfers)" 1024 "8 MiB in 4 KiB blocks: 1024 transfers"
run $PIPE -l -s 1 -b 1
like "$(printf '%s\n' "$OUT" | head -n 1)" '^[0-9]+%$' "-l classic: the cell first"
is "$(printf '%s\n' "$OUT" | sed 1d | grep -Ec "$(printf '%s' "$LAT_BLOCK" | tr '\n' '|')")" 6 \
    "then the six lines of the percentile block"

done_testing
