# t715-readable: compare's tables read without the sender's help, on
# copies of the fixture stat-a renamed or changed to order: column
# headings never cut (two releases that share their first 15
# characters stay apart, shortened by what they share, said once; long
# labels too; names too long even so are lettered, and named in full);
# cells that say what they hold (a header row: median, cv, change); no
# change of figures under their resolution (0.00 against 0.00), and the
# difference rather than a percentage where one side is; every table,
# why tables too, with a legend of its own, so that it can be pasted
# alone; the doubts that hold for every table said once above them, in
# a few words above each; compare -w, one workload's tables; a herd
# whose every cell is bimodal compared by its clusters; a run cut short,
# its cells' repeats as they are, each cell tested only where both sides
# have enough; under every POSIX shell we can find, every line within 72
# columns.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
FIX=tests/fixtures
SB=scripts/smpbench
T=$TMPDIR_T

# renamed NAME KERNEL LABEL [MINUTE [WORKLOAD]]: a copy of stat-a as
# $T/NAME, of KERNEL, labelled LABEL, dated the MINUTE (default 0) of
# 2026-03-01 10h, a run of its own (its own run_id: a copy is the same
# run); of WORKLOAD alone where it is given (its raw file left for the
# caller to write).
renamed() {
	rn_m=0${4:-0}
	rn_w=
	[ -n "${5:-}" ] && rn_w="s/^workloads=.*/workloads=$5/"
	cp -R $FIX/stat-a "$T/$1"
	{
		sed "s/^kernel=.*/kernel=$2/; s/^label=.*/label=$3/
		    s/^date=.*/date=2026-03-01T10:${rn_m#"${rn_m%??}"}:00Z/
		    $rn_w" $FIX/stat-a/env
		echo "run_id=t715-$1"
	} >"$T/$1/env"
}

# joined TEXT: TEXT on one line in J, its runs of blanks and newlines
# squeezed to a space each (for wrapped notes).
joined() {
	jo_ifs=$IFS
	IFS=' 
'
	set -f
	# shellcheck disable=SC2086 # split on purpose
	set -- $1
	J="$*"
	set +f
	IFS=$jo_ifs
}

# count GLOB: in N, how many lines of the stdout of the compare just run
# match GLOB, a case pattern.
count() {
	N=0
	while IFS= read -r co_l; do
		# shellcheck disable=SC2254 # GLOB, a pattern on purpose
		case $co_l in
		$1) N=$((N + 1)) ;;
		esac
	done <"$TMPDIR_T/out"
}

# ring_run NAME LABEL WAIT...: a run of the ring of 2, one repeat of
# 100000 switches a second for each WAIT, its wait_s (a run-queue delay
# of WAIT * 10 us a pass).
ring_run() {
	renamed "$1" 6.18.0 "$2" 9 ring
	rr_dir=$T/$1
	shift 2
	rm -f "$rr_dir/raw/yield"
	rr_r=0
	for rr_w in "$@"; do
		rr_r=$((rr_r + 1))
		printf 'place=free rep=%d argv=-n,2,-T,1 procs=2 laps=50000 wall_s=1.0 switches_per_s=100000 us_per_switch=10 user_s=0.1 sys_s=0.1 nvcsw=1 nivcsw=1 minflt=0 cpus_used=2 cpus_pinned=0 run_s=1.0 wait_s=%s wait_max_s=0 migrations=0 sched_stats=kernel\n' \
		    "$rr_r" "$rr_w"
	done >"$rr_dir/raw/ring"
}

renamed r123 6.18.0-rc3-00123-gabcdef012345 "" 1
renamed r124 6.18.0-rc3-00124-g987654321fed "" 2
renamed base 6.18.0 sched-test-baseline 3
renamed fix 6.18.0 sched-test-eevdf-lag-fix-v2 4
renamed short1 6.18.0 before 5
renamed short2 6.18.0 after 6
renamed long1 6.18.0 a-label-of-thirty-characters-and-more-1 7
renamed long2 6.18.0 another-label-of-thirty-characters-and-more 8
# No run-queue delay at all (0.00 us a pass), twice; 0.05 us; and 0.003
# and 0.0045 us, which show their digits.
ring_run tiny1 tiny1 0 0 0 0 0
ring_run tiny2 tiny2 0 0 0 0 0
ring_run some some 0.005 0.0051 0.0049 0.005 0.005
ring_run small1 small1 0.0003 0.00031 0.00029 0.0003 0.0003
ring_run small2 small2 0.00045 0.00046 0.00044 0.00045 0.00045
# herd_run NAME LABEL SPEC...: a run of the herd, each SPEC "P:FIGURES"
# the cell of P processes, a repeat of so many seconds for each figure,
# its run-queue delay a tenth of its time.
herd_run() {
	renamed "$1" 6.18.0 "$2" 11 herd
	hr_dir=$T/$1
	shift 2
	rm -f "$hr_dir/raw/yield" "$hr_dir/raw/ring"
	for hr_s in "$@"; do
		printf '%s\n' "$hr_s"
	done | awk -F : '{
		n = split($2, v, ",")
		for (r = 1; r <= n; r++)
			printf "place=free rep=%d argv=-n,%d,-i,5000000 procs=%d" \
			    " iterations=5000000 wall_s=%s us_per_iteration=%.10g" \
			    " tokens=5000000 user_s=0.1 sys_s=0.1 nvcsw=1" \
			    " nivcsw=1 minflt=0 cpus_used=2 cpus_pinned=0" \
			    " run_s=%s wait_s=%s wait_max_s=0 migrations=0" \
			    " sched_stats=kernel\n", r, $1, $1, v[r], v[r] / 5,
			    v[r], v[r] / 10
	}' >"$hr_dir/raw/herd"
}
# Every cell bimodal, 0.9 or 2.0 us an iteration: the clusters stay,
# what moves is how often each comes (2 of 5 fast, then 3 of 5).
herd_run lottery1 lottery1 "2:4.6,10.1,4.7,10.0,10.2" "25:4.5,9.9,4.6,10.0,9.8"
herd_run lottery2 lottery2 "2:4.6,4.7,10.1,4.6,10.0" "25:4.5,4.6,9.9,4.6,10.1"
# A run cut short: 5 repeats of the herd of 2 (twice the time), 2 of
# the herds of 25 and 50 (twice the time too), against 5 of each.
herd_run whole whole "2:4.6,4.7,4.6,4.5,4.6" "25:4.5,4.6,4.6,4.5,4.6" \
    "50:4.4,4.5,4.4,4.5,4.4"
herd_run cut cut "2:9.2,9.3,9.2,9.1,9.2" "25:9.1,9.2" "50:8.8,9.0"
rm "$T/cut/complete"
echo "interrupted by SIGINT during herd; 9 of 15 measurements made" \
    >"$T/cut/incomplete"
# A doubtful run: busy during the run, and interrupted.
renamed busy 6.18.0 busy 10
sed -i.bak 's/^load_other=.*/load_other=0.90/' "$T/busy/env"
rm -f "$T/busy/env.bak" "$T/busy/complete"
echo "interrupted by SIGINT during yield; 60 of 70 measurements made" \
    >"$T/busy/incomplete"

# kept NAME: the stdout of the compare just run, kept as $T/kept-NAME
# (the first shell's) for the width check below.
kept() {
	[ -f "$T/kept-$1" ] || cp "$TMPDIR_T/out" "$T/kept-$1"
}

for s in $SHELLS; do
	use_shell $s || continue

	# Issue 26's releases: cut to 16, both were 6.18.0-rc3-0012~.
	run $sh $SB compare "$T/r123" "$T/r124"
	kept r123-r124
	is "$RC" 0 "$s: two releases sharing 15 characters: exit 0"
	like "$OUT" '^ +N : 00123-gabcdef012345 +00124-g987654321fed$' \
	    "$s: each headed by what is its own, whole"
	like "$OUT" '^Against the first column \(names after 6\.18\.0-rc3-\), both on' \
	    "$s: what they share said once, in the header"
	count '*~*'
	is "$N" 0 "$s: no name cut"
	joined "$OUT"
	like "$J" '00123-gabcdef012345: kernel 6\.18\.0-rc3-00123-gabcdef012345, ' \
	    "$s: the full release in the legend"
	joined "$OUT"
	like "$J" '00124-g987654321fed: kernel 6\.18\.0-rc3-00124-g987654321fed, ' \
	    "$s: both"
	run $sh $SB compare -p "$T/r123" "$T/r124"
	like "$OUT" ' column=6\.18\.0-rc3-00124-g987654321fed ' "$s: -p: the whole name"

	run $sh $SB compare "$T/base" "$T/fix"
	like "$OUT" '^ +N : +baseline +eevdf-lag-fix-v2$' \
	    "$s: labels that share their start keep their ends"
	joined "$OUT"
	like "$J" 'eevdf-lag-fix-v2: label sched-test-eevdf-lag-fix-v2, kernel 6\.18\.0, ' \
	    "$s: the full label in the legend"

	run $sh $SB compare "$T/short1" "$T/short2"
	like "$OUT" '^ +N : +before +after$' "$s: short names as they are"
	count 'Columns:*'
	is "$N" 0 "$s: and nothing said of them"

	# What a cell holds, said above the cells (the same compare).
	like "$OUT" '^ +: +median +\(cv\) +median +\(cv\) +change$' \
	    "$s: a header row says median, cv, change"
	like "$OUT" '^ +3 : +298852 +\(1%\) +298852 +\(1%\) +0%$' \
	    "$s: and the cells stand under it"

	# Zero.
	run $sh $SB compare -v "$T/tiny1" "$T/tiny2" "$T/some"
	kept tiny1-tiny2-some
	like "$OUT" '^ring: run-queue delay per pass, us' "$s: the run-queue delay compared"
	like "$OUT" '^2 : +0\.00 +0\.00 +0\.05 +\([0-9]%\) +\+0\.05[*+]?$' \
	    "$s: 0.00 against 0.00: no change; against 0.05: +0.05, not a percentage"
	is "$(printf '%s\n' "$OUT" | sed -n '/^ring: run-queue/,/^$/p' | grep -c '%[*+@?]*$')" 0 \
	    "$s: no percentage of zero"
	joined "$OUT"
	like "$J" 'change: median / first median - 1, the difference where one is zero' \
	    "$s: and the header says so"
	joined "$OUT"
	like "$J" 'Not tested, figures refused: 2 some \(zero-centre\)\.' \
	    "$s: a change from zero is not tested, and the table says so"
	# Small figures take the digits their change needs.
	run $sh $SB compare -v "$T/small1" "$T/small2"
	like "$OUT" '^2 : +0\.0030 +\(2%\) +0\.0045 +\(2%\) +\+50%[*+]?$' \
	    "$s: 0.003 against 0.0045 us: four decimals, +50%"
	run $sh $SB compare -p "$T/tiny1" "$T/tiny2"
	like "$OUT" 'figure=wait_us_per_pass cell=2 column=tiny2 .* change_pct=- .* method=none verdict=same ' \
	    "$s: -p: no change, verdict same"

	# Tables that stand alone.
	run $sh $SB compare "$T/tiny1" "$T/some"
	count 'Cells: the median of the repeats*'
	is "$N" 1 \
	    "$s: what the cells are, said once for every table, the why table too"
	count '*table above*'
	is "$N" 0 \
	    "$s: none points to another"
	run $sh $SB compare "$T/short1" "$T/busy"
	kept short1-busy
	count '[?] busy: other work kept 0.90 CPUs busy during the run*'
	is "$N" 1 \
	    "$s: a doubt on every table said in full once"
	is "$(printf '%s\n' "$OUT" | awk '/^\? busy: / && !t { print "doubt" } /^[a-z]+: .* is better/ { t = 1 }' | head -n 1)" doubt \
	    "$s: in the header, above every table"
	count '[?] busy: incomplete*'
	is "$N" 0 \
	    "$s: and not again in a few words above each"
	run $sh $SB compare -w yield "$T/short1" "$T/busy"
	is "$RC" 0 "$s: -w yield: exit 0"
	is "$(printf '%s\n' "$OUT" | grep -c '^[a-z]*: .*, [a-z]* is better')" 1 \
	    "$s: -w yield: one table"
	like "$OUT" '^yield: microseconds per yield' "$s: yield's"
	run $sh $SB compare -w herd "$T/short1" "$T/busy"
	is "$RC $ERR" "1 smpbench: compare: herd was not saved in two of these runs" \
	    "$s: -w of a workload they do not hold: exit 1, said"
	run $sh $SB compare -w nothing "$T/short1" "$T/busy"
	is "$RC $ERR" "2 smpbench: compare: -w: 'nothing' is not a workload ($WORKLOADS) (see smpbench -h)" \
	    "$s: -w of no workload: exit 2, one line"

	# A herd of nothing but clusters.
	run $sh $SB compare "$T/lottery1" "$T/lottery2"
	kept lottery1-lottery2
	is "$RC" 0 "$s: every cell bimodal: exit 0"
	like "$OUT" '^ +2 : +10\.000 +\(2/5\) +4\.700 +\(3/5\) +-53%$' \
	    "$s: the cells say so, and are compared: the median moved, no mark"
	joined "$OUT"
	like "$J" 'bimodal herd 2, 25: the clusters stand where they stood \(within 2%\); how often each came is what differs \(-v: each\)\.' \
	    "$s: what the clusters did, in one line"
	run $sh $SB compare -v "$T/lottery1" "$T/lottery2"
	joined "$OUT"
	like "$J" 'herd 2: lottery1 fast 4\.650 \(2 of 5\), slow 10\.100 \(3\); lottery2 fast 4\.600 \(3 of 5\), slow 10\.050 \(2\), moved -1\.1% and -0\.5%: the clusters stand where they stood \(within 2%\); how often each came is what differs\.' \
	    "$s: the clusters of the herd of 2 side by side, and what that says"
	joined "$OUT"
	like "$J" 'herd 25: lottery1 fast 4\.550 \(2 of 5\), slow 9\.900 \(3\); lottery2 fast ' \
	    "$s: and of the herd of 25"
	joined "$OUT"
	like "$J" 'herd wait 2: lottery1 low 0\.093 \(2 of 5\), high 0\.202 \(3\)' \
	    "$s: the why table's clusters too, in its row's decimals (0.200)"

	# Cut short.
	run $sh $SB compare "$T/whole" "$T/cut"
	kept whole-cut
	like "$OUT" '^ +: +median +\(cv\) +median +\(cv\) +n +change$' \
	    "$s: a run cut short: its cells' repeats have a column"
	like "$OUT" '^ +2 : +4\.600 +\([0-9]%\) +9\.200 +\([0-9]%\) +5 +\+100%\*$' \
	    "$s: the cell of 5 says so, is tested, and marked"
	like "$OUT" '^ +25 : +4\.600 +\([0-9]%\) +9\.150 +\([0-9]%\) +\+99%$' \
	    "$s: a cell of 2, the run's usual now: no mark, 5 against 2 cannot reach 95%"
	joined "$OUT"
	like "$J" 'cut: kernel 6\.18\.0, 1 run x 2 repeats \(other numbers in 1 cell, under n\)' \
	    "$s: the legend counts the repeats there are"
	like "$OUT" '^cut against whole: 1 of 1 cells tested changed, 1 worse, 0 better$' \
	    "$s: and the headline says which were tested"
	joined "$OUT"
	like "$J" ' cut against whole: 1 of 1 cells tested changed, 1 worse, 0 better \(chance alone: about 0\.1 at 5%\); 2 with too few repeats: herd, worse: 2 \(\+100%\) ' \
	    "$s: which were not, and which changed"
	run $sh $SB compare -p "$T/whole" "$T/cut"
	like "$OUT" ' cell=50 column=cut runs=1 repeats=2 .* verdict=few ' \
	    "$s: -p: the real count, verdict few"

	run $sh $SB compare "$T/long1" "$T/long2"
	like "$OUT" '^ +N : +A +B$' "$s: names too long even so: lettered"
	joined "$OUT"
	like "$J" 'A: label a-label-of-thirty-characters-and-more-1, kernel 6\.18\.0, 1 run x 5 repeats, 2026-03-01\. B: label another-label-of-thirty-characters-and-more, ' \
	    "$s: and named in full in the header"
done

# Each compare of the loop above as the first shell printed it, and two
# more sets.
for set in "r123 r124" "base fix short1" "long1 long2 r123" \
    "tiny1 tiny2 some" "short1 busy" "lottery1 lottery2" "whole cut"; do
	set -- $set
	k=$T/kept-$1-$2${3:+-$3}
	if ! [ -f "$k" ]; then
		for r; do
			shift
			set -- "$@" "$T/$r"
		done
		sh $SB compare "$@" >"$k" 2>/dev/null
	fi
	check "compare of $# renamed runs: ASCII, at most 72 columns" narrow "$k"
done

done_testing
