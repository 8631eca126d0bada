# t751-bench: make bench in a copy of the tree that has never been
# built, as a new user's clone: it builds what the run needs and what
# every later command does, so that after it, with nothing built by
# hand, a second run, compare, show, export and plot all work. The
# runs are tiny (SMPBENCH_SWEEP=tiny), the run's results under the
# copy's results/.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "make bench in an unbuilt copy of the tree"
need_cmd make || skip_all "make is not installed"

C=$TMPDIR_T/clone
mkdir "$C"
# The files a clone holds that make bench and the driver read.
cp -R Makefile src scripts results "$C"/ || exit 1
mkdir "$C/tests" && cp -R tests/bench "$C/tests/" || exit 1
rm -rf "${C:?}/results"/[0-9]* "${C:?}/bin"
(cd "$C" && make -s clean) >/dev/null 2>&1
check "the copy has nothing built" test ! -e "$C/bin/smpb-stat"

(cd "$C" && SMPBENCH_SWEEP=tiny make -s bench LABEL=first) \
    >"$TMPDIR_T/bench.out" 2>"$TMPDIR_T/bench.err"
is "$?" 0 "make bench in the unbuilt copy: exit 0"
like "$(cat "$TMPDIR_T/bench.err")" '^smpbench: tiny run: [0-9]+ measurements ' \
    "it ran the suite"
for p in smpb-stat smpb-snap smpb-hog smpb-pipe; do
	check "it built $p" test -x "$C/bin/$p"
done
first=$(ls -d "$C"/results/[0-9]*)
is "$(printf '%s\n' "$first" | wc -l | tr -d ' ')" 1 "and saved one run"
check "labelled as LABEL says" grep -qx 'label=first' "$first/env"

# The commands a user runs next, in the copy, with nothing else built.
cd "$C" || exit 1
run env SMPBENCH_SWEEP=tiny sh scripts/smpbench run -S 0 -l second \
    -o "$TMPDIR_T/second" ring
is "$RC" 0 "a second run: exit 0"
run sh scripts/smpbench compare "$first" "$TMPDIR_T/second"
is "$RC" 0 "compare of the two: exit 0"
like "$OUT" '^ring: switches / second, higher is better$' "with the ring's table"
like "$OUT" '^second against first' "and its headline, a column a label"
run sh scripts/smpbench show "$first"
is "$RC" 0 "show: exit 0"
run sh scripts/smpbench show -r "$first"
is "$RC" 0 "show -r: exit 0"
run sh scripts/smpbench export "$first"
is "$RC" 0 "export: exit 0"
run env PATH="$(path_without gnuplot)" sh scripts/smpbench plot \
    -o "$TMPDIR_T/plots" "$first"
is "$RC" 0 "plot: exit 0"
cd - >/dev/null || exit 1

done_testing
