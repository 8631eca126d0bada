# t726-size: a saved run of any size is read in O(n log n): a raw/ring
# of 20000 repeats of one cell (far more than any run makes of a cell)
# is shown, compared and plotted, each within a time limit that only
# the quadratic reading of old (minutes, growing with the square of the
# repeats) could reach, with the medians and spread that the made-up
# repeats give; and a raw file larger than any run makes is refused,
# unread, with one line naming it and its size, by show, compare, plot
# and export (under every POSIX shell we can find).
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "runs of 20000 repeats read and refused"
FIX=tests/fixtures
SB=scripts/smpbench
T=$TMPDIR_T
need_cmd timeout || skip_all "no timeout to bound the reading with"

# big_ring DIR N OFFSET: DIR/raw/ring of N repeats of a ring of 2 run
# unpinned with the kernel's statistics and -l, switches/s descending
# from 900000 + OFFSET - 1 (an insertion sort's worst case), one
# measurement a line as smpbench run writes them.
big_ring() {
	awk -v n="$2" -v off="$3" 'BEGIN {
		for (i = 1; i <= n; i++)
			printf "place=free rep=%d argv=-n,2,-T,0.05,-l procs=2" \
			    " laps=10355 wall_s=0.05 switches_per_s=%d" \
			    " us_per_switch=2.4 user_s=0.004 sys_s=0.046" \
			    " nvcsw=12208 nivcsw=8508 cpus_used=1 cpus_pinned=0" \
			    " run_s=0.04 wait_s=0.01 wait_max_s=0.01 migrations=3" \
			    " lat_p50_us=%d lat_p90_us=9 lat_p99_us=12" \
			    " lat_p999_us=20 lat_max_us=30 lat_samples=100" \
			    " sched_stats=kernel\n", i, 900000 + off - i, 5 + i % 7
	}' >"$1/raw/ring"
}

cp -R "$FIX/run-a" "$T/big"
rm "$T/big/tables"
big_ring "$T/big" 20000 0
cp -R "$T/big" "$T/big2"
big_ring "$T/big2" 20000 10000
sed 's/^kernel=.*/kernel=6.1.0-b/' "$FIX/run-a/env" >"$T/big2/env"
NOGNU=$(path_without gnuplot)

first_shell

# The repeats of big are 880000..899999: median 889999.5, spread 2%.
run timeout 60 $sh "$SB" show -r "$T/big"
is "$RC" 0 "$s: show of 20000 repeats of a cell ends, in time, with 0"
like "$OUT" '^ 2 : 890000 switches / second$' "$s: with their median"
like "$OUT" '^smpb-ring -T 0\.05 -l; median of 20000 repeats\.$' \
    "$s: of all 20000"
like "$OUT" '^   2  free          8\.00      12\.0          0\.22$' \
    "$s: and the why table of them"

# The shift is 10000 in 890000, 1.1%: marked at -t 1.
run timeout 60 $sh "$SB" compare -t 1 "$T/big" "$T/big2"
is "$RC" 0 "$s: compare of 20000 repeats against 20000 ends, in time, with 0"
like "$OUT" '^2 : 890000 \(1%\) 900000 \(1%\) +\+1%\+$' \
    "$s: with both medians, and the shift's interval over all of them"

run timeout 60 env PATH="$NOGNU" $sh "$SB" plot -o "$T/plots" "$T/big"
is "$RC" 0 "$s: plot of 20000 repeats of a cell ends, in time, with 0"
is "$(grep '^2 ' "$T/plots/ring.dat")" "2 889999.5 880000 899999 20000 NaN NaN" \
    "$s: its data: the median, the smallest, the largest, the count, no clusters"

# Beyond any run: the most a run makes is the full profile's pipe at
# -r 100, 70000 lines; the driver refuses more than 500000 lines, or
# 256 MiB.
cp -R "$FIX/run-a" "$T/huge"
awk 'BEGIN { for (i = 1; i <= 500001; i++)
	print "place=free rep=" i " argv=-n,2 exit=1" }' >"$T/huge/raw/ring"
cp -R "$FIX/run-a" "$T/wide"
dd if=/dev/null of="$T/wide/raw/herd" bs=1 seek=67108865 2>/dev/null
if [ "$(wc -c <"$T/wide/raw/herd" | tr -d ' ')" != 67108865 ]; then
	rm -rf "$T/wide"
fi
for s in $SHELLS; do
	use_shell $s || continue
	for c in show compare plot export; do
		run $sh "$SB" $c "$T/huge"
		is "$RC" 1 "$s: $c of a raw file of 500001 lines exits 1"
		is "$ERR" "smpbench: $T/huge/raw/ring: 500001 lines, more than any run makes (at most 500000): refused" \
		    "$s: $c: and names the file and its size"
		is "$OUT" "" "$s: $c: and prints nothing else"
	done
	if [ -d "$T/wide" ]; then
		run $sh "$SB" show -r "$T/wide"
		is "$RC" 1 "$s: a raw file of 256 MiB and a byte is refused"
		is "$ERR" "smpbench: $T/wide/raw/herd: 67108865 bytes, more than any run makes (at most 67108864): refused" \
		    "$s: and its size said"
	else
		t_skip "$s: no sparse file of 256 MiB here"
		t_skip "$s: no sparse file of 256 MiB here"
	fi
done

done_testing
