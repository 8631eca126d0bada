# shellcheck shell=sh
# lib/measuring.sh: the other smpbench runs measuring on this machine, so
# that a run can say that another shares the CPUs with it. Each run keeps
# an entry, from its start to its end, in a directory all the machine's
# runs share: SMPBENCH_LOCKDIR, or smpbench-runs in TMPDIR (or /tmp). An
# entry is named by the driver's pid and holds its start and its run's
# directory; one whose process is gone, or is no longer an smpbench, is
# stale: passed over and removed. Sourced by smpbench.

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
# directory of entries, quietly: the warnings are a courtesy, a run goes
# on without them. Sets measuring_entry ("" when there is none) and
# other_runs, the most runs seen measuring beside this one so far.
measuring_begin() {
	other_runs=0
	measuring_entry=
	mb_dir=$(measuring_dir) || return 0
	mb_entry=$mb_dir/$$
	rm -f "$mb_entry" 2>/dev/null
	(
		set -C
		printf 'since=%s dir=%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
		    "$(printable "$1")" >"$mb_entry"
	) 2>/dev/null && measuring_entry=$mb_entry
	return 0
}

# measuring_end: remove this run's entry.
measuring_end() {
	[ -n "${measuring_entry:-}" ] && rm -f "$measuring_entry" 2>/dev/null
	measuring_entry=
	return 0
}

# measuring_check WHEN: warn of every other run measuring now that was
# not warned of before (WHEN: "at the start", "before ring"), and keep
# the most seen at once in other_runs.
measuring_check() {
	[ -n "${measuring_entry:-}" ] || return 0
	mc_n=0
	for mc_e in "${measuring_entry%/*}"/*; do
		mc_pid=${mc_e##*/}
		case $mc_pid in
		'' | *[!0-9]* | "$$") continue ;;
		esac
		if ! is_measuring "$mc_pid"; then
			rm -f "$mc_e" 2>/dev/null
			continue
		fi
		mc_n=$((mc_n + 1))
		case " ${measuring_warned:-} " in
		*" $mc_pid "*) continue ;;
		esac
		measuring_warned="${measuring_warned:-} $mc_pid"
		mc_what=$(measuring_text "$mc_e")
		warn "another smpbench is measuring on this machine $1 (pid $mc_pid$mc_what): the CPUs are shared, both runs' figures suffer"
	done
	[ "$mc_n" -gt "$other_runs" ] && other_runs=$mc_n
	return 0
}

# is_measuring PID: true when process PID is an smpbench driver: its
# command line names smpbench where /proc says, else it is alive.
is_measuring() {
	if [ -d /proc/self ]; then
		[ -r "/proc/$1/cmdline" ] || return 1
		tr '\000' ' ' <"/proc/$1/cmdline" 2>/dev/null |
		    grep -q smpbench 2>/dev/null
		return
	fi
	kill -0 "$1" 2>/dev/null
}

# measuring_text ENTRY: ", since TIME, into DIR" from an entry, as far as
# it is well formed (a stranger's file: its first line, printable).
measuring_text() {
	mt_line=$(first_line "$1")
	mt_since=$(printf '%s\n' "$mt_line" | sed -n 's/^since=\([0-9TZ:-]*\) .*/\1/p')
	mt_dir=$(printf '%s\n' "$mt_line" | sed -n 's/^since=[0-9TZ:-]* dir=//p')
	[ -n "$mt_since" ] && printf ', since %s' "$mt_since"
	[ -n "$mt_dir" ] && printf ', into %s' "$(printable "$mt_dir")"
	return 0
}
