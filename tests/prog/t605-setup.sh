# t605-setup: what a worker costs to set up, counted in page faults, not
# timed. A worker forked by the harness may fault in no more than
# MARGIN pages beyond a bare forked child (tests/bench/floor fork): the
# pages it must touch to be measured (its code, its slot, a deeper
# stack), and none that fork could have given it: not the team (on a
# private page main wrote before forking), nor main's book of it (shared
# memory main writes while workers live: no worker looks at it), nor
# read-only data (the /proc names live in writable data), nor the vDSO
# (the gate's clock is a system call), nor libc's signal code (the
# handlers are not reset at the fork), nor pages lazy symbol binding
# would write (-z now). The marginal count, between SMALL and BIG
# workers, is the cost of one more worker: it must not grow with the
# team. The same holds against the bare ring and herd (tests/bench/floor
# ring, herd). Counts of the whole process tree, from getrusage
# (RUSAGE_CHILDREN) in tests/bench/floor time. SMALL and BIG are far
# apart (24 times), and BIG is large enough that a cost that grew with
# the team would show; neither is what is measured.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "a worker's set-up counted in page faults"

FLOOR=tests/bench/floor
[ -x "$FLOOR" ] || skip_all "$FLOOR is not built (make test builds it)"
SMALL=10
BIG=240
MARGIN=7

# faults_within ENOUGH CMD...: the minor page faults of the command and
# all it started, the fewest of three runs (another process's activity
# only ever adds); it stops after a run that counted ENOUGH or fewer (the
# fewest could only be fewer still).
faults_within() {
	f_enough=$1
	shift
	f_min=
	for _ in 1 2 3; do
		f_line=$("$FLOOR" time "$@" 2>/dev/null | tail -n 1)
		[ "$(kv "$f_line" status)" = 0 ] || return 1
		f_n=$(kv "$f_line" minflt)
		if [ -z "$f_min" ] || [ "$f_n" -lt "$f_min" ]; then
			f_min=$f_n
		fi
		[ "$f_min" -le "$f_enough" ] && break
	done
	echo "$f_min"
}

# faults CMD...: the fewest of three runs, all three made.
faults() {
	faults_within -1 "$@"
}

# per_worker [-le LIMIT] CMD...: the faults of one more worker of CMD
# -n N, from SMALL to BIG workers. With -le, the runs of BIG workers stop
# at one that already puts a worker at LIMIT or under: the fewest of
# three could only put it lower, so a check of the result against LIMIT
# has the verdict it has with all three runs.
per_worker() {
	pw_limit=
	if [ "$1" = -le ]; then
		pw_limit=$2
		shift 2
	fi
	pw_small=$(faults "$@" -n "$SMALL") || return 1
	pw_enough=-1
	[ -n "$pw_limit" ] &&
	    pw_enough=$((pw_small + (pw_limit + 1) * (BIG - SMALL) - 1))
	pw_big=$(faults_within "$pw_enough" "$@" -n "$BIG") || return 1
	echo $(((pw_big - pw_small) / (BIG - SMALL)))
}

floor=$(per_worker "$FLOOR" fork)
is "$?" 0 "the bare fork and reap runs"
[ "${floor:-0}" -gt 0 ] || skip_all "this system counts no page faults"
echo "# a bare forked child faults in $floor pages"

# check_worker NAME BARE CMD...: one more worker of CMD costs at most
# MARGIN pages more than a bare child, and so does one more member of
# the same workload written bare (BARE: floor ring or floor herd).
check_worker() {
	cw_name=$1
	cw_bare=$2
	shift 2
	bare=$(per_worker "$FLOOR" "$cw_bare" -i 10)
	is "$?" 0 "the bare $cw_bare runs with $SMALL and $BIG members"
	cw_limit=$((floor + MARGIN))
	[ "$((${bare:-0} + MARGIN))" -lt "$cw_limit" ] &&
	    cw_limit=$((${bare:-0} + MARGIN))
	each=$(per_worker -le "$cw_limit" "$@")
	is "$?" 0 "$cw_name runs with $SMALL and $BIG workers"
	[ "${each:-999}" -le $((floor + MARGIN)) ]
	t_result $? "$cw_name: one more worker faults in ${each:-?} pages, at most $((floor + MARGIN))"
	[ "${each:-999}" -le $((${bare:-0} + MARGIN)) ]
	t_result $? "$cw_name: at most $MARGIN more than a bare $cw_bare's ${bare:-?}"
}

check_worker smpb-ring ring bin/smpb-ring -i 10
check_worker smpb-herd herd bin/smpb-herd -i 100

# The bare workloads end by themselves: the line comes once all are
# reaped.
run "$FLOOR" ring -n 3 -i 5
is "$RC" 0 "floor ring: exit 0"
like "$OUT" '^processes=3 wall_s=[0-9.]+$' "floor ring: its line"
run "$FLOOR" herd -n 3 -i 5
is "$RC" 0 "floor herd: exit 0"
like "$OUT" '^processes=3 wall_s=[0-9.]+$' "floor herd: its line"
run "$FLOOR" ring -n 1 -i 5
is "$RC" 2 "floor ring of 1: a usage error, exit 2"

# Killed outright, a bare ring or herd takes its children with it (they
# hold their own pipes open: no EOF would end them; Linux's parent-death
# signal does). The ring passes its byte round as fast as it can: all on
# one CPU where taskset can put it there, it burns one CPU, not every one.
if [ "$(uname -s)" = Linux ]; then
	one_cpu=
	cpu0=$(first_cpu)
	[ -n "$cpu0" ] && need_cmd taskset && one_cpu="taskset -c $cpu0"
	for kind in ring herd; do
		# shellcheck disable=SC2086 # taskset and its CPU, or nothing
		$one_cpu "$FLOOR" "$kind" -n 20 -i 1000000000 >/dev/null 2>&1 &
		pid=$!
		check "floor $kind: its 20 children start" \
		    within 30 has_children "$pid" 20
		kids=$(children "$pid")
		kill -KILL "$pid"
		wait "$pid" 2>/dev/null
		is "$(printf '%s\n' "$kids" | grep -c .)" 20 "floor $kind: 20 children seen"
		# shellcheck disable=SC2086 # one pid a word
		check "floor $kind killed: every child gone within 10 s" \
		    within 10 none_alive $kids
		# shellcheck disable=SC2086
		kill -KILL $kids 2>/dev/null
	done
else
	t_skip "a bare floor's children die with it on Linux only"
fi

done_testing
