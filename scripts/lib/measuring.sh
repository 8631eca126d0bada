# shellcheck shell=sh
# lib/measuring.sh: the other smpbench runs measuring on this machine, so
# that a run can say that another shares the CPUs with it.
#
# A user's runs learn of each other in a directory only that user owns:
# SMPBENCH_LOCKDIR, or smpbench-runs-UID in TMPDIR (or /tmp), made mode
# 0700 and refused (with one warning, other_runs unknown) when it is a
# link, not a directory, not the user's own, or open to anyone else, or
# when the directory it is in is not one to write into (dir_safe, in
# lib/dirs.sh: that directory, or one on the way to it, is another
# user's or open to others without being sticky). Then no other user can
# swap it, or anything in it, while a run uses it. Nothing is written
# anywhere else, and everything in it is made by mkdir (atomic, never
# through a link, never opening a fifo) or by a write to a new name then
# mv. A run's entry is the directory PID (the driver's pid) holding:
# info, one line "since=TIME dir=DIR"; measuring/, while it measures (not
# while it waits for a quiet machine); seen-by-PID/, the marks left by
# the runs that saw it measure, so that each learns of the other even
# when one came and went between the other's looks. An entry whose
# process is gone, or is no longer an smpbench run, is stale: removed by
# the next run that looks, when it has the shape a run gives it and is
# the user's own (entry_remove); anything else is left as it is. At most
# MEASURING_MAX entries are looked at, whatever the directory holds.
#
# Runs of other users are looked for among the processes (ps): one of
# another user whose command line is "smpbench run" is warned of, and
# counted apart, in other_users_runs: anyone can name a process so, and
# such a name must not cast doubt on a run (other_runs, which compare
# reads). Sourced by smpbench.

# The most entries (and marks) a look goes through, and the most
# processes of other users named like a run it asks about: far more
# runs than a machine measures at once.
MEASURING_MAX=64

# measuring_dir: the directory of this user's entries, made when missing,
# into measuring_dir_; false, with the reason in md_why, when it cannot
# be used safely: the directory it is in is not one to write into
# (dir_safe), or it is not this user's own, private, not a link.
# shellcheck disable=SC2154 # uid_me, ds_why: user_id's, dir_safe's
measuring_dir() {
	user_id
	md_uid=$uid_me
	md=${SMPBENCH_LOCKDIR:-${TMPDIR:-/tmp}/smpbench-runs-$md_uid}
	md=${md%/}
	case $md in
	/*) ;;
	*) md=$PWD/$md ;;
	esac
	md_why=
	md_parent=${md%/*}
	if ! dir_safe "${md_parent:-/}"; then
		md_why="$md: $ds_why"
	elif [ ! -e "$md" ] && [ ! -h "$md" ]; then
		mkdir -m 0700 "$md" 2>/dev/null
	fi
	if [ -n "$md_why" ]; then
		:
	elif [ -h "$md" ]; then
		md_why="$md is a link"
	elif [ ! -d "$md" ]; then
		md_why="$md is not a directory"
	else
		md_why=$(dir_private "$md" "$md_uid")
	fi
	measuring_dir_=$md
	[ -z "$md_why" ]
}

# dir_private DIR UID: nothing when DIR (a directory, not a link) is
# owned by UID, mode 0700; else why not.
dir_private() {
	# shellcheck disable=SC2012 # ls -ldn: the mode and owner, POSIX
	dp_ls=$(LC_ALL=C ls -ldn "$1" 2>/dev/null)
	set -f
	# shellcheck disable=SC2086 # the fields of ls, split on purpose
	set -- "$1" "$2" $dp_ls
	set +f
	case $3 in
	'') printf '%s cannot be looked at\n' "$1"; return ;;
	drwx------ | drwx------.) ;;
	*) printf '%s has mode %s, not drwx------\n' "$1" "$3"; return ;;
	esac
	if [ "$5" != "$2" ]; then
		printf '%s is owned by uid %s, not %s\n' "$1" "$5" "$2"
	fi
}

# entry_remove ENTRY [OWN]: remove a run's entry, when it has the shape
# a run gives it: a directory, not a link, of this user's (known when
# OWN is given: this run's own), holding its info and empty directories,
# measuring/ and the marks seen-by-PID/. Each is removed by name, the
# directories by rmdir, which removes no link's target and no directory
# that holds anything: what has another shape stays, and so does the
# entry that holds it.
# shellcheck disable=SC2154 # uid_me: user_id's (lib/dirs.sh)
entry_remove() {
	[ -d "$1" ] && [ ! -h "$1" ] || return 0
	if [ $# -lt 2 ]; then
		# shellcheck disable=SC2012 # ls -ldn: the owner, POSIX
		er_ls=$(LC_ALL=C ls -ldn "$1" 2>/dev/null)
		set -f
		# shellcheck disable=SC2086 # the fields of ls, split on purpose
		set -- "$1" $er_ls
		set +f
		[ "${4:-}" = "$uid_me" ] || return 0
	fi
	rm -f "$1/info" "$1/info.new" 2>/dev/null
	rmdir "$1/measuring" "$1"/seen-by-* "$1" 2>/dev/null
	return 0
}

# measuring_begin DIR: enter this run (measuring into DIR), as waiting,
# quietly but for a directory refused. Sets measuring_entry ("" when
# there is none), other_runs (how many other runs of this user measured
# beside this one, "unknown" when that cannot be told), other_runs_note
# (why it is unknown) and other_users_runs (processes of other users
# named like a run).
# shellcheck disable=SC2154 # pv: printable_v's (lib/common.sh)
measuring_begin() {
	other_runs=unknown
	other_runs_note=
	other_users_runs=0
	measuring_entry=
	measuring_seen=
	measuring_users=
	printable_v "$1"
	measuring_run=$pv
	if ! measuring_dir; then
		other_runs_note=$md_why
		warn "$other_runs_note: other runs are not looked for (other_runs=unknown)"
		return 0
	fi
	measuring_entry=$measuring_dir_/$$
	# One left by an earlier process of this pid.
	entry_remove "$measuring_entry"
	if ! mkdir "$measuring_entry" 2>/dev/null; then
		other_runs_note="cannot make an entry in $measuring_dir_"
		measuring_entry=
		return 0
	fi
	{
		printf 'since=%s dir=%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
		    "$measuring_run" >"$measuring_entry/info.new"
	} 2>/dev/null &&
	    mv -f "$measuring_entry/info.new" "$measuring_entry/info" 2>/dev/null
	other_runs=0
	return 0
}

# measuring_state STATE: say in this run's entry what it does now,
# waiting (for a quiet machine) or measuring.
measuring_state() {
	[ -n "${measuring_entry:-}" ] || return 0
	case $1 in
	measuring) mkdir "$measuring_entry/measuring" ;;
	*) rmdir "$measuring_entry/measuring" ;;
	esac 2>/dev/null
	return 0
}

# measuring_end: remove this run's entry and the marks left in it.
measuring_end() {
	[ -n "${measuring_entry:-}" ] && entry_remove "$measuring_entry" own
	measuring_entry=
	return 0
}

# measuring_check WHEN: warn of every other run measuring now, or that
# left a mark for this one, not warned of before in this run (WHEN: "at
# the start", "before ring", "at the end"), and leave a mark for each
# one measuring; other_runs counts them. Then the runs of other users.
measuring_check() {
	[ -n "${measuring_entry:-}" ] || return 0
	mc_n=0
	for mc_e in "$measuring_entry"/seen-by-* "$measuring_dir_"/*; do
		[ "$mc_e" != "$measuring_entry" ] || continue
		[ -e "$mc_e" ] || continue
		mc_n=$((mc_n + 1))
		if [ "$mc_n" -gt "$MEASURING_MAX" ]; then
			other_runs_note="more than $MEASURING_MAX entries in $measuring_dir_, not all looked at"
			break
		fi
		mc_pid=${mc_e##*/}
		case $mc_e in
		"$measuring_entry"/seen-by-*)
			mc_pid=${mc_pid#seen-by-}
			case $mc_pid in
			'' | *[!0-9]*) continue ;;
			esac
			mc_e=$measuring_dir_/$mc_pid
			# One measuring now is said so, below, by its entry.
			if [ -d "$mc_e/measuring" ] && is_measuring "$mc_pid"; then
				continue
			fi
			mc_how="measured on this machine during this run"
			;;
		*)
			case $mc_pid in
			'' | *[!0-9]* | "$$") continue ;;
			esac
			if ! is_measuring "$mc_pid"; then
				entry_remove "$mc_e"
				continue
			fi
			[ -d "$mc_e/measuring" ] || continue
			mkdir "$mc_e/seen-by-$$" 2>/dev/null
			mc_how="is measuring on this machine $1"
			;;
		esac
		case " $measuring_seen " in
		*" $mc_pid "*) continue ;;
		esac
		measuring_seen="$measuring_seen $mc_pid"
		other_runs=$((other_runs + 1))
		warn "another smpbench $mc_how (pid $mc_pid$(measuring_text "$mc_e")): the CPUs are shared, both runs' figures suffer"
	done
	measuring_others "$1"
	return 0
}

# measuring_others WHEN: warn of each process of another user (not warned
# of before) whose command line is an smpbench run, and count them in
# other_users_runs: they may share the CPUs, but nothing of theirs is
# read or written, and nothing tells one from a process merely named so.
measuring_others() {
	[ -d /proc/self ] || return 0
	user_id
	mo_me=$uid_me
	# shellcheck disable=SC2009 # ps: POSIX, pgrep is not
	# One a run: not the subshells of one (their parent is a match too),
	# nor this one (this user's: no ls of it).
	mo_pids=$(ps -e -o pid= -o ppid= -o args= 2>/dev/null |
	    awk -v max="$MEASURING_MAX" -v self="$$" '
	    $0 ~ /(^|[ \/])smpbench run( |$)/ { run[$1] = $2 }
	    END {
		for (p in run)
			if (p != self && !(run[p] in run) && n++ < max)
				print p
	    }')
	[ -n "$mo_pids" ] || return 0
	# The owner of each (of its /proc directory), in one ls.
	mo_set=
	for mo_p in $mo_pids; do
		mo_set="$mo_set /proc/$mo_p"
	done
	# shellcheck disable=SC2012,SC2086 # ls -ldn: the owner; pids, split
	mo_list=$(LC_ALL=C ls -ldn $mo_set 2>/dev/null |
	    awk -v me="$mo_me" '$3 != me { n = split($NF, p, "/"); print p[n], $3 }')
	while read -r mo_p mo_uid; do
		[ -n "$mo_p" ] || continue
		case " $measuring_users " in
		*" $mo_p "*) continue ;;
		esac
		measuring_users="$measuring_users $mo_p"
		other_users_runs=$((other_users_runs + 1))
		warn "a process of uid $mo_uid (pid $mo_p) is named like an smpbench run $1: if it is one, it shares the CPUs (another user's: not counted in other_runs)"
	done <<EOF_OTHERS
$mo_list
EOF_OTHERS
}

# is_measuring PID: true when process PID is an smpbench run: its
# command line is one where /proc says, else it is alive.
is_measuring() {
	if [ -d /proc/self ]; then
		[ -r "/proc/$1/cmdline" ] || return 1
		tr '\000' ' ' <"/proc/$1/cmdline" 2>/dev/null |
		    grep -Eq '(^|[ /])smpbench run( |$)' 2>/dev/null
		return
	fi
	kill -0 "$1" 2>/dev/null
}

# measuring_text ENTRY: ", since TIME, into DIR" from an entry's info, as
# far as it is well formed; "" when it is gone.
measuring_text() {
	[ -f "$1/info" ] && [ ! -h "$1/info" ] || return 0
	mt_line=$(dd if="$1/info" bs=1024 count=1 2>/dev/null | sed -n 1p)
	mt_since=$(printf '%s\n' "$mt_line" | sed -n 's/^since=\([0-9TZ:-]*\) .*/\1/p')
	mt_dir=$(printf '%s\n' "$mt_line" | sed -n 's/^since=[0-9TZ:-]* dir=//p')
	[ -n "$mt_since" ] && printf ', since %s' "$mt_since"
	[ -n "$mt_dir" ] && printf ', into %s' "$(printable "$mt_dir")"
	return 0
}
