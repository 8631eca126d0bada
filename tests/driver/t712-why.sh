# t712-why: the why tables (wakeup latency, run-queue delay, migrations)
# of show -r and run, and compare's why figures, on made-up runs whose
# answers are known, under the driver test shells: one run with the
# kernel's statistics and -l, the same run without either (sched_stats=
# none, no lat_ keys: the columns n/a once in a footnote, "-" in the
# cells), and a run whose run-queue delay is twice the first's (compare
# marks it); then the why tables of a real tiny run.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
FIX=tests/fixtures
SB=scripts/smpbench

# made_run DIR LABEL WAIT_SCALE STATS: a saved run of 5 repeats of each
# workload, every figure known: ring N=2 at 100000 switches/s for 1 s
# with wait_s = 0.5 * scale (5 us a pass * scale), p50 = 10 + rep us,
# p99 = 50 + rep us; herd of 2 with 10000 tokens and wait_s = 0.02 *
# scale (2 us a token); yield of 2 threads at 1000000 yields/s for 1 s,
# wait_s = 0.3 * scale (0.3 us a yield), 4 migrations; pipe 1k x 1 and
# 1k x 2048 in six placements (two blocks of the why table) with 1000
# transfers and wait_s = 0.001 * scale (1 us a block); bind idle, two workers with 3 and 5 migrations and 10 ms and
# 20 ms of wait * scale. STATS=0 drops the kernel's keys and -l's.
made_run() {
	mkdir -p "$1/raw"
	sed "s/^label=.*/label=$2/; s/^date=.*/date=2026-01-0$(($4 + 1))T1$3:00:00Z/" \
	    $FIX/run-a/env >"$1/env"
	printf 'measurements=30\nfailed=0\n' >"$1/complete"
	LC_ALL=C awk -v s="$3" -v stats="$4" -v dir="$1" 'BEGIN {
		k = stats ? " run_s=1.0 wait_s=%s wait_max_s=0.001 migrations=%s sched_stats=kernel" : " sched_stats=none"
		for (r = 1; r <= 5; r++) {
			lat = stats ? sprintf(" lat_p50_us=%d lat_p90_us=%d lat_p99_us=%d lat_p999_us=90 lat_max_us=99 lat_samples=100000", 10 + r, 20 + r, 50 + r) : ""
			printf "place=free rep=%d argv=-n,2,-T,1,-l procs=2 laps=50000 wall_s=1.0 switches_per_s=100000 us_per_switch=10%s%s\n", r, lat, sprintf(k, 0.5 * s, 0) >(dir "/raw/ring")
			printf "place=free rep=%d argv=-n,2,-i,10000,-l procs=2 iterations=10000 wall_s=0.1 us_per_iteration=10 tokens=10000 active_procs=2 top_share_pct=50 min_tokens=5000 max_tokens=5000 jain=1%s%s\n", r, lat, sprintf(k, 0.02 * s, 0) >(dir "/raw/herd")
			printf "place=free rep=%d argv=-n,2,-T,1 threads=2 processes=0 seconds=1 total_per_s=1000000 avg_per_thread=500000 us_per_yield=1 zero_threads=0 norm_var=0%s\n", r, sprintf(k, 0.3 * s, 4) >(dir "/raw/yield")
			np = split("free one smt llc xllc node", place, " ")
			for (p = 1; p <= np; p++)
			for (t = 1; t <= 2048; t += 2047)
				printf "place=%s rep=%d argv=-s,1,-t,%d,-b,1 write_kib=1 think=%d budget_mib=1 bytes=1048576 transfers=1000 clamped=0 wall_s=0.1 cpu_pct=100%s\n", place[p], r, t, t, sprintf(k, 0.001 * s, 0) >(dir "/raw/pipe")
			printf "place=free rep=%d argv=-n,2,-s,16,-r,1000 workers=2 cache_kib=16 reps=1000 seconds=0.000 bound=0 hogs=0 wall_s=0.5 user_s_0=0.5 nivcsw_0=1%s user_s_1=0.5 nivcsw_1=1%s user_s=1.0 sys_s=0 nvcsw=0 nivcsw=2 minflt=0%s\n", r, stats ? sprintf(" migrations_0=3 wait_s_0=%s", 0.01 * s) : "", stats ? sprintf(" migrations_1=5 wait_s_1=%s", 0.02 * s) : "", stats ? " sched_stats=kernel" : " sched_stats=none" >(dir "/raw/bind")
		}
	}'
}

T=$TMPDIR_T
made_run "$T/w1" kstats 1 1
made_run "$T/w0" nostats 1 0
made_run "$T/w2" slower 2 1

# row TEXT PATTERN: the first line of TEXT matching the extended PATTERN,
# blanks squeezed.
row() {
	printf '%s\n' "$1" | grep -E "$2" | head -n 1 | tr -s ' '
}

for s in $SHELLS; do
	use_shell $s || continue
	run $sh $SB show -r "$T/w1"
	is "$RC" 0 "$s: show -r of a run with the kernel's statistics exits 0"
	printf '%s\n' "$OUT" >"$T/show.out"
	check "$s: show -r: ASCII, 72 columns at most" narrow "$T/show.out"
	for f in "$T/w1/raw"/*; do
		w=${f##*/}
		like "$OUT" "^$w, why: " "$s: a why table for $w"
		# Pasted alone, it says where it comes from and what ran.
		block=$(printf '%s\n' "$OUT" | awk -v h="$w, why: " \
		    'index($0, h) == 1 { on = 1 } on && /^$/ { exit } on')
		is "$(printf '%s\n' "$block" | head -n 1)" \
		    "$w, why: 6.1.0-a (kstats), Example CPU @ 2.00GHz, 2 CPUs" \
		    "$s: $w's why table is headed by the kernel, label and machine"
		like "$(printf '%s\n' "$block" | tail -n 1)" \
		    "^smpb-$w( [-a-zA-Z0-9. ]+)?; median of 5 repeats\\.\$" \
		    "$s: and ends with what ran, of how many repeats"
	done
	is "$(printf '%s\n' "$OUT" | grep -c 'above')" 0 \
	    "$s: no table sends its reader to another (\"as in the table above\")"
	is "$(row "$OUT" '^ +2 +free ')" " 2 free 13.0 53.0 5.00" \
	    "$s: ring: p50, p99 (medians of 11..15, 51..55 us) and 5 us a pass"
	is "$(row "$OUT" '^ +2 +[0-9.]+ +[0-9.]+ +[0-9.]+$')" " 2 13.0 53.0 2.00" \
	    "$s: herd: p50, p99 and 2 us a token"
	is "$(row "$OUT" '^ +2 +0\.30 ')" " 2 0.30 4" \
	    "$s: yield: 0.3 us a yield, 4 migrations"
	is "$(row "$OUT" '^ +1k ')" " 1k 1.00 1.00 1.00 1.00 1.00 1.00 1.00 1.00" \
	    "$s: pipe: 1 us a block at the smallest and largest think"
	is "$(printf '%s\n' "$OUT" | grep -c '^ *1k ')" 2 \
	    "$s: pipe: six placements in two blocks of the why table"
	is "$(row "$OUT" '^idle ')" "idle 16 KiB 0.500 4 15.0" \
	    "$s: bind: user seconds, migrations and wait per worker, medians of the workers"
	like "$OUT" '^wait/pass: run-queue delay per pass, summed over the ring, us\.$' \
	    "$s: one footnote line per column"
	is "$(printf '%s\n' "$OUT" | grep -c 'n/a')" 0 \
	    "$s: nothing n/a where the kernel gave its statistics"

	run $sh $SB show -r "$T/w0"
	is "$RC" 0 "$s: show -r of a run without them exits 0"
	is "$(row "$OUT" '^ +2 +free ')" " 2 free - - -" \
	    "$s: ring: no figure in the cells"
	like "$OUT" '^p50, p99: n/a: not measured \(runs without -l\)\.$' \
	    "$s: latency n/a once, in its footnote"
	like "$OUT" '^wait/pass: n/a: no scheduler statistics from the kernel \(sched_stats=none\)\.$' \
	    "$s: run-queue delay n/a once, in its footnote"
	is "$(printf '%s\n' "$OUT" | grep -c 'n/a')" 9 \
	    "$s: n/a only in the footnotes, one a column (ring 2, herd 2, yield 2, pipe 1, bind 2)"
	is "$(printf '%s\n' "$OUT" | grep -c 'n/a:')" 9 "$s: each of them a footnote"

	run $sh $SB compare "$T/w1" "$T/w2"
	is "$(printf '%s\n' "$OUT" | grep -c '^herd: \(run-queue delay\|wakeup latency\)')" 0 \
	    "$s: compare: no mark in the herd's table, so no why table of it"
	is "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ' | grep -c 'ring: run-queue delay per pass, us, lower is better; the rows marked above (-v: all)')" 1 \
	    "$s: the ring's, for its marked row (@, where the time queued differed)"
	is "$(printf '%s\n' "$OUT" | grep -c '^@ ')" 2 \
	    "$s: each placement said under its workload's table, not again under a why table"
	run $sh $SB compare -v "$T/w1" "$T/w2"
	is "$RC" 0 "$s: compare -v of the two runs exits 0"
	printf '%s\n' "$OUT" >"$T/cmp.out"
	check "$s: compare: ASCII, 72 columns at most" narrow "$T/cmp.out"
	like "$OUT" '^ring: wakeup latency p99, us, lower is better$' \
	    "$s: compare -v: the ring's p99 side by side"
	like "$OUT" '^ *2 : +53\.0 +\([0-9]+%\) +53\.0 +\([0-9]+%\) +0%$' \
	    "$s: the same p99: no change, no mark"
	like "$OUT" '^ring: run-queue delay per pass, us, lower is better$' \
	    "$s: compare: the ring's run-queue delay"
	like "$OUT" '^ *2 : +5\.00 +\(0%\) +10\.0 +\(0%\) +\+100%\*$' \
	    "$s: twice the delay: +100%, marked"
	like "$OUT" '^yield: run-queue delay per yield, us, lower is better$' \
	    "$s: compare: yield's run-queue delay"
	like "$OUT" '^bind: run-queue delay per worker, ms, lower is better$' \
	    "$s: compare: bind's run-queue delay"
	run $sh $SB compare "$T/w1" "$T/w0"
	is "$RC" 0 "$s: compare with the run without them exits 0"
	like "$OUT" '^ring: switches / second, higher is better$' \
	    "$s: and compares the figures"
	is "$(printf '%s\n' "$OUT" | grep -c 'run-queue delay per')" 0 \
	    "$s: no why figure compared with a run that has none"
done

# A real tiny run: the why tables it prints are those show -r makes.
if ! [ -x bin/smpb-ring ] || ! [ -x bin/smpb-herd ]; then
	t_skip "the programs are not built (run make)"
	done_testing
fi
run env SMPBENCH_SWEEP=tiny sh $SB run -r 1 -o "$T/real" ring herd
is "$RC" 0 "a real tiny run of ring and herd exits 0"
like "$OUT" '^ring, why: ' "it prints the ring's why table"
like "$(cat "$T/real/raw/ring")" ' lat_p99_us=[0-9.]+ ' \
    "its raw lines hold -l's percentiles"
run sh $SB show -r "$T/real"
like "$OUT" '^herd, why: ' "show -r makes the herd's again"

done_testing
