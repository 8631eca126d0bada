# t747-host-speed: compare sets the sides' canaries (the host's own
# speed, timed after each measurement) side by side, on made-up runs
# whose answers are known, under every POSIX shell we can find: a host
# 30% slower on one side is named, with its interval, and a 15% change
# it could explain is not marked while a doubling still is; hosts alike
# leave the threshold as it was; timings that land at one of two speeds
# in like proportions are not named, yet raise the threshold of one run
# a side by what they cannot rule out, and three runs a side leave it
# (their spread holds the host's) unless the hosts differ; a slower host
# raises the threshold only the way it moves the figure (a time up, a
# rate down); one timing three times as slow among sixty does not raise
# it; runs without timings (older runs) or with too few, or made under
# other CPU limits, or under a quota at all (the canary then times the
# quota too), change nothing; -p gives each column's limit.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "the hosts' speeds side by side on made-up runs whose answers are known"
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
# A fall of 25%; a ring (a rate) 20% lower and 20% higher, on the
# slower host; a tail: sixty timings alike but for one three times as
# slow, and a 10% change; both under one quota.
made_run "$T/down25" herd down25 "2:$(draws 77 5 3.0 0.01)"
host_file "$T/down25" "$(draws 86 20 0.429 0.01)"
made_run "$T/rbase" ring rbase "2:$(draws 78 5 1000000 0.01)"
made_run "$T/rdown20" ring rdown20 "2:$(draws 79 5 800000 0.01)"
made_run "$T/rup20" ring rup20 "2:$(draws 80 5 1200000 0.01)"
ring_host() {
	printf 'workload=ring settle_wait_s=0.0 settle_state=quiet steal_pct=0.00 psi_some_pct=0.00 canary_median_ns=0.3300 canary_n=20 canary_ns=%s\n' \
	    "$2" >"$1/host"
}
ring_host "$T/rbase" "$(draws 87 20 0.33 0.01)"
ring_host "$T/rdown20" "$(draws 88 20 0.429 0.01)"
ring_host "$T/rup20" "$(draws 89 20 0.429 0.01)"
made_run "$T/tail1" herd tail1 "2:$(draws 61 5 4.0 0.01)"
made_run "$T/tail2" herd tail2 "2:$(draws 62 5 4.4 0.01)"
host_file "$T/tail1" "$(draws 63 59 0.33 0.01),0.99"
host_file "$T/tail2" "$(draws 64 60 0.33 0.01)"
for q in a b; do
	made_run "$T/quota-$q" herd "quota-$q" "2:$(draws 65 5 4.0 0.01)"
	printf 'cgroup_cfs_quota_us=100000\n' >>"$T/quota-$q/env"
done
host_file "$T/quota-a" "$(draws 66 20 0.33 0.01)"
host_file "$T/quota-b" "$(draws 67 20 0.429 0.01)"
# A host under 1% slower, 60 tight timings a side: moved, said to the
# tenth.
made_run "$T/base07" herd base07 "2:$(draws 71 5 4.0 0.01)"
made_run "$T/up07" herd up07 "2:$(draws 72 5 4.0 0.01)"
host_file "$T/base07" "$(draws 81 60 0.33 0.003)"
host_file "$T/up07" "$(draws 82 60 0.3315 0.003)"
# Three runs a side, of hosts alike and of one 30% slower.
for k in 1 2 3; do
	made_run "$T/slowa$k" herd slowa "2:$(draws $((110 + k)) 5 4.0 0.01)"
	made_run "$T/slowb$k" herd slowb "2:$(draws $((113 + k)) 5 4.6 0.01)"
	host_file "$T/slowa$k" "$(draws $((120 + k)) 20 0.33 0.02)"
	host_file "$T/slowb$k" "$(draws $((123 + k)) 20 0.429 0.02)"
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
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')"  ' The host.s CPU itself ran at another speed under up15 than under base \(timed after every measurement; 95% intervals\): herd 30% slower \(\+2[89]% to \+3[12]%\)\. ' \
	    "$s: a slower host named, with its interval, in the header"
	like "$OUT" '^ +2 : +4\.[0-9]+ +\(1%\) +4\.[0-9]+ +\(1%\) +\+1[45]%$' \
	    "$s: a 15% change it could explain: no mark"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" 'A rise is marked in up15 only past \+3[12]%: as far as its host.s own change of speed could move herd\.' \
	    "$s: the column's threshold, and why, under the table"
	is "$(printf '%s\n' "$OUT" | grep -c 'is not told from')" 0 \
	    "$s: a host that moved: not said as one not told apart"
	run $sh $SB compare "$T/up15" "$T/base"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" '\): herd 2[2-4]% faster \(2[1-4]% to 2[3-6]%\)\. ' \
	    "$s: a faster host, its interval as faster, unsigned"
	# Every run against base, in -p, from one compare: each column is
	# judged against the first alone.
	run $sh $SB compare "$T/base07" "$T/up07"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" ': herd 0[.][1-9]% slower \(\+0[.][1-9]% to \+1%\)\. ' \
	    "$s: a host under 1% slower: said to the tenth, no bound of 0%"
	run $sh $SB compare -p "$T/base" "$T/up15" "$T/plain15" "$T/few15" \
	    "$T/old15" "$T/down25"
	PB=$OUT
	is "$(pkey "$PB" 2 up15 verdict)" same "$s: -p: verdict same"
	check "$s: -p: its limit, the interval's far end" awk \
	    -v l="$(pkey "$PB" 2 up15 limit_pct)" 'BEGIN { exit !(l > 30 && l < 32) }'
	is "$(pkey "$PB" 2 base limit_pct)" - "$s: -p: none for the first column"
	like "$(printf '%s\n' "$PB" | grep '^record=column workload=herd figure=seconds column=up15 ')" \
	    ' col=2 runs=1 repeats=5 host=slower host_pct=(29|30)\.[0-9][0-9] host_lo_pct=2[89]\.[0-9][0-9] host_hi_pct=3[01]\.[0-9][0-9] rise_pct=3[01]\.[0-9][0-9] fall_pct=2\.00 ' \
	    "$s: -p: the column's record: its host, its interval, what it raised"

	run $sh $SB compare "$T/base" "$T/up100"
	like "$OUT" '^ +2 : .* \+(99|10[01])%\*$' "$s: a doubling on the slower host: marked"

	run $sh $SB compare "$T/base" "$T/plain15"
	like "$OUT" '^ +2 : .* \+1[45]%\*$' "$s: hosts alike: 15% marked"
	is "$(printf '%s\n' "$OUT" | grep -c 'canary')" 0 "$s: and the canary not named"
	is "$(pkey "$PB" 2 plain15 limit_pct)" 2.00 "$s: -p: the limit, the threshold"

	is "$(pkey "$PB" 2 few15 verdict) $(pkey "$PB" 2 few15 limit_pct)" \
	    "changed 2.00" "$s: three timings: too few, nothing changes"
	is "$(pkey "$PB" 2 old15 verdict) $(pkey "$PB" 2 old15 limit_pct)" \
	    "changed 2.00" "$s: no timings (an older run): nothing changes"

	run $sh $SB compare -p "$T/base-max" "$T/up15-quota"
	is "$(pkey "$OUT" 2 up15-quota verdict) $(pkey "$OUT" 2 up15-quota limit_pct)" \
	    "changed 2.00" "$s: other CPU limits: the canary is not compared"
	is "$(printf '%s\n' "$OUT" | grep -c 'the CPU ran')" 0 "$s: nor named"

	run $sh $SB compare "$T/mixa1" "$T/mixb1"
	is "$(printf '%s\n' "$OUT" | grep -c '^? mixb: the CPU ran')" 0 \
	    "$s: two speeds in like proportions: the host not named"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" 'Marked in mixb only past (\+/-[0-9]+%|\+[0-9]+% and -[0-9]+%): as far as its host.s own change of speed could move herd\.' \
	    "$s: but the threshold raised by what they cannot rule out"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" " The host.s speed under mixb is not told from mixa.s in herd: its CPU.s timings spread too wide; a change is marked there only past what the host could have made \\(the line under the table\\)\\. " \
	    "$s: and the header says why, naming the workload"
	run $sh $SB compare -p "$T/mixa1" "$T/mixb1"
	check "$s: one run a side: the limit above the threshold" awk \
	    -v l="$(pkey "$OUT" 2 mixb limit_pct)" 'BEGIN { exit !(l > 5) }'
	run $sh $SB compare -p "$T/mixa1" "$T/mixa2" "$T/mixa3" \
	    "$T/mixb1" "$T/mixb2" "$T/mixb3"
	is "$(pkey "$OUT" 2 mixb limit_pct) $(pkey "$OUT" 2 mixb verdict)" \
	    "2.00 changed" "$s: three runs a side, hosts alike: the spread between runs holds the host's, the threshold stands"
	run $sh $SB compare -p "$T/slowa1" "$T/slowa2" "$T/slowa3" \
	    "$T/slowb1" "$T/slowb2" "$T/slowb3"
	check "$s: three runs a side on a host 30% slower: the limit raised" awk \
	    -v l="$(pkey "$OUT" 2 slowb limit_pct)" 'BEGIN { exit !(l > 25) }'
	is "$(pkey "$OUT" 2 slowb verdict)" same "$s: and the 15% not marked"

	# Which way the host moves a figure: a slower one makes a time
	# higher, never lower; a rate lower, never higher.
	is "$(pkey "$PB" 2 down25 verdict) $(pkey "$PB" 2 down25 limit_pct)" \
	    "changed 2.00" "$s: a fall of 25% on the slower host: marked"
	run $sh $SB compare -p "$T/rbase" "$T/rdown20" "$T/rup20"
	is "$(pkey "$OUT" 2 rdown20 verdict)" same "$s: a rate 20% lower on a host 30% slower: not marked"
	check "$s: its limit, 1 - 1 / 1.3" awk \
	    -v l="$(pkey "$OUT" 2 rdown20 limit_pct)" 'BEGIN { exit !(l > 22 && l < 25) }'
	is "$(pkey "$OUT" 2 rup20 verdict)" changed "$s: 20% higher: marked"
	# A raised limit that rounds to the threshold (-t) is said to the
	# tenth: the note says how far it was raised, not the threshold.
	# -t: the limit less half a point, rounded: the point the limit rounds
	# down to (the seeded limit, about 24.3, has a fraction under a half).
	rl=$(pkey "$OUT" 2 rdown20 limit_pct)
	rt=$(awk -v l="$rl" 'BEGIN { printf "%.0f", l - 0.5 }')
	rw=$(awk -v l="$rl" 'BEGIN { s = sprintf("%.1f", l); sub(/\./, "[.]", s); print s }')
	run $sh $SB compare -t "$rt" "$T/rbase" "$T/rdown20"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" "A fall is marked in rdown20 only past -$rw%:" \
	    "$s: a limit of $rl% under -t $rt: said to the tenth"

	# A timing that lost a time slice, three times as slow, among sixty:
	# the hosts are still alike.
	run $sh $SB compare -p "$T/tail1" "$T/tail2"
	is "$(pkey "$OUT" 2 tail2 verdict) $(pkey "$OUT" 2 tail2 limit_pct)" \
	    "changed 2.00" "$s: one slow timing does not raise the limit"

	# The same quota on both sides: the canary times the quota.
	run $sh $SB compare -p "$T/quota-a" "$T/quota-b"
	is "$(pkey "$OUT" 2 quota-b limit_pct)" 2.00 "$s: both under a quota: the canary left out"
done

# Within 72 columns, notes and all.
sh $SB compare "$T/base" "$T/up15" "$T/mixb1" >"$T/narrow" 2>/dev/null
check "ASCII, at most 72 columns" narrow "$T/narrow"

done_testing
