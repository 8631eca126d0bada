# t730-plot: smpbench plot. Without gnuplot (under every POSIX shell we
# can find): the data and gnuplot scripts, their figures the medians of
# the raw lines, and the one command that draws them; exit 0. With
# gnuplot: a real PNG per plot, its signature and size checked, and the
# command printed without it draws a split plot's pictures. The plots go into a new directory, made
# by plot (plots here by default, then plots-2...), never into a run nor
# into a directory that exists, nor on a way another could change (a
# directory its group can write, another user's link: as root,
# nobody's), with -o or in the current directory. Legends of at most 8
# entries, a plot of more drawn in pictures by placement; cells whose
# repeats fall into two clusters drawn without a median. Bad input and
# a failing gnuplot.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
FIX=tests/fixtures
SB=scripts/smpbench
PLOTS="ring ring-latency herd herd-latency yield pipe"

# png_size FILE: "WIDTH HEIGHT" from a PNG's header; nothing unless FILE
# starts with the PNG signature and an IHDR chunk.
png_size() {
	od -An -tu1 -N24 "$1" | awk '{ for (i = 1; i <= NF; i++) b[++n] = $i }
	END {
		if (b[1] != 137 || b[2] != 80 || b[3] != 78 || b[4] != 71 ||
		    b[5] != 13 || b[6] != 10 || b[7] != 26 || b[8] != 10)
			exit
		if (b[13] != 73 || b[14] != 72 || b[15] != 68 || b[16] != 82)
			exit
		print ((b[17] * 256 + b[18]) * 256 + b[19]) * 256 + b[20],
		    ((b[21] * 256 + b[22]) * 256 + b[23]) * 256 + b[24]
	}'
}

# med KEY PATTERN FILE [RANGE]: the median (the middle one, or the mean
# of the two middle ones) of KEY in FILE's lines matching the extended
# PATTERN; with RANGE, the least and the greatest after it.
med() {
	awk -v k="$1=" -v pat="$2" -v range="${4:-}" '$0 ~ pat {
		for (i = 1; i <= NF; i++)
			if (index($i, k) == 1) {
				t = substr($i, length(k) + 1)
				x = t + 0
				for (j = ++n; j > 1 && v[j - 1] > x; j--) {
					v[j] = v[j - 1]
					w[j] = w[j - 1]
				}
				v[j] = x
				w[j] = t
			}
	} END {
		if (n % 2) printf "%.10g", v[(n + 1) / 2]
		else printf "%.10g", (v[n / 2] + v[n / 2 + 1]) / 2
		if (range != "") printf " %s %s", w[1], w[n]
		print ""
	}' "$3"
}

# block FILE K [FIRST|LAST [N]]: the data lines of block K (from 0) of a
# gnuplot data file; its first or last alone; their first N fields.
block() {
	awk -v k="$2" -v which="${3:-}" -v nf="${4:-0}" '
	/^# [0-9]+: / { b = $2 + 0 }
	/^[0-9]/ && b == k {
		if (nf) { s = $1; for (i = 2; i <= nf; i++) s = s " " $i; $0 = s }
		if (which == "LAST") { last = $0; next }
		print
		if (which == "FIRST") exit
	}
	END { if (which == "LAST") print last }' "$1"
}

# heads FILE: the headings of a gnuplot data file's blocks, in HEADS,
# and how many, in NHEADS.
heads() {
	HEADS=$(awk 'sub(/^# [0-9]+: /, "")' "$1")
	NHEADS=0
	h_rest=$HEADS
	while [ -n "$h_rest" ]; do
		NHEADS=$((NHEADS + 1))
		case $h_rest in
		*"$T_NL"*) h_rest=${h_rest#*"$T_NL"} ;;
		*) h_rest= ;;
		esac
	done
}

NOGNU=$(path_without gnuplot)
for s in $SHELLS; do
	use_shell $s || continue
	d=$TMPDIR_T/$s-data
	run env PATH="$NOGNU" $sh $SB plot -o "$d" $FIX/run-a $FIX/run-l
	is "$RC" 0 "$s: without gnuplot, plot exits 0"
	is "$OUT" "cd '$d' && gnuplot ring.gp ring-latency.gp herd.gp herd-latency.gp yield.gp pipe.gp" \
	    "$s: and prints the one command that draws the plots"
	is "$ERR" "smpbench: gnuplot is not installed: the data and gnuplot scripts are in $d; the command above draws them" \
	    "$s: and says why on stderr"
	n=0
	for p in $PLOTS; do
		[ -s "$d/$p.dat" ] && [ -s "$d/$p.gp" ] && n=$((n + 1))
	done
	is "$n" 6 "$s: a data file and a script for each of the six plots"
	is "$(find "$d" -name '*.png' -o -name '.*' -type f)" "" \
	    "$s: no PNG and no temporary file"
done

# The data: the medians of the raw lines, one block per run and placement.
# (those of the first shell that made them).
for d in "$TMPDIR_T"/*-data; do
	break
done
heads "$d/ring.dat"
is "$NHEADS" 5 "ring: a block per run and placement (3 + 2)"
is "$HEADS" \
    "6.1.0-a, unpinned
6.1.0-a, both on one CPU
6.1.0-a, two CPUs
l, \"quoted\" 'run', unpinned
l, \"quoted\" 'run', both on one CPU" "ring: each headed by its run and placement"
R=$FIX/run-a/raw/ring
want="2 $(med switches_per_s 'place=free .*procs=2 ' $R range) 3 NaN NaN"
is "$(block "$d/ring.dat" 0 FIRST)" "$want" \
    "ring: N, median, min, max and repeats of the unpinned 2-ring (no clusters)"
is "$(block "$d/ring.dat" 2 "" 2)" \
    "2 $(med switches_per_s 'place=spread' $R)" "ring: the spread 2-ring"
L=$FIX/run-l/raw/ring
is "$(block "$d/ring-latency.dat" 0 FIRST)" \
    "2 $(med lat_p50_us 'place=free .*procs=2 ' $L) $(med lat_p90_us 'place=free .*procs=2 ' $L) $(med lat_p99_us 'place=free .*procs=2 ' $L) $(med lat_p999_us 'place=free .*procs=2 ' $L)" \
    "ring latency: N and the medians of p50, p90, p99, p99.9"
heads "$d/ring-latency.dat"
is "$NHEADS" 2 "ring latency: only the runs made with -l"
H=$FIX/run-a/raw/herd
is "$(block "$d/herd.dat" 0 FIRST 2)" \
    "2 $(med us_per_iteration 'procs=2 ' $H | awk '{ printf "%.10g", $1 * 5 }')" \
    "herd: seconds for 5000000 iterations, as compare shows them"
Y=$FIX/run-a/raw/yield
is "$(block "$d/yield.dat" 0 FIRST 2)" \
    "1 $(med us_per_yield 'threads=1 ' $Y)" "yield: microseconds per yield"
P=$FIX/run-a/raw/pipe
m=$(med cpu_pct 'place=one .*write_kib=64 think=2048 ' $P)
is "$(block "$d/pipe.dat" 1 LAST)" \
    "1 1 $m 2048 64 NaN NaN $(printf '%.0f' "$m")" \
    "pipe: think and size indices, %CPU, think, size, no clusters, the label"
slurp "$d/ring.gp"
like "$SLURPED" "title 'l, \"quoted\" ''run'', unpinned'" \
    "a label with quotes is quoted for gnuplot"
slurp "$d/pipe.gp"
like "$SLURPED" '^set multiplot layout 1,3 ' \
    "pipe: a heat map panel per placement"

# Legends that read: at most 8 entries a picture. Three runs of three
# placements, made with -l: 36 latency curves, drawn by placement, two
# runs (8 entries) a picture at most.
for k in 2 3; do
	cp -R $FIX/run-l "$TMPDIR_T/l$k"
	sed "s/^label=.*/label=l$k/" $FIX/run-l/env >"$TMPDIR_T/l$k/env"
	grep '^place=one ' $FIX/run-l/raw/ring |
	    sed 's/^place=one /place=spread /; s/ cpulist=0 / cpulist=0,1 /' \
	    >>"$TMPDIR_T/l$k/raw/ring"
done
d=$TMPDIR_T/split
run env PATH="$NOGNU" sh $SB plot -o "$d" $FIX/run-l "$TMPDIR_T/l2" "$TMPDIR_T/l3"
is "$RC" 0 "three runs of three placements: plot exits 0"
is "$OUT" "cd '$d' && gnuplot ring.gp ring-latency-free-1.gp ring-latency-free-2.gp ring-latency-one-1.gp ring-latency-one-2.gp ring-latency-spread.gp herd.gp herd-latency-free-1.gp herd-latency-free-2.gp" \
    "the latency in pictures by placement, two runs a picture; the figure in one"
# The entries of each picture's legend: its curves' titles, not its own.
entries=$(awk 'FNR == 1 && NR > 1 { print f, n; n = 0 }
	{ f = FILENAME }
	!/^set title/ && / title \047/ { n++ }
	END { print f, n }' "$d"/*.gp)
n=0 ring=
while read -r f k; do
	[ "$k" -le 8 ] || { n=$((n + 1)); printf '# %s: %s entries\n' "$f" "$k"; }
	[ "$f" = "$d/ring.gp" ] && ring=$k
done <<EOF
$entries
EOF
is "$n" 0 "no picture's legend has more than 8 entries"
is "$ring" 8 "ring: its 8 curves in one picture"
heads "$d/ring-latency-one-2.dat"
is "$HEADS" "l3, both on one CPU" "ring-latency-one-2: the third run's pinned ring"
heads "$d/ring-latency-spread.dat"
is "$HEADS" "l2, two CPUs
l3, two CPUs" "ring-latency-spread: both runs that have it"
# The command that draws them, run by hand below (with gnuplot).
split_cmd=$OUT

# A cell whose repeats fall into two clusters has no median in a plot,
# as in compare: a herd of 2 at 10 and 30 s, a pipe cell at 98% and
# 195%.
B=$TMPDIR_T/bimodal
mkdir -p "$B/raw"
cp $FIX/run-a/env $FIX/run-a/complete "$B"
for r in 1 2 3 4 5; do
	u=2.01
	[ "$r" -ge 3 ] && u=6.01
	v=98
	[ "$r" -ge 3 ] && v=195
	echo "place=free rep=$r argv=-n,2,-i,2000 procs=2 iterations=2000 wall_s=0.01 us_per_iteration=$u"
	echo "place=free rep=$r argv=-n,5,-i,2000 procs=5 iterations=2000 wall_s=0.01 us_per_iteration=4.0"
	echo "place=free rep=$r argv=-s,1,-t,1,-b,1 write_kib=1 think=1 cpu_pct=$v" >>"$B/raw/pipe"
	echo "place=free rep=$r argv=-s,1,-t,2,-b,1 write_kib=1 think=2 cpu_pct=150" >>"$B/raw/pipe"
done >"$B/raw/herd"
d=$TMPDIR_T/bi
run env PATH="$NOGNU" sh $SB plot -o "$d" "$B"
is "$RC" 0 "a run with bimodal cells: plot exits 0"
is "$(block "$d/herd.dat" 0)" "2 NaN 10.05 30.05 5 10.05 30.05
5 20 20 20 5 NaN NaN" "herd: no median for the bimodal cell, its clusters' medians beside it"
slurp "$d/herd.gp"
like "$SLURPED" "using 1:6 with points .* pt 6 notitle" "drawn as open circles"
like "$SLURPED" "^set title .*'open circles: the two clusters of a cell that has no median \\(bimodal\\)'" \
    "and the title says so"
is "$(block "$d/pipe.dat" 0)" "0 0 NaN 1 1 98 195 98|195
1 0 150 2 1 NaN NaN 150" "pipe: no colour for the bimodal cell, labelled with both clusters"
slurp "$d/pipe.gp"
like "$SLURPED" "using 1:2:8 with labels" "pipe: the labels from the data"

# With gnuplot: real PNGs; and the commands printed without it draw the
# pictures of a split plot and of bimodal cells.
if need_cmd gnuplot; then
	d=$TMPDIR_T/png
	run sh $SB plot -o "$d" $FIX/run-a $FIX/run-l
	is "$RC" 0 "with gnuplot, plot exits 0"
	is "$OUT" "$(for p in $PLOTS; do echo "$d/$p.png"; done)" \
	    "and lists the PNGs it drew"
	is "$ERR" "" "and says nothing on stderr"
	for p in $PLOTS; do
		want="800 500"
		[ $p = pipe ] && want="1180 400"
		is "$(png_size "$d/$p.png")" "$want" "$p.png is a $want PNG"
		check "$p.png is a picture, over 2000 bytes" \
		    test "$(wc -c <"$d/$p.png")" -gt 2000
	done
	is "$(find "$d" -name '.*')" "" "no temporary file left"
	# The command the split plot printed without gnuplot, run by hand:
	# every picture of it drawn.
	d=${split_cmd#cd \'}
	d=${d%%\' && *}
	run sh -c "$split_cmd"
	is "$RC" 0 "the printed command runs: gnuplot draws the pictures of a split plot"
	is "$(png_size "$d/ring-latency-spread.png")" "800 500" \
	    "and draws the PNGs: ring-latency-spread.png"
	run sh -c "cd '$TMPDIR_T/bi' && gnuplot herd.gp pipe.gp"
	is "$RC" 0 "gnuplot draws the bimodal cells"
	is "$(png_size "$TMPDIR_T/bi/herd.png")" "800 500" "herd.png, its clusters drawn"
else
	t_skip "gnuplot is not installed: no PNG drawn"
fi

# Without -o: into a new directory of its own, plots in the current
# directory, then plots-2: never into a run, where links planted in its
# plots/ would be written through. The run: run-a's herd alone, which
# has no bimodal cell.
HERD=$TMPDIR_T/copy
mkdir -p "$HERD/raw" "$HERD/plots" "$TMPDIR_T/cwd"
sed 's/^workloads=.*/workloads=herd/' $FIX/run-a/env >"$HERD/env"
cp $FIX/run-a/raw/herd "$HERD/raw/"
printf 'measurements=6\nfailed=0\n' >"$HERD/complete"
for f in .herd.gp.tmp .herd.dat.tmp herd.gp herd.dat; do
	ln -s "$TMPDIR_T/victim-$f" "$HERD/plots/$f"
done
(cd "$TMPDIR_T/cwd" && env PATH="$NOGNU" sh "$OLDPWD/$SB" plot "$HERD" \
    >"$TMPDIR_T/out" 2>"$TMPDIR_T/err")
is "$?" 0 "plot without -o exits 0"
check "and writes into plots in the current directory" \
    test -s "$TMPDIR_T/cwd/plots/herd.gp"
is "$(find "$TMPDIR_T" -name 'victim-*')" "" \
    "nothing is written through the links planted in the run's plots/"
is "$(($(find "$HERD/plots" ! -type d | wc -l)))" 4 \
    "and the run's plots/ is as it was"
slurp "$TMPDIR_T/cwd/plots/herd.gp"
case $SLURPED in
*clusters*) n=1 ;;
*) n=0 ;;
esac
is "$n" 0 "no bimodal cell: the title says nothing of clusters"
(cd "$TMPDIR_T/cwd" && env PATH="$NOGNU" sh "$OLDPWD/$SB" plot "$HERD" \
    >"$TMPDIR_T/out" 2>"$TMPDIR_T/err")
is "$?" 0 "plot again exits 0"
check "into plots-2" test -s "$TMPDIR_T/cwd/plots-2/herd.gp"
slurp "$TMPDIR_T/out"
is "$SLURPED" "cd 'plots-2' && gnuplot herd.gp" "and says so"

# -o names a new directory: one that exists is refused, whatever it holds.
mkdir "$TMPDIR_T/there"
run env PATH="$NOGNU" sh $SB plot -o "$TMPDIR_T/there" $FIX/run-a
is "$RC" 1 "plot -o a directory that exists: exit 1"
is "$ERR" "smpbench: plot: $TMPDIR_T/there exists: the plots go into a new directory (name one with -o)" \
    "and says why"
is "$(ls -A "$TMPDIR_T/there")" "" "and writes nothing in it"
ln -s "$TMPDIR_T/there" "$TMPDIR_T/there-link"
run env PATH="$NOGNU" sh $SB plot -o "$TMPDIR_T/there-link" $FIX/run-a
is "$RC" 1 "plot -o a link: exit 1"
is "$(ls -A "$TMPDIR_T/there")" "" "and writes nothing where it points"
# (One plot for both: a new directory in a new one, under umask 000.)
umask 000
run env PATH="$NOGNU" sh $SB plot -o "$TMPDIR_T/new/deeper" "$HERD"
umask 022
is "$RC" 0 "plot -o a new directory in a new one: exit 0"
check "and writes there" test -s "$TMPDIR_T/new/deeper/herd.gp"
is "$(find "$TMPDIR_T/new/deeper" -prune -perm -755 ! -perm -020 ! -perm -002)" "$TMPDIR_T/new/deeper" \
    "under umask 000 the directory made is writable by its owner only"

# Where the current directory cannot be written: say so, and point to -o.
mkdir "$TMPDIR_T/ro"
chmod 555 "$TMPDIR_T/ro"
# As root, where nothing is read-only, the plot is asked for by nobody
# (tests/lib.sh's other_user), of copies of the driver and the run it
# can read.
if [ "$(id -u)" -ne 0 ]; then
	ro='' ro_sb=$PWD/$SB ro_run=$PWD/$FIX/run-a
elif other_user scripts bin "$FIX/run-a"; then
	ro=as_other ro_sb=$OTHER_TREE/$SB ro_run=$OTHER_TREE/$FIX/run-a
else
	ro=none
fi
if [ "$ro" != none ]; then
	(cd "$TMPDIR_T/ro" && $ro sh "$ro_sb" plot "$ro_run" \
	    >"$TMPDIR_T/out" 2>"$TMPDIR_T/err")
	is "$?" 1 "plot where the current directory is read-only: exit 1"
	slurp "$TMPDIR_T/err"
	is "$SLURPED" "smpbench: plot: cannot create plots here: Permission denied (name a directory with -o)" \
	    "and points to -o"
else
	other_skip "as root, $OTHER_WHY: no directory is read-only"
fi

# The way to the plots' directory is checked as run -o's is: a directory
# on it that others can write (not sticky) is refused in one line, with
# -o or without it (the current directory), and nothing is made.
mkdir -m 0775 "$TMPDIR_T/group"
run env PATH="$NOGNU" sh $SB plot -o "$TMPDIR_T/group/plots" $FIX/run-a
is "$RC $ERR" "1 smpbench: plot: -o $TMPDIR_T/group/plots: refused: $TMPDIR_T/group can be written by others than its owner (drwxrwxr-x)" \
    "plot -o in a directory its group can write: refused in one line"
is "$(ls -A "$TMPDIR_T/group")" "" "and nothing made in it"
(cd "$TMPDIR_T/group" && env PATH="$NOGNU" sh "$OLDPWD/$SB" plot "$OLDPWD/$FIX/run-a" \
    >"$TMPDIR_T/out" 2>"$TMPDIR_T/err")
rc=$?
slurp "$TMPDIR_T/err"
is "$rc $SLURPED" "1 smpbench: plot: plots here: refused: $TMPDIR_T/group can be written by others than its owner (drwxrwxr-x) (name a directory with -o)" \
    "plot in such a current directory: refused in one line"
is "$(ls -A "$TMPDIR_T/group")" "" "and nothing made in it"
# Another user's link to a directory of ours, in a sticky directory open
# to all: refused, nothing made where it leads (as root, as nobody's).
if other_user; then
	mkdir -m 1777 "$TMPDIR_T/sticky"
	mkdir "$TMPDIR_T/ours"
	as_other ln -s "$TMPDIR_T/ours" "$TMPDIR_T/sticky/nl"
	run env PATH="$NOGNU" sh $SB plot -o "$TMPDIR_T/sticky/nl/plots" $FIX/run-a
	is "$RC $ERR" "1 smpbench: plot: -o $TMPDIR_T/sticky/nl/plots: refused: $TMPDIR_T/sticky/nl is a link owned by uid $OTHER_UID, not this user or root" \
	    "plot -o through another user's link: refused in one line"
	is "$(ls -A "$TMPDIR_T/ours")" "" "and nothing made where it leads"
else
	other_skip "$OTHER_WHY: plot -o through another user's link"
	other_skip "$OTHER_WHY: nothing made where it leads"
fi

# A gnuplot that fails: exit 1, its complaint, no PNG.
mkdir "$TMPDIR_T/badgnu"
printf '#!/bin/sh\necho "line 9: unknown terminal" >&2\nexit 1\n' \
    >"$TMPDIR_T/badgnu/gnuplot"
chmod +x "$TMPDIR_T/badgnu/gnuplot"
run env PATH="$TMPDIR_T/badgnu:$PATH" sh $SB plot -o "$TMPDIR_T/bad" "$HERD"
is "$RC" 1 "a failing gnuplot: exit 1"
is "$ERR" "smpbench: gnuplot could not draw $TMPDIR_T/bad/herd.png: line 9: unknown terminal" \
    "and what gnuplot said"
is "$(find "$TMPDIR_T/bad" -name '*png*')" "" "no PNG, whole or part"

# Bad input.
run sh $SB plot
is "$RC" 2 "plot without a run: exit 2"
is "$ERR" "smpbench: plot: which saved runs? (see smpbench -h)" "and why"
run sh $SB plot -x $FIX/run-a
is "$ERR" "smpbench: plot: -x: unknown option (see smpbench -h)" "an unknown option"
run sh $SB plot -o
is "$ERR" "smpbench: plot: -o: needs an argument (see smpbench -h)" "-o without a directory"
run sh $SB plot "$TMPDIR_T/none"
is "$RC" 1 "a missing run: exit 1"
run sh $SB plot -o "$TMPDIR_T/bind" results/historical/1999-bind-2.2.13pre14
is "$RC" 1 "nothing to plot: exit 1"
# The workloads that have plots, as their files' facts (plots) say:
# those drawn as curves, then as maps, each in LIST's order, in prose.
have=
for shape in curve map; do
	for w in $WORKLOADS; do
		case $(wl_fact "$w" plots) in
		"$shape "*) have="$have $w" ;;
		esac
	done
done
set -- $have
have=$1
shift
while [ $# -gt 1 ]; do
	have="$have, $1"
	shift
done
[ $# -eq 1 ] && have="$have and $1"
is "$ERR" "smpbench: plot: nothing to plot in these runs ($have have plots)" \
    "and says so, naming the workloads that have plots"
check "and creates no directory" test ! -e "$TMPDIR_T/bind"
run sh $SB plot -o /dev/null/plots $FIX/run-a
is "$RC" 1 "an output directory that cannot be made: exit 1"
like "$ERR" '^smpbench: plot: cannot create /dev/null/plots: ' "and says so"

done_testing
