# t720-robust: smpbench run against what a hostile or unlucky user does,
# under every POSIX shell we can find: two runs started into one -o
# directory (one runs, the other stops and touches nothing), a signal
# just after the completion marker (a run is complete or incomplete,
# never both), a signal while the run is being set up (nothing is left
# that is not a saved run), repeats written with leading zeros (decimal,
# not octal), -r '', -o - and -o names a saved run could not have (a
# newline, an ESC), and cells that need more processes than the kernel
# or the user's limit allows (its workers, the program, the guardians of
# workers and hogs, and the driver). The moments are fixed with hooks
# (wrappers of mkdir, mv, uname, cat first in PATH), never with sleeps.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck disable=SC2016 # the hooks' code is expanded when they run
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "runs racing for one -o, signals while set up, and cells over the process limits"
SB=$PWD/scripts/smpbench
need_cmd setsid || skip_all "no setsid(1) to give a run a session of its own"
# A background job of a script ignores SIGINT, and a shell cannot trap a
# signal ignored at its start: env --default-signal undoes that.
if env --default-signal=INT true 2>/dev/null; then
	INT="env --default-signal=INT" SIG=INT ST=130
else
	INT='' SIG=TERM ST=143
fi

NL='
'
FAKE=$TMPDIR_T/fake
fake_prog "$FAKE" ring
fake_prog "$FAKE" herd
# A herd that stops the driver (its parent) with SIGTERM, then waits to
# be stopped itself.
STOP=$TMPDIR_T/stop
fake_prog "$STOP" herd 'kill -TERM $PPID; exec sleep 30'
export SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny SMPBENCH_RESULTS="$TMPDIR_T/results"

# Hooks. mkdir: a run's claim (.../.work) waits until two runs are at it
# (at most 20 s). mv: once the completion marker is in place, a SIGTERM to
# the run's process group. uname, cat: when armed, a signal to the group.
BAR=$TMPDIR_T/barrier
ARM=$TMPDIR_T/armed
mkdir "$BAR"
wrap_util "$TMPDIR_T/h-mkdir" mkdir 'for a; do
	case $a in
	*/.work)
		: >"'"$BAR"'/$$"
		n=0
		while [ "$(ls "'"$BAR"'" | wc -l)" -lt 2 ] && [ $n -lt 400 ]; do
			sleep 0.05
			n=$((n + 1))
		done
		;;
	esac
done'
wrap_util "$TMPDIR_T/h-mv" mv '' 'for a; do :; done
case $a in */complete) kill -TERM 0 ;; esac'
for u in uname cat; do
	wrap_util "$TMPDIR_T/h-$u" $u "rm \"$ARM\" 2>/dev/null && kill -$SIG 0"
done

for s in $SHELLS; do
	use_shell $s || continue

	# Two runs into one -o directory, both past any look at it before
	# they claim it: one runs whole, the other stops and touches nothing.
	# The directory's name starts with - (a name, not an option).
	cd "$TMPDIR_T" || exit 1
	out=-$s-same
	rm -f "$BAR"/*
	for i in 1 2; do
		(
			PATH="$TMPDIR_T/h-mkdir:$PATH" $sh "$SB" run -r 1 -o "$out" \
			    herd >/dev/null 2>"$out.err$i"
			echo $? >"$out.rc$i"
		) &
	done
	wait
	is "$(cat ./"$out.rc1" ./"$out.rc2" | LC_ALL=C sort | tr '\n' ' ')" "0 1 " \
	    "$s: two runs into one -o: one exits 0, the other 1"
	like "$(cat ./"$out.err1" ./"$out.err2")" "^smpbench: -o $out: exists and is not empty\$" \
	    "$s: the other says why"
	check "$s: the run is complete" test -f ./"$out/complete"
	is "$(wc -l <./"$out/raw/herd" | tr -d ' ')" 2 "$s: with all its measurements"
	is "$(find ./"$out" -name '.*' | wc -l | tr -d ' ')" 0 "$s: no temporary file left"
	cd - >/dev/null || exit 1

	# SIGTERM just after the completion marker is written.
	out=$TMPDIR_T/$s-marker
	PATH="$TMPDIR_T/h-mv:$PATH" setsid $sh "$SB" run -r 1 -o "$out" herd \
	    >/dev/null 2>&1 &
	wait $!
	check "$s: a signal after the completion marker: complete" test -f "$out/complete"
	check "$s: and not also incomplete" test ! -e "$out/incomplete"

	# Repeats are decimal: 08 is 8, 010 is 10 (of the herd's 2 cells, so
	# 16 and 20 measurements planned), found in the incomplete marker of
	# a run the first measurement stops.
	for r in 08:16 010:20; do
		out=$TMPDIR_T/$s-r${r%:*}
		run env SMPBENCH_BIN="$STOP" $sh "$SB" run -r ${r%:*} -o "$out" herd
		is "$RC" 143 "$s: -r ${r%:*}: stopped by SIGTERM, as planned"
		is "$(sed -n 's/^repeats=//p' "$out/env")" $((${r#*:} / 2)) \
		    "$s: -r ${r%:*}: repeats=$((${r#*:} / 2))"
		is "$(cat "$out/incomplete")" \
		    "interrupted by SIGTERM during herd; 0 of ${r#*:} measurements made" \
		    "$s: -r ${r%:*}: ${r#*:} measurements planned"
	done

	# A signal while the run is set up (its env being taken): nothing is
	# left, since nothing was measured, and it says so.
	out=$TMPDIR_T/$s-early
	: >"$ARM"
	PATH="$TMPDIR_T/h-uname:$PATH" setsid $INT $sh "$SB" run -r 1 -o "$out" \
	    ring >/dev/null 2>"$out.err" &
	wait $!
	is "$?" $ST "$s: SIG$SIG while setting up exits $ST"
	check "$s: and leaves no directory" test ! -e "$out"
	is "$(tail -n 1 "$out.err")" "smpbench: interrupted by SIG$SIG; nothing was saved" \
	    "$s: and says so"
	# ... while the limits are checked (the run's first cat, of
	# pid_max): the same.
	out=$TMPDIR_T/$s-count
	: >"$ARM"
	PATH="$TMPDIR_T/h-cat:$PATH" setsid $INT $sh "$SB" run -r 1 -o "$out" \
	    ring herd >/dev/null 2>"$out.err" &
	wait $!
	is "$?" $ST "$s: SIG$SIG while checking the limits exits $ST"
	check "$s: and leaves no directory" test ! -e "$out"

	# -r '' and -o -: bad usage, nothing made.
	cd "$TMPDIR_T" || exit 1
	run $sh "$SB" run -r '' ring
	is "$RC" 2 "$s: -r '' exits 2"
	is "$ERR" "smpbench: run: -r: '' is not a number of repeats (1..100) (see smpbench -h)" \
	    "$s: -r '': says why"
	run $sh "$SB" run -o - ring
	is "$RC" 2 "$s: -o - exits 2"
	is "$ERR" "smpbench: run: -o: '-' is not a directory: a run is saved in one (see smpbench -h)" \
	    "$s: -o -: says why"
	check "$s: -o - leaves no ./-" test ! -e ./-
	# A name with a newline or an ESC, which show would refuse.
	for b in "$NL" "$(printf '\033')"; do
		run $sh "$SB" run -o "a${b}b" ring
		is "$RC" 2 "$s: -o with a control character exits 2"
		is "$ERR" "smpbench: run: -o: a directory name with a newline or another control character (see smpbench -h)" \
		    "$s: and says why"
		check "$s: and makes nothing" test ! -e "a${b}b"
	done
	cd - >/dev/null || exit 1
done

# Cells that need more processes than the kernel has pids for, or than
# the user may have: stopped before anything is made, with why. A cell
# counts its workers, the program, the guardian of its workers, the hogs
# and their guardian, and 3 for the driver, its parent and a subshell.
ROOT=$TMPDIR_T/root
mkdir -p "$ROOT/proc/sys/kernel" "$ROOT/proc/self"
echo 9 >"$ROOT/proc/sys/kernel/pid_max"
# limits N: the user may have N processes.
limits() {
	printf 'Max processes             %-20s %-20s processes\n' "$1" "$1" \
	    >"$ROOT/proc/self/limits"
}
limits 40
run env SMPBENCH_PROC="$ROOT" sh "$SB" run -o "$TMPDIR_T/pidmax" ring herd
is "$RC" 1 "a herd of 5 with pid_max 9 exits 1"
is "$ERR" "smpbench: herd -n 5 -i 2000 -l: needs 10 processes; kernel.pid_max is 9" \
    "and says why"
check "and makes nothing" test ! -e "$TMPDIR_T/pidmax"
echo 32768 >"$ROOT/proc/sys/kernel/pid_max"
limits 7
run env SMPBENCH_PROC="$ROOT" sh "$SB" run -o "$TMPDIR_T/nproc" ring
is "$RC" 1 "a ring of 3 under a limit of 7 processes exits 1"
is "$ERR" "smpbench: ring -n 3 -T 0.05 -l: needs 8 processes; 'ulimit -u' allows 7" \
    "and says why"
check "and makes nothing" test ! -e "$TMPDIR_T/nproc"
# The quick herd's 50 under 52: 50 workers, the program and the guardian
# fit, but not with the driver.
limits 52
run env SMPBENCH_PROC="$ROOT" SMPBENCH_SWEEP=quick sh "$SB" run \
    -o "$TMPDIR_T/herd50" herd
is "$RC" 1 "the quick herd under a limit of 52 processes exits 1"
is "$ERR" "smpbench: herd -n 50 -i 200000 -l: needs 55 processes; 'ulimit -u' allows 52" \
    "and counts the guardian and the driver"
check "and makes nothing" test ! -e "$TMPDIR_T/herd50"
# The bind's workers with a hog under 8: the hogs have a guardian too.
printf '#!/bin/sh\necho "smpb-bind (smpbench) 0.0"\n' >"$FAKE/smpb-bind"
chmod +x "$FAKE/smpb-bind"
limits 8
run env SMPBENCH_PROC="$ROOT" sh "$SB" run -o "$TMPDIR_T/bind8" bind
is "$RC" 1 "a bind with hogs under a limit of 8 processes exits 1"
like "$ERR" "^smpbench: bind -n 2 -H [0-9]+ .*: needs (9|[1-9][0-9]+) processes; 'ulimit -u' allows 8\$" \
    "and counts the hogs' guardian"
check "and makes nothing" test ! -e "$TMPDIR_T/bind8"

done_testing
