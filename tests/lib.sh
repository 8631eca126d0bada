# shellcheck shell=sh disable=SC2034
# lib.sh: TAP helpers for the sh tests; sourced, never run.
#
#	. tests/lib.sh
#	run bin/smpb-ring -n 1		sets RC, OUT (stdout), ERR (stderr)
#	is "$RC" 2 "exit 2"		ok N - exit 2 / not ok, with got/want
#	like "$OUT" '^2 : [0-9]* switches' "classic line"
#	check "name" cmd args...	ok when the command succeeds
#	t_skip "reason"			ok N # SKIP reason: counted as skipped
#	done_testing			plan last; exit 0, or 1 if any failed
#	skip_all "reason"		1..0 # SKIP reason; exit 4
#
# Every test script runs from the top of the tree with TMPDIR_T, a fresh
# directory of its own, removed at exit.

# The common tail of every program's -p line (src/lib/report.c), with
# and without the kernel's scheduler statistics, and what a -p line is.
TAIL_NONE="user_s sys_s nvcsw nivcsw minflt cpus_used cpus_seen cpus_pinned cpus_confined sched_stats"
TAIL_KERNEL="user_s sys_s nvcsw nivcsw minflt cpus_used cpus_seen cpus_pinned cpus_confined run_s wait_s wait_max_s migrations sched_stats"
KV_LINE='^([a-z_0-9]+=(-?[0-9]+(\.[0-9]+)?|[0-9,-]+|none) )+sched_stats=(kernel|none)$'

# tail_keys LINE: the tail's keys a -p line must end with, by its
# sched_stats.
tail_keys() {
	if [ "$(kv "$1" sched_stats)" = kernel ]; then
		echo "$TAIL_KERNEL"
	else
		echo "$TAIL_NONE"
	fi
}

# The workloads, in order, as the driver reads them (the one list,
# scripts/workloads/LIST), and every program: each workload's and hog.
# TEST_WORKLOADS, where it is set, keeps of LIST only the workloads it
# names: t750 runs the tests that loop over the workloads so, on its
# made-up one alone.
WORKLOADS=
while read -r w_w; do
	case $w_w in
	'' | '#'*) ;;
	*) WORKLOADS="$WORKLOADS$w_w " ;;
	esac
done <scripts/workloads/LIST
if [ -n "${TEST_WORKLOADS:-}" ]; then
	w_keep=
	for w_w in $WORKLOADS; do
		case " $TEST_WORKLOADS " in
		*" $w_w "*) w_keep="$w_keep$w_w " ;;
		esac
	done
	WORKLOADS=$w_keep
fi
WORKLOADS=${WORKLOADS% }
PROGRAMS="$WORKLOADS hog"

# wl_fact WORKLOAD NAME: the fact NAME_<w> that the workload's file,
# scripts/workloads/<w>.sh, sets (empty where it sets none), read as the
# driver's workload_fact reads it. The tests' own facts (see
# scripts/workloads/pipe.sh): test_quick, the program's arguments for a
# short -p run; test_long, for a run that lasts until it is stopped;
# test_workers, what that run has once its workers started (has_workers).
wl_fact() {
	(
		# shellcheck source=/dev/null # the workload's file, by its name
		. "scripts/workloads/$1.sh" || exit 1
		eval "printf '%s\\n' \"\${$2_$1-}\""
	)
}

T_COUNT=0
T_FAILED=0
TMPDIR_T=$(mktemp -d "${TMPDIR:-/tmp}/smpbench-test.XXXXXX") || exit 1
trap 'rm -rf "$TMPDIR_T"' EXIT
# The runs a test makes see one another, never those of another test
# running beside it (lib/measuring.sh).
SMPBENCH_LOCKDIR=$TMPDIR_T/measuring
export SMPBENCH_LOCKDIR
trap 'exit 130' INT
trap 'exit 143' TERM

t_result() {
	T_COUNT=$((T_COUNT + 1))
	if [ "$1" -eq 0 ]; then
		printf 'ok %d - %s\n' "$T_COUNT" "$2"
	else
		T_FAILED=$((T_FAILED + 1))
		printf 'not ok %d - %s\n' "$T_COUNT" "$2"
	fi
}

# t_skip REASON: one check that cannot run here (tests/run counts it apart).
t_skip() {
	T_COUNT=$((T_COUNT + 1))
	printf 'ok %d # SKIP %s\n' "$T_COUNT" "$1"
}

# run CMD...: run it, keeping its status, stdout and stderr.
run() {
	"$@" >"$TMPDIR_T/out" 2>"$TMPDIR_T/err"
	RC=$?
	slurp "$TMPDIR_T/out"
	OUT=$SLURPED
	slurp "$TMPDIR_T/err"
	ERR=$SLURPED
}

# slurp FILE: FILE's text in SLURPED, as $(cat FILE) has it (no newline
# at its end): read by the shell where it is short, a process costing
# more than a few hundred lines read so; by cat beyond.
SLURP_LINES=200
slurp() {
	SLURPED=
	sl_n=0
	while [ "$sl_n" -lt "$SLURP_LINES" ]; do
		sl_l=
		IFS= read -r sl_l || { SLURPED=$SLURPED$sl_l; break; }
		SLURPED=$SLURPED$sl_l$T_NL
		sl_n=$((sl_n + 1))
	done <"$1"
	if [ "$sl_n" -ge "$SLURP_LINES" ]; then
		SLURPED=$(cat "$1")
		return 0
	fi
	while :; do
		case $SLURPED in
		*"$T_NL") SLURPED=${SLURPED%"$T_NL"} ;;
		*) return 0 ;;
		esac
	done
}
T_NL='
'


is() {
	if [ "$1" = "$2" ]; then
		t_result 0 "$3"
	else
		t_result 1 "$3"
		printf '#   got:  %s\n#   want: %s\n' "$1" "$2"
	fi
}

# like TEXT ERE NAME: some line of TEXT matches the extended regex.
like() {
	if grep -Eq -- "$2" <<EOF_LIKE
$1
EOF_LIKE
	then
		t_result 0 "$3"
	else
		t_result 1 "$3"
		printf '#   got:  %s\n#   want: /%s/\n' "$1" "$2"
	fi
}

check() {
	t_name=$1
	shift
	if "$@"; then
		t_result 0 "$t_name"
	else
		t_result 1 "$t_name"
	fi
}

lines() {
	if [ -z "$1" ]; then
		echo 0
	else
		printf '%s\n' "$1" | wc -l | tr -d ' '
	fi
}




# Processes, from as few processes as can be: each one a test starts
# costs about as much CPU as a short run. Where /proc lists a task's
# children, alive and children read /proc in the shell alone; elsewhere
# they ask one ps.
PROC_KIDS=
[ -r "/proc/$$/task/$$/children" ] && PROC_KIDS=1

# alive PID...: how many of these are running (zombies are dead).
alive() {
	if [ -z "$PROC_KIDS" ]; then
		[ "$#" -eq 0 ] && { echo 0; return; }
		a_pids=$(printf '%s,' "$@")
		ps -o stat= -p "${a_pids%,}" 2>/dev/null |
		    awk '$1 !~ /^Z/ { n++ } END { print n + 0 }'
		return
	fi
	a_n=0
	for a_pid in "$@"; do
		{ read -r a_st <"/proc/$a_pid/stat"; } 2>/dev/null || continue
		a_st=${a_st##*) }	# the state follows the name, in ()
		case ${a_st%% *} in
		Z | X | "") ;;
		*) a_n=$((a_n + 1)) ;;
		esac
	done
	echo "$a_n"
}

# children PID: the pids whose parent is PID.
children() {
	if [ -z "$PROC_KIDS" ]; then
		ps -eo pid=,ppid= | awk -v p="$1" '$2 == p { print $1 }'
		return
	fi
	for c_f in /proc/"$1"/task/*/children; do
		c_l=
		{ read -r c_l <"$c_f"; } 2>/dev/null
		for c_pid in $c_l; do
			echo "$c_pid"
		done
	done
}

# has_children PID N: true when PID has at least N children.
has_children() {
	# shellcheck disable=SC2046 # the pids, split on purpose
	set -- "$2" $(children "$1")
	[ "$(($# - 1))" -ge "$1" ]
}

# has_workers PID SPEC: true when PID has what SPEC, a workload's fact
# test_workers, says: "children N", N children or more; "threads N", N
# threads or more, its main thread among them.
has_workers() {
	case $2 in
	"children "*) has_children "$1" "${2#children }" ;;
	"threads "*)
		hw_n=
		if [ -r "/proc/$1/status" ]; then
			{
				while read -r hw_k hw_v; do
					[ "$hw_k" = Threads: ] && hw_n=$hw_v
				done <"/proc/$1/status"
			} 2>/dev/null
		else
			hw_n=$(ps -o nlwp= -p "$1" 2>/dev/null | tr -d ' ')
		fi
		[ "${hw_n:-0}" -ge "${2#threads }" ] 2>/dev/null
		;;
	*) return 1 ;;
	esac
}

# wait_children PID N: wait (up to 5 s, polled every 0.02 s: what it
# waits for keeps a CPU busy meanwhile) until PID has N children.
wait_children() {
	wc_tries=250
	until has_children "$1" "$2"; do
		[ "$wc_tries" -le 0 ] && return 1
		wc_tries=$((wc_tries - 1))
		sleep 0.02
	done
}

# kv TEXT KEY: the value of KEY in a key=value line.
kv() {
	k_ifs=$IFS k_n=0 k_out=
	IFS=' 
'
	set -f
	for k_tok in $1; do
		case $k_tok in
		"$2"=*)
			[ "$k_n" -gt 0 ] && k_out="$k_out
"
			k_out=$k_out${k_tok#"$2"=} k_n=$((k_n + 1)) ;;
		esac
	done
	set +f
	IFS=$k_ifs
	[ "$k_n" -eq 0 ] || printf '%s\n' "$k_out"
}

# kvs LINE: each key=value of LINE in the variable v_KEY, as kv has it
# (the values of a key said twice, a line each), without a process;
# the keys of the line before unset. (A $(kv ...) a key costs a process
# each.)
KVS_SET=
kvs() {
	for kvs_k in $KVS_SET; do
		unset "v_$kvs_k"
	done
	KVS_SET=
	kvs_ifs=$IFS
	IFS=" $T_NL"
	set -f
	for kvs_t in $1; do
		kvs_k=${kvs_t%%=*}
		case $kvs_t in
		*=*) ;;
		*) continue ;;
		esac
		case $kvs_k in
		"" | *[!a-z0-9_]*) continue ;;
		esac
		case " $KVS_SET " in
		*" $kvs_k "*) eval "v_$kvs_k=\$v_$kvs_k\$T_NL\${kvs_t#*=}" ;;
		*) eval "v_$kvs_k=\${kvs_t#*=}"
			KVS_SET="$KVS_SET $kvs_k" ;;
		esac
	done
	set +f
	IFS=$kvs_ifs
}

# within SECONDS CMD...: true once CMD succeeds (tried every 0.1 s),
# false when it has not by the deadline.
within() {
	wi_tries=$(($1 * 10))
	shift
	until "$@"; do
		[ "$wi_tries" -le 0 ] && return 1
		wi_tries=$((wi_tries - 1))
		sleep 0.1
	done
	return 0
}

# none_alive PID...: true when none of these is running.
none_alive() {
	[ "$(alive "$@")" -eq 0 ]
}

# wait_gone SECONDS PID...: true once none is alive, false at the deadline.
wait_gone() {
	w_secs=$1
	shift
	within "$w_secs" none_alive "$@"
}

# check_latency LINE SAMPLES WHAT: a -p line of a -l run has the lat_ keys
# in order just before the tail, percentiles that never decrease, and
# SAMPLES samples.
LAT_KEYS="lat_p50_us lat_p90_us lat_p99_us lat_p999_us lat_max_us lat_samples"
check_latency() {
	cl_keys=$(printf '%s\n' "$1" | tr ' ' '\n' | sed 's/=.*//' | tr '\n' ' ')
	like "$cl_keys" " $LAT_KEYS $(tail_keys "$1") \$" "$3: the lat_ keys, then the tail"
	check "$3: percentiles never decrease" awk -v a="$(kv "$1" lat_p50_us)" \
	    -v b="$(kv "$1" lat_p90_us)" -v c="$(kv "$1" lat_p99_us)" \
	    -v d="$(kv "$1" lat_p999_us)" -v e="$(kv "$1" lat_max_us)" \
	    'BEGIN { exit !(a > 0 && a <= b && b <= c && c <= d && d <= e) }'
	is "$(kv "$1" lat_samples)" "$2" "$3: one sample per message"
}

# LAT_BLOCK: the classic form's percentile block, after the result line.
LAT_BLOCK='^Wakeup latencies percentiles \(usec\) \([0-9]+ samples\)
	50\.0th: [0-9]+\.[0-9]
	90\.0th: [0-9]+\.[0-9]
	99\.0th: [0-9]+\.[0-9]
	99\.9th: [0-9]+\.[0-9]
	max: [0-9]+\.[0-9]$'

# early_death CMD...: start CMD (a program that starts many workers), kill
# one of its first workers with SIGKILL (or signal ED_SIG) as soon as
# there are some: a member of its largest process group, not the guardian
# that leads it.
# Wait for CMD; sets RC, ERR, SECS (from the kill to CMD's end) and KIDS
# (the children seen at the kill).
early_death() {
	"$@" >"$TMPDIR_T/ed.out" 2>"$TMPDIR_T/ed.err" &
	ed_pid=$!
	wait_children "$ed_pid" 3
	KIDS=$(children "$ed_pid")
	# shellcheck disable=SC2086 # a list of pids
	ed_victim=$(ps -o pid=,pgid= -p $KIDS | awk '{ n[$2]++; p[$2] = p[$2] " " $1 }
	    END { for (g in n) if (n[g] > best) { best = n[g]; pick = g }
		split(p[pick], a, " ")
		for (i in a) if (a[i] != pick) { print a[i]; exit } }')
	ed_t0=$(date +%s)
	kill -"${ED_SIG:-KILL}" "$ed_victim"
	wait "$ed_pid"
	RC=$?
	SECS=$(($(date +%s) - ed_t0))
	ERR=$(cat "$TMPDIR_T/ed.err")
}

# none_of_user UID NAME: true when UID runs no process named NAME.
none_of_user() {
	[ "$(ps -eo uid=,comm= | awk -v u="$1" -v c="$2" \
	    '$1 == u && $2 == c' | wc -l)" -eq 0 ]
}

# Another user, for the tests that act as one: as root, OTHER_USER
# through setpriv. That user is given copies of what it is to run or
# read, in a directory of the test's that it can enter: the tree itself
# may be where no one else can go (a clone in a directory of mode 0700,
# as any under /root), and there a program of the tree's run as that
# user fails, or a check passes for the wrong reason.
OTHER_USER=nobody

# other_user [PATH...]: true where this test can act as another user:
# it is root, and there are setpriv and a user OTHER_USER. OTHER_UID and
# OTHER_GID are set, and the tree's PATHs (files or directories, named
# from the top of the tree: scripts, bin/smpb-ring, tests/fixtures/run-a)
# copied, readable by that user, under OTHER_TREE at the same names (the
# driver as $OTHER_TREE/scripts/smpbench). False otherwise, with why in
# OTHER_WHY, which is also where that user cannot enter OTHER_TREE (a
# TMPDIR in a directory it cannot enter).
# shellcheck disable=SC2120 # PATH...: given by the tests that copy
other_user() {
	OTHER_WHY=
	if [ "$(id -u)" -ne 0 ]; then
		OTHER_WHY="not root: there is no other user to be"
	elif ! id "$OTHER_USER" >/dev/null 2>&1; then
		OTHER_WHY="no user $OTHER_USER"
	elif ! need_cmd setpriv; then
		OTHER_WHY="setpriv is not installed"
	fi
	[ -z "$OTHER_WHY" ] || return 1
	OTHER_UID=$(id -u "$OTHER_USER")
	OTHER_GID=$(id -g "$OTHER_USER")
	OTHER_TREE=$TMPDIR_T/other
	if ! { mkdir -p "$OTHER_TREE" && chmod 0755 "$TMPDIR_T" "$OTHER_TREE"; }; then
		OTHER_WHY="cannot make $OTHER_TREE"
		return 1
	fi
	for ou_p in "$@"; do
		case $ou_p in
		*/*) mkdir -p "$OTHER_TREE/${ou_p%/*}" ;;
		esac
		cp -R "$ou_p" "$OTHER_TREE/$ou_p" || {
			OTHER_WHY="cannot copy $ou_p for $OTHER_USER"
			return 1
		}
	done
	chmod -R a+rX,go-w "$OTHER_TREE"
	as_other test -x "$OTHER_TREE" || {
		OTHER_WHY="$OTHER_USER cannot enter $OTHER_TREE (TMPDIR is in a directory closed to others)"
		return 1
	}
}

# as_other CMD...: CMD as the other user (after other_user).
as_other() {
	setpriv --reuid="$OTHER_UID" --regid="$OTHER_GID" --clear-groups "$@"
}

# other_skip WHY: a check that needs another user cannot run here: it
# is skipped, or fails under SMPB_OTHER_USER_REQUIRED=1 (CI, where every
# test that needs another user must run).
other_skip() {
	if [ "${SMPB_OTHER_USER_REQUIRED:-0}" = 1 ]; then
		t_result 1 "$1 (SMPB_OTHER_USER_REQUIRED=1)"
	else
		t_skip "$1"
	fi
}

# other_root_timed: for a test whose driver runs as root against another
# user, nothing of the tree run as that user: other_user (OTHER_UID,
# OTHER_GID), and timeout(1) to bound what runs; else the test ends
# (other_cannot).
other_root_timed() {
	# shellcheck disable=SC2119 # no file of the tree to copy
	other_user || other_cannot "$OTHER_WHY"
	need_cmd timeout ||
	    other_cannot "timeout is not installed: a hang would hang the test"
}

# other_cannot WHY: the rest of this test needs another user, and
# cannot run here: other_skip, and the test ends (skipped whole when it
# has made no check yet).
other_cannot() {
	[ "$T_COUNT" -gt 0 ] || [ "${SMPB_OTHER_USER_REQUIRED:-0}" = 1 ] ||
	    skip_all "$1"
	other_skip "$1"
	done_testing
}



need_cmd() {
	command -v "$1" >/dev/null 2>&1
}

# The POSIX shells the driver is tested under, each as it runs when it is
# /bin/sh (see shell_cmd).
SHELLS=${TEST_SHELLS:-"dash posh busybox bash mksh yash"}

# shell_cmd NAME: the command line of a POSIX shell to test the driver
# under (one of SHELLS), or nothing if it is missing.
shell_cmd() {
	case $1 in
	dash | posh) need_cmd "$1" && echo "$1" ;;
	busybox) need_cmd busybox && echo "busybox sh" ;;
	bash) need_cmd bash && echo "bash --posix" ;;
	mksh) need_cmd mksh && echo "mksh -o posix" ;;
	yash) need_cmd yash && echo "yash --posix" ;;
	esac
}

# use_shell NAME: set sh to the command line of the shell NAME and be
# true; when it is not installed, count a skipped check and be false.
use_shell() {
	sh=$(shell_cmd "$1")
	[ -n "$sh" ] && return 0
	t_skip "$1 is not installed"
	return 1
}

# first_shell: s and sh for the first of SHELLS installed (use_shell);
# the whole test skipped where none is.
first_shell() {
	for s in $SHELLS; do
		use_shell "$s" && return 0
	done
	skip_all "none of $SHELLS is installed"
}

# tmpfs_ns DIR: in NS, the command that runs what follows it in a mount
# namespace of its own, where a tmpfs was mounted on DIR to try it:
# unshare -m as root, unshare -rm where user namespaces stand in for
# root. Where neither can, false with why in NS_WHY; where the test must
# run (SMPB_MOUNT_REQUIRED=1: CI), a failed check and the test's end.
tmpfs_ns() {
	for tn_ns in "unshare -m" "unshare -rm"; do
		# shellcheck disable=SC2086,SC2016 # a command line, split on
		# purpose; the inner shell's $1
		if $tn_ns sh -c 'mount -t tmpfs -o size=64k smpbench-test "$1"' \
		    sh "$1" 2>/dev/null; then
			NS=$tn_ns
			return 0
		fi
	done
	NS=
	NS_WHY="cannot mount a tmpfs (needs root, or user namespaces for unshare -rm)"
	if [ "${SMPB_MOUNT_REQUIRED:-0}" = 1 ]; then
		t_result 1 "$NS_WHY"
		done_testing
	fi
	return 1
}

# build_tree DIR: into DIR, made as needed, what make builds the
# programs from: the Makefile, src/, and scripts/workloads/LIST, which
# names them.
build_tree() {
	mkdir -p "$1/scripts/workloads" && cp -R Makefile src "$1/" &&
	    cp scripts/workloads/LIST "$1/scripts/workloads/"
}

# path_without CMD...: a PATH on which the commands CMD... are not
# found: PATH's directories in their order, each that holds one of
# CMD... in place of a directory of links to everything else in it
# (linking a directory of a thousand commands costs a fifth of a
# second, so the others stay as they are); empty entries left out.
# Under tests/run (TEST_SHARED, a directory of its own that every test
# it runs may write) the links are made once for all its tests, for
# this PATH and CMD...: each call that finds none for them makes its own
# (a directory of mktemp's: never one another call made), with a file,
# "from", of the PATH they stand for and the PATH made; the first names
# that file for the others by a link (a name that exists makes ln fail,
# the name of a file as it is). A link to another PATH's: this call's
# own are used.
path_without() {
	pw_key=
	for pw_c in "$@"; do
		pw_key=$pw_key-$pw_c
	done
	if [ -z "${TEST_SHARED:-}" ]; then
		path_links "$TMPDIR_T/path-without$pw_key" "$@"
		return
	fi
	pw_shared=$TEST_SHARED/path-without$pw_key
	pw_from='' pw_path=''
	[ ! -f "$pw_shared" ] ||
	    { IFS= read -r pw_from && IFS= read -r pw_path; } <"$pw_shared"
	if [ "$pw_from" != "$PATH" ]; then
		pw_mine=$(mktemp -d "$TEST_SHARED/path-without.XXXXXX") &&
		    pw_path=$(path_links "$pw_mine" "$@") || return 1
		printf '%s\n%s\n' "$PATH" "$pw_path" >"$pw_mine/from" ||
		    return 1
		ln -s "${pw_mine##*/}/from" "$pw_shared" 2>/dev/null
	fi
	printf '%s\n' "$pw_path"
}

# path_links DIR CMD...: path_without's PATH, its directories of links
# made in DIR.
path_links() {
	pw_dir=$1
	shift
	pw_path=
	pw_n=0
	pw_ifs=$IFS
	IFS=:
	for pw_d in $PATH; do
		pw_has=
		for pw_c in "$@"; do
			[ -n "$pw_d" ] && [ -e "$pw_d/$pw_c" ] && pw_has=1
		done
		if [ -z "$pw_has" ]; then
			[ -z "$pw_d" ] || pw_path=$pw_path${pw_path:+:}$pw_d
			continue
		fi
		pw_n=$((pw_n + 1))
		mkdir -p "$pw_dir/$pw_n" || { IFS=$pw_ifs; return 1; }
		ln -s "$pw_d"/* "$pw_dir/$pw_n/" 2>/dev/null
		for pw_c in "$@"; do
			rm -f "$pw_dir/$pw_n/$pw_c"
		done
		pw_path=$pw_path${pw_path:+:}$pw_dir/$pw_n
	done
	IFS=$pw_ifs
	printf '%s\n' "$pw_path"
}

# narrow FILE: true when every line is printable ASCII, at most 72
# columns, but a report's line to rerun it ("reproduce: ...", "#
# reproduce: ..." under -p), one line however long.
narrow() {
	LC_ALL=C awk '/[^ -~]/ || (length($0) > 72 && !/^(# )?reproduce: /) {
		bad = 1; printf "# %s:%d: %s\n", FILENAME, FNR, $0 }
		END { exit bad }' "$1"
}

# versionless TEXT: TEXT with the version a report's line to rerun it
# names (what git describe says changes with each commit) as VERSION.
versionless() {
	printf '%s\n' "$1" |
	    sed 's/^\(# \)\{0,1\}reproduce: smpbench [^;]*;/\1reproduce: smpbench VERSION;/'
}

# tables_of TEXT: what smpbench show printed, without the kernel's context
# it adds under the tables (a blank line, then "Context of ...").
tables_of() {
	printf '%s\n' "$1" | awk '/^Context of / { exit }
		{ if (held) print ""; held = 0 }
		/^$/ { held = 1; next }
		{ print }'
}

# first_cpu: the first CPU this process may run on, or nothing where
# /proc cannot tell.
first_cpu() {
	awk '/^Cpus_allowed_list/ { split($2, a, "[,-]"); print a[1] }' \
	    /proc/self/status 2>/dev/null
}

# bad_inputs PROG: for every "args|message" line on stdin, PROG args must
# exit 2 with exactly that message on stderr and print nothing.
bad_inputs() {
	while IFS='|' read -r b_args b_msg; do
		# shellcheck disable=SC2086 # the arguments, split on purpose
		run "$1" $b_args
		is "$RC" 2 "'$b_args' exits 2"
		is "$ERR" "$b_msg" "'$b_args' says why"
		is "$OUT" "" "'$b_args' prints no result"
	done
}

# fake_prog DIR WORKLOAD [CODE]: a fake smpb-WORKLOAD (ring or herd) in
# DIR for driver tests: it answers -V, runs the shell CODE (its arguments
# in "$@"), then prints a -p line of that workload.
fake_prog() {
	case $2 in
	ring) fp_line="procs=2 laps=10 wall_s=0.050000 switches_per_s=400 us_per_switch=2500.0000 user_s=0.000 sys_s=0.000 nvcsw=20 nivcsw=0 cpus_used=1 cpus_pinned=0" ;;
	herd) fp_line="procs=2 iterations=2000 wall_s=0.010000 us_per_iteration=5.0000 tokens=2000 active_procs=2 top_share_pct=50.00 min_tokens=1000 max_tokens=1000 jain=1.0000 user_s=0.000 sys_s=0.000 nvcsw=1 nivcsw=0 cpus_used=1 cpus_pinned=0" ;;
	esac
	mkdir -p "$1"
	# shellcheck disable=SC2016 # $1 is the fake's, not ours
	printf '#!/bin/sh\n[ "$1" = -V ] && { echo "smpb-%s (smpbench) 0.0"; exit 0; }\n%s\necho "%s"\n' \
	    "$2" "${3:-}" "$fp_line" >"$1/smpb-$2"
	chmod +x "$1/smpb-$2"
}

# wrap_util DIR NAME BEFORE [AFTER]: a NAME in DIR (to put first in PATH)
# that runs the shell code BEFORE, then the real NAME, then AFTER when
# NAME succeeded: a hook into what the driver does, at a given moment.
wrap_util() {
	wu_real=$(command -v "$2")
	mkdir -p "$1"
	printf '#!/bin/sh\n%s\n"%s" "$@" || exit\n%s\n' "$3" "$wu_real" \
	    "${4:-}" >"$1/$2"
	chmod +x "$1/$2"
}

# in_session SID: how many live processes are in the session.
in_session() {
	ps -eo sid=,stat= | awk -v s="$1" '$1 == s && $2 !~ /^Z/ { n++ }
		END { print n + 0 }'
}

# no_session SID: true when nothing of the session is alive.
no_session() {
	[ "$(in_session "$1")" -eq 0 ]
}

# session_gone SECONDS SID: true once nothing of the session is alive.
session_gone() {
	within "$1" no_session "$2"
}

# wait_file SECONDS FILE: true once FILE is there and not empty.
wait_file() {
	within "$1" test -s "$2"
}

skip_all() {
	printf '1..0 # SKIP %s\n' "$1"
	exit 4
}

# pad_raw FILE BYTES PAIRS [LINE...]: the lines of the raw file FILE
# (those numbered LINE..., else every one) padded to BYTES each with
# words that are not figures: PAIRS words with an = but no key (=pad,
# passed over; a key said twice would refuse the line), then junk words
# (ab). What the line says is unchanged; only its size is.
pad_raw() {
	pr_f=$1 pr_n=$2 pr_p=$3
	shift 3
	awk -v n="$pr_n" -v pairs="$pr_p" -v lines=" $* " '
	BEGIN {
		# By doubling: a string built a word at a time costs its
		# square.
		P = ""
		for (p = " =pad"; pairs > 0; pairs = int(pairs / 2)) {
			if (pairs % 2)
				P = P p
			p = p p
		}
		for (J = " ab"; length(J) < n; J = J J)
			;
	}
	lines != "  " && !index(lines, " " NR " ") { print; next }
	{
		s = $0 P
		if (length(s) > n) {
			print "pad_raw: line " NR " is longer than " n > "/dev/stderr"
			exit 1
		}
		print s substr(J, 1, n - length(s))
	}' "$pr_f" >"$pr_f.pad" && mv "$pr_f.pad" "$pr_f"
}

# vm_floor CMD...: the least of a ladder of limits (ulimit -v, KiB) that
# CMD... (a function too) runs within, exit 0, in VM_FLOOR; empty where
# none does or the shell has no ulimit -v.
# shellcheck disable=SC3045 # ulimit -v, tried where the shell has it
vm_floor() {
	VM_FLOOR=
	for vf_kib in 8192 12288 16384 20480 24576 28672 32768 40960 49152 \
	    65536 98304 131072; do
		if (ulimit -v "$vf_kib" 2>/dev/null && "$@") >/dev/null 2>&1
		then
			VM_FLOOR=$vf_kib
			return 0
		fi
	done
}

# in_tree DIR KIB CMD...: CMD... run in DIR, within KIB KiB of memory
# (ulimit -v) where KIB is not empty; 125 where it cannot be so run.
# shellcheck disable=SC3045 # ulimit -v, tried where the shell has it
in_tree() {
	(
		cd "$1" || exit 125
		[ -z "$2" ] || ulimit -v "$2" || exit 125
		shift 2
		exec "$@"
	)
}

# padded_trees MAX: two trees of the same names under TMPDIR_T, clean/
# and pad/, so that what the driver prints of a run's directory is the
# same in both: A (tests/fixtures/run-a, an id of its own) and B
# (run-b); every line of pad/A's raw/ring padded to MAX bytes (pad_raw).
padded_trees() {
	for pt_d in clean pad; do
		mkdir "$TMPDIR_T/$pt_d" &&
		    cp -R tests/fixtures/run-a "$TMPDIR_T/$pt_d/A" &&
		    cp -R tests/fixtures/run-b "$TMPDIR_T/$pt_d/B" || return 1
		{ cat tests/fixtures/run-a/env; echo "run_id=t752-a"; } \
		    >"$TMPDIR_T/$pt_d/A/env"
	done
	pad_raw "$TMPDIR_T/pad/A/raw/ring" "$1" 5000
}

# floor_of DIR CMD...: what CMD... (through in_tree) does in the tree
# DIR of clean runs, its status, stdout and stderr in want_rc, want_out
# and want_err, and the memory it ran within (vm_floor) and 8 MiB more,
# in limit (KiB; empty where no ulimit -v holds here): the bound of
# CMD... on the padded runs beside them. The run that finds the floor is
# the one whose output is kept; CMD... is run again, unbounded, only
# where no floor is found.
floor_of() {
	fo_dir=$1
	shift
	vm_floor cb_kept in_tree "$fo_dir" "" "$@"
	limit=
	if [ -n "$VM_FLOOR" ]; then
		want_rc=0
		slurp "$TMPDIR_T/cb.out"
		want_out=$SLURPED
		slurp "$TMPDIR_T/cb.err"
		want_err=$SLURPED
		limit=$((VM_FLOOR + 8192))
	else
		run in_tree "$fo_dir" "" "$@"
		want_rc=$RC want_out=$OUT want_err=$ERR
	fi
}

# clean_bound WHAT DIR CMD...: floor_of DIR CMD..., and its check: exit 0
# (WHAT names it); where no ulimit -v holds here, a check skipped,
# saying so.
clean_bound() {
	cb_what=$1
	shift
	floor_of "$@"
	is "$want_rc" 0 "$cb_what: exit 0"
	[ -n "$limit" ] ||
	    t_skip "$cb_what: no ulimit -v here, or no limit it ran within"
}

# cb_kept CMD...: CMD..., its stdout and stderr kept in TMPDIR_T's
# cb.out and cb.err (floor_of's, run by vm_floor in a subshell: what it
# prints outlives it).
# shellcheck disable=SC2317 # run by vm_floor
cb_kept() {
	"$@" >"$TMPDIR_T/cb.out" 2>"$TMPDIR_T/cb.err"
}

# long_battery WHAT: a battery too long for make test, which make
# test-all (TEST_ALL=1, as CI) runs: skipped otherwise, saying so.
long_battery() {
	[ "${TEST_ALL:-0}" = 1 ] || skip_all "$1: make test-all runs it"
}

done_testing() {
	printf '1..%d\n' "$T_COUNT"
	[ "$T_FAILED" -eq 0 ]
	exit $?
}
