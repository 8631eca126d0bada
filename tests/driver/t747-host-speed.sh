# t747-host-speed: compare sets the sides' canaries (the host's own
# speed, timed before and after each workload) side by side, on made-up
# runs whose answers are known, under every POSIX shell we can find: a
# host 30% slower on one side is named, with its interval, and a 15%
# change it could explain is not marked while a doubling still is; hosts
# alike leave the threshold as it was; timings that land at one of two
# speeds in like proportions are not named, yet raise the threshold by
# what they cannot rule out, and three runs a side narrow that; runs
# without timings (older runs) or with too few, or made under other CPU
# limits (a quota: the canary then times the quota too), change nothing;
# -p gives each column's limit.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib.sh
. tests/lib.sh
# shellcheck source=tests/made-runs.sh
. tests/made-runs.sh
SB=scripts/smpbench
T=$TMPDIR_T

# two_speeds SEED N SLOW: N canary timings, each 0.33 or, with
# probability SLOW, 0.70 ns a spin, 1% noise: a guest whose CPU shares a
# core with another's at some moments and not at others.
two_speeds() {
	awk -v seed="$1" -v n="$2" -v slow="$3" 'BEGIN {
		x = seed
		for (i = 1; i <= n; i++) {
			x = (16807 * x) % 2147483647
			c = x / 2147483647 < slow ? 0.70 : 0.33
			x = (16807 * x) % 2147483647
			printf "%s%.4f", (i > 1 ? "," : ""), c * (1 + 0.02 * (x / 2147483647 - 0.5))
		}
		print ""
	}'
}

# host_file DIR TIMINGS: the run DIR's host file, its herd's canary
# timings TIMINGS (comma-separated).
host_file() {
	printf 'workload=herd settle_wait_s=0.0 settle_state=quiet steal_pct=0.00 psi_some_pct=0.00 canary_before_ns=0.3300 canary_after_ns=0.3300 canary_spread_pct=1.00 canary_ns=%s\n' \
	    "$2" >"$1/host"
}

# The herd of 2 at 4.0 s; at 4.6 (+15%) and 8.0 (+100%), 1% noise.
made_run "$T/base" herd base "2:$(draws 71 5 4.0 0.01)"
made_run "$T/up15" herd up15 "2:$(draws 72 5 4.6 0.01)"
made_run "$T/up100" herd up100 "2:$(draws 73 5 8.0 0.01)"
made_run "$T/plain15" herd plain15 "2:$(draws 74 5 4.6 0.01)"
made_run "$T/few15" herd few15 "2:$(draws 75 5 4.6 0.01)"
made_run "$T/old15" herd old15 "2:$(draws 76 5 4.6 0.01)"
host_file "$T/base" "$(draws 81 20 0.33 0.01)"
# A host 30% slower under up15 and up100; alike under plain15; three
# timings only under few15; none under old15.
host_file "$T/up15" "$(draws 82 20 0.429 0.01)"
host_file "$T/up100" "$(draws 83 20 0.429 0.01)"
host_file "$T/plain15" "$(draws 84 20 0.33 0.01)"
host_file "$T/few15" "$(draws 85 3 0.429 0.01)"
# up15 and base under other CPU limits (their cgroups' cpu.max).
for r in base:base-max:"max 100000" up15:up15-quota:"100000 100000"; do
	from=${r%%:*} rest=${r#*:}
	to=${rest%%:*} max=${rest#*:}
	cp -R "$T/$from" "$T/$to"
	sed "s/^label=.*/label=$to/" "$T/$from/env" >"$T/$to/env"
	printf 'cgroup_cpu_max=%s\n' "$max" >>"$T/$to/env"
done
# Two speeds in like proportions, one run a side and three.
for k in 1 2 3; do
	made_run "$T/mixa$k" herd mixa "2:$(draws $((90 + k)) 5 4.0 0.01)"
	made_run "$T/mixb$k" herd mixb "2:$(draws $((93 + k)) 5 4.6 0.01)"
	host_file "$T/mixa$k" "$(two_speeds $((100 + k)) 20 0.5)"
	host_file "$T/mixb$k" "$(two_speeds $((103 + k)) 20 0.5)"
done

for s in $SHELLS; do
	use_shell $s || continue

	run $sh $SB compare "$T/base" "$T/up15"
	is "$RC" 0 "$s: a slower host: exit 0"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" ' \? up15: the CPU ran 30% slower than under base \(canary, 95% interval \+2[89]% to \+3[12]%\)\. ' \
	    "$s: a slower host named, with its interval"
	like "$OUT" '^ +2 : +4\.[0-9]+ +\(1%\) +4\.[0-9]+ +\(1%\) +\+15%$' \
	    "$s: a 15% change it could explain: no mark"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" '\* in up15 takes 3[12]% or more, as its host alone could explain less: the CPU ran 30% slower than under base \(canary, 95% interval \+2[89]% to \+3[12]%\); more runs a side narrow that\.' \
	    "$s: the column's threshold, and why, under the table"
	run $sh $SB compare -p "$T/base" "$T/up15"
	is "$(pkey "$OUT" 2 up15 verdict)" same "$s: -p: verdict same"
	check "$s: -p: its limit, the interval's far end" awk \
	    -v l="$(pkey "$OUT" 2 up15 limit_pct)" 'BEGIN { exit !(l > 30 && l < 32) }'
	is "$(pkey "$OUT" 2 base limit_pct)" - "$s: -p: none for the first column"

	run $sh $SB compare "$T/base" "$T/up100"
	like "$OUT" '^ +2 : .* \+10[01]%\*$' "$s: a doubling on the slower host: marked"

	run $sh $SB compare "$T/base" "$T/plain15"
	like "$OUT" '^ +2 : .* \+15%\*$' "$s: hosts alike: 15% marked"
	is "$(printf '%s\n' "$OUT" | grep -c 'canary')" 0 "$s: and the canary not named"
	run $sh $SB compare -p "$T/base" "$T/plain15"
	is "$(pkey "$OUT" 2 plain15 limit_pct)" 2.00 "$s: -p: the limit, the threshold"

	run $sh $SB compare -p "$T/base" "$T/few15" "$T/old15"
	is "$(pkey "$OUT" 2 few15 verdict) $(pkey "$OUT" 2 few15 limit_pct)" \
	    "changed 2.00" "$s: three timings: too few, nothing changes"
	is "$(pkey "$OUT" 2 old15 verdict) $(pkey "$OUT" 2 old15 limit_pct)" \
	    "changed 2.00" "$s: no timings (an older run): nothing changes"

	run $sh $SB compare -p "$T/base-max" "$T/up15-quota"
	is "$(pkey "$OUT" 2 up15-quota verdict) $(pkey "$OUT" 2 up15-quota limit_pct)" \
	    "changed 2.00" "$s: other CPU limits: the canary is not compared"
	is "$(printf '%s\n' "$OUT" | grep -c 'the CPU ran')" 0 "$s: nor named"

	run $sh $SB compare "$T/mixa1" "$T/mixb1"
	is "$(printf '%s\n' "$OUT" | grep -c '^? mixb: the CPU ran')" 0 \
	    "$s: two speeds in like proportions: the host not named"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" '\* in mixb takes [0-9]+% or more, as its host alone could explain less: the CPU ran at a speed not told apart from that under mixa \(canary, 95% interval -[0-9]+% to \+[0-9]+%\)' \
	    "$s: but the threshold raised by what they cannot rule out"
	run $sh $SB compare -p "$T/mixa1" "$T/mixb1"
	one=$(pkey "$OUT" 2 mixb limit_pct)
	run $sh $SB compare -p "$T/mixa1" "$T/mixa2" "$T/mixa3" \
	    "$T/mixb1" "$T/mixb2" "$T/mixb3"
	three=$(pkey "$OUT" 2 mixb limit_pct)
	check "$s: three runs a side narrow it ($one% to $three%)" awk \
	    -v a="$one" -v b="$three" 'BEGIN { exit !(b > 2 && b < a) }'
done

# Within 72 columns, notes and all.
sh $SB compare "$T/base" "$T/up15" "$T/mixb1" >"$T/narrow" 2>/dev/null
check "ASCII, at most 72 columns" narrow "$T/narrow"

done_testing
