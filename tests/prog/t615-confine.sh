# t615-confine: -C, which every workload program takes: the program,
# every worker and hog, is confined to the CPUs of the list and left
# unpinned within them. Each program run with -C of one CPU ran there
# alone (cpus_seen), says so (cpus_confined=1, cpus_pinned=0) and names
# -C in its usage; a CPU it may not use is refused in one line (exit 2),
# and so is a -c outside the set, before -C or after it (a program that
# takes no -c, having no pinned cells, refuses -c); smpb-bind -B
# binds to the set's CPUs; and every process of smpb-bind with hogs,
# main, guardians, worker and hogs, may run on that CPU and no other
# (Cpus_allowed_list), then is gone after SIGTERM.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
for w in $WORKLOADS; do
	[ -x "bin/smpb-$w" ] || skip_all "bin/smpb-$w is not built (run make)"
done
allowed=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status 2>/dev/null)
[ -n "$allowed" ] || skip_all "no /proc/self/status to find the allowed CPUs"

# The last CPU this process may use, and another one where there is one:
# -C of the last leaves out every other CPU.
last=$(printf '%s\n' "$allowed" | awk -F '[,-]' '{ print $NF }')
other=$(first_cpu)
[ "$other" = "$last" ] && other=

for w in $WORKLOADS; do
	p=bin/smpb-$w
	args=$(wl_fact "$w" test_quick)
	[ -n "$args" ] || { t_result 1 "$w: scripts/workloads/$w.sh gives test_quick_$w"; continue; }
	# shellcheck disable=SC2086 # the arguments, split on purpose
	run $p -p $args -C "$last"
	is "$RC $ERR" "0 " "$w: -C $last exits 0, quietly"
	is "$(kv "$OUT" cpus_confined) $(kv "$OUT" cpus_pinned)" "1 0" \
	    "$w: cpus_confined=1, cpus_pinned=0"
	seen=$(kv "$OUT" cpus_seen)
	if [ "$seen" = none ]; then
		t_skip "$w: the system cannot tell the CPUs the workers ran on"
	else
		is "$seen" "$last" "$w: every worker ran on CPU $last"
	fi
	# shellcheck disable=SC2086 # the arguments, split on purpose
	run $p -p $args
	is "$(kv "$OUT" cpus_confined)" 0 "$w: cpus_confined=0 without -C"
	run $p -h
	like "$OUT" '\[-C cpulist\]' "$w: -h names -C"
	# -c, where the program takes it (where it has pinned cells).
	case $OUT in
	*"[-c cpulist]"*) takes_c=1 ;;
	*) takes_c=0 ;;
	esac

	run $p -C 1023
	is "$RC $(lines "$ERR") $OUT" "2 1 " "$w: -C of a CPU not here: exit 2, one line"
	like "$ERR" "^smpb-$w: -C: CPU 1023 is not available: there is no such CPU \\(allowed here: [0-9,-]+\\)\$" \
	    "$w: which, why, and the CPUs it may use"
	run $p -C 0-
	is "$RC $ERR" \
	    "2 smpb-$w: -C: '0-' is not a CPU list (like 0,2-3; CPUs 0..1023, at most 1024 entries)" \
	    "$w: -C of no list: exit 2, one line"
	if [ "$takes_c" -eq 0 ]; then
		run $p -C "$last" -c "$last"
		is "$RC $ERR" "2 smpb-$w: -c: unknown option (see smpb-$w -h)" \
		    "$w: takes no -c (-h names none), and refuses it"
		continue
	fi
	if [ -z "$other" ]; then
		t_skip "$w: -c outside -C: this process may use one CPU"
		t_skip "$w: -C, then -c outside it: this process may use one CPU"
		continue
	fi
	want="smpb-$w: -c: CPU $other is not available: it is not one of -C's CPUs (allowed here: $last)"
	run $p -c "$other" -C "$last"
	is "$RC $ERR" "2 $want" "$w: -c outside -C: exit 2, one line"
	run $p -C "$last" -c "$other"
	is "$RC $ERR" "2 $want" "$w: -C, then -c outside it: the same"
done

# smpb-bind -B without -c binds its workers to the CPUs it may use: -C's.
run bin/smpb-bind -p -B -n 2 -r 100000 -s 4 -C "$last"
is "$RC $(kv "$OUT" cpus_pinned) $(kv "$OUT" cpus_confined)" "0 1 1" \
    "bind -B -C $last: both workers bound to the one CPU of -C"

# allowed_of PID: the CPUs the process may run on, as /proc says.
allowed_of() {
	awk '/^Cpus_allowed_list:/ { print $2 }' "/proc/$1/status" 2>/dev/null
}

# Every process of smpb-bind -H 2 -n 1 -C LAST: main, a guardian for
# the hogs and one for the worker, the two hogs and the worker, all
# spinning on one CPU until SIGTERM.
bin/smpb-bind -p -n 1 -H 2 -T 60 -s 4 -C "$last" >/dev/null 2>&1 &
bind=$!
if wait_children "$bind" 5; then
	n=0 bad=
	for pid in "$bind" $(children "$bind"); do
		a=$(allowed_of "$pid")
		n=$((n + 1))
		[ "$a" = "$last" ] || bad="$bad $pid:${a:-?}"
	done
	is "$n$bad" 6 "bind -H 2 -C $last: main, guardians, worker and hogs on CPU $last alone"
else
	t_result 1 "bind -H 2 -C $last: its 5 children started"
fi
kids=$(children "$bind")
kill -TERM "$bind"
wait "$bind"
is "$?" 143 "bind -C: SIGTERM ends it, exit 143"
# shellcheck disable=SC2086 # a list of pids
check "bind -C: nothing left running" wait_gone 5 $kids

done_testing
