# t761-thousands: 2000 one-line runs (tests/made-runs.sh's
# one_line_runs), past the 500 at which handing them over in the
# environment made every exec fail (E2BIG): compare, export and show
# of their directory exit 0 and read every run, and leave nothing in
# TMPDIR; show and plot (no gnuplot) of 36 runs read from a TMPDIR whose
# path is 3800 bytes long, past the same limit, likewise. One shell: the
# runs cost a process or two each, whatever the shell. make test's check
# is t760 (compare and export of those 36 runs).
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
# shellcheck source=tests/made-runs.sh
. tests/made-runs.sh
long_battery "2000 saved runs read at once"
SB=$PWD/scripts/smpbench
T=$TMPDIR_T
first_shell

NOGNU=$(path_without gnuplot)
# 36 runs under a TMPDIR of a long path: show and plot.
one_line_runs "$T/r36" 36
long_tmpdir "$T/long"
run env TMPDIR="$LONG" $sh "$SB" show "$T/r36"
is "$RC" 0 "show DIR of 36 runs, a long TMPDIR: exit 0"
is "$(printf '%s\n' "$OUT" | grep -c '^Context of ')" 36 "show DIR: every run shown"
is "$(ls -A "$LONG")" "" "show: nothing left in TMPDIR"
mkdir "$T/p"
run env TMPDIR="$LONG" PATH="$NOGNU" $sh "$SB" plot -o "$T/p/o" "$T/r36"
is "$RC" 0 "plot DIR of 36 runs, a long TMPDIR: exit 0"
is "$(cat "$T/p/o"/*.dat | grep -c '^# [0-9]*: ')" 36 "plot DIR: a series a run"
is "$(ls -A "$LONG")" "" "plot: nothing left in TMPDIR"

R=$T/runs
one_line_runs "$R" 2000
mkdir "$T/tmp"

run env TMPDIR="$T/tmp" $sh "$SB" compare "$R"
is "$RC" 0 "compare of 2000 runs: exit 0"
like "$OUT" "L1: kernel 6.1.0-a, 1000 runs" "compare: every run read, 1000 a column"
is "$(ls -A "$T/tmp")" "" "compare: nothing left in TMPDIR"

run env TMPDIR="$T/tmp" $sh "$SB" export "$R"
is "$RC" 0 "export of 2000 runs: exit 0"
is "$(printf '%s\n' "$OUT" | grep -c ',ring,1,free,.*,yes.$')" 2000 "export: a row a run"
is "$(ls -A "$T/tmp")" "" "export: nothing left in TMPDIR"

run env TMPDIR="$T/tmp" $sh "$SB" show "$R"
is "$RC" 0 "show of 2000 runs: exit 0"
is "$(printf '%s\n' "$OUT" | grep -c '^Context of ')" 2000 "show: every run shown"
is "$(ls -A "$T/tmp")" "" "show: nothing left in TMPDIR"

done_testing
