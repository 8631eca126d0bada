# t401-yield: smpb-yield's output forms, options, exit codes and cleanup,
# as threads and as processes, up to 1024 threads (4096: t617, under
# make test-all).
# shellcheck disable=SC2086 # $KIDS is a list of pids, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
YIELD=bin/smpb-yield
[ -x "$YIELD" ] || skip_all "$YIELD is not built (run make)"

# The runs started in the background run for a minute, each thread or
# process yielding as fast as it can: pinned to one CPU (when one is
# known), each keeps a single CPU busy rather than two while a check waits
# on it. Where the workers run does not matter to the signals, the
# watchdog or the cleanup.
cpu0=$(first_cpu)
TAB=$(printf '\t')

# Classic form: the seed's five tab-separated fields.
run $YIELD -n 2 -T 0.1
is "$RC" 0 "-n 2 -T 0.1 exits 0"
like "$OUT" "^2${TAB}[0-9]+${TAB}[0-9]+${TAB}[0-9]+${TAB}[0-9]+\.[0-9]{6}\$" \
    "classic line: threads, total/s, per thread/s, zero-work, norm. var."
is "$(lines "$OUT")" 1 "one line"
is "$ERR" "" "nothing on stderr"

# Parsable form: every key, in order, plain decimal numbers.
run $YIELD -p -n 3 -T 0.1
is "$RC" 0 "-p -n 3 -T 0.1 exits 0"
keys=$(printf '%s\n' "$OUT" | tr ' ' '\n' | sed 's/=.*//' | tr '\n' ' ')
is "$keys" "threads processes seconds total_per_s avg_per_thread us_per_yield zero_threads norm_var jain min_per_thread max_per_thread $(tail_keys "$OUT") " "-p keys in order"
like "$OUT" "$KV_LINE" "every value is a plain number (or sched_stats' word)"
is "$(kv "$OUT" threads)" 3 "threads=3"
is "$(kv "$OUT" processes)" 0 "threads by default"
is "$(kv "$OUT" cpus_pinned)" 0 "unpinned by default"
check "the run lasts about -T: 0 < seconds < 2" awk \
    -v s="$(kv "$OUT" seconds)" 'BEGIN { exit !(s > 0 && s < 2) }'
check "avg_per_thread = total_per_s / threads" awk \
    -v t="$(kv "$OUT" total_per_s)" -v a="$(kv "$OUT" avg_per_thread)" \
    'BEGIN { d = a - t / 3; exit !(d <= 1 && d >= -1) }'
# total_per_s is printed whole: within its rounding (0.5 / total_per_s,
# more than 0.1% below 500 a second, a loaded machine's rate) and 0.1%.
check "us_per_yield = 1e6 / total_per_s" awk \
    -v t="$(kv "$OUT" total_per_s)" -v u="$(kv "$OUT" us_per_yield)" \
    'BEGIN { if (t <= 0) exit 1; r = u * t / 1e6; e = 0.001 + 0.5 / t
	exit !(r > 1 - e && r < 1 + e) }'
check "min <= avg <= max per thread" awk \
    -v lo="$(kv "$OUT" min_per_thread)" -v a="$(kv "$OUT" avg_per_thread)" \
    -v hi="$(kv "$OUT" max_per_thread)" 'BEGIN { exit !(lo <= a + 1 && a <= hi + 1) }'
check "jain = 1 / (1 + norm_var), within 1/n..1" awk \
    -v j="$(kv "$OUT" jain)" -v v="$(kv "$OUT" norm_var)" \
    'BEGIN { d = j - 1 / (1 + v); exit !(j > 0.33 && j <= 1 && d < 1e-5 && d > -1e-5) }'
check "every thread yielded: total_per_s > 0" test "$(kv "$OUT" total_per_s)" -gt 0

# Processes: the same figures, from -P workers.
run $YIELD -p -P -n 3 -T 0.1
is "$RC" 0 "-P -n 3 exits 0"
is "$(kv "$OUT" processes)" 1 "processes=1"
check "and they yielded" test "$(kv "$OUT" total_per_s)" -gt 0

# Placement.
if [ -n "$cpu0" ]; then
	run $YIELD -p -n 4 -T 0.1 -c "$cpu0"
	is "$RC" 0 "-c $cpu0 exits 0"
	is "$(kv "$OUT" cpus_used)" 1 "all pinned to CPU $cpu0: one CPU used"
	is "$(kv "$OUT" cpus_pinned)" 1 "cpus_pinned=1"
else
	t_skip "no /proc/self/status to find an allowed CPU"
fi

# A storm of 1024 threads: created, released, measured, joined (4096
# are t617's, under make test-all).
run $YIELD -p -n 1024 -T 0.05
is "$RC" 0 "-n 1024 runs"
is "$(kv "$OUT" threads)" 1024 "threads=1024"
check "min <= avg <= max per thread" awk -v a="$(kv "$OUT" min_per_thread)" \
    -v b="$(kv "$OUT" avg_per_thread)" -v c="$(kv "$OUT" max_per_thread)" \
    'BEGIN { exit !(a <= b && b <= c) }'
is "$ERR" "" "and says nothing on stderr"

# Bad input: one line on stderr, exit 2, nothing on stdout.
bad_inputs $YIELD <<'EOF_BAD'
-n 0|smpb-yield: -n: '0' is out of range (1..100000)
-n 100001|smpb-yield: -n: '100001' is out of range (1..100000)
-n abc|smpb-yield: -n: 'abc' is not a number (1..100000)
-n 5x|smpb-yield: -n: '5x' is not a number (1..100000)
-n -3|smpb-yield: -n: '-3' is not a number (1..100000)
-T 0|smpb-yield: -T: '0' is out of range (0.001..86400)
-T 1s|smpb-yield: -T: '1s' is not a number of seconds (0.001..86400)
-T -1|smpb-yield: -T: '-1' is not a number of seconds (0.001..86400)
-L x|smpb-yield: -L: 'x' is not a number (0..604800)
-c 0-|smpb-yield: -c: '0-' is not a CPU list (like 0,2-3; CPUs 0..1023, at most 1024 entries)
-x|smpb-yield: -x: unknown option (see smpb-yield -h)
-n|smpb-yield: -n: needs an argument (see smpb-yield -h)
-P extra|smpb-yield: unexpected operand 'extra' (see smpb-yield -h)
EOF_BAD

run $YIELD -h
is "$RC" 0 "-h exits 0"
is "$OUT" "usage: smpb-yield [-hPpVW] [-C cpulist] [-c cpulist] [-L seconds]
                  [-n threads] [-T seconds]" "-h prints usage on stdout"
is "$ERR" "" "-h: nothing on stderr"
run $YIELD -V
is "$RC" 0 "-V exits 0"
like "$OUT" '^smpb-yield \(smpbench\) [0-9]+\.[0-9]+' "-V prints the version"

# nlwp PID: the threads of process PID (0 when it is gone): its 20th
# field in /proc (read by the shell alone, see above), or ps's.
nlwp() {
	n_n=
	if [ -n "$PROC_KIDS" ]; then
		if { read -r n_st <"/proc/$1/stat"; } 2>/dev/null; then
			# shellcheck disable=SC2086 # the fields, split on purpose
			set -- ${n_st##*) }	# from the 3rd field, the state
			shift 17
			n_n=$1
		fi
	else
		n_n=$(ps -o nlwp= -p "$1" 2>/dev/null | tr -d ' ')
	fi
	echo "${n_n:-0}"
}

# start_bg ARGS: run smpb-yield in the background (on one CPU, see
# above); sets PID.
start_bg() {
	$YIELD "$@" ${cpu0:+-c "$cpu0"} >"$TMPDIR_T/bg.out" 2>"$TMPDIR_T/bg.err" &
	PID=$!
}

# wait_threads PID N: wait (up to 5 s) until PID runs N threads.
wait_threads() {
	w_tries=250
	while [ "$(nlwp "$1")" -lt "$2" ]; do
		[ "$w_tries" -le 0 ] && return 1
		w_tries=$((w_tries - 1))
		sleep 0.02
	done
	return 0
}

# Signals, as threads: 128 + signal, and the process is gone.
for sig in INT:130 TERM:143 HUP:129; do
	start_bg -n 8 -T 60
	wait_threads "$PID" 9
	check "SIG${sig%:*}: 8 threads and main running" test "$(nlwp "$PID")" -eq 9
	kill -"${sig%:*}" "$PID"
	wait "$PID"
	is "$?" "${sig#*:}" "threads: SIG${sig%:*} mid-run exits ${sig#*:}"
	is "$(alive "$PID")" 0 "threads: SIG${sig%:*}: nothing left"
done

# Signals, as processes: 128 + signal, and no worker left.
for sig in INT:130 TERM:143 HUP:129; do
	start_bg -P -n 8 -T 60
	wait_children "$PID" 9
	KIDS=$(children "$PID")
	check "SIG${sig%:*}: 8 workers and the guardian started" test "$(alive $KIDS)" -eq 9
	kill -"${sig%:*}" "$PID"
	wait "$PID"
	is "$?" "${sig#*:}" "processes: SIG${sig%:*} mid-run exits ${sig#*:}"
	check "processes: SIG${sig%:*}: no worker left" wait_gone 1 $KIDS
done

# The watchdog, both ways.
start_bg -n 4 -T 60 -L 1
wait "$PID"
is "$?" 3 "threads: -L 1 on a 60 s run exits 3"
is "$(cat "$TMPDIR_T/bg.err")" "smpb-yield: timed out after 1 s" "and says so"
start_bg -P -n 4 -T 60 -L 1
wait_children "$PID" 5
KIDS=$(children "$PID")
wait "$PID"
is "$?" 3 "processes: -L 1 on a 60 s run exits 3"
check "processes: -L: no worker left" wait_gone 1 $KIDS

# SIGKILL of the parent: its worker processes must notice and go.
start_bg -P -n 8 -T 60
wait_children "$PID" 9
KIDS=$(children "$PID")
kill -KILL "$PID"
wait "$PID"
check "SIGKILL of the parent: every worker gone within 2 s" wait_gone 2 $KIDS

# Thread creation fails part-way (stacks beyond 'ulimit -v'): exit 1, the
# index reached and the limits to raise are named, nothing keeps running.
# 'ulimit -v' is not POSIX, hence the test for it first.
# shellcheck disable=SC3045
if (ulimit -v 100000) 2>/dev/null; then
	run sh -c "ulimit -v 100000 && exec $YIELD -n 4096 -T 0.1"
	is "$RC" 1 "thread creation failure exits 1"
	like "$ERR" "^smpb-yield: cannot start thread [0-9]+ of 4096 \(raise 'ulimit -u' or 'ulimit -v', or use fewer\): pthread_create: .+$" \
	    "and names the thread reached and the limits"
	is "$(lines "$ERR")" 1 "in one line"
	is "$OUT" "" "and prints no result"
else
	t_skip "this shell has no 'ulimit -v'"
fi

# Process creation fails part-way ('ulimit -u'): exit 1, nothing left.
# RLIMIT_NPROC does not hold root back: as root, the program runs as the
# unprivileged user nobody (tests/lib.sh's other_user: a copy of it,
# where nobody can read it).
uid=$(id -u)
as_user=
prog=$YIELD
if [ "$uid" -eq 0 ] && other_user bin/smpb-yield; then
	uid=$OTHER_UID
	as_user=as_other
	prog=$OTHER_TREE/bin/smpb-yield
fi
if [ "$uid" -eq 0 ]; then
	other_skip "running as root, $OTHER_WHY: 'ulimit -u' does not limit root"
else
	used=$(ps -eLo uid= | awk -v u="$uid" '$1 == u' | wc -l)
	# dash calls RLIMIT_NPROC -p, other shells -u.
	lim=$((used + 40))
	run $as_user sh -c "{ ulimit -u $lim || ulimit -p $lim; } 2>/dev/null && exec $prog -P -n 4096 -T 0.1"
	is "$RC" 1 "process creation failure exits 1"
	like "$ERR" "^smpb-yield: cannot start worker [0-9]+ of 4096 \(raise 'ulimit -u' or use fewer\): fork: .+$" \
	    "and names the worker reached and the limit"
	check "and no worker is left" within 5 none_of_user "$uid" smpb-yield
fi

# A worker process killed while the others are still being created: the
# run ends at once with exit 1, naming it, and nothing is left.
early_death $YIELD -P -n 2000 -T 100 -L 60 ${cpu0:+-c "$cpu0"}
is "$RC" 1 "-P: a worker killed during the start: exit 1"
like "$ERR" "^smpb-yield: worker [0-9]+ of 2000 was killed by signal 9$" "and it is named"
check "at once, not at the watchdog ($SECS s)" test "$SECS" -lt 30
check "and no worker is left" wait_gone 2 $KIDS

# The kernel's statistics add up: four yielding threads on one CPU are
# always running or waiting for it, so their run and wait times together
# are four times the run's length, and their run time is at most its
# length (an identity of the accounting, not a speed).
cpu0=$(first_cpu)
run $YIELD -p -n 4 -T 0.5 ${cpu0:+-c "$cpu0"}
if [ -z "$cpu0" ] || [ "$(kv "$OUT" sched_stats)" != kernel ]; then
	t_skip "no allowed CPU known or no scheduler statistics"
else
	check "4 threads on one CPU: run_s ($(kv "$OUT" run_s)) at most the run's $(kv "$OUT" seconds) s" \
	    awk -v r="$(kv "$OUT" run_s)" -v s="$(kv "$OUT" seconds)" 'BEGIN { exit !(r <= s * 1.05 + 0.01) }'
	check "run_s + wait_s ($(kv "$OUT" run_s) + $(kv "$OUT" wait_s)) near 4 x $(kv "$OUT" seconds) s" \
	    awk -v r="$(kv "$OUT" run_s)" -v w="$(kv "$OUT" wait_s)" -v s="$(kv "$OUT" seconds)" \
	    'BEGIN { x = (r + w) / (4 * s); exit !(x > 0.85 && x < 1.1) }'
	is "$(kv "$OUT" migrations)" 0 "and none migrated, being pinned"
fi

done_testing
