# t752-long-lines: a line of a saved run costs what its figures do, and
# is bounded as a file is (lib/checks.sh's RUN_MAX_LINE, 1 MiB; lib.awk's
# parse()), under every POSIX shell we can find. Every line of a run's
# raw/ring padded to 1 MiB, the bound, with words that are not figures
# (words with an = but no key, junk words): show -r, compare and export
# print what they print of the run unpadded, byte for byte, within the
# memory of the unpadded run's and 8 MiB (ulimit -v; awk held 26 bytes a
# byte of such a line, 27 MB for one of 1 MiB, when it split it into
# words). A line a byte over the bound: show -r, compare, export and
# plot refuse the run, exit 1, in one line naming the file, the line and
# its bytes, and print nothing. A line of more keys than a run makes
# (10000), or an argv longer than any (64 KiB): no measurement, said
# with its file and line, the rest of the run read. Compare of a run
# of two lines padded so under busybox's awk too (every line padded,
# t773, make test-all). The issue's own case, 63 MB in one
# line and three runs a side, is t911's (make test-all).
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
FIX=$PWD/tests/fixtures
SB=$PWD/scripts/smpbench
T=$TMPDIR_T
MAX=1048576

# Two trees of the same names, clean/ and pad/ (tests/lib.sh's
# padded_trees): A (run-a) and B (run-b); pad/A's raw/ring padded.
padded_trees "$MAX"
lines=$(wc -l <"$FIX/run-a/raw/ring" | tr -d ' ')
is "$(awk -v n="$MAX" 'length($0) == n { k++ } END { print k + 0 }' \
    "$T/pad/A/raw/ring")" "$lines" "every line of the padded raw/ring holds $MAX bytes"

# A byte over the bound, in the second line; a line of more keys than
# a run makes; an argv longer than any.
cp -R "$T/clean/A" "$T/over"
pad_raw "$T/over/raw/ring" $((MAX + 1)) 0 2
cp -R "$T/clean/A" "$T/keys"
awk 'NR == 3 { for (i = 1; i <= 10000; i++) $0 = $0 " k" i "=1" } { print }' \
    "$T/clean/A/raw/ring" >"$T/keys/raw/ring"
cp -R "$T/clean/A" "$T/argv"
awk 'BEGIN { for (a = ",-x"; length(a) < 65536; a = a a) ; }
    NR == 2 { sub(/ argv=[^ ]*/, "&" a) } { print }' \
    "$T/clean/A/raw/ring" >"$T/argv/raw/ring"

for s in $SHELLS; do
	use_shell $s || continue

	# The padded run is read as the clean one, in the clean one's memory.
	for c in "show -r A" "compare A B" "export A"; do
		clean_bound "$s: $c of the clean run" "$T/clean" $sh "$SB" $c
		run in_tree "$T/pad" "$limit" $sh "$SB" $c
		is "$RC" "$want_rc" "$s: $c of lines padded to 1 MiB: exit $want_rc${limit:+, within $limit KiB}"
		is "$OUT" "$want_out" "$s: $c: what it prints of the run unpadded"
		is "$ERR" "$want_err" "$s: $c: and nothing more on stderr"
	done

	# A byte over the bound, in the second line: refused, unread.
	for c in "show -r" compare export plot; do
		run $sh "$SB" $c "$T/over" "$T/clean/B"
		is "$RC" 1 "$s: $c of a raw line of $((MAX + 1)) bytes exits 1"
		is "$ERR" "smpbench: $T/over/raw/ring:2: a line of $((MAX + 1)) bytes, more than any run makes (at most $MAX): refused" \
		    "$s: $c: and names the file, the line and its bytes"
		is "$OUT" "" "$s: $c: and prints nothing else"
	done

	# More keys than a run makes, and a longer argv than any: no
	# measurement, said where; the other lines read.
	run $sh "$SB" show -r "$T/keys"
	is "$RC" 1 "$s: show -r of a line of 10000 keys and its own: exit 1, a saved value bad"
	like "$ERR" "^smpbench: $T/keys/raw/ring:3: not a measurement: more than 10000 keys: 'place=" \
	    "$s: the line said, with its file and line"
	like "$OUT" '^ring: ' "$s: and the ring's table made of the others"
	run $sh "$SB" export "$T/keys"
	is "$RC" 1 "$s: export of it: exit 1, a line refused"
	is "$ERR" "smpbench: $T/keys/raw/ring:3: refused: more than 10000 keys" \
	    "$s: export: the line said once, refused"
	is "$(printf '%s\n' "$OUT" | grep -c ',ring,')" $((lines - 1)) \
	    "$s: export: the other lines exported"
	run $sh "$SB" show -r "$T/argv"
	is "$RC" 1 "$s: show -r of an argv longer than any: exit 1"
	like "$ERR" "^smpbench: $T/argv/raw/ring:2: not a measurement: argv= of [0-9]* bytes: 'place=" \
	    "$s: the line said, with its file and line"
done

# Under busybox's awk too (a gsub() over such a line took it seconds):
# compare of a run whose first two lines are padded to 1 MiB as of the
# clean one, in its memory. (Every line padded so, t773: make test-all.)
if need_cmd busybox && busybox awk 'BEGIN { exit 0 }' 2>/dev/null; then
	mkdir "$T/bbawk" "$T/two"
	ln -s "$(command -v busybox)" "$T/bbawk/awk"
	cp -R "$T/clean/A" "$T/clean/B" "$T/two/"
	pad_raw "$T/two/A/raw/ring" "$MAX" 5000 1 2
	floor_of "$T/clean" env PATH="$T/bbawk:$PATH" sh "$SB" compare A B
	run in_tree "$T/two" "$limit" env PATH="$T/bbawk:$PATH" sh "$SB" compare A B
	is "$RC:$OUT" "$want_rc:$want_out" \
	    "busybox awk: compare of two lines padded to 1 MiB as of the run unpadded${limit:+, within $limit KiB}"
else
	t_skip "busybox awk is not installed"
fi

done_testing
