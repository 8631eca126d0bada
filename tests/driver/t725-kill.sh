# t725-kill: SIGKILL of the driver mid-measurement, under every POSIX
# shell we can find: the program measuring (a real smpb-ring, made to run
# for 60 s) and its workers are gone within seconds, since the driver
# runs every program with -W (it ends when its parent dies), instead of
# measuring on for a minute after the driver is gone.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=$PWD/scripts/smpbench
need_cmd setsid || skip_all "no setsid(1) to give the run a session of its own"
[ -x bin/smpb-ring ] || skip_all "bin/smpb-ring is not built (run make)"
bin/smpb-ring -h | grep -q '^usage: smpb-ring \[-[A-Za-z]*W' ||
    skip_all "smpb-ring has no -W (end when the parent dies) yet"

# The real smpb-ring, its pid in started, told to run for 60 s: the
# driver's own -T comes first, and the last one counts.
FAKE=$TMPDIR_T/fake
mkdir "$FAKE"
# shellcheck disable=SC2016 # $1, $$ and $@ are the wrapper's
printf '#!/bin/sh\n[ "$1" = -V ] && exec "%s" -V\necho $$ >"%s/started"\nexec "%s" "$@" -T 60\n' \
    "$PWD/bin/smpb-ring" "$TMPDIR_T" "$PWD/bin/smpb-ring" >"$FAKE/smpb-ring"
chmod +x "$FAKE/smpb-ring"
export SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny

# kill_session SID: end what the test started, if anything is left.
kill_session() {
	for ks in $(ps -eo pid=,sid= | awk -v s="$1" '$2 == s { print $1 }'); do
		kill -KILL "$ks" 2>/dev/null
	done
}

for s in $SHELLS; do
	use_shell $s || continue
	rm -f "$TMPDIR_T/started"
	setsid $sh "$SB" run -r 1 -o "$TMPDIR_T/$s" ring >/dev/null 2>&1 &
	pid=$!
	if ! wait_file 30 "$TMPDIR_T/started" ||
	    ! within 30 has_children "$(cat "$TMPDIR_T/started")" 1; then
		t_result 1 "$s: the ring started, with its workers"
		kill_session "$pid"
		continue
	fi
	ring=$(cat "$TMPDIR_T/started")
	is "$(ps -o ppid= -p "$ring" | tr -d ' ')" "$pid" "$s: the ring is the driver's child"
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	check "$s: SIGKILL of the driver: the ring and its workers are gone" \
	    session_gone 10 "$pid"
	kill_session "$pid"
done

done_testing
