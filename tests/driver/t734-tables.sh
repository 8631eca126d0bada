# t734-tables: a run's tables (show -r, as run prints them) that a mail
# can quote one at a time: headed by the kernel release, its label
# beside it, and the machine, in 72 columns and never cut; one meaning
# per mark (~ spread, = bimodal, ! failed; never compare's *), listed in
# the one legend format of text.awk; the repeats the cells really hold,
# per cell where they differ (an interrupted run).
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
FIX=tests/fixtures
HIST=results/historical
SB=scripts/smpbench
T=$TMPDIR_T

# made_run DIR KERNEL LABEL MODEL: a saved run of run-a's machine with
# another kernel, label and CPU model, and a ring of 2 whose five repeats
# fall into two clusters (100000 and 300000 switches / second).
made_run() {
	mkdir -p "$1/raw"
	sed "s/^kernel=.*/kernel=$2/; s/^label=.*/label=$3/; s/^cpu_model=.*/cpu_model=$4/; s/^workloads=.*/workloads=ring/" \
	    $FIX/run-a/env >"$1/env"
	printf 'measurements=5\nfailed=0\n' >"$1/complete"
	for r in 1 2 3 4 5; do
		v=$((r < 3 ? 100000 + r : 300000 + r))
		echo "place=free rep=$r argv=-n,2,-T,1 procs=2 laps=$v wall_s=1.0 switches_per_s=$v us_per_switch=5"
	done >"$1/raw/ring"
}

# lines_of TEXT: TEXT on one line, newlines as blanks and blanks squeezed
# (a footnote as wrap() laid it out, read as one).
lines_of() {
	printf '%s\n' "$1" | tr '\n' ' ' | tr -s ' '
}

for s in $SHELLS; do
	use_shell $s || continue
	# The heading: kernel, label, machine.
	run $sh $SB show -r $FIX/run-b
	is "${OUT%%"$T_NL"*}" \
	    "ring: 6.1.0-b (patched), Example CPU @ 2.00GHz, 2 CPUs" \
	    "$s: a labelled run's table names its kernel, the label beside it"
	like "$OUT" '^herd: 6\.1\.0-b \(patched\), ' "$s: every table of it"
	# The marks: ~ spread, ! failed, each in the legend; no *.
	like "$OUT" '^ 2 : 44753~ switches / second$' "$s: a spread cell is marked ~"
	like "$OUT" '^ 3 : 62174! switches / second$' "$s: a failed repeat's cell !"
	like "$(lines_of "$OUT")" 'Marks: ~ the repeats spread by more than 10% \(\(max - min\) / median\); ! a repeat failed \(see the run.s errors\) or was not a figure\. ' \
	    "$s: and the legend says both, in one line wrapped"
	is "$(printf '%s\n' "$OUT" | grep -c '^Marks: ')" 3 \
	    "$s: one legend under each table that has marks (ring, herd, yield)"

	made_run "$T/bi-$s" 6.18.0 second "AMD EPYC"
	run $sh $SB show -r "$T/bi-$s"
	is "$RC" 0 "$s: show -r of a bimodal ring exits 0"
	is "${OUT%%"$T_NL"*}" "ring: 6.18.0 (second), AMD EPYC, 2 CPUs" \
	    "$s: headed as the issue asks, kernel (label)"
	like "$OUT" '^ 2 : 300003= switches / second$' "$s: a bimodal cell is marked ="
	like "$(lines_of "$OUT")" 'Marks: = the repeats fall into two clusters far apart \(bimodal\): ' \
	    "$s: and its legend says so"
	like "$OUT" '^smpb-ring -T 1; median of 5 repeats\.$' "$s: of 5 repeats"
done

# No table of a run marks anything *: that is compare's mark. (One show
# of them all.)
run sh $SB show -r $FIX/run-a $FIX/run-b $FIX/run-big $FIX/run-big2 \
    $FIX/run-c $FIX/run-l "$HIST"/*
is "$RC" 0 "show -r of every run exits 0"
case $OUT in
*"*"*) n=1 ;;
*) n=0 ;;
esac
is "$n" 0 "no run's table has a *"

# A long kernel and label: two lines, the machine on the second, within
# 72 columns; nothing of the kernel or the label cut.
made_run "$T/long" 6.18.0-rc3-00123-gabcdef012345 eevdf-lag-fix-v2-baseline \
    "AMD EPYC 7763 64-Core Processor"
run sh $SB show -r "$T/long"
is "$(printf '%s\n' "$OUT" | head -n 2)" \
    "ring: 6.18.0-rc3-00123-gabcdef012345 (eevdf-lag-fix-v2-baseline),
  AMD EPYC 7763 64-Core Processor, 2 CPUs" \
    "a long kernel and label: whole, the machine on a second line"
printf '%s\n' "$OUT" >"$T/long.out"
check "within 72 columns" narrow "$T/long.out"

# The legend format, for every table: text.awk's legend().
echo 'BEGIN { legend("@*!~="); legend("") }' >"$T/legend.awk"
run env LC_ALL=C awk -f scripts/awk/lib.awk -f scripts/awk/cells.awk \
    -f scripts/awk/text.awk -f "$T/legend.awk"
is "$OUT" "Marks: ~ the repeats spread by more than 10% ((max - min) / median);
  = the repeats fall into two clusters far apart (bimodal): the median
  of such a mixture says little; see smpbench compare; ! a repeat failed
  (see the run's errors) or was not a figure; * the change's 95%
  interval excludes zero and it reaches the threshold (compare -t);
  @ the sides ran in different placements (compare)." \
    "legend(): each mark once, in one order, one meaning; nothing for none"

# An interrupted run: the repeats each cell really holds.
cp -R $FIX/run-a "$T/cut"
rm "$T/cut/tables" "$T/cut/complete"
echo "interrupted by SIGINT during pipe; 32 of 180 measurements made" \
    >"$T/cut/incomplete"
head -n 32 $FIX/run-a/raw/pipe >"$T/cut/pipe" && mv "$T/cut/pipe" "$T/cut/raw/pipe"
run sh $SB show "$T/cut"
like "$OUT" "^smpb-pipe -b 1; median of each cell's repeats: 8 cells have 3, 4 have 2\.$" \
    "an interrupted pipe: how many cells hold 3 repeats, how many 2"
like "$OUT" '^smpb-ring -T 0\.05; median of 3 repeats; ' \
    "a whole workload of it: all its cells' 3"
head -n 25 $FIX/run-a/raw/pipe >"$T/cut/pipe" && mv "$T/cut/pipe" "$T/cut/raw/pipe"
run sh $SB show "$T/cut"
like "$OUT" "^smpb-pipe -b 1; median of each cell's repeats: 1 cell has 3, 11 have 2\.$" \
    "one cell of 3: said in the singular"

done_testing
