# shellcheck shell=sh
# lib/read.sh: reading saved runs, from the copies lib/checks.sh checked
# (run_dirs lists each run's snapshot in the file SMPB_RUNS, which the
# awk programs read): the workloads a run holds, its tables and
# why tables, its kernel's context, and whether it is complete; and the
# tables of the run being saved (make_table, for lib/record.sh).
# Sourced by smpbench, after lib/runs.sh.

# run_workloads DIR: the workloads saved in a run, in the run's order,
# in rw_list, one a line (no subshell to print them). Only the suite's
# own names are taken from its env (its workloads= lines, each byte but
# a-z a blank, one awk): they name the awk programs that read the run.
run_workloads() {
	rw=$(LC_ALL=C awk '/^workloads=/ {
		s = substr($0, 11)
		gsub(/[^abcdefghijklmnopqrstuvwxyz]/, " ", s)
		printf "%s ", s
	}' "$1/env")
	rw_seen='' rw_list=''
	for rw_w in ${rw:-$WORKLOADS}; do
		if ! is_workload "$rw_w"; then
			say "note: $(printable "$1"): '$rw_w' in its env is not a workload; ignored"
			continue
		fi
		case " $rw_seen " in
		*" $rw_w "*) continue ;;
		esac
		rw_seen="$rw_seen $rw_w"
		[ ! -f "$1/raw/$rw_w" ] || rw_list=$rw_list$rw_w$NL
	done
}

# any_raw WORKLOAD TEXT: true when the raw/WORKLOAD of some run of
# SMPB_RUNS has a measurement (not a failure) holding TEXT; one awk for
# all the runs.
any_raw() {
	LC_ALL=C awk -v w="$1" -v text="$2" 'BEGIN {
		runs = ENVIRON["SMPB_RUNS"]
		while ((getline d < runs) > 0) {
			f = d "/raw/" w
			while (d != "" && (getline l < f) > 0)
				if (index(l, text) && !index(l, " exit="))
					exit 0
			close(f)
		}
		exit 1
	}' </dev/null
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

# note_incomplete_runs: note_incomplete for each run of SMPB_RUNS.
note_incomplete_runs() {
	while IFS= read -r nir_d; do
		[ -z "$nir_d" ] || note_incomplete "$nir_d"
	done <"$SMPB_RUNS"
}
