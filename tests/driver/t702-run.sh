# t702-run: real runs of the tiny sweep (SMPBENCH_SWEEP=tiny) under every
# POSIX shell we can find: the saved run's layout, its raw lines, tables
# equal to what was printed and to what show prints, no temporary file
# left, sanitised names, no progress when stderr is not a terminal.
# A run costs the driver's own work far more than its measurements: one
# run of every workload serves the checks of a whole run and of a label;
# each shell's run of the ring is also its -R 2; and one more run of the
# ring serves the repeats, busybox's awk, the terminal and a second run
# beside the first.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck disable=SC2012,SC2317 # ls of names we made; helpers run by check
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=scripts/smpbench
for p in $PROGRAMS; do
	[ -x bin/smpb-$p ] || skip_all "bin/smpb-$p is not built (run make)"
done

# A quiet fake machine (no load, no governor) with this machine's CPUs,
# so that the run warns about nothing.
allowed=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status 2>/dev/null)
[ -n "$allowed" ] || skip_all "no /proc/self/status to find the allowed CPUs"
ROOT=$TMPDIR_T/root
mkdir -p "$ROOT/proc/self" "$ROOT/sys/devices/system/cpu"
printf '0.00 0.00 0.00 1/100 1\n' >"$ROOT/proc/loadavg"
printf 'Cpus_allowed_list:\t%s\n' "$allowed" >"$ROOT/proc/self/status"
printf 'processor\t: 0\nmodel name\t: Test CPU\n' >"$ROOT/proc/cpuinfo"
printf '%s\n' "$allowed" >"$ROOT/sys/devices/system/cpu/online"
export SMPBENCH_PROC="$ROOT" SMPBENCH_SWEEP=tiny

# The label of the runs saved in the default place, results/<date>-<host>-
# <kernel>-<label>: made safe (no /, no control character) for the name,
# printable in the tables.
res=$TMPDIR_T/res
label=$(printf 'my/new\001lab\tel')
klabel="$(uname -r) (my/newlab el)"

# One whole run, every workload, under dash (or sh), saved in the default
# place with that label: the one real run of every workload, which the
# checks of the layout, the env, the tables and the label all read.
first=$(shell_cmd dash)
first=${first:-sh}
run env SMPBENCH_RESULTS="$res" $first $SB run -r 1 -l "$label"
is "$RC" 0 "a tiny run of every workload exits 0"
is "$RC" 0 "a run with a label of /, ^A and a tab exits 0"
d=$(ls "$res")
is "$(ls "$res" | wc -l | tr -d ' ')" 1 "one run directory"
out=$res/$d
like "$(printf '%s\n' "$ERR" | sed -n 1p)" \
    '^smpbench: tiny run: [1-9][0-9]* measurements \(1 repeat\), about [0-9]+ (s|min)$' \
    "stderr's first line: the measurements, and about how long"
is "$(printf '%s\n' "$ERR" | sed -n '1s/^smpbench: tiny run: \([0-9]*\) .*/\1/p')" \
    "$(cat "$out"/raw/* | wc -l | tr -d ' ')" \
    "as many measurements as it said it would make: a raw line each"
# Not a terminal: a progress line a workload all the same, then where
# the run was saved and how long it took.
is "$(printf '%s\n' "$ERR" | sed '1d;$d' | awk '
	/^smpbench: \[[0-9]+\/[0-9]+\] [a-z]+: [0-9]+ measurements, [0-9]+ (s|min) left$/ {
		w = $3; sub(/:$/, "", w); s = s w " "; next }
	{ s = s "[" $0 "] " }
	END { print s }')" "$(printf '%s ' $WORKLOADS)" \
    "then, not a terminal, a line a workload, with the time left"
is "$(printf '%s\n' "$ERR" | tail -n 1 | sed 's/ ([0-9][0-9]* s)$/ (N s)/')" \
    "smpbench: saved in $out (N s)" \
    "and where the run was saved, in how long"
printf '%s\n' "$OUT" >"$TMPDIR_T/whole.out"
is "$(ls "$out" | tr '\n' ' ')" "complete env host raw tables " "env, host, raw/, tables, complete"
is "$(ls "$out/raw" | tr "\\n" " ")" "$(printf "%s\\n" $WORKLOADS | LC_ALL=C sort | tr "\\n" " ")" "one raw file per workload"
is "$(find "$out" -name '.*' | wc -l | tr -d ' ')" 0 "no temporary file left"
is "$(cat "$out/tables")" "$OUT" "tables holds what was printed"
check "the tables are ASCII, at most 72 columns" narrow "$out/tables"
keys=$(sed 's/=.*//' "$out/env" | tr '\n' ' ')
is "$keys" "suite_version date host kernel uname cpu_model cpus_online cpus_online_list cpus_allowed_list cpus_isolated_list cpus_usable cpus_usable_list smt loadavg governor cache_l2_kib cache_llc_kib boost cmdline preempt sched_features sched_ext config_hash schedstat schedstat_version config cgroup_cpu_max cgroup_cpu_weight cgroup_cpuset_cpus cgroup_cfs_quota_us cgroup_cfs_period_us cgroup_cpu_shares kernel_lacks topology topo_packages topo_dies topo_cores topo_threads_per_core topo_llc_level topo_llcs topo_llc_kib topo_l2_kib topo_nodes topo_llc_cpus topo_node_cpus place_one place_spread topo_usable_cpus topo_confined_cpus topo_placements topo_placements_quick topo_note topo_shape profile repeats label note workloads placements run_id run_command settle_wait_s settle_state settle_procs_running settle_psi_some_pct settle_busy_cpus loadavg_end load_other other_runs other_runs_note other_users_runs " \
    "env has every key, the load at the end and other work last"
is "$(sed -n 's/^settle_state=//p' "$out/env")" skipped \
    "the tiny sweep does not wait for a quiet machine (-S 0)"
is "$(sed 's/ steal_pct=.*//' "$out/host" | tr '\n' ' ')" \
    "$(printf 'workload=%s settle_wait_s=0.0 settle_state=skipped ' $WORKLOADS)" \
    "host: one line per workload, in the order run"
bad=$(LC_ALL=C grep -Evc '^workload=[a-z]+ settle_wait_s=[0-9]+\.[0-9] settle_state=(quiet|timeout|skipped) steal_pct=([0-9]+\.[0-9]{2}|unknown) psi_some_pct=([0-9]+\.[0-9]{2}|unknown) canary_median_ns=[0-9]+\.[0-9]{4} canary_n=[1-9][0-9]* canary_ns=[0-9]+\.[0-9]{4}(,[0-9]+\.[0-9]{4})*$' "$out/host")
is "$bad" 0 "host: every line has its keys, the canary's timed by smpb-hog"
is "$(sed -n 's/^cpu_model=//p' "$out/env")" "Test CPU" "env: the CPU model"
is "$(sed -n 's/^kernel=//p' "$out/env")" "$(uname -r)" "env: the kernel release"
is "$(sed -n 's/^profile=//p' "$out/env")" tiny "env: the profile"
is "$(sed -n 's/^repeats=//p' "$out/env")" 1 "env: the repeats"
is "$(sed -n 's/^measurements=//p' "$out/complete")" \
    "$(cat "$out"/raw/* | wc -l | tr -d ' ')" "complete counts every raw line"
bad=$(cat "$out"/raw/* | LC_ALL=C grep -Evc \
    '^place=(free|one|spread) rep=1 argv=[^ ]*( cpulist=[0-9,-]+)? ([a-z_0-9]+=(-?[0-9.]+|[0-9,-]+|none) )+sched_stats=(kernel|none)$')
is "$bad" 0 "every raw line: the driver's keys, then a -p line"
line=$(grep '^place=free rep=1 argv=-n,3,' "$out/raw/ring")
pline=$(printf '%s\n' "$line" | sed 's/^place=[^ ]* rep=[^ ]* argv=[^ ]* //')
keys=$(printf '%s\n' "$pline" | tr ' ' '\n' | sed 's/=.*//' | tr '\n' ' ')
want=$(bin/smpb-ring -p -l -n 3 -i 10 | tr ' ' '\n' | sed 's/=.*//' | tr '\n' ' ')
is "$keys" "$want" "a ring raw line ends with smpb-ring's -p -l keys"
like "$(grep '^place=one ' "$out/raw/ring" | head -n 1)" ' cpulist=[0-9]+ ' "ring: one CPU is pinned"
is "$(grep -c '^place=one ' "$out/raw/pipe")" 0 \
    "pipe: not on one CPU, where its figure cannot differ"
like "$(grep '^place=free ' "$out/raw/pipe" | head -n 1)" ' argv=-s,1,-t,1,-T,0\.02 ' \
    "pipe: each cell for a time (-T), not a budget"
run sh $SB show "$out"
is "$(tables_of "$OUT")" "$(cat "$TMPDIR_T/whole.out")" "show prints what run printed"
like "$(printf '%s\n' "$OUT" | tr '\n' ' ')" ' Context of my/newlab el: preempt .*; +load +average +0\.00 +at +the +start, +0\.00 +at +the +end' \
    "then the kernel's context, with the load at the start and at the end"
run sh $SB show -r "$out"
is "$(tables_of "$OUT")" "$(cat "$TMPDIR_T/whole.out")" "show -r makes the same tables again"
for w in $WORKLOADS; do
	like "$(cat "$TMPDIR_T/whole.out")" "^$w: $(uname -r) \\(my/newlab el\\), Test CPU, [0-9]+ CPUs?\$" \
	    "the $w table is headed by kernel, label, CPU model, CPU count"
done
# Its name and label.
like "$d" '^[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{6}-[A-Za-z0-9._+-]+$' "its name has only safe characters"
case $d in
*-"$(printf '%s' "$(uname -r)" | LC_ALL=C tr -c 'A-Za-z0-9._+-' '_')"-my_newlab_el) t_result 0 "name: date, host, kernel, sanitised label" ;;
*) t_result 1 "name: date, host, kernel, sanitised label"; printf '#   got: %s\n' "$d" ;;
esac
is "$(sed -n 's/^label=//p' "$out/env")" "my/newlab el" "env: the label, without control characters"
is "$(grep '^ring: ' "$TMPDIR_T/whole.out" | sed 's/ [0-9]* CPUs*$//')" \
    "ring: $klabel, Test CPU," \
    "the table is headed by the kernel, the label beside it"
is "$(grep -c "^ring, why: $(printf '%s\n' "$klabel" | sed 's/[].[*^$\\]/\\&/g'), Test CPU, " "$TMPDIR_T/whole.out")" 1 \
    "and so is its why table"

# The ring alone under every shell, as -R 2: two runs, each a run of its
# own in DIR/1 and DIR/2, with the same label and ids of their own; where
# they are, and how to compare them.
for s in $SHELLS; do
	sh=$(shell_cmd $s)
	if [ -z "$sh" ]; then
		t_result 0 "# SKIP $s is not installed"
		continue
	fi
	out=$TMPDIR_T/ring-$s
	run $sh $SB run -R 2 -r 1 -l twice -o "$out" ring
	is "$RC" 0 "$s: a tiny ring run exits 0"
	like "$OUT" '^ 2 : [0-9]+[~=!]? switches / second$' "$s: the seed's line"
	like "$OUT" '^ 2 : +[0-9]+[~=!]? switches / second  one: -c [0-9]+$' \
	    "$s: the ring of 2 on one CPU, its CPU beside it"
	like "$OUT" '^ 2 : +[0-9]+[~=!]? switches / second  spread: -c [0-9]+,[0-9]+$' \
	    "$s: and on two, its CPUs beside it"
	is "$(cat "$out/1/tables" "$out/2/tables")" "$OUT" "$s: tables holds what was printed"
	check "$s: complete written" test -f "$out/1/complete"
	is "$(find "$out" -name '.*' | wc -l | tr -d ' ')" 0 "$s: no temporary file left"
	rrc=$RC rerr=$ERR
	run $sh $SB show "$out/1"
	is "$(tables_of "$OUT")" "$(cat "$out/1/tables")" "$s: show prints it again"
	is "$rrc" 0 "$s: -R 2: exits 0"
	is "$(ls "$out" | tr '\n' ' ')" "1 2 " "$s: -R 2 -o DIR: DIR/1 and DIR/2"
	check "$s: -R 2: the first run is complete" test -f "$out/1/complete"
	check "$s: -R 2: the second run is complete" test -f "$out/2/complete"
	is "$(sed -n 's/^label=//p' "$out/1/env" "$out/2/env" | tr '\n' ' ')" "twice twice " \
	    "$s: -R 2: both runs have the label"
	id1=$(sed -n 's/^run_id=//p' "$out/1/env")
	id2=$(sed -n 's/^run_id=//p' "$out/2/env")
	like "$id1" '^[0-9]{8}T[0-9]{6}Z-[A-Za-z0-9._+-]+-[0-9]+-1(-[0-9a-f]{8})?$' "$s: -R 2: a run id: time, host, pid, number"
	check "$s: -R 2: the two runs have ids of their own ($id1, $id2)" test "$id1" != "$id2"
	cmp -s "$out/1/env" "$out/2/env"
	is "$?" 1 "$s: -R 2: and env files of their own"
	is "$(cat "$out/1/tables" "$out/2/tables" | grep -c '^ring: .*(twice), ')" 2 "$s: -R 2: each run prints its table"
	is "$(printf '%s\n' "$rerr" | tail -n 2)" "smpbench: 2 runs labelled \"twice\" saved in: $out/1 $out/2
smpbench: to set them beside another kernel's runs: smpbench compare $out/1 $out/2 RUNS... (runs that share a label make one column)" \
	    "$s: -R 2: says where the runs are and the compare command"
	run $sh $SB run -R 2 -r 1 -o "$out" ring
	is "$RC" 1 "$s: -R 2 -o DIR: a DIR that is not empty is refused"
	is "$ERR" "smpbench: -o $out: exists and is not empty" "$s: and says so"
done

# A second run in the default place, with the same label: the ring, 2
# repeats, with busybox's awk for every awk program (POSIX awk only) and
# its ls (a guest's, as make vmtest boots: no ls -q) and, under
# script(1), stderr on a terminal: a one-line [k/n] counter.
bbawk=0
if need_cmd busybox && busybox awk 'BEGIN { exit 0 }' 2>/dev/null; then
	mkdir "$TMPDIR_T/bbawk"
	ln -s "$(command -v busybox)" "$TMPDIR_T/bbawk/awk"
	ln -s "$(command -v busybox)" "$TMPDIR_T/bbawk/ls"
	bbawk=1
	T_PATH=$TMPDIR_T/bbawk:$PATH
else
	T_PATH=$PATH
fi
tty=0
need_cmd script && script --version 2>/dev/null | grep -q util-linux && tty=1
T_LABEL=$label T_RES=$res T_OUT=$TMPDIR_T/second.out T_SB=$SB
export T_PATH T_LABEL T_RES T_OUT T_SB
# shellcheck disable=SC2016 # expanded by the shell script(1) starts
T_CMD='env PATH="$T_PATH" SMPBENCH_RESULTS="$T_RES" sh "$T_SB" run -r 2 -l "$T_LABEL" ring >"$T_OUT"'
if [ "$tty" -eq 1 ]; then
	script -qec "$T_CMD" "$TMPDIR_T/typescript" >/dev/null 2>&1 </dev/null
	RC=$?
else
	sh -c "$T_CMD" 2>/dev/null
	RC=$?
fi
OUT=$(cat "$T_OUT")
is "$(ls "$res" | wc -l | tr -d ' ')" 2 "a second run beside it gets a name of its own"
for d2 in "$res"/*; do
	[ "${d2##*/}" = "$d" ] || break
done
d2=${d2##*/}
is "$(grep -c '^place=spread ' "$res/$d2/raw/ring")" 2 "the ring at N = 2 ran spread, each repeat"
if [ "$bbawk" -eq 1 ]; then
	is "$RC" 0 "busybox awk: a tiny run exits 0"
	is "$(cat "$res/$d2/tables")" "$OUT" "busybox awk: tables holds what was printed"
	like "$OUT" '^ 2 : [0-9]+' "busybox awk: the ring table"
	like "$(cat "$res/$d2/env")" '^cpus_online=[1-9]' "busybox awk: the CPUs counted"
	run sh $SB show -r "$res/$d2"
	is "$(tables_of "$OUT")" "$(cat "$res/$d2/tables")" "and the system awk makes the same tables"
	run env PATH="$TMPDIR_T/bbawk:$PATH" sh $SB show -r "$res/$d"
	is "$(tables_of "$OUT")" "$(cat "$TMPDIR_T/whole.out")" \
	    "busybox awk: show -r makes every workload's tables again"
else
	t_result 0 "# SKIP busybox awk is not installed"
fi
if [ "$tty" -eq 1 ]; then
	like "$(tr '\r' '\n' <"$TMPDIR_T/typescript")" '^\[8/8, [0-9]+ (s|min) left\] ring -n 2 -T 0\.05 -l \(spread: -c [0-9]+,[0-9]+\)' \
	    "on a terminal, progress as [k/n, time left] workload options"
else
	t_result 0 "# SKIP no util-linux script(1) to give stderr a terminal"
fi

# The full sweep, listed (nothing run): the herd's cells at the seed's
# iterations, which herd.sh reads from herd.awk's facts, as does its
# cost, which is then minutes.
run env SMPBENCH_SWEEP= sh $SB run -f -n herd
like "$OUT" '^herd free -n 2 -i 5000000 -l$' \
    "run -f -n herd: the seed's first point at its -i 5000000"
is "$(printf '%s\n' "$OUT" | grep -vc ' -i 5000000 -l$')" 0 "and every other cell"
like "$ERR" '^smpbench: full run: [0-9]+ measurements \(5 repeats\), about [0-9]+ (min|h) ' \
    "and its cost from them: minutes"

done_testing
