# t758-headline: compare's headline never reads as "no change" over
# changes in doubt: on made-up runs (tests/made-runs.sh, never the
# programs), a busy A/B of one run a side, its ? cells both ways, is
# counted in one sentence (none changed beyond doubt, how many in doubt,
# worse and better) and listed by direction ("herd, worse (in doubt):");
# three busy runs a side keep the count and the ? legend, with ? cells
# or with none; compare -p gives the headline's counts, the table's
# column and the busy run's problem as records. Then what a reader can check: a factor is that of the
# figures printed beside it (x6.27 of 1.523 and 9.544, where the
# medians' own ratio is 6.2647), a fall is a percentage, never x1/15.5,
# and past -99.5% in the decimals that keep it from -100%; the yield's
# title in plain words; show prints the boot command line with -v
# only. compare names columns at compare time (NAME=DIR): two runs of
# one label as two columns, or pooled under a name; a directory with '='
# in its name passed as ./a=b, and named alone, refused with the way.
# A ring whose clusters are its row's placements: 6 of 8 repeats as
# fast as the ring pinned to one CPU, 2 as the ring pinned to two, named
# @, not counted better; one that moved with its pinned rows, and one
# at neither figure, still marked.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
# shellcheck source=tests/made-runs.sh
. tests/made-runs.sh
SB=scripts/smpbench
T=$TMPDIR_T

# busy DIR: the run DIR measured beside 0.9 CPUs of other work.
busy() {
	sed 's/^load_other=.*/load_other=0.90/' "$1/env" >"$1/env.new" &&
	    mv "$1/env.new" "$1/env"
}
# one line: the report, its lines joined by one blank.
one_line() {
	printf '%s\n' "$OUT" | tr -s ' \n' '  '
}

# A busy A/B: the herd of 2 and 4 30% and 26% slower, of 8 25% faster,
# of 16 and 25 unmoved, the "after" side busy.
made_run "$T/base" herd base "2:$(draws 1 5 4.0 0.01)" \
    "4:$(draws 2 5 4.0 0.01)" "8:$(draws 3 5 4.0 0.01)" \
    "16:$(draws 4 5 4.0 0.01)" "25:$(draws 5 5 4.0 0.01)"
made_run "$T/busy" herd busy "2:$(draws 6 5 5.2 0.01)" \
    "4:$(draws 7 5 5.0 0.01)" "8:$(draws 8 5 3.0 0.01)" \
    "16:$(draws 9 5 4.0 0.01)" "25:$(draws 10 5 4.0 0.01)"
busy "$T/busy"
run sh $SB compare "$T/base" "$T/busy"
is "$RC" 0 "a busy A/B: exit 0"
like "$OUT" '^ +2 : .* \+30%\?$' "its changes in doubt (?)"
like "$(one_line)" ' busy against base: no cell of 5 tested changed beyond doubt; 3 changed in doubt \(\?\), 2 worse, 1 better \(chance alone: about 0\.2 at 5%\): ' \
    "the headline: no change beyond doubt, and in the same sentence 3 in doubt, 2 worse, 1 better"
like "$OUT" '^  herd, worse \(in doubt\): 2 to 4 \(\+26% to \+30%\)$' \
    "the cells in doubt for the worse, their direction in words"
like "$OUT" '^  herd, better \(in doubt\): 8 \(-25%\)$' \
    "and those for the better"
is "$(printf '%s\n' "$OUT" | grep -c 'doubtful')" 0 "no direction-less 'doubtful' line"
like "$(one_line)" 'Marks: .* \? in doubt \(the \? lines\)\.' "the ? legend"
# What chance alone marks is smpb-stat's rule: a tree whose smpb-stat
# says alpha=0.1 has the headline say twice as many, at 10%.
mkdir "$T/tree" "$T/tree/bin" && cp -R scripts "$T/tree/scripts" &&
    cp bin/smpb-snap "$T/tree/bin/" || exit 1
printf '#!/bin/sh\n"%s" | sed -u "s/ alpha=0.05 / alpha=0.1 /"\n' \
    "$PWD/bin/smpb-stat" >"$T/tree/bin/smpb-stat" &&
    chmod +x "$T/tree/bin/smpb-stat" || exit 1
run sh "$T/tree/scripts/smpbench" compare "$T/base" "$T/busy"
like "$(one_line)" '\(chance alone: about 0\.5 at 10%\): ' \
    "chance alone: smpb-stat's alpha, not a figure of the awk's"
# The same in compare -p's records: the headline's counts, the table's
# column, and the busy run's problem.
run sh $SB compare -p "$T/base" "$T/busy"
is "$(printf '%s\n' "$OUT" | grep '^record=headline ')" \
    "record=headline column=busy col=2 doubt=1 tested=5 worse=0 better=0 placement=0 worse_in_doubt=2 better_in_doubt=1 few=0" \
    "-p: the headline's counts, one record"
like "$(printf '%s\n' "$OUT" | grep '^record=column .* col=2 ')" \
    '^record=column workload=herd figure=seconds column=busy col=2 runs=1 repeats=5 host=unknown .* doubt=1 tested=5 worse=0 better=0 placement=0 worse_in_doubt=2 better_in_doubt=1 few=0$' \
    "-p: the table's column, its counts"
is "$(printf '%s\n' "$OUT" | grep '^record=problem ')" \
    "record=problem workload=herd figure=seconds run=busy col=2 kind=busy code=load other=- cell=-" \
    "-p: the busy run's problem"
is "$(printf '%s\n' "$OUT" | grep -c '^workload=herd ')" 10 "-p: and a line a cell and column, as before"

# Three runs a side, the second column busy: with a 30% shift of the
# herd of 2 (? in the table), and with none.
for k in 1 2 3; do
	made_run "$T/b3-$k" herd base3 "2:$(draws 1$k 5 4.0 0.01)" \
	    "4:$(draws 2$k 5 4.0 0.01)"
	made_run "$T/u3-$k" herd busy3 "2:$(draws 3$k 5 5.2 0.01)" \
	    "4:$(draws 4$k 5 4.0 0.01)"
	made_run "$T/q3-$k" herd quiet3 "2:$(draws 5$k 5 4.0 0.01)" \
	    "4:$(draws 6$k 5 4.0 0.01)"
	busy "$T/u3-$k"
	busy "$T/q3-$k"
done
run sh $SB compare "$T"/b3-* "$T"/u3-*
is "$(printf '%s\n' "$OUT" | grep -c '^? busy3#[123]: other work')" 3 \
    "three runs a side: the ? lines of the busy runs"
like "$OUT" '^ +2 : .* \+[0-9]+%\?$' "a ? cell"
like "$(one_line)" ' busy3 against base3: no cell of 2 tested changed beyond doubt; 1 changed in doubt \(\?\), 1 worse, 0 better \(chance alone' \
    "the headline counts it, with its direction"
like "$OUT" '^  herd, worse \(in doubt\): 2 \(\+[0-9]+%\)$' "and lists it"
like "$(one_line)" 'Marks: .* \? in doubt \(the \? lines\)\.' "the ? legend"
run sh $SB compare "$T"/b3-* "$T"/q3-*
like "$(one_line)" ' quiet3 against base3: no cell of 2 tested changed beyond doubt; none changed in doubt \(\?\) \(chance alone' \
    "no ? cell: the headline still says the doubt, none"
like "$(one_line)" 'Marks: .* \? in doubt \(the \? lines\)\.' "and the ? legend stands"

# Factors and falls, figures without noise: the herd of 2 at 1.5234
# and 9.5437 s, of 4 at 15.5 and 1 s, of 8 at 250 and 1 s.
made_run "$T/f1" herd f1 "2:$(draws 1 5 1.5234 0)" "4:$(draws 2 5 15.5 0)" \
    "8:$(draws 3 5 250 0)"
made_run "$T/f2" herd f2 "2:$(draws 4 5 9.5437 0)" "4:$(draws 5 5 1 0)" \
    "8:$(draws 6 5 1 0)"
run sh $SB compare "$T/f1" "$T/f2"
like "$OUT" '^ +2 : +1\.523 +\(0%\) +9\.544 +\(0%\) +x6\.27\*$' \
    "a factor is that of the figures printed: x6.27, not the medians' x6.26"
like "$OUT" '^ +4 : +15\.500 +\(0%\) +1\.000 +\(0%\) +-94%\+$' \
    "a fall to 1/15.5 is -94%"
like "$OUT" '^ +8 : +250\.000 +\(0%\) +1\.000 +\(0%\) +-99\.6%\+$' \
    "a fall to 1/250, -99.6%, not -100%"
is "$(printf '%s\n' "$OUT" | grep -c 'x1/')" 0 "no factor below one"
like "$OUT" '^  herd, better: 4 to 8 \(-99\.6% to -94%\)$' \
    "the headline's range of falls in the same words"

# The yield's title in plain words.
run sh $SB compare tests/fixtures/run-a tests/fixtures/run-b
like "$(one_line)" " yield: microseconds per yield, lower is better; across the machine, all threads' yields together #T :" \
    "the yield's title in plain words"

# show: the kernel's boot command line with -v only.
run sh $SB show "$T/f1"
like "$OUT" '^Context of f1: ' "show: the kernel's context"
is "$(printf '%s\n' "$OUT" | grep -c '^Command line: ')" 0 "but not its command line"
run sh $SB show -v "$T/f1"
like "$OUT" '^Command line: root=/dev/sda1 ro quiet$' "show -v: the command line too"
# Columns named at compare time: two runs of one label (base3) apart.
run sh $SB compare one="$T/b3-1" two="$T/b3-2"
is "$RC" 0 "NAME=DIR: exit 0"
like "$OUT" '^  one: kernel 6\.1\.0-a, 1 run x 5 repeats' "the first run's column named one"
like "$OUT" '^two against one: ' "the second's two, compared"
run sh $SB compare p="$T/b3-1" p="$T/b3-2" q="$T/b3-3"
like "$OUT" '^  p: kernel 6\.1\.0-a, 2 runs x 5 repeats' "one name for two runs: pooled"
mkdir -p "$T/two"
cp -R "$T/b3-1" "$T/b3-2" "$T/two/"
run sh $SB compare p="$T/two" q="$T/b3-3"
like "$OUT" '^  p: kernel 6\.1\.0-a, 2 runs x 5 repeats' \
    "a name for a directory of runs: each of its runs named so"
like "$OUT" '^q against p: ' "and the run after it its own name"
mkdir -p "$T/eq"
cp -R "$T/b3-2" "$T/eq/x=y"
run sh -c "cd '$T/eq' && sh '$PWD/$SB' compare '$T/b3-1' ./x=y"
is "$RC" 0 "a directory with = in its name, given as ./x=y: compared"
like "$(one_line)" 'One column: every run is base3, so nothing is compared; .* or named here: compare a1=DIR a2=DIR\), stand' \
    "pooled with the other base3 run, by its own label, and the way to name them apart said"
run sh -c "cd '$T/eq' && sh '$PWD/$SB' compare '$T/b3-1' x=y"
is "$RC:$OUT" "2:" "given as x=y, where y is missing: exit 2, nothing printed"
is "$ERR" "smpbench: compare: 'x=y' names a column x of y, which is not there; the directory itself is ./x=y (see smpbench -h)" \
    "and one line says how to pass the directory"
# pinned DIR N PLACE CPUS FIGURES: the ring of N pinned to CPUS (PLACE
# one or llc), one repeat a figure, added to the run DIR.
pinned() {
	printf '%s\n' "$5" | tr ',' '\n' | awk -v n="$2" -v p="$3" -v c="$4" '{
		printf "place=%s rep=%d argv=-n,%d,-T,1,-c,%s cpulist=%s procs=%d" \
		    " laps=1 wall_s=1 switches_per_s=%s user_s=0.1 sys_s=0.1" \
		    " nvcsw=1 nivcsw=1 minflt=0 cpus_used=%d cpus_pinned=%d" \
		    " sched_stats=none\n", p, NR, n, c, c, n, $0,
		    (p == "one" ? 1 : 2), (p == "one" ? 1 : 2)
	}' >>"$1/raw/ring"
}
made_run "$T/pa" ring pa "2:$(draws 71 8 100000 0.01)" \
    "4:$(draws 72 5 100000 0.01)" "8:$(draws 73 5 100000 0.01)"
made_run "$T/pb" ring pb \
    "2:$(draws 74 6 400000 0.01),$(draws 75 2 100000 0.01)" \
    "4:$(draws 76 5 200000 0.01)" "8:$(draws 77 5 200000 0.01)"
for n in 2 4 8; do
	pinned "$T/pa" $n one 0 "$(draws 8$n 5 400000 0.01)"
	pinned "$T/pa" $n llc 0,1 "$(draws 9$n 5 100000 0.01)"
	k=1
	[ $n -eq 8 ] && k=2
	pinned "$T/pb" $n one 0 "$(draws 10$n 5 $((400000 * k)) 0.01)"
	pinned "$T/pb" $n llc 0,1 "$(draws 11$n 5 $((100000 * k)) 0.01)"
done
run sh $SB compare "$T/pa" "$T/pb"
like "$OUT" '^ +2 : .* \+[0-9]+%@$' \
    "ring of 2: 6 of 8 repeats at the one-CPU figure, 2 at the spread's: @"
like "$(one_line)" '@ ring 2: each side.s figure, or cluster, at its row pinned to one CPU or to more; ' \
    "and said why under the table"
like "$OUT" '^ +4 : .* \+[0-9]+%\+$' "ring of 4, at neither figure, x2: marked better"
like "$OUT" '^ +8 : .* \+[0-9]+%\+$' "ring of 8, moved with its pinned rows: marked better"
like "$(one_line)" ' pb against pa: 4 of 9 cells tested changed, 0 worse, 4 better .*; 1 @, placement' \
    "the headline counts it as placement, not better"
done_testing
