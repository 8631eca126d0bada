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

# Two trees of the same names, clean/ and pad/: A (run-a, an id of its
# own) and B (run-b); pad/A's raw/ring padded.
for d in clean pad; do
	mkdir "$T/$d"
	cp -R "$FIX/run-a" "$T/$d/A"
	cp -R "$FIX/run-b" "$T/$d/B"
	{ cat "$FIX/run-a/env"; echo "run_id=t752-a"; } >"$T/$d/A/env"
done
pad_raw "$T/pad/A/raw/ring" "$MAX" 5000
lines=$(wc -l <"$FIX/run-a/raw/ring" | tr -d ' ')
is "$(awk -v n="$MAX" 'length($0) == n { k++ } END { print k + 0 }' \
    "$T/pad/A/raw/ring")" "$lines" "every line of the padded raw/ring holds $MAX bytes"

# in_tree DIR KIB CMD...: CMD... run in DIR, within KIB KiB of memory
# (ulimit -v) where KIB is not empty.
# shellcheck disable=SC2317,SC3045 # run by run and vm_floor; ulimit -v
in_tree() {
	(
		cd "$1" || exit 125
		[ -z "$2" ] || ulimit -v "$2" || exit 125
		shift 2
		exec "$@"
	)
}

mkdir "$T/bbawk"
ln -s "$(command -v busybox)" "$T/bbawk/awk"
vm_floor in_tree "$T/clean" "" env PATH="$T/bbawk:$PATH" sh "$SB" compare A B
run in_tree "$T/clean" "" env PATH="$T/bbawk:$PATH" sh "$SB" compare A B
want_rc=$RC want_out=$OUT
limit=${VM_FLOOR:+$((VM_FLOOR + 8192))}
run in_tree "$T/pad" "$limit" env PATH="$T/bbawk:$PATH" sh "$SB" compare A B
is "$RC:$OUT" "$want_rc:$want_out" \
    "busybox awk: compare of lines padded to 1 MiB as of the run unpadded${limit:+, within $limit KiB}"

done_testing
