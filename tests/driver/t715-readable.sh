# t715-readable: compare's tables read without the sender's help, on
# copies of the fixture stat-a renamed or changed to order: column
# headings never cut (two releases that share their first 15
# characters stay apart, shortened by what they share, said once; long
# labels too; names too long even so are lettered, and named in full);
# under every POSIX shell we can find, every line within 72 columns.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib.sh
. tests/lib.sh
FIX=tests/fixtures
SB=scripts/smpbench
T=$TMPDIR_T

# renamed NAME KERNEL LABEL [MINUTE]: a copy of stat-a as $T/NAME, of
# KERNEL, labelled LABEL, dated the MINUTE (default 0) of 2026-03-01 10h.
renamed() {
	cp -R $FIX/stat-a "$T/$1"
	sed "s/^kernel=.*/kernel=$2/; s/^label=.*/label=$3/
	    s/^date=.*/date=2026-03-01T10:$(printf %02d "${4:-0}"):00Z/" \
	    $FIX/stat-a/env >"$T/$1/env"
}

# joined TEXT: TEXT on one line, blanks squeezed (for wrapped notes).
joined() {
	printf '%s\n' "$1" | tr -s ' \n' '  '
}

renamed r123 6.18.0-rc3-00123-gabcdef012345 "" 1
renamed r124 6.18.0-rc3-00124-g987654321fed "" 2
renamed base 6.18.0 sched-test-baseline 3
renamed fix 6.18.0 sched-test-eevdf-lag-fix-v2 4
renamed short1 6.18.0 before 5
renamed short2 6.18.0 after 6
renamed long1 6.18.0 a-label-of-thirty-characters-and-more-1 7
renamed long2 6.18.0 another-label-of-thirty-characters-and-more 8

for s in $SHELLS; do
	use_shell $s || continue

	# Issue 26's releases: cut to 16, both were 6.18.0-rc3-0012~.
	run $sh $SB compare "$T/r123" "$T/r124"
	is "$RC" 0 "$s: two releases sharing 15 characters: exit 0"
	like "$OUT" '^ +N : 00123-gabcdef012345 +00124-g987654321fed$' \
	    "$s: each headed by what is its own, whole"
	like "$OUT" '^Columns: their names after 6\.18\.0-rc3-, which they share\.$' \
	    "$s: what they share said once above the table"
	is "$(printf '%s\n' "$OUT" | grep -c '~')" 0 "$s: no name cut"
	like "$(joined "$OUT")" '00123-gabcdef012345: kernel 6\.18\.0-rc3-00123-gabcdef012345, ' \
	    "$s: the full release in the legend"
	like "$(joined "$OUT")" '00124-g987654321fed: kernel 6\.18\.0-rc3-00124-g987654321fed, ' \
	    "$s: both"
	run $sh $SB compare -p "$T/r123" "$T/r124"
	like "$OUT" ' column=6\.18\.0-rc3-00124-g987654321fed ' "$s: -p: the whole name"

	run $sh $SB compare "$T/base" "$T/fix"
	like "$OUT" '^ +N : +baseline +eevdf-lag-fix-v2$' \
	    "$s: labels that share their start keep their ends"
	like "$(joined "$OUT")" 'eevdf-lag-fix-v2: label sched-test-eevdf-lag-fix-v2, kernel 6\.18\.0, ' \
	    "$s: the full label in the legend"

	run $sh $SB compare "$T/short1" "$T/short2"
	like "$OUT" '^ +N : +before +after$' "$s: short names as they are"
	is "$(printf '%s\n' "$OUT" | grep -c '^Columns:')" 0 "$s: and nothing said of them"

	run $sh $SB compare "$T/long1" "$T/long2"
	like "$OUT" '^ +N : +A +B$' "$s: names too long even so: lettered"
	like "$(joined "$OUT")" 'ring: switches / second, higher is better Columns: A a-label-of-thirty-characters-and-more-1; B another-label-of-thirty-characters-and-more\. ' \
	    "$s: and named in full above the table"
done

for set in "$T/r123 $T/r124" "$T/base $T/fix $T/short1" "$T/long1 $T/long2 $T/r123"; do
	sh $SB compare $set >"$T/narrow" 2>/dev/null
	check "compare of $(printf '%s\n' "$set" | wc -w | tr -d ' ') renamed runs: ASCII, at most 72 columns" \
	    narrow "$T/narrow"
done

done_testing
