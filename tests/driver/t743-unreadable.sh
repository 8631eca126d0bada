# t743-unreadable: what smpbench env records of a machine whose files
# cannot be read, or are not what a kernel writes, under every POSIX shell
# we can find (fake machines, SMPBENCH_PROC). A locked-down debugfs, whose
# files refuse to be opened: a fifo with no writer (which blocks), a
# directory, a socket (whose open fails even for root, as a locked-down
# file's does, while [ -r ] passes): unknown, quietly, at once. CPU lists
# beyond any kernel's (0-99999999: a kernel has at most 8192 CPUs): not
# used, and nothing hangs on them. A value whose command fails (a cksum
# that says nothing): unknown, never empty.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=$PWD/scripts/smpbench
need_cmd timeout || skip_all "no timeout: a hang could not be stopped"
need_cmd mkfifo || skip_all "no mkfifo"
T=$TMPDIR_T
# Seconds before env is taken for hung (a guard, not a performance figure).
LIMIT=20

# A machine whose debugfs refuses: sched/features a fifo, sched/preempt a
# directory; another whose sched_features is a socket (where one can be
# made here).
D=$T/locked
mkdir -p "$D/proc/self" "$D/sys/devices/system/cpu" "$D/sys/kernel/debug/sched"
printf '0-1\n' >"$D/sys/devices/system/cpu/online"
printf 'Name:\tawk\nCpus_allowed_list:\t0-1\n' >"$D/proc/self/status"
mkfifo "$D/sys/kernel/debug/sched/features"
mkdir "$D/sys/kernel/debug/sched/preempt"
S=$T/socket
mkdir -p "$S/proc/self" "$S/sys/kernel/debug"
SOCK=0
if need_cmd python3 && python3 -c 'import socket, sys
socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
    "$S/sys/kernel/debug/sched_features" 2>/dev/null; then
	SOCK=1
fi

# A machine whose CPU lists name CPUs no kernel has.
B=$T/big
mkdir -p "$B/proc/self" "$B/sys/devices/system/cpu/cpu0/topology" \
    "$B/sys/devices/system/node/node0"
printf '0-99999999\n' >"$B/sys/devices/system/cpu/online"
printf 'Name:\tawk\nCpus_allowed_list:\t0-99999999\n' >"$B/proc/self/status"
printf '0-99999999\n' >"$B/sys/devices/system/cpu/cpu0/topology/core_cpus_list"
printf '0-99999999\n' >"$B/sys/devices/system/node/node0/cpulist"

# A machine with a kernel config, and a cksum that fails saying nothing.
C=$T/config
mkdir -p "$C/proc/self" "$C/boot"
printf 'CONFIG_HZ=250\nCONFIG_PREEMPT=y\n' >"$C/boot/config-$(uname -r)"
BAD=$T/bad
mkdir "$BAD"
printf '#!/bin/sh\nexit 1\n' >"$BAD/cksum"
chmod +x "$BAD/cksum"

# key NAME: the value of NAME in what env printed (each line that
# sets it, as sed -n "s/^NAME=//p" prints them).
key() {
	k_text=$OUT$NL k_vals=
	while [ -n "$k_text" ]; do
		k_line=${k_text%%"$NL"*}
		k_text=${k_text#*"$NL"}
		case $k_line in
		"$1="*) k_vals=$k_vals${k_line#"$1="}$NL ;;
		esac
	done
	printf '%s' "$k_vals"
}
NL='
'

# quiet WHAT: ERR holds nothing but notes ("smpbench: note: ").
quiet() {
	q_text=$ERR$NL q_rest=
	while [ -n "$q_text" ]; do
		q_line=${q_text%%"$NL"*}
		q_text=${q_text#*"$NL"}
		case $q_line in
		"smpbench: note: "*) ;;
		*) q_rest=$q_rest$q_line$NL ;;
		esac
	done
	is "${q_rest%"$NL"}" "" "$1"
}

for s in $SHELLS; do
	use_shell $s || continue
	run env SMPBENCH_PROC="$D" timeout -k 5 "$LIMIT" $sh "$SB" env
	is "$RC" 0 "$s: a locked-down debugfs: env ends, exit 0"
	quiet "$s: and says nothing of it on stderr"
	is "$(key sched_features)" unknown "$s: sched_features unknown"
	is "$(key preempt)" unknown "$s: preempt unknown"
	if [ "$SOCK" -eq 1 ]; then
		run env SMPBENCH_PROC="$S" timeout -k 5 "$LIMIT" $sh "$SB" env
		quiet "$s: a debugfs file that cannot be opened: nothing on stderr"
		is "$(key sched_features)" unknown "$s: sched_features unknown"
	else
		t_skip "no socket made here (python3)"
	fi

	run env SMPBENCH_PROC="$B" timeout -k 5 "$LIMIT" $sh "$SB" env
	is "$RC" 0 "$s: online 0-99999999: env ends, exit 0"
	like "$(key cpus_online)" '^[1-9][0-9]{0,3}$' \
	    "$s: the CPUs counted as the system counts them, not from that list"
	like "$(key cpus_online_list)" '^0(-[0-9]+)?$' \
	    "$s: and their list, not that one"
	like "$(key cpus_allowed_list)" '^0(-[0-9]+)?$' \
	    "$s: nor that list of allowed CPUs"

	run env SMPBENCH_PROC="$C" PATH="$BAD:$PATH" $sh "$SB" env
	is "$(key config_hash)" unknown "$s: a checksum that cannot be had is unknown"
done

done_testing
