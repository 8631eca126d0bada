# t606-syscalls: what the harness asks of the kernel, counted, not timed.
#
# 1. Nothing of the harness runs per pass. Each workload runs twice under
#    strace -f -c, with few passes and with more; between the two runs its
#    own calls (the token's read and write, sched_yield) must grow with the
#    passes added (99% of them at least: the end of a herd or a ring takes
#    a read more or less), and all the other calls together by at most 5
#    plus one per 100 of the workload's calls: the harness's waits, measures and
#    records come once a run or once a worker, never once a pass. (A load
#    on the machine only adds a poll or two to a longer run.)
# 2. The guardian keeps only the standard descriptors and the liveness
#    pipe, and closes the rest with one close_range call where Linux has
#    it, not with one close per descriptor the limit on open files allows
#    (most of them failing: nothing was open there).
# shellcheck source=tests/lib.sh
. tests/lib.sh

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
	    { seen[$1] = 1; d = $2 - few[$1]
	      if (index(own, " " $1 " ")) { o += d; next }
	      rest += d; if (d > worst_d) { worst_d = d; worst = $1 } }
	    END { print o + 0, rest + 0, (worst == "" ? "none" : worst) }' \
	    "$TMPDIR_T/few" "$TMPDIR_T/more"
}

# per_pass NAME OWN ADDED 'FEW ARGS' 'MORE ARGS' PROG: PROG run with each
# set of arguments; its own calls (OWN) must grow by 99% of ADDED at
# least, and the others by at most 5 + own / 100.
per_pass() {
	pp_name=$1
	pp_own=$2
	pp_added=$3
	pp_few=$4
	pp_more=$5
	shift 5
	# shellcheck disable=SC2086 # the arguments are words
	calls "$TMPDIR_T/few" "$@" $pp_few &&
	    calls "$TMPDIR_T/more" "$@" $pp_more
	is "$?" 0 "$pp_name runs under strace, with $pp_few and $pp_more"
	# shellcheck disable=SC2046 # three numbers
	set -- $(growth "$pp_own")
	[ "${1:-0}" -ge $((pp_added * 99 / 100)) ]
	t_result $? "$pp_name: $pp_own grew by ${1:-?}, at least $((pp_added * 99 / 100))"
	[ "${2:-999999}" -le $((5 + ${1:-0} / 100)) ]
	t_result $? "$pp_name: every other call grew by ${2:-?} in all, at most $((5 + ${1:-0} / 100)) (most: ${3:-?})"
}

cpu=$(first_cpu)
per_pass "ring of 2, 1000 laps more" "read write" 4000 \
    "-i 500" "-i 1500" bin/smpb-ring -n 2 -c "$cpu"
per_pass "ring of 5 unpinned, 1000 laps more" "read write" 10000 \
    "-i 500" "-i 1500" bin/smpb-ring -n 5
per_pass "herd of 3, 2000 iterations more" "read write" 4000 \
    "-i 500" "-i 2500" bin/smpb-herd -n 3
if [ "$(failed close_range)" -gt 0 ]; then
	t_skip "the kernel has no close_range (Linux 5.9)"
else
	[ "$(failed close)" -lt 50 ]
	t_result $? "a herd's run: $(failed close) closes failed, fewer than 50"
fi
per_pass "pipe, 1 MiB more in 1 KiB writes" "read write" 2048 \
    "-b 1" "-b 2" bin/smpb-pipe -s 1 -t 1 -c "$cpu"
per_pass "yield, 2 threads, 0.4 s more" "sched_yield" 100 \
    "-T 0.1" "-T 0.5" bin/smpb-yield -n 2 -c "$cpu"
per_pass "yield -P, 2 processes, 0.4 s more" "sched_yield" 100 \
    "-T 0.1" "-T 0.5" bin/smpb-yield -P -n 2 -c "$cpu"

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

# A herd started with two more descriptors open (7 and 9).
bin/smpb-herd -n 2 -i 1000000000000 -L 30 7</dev/null 9</dev/null \
    >/dev/null 2>&1 &
pid=$!
check "the guardian keeps 0, 1, 2 and its liveness pipe (3) alone" \
    within 5 guardian_fds "$pid"
like "${GUARDIAN_PIPE:-}" '^pipe:' "its descriptor 3 is a pipe"
kids=$(children "$pid")
kill -TERM "$pid" 2>/dev/null
wait "$pid"
# shellcheck disable=SC2086 # a list of pids
check "the herd and its guardian are gone" wait_gone 5 $kids

done_testing
