# t760-many-runs: the runs a command reads are handed over in a file of
# the snapshot's, never in the environment or a command line that grows
# with their count. 36 one-line runs (tests/made-runs.sh's
# one_line_runs) read from a TMPDIR whose path is 3800 bytes long, so
# that the list of their copies is past the 128 KiB an exec takes of one
# variable (which made every exec fail, E2BIG, past about 500 runs of a
# short TMPDIR): compare, given the directory of the runs, and export,
# given the runs one by one, exit 0 and count every run; a directory
# with no run in it is refused as before. Nothing is left in TMPDIR
# after any of them, nor after a command refused partway (a run of
# binary data among them), nor after one stopped by SIGTERM while it
# reads them. show and plot of the same runs, and thousands of runs, are
# t761's (make test-all): the four commands hand their runs over alike
# (lib/runs.sh's run_dirs).
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
# shellcheck source=tests/made-runs.sh
. tests/made-runs.sh
SB=$PWD/scripts/smpbench
T=$TMPDIR_T
first_shell

R=$T/runs
one_line_runs "$R" 36
long_tmpdir "$T/tmp"
is "$(printf '%s' "$LONG" | wc -c | awk '{ print ($1 > 3800) }')" 1 \
    "TMPDIR's path is over 3800 bytes: 36 copies' paths are over 128 KiB"

# left WHAT: TMPDIR holds nothing after WHAT.
left() {
	is "$(ls -A "$LONG")" "" "$1: nothing left in TMPDIR"
}

run env TMPDIR="$LONG" $sh "$SB" compare "$R"
is "$RC" 0 "compare DIR of 36 runs: exit 0"
like "$OUT" "L1: kernel 6.1.0-a, 18 runs" "compare DIR: every run read, 18 a column"
is "$ERR" "" "compare DIR: nothing on stderr"
left "compare"

set --
k=1
while [ "$k" -le 36 ]; do
	set -- "$@" "$R/$k"
	k=$((k + 1))
done
run env TMPDIR="$LONG" $sh "$SB" export "$@"
is "$RC" 0 "export of 36 runs named: exit 0"
is "$(printf '%s\n' "$OUT" | grep -c ',ring,1,free,')" 36 "export: a row a run"
left "export"

# A directory with no run in it: as before.
mkdir "$T/none"
run env TMPDIR="$LONG" $sh "$SB" compare "$T/none" "$R/1"
is "$RC:$ERR" "1:smpbench: $T/none: not a saved run (no env file)" \
    "a directory with no run: not a saved run"
left "a directory with no run"

# Refused partway: the 30th run holds a NUL.
cp -R "$R" "$T/bad"
printf 'place=free rep=1 x=\000\n' >>"$T/bad/30/raw/ring"
run env TMPDIR="$LONG" $sh "$SB" compare "$T/bad"
is "$RC" 1 "a run refused among 36: exit 1"
like "$ERR" "^smpbench: $T/bad/30/raw/ring: not a text file" "a run refused: said"
left "a run refused partway"

# SIGTERM while compare reads the runs: once its copies are there.
env TMPDIR="$LONG" $sh "$SB" compare "$R" >/dev/null 2>&1 &
pid=$!
# shellcheck disable=SC2317 # run by within
copies() {
	[ -n "$(find "$LONG" -name 'env' -path '*/smpbench-read.*' 2>/dev/null | head -n 1)" ]
}
if within 60 copies; then
	kill -TERM "$pid"
	wait "$pid"
	is "$?" 143 "compare stopped by SIGTERM while it reads: exit 143"
	left "compare stopped by SIGTERM"
else
	wait "$pid"
	t_skip "compare ended before its copies were seen"
	t_skip "compare ended before its copies were seen"
fi

done_testing
