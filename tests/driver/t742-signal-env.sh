# t742-signal-env: a signal while a run's env is captured and saved, under
# every POSIX shell we can find. SIGINT the moment env is renamed into
# place: the run is either removed (and says that nothing was saved) or
# kept with its env and the incomplete marker, never left with an env
# alone; here it is kept, as the env was saved. SIGTERM while smpbench env
# captures the machine (a uname that waits): the driver ends only once
# the capture is done, so nothing it started outlives it.
# shellcheck disable=SC2086 # $sh and $dflt are command lines, split on purpose
# shellcheck disable=SC2016 # the hooks' code is expanded when they run
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "a signal while a run's env is captured and saved"
SB=$PWD/scripts/smpbench
need_cmd setsid || skip_all "no setsid(1) to give the driver a session of its own"
T=$TMPDIR_T
FAKE=$T/fake
fake_prog "$FAKE" herd
# A background job of a script ignores SIGINT, and a shell cannot trap a
# signal ignored at its start: env --default-signal undoes that.
if env --default-signal=INT true 2>/dev/null; then
	dflt="env --default-signal=INT" sig=INT want=130
else
	dflt='' sig=TERM want=143
fi

# An mv that signals the driver (its parent) once it has renamed a file
# into place as env.
HOOK=$T/hook
wrap_util "$HOOK" mv '' 'for a; do last=$a; done
case $last in */env) kill -'"$sig"' "$PPID" ;; esac'
# A uname that says it has started, waits for go (at most 20 s), then
# looks whether the driver is still there.
SLOW=$T/slow
wrap_util "$SLOW" uname ': >"$T/started"
i=0
while [ ! -e "$T/go" ] && [ "$i" -lt 200 ]; do sleep 0.1; i=$((i + 1)); done' \
    'kill -0 "$(cat "$T/pid")" 2>/dev/null && echo alive >"$T/seen" ||
echo gone >"$T/seen"'
export T

for s in $SHELLS; do
	use_shell $s || continue
	for o in new empty; do
		out=$T/$s-$o
		[ $o = empty ] && mkdir "$out"
		env PATH="$HOOK:$PATH" SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny \
		    setsid $dflt $sh "$SB" run -r 1 -o "$out" herd \
		    >/dev/null 2>"$out.err"
		rc=$?
		is "$rc" "$want" "$s: -o $o: SIG$sig as env is saved: exit $want"
		if [ -f "$out/env" ]; then
			check "$s: -o $o: the run is kept, with env and the incomplete marker" \
			    test -f "$out/incomplete" -a ! -e "$out/complete"
			like "$(tail -n 1 "$out.err")" "^smpbench: interrupted by SIG$sig; 0 of 2 measurements made; the run is kept, incomplete, in $out\$" \
			    "$s: -o $o: and says so"
		else
			is "$(find "$out" 2>/dev/null | sed -n 2p)" "" \
			    "$s: -o $o: the run is removed, all of it"
			like "$(tail -n 1 "$out.err")" "^smpbench: interrupted by SIG$sig; nothing was saved\$" \
			    "$s: -o $o: and says so"
		fi
		run $sh "$SB" show "$out"
		case $RC in
		0) like "$ERR" "is incomplete: interrupted by SIG$sig" \
		    "$s: -o $o: show shows it as incomplete" ;;
		*) like "$ERR" "no such directory|no env file" \
		    "$s: -o $o: show finds no run" ;;
		esac
	done

	# SIGTERM during smpbench env's capture.
	rm -f "$T/started" "$T/go" "$T/seen"
	env PATH="$SLOW:$PATH" setsid $sh "$SB" env >/dev/null 2>&1 &
	pid=$!
	echo "$pid" >"$T/pid"
	if within 10 test -e "$T/started"; then
		kill -TERM "$pid"
		: >"$T/go"
		within 20 test -s "$T/seen"
		wait "$pid"
		is "$?" 143 "$s: SIGTERM during env's capture: exit 143"
		is "$(cat "$T/seen")" alive \
		    "$s: the driver waits for the capture it started to end"
	else
		t_result 1 "$s: env's capture started"
		kill -KILL "$pid"
		wait "$pid"
	fi
done

done_testing
