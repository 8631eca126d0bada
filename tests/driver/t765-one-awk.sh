# t765-one-awk: compare of runs of all five workloads, their columns
# named at compare time (NAME=DIR), where no row is marked, starts one
# smpb-stat, which judges every table (a second judges the why tables of
# rows marked), and at most three awk in all (the checks every command
# that reads runs makes included); its private directory holds only
# the hooks of the workloads compared (hooks.awk, made by a sed,
# hooks.sed, from their files, each after a line naming its workload,
# hooks.W), the files of smpb-stat's answers (one a round of judging)
# and its awk's stderr as the awk starts.
# SIGTERM to the driver while its awk works ends the awk too
# (smpbench_exit): nothing outlives it.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
FIX=$PWD/tests/fixtures
T=$TMPDIR_T
# An awk that notes what it runs, a line a start, and the files of the
# directory its -v tmp names; with T_HOLD, compare's awk notes its pid
# there and sleeps instead.
# shellcheck disable=SC2016 # the wrapper's own variables
wrap_util "$T/w" awk 'case "$*" in
*/awk/compare.awk*)
	[ -z "${T_HOLD:-}" ] || { echo $$ >"$T_HOLD"; exec sleep 1000; } ;;
esac
for a in "$@"; do
	case $a in
	tmp=*) ls "${a#tmp=}" >>"$T_FILES" ;;
	esac
done
printf "%s\n" "$*" | tr "\n" " " >>"$T_AWK"
echo >>"$T_AWK"'
# A copy of the driver whose smpb-stat (beside it, where an installed
# one is) notes each start.
cp -R scripts "$T/d"
cp bin/smpb-snap "$T/d/smpb-snap"
# shellcheck disable=SC2016 # the wrapper's own variables
printf '#!/bin/sh\necho stat >>"$T_STAT"\nexec "%s" "$@"\n' \
    "$PWD/bin/smpb-stat" >"$T/d/smpb-stat"
chmod +x "$T/d/smpb-stat"

for s in $SHELLS; do
	use_shell $s || continue
	: >"$T/awk" && : >"$T/stat" && : >"$T/files"
	run env T_AWK="$T/awk" T_STAT="$T/stat" T_FILES="$T/files" \
	    PATH="$T/w:$PATH" $sh "$T/d/smpbench" compare "old=$FIX/run-big" \
	    "new=$FIX/run-big2"
	is "$RC" 0 "$s: compare of five workloads, named: exit 0"
	like "$OUT" '^yield: ' "$s: its last workload's table is there"
	is "$(grep -c . "$T/stat")" 1 "$s: one smpb-stat judged every table, no row marked"
	n=$(grep -c . "$T/awk")
	check "$s: at most three awk in all ($n)" [ "$n" -le 3 ]
	is "$(grep -c '/awk/compare\.awk ' "$T/awk")" 1 \
	    "$s: one awk made every table"
	is "$(LC_ALL=C sort -u "$T/files" | tr '\n' ' ')" \
	    "answers1 answers2 hooks.awk hooks.bind hooks.herd hooks.pipe hooks.ring hooks.sed hooks.yield stderr " \
	    "$s: compare's directory holds its hooks (with the sed that named them, and a line a workload), its two rounds' answers and its awk's stderr alone"
	like "$OUT" '^  new: kernel 6\.1\.0-big, ' "$s: the columns named so"
done

# SIGTERM to the driver while compare's awk works (here, sleeps).
T_HOLD=$T/hold PATH="$T/w:$PATH" sh "$T/d/smpbench" compare \
    "$FIX/run-big" "$FIX/run-big2" >/dev/null 2>&1 &
pid=$!
if check "compare's awk at work" within 30 test -s "$T/hold"; then
	kill -TERM "$pid"
	wait "$pid"
	is "$?" 143 "SIGTERM while compare's awk works: exit 143"
	held=$(cat "$T/hold")
	check "and its awk does not outlive the driver" within 10 \
	    none_alive "$held"
	kill "$held" 2>/dev/null
fi

done_testing
