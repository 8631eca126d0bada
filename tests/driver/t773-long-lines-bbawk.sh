# t773-long-lines-bbawk: t752's busybox awk check, whole (make
# test-all): every line of a run's raw/ring padded to 1 MiB, the bound,
# with words that are not figures; compare of it under busybox's awk (a
# gsub() over such a line took it seconds) prints what it prints of the
# run unpadded, within the memory of the unpadded run's and 8 MiB
# (ulimit -v). make test keeps t752's, of two lines padded so.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "compare of a run of lines padded to 1 MiB under busybox awk"
FIX=$PWD/tests/fixtures
SB=$PWD/scripts/smpbench
T=$TMPDIR_T
MAX=1048576
if ! { need_cmd busybox && busybox awk 'BEGIN { exit 0 }' 2>/dev/null; }; then
	skip_all "busybox awk is not installed"
fi

# Two trees of the same names, clean/ and pad/ (tests/lib.sh's
# padded_trees): A (run-a) and B (run-b); pad/A's raw/ring padded.
padded_trees "$MAX"
lines=$(wc -l <"$FIX/run-a/raw/ring" | tr -d ' ')
is "$(awk -v n="$MAX" 'length($0) == n { k++ } END { print k + 0 }' \
    "$T/pad/A/raw/ring")" "$lines" "every line of the padded raw/ring holds $MAX bytes"

mkdir "$T/bbawk"
ln -s "$(command -v busybox)" "$T/bbawk/awk"
floor_of "$T/clean" env PATH="$T/bbawk:$PATH" sh "$SB" compare A B
run in_tree "$T/pad" "$limit" env PATH="$T/bbawk:$PATH" sh "$SB" compare A B
is "$RC:$OUT" "$want_rc:$want_out" \
    "busybox awk: compare of lines padded to 1 MiB as of the run unpadded${limit:+, within $limit KiB}"

done_testing
