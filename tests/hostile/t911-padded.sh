# t911-padded: crafted runs whose raw lines are padded with words that
# are not figures, three runs a side (issue 39: compare of such runs
# held 26 bytes of memory a byte of a padded line, 1.6 GB for a line of
# 63 MB, and took minutes). Memory is in proportion to the figures a
# run holds, and a line is bounded as a file is (1 MiB, RUN_MAX_LINE in
# lib/checks.sh; a line longer is refused in one line naming the file, the
# line and its bytes, before awk reads it):
# - a line of 63 MB of junk words in each run of a side, the file under
#   its bound of 64 MiB: compare, export, show -r and plot refuse the
#   run, exit 1, in that one line, within the memory the unpadded runs
#   take and 8 MiB (ulimit -v: the test fails where memory grows with
#   the line; it asserts no time);
# - every line of every raw file of each run of a side padded to 1 MiB,
#   the bound (5000 words with an = but no key, then junk words; pipe's
#   file 36 MiB, a run's raw files 75 MiB): compare, export, show -r
#   and plot (its data) print what they print of the runs unpadded,
#   byte for byte, within that memory too.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "runs padded to 63 MB in a line, and to 1 MiB a line, read and refused"
FIX=$PWD/tests/fixtures
SB=$PWD/scripts/smpbench
T=$TMPDIR_T
MAX=1048576
BIG=66060288
NOGNU=$(path_without gnuplot)

first_shell

# Trees of the same names, so that what the driver prints of a run's
# directory is the same in each: clean/, line/ (a line of 63 MB in each
# A's raw/ring) and pad/ (each A's every raw line padded to 1 MiB). A1,
# A2, A3 are run-a, labelled A, B1, B2, B3 run-b, labelled B, each an
# id of its own.
RUNS="A1 A2 A3 B1 B2 B3"
for d in clean line pad; do
	mkdir "$T/$d"
	for r in $RUNS; do
		case $r in
		A*) src=$FIX/run-a ;;
		*) src=$FIX/run-b ;;
		esac
		cp -R "$src" "$T/$d/$r"
		{ sed "s/^label=.*/label=${r%?}/" "$src/env"; echo "run_id=t911-$r"; } \
		    >"$T/$d/$r/env"
	done
done
for r in A1 A2 A3; do
	pad_raw "$T/line/$r/raw/ring" "$BIG" 0 2
	for w in $WORKLOADS; do
		[ -f "$T/pad/$r/raw/$w" ] && pad_raw "$T/pad/$r/raw/$w" "$MAX" 5000
	done
done
is "$(wc -c <"$T/line/A1/raw/ring" | tr -d ' ')" \
    $(($(wc -c <"$FIX/run-a/raw/ring") - $(sed -n 2p "$FIX/run-a/raw/ring" | wc -c) + BIG + 1)) \
    "a line of $BIG bytes in A's raw/ring"
is "$(cat "$T/pad/A1/raw/"* | awk -v n="$MAX" 'length($0) != n { k++ } END { print k + 0 }')" 0 \
    "every raw line of A padded to $MAX bytes"

# in_tree DIR KIB CMD...: CMD... run in DIR, within KIB KiB of memory
# (ulimit -v) where KIB is not empty, with no gnuplot (plot writes its
# data and scripts and says how to draw them), into DIR/plots, made
# anew.
# shellcheck disable=SC2317,SC3045 # run by run and vm_floor; ulimit -v
in_tree() {
	(
		cd "$1" || exit 125
		rm -rf plots
		[ -z "$2" ] || ulimit -v "$2" || exit 125
		shift 2
		PATH=$NOGNU exec "$@"
	)
}

for c in compare export "show -r" "plot -o plots"; do
	clean_bound "$s: $c of the clean runs" "$T/clean" $sh "$SB" $c $RUNS
	want_dat=$(cat "$T/clean/plots/"*.dat 2>/dev/null)

	run in_tree "$T/line" "$limit" $sh "$SB" $c $RUNS
	is "$RC" 1 "$s: $c of a line of $BIG bytes: exit 1${limit:+, within $limit KiB}"
	is "$ERR" "smpbench: A1/raw/ring:2: a line of $BIG bytes, more than any run makes (at most $MAX): refused" \
	    "$s: $c: in one line, naming the file, the line and its bytes"
	is "$OUT" "" "$s: $c: and prints nothing else"

	run in_tree "$T/pad" "$limit" $sh "$SB" $c $RUNS
	is "$RC" "$want_rc" "$s: $c of every line padded to $MAX bytes: exit $want_rc${limit:+, within $limit KiB}"
	is "$OUT" "$want_out" "$s: $c: what it prints of the runs unpadded"
	is "$ERR" "$want_err" "$s: $c: and nothing more on stderr"
	case $c in
	plot*)
		is "$(cat "$T/pad/plots/"*.dat)" "$want_dat" \
		    "$s: $c: the data of the runs unpadded"
		;;
	esac
done

done_testing
