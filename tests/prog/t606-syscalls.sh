# t606-syscalls: what the harness asks of the kernel, counted, not timed.
#
# 1. Nothing of the harness runs per pass. Each workload runs twice under
#    strace -f -c, with few passes and with more. One stopped by a count
#    (-i, -b) must make exactly the added passes' calls of its own (the
#    token's read and write), within 1% and 5, and all its other calls
#    together may grow by at most 5 + 1% of them: the harness's waits,
#    measures and records come once a run or once a worker, never once a
#    pass. One stopped by time (smpb-yield -T) may get more or fewer
#    yields from a loaded machine: its other calls may grow by at most 5
#    plus one per 100 of its extra yields, and the check is skipped when
#    the longer run got fewer than 500 more.
# 2. Main has no heap when it forks (no brk call that moves the break
#    before its last fork), and no library but libc (and libpthread
#    where it is apart) is mapped: every mapping and page table main has
#    is copied by every fork and torn down by every exit. Each workload
#    in its short run (its file's test_quick; where its workers are
#    threads, no library but libc), and the ring pinned, bind with hogs
#    and yield's processes.
# 3. The guardian keeps only the standard descriptors and the liveness
#    pipe, and closes the rest with one close_range call where Linux has
#    it, not with one close per descriptor the limit on open files
#    allows (most of them failing: nothing was open there).
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "the harness's system calls counted under strace"

[ "$(uname -s)" = Linux ] || skip_all "strace and /proc are Linux's"
need_cmd strace || skip_all "strace is not installed"
strace -f -c -o /dev/null true >/dev/null 2>&1 ||
    skip_all "strace cannot trace here (ptrace is not allowed)"

# calls FILE CMD...: run CMD under strace -f, and write its system calls
# to FILE, one "name succeeded failed" line each (the growth counts the
# calls that succeeded: a close of what is not open says nothing of a
# loop).
calls() {
	c_file=$1
	shift
	strace -f -c -o "$TMPDIR_T/strace" "$@" >/dev/null 2>&1 || return 1
	awk '$1 ~ /^[0-9.]+$/ && $NF != "total" {
		e = NF == 6 ? $5 : 0; print $NF, $4 - e, e }' \
	    "$TMPDIR_T/strace" >"$c_file"
}

# failed NAME: how many calls NAME failed in the last "few" run.
failed() {
	awk -v n="$1" '$1 == n { print $3; f = 1 } END { if (!f) print 0 }' \
	    "$TMPDIR_T/few"
}

# growth OWN: from the two runs' counts, "own others worst": the growth of
# the calls named in OWN (a list), of all the others, and the other call
# that grew most.
growth() {
	awk -v own=" $1 " 'NR == FNR { few[$1] = $2; next }
	    { d = $2 - few[$1]
	      if (index(own, " " $1 " ")) { o += d; next }
	      rest += d; if (d > worst_d) { worst_d = d; worst = $1 } }
	    END { print o + 0, rest + 0, (worst == "" ? "none" : worst) }' \
	    "$TMPDIR_T/few" "$TMPDIR_T/more"
}

# run_both 'FEW ARGS' 'MORE ARGS' PROG...: PROG under strace with each
# set of arguments (the counts in few and more).
run_both() {
	rb_few=$1
	rb_more=$2
	shift 2
	rm -f "$TMPDIR_T/few" "$TMPDIR_T/more"
	# shellcheck disable=SC2086 # the arguments are words
	calls "$TMPDIR_T/few" "$@" $rb_few &&
	    calls "$TMPDIR_T/more" "$@" $rb_more
}

# counted NAME OWN ADDED 'FEW ARGS' 'MORE ARGS' PROG...: a workload that
# stops after a count: its own calls (OWN) grow by ADDED, within 1% and
# 5 (the end of a herd or a ring takes a read more or less; a record or
# a second write per pass would double them), and all the others by at
# most 5 + ADDED / 100.
counted() {
	ct_name=$1
	ct_own=$2
	ct_added=$3
	shift 3
	run_both "$@"
	is "$?" 0 "$ct_name runs under strace, with $1 and $2"
	ct_lo=$((ct_added - ct_added / 100 - 5))
	ct_hi=$((ct_added + ct_added / 100 + 5))
	# shellcheck disable=SC2046 # three numbers
	set -- $(growth "$ct_own")
	[ "${1:-0}" -ge "$ct_lo" ] && [ "${1:-0}" -le "$ct_hi" ]
	t_result $? "$ct_name: $ct_own grew by ${1:-?}, $ct_lo to $ct_hi"
	[ "${2:-999999}" -le $((5 + ct_added / 100)) ]
	t_result $? "$ct_name: every other call grew by ${2:-?} in all, at most $((5 + ct_added / 100)) (most: ${3:-?})"
}

# timed NAME OWN 'FEW ARGS' 'MORE ARGS' PROG...: a workload that stops
# after a time (-T): all the other calls grow by at most 5 + one per 100
# of the workload's own (OWN). A loaded machine may give the longer run
# no more CPU than the shorter: with fewer than 500 more of its own
# calls, the check says so and is skipped.
timed() {
	tm_name=$1
	tm_own=$2
	shift 2
	run_both "$@"
	is "$?" 0 "$tm_name runs under strace, with $1 and $2"
	# shellcheck disable=SC2046 # three numbers
	set -- $(growth "$tm_own")
	if [ "${1:-0}" -lt 500 ]; then
		t_skip "$tm_name: the longer run made only ${1:-?} more $tm_own calls (a loaded machine)"
		return
	fi
	[ "${2:-999999}" -le $((5 + $1 / 100)) ]
	t_result $? "$tm_name: $tm_own grew by $1, every other call by ${2:-?} in all, at most $((5 + $1 / 100)) (most: ${3:-?})"
}

cpu=$(first_cpu)
counted "ring of 2, 500 laps more" "read write" 2000 \
    "-i 100" "-i 600" bin/smpb-ring -n 2 -c "$cpu"
counted "ring of 5 unpinned, 400 laps more" "read write" 4000 \
    "-i 100" "-i 500" bin/smpb-ring -n 5
counted "herd of 3, 1000 iterations more" "read write" 2000 \
    "-i 100" "-i 1100" bin/smpb-herd -n 3
if ! grep -q '^close_range ' "$TMPDIR_T/few"; then
	t_skip "no close_range call (a kernel or headers before Linux 5.9)"
elif [ "$(failed close_range)" -gt 0 ]; then
	t_skip "the kernel has no close_range (Linux 5.9)"
else
	[ "$(failed close)" -lt 50 ]
	t_result $? "a herd's run: $(failed close) closes failed, fewer than 50"
fi
counted "pipe, 1 MiB more in 4 KiB writes" "read write" 512 \
    "-b 1" "-b 2" bin/smpb-pipe -s 4 -t 1 -c "$cpu"
timed "yield, 2 threads, 0.4 s more" "sched_yield" \
    "-T 0.1" "-T 0.5" bin/smpb-yield -n 2 -c "$cpu"
timed "yield -P, 2 processes, 0.4 s more" "sched_yield" \
    "-T 0.1" "-T 0.5" bin/smpb-yield -P -n 2 -c "$cpu"

# The start gate wakes only the herd's worker 0, which writes the token:
# the others sleep through it in their read of the shared pipe. The gate
# is the run's only one-byte read (tokens are eight bytes), so the reads
# of one byte that got end-of-file are the workers woken by the gate.
if strace -f -e trace=read -o "$TMPDIR_T/reads" bin/smpb-herd -n 6 -i 100 \
    >/dev/null 2>&1; then
	woken=$(grep -cE '"", 1\) += 0$' "$TMPDIR_T/reads")
	is "$woken" 1 "a herd of 6: the gate woke one worker (worker 0)"
else
	t_result 1 "a herd of 6 runs under strace"
fi

# at_fork PROG ARGS...: what main had done by its last fork, under
# strace -f: "HEAP LIBS", the brk calls that moved the break and the
# shared libraries opened but libc and libpthread ("none" if no other).
at_fork() {
	strace -f -e trace=brk,openat,clone,clone3,fork,vfork \
	    -o "$TMPDIR_T/at_fork" "$@" >/dev/null 2>&1 || return 1
	awk 'NR == 1 { main = $1 }
	    $1 != main { next }
	    /brk\(0x/ { heap++ }
	    /openat\(.*\.so[.0-9]*"/ && !/\/lib(c|pthread)\.so[.0-9]*"/ {
		sub(/^[^"]*"/, ""); sub(/".*/, "")
		libs = libs (libs == "" ? "" : " ") $0 }
	    /(clone|fork)[0-9]*\(/ { forks++; at_heap = heap; at_libs = libs }
	    END { print (forks ? at_heap + 0 : "no-fork"),
		(at_libs == "" ? "none" : at_libs) }' \
	    "$TMPDIR_T/at_fork"
}

# fork_clean KIND PROG ARGS...: main had no heap and no library but
# libc at its last fork; where its workers are threads (KIND threads),
# no library but libc at its last thread's start (pthread_create takes
# from the heap, and a thread copies nothing of main's).
fork_clean() {
	fc_kind=$1
	shift
	if ! got=$(at_fork "$@"); then
		t_result 1 "$* runs under strace"
	elif [ "$fc_kind" = threads ]; then
		is "${got#* }" none "${1#bin/} $2 ...: no library but libc in main at its last thread's start"
	else
		is "$got" "0 none" "${1#bin/} $2 ...: no heap and no library but libc in main at its last fork"
	fi
}
# Each workload's short run (its file's test_quick), then what forks
# otherwise: a pinned ring, bind's hogs, yield's processes.
for w in $WORKLOADS; do
	workers=$(wl_fact "$w" test_workers)
	# shellcheck disable=SC2046 # the arguments, split on purpose
	fork_clean "${workers%% *}" "bin/smpb-$w" $(wl_fact "$w" test_quick)
done
fork_clean children bin/smpb-ring -n 3 -i 10 -c "$cpu"
fork_clean children bin/smpb-bind -n 2 -H 1 -T 0.05
fork_clean children bin/smpb-yield -P -n 2 -T 0.05

# guardian_fds PID: true once PID's guardian (the child that leads a
# process group of its own) holds descriptors 0 to 3 alone; sets
# GUARDIAN_PIPE to what its 3 is.
# shellcheck disable=SC2317 # called through within
guardian_fds() {
	gf_pid=$(ps -o pid=,pgid= -p "$(children "$1" | paste -s -d , -)" \
	    2>/dev/null | awk '$1 == $2 { print $1; exit }')
	[ -n "$gf_pid" ] || return 1
	# shellcheck disable=SC2012 # descriptors are numbers
	gf_fds=$(ls "/proc/$gf_pid/fd" 2>/dev/null | sort -n | tr '\n' ' ')
	[ "$gf_fds" = "0 1 2 3 " ] || return 1
	GUARDIAN_PIPE=$(readlink "/proc/$gf_pid/fd/3")
}

# A herd started with two more descriptors open (7 and 9), on one CPU
# where taskset can put it there: its token goes round as fast as it can
# until it is stopped, and only its guardian is looked at.
one_cpu=
need_cmd taskset && [ -n "$cpu" ] && one_cpu="taskset -c $cpu"
# shellcheck disable=SC2086 # taskset and its CPU, or nothing
$one_cpu bin/smpb-herd -n 2 -i 1000000000000 -L 30 7</dev/null 9</dev/null \
    >/dev/null 2>&1 &
pid=$!
check "the guardian keeps 0, 1, 2 and its liveness pipe (3) alone" \
    within 5 guardian_fds "$pid"
like "${GUARDIAN_PIPE:-}" '^pipe:' "its descriptor 3 is a pipe"
wait_children "$pid" 3
kids=$(children "$pid")
kill -TERM "$pid" 2>/dev/null
wait "$pid"
# shellcheck disable=SC2086 # a list of pids
check "the herd and its guardian are gone" within 5 none_alive $kids

done_testing
