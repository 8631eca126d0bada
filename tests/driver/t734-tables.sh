# t734-tables: a run's tables (show -r, as run prints them) that a mail
# can quote one at a time: headed by the kernel release, its label
# beside it, and the machine, in 72 columns and never cut.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib.sh
. tests/lib.sh
FIX=tests/fixtures
SB=scripts/smpbench
T=$TMPDIR_T

# made_run DIR KERNEL LABEL MODEL: a saved run of run-a's machine with
# another kernel, label and CPU model, and a ring of 2 whose five repeats
# fall into two clusters (100000 and 300000 switches / second).
made_run() {
	mkdir -p "$1/raw"
	sed "s/^kernel=.*/kernel=$2/; s/^label=.*/label=$3/; s/^cpu_model=.*/cpu_model=$4/" \
	    $FIX/run-a/env >"$1/env"
	printf 'measurements=5\nfailed=0\n' >"$1/complete"
	for r in 1 2 3 4 5; do
		v=$((r < 3 ? 100000 + r : 300000 + r))
		echo "place=free rep=$r argv=-n,2,-T,1 procs=2 laps=$v wall_s=1.0 switches_per_s=$v us_per_switch=5"
	done >"$1/raw/ring"
}

for s in $SHELLS; do
	use_shell $s || continue
	# The heading: kernel, label, machine.
	run $sh $SB show -r $FIX/run-b
	is "$(printf '%s\n' "$OUT" | head -n 1)" \
	    "ring: 6.1.0-b (patched), Example CPU @ 2.00GHz, 2 CPUs" \
	    "$s: a labelled run's table names its kernel, the label beside it"
	like "$OUT" '^herd: 6\.1\.0-b \(patched\), ' "$s: every table of it"

	made_run "$T/bi-$s" 6.18.0 second "AMD EPYC"
	run $sh $SB show -r "$T/bi-$s"
	is "$RC" 0 "$s: show -r of a bimodal ring exits 0"
	is "$(printf '%s\n' "$OUT" | head -n 1)" "ring: 6.18.0 (second), AMD EPYC, 2 CPUs" \
	    "$s: headed as the issue asks, kernel (label)"
done

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

done_testing
