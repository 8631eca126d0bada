# t502-hog: smpb-hog burns until -T, a signal, the watchdog or its
# parent's death, and never outlives its parent.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
HOG=bin/smpb-hog
[ -x "$HOG" ] || skip_all "$HOG is not built (run make)"

run $HOG -T 0.2
is "$RC" 0 "-T 0.2 exits 0"
is "$OUT$ERR" "" "and prints nothing"

run $HOG -h
is "$RC" 0 "-h exits 0"
is "$OUT" "usage: smpb-hog [-hpV] [-L seconds] [-T seconds]" "-h prints usage on stdout"
run $HOG -V
is "$RC" 0 "-V exits 0"
like "$OUT" '^smpb-hog \(smpbench\) [0-9]+\.[0-9]+' "-V prints the version"

# Bad input: one line on stderr, exit 2.
bad_inputs $HOG <<'EOF_BAD'
-T 0|smpb-hog: -T: '0' is out of range (0.001..86400)
-T x|smpb-hog: -T: 'x' is not a number of seconds (0.001..86400)
-L 604801|smpb-hog: -L: '604801' is out of range (0..604800)
-p|smpb-hog: -p: needs -T, the seconds to time (see smpb-hog -h)
-p -L 5|smpb-hog: -p: needs -T, the seconds to time (see smpb-hog -h)
-x|smpb-hog: -x: unknown option (see smpb-hog -h)
-T|smpb-hog: -T: needs an argument (see smpb-hog -h)
now|smpb-hog: unexpected operand 'now' (see smpb-hog -h)
EOF_BAD

# The canary: -p times the spins for -T seconds and prints one line,
# spins (whole chunks of 65536), the seconds they took (at least -T: the
# chunks are timed alone, until they add up to it), and their quotient.
run $HOG -p -T 0.005
is "$RC" 0 "-p -T 0.005 exits 0"
is "$ERR" "" "and says nothing on stderr"
is "$(printf '%s\n' "$OUT" | sed 's/=[^ ]*//g')" "spins seconds ns_per_spin" \
    "-p: one line, spins seconds ns_per_spin"
like "$OUT" '^spins=[0-9]+ seconds=[0-9]+\.[0-9]{6} ns_per_spin=[0-9]+\.[0-9]{4}$' \
    "-p: plain decimal numbers"
check "-p: spins are whole chunks of 65536" awk -v n="$(kv "$OUT" spins)" \
    'BEGIN { exit !(n > 0 && n % 65536 == 0) }'
check "-p: at least the 0.005 s asked were timed" awk -v s="$(kv "$OUT" seconds)" \
    'BEGIN { exit !(s >= 0.005) }'
check "-p: ns_per_spin is seconds * 1e9 / spins" awk -v n="$(kv "$OUT" spins)" \
    -v s="$(kv "$OUT" seconds)" -v x="$(kv "$OUT" ns_per_spin)" \
    'BEGIN { q = s * 1e9 / n; d = q - x; if (d < 0) d = -d
	exit !(x > 0 && d <= 0.0001 + q * 0.001) }'

# start_hog ARGS: a hog in the background; sets PID. Waits until it
# catches SIGHUP, SIGINT and SIGTERM (wait_caught): a process started
# with & by a shell without job control begins with SIGINT ignored, and
# one sent before its handlers are in would be lost.
start_hog() {
	$HOG "$@" >"$TMPDIR_T/bg.out" 2>"$TMPDIR_T/bg.err" &
	PID=$!
	wait_caught "$PID" 16387
}

# wait_caught PID MASK: wait (up to 10 s: within, tests/lib.sh) until
# PID catches every signal of MASK (bit N-1 for signal N; 16387: HUP,
# INT, TERM); where there is no /proc, 0.3 s.
wait_caught() {
	[ -r "/proc/$1/status" ] || { sleep 0.3; return 0; }
	within 10 catches "$1" "$2"
}

# catches PID MASK: true when PID catches every signal of MASK, as the
# low 32 bits of SigCgt in its /proc status say.
catches() {
	[ "$(($(sig_caught "$1") & $2))" -eq "$2" ]
}

# sig_caught PID: the low 32 bits of PID's SigCgt, as a number (0 where
# it is gone).
sig_caught() {
	sc_m=00000000
	while IFS= read -r sc_l; do
		case $sc_l in
		SigCgt:*) sc_m=${sc_l##*[!0-9a-f]} ;;
		esac
	done <"/proc/$1/status" 2>/dev/null
	echo "$((0x${sc_m#"${sc_m%????????}"}))"
}

# It burns: never asleep while it runs (R, running or runnable).
start_hog -T 5
like "$(ps -o stat= -p "$PID")" '^R' "it is running, not sleeping"
kill -TERM "$PID"
wait "$PID"

for sig in INT:130 TERM:143 HUP:129; do
	start_hog -T 60
	kill -"${sig%:*}" "$PID"
	wait "$PID"
	is "$?" "${sig#*:}" "SIG${sig%:*} exits ${sig#*:}"
	is "$(cat "$TMPDIR_T/bg.err")" "" "and says nothing"
done

start_hog -T 60 -L 1
wait "$PID"
is "$?" 3 "-L 1 on a 60 s burn exits 3"
is "$(cat "$TMPDIR_T/bg.err")" "smpb-hog: timed out after 1 s" "and says so"

# Its parent is SIGKILLed: the hog goes too, within 2 s.
sh -c "$HOG -T 60 & echo \$! >'$TMPDIR_T/hog.pid'; wait" &
parent=$!
tries=50
while [ ! -s "$TMPDIR_T/hog.pid" ] && [ "$tries" -gt 0 ]; do
	tries=$((tries - 1))
	sleep 0.1
done
hog=$(cat "$TMPDIR_T/hog.pid")
check "a hog started by a shell runs" test "$(alive "$hog")" -eq 1
kill -KILL "$parent"
wait "$parent"
check "its parent SIGKILLed: the hog is gone within 2 s" wait_gone 2 "$hog"

done_testing
