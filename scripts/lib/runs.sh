# shellcheck shell=sh
# lib/runs.sh: finding and checking saved runs, and reading them: the one
# place that opens a run's files. Runs come from anywhere (they are
# passed around as tarballs), so a run is only data. Sourced by smpbench.

# cd (run_files) goes where it is told, whatever CDPATH says.
unset CDPATH

# A saved run's files that the driver reads, the one list of them: env,
# tables, errors, host, the markers and raw/<workload>. Nothing else of a
# run is opened: other names in raw/ name no workload and are ignored.
# Each is looked at by run_file and run_files before anything opens it.
RUN_FILES="env tables errors host complete incomplete"

# The most bytes a file of a real run holds: raw/<workload>, tables and
# errors (the full profile at -r 100, every placement of a large machine:
# about 32 MB of raw/pipe), the others (env, the markers, host).
RUN_MAX_RAW=67108864
RUN_MAX_TEXT=1048576

# run_dirs OPERAND...: the saved runs named, one a line: each a directory
# (a link to one, named on the command line, is followed), or
# historical/NAME for one of the seeds' runs wherever they are installed;
# die when one is not a saved run (check_run).
run_dirs() {
	for rd in "$@"; do
		case $rd in
		*"$NL"*) die 1 "a directory name with a newline" ;;
		*["$CTRL_CHARS"]*)
			die 1 "$(printable "$rd"): a directory name with a control character"
			;;
		historical/*)
			[ -d "$rd" ] || [ ! -d "$SMPB_HIST/${rd#historical/}" ] ||
			    rd=$SMPB_HIST/${rd#historical/}
			;;
		esac
		check_run "$rd"
		printf '%s\n' "$rd"
	done
}

# check_run DIR: die unless DIR holds a saved run: an env, raw/ a
# directory (not a link), every file of it that is read fit to be read
# (run_file), and complete or incomplete, not both.
check_run() {
	ck_name=$(printable "$1")
	[ -d "$1" ] || die 1 "$ck_name: no such directory"
	[ -f "$1/env" ] || [ -h "$1/env" ] ||
	    die 1 "$ck_name: not a saved run (no env file)"
	if [ -h "$1/raw" ] || { [ -e "$1/raw" ] && [ ! -d "$1/raw" ]; }; then
		die 1 "$ck_name: not a saved run (raw is not a directory)"
	fi
	ck_text=
	for ck_f in $RUN_FILES; do
		run_file "$1" "$ck_f" && ck_text="$ck_text $ck_f"
	done
	ck_raw=
	for ck_w in $WORKLOADS; do
		run_file "$1" "raw/$ck_w" && ck_raw="$ck_raw raw/$ck_w"
	done
	if [ -e "$1/complete" ] && [ -e "$1/incomplete" ]; then
		die 1 "$ck_name: not a saved run (marked both complete and incomplete)"
	fi
	run_files "$1" "$ck_text" "$ck_raw"
	raw_lines "$1" "$ck_raw"
}

# The most lines a raw file of a saved run may hold (raw_lines): far
# beyond what a run makes, the most being the full profile's pipe at -r
# 100, 100 cells in each of 7 placements 100 times, 70000 lines of about
# 450 bytes (32 MB, under run_files' RUN_MAX_RAW).
RAW_MAX_LINES=500000

# raw_lines DIR RAW: die when one of the raw files RAW (names relative to
# DIR, plain files of at most RUN_MAX_RAW bytes, as run_files saw) holds
# more lines than any run makes, naming it and its count: it is not a run
# of smpbench, and is refused before awk reads it.
raw_lines() {
	for rl_f in $2; do
		rl_n=$(wc -l <"$1/$rl_f" | tr -d ' ')
		[ "$rl_n" -le "$RAW_MAX_LINES" ] ||
		    die 1 "$(printable "$1/$rl_f"): $rl_n lines, more than any run makes (at most $RAW_MAX_LINES): refused"
	done
}

# run_file DIR FILE: the first look at a run's FILE, before anything
# opens it: false when it is absent; true when it is a plain file; die
# when it is anything else (a link, a fifo, a device, a directory: none
# of them is opened, or even sized).
run_file() {
	rf=$1/$2
	[ -e "$rf" ] || [ -h "$rf" ] || return 1
	[ -f "$rf" ] && [ ! -h "$rf" ] && return 0
	die 1 "$(printable "$1"): not a saved run ($2 is not a plain file)"
}

# run_files DIR TEXT RAW: the second look at the plain files of a run
# that run_file let through, TEXT (env, the markers...) and RAW
# (raw/<workload>), names relative to DIR: die unless each holds at most
# RUN_MAX_TEXT or RUN_MAX_RAW bytes (their sizes asked first, so that
# nothing reads a file beyond them), and no binary data: no NUL, and in
# raw/ nothing but lines of printable ASCII. A run with such a file is
# damaged, or not smpbench's. One wc, and one pass over each kind, for
# the whole run; the file at fault is looked for only when there is one.
run_files() {
	# shellcheck disable=SC2086 # fixed names, split on purpose
	rs_sizes=$(cd "$(path_arg "$1")" 2>/dev/null && wc -c $2 $3 2>/dev/null)
	rs_seen=0
	while read -r rs_n rs_f; do
		case $rs_f in
		'' | total) continue ;;
		raw/* | tables | errors) rs_max=$RUN_MAX_RAW ;;
		*) rs_max=$RUN_MAX_TEXT ;;
		esac
		rs_seen=$((rs_seen + 1))
		[ "$rs_n" -le "$rs_max" ] ||
		    die 1 "$(printable "$1/$rs_f"): $rs_n bytes, more than any run makes (at most $rs_max): refused"
	done <<EOF_SIZES
$rs_sizes
EOF_SIZES
	if [ "$rs_seen" -ne "$(count_words "$2 $3")" ]; then
		for rs_f in $2 $3; do
			{ wc -c <"$1/$rs_f"; } >/dev/null 2>&1 ||
			    die 1 "$(printable "$1/$rs_f"): cannot be read: refused"
		done
	fi
	run_text "$1" "$2" '\000'
	run_text "$1" "$3" '\000-\011\013-\037\177-\377'
}

# run_text DIR FILES BYTES: die when one of FILES (names relative to DIR)
# holds one of BYTES (a tr set), naming it.
run_text() {
	[ -n "$2" ] || return 0
	rt_n=$(binary_bytes "$1" "$2" "$3")
	[ "$rt_n" -eq 0 ] && return 0
	for rt_f in $2; do
		rt_n=$(binary_bytes "$1" "$rt_f" "$3")
		[ "$rt_n" -eq 0 ] ||
		    die 1 "$(printable "$1/$rt_f"): not a text file ($rt_n bytes of binary data): refused"
	done
}

# binary_bytes DIR FILES BYTES: how many of BYTES FILES hold.
binary_bytes() {
	# shellcheck disable=SC2086 # fixed names, split on purpose
	bb=$(cd "$(path_arg "$1")" 2>/dev/null && cat $2 2>/dev/null |
	    LC_ALL=C tr -cd "$3" | wc -c)
	printf '%s\n' "${bb#"${bb%%[! ]*}"}"
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

# run_list DIR...: the saved runs named (run_dirs), in SMPB_RUNS, one a
# line, for the awk programs.
run_list() {
	rl_dirs=$(run_dirs "$@") || exit 1
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
