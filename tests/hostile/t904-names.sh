# t904-names: historical/NAME names one of the seeds' runs, never a path
# out of their directory (historical/../../x is refused).
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
FIX=$PWD/tests/fixtures
SB=$PWD/scripts/smpbench
T=$TMPDIR_T

# historical/NAME names one of the seeds' runs, not a path out of their
# directory.
mkdir -p "$T/cwd"
cp -R "$FIX/run-a" "$T/x"
(cd "$T/cwd" && run sh "$SB" show "historical/../../../../../../../../../..$T/x" &&
    printf '%s\n%s\n' "$RC" "$ERR" >"$T/hist")
like "$(sed -n 2p "$T/hist")" '^smpbench: historical/\.\./.*: not one of the historical runs \(a name in .*\)$' \
    "historical/../..: refused, with why"
is "$(sed -n 1p "$T/hist")" 1 "exit 1"

done_testing
