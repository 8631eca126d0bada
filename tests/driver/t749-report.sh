# t749-report: compare prints one report a list reader can take as it
# is: a header said once, tables that carry only what is their own, one
# summary, no line said twice (tests/report-check.awk counts them); and
# every change printed is the change of the figures printed beside it,
# recomputed from the text over every cell of the fixtures and the
# historical runs. Then crafted host files, whose canary timings no run
# makes (x1e40, nan, -0, 1e300, x1e-30, two of ten x5), can neither
# hide a known change nor invent one: the marks of a +50% and a -15%
# change stay where they are, and the host is said to be unknown.
# A run's own tables (run, show) mark a workload measured on a busy
# machine. Then compare's speed of work: the historical runs and two quick runs
# start no process per run or pair (counted, never timed).
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
# shellcheck source=tests/made-runs.sh
. tests/made-runs.sh
FIX=tests/fixtures
SB=scripts/smpbench
T=$TMPDIR_T
CHECK=tests/report-check.awk

# compared ARGS...: compare ARGS once, its report in $T/report (RC, OUT).
compared() {
	sh $SB compare "$@" >"$T/report" 2>"$T/report.err"
	RC=$?
	OUT=$(cat "$T/report")
}

# report_ok WHAT: the report just compared, checked: the header and
# summary within 15 lines, each table within 4 of its own, nothing said
# twice, every change that of its figures.
report_ok() {
	is "$RC" 0 "$1: exit 0"
	awk -f $CHECK "$T/report" >"$T/check"
	is "$(grep '^FAIL' "$T/check")" "" "$1: compact, said once, figures that add up"
	like "$(tail -n 1 "$T/check")" '^tables=[1-9][0-9]* rows=[1-9][0-9]* changes=[1-9]' \
	    "$1: tables, rows and changes were read"
}

# report WHAT ARGS...: compare ARGS, its report checked (report_ok).
report() {
	r_what=$1
	shift
	compared "$@"
	report_ok "$r_what"
}

# The checker itself fails a report that breaks each rule: a change
# that is not that of its figures, a table with five lines of its own,
# a note said under two tables. The report they break is that of the
# two tiny runs, checked whole below.
compared $FIX/run-a $FIX/run-b
cp "$T/report" "$T/good"
sed 's/-90%@$/-50%@/' "$T/good" | awk -f $CHECK >"$T/bad"
like "$(cat "$T/bad")" 'FAIL +2 : .* -50%@: -50% is not 44753 against 444725' \
    "the checker finds a change that is not that of its figures"
awk '{ print } /^ *2 spread :/ { print "one"; print "two"; print "three"; print "four" }' \
    "$T/good" | awk -f $CHECK >"$T/bad"
like "$(cat "$T/bad")" 'FAIL ring: switches / second, higher is better: [5-9] lines of its own' \
    "and a table with more lines of its own than four"
awk '{ print } /^ *(2 spread|5) :/ { print "Same note." }' "$T/good" |
    awk -f $CHECK >"$T/bad"
like "$(cat "$T/bad")" 'FAIL said 2 times: Same note\.' "and a note said twice"

# The fixtures, one run a side and pooled, and the historical runs.
H=$(ls -d results/historical/*)
OUT=$(cat "$T/good")
report_ok "two tiny runs"
# The herd in the unit it measured: tiny runs of 2000 iterations, alone,
# in seconds for 2000 (the herd's table of this report).
like "$OUT" '^herd: seconds for 2000 iterations, lower is better$' \
    "the herd of tiny runs in seconds for the 2000 iterations they measured"
like "$(awk '/^herd: / { on = 1 } on && /^$/ { exit } on' "$T/good")" \
    '^ +2 : +0\.001[0-9]* ' "its figure unscaled"
report "two quick runs" $FIX/stat-a $FIX/stat-c
# (Kept: its headline is checked below, and the pooled one is among the
# fixtures' reports.)
cp "$T/report" "$T/shift"
report "four quick runs, one a side and pooled" $FIX/stat-a $FIX/stat-b \
    $FIX/stat-c $FIX/stat-d
cp "$T/report" "$T/pooled"
# Compared once, under strace where it is (its execve counted below).
STRACE=
if need_cmd strace; then
	# Stopped at execve alone where strace can (seccomp-bpf), else at
	# every system call: the same processes counted either way.
	STRACE="strace -f -e trace=execve -o $T/trace"
	strace -f --seccomp-bpf -e trace=execve -o /dev/null true 2>/dev/null &&
	    STRACE="strace -f --seccomp-bpf -e trace=execve -o $T/trace"
fi
$STRACE sh $SB compare $H $FIX/run-a $FIX/run-b >"$T/hist" 2>/dev/null
awk -v head_max=100 -f $CHECK "$T/hist" >"$T/check"
is "$(grep '^FAIL' "$T/check")" "" \
    "fourteen historical runs and two tiny ones: tables compact, said once, figures that add up"
like "$(tail -n 1 "$T/check")" '^tables=9 rows=[0-9]+ changes=[0-9]+' \
    "every table of them read"
run sh $SB compare -p $H $FIX/run-a $FIX/run-b
is "$(printf '%s\n' "$OUT" | grep '^workload=' | awk '{
	for (i = 1; i <= NF; i++) {
		eq = index($i, "=")
		k[substr($i, 1, eq - 1)] = substr($i, eq + 1)
	}
	if (k["col"] == "1")
		base[k["workload"], k["figure"], k["cell"]] = k["median"]
	else if (k["change_pct"] != "-" && k["median"] != "-") {
		b = base[k["workload"], k["figure"], k["cell"]]
		if (b > 0 && (d = 100 * (k["median"] / b - 1) - k["change_pct"]) > 0.01 || d < -0.01)
			print k["workload"], k["cell"], k["column"]
	}
}')" "" "-p: every change_pct is the ratio of the medians it stands beside"

# The herd beside the seed's 5000000: each scaled to that.
run sh $SB compare -w herd results/historical/1999-herd-linux-2.2.7 $FIX/run-a
like "$OUT" '^herd: seconds for 5000000 iterations, lower is better$' \
    "beside the seed's count, the seed's unit"
like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" 'Measured at other counts \(Linux 5000000; 6\.1\.0-a 2000\), each scaled to the seed.s 5000000\.' \
    "and the table says which were scaled"

# Crafted host files. base and f50 (+50%), f15 (+15%), m15 (-15%): the
# herd of 2, 1% noise, the same host under each (timings alike).
host_file() {
	printf 'workload=herd settle_wait_s=0.0 settle_state=quiet steal_pct=0.00 psi_some_pct=0.00 canary_median_ns=0.33 canary_n=20 canary_ns=%s\n' \
	    "$2" >"$1/host"
}
made_run "$T/base" herd base "2:$(draws 91 5 4.0 0.01)"
made_run "$T/f50" herd f50 "2:$(draws 92 5 6.0 0.01)"
made_run "$T/f15" herd f15 "2:$(draws 93 5 4.6 0.01)"
made_run "$T/m15" herd m15 "2:$(draws 94 5 3.4 0.01)"
GOOD_A=$(draws 81 20 0.33 0.01)
GOOD_B=$(draws 82 20 0.33 0.01)
host_file "$T/base" "$GOOD_A"
for r in f50 f15 m15; do
	host_file "$T/$r" "$GOOD_B"
done
# scaled FACTOR TIMINGS: each timing times FACTOR, as awk prints it.
scaled() {
	printf '%s\n' "$2" | tr , '\n' |
	    awk -v f="$1" '{ printf "%s%.6g", (NR > 1 ? "," : ""), $1 * f }'
}
# Each craft's timings, in $T/c-CRAFT/timings; a copy of base, f50, f15
# and m15 under $T/c-CRAFT/, each with a host file of those timings, the
# compared ones labelled RUN-CRAFT (f50-nan) so that every craft is a
# column of its own in one compare.
CRAFTS="x1e40 nan zero 1e300 x1e-30 two-x5"
for craft in $CRAFTS; do
	mkdir "$T/c-$craft"
	case $craft in
	x1e40) t=$(scaled 1e40 "$GOOD_B") ;;
	x1e-30) t=$(scaled 1e-30 "$GOOD_B") ;;
	nan) t=$(printf '%s\n' "$GOOD_B" | sed 's/[^,]*/nan/g') ;;
	zero) t=$(printf '%s\n' "$GOOD_B" | sed 's/[^,]*/-0/g') ;;
	1e300) t=$(printf '%s\n' "$GOOD_B" | sed 's/[^,]*/1e300/g') ;;
	two-x5) t=$(printf '%s\n' "$GOOD_B" | awk -F , -v OFS=, '{ $3 *= 5; $14 *= 5; print }') ;;
	esac
	printf '%s\n' "$t" >"$T/c-$craft/timings"
	cp -R "$T/base" "$T/f50" "$T/f15" "$T/m15" "$T/c-$craft/"
done
# The crafted host files, and the compared copies' labels, in one go.
awk -v T="$T" -v crafts="$CRAFTS" 'BEGIN {
	n = split(crafts, c, " ")
	split("base f50 f15 m15", r, " ")
	for (i = 1; i <= n; i++) {
		d = T "/c-" c[i]
		getline t <(d "/timings")
		for (k = 1; k <= 4; k++) {
			printf "workload=herd settle_wait_s=0.0 settle_state=quiet steal_pct=0.00 psi_some_pct=0.00 canary_median_ns=0.33 canary_n=20 canary_ns=%s\n", \
			    t >(d "/" r[k] "/host")
			close(d "/" r[k] "/host")
			if (k == 1)
				continue
			env = d "/" r[k] "/env"
			m = 0
			while ((getline l <env) > 0)
				line[++m] = l
			close(env)
			for (j = 1; j <= m; j++) {
				if (line[j] ~ /^label=/)
					line[j] = "label=" r[k] "-" c[i]
				# A run of its own: a copy is the same run.
				if (line[j] ~ /^run_id=/)
					line[j] = line[j] "-" c[i]
				print line[j] >env
			}
			close(env)
		}
	}
}'
# The verdicts of the herd of 2 in f50, f15, m15 after base, clean and
# under every craft, from one compare: each column is judged against
# the first alone.
set --
for craft in $CRAFTS; do
	set -- "$@" "$T/c-$craft/f50" "$T/c-$craft/f15" "$T/c-$craft/m15"
done
out=$(sh $SB compare -p -w herd "$T/base" "$T/f50" "$T/f15" "$T/m15" "$@" 2>/dev/null)
# verdicts SUFFIX: the verdicts of f50, f15 and m15 (labelled with SUFFIX).
verdicts() {
	for v_r in f50 f15 m15; do
		printf '%s ' "$(pkey "$out" 2 "$v_r$1" verdict)"
	done
}
is "$(verdicts "")" "changed changed changed " \
    "clean host files: +50%, +15% and -15% marked"
for craft in $CRAFTS; do
	is "$(verdicts "-$craft")" \
	    "changed changed changed " \
	    "timings $craft in the compared runs: every mark stays"
done

# The same in the base column, for three of the crafts: a huge figure,
# no figure, and two outliers among ten (t767 tries the rest, under
# make test-all).
for craft in x1e40 nan two-x5; do
	out=$(sh $SB compare -p -w herd "$T/c-$craft/base" "$T/f50" "$T/m15" 2>/dev/null)
	is "$(pkey "$out" 2 f50 verdict) $(pkey "$out" 2 m15 verdict)" \
	    "changed changed" "timings $craft in the base column: every mark stays"
	case $craft in
	two-x5)
		is "$(pkey "$out" 2 f50 limit_pct)" 2.00 \
		    "two of ten timings x5: the limit stands"
		;;
	*)
		is "$(pkey "$out" 2 f50 host)" unknown \
		    "timings $craft: the host's speed is unknown, in -p"
		run sh $SB compare -w herd "$T/c-$craft/base" "$T/f50"
		like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" 'The host.s speed under f50 is unknown in herd \(timings of its CPU that no run makes left out, ' \
		    "timings $craft: and in the header"
		;;
	esac
done
# No host file at all: unknown, said once in the header.
rm -rf "$T/nohost"
cp -R "$T/f15" "$T/nohost"
rm "$T/nohost/host"
run sh $SB compare -w herd "$T/base" "$T/nohost"
like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" ' Older runs, with no timing of the host.s CPU: f15: a change the host made is marked as the kernel.s\. ' \
    "a run without a host file: its host unknown, said in the header"

# CPU limits compared as sets of CPUs: 0,1 is 0-1.
rm -rf "$T/set"
cp -R "$T/f15" "$T/set"
printf 'cgroup_cpuset_cpus=0-1\n' >>"$T/base/env"
printf 'cgroup_cpuset_cpus=0,1\n' >>"$T/set/env"
run sh $SB compare -p -w herd "$T/base" "$T/set"
is "$(pkey "$OUT" 2 f15 host)" same "a cpuset of 0,1 against 0-1: the same CPUs, the host still judged"
run sh $SB compare -w herd "$T/base" "$T/set"
is "$(printf '%s\n' "$OUT" | grep -c cgroup_cpuset_cpus)" 0 "and no difference named"

# An env figure that is not one is no doubt: load_other=1.2.3 is not 1.2.
cp -R $FIX/run-b "$T/load"
printf 'load_other=1.2.3\n' >>"$T/load/env"
run sh $SB compare $FIX/run-a "$T/load"
is "$(printf '%s\n' "$OUT" | grep -c 'other work kept')" 0 \
    "load_other=1.2.3: not read as 1.2, no doubt made of it"
# (In place of the other: a key twice refuses the run.)
{ grep -v '^load_other=' "$FIX/run-b/env"; printf 'load_other=1.2\n'; } >"$T/load/env"
run sh $SB compare $FIX/run-a "$T/load"
is "$(printf '%s\n' "$OUT" | grep -c 'other work kept 1\.2 CPUs busy')" 1 \
    "load_other=1.2 after it: the run was busy, said"

# A crafted cache_l2_kib renames bind's rows: nothing in common, said.
cp -R $FIX/run-b "$T/l2"
printf 'cache_l2_kib=16\n' >>"$T/l2/env"
run sh $SB compare -w bind $FIX/run-a "$T/l2"
like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" '\? patched has no row in common with 6\.1\.0-a \(rows named by its env, as cache_l2_kib names bind.s\): nothing of it is compared\.' \
    "a crafted cache_l2_kib: no row in common, said"

# A bad line of a run is said once, though the workload's own table and
# each of its why tables read it (-v makes them all).
cp -R $FIX/run-l "$T/badline"
printf 'run_id=badline\n' >>"$T/badline/env"
sed '3s/=[0-9][0-9.]*/=qq/g' $FIX/run-l/raw/ring >"$T/badline/raw/ring"
run sh $SB compare -v $FIX/run-l "$T/badline"
is "$(printf '%s\n' "$ERR" | grep -c 'raw/ring:3: not a measurement')" 1 \
    "a bad raw line read by three tables: said once"

# A run's own tables (show, as run prints them) mark a workload measured
# on a busy machine where they are printed.
cp -R $FIX/run-a "$T/busyrun"
printf 'workload=ring settle_wait_s=60.0 settle_state=timeout steal_pct=0.00\n' \
    >"$T/busyrun/host"
run sh $SB show -r "$T/busyrun"
is "$(printf '%s\n' "$OUT" | grep -c '^? Measured on a busy machine: not quiet at its start (waited 60\.0 s)\.$')" 1 \
    "show: the ring, measured while the machine was not quiet, says so under its table"
run sh $SB show -r $FIX/run-a
is "$(printf '%s\n' "$OUT" | grep -c 'busy machine')" 0 "a quiet run's tables: no such line"

# No process per run, pair of runs, or check of a run: sixteen runs are
# copied by one smpb-snap, which makes their snapshots' directories too,
# and a handful of processes do the rest (the checks of every run at
# once, an awk, an smpb-stat for each of its rounds of judging). Counted
# as the processes that started a program (each a pid of its own in the
# trace, however many places of PATH it tried): 14 where this was
# written, 22 with a sed for each table's answers, 49 when each run had
# an smpb-snap of its own.
if [ -n "$STRACE" ]; then
	n=$(awk '/execve\(/ { pid[$1] = 1 } END { for (p in pid) n++; print n + 0 }' "$T/trace")
	check "sixteen runs compared by $n processes, at most 18, none a run" \
	    test "$n" -le 18
else
	t_skip "strace is not installed"
fi

# Each run's raw lines of a workload are read once for all its tables
# (its own, its why tables, its counters): -v prints them all. Counted
# as the opens of each raw file for reading that did not fail (an open
# that strace splits in two, "<unfinished ...>" then its "resumed" line
# of the same pid, failed where the second says so).
if [ -n "$STRACE" ]; then
	${STRACE%% -e *} -e trace=open,openat -o "$T/opens" \
	    sh $SB compare -v $FIX/run-a $FIX/run-b >/dev/null 2>&1
	is "$(awk 'function path(    p) {
		p = $0; sub(/^[^"]*"/, "", p); sub(/".*/, "", p); return p
	}
	/resumed>/ { if ($1 in split_open && !/ENOENT/) n[split_open[$1]]++
		delete split_open[$1]; next }
	!/\/raw\// || !/O_RDONLY/ { next }
	/<unfinished \.\.\.>/ { split_open[$1] = path(); next }
	!/ENOENT/ { n[path()]++ }
	END { for (p in n) { if (n[p] > m) m = n[p]; k++ } print k + 0, m + 0 }' \
	    "$T/opens")" "18 1" \
	    "compare -v: each of the runs' nine raw files read once, and once copied"
else
	t_skip "strace is not installed"
fi


# Rows whose names hold commas (bind's configurations), named on one
# line: parted by semicolons, so that each name reads whole. Every bind
# cell bimodal, 2 of 5 fast against 3 of 5.
for s in a b; do
	cp -R $FIX/run-a "$T/comma-$s"
	rm -f "$T/comma-$s"/raw/pipe "$T/comma-$s"/raw/ring \
	    "$T/comma-$s"/raw/herd "$T/comma-$s"/raw/yield
	{ sed "s/^label=.*/label=$s/; s/^workloads=.*/workloads=bind/" \
	    $FIX/run-a/env; echo "run_id=t749-comma-$s"; } >"$T/comma-$s/env"
	awk -v fast="$([ $s = a ] && echo 2 || echo 3)" '{
		for (r = 1; r <= 5; r++) {
			l = $0
			sub(/ rep=1 /, " rep=" r " ", l)
			v = r <= fast ? "0.010" : "0.020"
			gsub(/user_s_[01]=[0-9.]+/, "&X", l)
			gsub(/=[0-9.]+X/, "=" v, l)
			print l
		}
	}' $FIX/run-a/raw/bind >"$T/comma-$s/raw/bind"
done
compared "$T/comma-a" "$T/comma-b"
is "$(printf '%s\n' "$OUT" | sed -n '/^bimodal bind /,/(-v: each)\.$/p' |
    tr '\n' ' ' | tr -s ' ')" \
    "bimodal bind idle, 16 KiB; hog, 16 KiB; idle, bound, 16 KiB; hog, bound, 16 KiB; idle, bound, single, 16 KiB: the clusters stand where they stood (within 2%); how often each came is what differs (-v: each). " \
    "rows with commas in their names, named on one line: parted by ;"

# The headline: what changed, cell by cell, worse or better, grouped by
# table, neighbouring rows of one placement as one: in the report of the
# two quick runs, a 2x shift, checked whole above.
cp "$T/shift" "$T/report"
is "$(sed -n '/^[^ ]* against /,/^$/p' "$T/report")" "6.1.0-b against 6.1.0-a: 6 of 7 cells tested changed, 6 worse, 0 better
  (chance alone: about 0.4 at 5%):
  ring, worse: 3 to 4 (-50%); 2 one (-50%); 2 spread (-50%)
  yield, worse: 1 to 2 (+100%)" "the headline of a 2x shift: each marked cell, by table, worse"
is "$(awk '/^[^ ]* against /,/^$/' "$T/report" | head -n 1) $(awk '/^Cells: /,0' "$T/report" | grep -c '^[a-z]*: .* is better')" \
    "6.1.0-b against 6.1.0-a: 6 of 7 cells tested changed, 6 worse, 0 better 2" \
    "after the header, before the tables"
# A rate that rose is better (+), a time that fell too.
compared $FIX/stat-c $FIX/stat-a
like "$(sed -n '/^[^ ]* against /,/^$/p' "$T/report")" '^  ring, better: 3 to 4 \(\+100%\); 2 one \(\+100%\); 2 spread \(\+100%\)$' \
    "the other way round: the ring better"
like "$(sed -n '/^[^ ]* against /,/^$/p' "$T/report")" '^  yield, better: 1 to 2 \(-50%\)$' \
    "and yield better, a time that fell"
like "$OUT" '^ +3 : +149426 +\(1%\) +298852 +\(1%\) +\+100%\+$' \
    "the mark itself says better: +"
like "$OUT" '^ 1 : +0\.806 +\(1%\) +0\.403 +\(1%\) +-50%\+$' "for a time too"
# Many columns: at most twelve lines, the rest counted.
for c in c1 c2 c3; do
	cp -R $FIX/stat-c "$T/$c"
	{ sed "s/^label=.*/label=$c/" $FIX/stat-c/env; echo "run_id=t749-$c"; } \
	    >"$T/$c/env"
done
compared $FIX/stat-a $FIX/stat-c "$T/c1" "$T/c2" "$T/c3"
cp "$T/report" "$T/lettered"
is "$(awk -v head_max=20 -f $CHECK "$T/report" | grep '^FAIL')" "" \
    "five columns: said once, figures that add up"
sed -n '/^[^ ]* against /,/^$/p' "$T/report" | sed '$d' >"$T/headline"
is "$(wc -l <"$T/headline" | tr -d ' ')" 12 "five columns: a headline of twelve lines"
like "$(tail -n 1 "$T/headline")" '^  and [0-9]+ more marked cells \(in the tables\)\.$' \
    "its last counts the rest"
# The cells it leaves out: each column's 6 (a ring line names 4 of them,
# a yield line 2), less those named.
run sh $SB compare -p $FIX/stat-a $FIX/stat-c "$T/c1" "$T/c2" "$T/c3"
is "$(tail -n 1 "$T/headline" | tr -dc 0-9)" \
    "$(( $(printf '%s\n' "$OUT" | grep -c ' verdict=changed ') - \
    4 * $(grep -c '^  ring, worse: ' "$T/headline") - \
    2 * $(grep -c '^  yield, worse: ' "$T/headline") ))" \
    "the rest counted: each marked cell it does not name"

# A bimodal side against one of a single cluster: compared, and marked.
# Seven of ten repeats of the herd of 2 in 4.6 s, three in 10.1; then ten
# in 10.1: the median moves, and the rank test sees it.
made_run "$T/bi" herd bi "2:$(draws 201 7 4.6 0.01),$(draws 202 3 10.1 0.01)"
made_run "$T/uni" herd uni "2:$(draws 203 10 10.1 0.01)"
compared "$T/bi" "$T/uni"
report_ok "bimodal against one cluster"
like "$OUT" '^ +2 : +4\.[0-9]+ +\(7/10\) +10\.[0-9]+ +\([0-9]%\) +\+1[0-9][0-9]%\*$' \
    "bimodal against one cluster: a change, marked worse"
like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" 'bimodal herd 2: bi fast 4\.[0-9]+ \(7 of 10\), slow 10\.[0-9]+ \(3\); uni 10\.[0-9]+\.' \
    "the clusters' medians a note away"
run sh $SB compare -p "$T/bi" "$T/uni"
is "$(pkey "$OUT" 2 uni verdict) $(pkey "$OUT" 2 uni direction) $(pkey "$OUT" 2 bi bimodal)" \
    "changed worse 7/10" "-p: changed, worse, and the clusters"

# Said once: a busy A/A of one kernel (b's host took time, steal 1.5%,
# in every workload, its speed unknown: three timings each), pooled
# runs, and the fixtures' reports, none says a line twice.
# run-a's workloads, each a host line.
aa_workloads=$(sed -n 's/^workloads=//p' $FIX/run-a/env)
for r in aa1 aa2 aa3; do
	cp -R $FIX/run-a "$T/$r"
	sed "s/^label=.*/label=$([ $r = aa1 ] && echo a || echo b)/; s/^date=.*/date=2026-01-0${r#aa}T10:00:00Z/" \
	    $FIX/run-a/env >"$T/$r/env"
	steal=1.51
	[ $r = aa1 ] && steal=0.00
	for w in $aa_workloads; do
		printf 'workload=%s settle_wait_s=0.0 settle_state=quiet steal_pct=%s psi_some_pct=0.00 canary_median_ns=0.33 canary_n=3 canary_ns=0.33,0.34,0.33\n' \
		    $w $steal
	done >"$T/$r/host"
done
# The reports made above kept, the rest made here.
sh $SB compare "$T/aa1" "$T/aa2" "$T/aa3" >"$T/aa" 2>/dev/null
{
	echo "=== busy A/A"
	cat "$T/aa"
	echo "=== two tiny runs"
	cat "$T/good"
	echo "=== pooled"
	cat "$T/pooled"
	echo "=== big"
	sh $SB compare $FIX/run-big $FIX/run-big2
	echo "=== lettered"
	cat "$T/lettered"
	echo "=== historical"
	sh $SB compare $H
} >"$T/all" 2>/dev/null
awk -v head_max=100 -f $CHECK "$T/all" >"$T/check"
is "$(grep '^FAIL' "$T/check")" "" \
    "the fixtures' reports, a busy A/A among them: no line twice, every change from its figures"
is "$(grep -c 'steal' "$T/aa") $(grep -c 'speed under b is unknown' "$T/aa")" "1 1" \
    "the steal and the unknown host said once each"
stolen=$(printf '%s (1.51%%), ' $aa_workloads |
    sed 's/[().]/\\&/g')
like "$(tr -s ' \n' '  ' <"$T/aa")" "\\? b: its host took time from it \\(steal\\) in ${stolen}a point or more above another run: its changes are in doubt\\. " \
    "in plain words, with the workloads"

done_testing
