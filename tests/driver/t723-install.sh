# t723-install: the installed driver (make install PREFIX=...) run
# through symbolic links from elsewhere (ln -s $PREFIX/bin/smpbench
# ~/bin; a relative link to that link), with neither the tree nor the
# prefix's bin in PATH, under every POSIX shell we can find: it finds its
# programs and awk files from where it really is. An installation that
# lost an awk file or a file of the driver is refused before anything is
# measured or made. validate runs from the installation, against the
# floor installed with it.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "the installed driver run through links from elsewhere"
for p in ring herd; do
	[ -x bin/smpb-$p ] || skip_all "bin/smpb-$p is not built (run make)"
done
need_cmd make || skip_all "no make to install with"

INST=$TMPDIR_T/inst
run make install PREFIX="$INST"
is "$RC" 0 "make install PREFIX=..."
UB=$TMPDIR_T/home/bin
mkdir -p "$UB" "$TMPDIR_T/other" "$TMPDIR_T/cwd"
ln -s "$INST/bin/smpbench" "$UB/smpbench"
ln -s ../home/bin/smpbench "$TMPDIR_T/other/sb"
# A PATH with the system's utilities only (and the user's bin).
SYSPATH=$(getconf PATH 2>/dev/null || echo /usr/bin:/bin)
unset SMPBENCH_BIN SMPBENCH_RESULTS SMPBENCH_PROC
export SMPBENCH_SWEEP=tiny
cd "$TMPDIR_T/cwd" || exit 1

for s in $SHELLS; do
	use_shell $s || continue
	out=$TMPDIR_T/$s
	made=${made:-$out}
	run env PATH="$UB:$SYSPATH" $sh "$UB/smpbench" run -r 1 -o "$out" ring
	is "$RC" 0 "$s: a run through a link to the installed driver exits 0"
	like "$OUT" '^ 2 : [0-9]+' "$s: and prints the ring table"
	check "$s: the run is complete" test -f "$out/complete"
	run env PATH="$UB:$SYSPATH" $sh "$TMPDIR_T/other/sb" show -r "$out"
	is "$RC" 0 "$s: show -r through a relative link to the link exits 0"
	tables=$(cat "$out/tables")
	NL='
'

	is "${OUT%%"$NL$NL"Context of *}" "$tables" \
	    "$s: and makes the same tables (before the kernel's context)"
done

# Run by name from PATH, as a user would: the first run made above.
made=${made:-$TMPDIR_T/dash}
run env PATH="$UB:$SYSPATH" smpbench show "$made"
is "$RC" 0 "smpbench show, found in PATH, exits 0"

# An installation without one of its awk files: refused before anything.
cp -R "$INST" "$TMPDIR_T/broken"
rm "$TMPDIR_T/broken/libexec/smpbench/workloads/herd.awk"
ln -s "$TMPDIR_T/broken/bin/smpbench" "$TMPDIR_T/other/broken"
run env PATH="$SYSPATH" sh "$TMPDIR_T/other/broken" run -r 1 -o "$TMPDIR_T/b" ring herd
is "$RC" 1 "a lost workloads/herd.awk: exit 1"
is "$ERR" "smpbench: cannot find $TMPDIR_T/broken/bin/../libexec/smpbench/workloads/herd.awk (is smpbench installed whole?)" \
    "and says which file"
check "before anything is made" test ! -e "$TMPDIR_T/b"
is "$OUT" "" "or printed"
# Or one of the driver's sh files: refused before anything too.
cp -R "$INST" "$TMPDIR_T/broken-sh"
rm "$TMPDIR_T/broken-sh/libexec/smpbench/lib/runs.sh"
run env PATH="$SYSPATH" sh "$TMPDIR_T/broken-sh/bin/smpbench" show "$made"
is "$RC" 1 "a lost lib/runs.sh: exit 1"
is "$ERR" "smpbench: cannot find $TMPDIR_T/broken-sh/bin/../libexec/smpbench/lib/runs.sh (is smpbench installed whole?)" \
    "and says which file"
is "$OUT" "" "and prints nothing else"

# validate from the installation, run from another directory: the floor
# is installed beside the driver's files, and found there.
check "make install installs the floor" test -x "$INST/libexec/smpbench/floor"
run sh -c 'cd / && exec env PATH="$1" SMPBENCH_SWEEP=tiny sh "$2" validate' \
    sh "$SYSPATH" "$INST/bin/smpbench"
is "$RC" 0 "validate from the installation, run from /: exit 0"
like "$OUT" '^  vs bare pipe round trip +[0-9]+\.[0-9]{4} +[0-9]+\.[0-9]{4} ' \
    "and measures against the installed floor"
rm "$TMPDIR_T/broken/libexec/smpbench/floor"
run env PATH="$SYSPATH" sh "$TMPDIR_T/other/broken" validate
is "$RC" 1 "an installation that lost its floor: validate exits 1"
is "$ERR" "smpbench: validate: cannot find $TMPDIR_T/broken/bin/../libexec/smpbench/floor (is smpbench installed whole?)" \
    "and says which file"

done_testing
