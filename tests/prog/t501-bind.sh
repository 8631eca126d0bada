# t501-bind: smpb-bind's output forms, options, exit codes and cleanup of
# its workers and hogs; its loop survives the optimiser.
# shellcheck disable=SC2086 # $KIDS is a list of pids, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
BIND=bin/smpb-bind
[ -x "$BIND" ] || skip_all "$BIND is not built (run make)"

# Classic form: each worker's user seconds.
run $BIND -n 2 -r 20000000 -s 64
is "$RC" 0 "-n 2 -r 20000000 exits 0"
like "$OUT" '^[0-9]+\.[0-9]{2} [0-9]+\.[0-9]{2}$' "classic line: two user times"
is "$(lines "$OUT")" 1 "one line"
is "$ERR" "" "nothing on stderr"
run $BIND -n 3 -r 1000 -s 4
like "$OUT" '^[0-9]+\.[0-9]{2} [0-9]+\.[0-9]{2} [0-9]+\.[0-9]{2}$' "-n 3: three"

# Parsable form: every key, in order, plain decimal numbers.
run $BIND -p -n 2 -r 1000003 -s 64
is "$RC" 0 "-p -n 2 -r 1000003 exits 0"
keys=$(printf '%s\n' "$OUT" | tr ' ' '\n' | sed 's/=.*//' | tr '\n' ' ')
if [ "$(kv "$OUT" sched_stats)" = kernel ]; then
	want="workers cache_kib reps seconds bound hogs wall_s user_s_0 nivcsw_0 migrations_0 wait_s_0 user_s_1 nivcsw_1 migrations_1 wait_s_1 $TAIL_KERNEL "
else
	want="workers cache_kib reps seconds bound hogs wall_s user_s_0 nivcsw_0 user_s_1 nivcsw_1 $TAIL_NONE "
fi
is "$keys" "$want" "-p keys in order"
like "$OUT" "$KV_LINE" "every value is a plain number (or sched_stats' word)"
is "$(kv "$OUT" workers)" 2 "workers=2"
is "$(kv "$OUT" cache_kib)" 64 "-s 64: cache_kib=64"
is "$(kv "$OUT" reps)" 1000003 "reps=1000003, an odd count (the sums were checked)"
is "$(kv "$OUT" bound)" 0 "unbound by default"
is "$(kv "$OUT" hogs)" 0 "no hogs by default"
is "$(kv "$OUT" seconds)" 0.000 "seconds=0 with -r"

# The array is faulted in before the gate, and the time spent doing so is
# not the workers': 64 MiB touched (set up in tenths of a second, ten
# times the CPU time allowed the run), one access measured.
run $BIND -p -n 1 -s 65536 -r 1
is "$RC" 0 "-s 65536 -r 1 exits 0"
check "minor faults during the run: under 1% of the 16384 pages ($(kv "$OUT" minflt))" \
    test "$(kv "$OUT" minflt)" -lt 164
check "CPU time of the run: not the 256 MiB's set-up ($(kv "$OUT" user_s) + $(kv "$OUT" sys_s) s)" \
    awk -v u="$(kv "$OUT" user_s)" -v s="$(kv "$OUT" sys_s)" 'BEGIN { exit !(u + s < 0.02) }'

# The default size is the L2 cache's, where the system says.
l2=/sys/devices/system/cpu/cpu0/cache/index2/size
if [ -r "$l2" ] && grep -q '^[0-9]*K$' "$l2"; then
	run $BIND -p -n 1 -r 1000
	is "$(kv "$OUT" cache_kib)" "$(sed 's/K$//' "$l2")" "default -s: the L2 size"
else
	t_skip "no L2 size in KiB in $l2"
fi

# -T: run for a time instead.
run $BIND -p -n 2 -T 0.05 -s 64
is "$RC" 0 "-T 0.05 exits 0"
is "$(kv "$OUT" seconds)" 0.050 "seconds=0.050"
check "and made accesses" test "$(kv "$OUT" reps)" -gt 0

# The loop is not optimised away: twenty times the accesses take clearly
# more user time (a ratio, not a speed; at -O2 the seed's took none).
run $BIND -p -n 1 -r 10000000
small=$(kv "$OUT" user_s_0)
run $BIND -p -n 1 -r 200000000
large=$(kv "$OUT" user_s_0)
check "user time grows with -r: $small s, then $large s for 20 times more" \
    awk -v s="$small" -v l="$large" 'BEGIN { exit !(l > 4 * s && l >= 0.02) }'

# Binding: -B gives every worker a CPU of its own; a bound worker never
# migrates. -c binds too, as in every program.
if [ "$(uname -s)" = Linux ] || [ "$(uname -s)" = FreeBSD ]; then
	ncpu=$(awk '/^Cpus_allowed_list/ { print $2 }' /proc/self/status 2>/dev/null |
	    tr ',' '\n' | awk -F- '{ n += NF == 2 ? $2 - $1 + 1 : 1 } END { print n + 0 }')
	run $BIND -p -B -n 2 -r 20000000 -s 64
	is "$RC" 0 "-B exits 0"
	is "$(kv "$OUT" bound)" 1 "bound=1"
	if [ "$(kv "$OUT" sched_stats)" = kernel ]; then
		is "$(kv "$OUT" migrations_0)/$(kv "$OUT" migrations_1)" 0/0 \
		    "bound workers do not migrate (the kernel's count)"
	else
		t_skip "no scheduler statistics: no migration count"
	fi
	if [ "$ncpu" -ge 2 ]; then
		is "$(kv "$OUT" cpus_used)" 2 "each on its own CPU"
	fi
	cpu0=$(first_cpu)
	if [ -n "$cpu0" ]; then
		run $BIND -p -n 2 -r 1000000 -s 64 -c "$cpu0"
		is "$(kv "$OUT" bound)/$(kv "$OUT" cpus_used)" 1/1 "-c $cpu0: bound, one CPU used"
	fi
	t_skip "-B exit 4 where binding is unsupported: it works on $(uname -s)"
else
	run $BIND -B -r 1000
	is "$RC" 4 "-B where binding is unsupported exits 4"
	is "$ERR" "smpb-bind: -B: this system cannot bind processes to CPUs" "and says so"
fi

# Hogs: counted in the report, and gone once the run is over.
run $BIND -p -H 1 -n 1 -r 1000000 -s 64
is "$RC" 0 "-H 1 exits 0"
is "$(kv "$OUT" hogs)" 1 "hogs=1"

# Bad input: one line on stderr, exit 2, nothing on stdout.
bad_inputs $BIND <<'EOF_BAD'
-n 0|smpb-bind: -n: '0' is out of range (1..1024)
-n 1025|smpb-bind: -n: '1025' is out of range (1..1024)
-n two|smpb-bind: -n: 'two' is not a number (1..1024)
-H 1025|smpb-bind: -H: '1025' is out of range (0..1024)
-H -1|smpb-bind: -H: '-1' is not a number (0..1024)
-r 0|smpb-bind: -r: '0' is out of range (1..10000000000000)
-r 1e9|smpb-bind: -r: '1e9' is not a number (1..10000000000000)
-r 99999999999999999999|smpb-bind: -r: '99999999999999999999' is out of range (1..10000000000000)
-s 0|smpb-bind: -s: '0' is out of range (1..1048576)
-s 1048577|smpb-bind: -s: '1048577' is out of range (1..1048576)
-s 64k|smpb-bind: -s: '64k' is not a number (1..1048576)
-T 0|smpb-bind: -T: '0' is out of range (0.001..86400)
-T 1m|smpb-bind: -T: '1m' is not a number of seconds (0.001..86400)
-r 5 -T 1|smpb-bind: -r and -T exclude each other (see smpb-bind -h)
-L -1|smpb-bind: -L: '-1' is not a number (0..604800)
-c x|smpb-bind: -c: 'x' is not a CPU list (like 0,2-3; CPUs 0..1023, at most 1024 entries)
-x|smpb-bind: -x: unknown option (see smpb-bind -h)
-s|smpb-bind: -s: needs an argument (see smpb-bind -h)
-B extra|smpb-bind: unexpected operand 'extra' (see smpb-bind -h)
EOF_BAD

run $BIND -h
is "$RC" 0 "-h exits 0"
is "$OUT" "usage: smpb-bind [-BhpVW] [-C cpulist] [-c cpulist] [-H hogs] [-L seconds]
                 [-n workers] [-r reps | -T seconds] [-s kib]" "-h prints usage on stdout"
run $BIND -V
is "$RC" 0 "-V exits 0"
like "$OUT" '^smpb-bind \(smpbench\) [0-9]+\.[0-9]+' "-V prints the version"

# A worker that cannot get its array fails the run: exit 1, named.
# 'ulimit -v' is not POSIX, hence the test for it first.
# shellcheck disable=SC3045
if (ulimit -v 200000) 2>/dev/null; then
	run sh -c "ulimit -v 200000 && exec $BIND -n 1 -s 1048576 -r 1000"
	is "$RC" 1 "a worker without memory makes exit 1"
	# The errno text is the C library's: glibc's or musl's.
	like "$ERR" '^smpb-bind: worker 0: cannot allocate 1048576 KiB: (Cannot allocate memory|Out of memory)$' \
	    "and names itself and what failed"
else
	t_skip "this shell has no 'ulimit -v'"
fi

# ONE_CPU: taskset to the first CPU we may use, where there is one: the
# workers and hogs of a run that only waits to be stopped then burn one
# CPU, not every one (what is checked is how the run ends, and that
# nothing is left).
ONE_CPU=
cpu0=$(first_cpu)
[ -n "$cpu0" ] && need_cmd taskset && ONE_CPU="taskset -c $cpu0"

# start_bg ARGS: run smpb-bind in the background with 2 workers and 2
# hogs; sets PID and KIDS (2 guardians, 2 workers, 2 hogs).
start_bg() {
	$ONE_CPU $BIND -n 2 -H 2 -s 64 "$@" >"$TMPDIR_T/bg.out" 2>"$TMPDIR_T/bg.err" &
	PID=$!
	wait_children "$PID" 6
	KIDS=$(children "$PID")
}

# A run that ends normally leaves nothing: its workers, hogs and
# guardians carry its command line (they are forks), made unique here by
# the watchdog's value, and none may be left once it has exited.
mark="-L $((1000 + $$ % 100000))"
run $BIND -n 2 -H 2 -s 64 -T 0.05 $mark
is "$RC" 0 "a run with 2 workers and 2 hogs ends normally"
like "$OUT" '^[0-9.]+ [0-9.]+$' "and reports"
# shellcheck disable=SC2009 # pgrep -f would see a regular expression
is "$(ps -eo args= | grep -c "^$BIND -n 2 -H 2 -s 64 -T 0.05 $mark\$")" 0 \
    "and none of its processes is left"

# Signals: cleanup, then 128 + signal, and no worker or hog left.
for sig in INT:130 TERM:143 HUP:129; do
	start_bg -T 60
	check "SIG${sig%:*}: workers, hogs and guardians started" test "$(alive $KIDS)" -eq 6
	kill -"${sig%:*}" "$PID"
	wait "$PID"
	is "$?" "${sig#*:}" "SIG${sig%:*} mid-run exits ${sig#*:}"
	check "SIG${sig%:*}: no worker or hog left" wait_gone 1 $KIDS
done

# The watchdog.
start_bg -T 60 -L 1
wait "$PID"
is "$?" 3 "-L 1 on a 60 s run exits 3"
is "$(cat "$TMPDIR_T/bg.err")" "smpb-bind: timed out after 1 s" "and says so"
check "-L: no worker or hog left" wait_gone 1 $KIDS

# SIGKILL of the parent: workers and hogs must notice and go.
start_bg -T 60
kill -KILL "$PID"
wait "$PID"
check "SIGKILL of the parent: every worker and hog gone within 2 s" wait_gone 2 $KIDS

# A worker killed while the others are still being created: exit 1 at
# once, naming it, nothing left.
early_death $BIND -n 1000 -s 4 -T 100 -L 60
is "$RC" 1 "a worker killed during the start: exit 1"
like "$ERR" "^smpb-bind: worker [0-9]+ of 1000 was killed by signal 9$" "and it is named"
check "at once, not at the watchdog ($SECS s)" test "$SECS" -lt 30
check "and no worker is left" wait_gone 2 $KIDS

# A hog killed from outside is named as a hog (early_death kills a member
# of the largest group: 3 hogs and their guardian against 1 worker and
# its guardian).
early_death $ONE_CPU $BIND -n 1 -H 3 -s 4 -T 100 -L 60
is "$RC" 1 "a hog killed: exit 1"
like "$ERR" "^smpb-bind: hog [0-9] of 3 was killed by signal 9$" "and it is named a hog"

done_testing
