# t704-signal: an interrupted run (Ctrl-C, SIGTERM, SIGHUP) under every
# POSIX shell we can find: the program measuring is stopped, nothing of
# the run is left running, what was measured is kept, the run is marked
# incomplete, and the driver exits 128 + the signal.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck disable=SC2317 # helpers run by check
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "a run interrupted by SIGINT, SIGTERM and SIGHUP, and by a signal as a measurement ends"
SB=scripts/smpbench
need_cmd setsid || skip_all "no setsid(1) to give the run a session of its own"
[ -x bin/smpb-ring ] || skip_all "bin/smpb-ring is not built (run make)"
# A background job of a script ignores SIGINT, and a shell cannot trap a
# signal ignored at its start: env --default-signal undoes that.
if env --default-signal=INT true 2>/dev/null; then
	dflt="env --default-signal=INT"
else
	dflt=
fi

# A fake smpb-ring: its first run measures, the next one hangs until it is
# killed, saying its pid first.
FAKE=$TMPDIR_T/fake
mkdir "$FAKE"
cat >"$FAKE/smpb-ring" <<'EOF_FAKE'
#!/bin/sh
dir=${0%/*}
[ "$1" = -V ] && { echo "smpb-ring (smpbench) 0.0"; exit 0; }
if [ ! -e "$dir/state" ]; then
	: >"$dir/state"
	echo "procs=2 laps=10 wall_s=0.050000 switches_per_s=400 us_per_switch=2500.0000 user_s=0.000 sys_s=0.000 nvcsw=20 nivcsw=0 cpus_used=1 cpus_pinned=0"
	exit 0
fi
trap 'kill $! 2>/dev/null; exit 143' TERM
trap 'kill $! 2>/dev/null; exit 130' INT
sleep 60 &
echo $$ >"$dir/hung"
wait $!
EOF_FAKE
chmod +x "$FAKE/smpb-ring"

for s in $SHELLS; do
	sh=$(shell_cmd $s)
	if [ -z "$sh" ]; then
		t_result 0 "# SKIP $s is not installed"
		continue
	fi
	for sig in INT:130 TERM:143 HUP:129; do
		name=${sig%:*}
		want=${sig#*:}
		if [ "$name" = INT ] && [ -z "$dflt" ]; then
			t_result 0 "# SKIP no env --default-signal to test SIGINT"
			continue
		fi
		out=$TMPDIR_T/$s-$name
		rm -f "$FAKE/state" "$FAKE/hung"
		SMPBENCH_BIN=$FAKE SMPBENCH_SWEEP=tiny setsid $dflt $sh $SB run \
		    -r 1 -o "$out" ring >/dev/null 2>"$out.err" &
		pid=$!
		if ! wait_file 10 "$FAKE/hung"; then
			t_result 1 "$s: the second measurement started"
			kill -KILL "$pid"
			continue
		fi
		# Ctrl-C signals the whole foreground group; the others, the driver.
		if [ "$name" = INT ]; then
			kill -INT "-$pid" || kill -KILL "-$pid"
		else
			kill -"$name" "$pid" || kill -KILL "-$pid"
		fi
		wait "$pid"
		is "$?" "$want" "$s: SIG$name mid-run exits $want"
		check "$s: SIG$name: nothing of the run is left running" session_gone 10 "$pid"
		is "$(cat "$out/incomplete" 2>/dev/null)" \
		    "interrupted by SIG$name during ring; 1 of 4 measurements made" \
		    "$s: SIG$name: the run is marked incomplete, with why"
		check "$s: SIG$name: no completion marker" test ! -e "$out/complete"
		is "$(wc -l <"$out/raw/ring" | tr -d ' ')" 1 "$s: SIG$name: the measurement made is kept"
		is "$(find "$out" -name '.*' | wc -l | tr -d ' ')" 0 "$s: SIG$name: no temporary file left"
		is "$(tail -n 1 "$out.err")" \
		    "smpbench: interrupted by SIG$name during ring; 1 of 4 measurements made; the run is kept, incomplete, in $out" \
		    "$s: SIG$name: says so on stderr"
	done
done

# A signal between a measurement's end and its line in the run's raw/:
# the count the run gives is that of the lines it holds. The driver's mv
# that publishes the second measurement's line sends SIGTERM to the
# run's whole session.
TRAPDIR=$TMPDIR_T/late
mkdir -p "$TRAPDIR/bin"
fake_prog "$TRAPDIR/prog" ring
real_mv=$(command -v mv)
cat >"$TRAPDIR/bin/mv" <<EOF_MV
#!/bin/sh
case \$* in
*/raw/.ring.tmp*)
	n=0
	[ -f "$TRAPDIR/n" ] && read -r n <"$TRAPDIR/n"
	n=\$((n + 1))
	echo "\$n" >"$TRAPDIR/n"
	[ "\$n" -eq 2 ] && kill -TERM 0
	;;
esac
exec "$real_mv" "\$@"
EOF_MV
chmod +x "$TRAPDIR/bin/mv"
for s in $SHELLS; do
	use_shell $s || continue
	out=$TMPDIR_T/late-$s
	rm -f "$TRAPDIR/n"
	PATH="$TRAPDIR/bin:$PATH" SMPBENCH_BIN=$TRAPDIR/prog SMPBENCH_SWEEP=tiny \
	    setsid $sh $SB run -S 0 -r 1 -o "$out" ring >/dev/null 2>"$out.err"
	is "$?" 143 "$s: SIGTERM as a measurement ends: exit 143"
	lines=$(wc -l <"$out/raw/ring" | tr -d ' ')
	is "$lines" 1 "$s: the first measurement is kept, the second lost"
	is "$(cat "$out/incomplete" 2>/dev/null)" \
	    "interrupted by SIGTERM during ring; $lines of 4 measurements made" \
	    "$s: the count is of the measurements the run holds ($lines)"
done

# Ctrl-C during a real smpb-ring measurement: the ring is gone too (-S 0:
# measured at once, without waiting for a quiet machine).
if [ -n "$dflt" ]; then
	out=$TMPDIR_T/real
	SMPBENCH_SWEEP=quick setsid $dflt sh $SB run -r 1 -S 0 -o "$out" ring \
	    >/dev/null 2>&1 &
	pid=$!
	wait_file 20 "$out/raw/ring"
	sleep 0.2
	kill -INT "-$pid" || kill -KILL "-$pid"
	wait "$pid"
	is "$?" 130 "Ctrl-C during real ring runs exits 130"
	check "no smpb-ring of the run is left" session_gone 10 "$pid"
	like "$(cat "$out/incomplete")" '^interrupted by SIGINT during ring; [0-9]+ of 11 measurements made$' \
	    "the run is marked incomplete"
	run sh $SB show -r "$out"
	like "$OUT" '^ 2 : [0-9]+ switches / second' "what was measured can be shown"
	like "$ERR" 'is incomplete: interrupted by SIGINT' "as an incomplete run"
else
	t_result 0 "# SKIP no env --default-signal to test SIGINT"
fi

done_testing
