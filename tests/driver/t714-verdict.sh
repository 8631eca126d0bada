# t714-verdict: compare's verdicts on made-up runs whose answers are
# known, each run made here from a fixed seed (never by running the
# programs): two runs of one distribution that differ only in where the
# kernel put the herd (a placement mark, never *), by each of the three
# signs of it; a 0.5% shift with a tight spread (no mark, but with
# -t 0.25); a 20% shift with 5% noise, one run a side (marked, its
# interval holding the true shift); shifts whose intervals are those of
# the independent computation (tests/fixtures/interval); runs pooled by
# label (two columns of three runs, a 30% shift marked by the runs'
# medians; the same runs split one and two); 3 repeats against 3 (no
# mark, a note says why); compare -p (its keys, its verdicts, and the
# table's marks are the same verdicts); a busy machine and a drifting
# host named; the CPU limits that differ, and placement then judged by
# the CPUs used alone; -t checked; every line within 72 columns. Under
# every POSIX shell we can find.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "compare's verdicts on made-up runs, and its reference cases"
# shellcheck source=tests/made-runs.sh
. tests/made-runs.sh
FIX=tests/fixtures
SB=scripts/smpbench
T=$TMPDIR_T

# The runs. Placement: the herd of 2 of one distribution but for where
# it ran: same1 on one CPU (occupying 1.0 and queueing 1.0), same2 on
# two (1.3 and 0.07), at 4.6 and 10.1 s (seed 001's 0.9 against 2.0 us
# an iteration); p-o and p-q differ only in what they occupied or
# queued; moved: the same placement, twice the time.
made_run "$T/same1" herd same1 "2:$(draws 11 5 4.6 0.01):1:1.0:1.0" \
    "25:$(draws 12 5 3.0 0.01):2:1.9:0.2"
made_run "$T/same2" herd same2 "2:$(draws 13 5 10.1 0.01):2:1.3:0.07" \
    "25:$(draws 14 5 3.0 0.01):2:1.9:0.2"
made_run "$T/p-o" herd p-o "2:$(draws 15 5 4.6 0.01):2:1.0:1.0"
made_run "$T/p-o2" herd p-o2 "2:$(draws 16 5 10.1 0.01):2:1.6:1.0"
made_run "$T/p-q" herd p-q "2:$(draws 17 5 4.6 0.01):2:1.0:1.0"
made_run "$T/p-q2" herd p-q2 "2:$(draws 18 5 10.1 0.01):2:1.0:0.5"
made_run "$T/moved" herd moved "2:$(draws 19 5 9.2 0.01):1:1.0:1.0" \
    "25:$(draws 20 5 3.0 0.01):2:1.9:0.2"
# limited DIR NAME CPU_MAX: a copy of the run DIR as $T/NAME, labelled
# NAME, its cgroup's cpu.max CPU_MAX.
limited() {
	cp -R "$1" "$T/$2"
	sed "s/^label=.*/label=$2/" "$1/env" >"$T/$2/env"
	printf 'cgroup_cpu_max=%s\n' "$3" >>"$T/$2/env"
}
limited "$T/p-o" p-o-max "max 100000"
limited "$T/p-o2" p-o2-quota "100000 100000"
limited "$T/p-q" p-q-max "max 100000"
limited "$T/p-q2" p-q2-quota "100000 100000"
limited "$T/same1" same1-max "max 100000"
limited "$T/same2" same2-quota "100000 100000"
# Size: a 0.5% shift, spread 0.1%; a 20% shift, spread 5%.
made_run "$T/tight1" herd tight1 "2:$(draws 21 5 4.0 0.001)"
made_run "$T/tight2" herd tight2 "2:$(draws 22 5 4.02 0.001)"
made_run "$T/noisy1" herd noisy1 "2:$(draws 23 5 4.0 0.05)"
made_run "$T/noisy2" herd noisy2 "2:$(draws 24 5 4.8 0.05)"
# 3 repeats against 3, twice the time.
made_run "$T/three1" herd three1 "2:$(draws 25 3 4.0 0.01)"
made_run "$T/three2" herd three2 "2:$(draws 26 3 8.0 0.01)"

for s in $SHELLS; do
	use_shell $s || continue

	# (a) Placement, not a change.
	run $sh $SB compare "$T/same1" "$T/same2"
	is "$RC" 0 "$s: placement: exit 0"
	like "$OUT" '^ +2 : +4\.[0-9]+ +\(1%\) +10\.[0-9]+ +\(1%\) +\+1[0-9][0-9]%@$' \
	    "$s: the herd of 2 more than twice as slow, marked @, not *"
	is "$(printf '%s\n' "$OUT" | grep -c '%\*')" 0 "$s: no * at all"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" '@ herd 2: same1 on one CPU in 5 of 5 repeats \(run/wall 1\.0, wait/wall 1\.0\), same2 on two CPUs in 5 of 5 repeats \(run/wall 1\.3, wait/wall 0\.07\)\.' \
	    "$s: how each side ran, under the table"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" "@ the sides ran on one CPU and on more: the scheduler's placement, not marked as a change" \
	    "$s: and what that means"
	like "$OUT" '^ +25 : +[23]\.[0-9]+ +\([0-9]%\) +[23]\.[0-9]+ +\([0-9]%\) +[-+][0-9]%$' \
	    "$s: the herd of 25, placed alike: no mark"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" ' same2 against same1: no cell of 2 tested changed \(chance alone: about 0\.1 at 5%\); 1 @, placement\.' \
	    "$s: the headline: cells tested, marks, and what chance would give"
	run $sh $SB compare "$T/p-o" "$T/p-o2"
	like "$OUT" '^ +2 : .*%@$' "$s: placement by the CPUs occupied alone"
	run $sh $SB compare "$T/p-q" "$T/p-q2"
	like "$OUT" '^ +2 : .*%@$' "$s: placement by the time queued alone"
	# Under other CPU limits the CPUs occupied and the time queued are
	# the limit's doing: only the CPUs used tell a placement.
	run $sh $SB compare "$T/p-o-max" "$T/p-o2-quota"
	like "$OUT" '^ +2 : .*%\*$' "$s: other CPU limits: the CPUs occupied are no placement"
	run $sh $SB compare "$T/p-q-max" "$T/p-q2-quota"
	like "$OUT" '^ +2 : .*%\*$' "$s: nor the time queued"
	run $sh $SB compare "$T/same1-max" "$T/same2-quota"
	like "$OUT" '^ +2 : .*%@$' "$s: the CPUs used still are"
	run $sh $SB compare "$T/p-o-max" "$T/p-o2"
	like "$OUT" '^ +2 : .*%@$' "$s: a limit one side did not record is no difference"
	run $sh $SB compare "$T/same1" "$T/moved"
	like "$OUT" '^ +2 : +4\.[0-9]+ +\(1%\) +9\.[0-9]+ +\(1%\) +\+[0-9]+%\*$' \
	    "$s: placed alike and twice the time: marked *"

	# (b), (c) The size of a change and its interval.
	run $sh $SB compare "$T/tight1" "$T/tight2"
	like "$OUT" '^ +2 : +4\.0[0-9]+ +\(0%\) +4\.0[0-9]+ +\(0%\) +\+1%$' \
	    "$s: 0.5% with a spread of 0.1%: no mark"
	run $sh $SB compare -p "$T/tight1" "$T/tight2"
	check "$s: though its interval excludes zero" awk \
	    -v lo="$(pkey "$OUT" 2 tight2 lo_pct)" 'BEGIN { exit !(lo > 0) }'
	is "$(pkey "$OUT" 2 tight2 verdict)" same "$s: verdict same"
	run $sh $SB compare -t 0.25 "$T/tight1" "$T/tight2"
	like "$OUT" '^ +2 : .* \+1%\*$' "$s: with -t 0.25 it is marked"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" '\* worse, \+ better: a change of 0\.25% or more \(-t\) whose 95% interval \(Hodges-Lehmann, of the repeats\) leaves out zero' \
	    "$s: and the rule says so"
	run $sh $SB compare "$T/noisy1" "$T/noisy2"
	like "$OUT" '^ +2 : .* \+[0-9]+%\*$' "$s: 20% with 5% noise: marked"
	run $sh $SB compare -v "$T/noisy1" "$T/noisy2"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" 'Shifts and their 95% intervals: herd 2 \+[0-9]+% \[\+[0-9.]+%, \+[0-9]+%\]\.' \
	    "$s: -v: its interval under the table"
	run $sh $SB compare -p "$T/noisy1" "$T/noisy2"
	check "$s: the interval holds the true 20%" awk \
	    -v lo="$(pkey "$OUT" 2 noisy2 lo_pct)" \
	    -v hi="$(pkey "$OUT" 2 noisy2 hi_pct)" \
	    'BEGIN { exit !(lo < 20 && 20 < hi && lo > 0) }'
	is "$(pkey "$OUT" 2 noisy2 method)" repeats "$s: from the repeats"
	like "$(printf '%s\n' "$OUT" | head -n 1)" '^# One run a side: a mark says these two runs differ, not yet that the kernels do\.$' \
	    "$s: -p says once that the noise between runs is unknown"
	run $sh $SB compare "$T/noisy1" "$T/noisy2"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" 'One run a side: a mark says these two runs differ; that the kernels do takes several runs a side \(run -R 3\)\.' \
	    "$s: so does the header"
	is "$(printf '%s\n' "$OUT" | grep -c 'One run a side')" 1 "$s: once"

	# 3 against 3.
	run $sh $SB compare "$T/three1" "$T/three2"
	like "$OUT" '^ +2 : .* \+10[0-9]%$' "$s: 3 repeats against 3: the change, unmarked"
	like "$OUT" '^three2 against three1: no cell tested; 1 with too few repeats\.$' \
	    "$s: and the headline says why"
	run $sh $SB compare -p "$T/three1" "$T/three2"
	is "$(pkey "$OUT" 2 three2 verdict) $(pkey "$OUT" 2 three2 level)" \
	    "few 0.9000" "$s: -p: verdict few, level 0.90"
done

# (d) Intervals equal to those computed apart: each reference case of
# positive figures made into two runs of the herd, one repeat a figure
# (hl: one run a side) or one run a figure (welch: a run's median is its
# one repeat).
n=0
while IFS=' ' read -r kind x y est lo hi level; do
	n=$((n + 1))
	[ "$n" -le 12 ] || break
	d=$T/ref$n
	if [ "$kind" = hl ]; then
		made_run "$d/a" herd refa "2:$x"
		made_run "$d/b" herd refb "2:$y"
		set -- "$d/a" "$d/b"
	else
		set --
		k=0
		for v in $(printf '%s\n' "$x" | tr , ' '); do
			k=$((k + 1))
			made_run "$d/a$k" herd refa "2:$v"
			set -- "$@" "$d/a$k"
		done
		k=0
		for v in $(printf '%s\n' "$y" | tr , ' '); do
			k=$((k + 1))
			made_run "$d/b$k" herd refb "2:$v"
			set -- "$@" "$d/b$k"
		done
	fi
	run sh $SB compare -p "$@"
	got="$(pkey "$OUT" 2 refb shift_pct) $(pkey "$OUT" 2 refb lo_pct) $(pkey "$OUT" 2 refb hi_pct) $(pkey "$OUT" 2 refb level) $(pkey "$OUT" 2 refb method)"
	check "reference case $n ($kind): $est [$lo, $hi] at $level is $got" \
	    awk -v got="$got" -v want="$est $lo $hi $level" -v kind="$kind" 'BEGIN {
		if (split(got, g, " ") != 5 || split(want, w, " ") != 4)
			exit 1
		if (g[5] != (kind == "hl" ? "repeats" : "runs"))
			exit 1
		for (i = 1; i <= 3; i++)
			if ((d = g[i] - 100 * w[i]) > 0.006 || d < -0.006)
				exit 1
		exit (d = g[4] - w[4]) > 0.0001 || d < -0.0001
	}'
done <$FIX/interval/cases.txt

# (e) Pooling: three runs a side, each run's repeats tight about its
# own level, the levels 3% apart (between runs), 30% between the sides.
i=0
for lvl in $(draws 31 3 1000000 0.03 | tr , ' '); do
	i=$((i + 1))
	made_run "$T/base$i" ring base "2:$(draws $((40 + i)) 5 "$lvl" 0.005)"
done
i=0
for lvl in $(draws 32 3 1300000 0.03 | tr , ' '); do
	i=$((i + 1))
	made_run "$T/new$i" ring new "2:$(draws $((50 + i)) 5 "$lvl" 0.005)"
done
# The same three runs of new, one labelled apart.
cp -R "$T/new1" "$T/lone1"
sed 's/^label=.*/label=lone/' "$T/new1/env" >"$T/lone1/env"
# A/A: three runs of base against three more of its distribution.
i=0
for lvl in $(draws 33 3 1000000 0.03 | tr , ' '); do
	i=$((i + 1))
	made_run "$T/again$i" ring again "2:$(draws $((60 + i)) 5 "$lvl" 0.005)"
done
BASE="$T/base1 $T/base2 $T/base3"
for s in $SHELLS; do
	use_shell $s || continue
	run $sh $SB compare $BASE "$T/new1" "$T/new2" "$T/new3"
	is "$RC" 0 "$s: 3 runs against 3: exit 0"
	like "$OUT" '^N : +base +new$' "$s: two columns"
	like "$OUT" '^2 : [0-9]+ +\([0-9]%\) +[0-9]+ +\([0-9]%\) +\+3[0-9]%\+$' \
	    "$s: a 30% shift marked, for the better (a rate)"
	like "$OUT" '^  new: kernel 6\.1\.0-a, 3 runs x 5 repeats, 2026-02-01\.$' \
	    "$s: the pooling said in the header"
	is "$(printf '%s\n' "$OUT" | grep -c 'noise between runs')" 0 \
	    "$s: no note on one run a side"
	run $sh $SB compare -p $BASE "$T/new1" "$T/new2" "$T/new3"
	is "$(pkey "$OUT" 2 new method) $(pkey "$OUT" 2 new runs) $(pkey "$OUT" 2 new repeats)" \
	    "runs 3 15" "$s: -p: from the runs' medians, 3 runs, 15 repeats"
	run $sh $SB compare -p $BASE "$T/lone1" "$T/new2" "$T/new3"
	is "$(pkey "$OUT" 2 lone method) $(pkey "$OUT" 2 lone runs)" "repeats 1" \
	    "$s: split, the lone run's change from the repeats"
	is "$(pkey "$OUT" 2 new method) $(pkey "$OUT" 2 new runs)" "runs 2" \
	    "$s: the other two runs' from their medians"
	run $sh $SB compare $BASE "$T/again1" "$T/again2" "$T/again3"
	like "$OUT" '^2 : [0-9]+ +\([0-9]%\) +[0-9]+ +\([0-9]%\) +[-+][0-9]%$' \
	    "$s: A/A, three runs a side: no mark"
done

# (f) compare -p: keys in order, verdicts, and the table's marks are
# the same verdicts.
KEYS="workload figure cell column runs repeats median change_pct lo_pct hi_pct level p method verdict limit_pct shift_pct host col refused direction bimodal"
COUNT_KEYS="tested worse better placement worse_in_doubt better_in_doubt few"
RECORD_KEYS="record column col doubt $COUNT_KEYS
record workload figure column col runs repeats host host_pct host_lo_pct host_hi_pct rise_pct fall_pct doubt $COUNT_KEYS"
for s in $SHELLS; do
	use_shell $s || continue
	run $sh $SB compare -p "$T/same1" "$T/same2" "$T/moved" "$T/tight2"
	is "$RC" 0 "$s: -p: exit 0"
	is "$(printf '%s\n' "$OUT" | grep '^workload=' | sed 's/=[^ ]*//g' | sort -u)" \
	    "$KEYS" "$s: -p: every cell's line has the keys, in order"
	is "$(printf '%s\n' "$OUT" | grep -v '^#' | grep -v '^workload=' | sed 's/=[^ ]*//g' | sort -u)" \
	    "$RECORD_KEYS" "$s: -p: every other line a record, its keys in order"
	is "$(printf '%s\n' "$OUT" | grep -c '^workload=.* figure=seconds ')" 7 \
	    "$s: -p: one line per cell and column that has a figure"
	is "$(pkey "$OUT" 2 same1 verdict) $(pkey "$OUT" 2 same2 verdict) $(pkey "$OUT" 2 moved verdict) $(pkey "$OUT" 25 same2 verdict)" \
	    "base placement changed same" "$s: -p: the verdicts"
	like "$OUT" '^workload=herd figure=seconds cell=2 column=same2 runs=1 repeats=5 median=10\.[0-9]+ change_pct=1[0-9][0-9]\.[0-9][0-9] lo_pct=[0-9.]+ hi_pct=[0-9.]+ level=0\.9683 p=0\.[0-9]+ method=repeats verdict=placement limit_pct=2\.00 shift_pct=1[0-9][0-9]\.[0-9][0-9] host=unknown col=2 refused=- direction=worse bimodal=-$' \
	    "$s: -p: a whole line"
	table=$(sh $SB compare "$T/same1" "$T/same2" "$T/moved" "$T/tight2")
	for row in 2 25; do
		want=
		for col in same2 moved tight2; do
			case $(pkey "$OUT" $row $col verdict) in
			'') continue ;;
			changed)
				m='*'
				[ "$(pkey "$OUT" $row $col direction)" = better ] && m=+
				;;
			placement) m='@' ;;
			doubtful) m='?' ;;
			*) m=. ;;
			esac
			want="$want${want:+ }$m"
		done
		is "$(mark_of "$table" $row)" "$want" "$s: row $row: the table's marks are -p's verdicts"
	done
done

# Doubts from what a run recorded of its machine and host: the start
# not settled, steal a point above the other side's (the canary is
# t747's); a cgroup CPU limit that differs. The old
# doubt of a load average at the start is gone.
cp -R "$T/moved" "$T/drift"
sed 's/^label=.*/label=drift/; s/^loadavg=.*/loadavg=7.65 2.00 1.00/' \
    "$T/moved/env" >"$T/drift/env"
printf '%s\n' settle_wait_s=60 settle_state=timeout settle_procs_running=3 \
    settle_psi_some_pct=12.5 settle_busy_cpus=0.8 \
    'cgroup_cpu_max=100000 100000' cgroup_cpu_weight=100 >>"$T/drift/env"
printf '%s\n' 'cgroup_cpu_max=max 100000' cgroup_cpu_weight=100 >>"$T/same1/env"
printf 'workload=herd steal_pct=4.0 psi_some_pct=0.0 canary_before_ns=100 canary_after_ns=109 canary_spread_pct=2\n' \
    >"$T/drift/host"
cp -R "$T/moved" "$T/hostlink"
ln -s "$T/drift/host" "$T/hostlink/host"
# The workload's own start, in the host file, over the run's.
cp -R "$T/moved" "$T/late"
sed 's/^label=.*/label=late/' "$T/moved/env" >"$T/late/env"
printf 'settle_state=quiet\n' >>"$T/late/env"
printf 'workload=ring settle_wait_s=0 settle_state=quiet\nworkload=herd settle_wait_s=60 settle_state=timeout steal_pct=0.5\n' \
    >"$T/late/host"
printf 'workload=herd settle_wait_s=0 settle_state=quiet steal_pct=0.0 psi_some_pct=0.0 canary_before_ns=100 canary_after_ns=101 canary_spread_pct=2\n' \
    >"$T/same1/host"
for s in $SHELLS; do
	use_shell $s || continue
	run $sh $SB compare "$T/same1" "$T/drift"
	is "$RC" 0 "$s: a drifting host: exit 0"
	like "$OUT" '^\? drift: the machine was not quiet at the start \(waited 60 s\); 3 tasks' \
	    "$s: a start that did not settle, said above the tables"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" '\? drift: the machine was not quiet at the start \(waited 60 s\); 3 tasks runnable; other work on 0\.8 CPUs; CPU pressure 12\.5%\. ' \
	    "$s: with what the run saw then"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" '\? drift: its host took time from it \(steal\) in herd \(4\.0%\), a point or more above another run: its changes are in doubt\.' \
	    "$s: and the steal"
	is "$(printf '%s\n' "$OUT" | grep -c 'load average')" 0 \
	    "$s: nor the load average at the start"
	like "$OUT" '^ +2 : .*%\?$' "$s: the change is doubtful, not *"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" 'Differs in drift from same1: cgroup_cpu_max 100000 100000 where same1 has max 100000\.' \
	    "$s: the CPU limit that differs"
	is "$(printf '%s\n' "$OUT" | grep -c 'cgroup_cpu_weight')" 0 \
	    "$s: not the one that does not"
	run $sh $SB compare -p "$T/same1" "$T/drift"
	is "$(pkey "$OUT" 2 drift verdict)" doubtful "$s: -p: verdict doubtful"
	run $sh $SB compare "$T/same1" "$T/hostlink"
	is "$RC $ERR" "1 smpbench: $T/hostlink: not a saved run (host is not a plain file)" \
	    "$s: a host file that is a link is refused, unread"
	run $sh $SB compare "$T/same1" "$T/late"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" '\? late: the machine was not quiet at the start of herd \(waited 60 s\): its changes are in doubt\.' \
	    "$s: the workload's own start, from the host file"
	is "$(printf '%s\n' "$OUT" | grep -c 'steal')" 0 \
	    "$s: steal half a point above the other's is not named"
done

# (g) -t: a percentage, 0 to 100; anything else exits 2 with one line.
for s in $SHELLS; do
	use_shell $s || continue
	for t in abc -1 101 100.5 1e3 .5 5. "2 " 1.1234567 ""; do
		run $sh $SB compare -t "$t" "$T/same1" "$T/same2"
		is "$RC $OUT" "2 " "$s: -t '$t': exit 2, nothing on stdout"
		is "$ERR" "smpbench: compare: -t: '$t' is not a percentage (0..100) (see smpbench -h)" \
		    "$s: -t '$t': one line says why"
	done
	run $sh $SB compare -t 0 "$T/tight1" "$T/tight2"
	is "$RC" 0 "$s: -t 0 is a threshold"
	run $sh $SB compare -t 100 "$T/same1" "$T/moved"
	is "$(printf '%s\n' "$OUT" | grep '%\*' | grep -vc ' +1[0-9][0-9]%\*$')" 0 \
	    "$s: -t 100 marks no change below 100%"
	run $sh $SB compare -t 100 "$T/same1" "$T/tight2"
	is "$(printf '%s\n' "$OUT" | grep -c '%\*')" 0 "$s: -t 100 marks -12% no more"
	run $sh $SB compare -t
	is "$RC" 2 "$s: -t without a value: exit 2"
done

# Every line of every comparison here, and -v's intervals, within 72
# columns of ASCII.
for set in "$T/same1 $T/same2 $T/moved $T/tight2 $T/drift" \
    "$BASE $T/lone1 $T/new2 $T/new3" "$T/noisy1 $T/noisy2"; do
	for o in "" -v; do
		sh $SB compare $o $set >"$T/narrow" 2>/dev/null
		check "compare $o of $(printf '%s\n' "$set" | wc -w | tr -d ' ') runs: ASCII, at most 72 columns" \
		    narrow "$T/narrow"
	done
done
run sh $SB compare -v "$T/same1" "$T/same2" "$T/moved"
like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" 'Shifts and their 95% intervals: herd 2 same2 \+[0-9]+% \[\+[0-9]+%, \+[0-9]+%\]; herd 2 moved ' \
    "-v: every change's interval, placement or not"

done_testing
