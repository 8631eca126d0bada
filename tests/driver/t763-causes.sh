# t763-causes: errors name their file and line and their real cause,
# under every POSIX shell we can find. plot of a run whose raw line
# holds switches_per_s=nan names the file and the line (it said
# "smpbench: :: ..."). An awk of the driver killed (SIGKILL) in show,
# compare, export and plot, smpb-stat killed in compare, and smpb-snap
# killed in show: exit 1 and one line saying which was killed and by
# which signal (after the shell's own "Killed", where it says it),
# never "cannot make a process". show, compare and
# export into /dev/full: exit 1, "No space left on device", not the
# "I/O error" a shell's own printf says whatever the cause.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=$PWD/scripts/smpbench
FIX=$PWD/tests/fixtures
T=$TMPDIR_T
NOGNU=$(path_without gnuplot)
[ -w /dev/full ] || NOFULL="/dev/full is not here"

cp -R "$FIX/stat-a" "$T/nan"
sed '3s/switches_per_s=[0-9]*/switches_per_s=nan/' "$FIX/stat-a/raw/ring" \
    >"$T/nan/raw/ring"
# An awk that kills itself when it runs the program named KILL_AWK.
# shellcheck disable=SC2016 # the wrapper's own variables
wrap_util "$T/kill" awk 'case " $* " in *"/$KILL_AWK.awk "*) kill -KILL $$ ;; esac'
# Copies of the driver, one with an smpb-stat, one with an smpb-snap,
# that kill themselves.
for p in stat snap; do
	mkdir "$T/$p"
	cp -R scripts "$T/$p/scripts"
	cp bin/smpb-snap "$T/$p/scripts/smpb-snap"
	printf '#!/bin/sh\nkill -KILL $$\n' >"$T/$p/scripts/smpb-$p"
	chmod +x "$T/$p/scripts/smpb-$p"
done
cp bin/smpb-stat "$T/snap/scripts/smpb-stat"

for s in $SHELLS; do
	use_shell $s || continue
	run env PATH="$NOGNU" $sh "$SB" plot -o "$T/p-$s" "$T/nan"
	like "$ERR" "^smpbench: $T/nan/raw/ring:3: switches_per_s='nan' is not a figure; left out" \
	    "$s: plot: a figure that is none named with its file and line"
	for c in show compare export plot; do
		case $c in
		show) a=context; set -- show "$FIX/stat-a" ;;
		compare) a=compare; set -- compare "$FIX/stat-a" "$FIX/stat-b" ;;
		export) a='export'; set -- export "$FIX/stat-a" ;;
		plot) a=plot; set -- plot -o "$T/k-$s" "$FIX/stat-a" ;;
		esac
		run env KILL_AWK=$a PATH="$T/kill:$NOGNU" $sh "$SB" "$@"
		is "$RC" 1 "$s: $c, its awk killed: exit 1"
		# (The shell may say "Killed" itself, first.)
		like "$(printf '%s\n' "$ERR" | tail -n 1)" "^smpbench: awk was killed \\(SIGKILL\\): " \
		    "$s: $c, its awk killed: said so, and by which signal"
	done
	run $sh "$T/stat/scripts/smpbench" compare "$FIX/stat-a" "$FIX/stat-b"
	is "$RC" 1 "$s: compare, smpb-stat killed: exit 1"
	like "$ERR" "smpb-stat was killed \\(SIGKILL\\): cannot compare" \
	    "$s: compare, smpb-stat killed: said so, and by which signal"
	run $sh "$T/snap/scripts/smpbench" show "$FIX/stat-a"
	is "$RC:$(printf '%s\n' "$ERR" | tail -n 1)" "1:smpbench: smpb-snap was killed (SIGKILL): $FIX/stat-a: cannot be read" \
	    "$s: show, smpb-snap killed: said so, and by which signal"
	for c in show compare export; do
		if [ -n "${NOFULL:-}" ]; then
			t_skip "$NOFULL"
			continue
		fi
		run sh -c 'exec "$@" >/dev/full' sh $sh "$SB" $c "$FIX/stat-a" "$FIX/stat-b"
		is "$RC:$ERR" "1:smpbench: cannot write to standard output (No space left on device)" \
		    "$s: $c >/dev/full: no space left, said so"
	done
done

done_testing
