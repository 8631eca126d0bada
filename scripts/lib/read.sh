# shellcheck shell=sh
# lib/read.sh: reading saved runs, from the copies lib/checks.sh checked
# (run_dirs prints each run's snapshot): the list of them the awk
# programs read (SMPB_RUNS), the workloads a run holds, its tables and
# why tables, its kernel's context, and whether it is complete; and the
# tables of the run being saved (make_table, for lib/record.sh).
# Sourced by smpbench, after lib/runs.sh.

# run_workloads DIR: the workloads saved in a run, in the run's order.
# Only the suite's own names are taken from its env: they name the awk
# programs that read the run.
run_workloads() {
	rw=$(sed -n 's/^workloads=//p' "$1/env" | LC_ALL=C tr -c '[:lower:]' ' ')
	rw_seen=
	for rw_w in ${rw:-$WORKLOADS}; do
		if ! is_workload "$rw_w"; then
			say "note: $(printable "$1"): '$rw_w' in its env is not a workload; ignored"
			continue
		fi
		case " $rw_seen " in
		*" $rw_w "*) continue ;;
		esac
		rw_seen="$rw_seen $rw_w"
		[ -f "$1/raw/$rw_w" ] && printf '%s\n' "$rw_w"
	done
}

# runs_failed: exit 1 once run_dirs, in $(...), failed: it said why,
# unless no process could be made for it (no_process says so).
runs_failed() {
	can_fork || no_process
	exit 1
}

# run_list DIR...: the saved runs named (run_dirs), in SMPB_RUNS, one a
# line, for the awk programs.
run_list() {
	rl_dirs=$(run_dirs "$@") || runs_failed
	SMPB_RUNS=
	while IFS= read -r rl_d; do
		SMPB_RUNS="$SMPB_RUNS$(path_arg "$rl_d")$NL"
	done <<EOF_RUNS
$rl_dirs
EOF_RUNS
	export SMPB_RUNS
}

# any_raw WORKLOAD PATTERN: true when the raw/WORKLOAD of some run of
# SMPB_RUNS has a measurement (not a failure) matching the basic regular
# expression PATTERN.
any_raw() {
	while IFS= read -r ar_d; do
		[ -n "$ar_d" ] || continue
		grep -v ' exit=' "$ar_d/raw/$1" 2>/dev/null |
		    grep -q "$2" && return 0
	done <<EOF_RUNS
$SMPB_RUNS
EOF_RUNS
	return 1
}

# make_table DIR WORKLOAD: print the workload's table from a saved run,
# then its why table (why.awk) when the run has its figures. The status
# is the table's: why.awk reads the same lines, and what is wrong in them
# is reported once, by the table.
make_table() {
	SMPB_ENV=$1/env
	export SMPB_ENV
	# ./ keeps awk from taking a relative name with = for an assignment.
	case $1 in
	/*) mt_raw=$1/raw/$2 ;;
	*) mt_raw=./$1/raw/$2 ;;
	esac
	awk_workload "$2" table "$mt_raw"
	mt_rc=$?
	[ "$mt_rc" -eq 0 ] || [ "$mt_rc" -eq 3 ] || return "$mt_rc"
	mt_why=$(awk_workload "$2" why "$mt_raw" 2>/dev/null)
	[ -z "$mt_why" ] || printf '\n%s\n' "$mt_why"
	return "$mt_rc"
}

# show_tables DIR: the run's tables as they were saved, as printable
# ASCII.
show_tables() {
	ascii <"$1/tables"
}

# show_context DIR: the context of the run's kernel (context.awk).
show_context() {
	SMPB_ENV=$1/env
	export SMPB_ENV
	awk_lib context </dev/null
}

# note_incomplete DIR: say so when the run is not complete, and why.
note_incomplete() {
	[ ! -f "$1/complete" ] || return 0
	ni_why=$(head -n 1 "$1/incomplete" 2>/dev/null)
	ni_why=$(printable "$ni_why")
	say "note: $(printable "$1") is incomplete: ${ni_why:-no completion marker}"
}
