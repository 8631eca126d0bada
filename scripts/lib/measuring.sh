# shellcheck shell=sh
# lib/measuring.sh: the other smpbench runs measuring on this machine, so
# that a run can say that another shares the CPUs with it. Each run keeps
# an entry, from its start to its end, in a directory all the machine's
# runs share: SMPBENCH_LOCKDIR, or smpbench-runs in TMPDIR (or /tmp). An
# entry is named by the driver's pid and holds whether it is measuring
# or only waiting for a quiet machine, its start and its run's directory;
# one whose process is gone, or is no longer an smpbench run, is stale:
# passed over and removed. A run that finds another measuring leaves it
# a mark, PID.seen-by-OURS, so that each learns of the other even when
# one came and went between the other's looks. Sourced by smpbench.

# measuring_dir: the directory of the entries, made when missing (open
# to every user and sticky, as /tmp is); false when it cannot be used: a
# link, not a directory, not writable.
measuring_dir() {
	md=${SMPBENCH_LOCKDIR:-${TMPDIR:-/tmp}/smpbench-runs}
	if [ ! -e "$md" ] && [ ! -h "$md" ] && mkdir "$md" 2>/dev/null; then
		chmod 1777 "$md" 2>/dev/null
	fi
	[ -d "$md" ] && [ ! -h "$md" ] && [ -w "$md" ] || return 1
	printf '%s\n' "$md"
}

# measuring_begin DIR: enter this run (measuring into DIR) in the
# directory of entries, as waiting, quietly: the warnings are a courtesy,
# a run goes on without them. Sets measuring_entry ("" when there is
# none), measuring_dir_ and other_runs: how many other runs measured
# beside this one, "unknown" when there is no directory to tell.
measuring_begin() {
	other_runs=unknown
	measuring_entry=
	measuring_seen=
	measuring_run=$(printable "$1")
	measuring_dir_=$(measuring_dir) || return 0
	rm -f "$measuring_dir_/$$" "$measuring_dir_/$$".seen-by-* 2>/dev/null
	measuring_entry=$measuring_dir_/$$
	measuring_since=$(date -u +%Y-%m-%dT%H:%M:%SZ)
	measuring_state waiting || measuring_entry=
	[ -n "$measuring_entry" ] && other_runs=0
	return 0
}

# measuring_state STATE: say in this run's entry what it does now,
# waiting (for a quiet machine) or measuring; false when the entry
# cannot be written.
measuring_state() {
	[ -n "${measuring_entry:-}" ] || return 0
	{
		printf 'state=%s since=%s dir=%s\n' "$1" "$measuring_since" \
		    "$measuring_run" >"$measuring_entry.tmp" &&
		    mv -f "$measuring_entry.tmp" "$measuring_entry"
	} 2>/dev/null
}

# measuring_end: remove this run's entry and the marks left for it.
measuring_end() {
	[ -n "${measuring_entry:-}" ] &&
	    rm -f "$measuring_entry" "$measuring_entry".seen-by-* \
	    "$measuring_entry.tmp" 2>/dev/null
	measuring_entry=
	return 0
}

# measuring_check WHEN: warn of every other run measuring now, or that
# left a mark for this one, not warned of before in this run (WHEN: "at
# the start", "before ring", "at the end"), and leave a mark for each
# one measuring; other_runs counts them.
measuring_check() {
	[ -n "${measuring_entry:-}" ] || return 0
	for mc_e in "$measuring_dir_"/*; do
		mc_pid=${mc_e##*/}
		case $mc_pid in
		"$$".seen-by-*)
			mc_pid=${mc_pid#*.seen-by-}
			case $mc_pid in
			'' | *[!0-9]*) continue ;;
			esac
			mc_e=$measuring_dir_/$mc_pid
			# One measuring now is said so, below, by its entry.
			case $(first_line "$mc_e") in
			state=measuring*) is_measuring "$mc_pid" && continue ;;
			esac
			mc_how="measured on this machine during this run"
			;;
		'' | *[!0-9]* | "$$") continue ;;
		*)
			if ! is_measuring "$mc_pid"; then
				rm -f "$mc_e" "$mc_e".seen-by-* 2>/dev/null
				continue
			fi
			case $(first_line "$mc_e") in
			state=measuring*) ;;
			*) continue ;;
			esac
			: >"$mc_e.seen-by-$$" 2>/dev/null
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
	return 0
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

# measuring_text ENTRY: ", since TIME, into DIR" from an entry, as far as
# it is well formed (a stranger's file: its first line, printable); ""
# when it is gone.
measuring_text() {
	mt_line=$(first_line "$1")
	mt_since=$(printf '%s\n' "$mt_line" | sed -n 's/^state=[a-z]* since=\([0-9TZ:-]*\) .*/\1/p')
	mt_dir=$(printf '%s\n' "$mt_line" | sed -n 's/^state=[a-z]* since=[0-9TZ:-]* dir=//p')
	[ -n "$mt_since" ] && printf ', since %s' "$mt_since"
	[ -n "$mt_dir" ] && printf ', into %s' "$(printable "$mt_dir")"
	return 0
}
