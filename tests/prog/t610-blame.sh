# t610-blame: a worker killed from outside is named, with its signal, by
# the program that loses it, not the worker that saw the loss (the ring's
# master at end-of-file, a writer's EPIPE), whichever comes first: each
# kill is tried several times.
# shellcheck disable=SC2317 # functions run through within
# shellcheck source=tests/lib.sh
. tests/lib.sh

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

# kill_worker K N PROG ARGS...: start PROG ARGS (N workers), SIGKILL
# worker K once all are there, and wait; sets RC and ERR.
kill_worker() {
	kw_k=$1
	kw_n=$2
	shift 2
	"$@" >/dev/null 2>"$TMPDIR_T/err" &
	kw_pid=$!
	if ! within 10 all_in "$kw_n" "$kw_pid"; then
		kill -TERM "$kw_pid"
	else
		kill -KILL "$(workers "$kw_pid" | sed -n "$((kw_k + 1))p")"
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
