# t759-reproduce: how a run and a report say how they were made. run
# saves its command line in env (run_command), each word quoted so that
# the shell reads back the words given (blanks, quotes, a label with a
# quote, $ and a backslash); compare's report ends with one line, after
# a blank one, naming the suite's version, the runs' commands grouped
# with their count (a vm run's by its vm_command, another version said,
# older runs without one said as such, beyond four commands the rest
# counted) and compare's own command, one line however many runs; -p
# ends with it as a comment. smpbench vm's last two lines, made from
# made-up runs as vm makes them from its boots' (nothing is booted
# here): where its time went and its own command.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=scripts/smpbench
FIX=tests/fixtures
[ -x bin/smpb-pipe ] || skip_all "bin/smpb-pipe is not built (run make)"
export SMPBENCH_SWEEP=tiny
T=$TMPDIR_T

# The suite's version, as the runs made here say it.
V=$(sh $SB -V)
V=${V#smpbench }

# made NAME FIXTURE KEY=VALUE...: a run, a copy of FIXTURE, a run of its
# own (run_id) of this version, each KEY of its env given VALUE.
made() {
	md_d=$T/$1
	cp -R "$FIX/$2" "$md_d" || exit 1
	md_n=$1
	shift 2
	# Each KEY=VALUE in turn: the KEY's line left out, the new one last
	# (one awk for them all).
	awk 'BEGIN { while (++i < ARGC) { set[i] = ARGV[i]; delete ARGV[i] } }
	    { l[++n] = $0 }
	    END {
		for (k = 1; k in set; k++) {
			key = substr(set[k], 1, index(set[k], "="))
			m = 0
			for (j = 1; j <= n; j++)
				if (index(l[j], key) != 1)
					l[++m] = l[j]
			l[n = m + 1] = set[k]
		}
		for (j = 1; j <= n; j++)
			print l[j]
	    }' "run_id=$md_n" "suite_version=$V" ${1+"$@"} <"$md_d/env" \
	    >"$md_d/env.new" && mv "$md_d/env.new" "$md_d/env" || exit 1
}

# last_line: the last line of OUT, the version as VERSION (versionless).
last_line() {
	versionless "$(printf '%s\n' "$OUT" | tail -n 1)"
}

# The words of a run's command line, each on a line of its own.
for s in $SHELLS; do
	use_shell $s || continue
	d="$T/run $s"
	# shellcheck disable=SC2016 # the $ and the backquotes kept, on purpose
	run $sh $SB run -S 0 -r 1 -l "it's a \"label\"" \
	    -m 'a $HOME `b` \x' -o "$d" pipe
	is "$RC" 0 "$s: a run of odd words: exit 0"
	cmd=$(sed -n 's/^run_command=//p' "$d/env")
	is "$cmd" "SMPBENCH_SWEEP=tiny smpbench run -S 0 -r 1 -l 'it'\\''s a \"label\"' -m 'a \$HOME \`b\` \\x' -o '$d' pipe" \
	    "$s: env: run_command, the sweep the environment chose first, each odd word quoted"
	eval "set -- ${cmd#*smpbench }"
	is "$#|$1|$6|$7|$8|$9|${11}" "12|run|-l|it's a \"label\"|-m|a \$HOME \`b\` \\x|$d" \
	    "$s: and the shell reads back the words given"
	is "$(sed -n 's/^label=//p' "$d/env")" "it's a \"label\"" \
	    "$s: the label it names is the run's"
done
first_shell

# compare's last line: runs grouped by command, in their order.
made a1 run-a label=base "run_command=smpbench run -l base -R 3"
made a2 run-a label=base "run_command=smpbench run -l base -R 3"
made a3 run-a label=base "run_command=smpbench run -l base -R 3"
made b1 run-b label=new "run_command=smpbench run -l new"
made b2 run-b label=new "run_command=smpbench run -l new"
run $sh $SB compare "$T/a1" "$T/a2" "$T/a3" "$T/b1" "$T/b2"
is "$RC" 0 "compare of runs that say their command: exit 0"
is "$(last_line)" "reproduce: smpbench VERSION; runs: smpbench run -l base -R 3 (3 runs), smpbench run -l new (2 runs); compare: smpbench compare $T/a1 $T/a2 $T/a3 $T/b1 $T/b2" \
    "its last line: the version, the runs' commands grouped, compare's"
is "$(printf '%s\n' "$OUT" | tail -n 2 | head -n 1)" "" "after a blank line"
like "$(printf '%s\n' "$OUT" | tail -n 1)" '^reproduce: smpbench [0-9][^;]*; ' \
    "the version is the suite's"

# Older runs, another version, a vm run: each said as such.
made v1 run-b label=new "run_command=smpbench run -l 6.12 -o /out/run" \
    "vm_command=smpbench vm -k 6.1 -k new=6.12" "suite_version=0.0.9"
made v2 run-b label=new "run_command=smpbench run -l 6.12 -o /out/run" \
    "vm_command=smpbench vm -k 6.1 -k new=6.12" "suite_version=0.0.9"
run $sh $SB compare -f "$FIX/run-a" "$T/a1" "$T/v1" "$T/v2" "results/historical/1991-ring-sun-3-75"
is "$(last_line)" "reproduce: smpbench VERSION; runs: smpbench run -l base -R 3 (1 run), smpbench vm -k 6.1 -k new=6.12 (2 runs, smpbench 0.0.9), 2 runs without a recorded command; compare: smpbench compare -f $FIX/run-a $T/a1 $T/v1 $T/v2 results/historical/1991-ring-sun-3-75" \
    "a vm run by its vm command, another version, older runs said as such"
run $sh $SB compare -p "$T/a1" "$T/b1"
is "$(last_line)" "# reproduce: smpbench VERSION; runs: smpbench run -l base -R 3 (1 run), smpbench run -l new (1 run); compare: smpbench compare -p $T/a1 $T/b1" \
    "compare -p: the same line, last, as a comment"

# Many runs, each of its own command: four said, the rest counted.
k=1 many=
while [ "$k" -le 9 ]; do
	made m$k run-a label=m$((k % 2)) "run_command=smpbench run -l m$((k % 2)) -o b$k"
	many="$many $T/m$k"
	k=$((k + 1))
done
run $sh $SB compare $many
is "$(last_line)" "reproduce: smpbench VERSION; runs: smpbench run -l m1 -o b1 (1 run), smpbench run -l m0 -o b2 (1 run), smpbench run -l m1 -o b3 (1 run), smpbench run -l m0 -o b4 (1 run), and 5 more runs of 5 other commands; compare: smpbench compare$many" \
    "nine commands: four said, the rest counted"
is "$(printf '%s\n' "$OUT" | grep -c '^reproduce: ')" 1 "in one line"

# vm's last two lines, from its runs' complete files, as vm_report
# makes them (lib/reproduce.sh's vm_closing): from 10:00:00 to 10:05:00,
# the earlier run measuring from 10:00:30 for 40 s, the later (named
# first) for 50 s.
for r in boot1 boot2 boot3 boot4; do
	mkdir "$T/$r" || exit 1
done
printf 'finished=2026-01-01T10:01:10Z\nseconds=40\n' >"$T/boot1/complete"
printf 'finished=2026-01-01T10:03:30Z\nseconds=50\n' >"$T/boot2/complete"
printf 'finished=2026-01-01T00:00:20Z\nseconds=10\n' >"$T/boot3/complete"
printf 'finished=2026-01-01T10:01:20Z\nseconds=34\n' >"$T/boot4/complete"
# vm_lines KERNELS START END RUNS...: the two lines of a vm of KERNELS
# kernels that ran from START to END, of RUNS.
vm_lines() {
	vl_k=$1 vl_start=$2 vl_end=$3
	shift 3
	for vl_r do
		printf '%s\n' "$T/$vl_r"
	done >"$T/runs"
	SMPB_RUNS=$T/runs LC_ALL=C awk \
	    -f scripts/awk/lib.awk -f scripts/awk/vm-closing.awk \
	    -v version="0.1.0 (1234abc)" -v command="smpbench vm -k 6.1 -k 6.12" \
	    -v start="$vl_start" -v end="$vl_end" -v kernels="$vl_k" </dev/null
}
is "$(vm_lines 2 2026-01-01T10:00:00Z 2026-01-01T10:05:00Z boot2 boot1)" \
    "vm: 5 min 0 s in all, 30 s from the command to the first measurement; boots and setup 3 min 30 s (70%), measuring 1 min 30 s (30%)
reproduce: smpbench 0.1.0 (1234abc); runs and compare: smpbench vm -k 6.1 -k 6.12" \
    "vm: its time, to the first measurement, boots against measuring; its command"
is "$(vm_lines 1 2026-01-01T10:00:00Z 2026-01-01T10:05:00Z boot2 | tail -n 1)" \
    "reproduce: smpbench 0.1.0 (1234abc); runs: smpbench vm -k 6.1 -k 6.12" \
    "vm of one kernel: runs, not compared"
is "$(vm_lines 1 2025-12-31T23:59:50Z 2026-01-01T00:01:00Z boot3 | head -n 1)" \
    "vm: 70 s in all, 20 s from the command to the first measurement; boots and setup 60 s (86%), measuring 10 s (14%)" \
    "across a year's end"
is "$(vm_lines 1 2026-01-01T10:00:00Z 2026-01-01T10:01:20Z boot4 | head -n 1)" \
    "vm: 80 s in all, 46 s from the command to the first measurement; boots and setup 46 s (58%), measuring 34 s (42%)" \
    "the two shares add up to 100%, rounded"

done_testing
