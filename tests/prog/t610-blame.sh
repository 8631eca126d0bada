# t610-blame: a worker killed from outside is named, with its signal, by
# the program that loses it, not the worker that saw the loss (the ring's
# master at end-of-file, a writer's EPIPE), whichever comes first: each
# kill is tried several times.
# shellcheck disable=SC2317 # functions run through within
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "a worker killed from outside, named by the program that loses it"

# workers PID: PID's workers, by index: its children but the guardian
# (the one that leads its own group), in the order they were forked.
workers() {
	ps -o pid=,pgid= -p "$(children "$1" | paste -s -d , -)" 2>/dev/null |
	    awk '$1 != $2 { print $1 }' | sort -n
}

# all_in N PID: PID has N workers, all in the guardian's group.
all_in() {
	ai_kids=$(children "$2" | paste -s -d , -)
	[ -n "$ai_kids" ] || return 1
	[ "$(ps -o pid=,pgid= -p "$ai_kids" 2>/dev/null | awk '
	    $1 == $2 { g = $1 } { pg[$1] = $2 }
	    END { for (p in pg) if (p != g && pg[p] == g) n++; print n + 0 }')" \
	    -eq "$1" ]
}

# Where Linux's /proc lists a process's children (and gives each one's
# group and context switches), the state a kill waits for is read there
# with the shell's own reads alone, a hundred times a second: ps and awk
# cost tens of milliseconds of CPU a look, and the workload runs flat out
# meanwhile. Elsewhere, all_in and workers, each tenth of a second.
if [ -r "/proc/$$/task/$$/children" ] && [ -r "/proc/$$/status" ]; then
	PROC_STATE=1
else
	PROC_STATE=0
fi

# stat_pgid FIELDS...: STAT_PGID, from the fields of a /proc stat line
# after the command's name (state, parent, group...).
stat_pgid() {
	STAT_PGID=${3:-}
}

# proc_ready K N PID: from /proc, PID has N workers, all in the group of
# its guardian (the child that leads its own group), and worker K (by
# pid, as workers orders them) has left a CPU 20 times: the workload
# runs (before the gate a worker has slept once, in its wait there).
# Sets VICTIM, worker K's pid. The shell's builtins alone: no process is
# started.
proc_ready() {
	pr_kids=
	read -r pr_kids 2>/dev/null <"/proc/$3/task/$3/children"
	pr_g=
	pr_pairs=
	for pr_k in $pr_kids; do
		pr_stat=
		read -r pr_stat 2>/dev/null <"/proc/$pr_k/stat"
		[ -n "$pr_stat" ] || return 1
		# shellcheck disable=SC2086 # the fields, split on purpose
		stat_pgid ${pr_stat##*) }
		if [ "$pr_k" = "$STAT_PGID" ]; then
			pr_g=$pr_k
		else
			pr_pairs="$pr_pairs $pr_k:$STAT_PGID"
		fi
	done
	[ -n "$pr_g" ] || return 1
	pr_in=0
	VICTIM=
	for pr_p in $pr_pairs; do
		[ "${pr_p#*:}" = "$pr_g" ] && pr_in=$((pr_in + 1))
		pr_rank=0
		for pr_q in $pr_pairs; do
			[ "${pr_q%:*}" -lt "${pr_p%:*}" ] && pr_rank=$((pr_rank + 1))
		done
		[ "$pr_rank" -eq "$1" ] && VICTIM=${pr_p%:*}
	done
	[ "$pr_in" -eq "$2" ] && [ -n "$VICTIM" ] || return 1
	pr_sw=0
	while read -r pr_key pr_val; do
		case $pr_key in
		*ctxt_switches:) pr_sw=$((pr_sw + pr_val)) ;;
		esac
	done 2>/dev/null <"/proc/$VICTIM/status"
	[ "$pr_sw" -ge 20 ]
}

# ready K N PID: true once PID has its N workers, all in the guardian's
# group (and, with /proc, worker K runs); sets VICTIM, worker K's pid.
# Tried every 0.01 s with /proc, every 0.1 s without; false when not
# within 10 s.
ready() {
	if [ "$PROC_STATE" = 0 ]; then
		within 10 all_in "$2" "$3" || return 1
		VICTIM=$(workers "$3" | sed -n "$(($1 + 1))p")
		return 0
	fi
	rd_tries=1000
	until proc_ready "$@"; do
		[ "$rd_tries" -le 0 ] && return 1
		rd_tries=$((rd_tries - 1))
		sleep 0.01
	done
	return 0
}

# kill_worker K N PROG ARGS...: start PROG ARGS (N workers), SIGKILL
# worker K once all are there and running, and wait; sets RC and ERR.
kill_worker() {
	kw_k=$1
	kw_n=$2
	shift 2
	"$@" >/dev/null 2>"$TMPDIR_T/err" &
	kw_pid=$!
	if ! ready "$kw_k" "$kw_n" "$kw_pid"; then
		kill -TERM "$kw_pid"
	else
		kill -KILL "$VICTIM"
	fi
	wait "$kw_pid"
	RC=$?
	ERR=$(cat "$TMPDIR_T/err")
}

# blamed TRIES K N PROG ARGS...: worker K of N killed, TRIES times: each
# time exit 1, and the one line names worker K and signal 9.
blamed() {
	bl_tries=$1
	bl_k=$2
	bl_n=$3
	shift 3
	bl_name=${1#bin/}
	bl_right=0
	bl_seen=
	bl_i=0
	while [ "$bl_i" -lt "$bl_tries" ]; do
		bl_i=$((bl_i + 1))
		kill_worker "$bl_k" "$bl_n" "$@"
		if [ "$RC" -eq 1 ] && [ "$ERR" = "$bl_name: worker $bl_k of $bl_n was killed by signal 9" ]; then
			bl_right=$((bl_right + 1))
		else
			bl_seen="$bl_seen [exit $RC: $ERR]"
		fi
	done
	is "$bl_right" "$bl_tries" "$bl_name: worker $bl_k of $bl_n killed, $bl_tries times: exit 1 naming it and its signal each time"
	[ -n "$bl_seen" ] && printf '#   instead:%s\n' "$bl_seen"
	return 0
}

blamed 6 2 5 bin/smpb-ring -n 5 -T 60 -L 60
blamed 3 0 5 bin/smpb-ring -n 5 -T 60 -L 60
blamed 3 4 5 bin/smpb-ring -n 5 -T 60 -L 60
blamed 3 1 2 bin/smpb-pipe -s 1 -t 1000000 -b 65536 -L 60
blamed 3 0 2 bin/smpb-pipe -s 1 -t 1000000 -b 65536 -L 60

done_testing
