# shellcheck shell=sh
# lib/runs.sh: finding and checking saved runs, and reading them: the one
# place that opens a run's files. Runs come from anywhere (they are
# passed around as tarballs), so a run is only data. Sourced by smpbench.

# run_dirs OPERAND...: the saved runs named, one a line: each a directory,
# or historical/NAME for one of the seeds' runs wherever they are
# installed; die when one is not a saved run.
run_dirs() {
	for rd in "$@"; do
		case $rd in
		*"$NL"*) die 1 "a directory name with a newline" ;;
		historical/*)
			[ -d "$rd" ] || [ ! -d "$SMPB_HIST/${rd#historical/}" ] ||
			    rd=$SMPB_HIST/${rd#historical/}
			;;
		esac
		check_run "$rd"
		printf '%s\n' "$rd"
	done
}

# check_run DIR: die unless DIR holds a saved run: what is read of it
# must be plain files, not links, devices or fifos, and it is complete
# or incomplete, not both.
check_run() {
	ck_name=$(printable "$1")
	[ -d "$1" ] || die 1 "$ck_name: no such directory"
	[ -f "$1/env" ] || [ -h "$1/env" ] ||
	    die 1 "$ck_name: not a saved run (no env file)"
	[ -h "$1/raw" ] && die 1 "$ck_name: not a saved run (raw is a link)"
	ck_files="env tables complete incomplete host"
	for ck_w in $WORKLOADS; do
		ck_files="$ck_files raw/$ck_w"
	done
	for ck_f in $ck_files; do
		if [ -h "$1/$ck_f" ] ||
		    { [ -e "$1/$ck_f" ] && [ ! -f "$1/$ck_f" ]; }; then
			die 1 "$ck_name: not a saved run ($ck_f is not a plain file)"
		fi
	done
	if [ -e "$1/complete" ] && [ -e "$1/incomplete" ]; then
		die 1 "$ck_name: not a saved run (marked both complete and incomplete)"
	fi
	check_raw_size "$1"
}

# The largest raw file of a saved run that is read (check_raw_size): far
# beyond what a run makes, the most being the full profile's pipe at -r
# 100, 100 cells in each of 7 placements 100 times, 70000 lines of about
# 450 bytes (32 MB).
RAW_MAX_LINES=500000
RAW_MAX_BYTES=268435456

# check_raw_size DIR: die when a raw file of the run holds more bytes or
# lines than any run makes (RAW_MAX_BYTES, RAW_MAX_LINES), naming it and
# its size: it is not a run of smpbench, and is refused unread.
check_raw_size() {
	for crs_w in $WORKLOADS; do
		crs_f=$1/raw/$crs_w
		[ -f "$crs_f" ] || continue
		crs_n=$(wc -c <"$crs_f" | tr -d ' ')
		[ "$crs_n" -le "$RAW_MAX_BYTES" ] ||
		    die 1 "$(printable "$crs_f"): $crs_n bytes, more than any run makes (at most $RAW_MAX_BYTES): refused"
		crs_n=$(wc -l <"$crs_f" | tr -d ' ')
		[ "$crs_n" -le "$RAW_MAX_LINES" ] ||
		    die 1 "$(printable "$crs_f"): $crs_n lines, more than any run makes (at most $RAW_MAX_LINES): refused"
	done
}

# check_raw DIR: die when a raw file of the run is not text (printable
# ASCII lines): it is damaged, or not a run of smpbench.
check_raw() {
	for cr_f in "$1"/raw/*; do
		[ -f "$cr_f" ] || continue
		cr_n=$(LC_ALL=C tr -d '\n\040-\176' <"$cr_f" | wc -c | tr -d ' ')
		[ "$cr_n" -eq 0 ] ||
		    die 1 "$(printable "$cr_f"): not a text file ($cr_n bytes of binary data): refused"
	done
}

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

# run_list DIR...: die unless each is a saved run whose name has no
# newline; set SMPB_RUNS to them, one a line, for the awk programs.
run_list() {
	SMPB_RUNS=
	for rl_d in "$@"; do
		check_run "$rl_d"
		case $rl_d in
		*"$NL"*) die 1 "a directory name with a newline" ;;
		esac
		SMPB_RUNS="$SMPB_RUNS$(path_arg "$rl_d")$NL"
	done
	export SMPB_RUNS
}

# same_runs DIR...: the first pair of runs that are one run (their env
# files are the same), as "DIR2 DIR1"; nothing when there is none.
same_runs() {
	for sr_a in "$@"; do
		shift
		for sr_b in ${1+"$@"}; do
			if cmp -s "$sr_a/env" "$sr_b/env"; then
				printf '%s %s\n' "$sr_b" "$sr_a"
				return 0
			fi
		done
	done
}

# profiles_differ DIR...: the first run whose profile is not that of the
# first run that is not historical, as "DIR PROFILE DIR1 PROFILE1".
profiles_differ() {
	pd_first='' pd_p1=''
	for pd_d in "$@"; do
		pd_p=$(sed -n 's/^profile=//p' "$pd_d/env" | LC_ALL=C tr -cd '[:lower:]')
		[ "$pd_p" = historical ] && continue
		if [ -z "$pd_first" ]; then
			pd_first=$pd_d pd_p1=$pd_p
		elif [ "$pd_p" != "$pd_p1" ]; then
			printf '%s %s %s %s\n' "$pd_d" "$pd_p" "$pd_first" "$pd_p1"
			return 0
		fi
	done
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

# raw_has DIR WORKLOAD PATTERN: true when the run's raw/WORKLOAD has a
# line matching the basic regular expression PATTERN.
raw_has() {
	grep -q -e "$3" -- "$1/raw/$2" 2>/dev/null
}
