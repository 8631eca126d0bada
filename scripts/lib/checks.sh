# shellcheck shell=sh
# lib/checks.sh: the checks of the copies of saved runs (lib/runs.sh
# makes them) before any awk reads them: their bytes, NULs, control
# bytes, lines and longest line as smpb-snap counted them, each against
# the bounds of a run (RUN_MAX_RAW, RUN_MAX_TEXT, RUN_MAX_ALL,
# RAW_MAX_LINES, RUN_MAX_LINE); and the first look at a run's file.
# Sourced by smpbench.

# The most bytes a file of a real run holds: raw/<workload>, tables and
# errors (the full profile at -r 100, every placement of a large machine:
# about 32 MB of raw/pipe), the others (env, the markers, host).
RUN_MAX_RAW=67108864
RUN_MAX_TEXT=1048576
# The most bytes a run's raw/ files hold in all: twice the most one holds.
# pipe's raw file is the largest a run makes (about 32 MB at the full
# profile's -r 100), the others' a fraction of it: a run past this is not
# one smpbench made, and is refused before anything reads it.
RUN_MAX_ALL=134217728

# snap_stats TEXT RAW: of SNAP_STATS's copies (snap_runs's lines), the text files' (env, the
# markers...) then the raw ones' (raw/<workload>), each kind in the order
# taken, a line each, "N COPY", in snap_counts: N the copy's count named
# TEXT or RAW (bytes, nuls, controls or lines; "" leaves that kind out;
# longest gives two words, "LONGEST AT", the longest line and where).
# No process: a check that could not fork one would pass what it did
# not see.
snap_stats() {
	snap_counts=
	st_ifs=$IFS
	IFS=$NL
	set -f
	# shellcheck disable=SC2086 # a copy a line, split on purpose
	set -- "$1" "$2" $SNAP_STATS
	set +f
	IFS=$st_ifs
	st_text=$1 st_raw=$2
	shift 2
	for st_kind in text raw; do
		st_count=$st_text
		[ "$st_kind" = text ] || st_count=$st_raw
		# A kind no count is asked of: none of its lines read.
		[ -n "$st_count" ] || continue
		for st_line; do
			# Of its directory (the path is the line's last word,
			# the only one with a slash), by its end: a pattern with
			# the snapshot's path in it costs the square of its
			# length. A line of the other kind: not parsed.
			case ${st_line%/*} in
			*/raw) [ "$st_kind" = raw ] || continue ;;
			*) [ "$st_kind" = text ] || continue ;;
			esac
			st_bytes=${st_line%% *} st_r=${st_line#* }
			st_nuls=${st_r%% *} st_r=${st_r#* }
			st_controls=${st_r%% *} st_r=${st_r#* }
			st_lines=${st_r%% *} st_r=${st_r#* }
			st_longest=${st_r%% *} st_r=${st_r#* }
			st_at=${st_r%% *} st_r=${st_r#* }
			st_p=${st_r#* }
			case $st_count in
			bytes) st_n=$st_bytes ;;
			nuls) st_n=$st_nuls ;;
			controls) st_n=$st_controls ;;
			lines) st_n=$st_lines ;;
			longest) st_n="$st_longest $st_at" ;;
			*) continue ;;
			esac
			snap_counts="$snap_counts$st_n $st_p$NL"
		done
	done
}

# snap_sizes: die when one of the snapshots' files holds more bytes than
# any run makes (RUN_MAX_TEXT, RUN_MAX_RAW), or a run's raw/ files do in
# all (RUN_MAX_ALL): the text files first, then the raw ones, as
# smpb-snap counted them (SNAP_STATS).
snap_sizes() {
	ss_run=
	ss_all=0
	snap_each snap_size_of bytes bytes
}

# snap_size_of "N COPY": snap_sizes' check of one copy, its run's raw
# bytes summed in ss_all (ss_run: that run).
snap_size_of() {
	ss_n=${1%% *} ss_p=${1#* }
	ss_f=${ss_p##*/}
	case ${ss_p%/*} in
	*/raw)
		ss_f=raw/$ss_f
		[ "${ss_p%/raw/*}" = "$ss_run" ] || ss_all=0
		ss_run=${ss_p%/raw/*}
		ss_all=$((ss_all + ss_n))
		[ "$ss_all" -le "$RUN_MAX_ALL" ] ||
		    die 1 "$(printable "$ss_run"): $ss_all bytes of raw measurements, more than any run makes (at most $RUN_MAX_ALL): refused"
		;;
	esac
	run_max "$ss_f"
	ss_max=$max_bytes
	[ "$ss_n" -le "$ss_max" ] && return 0
	ss_n="$ss_n bytes"
	snap_count "$ss_max"
	[ "$ss_n" != "$((snap_blocks * 65536)) bytes" ] ||
	    ss_n="over $ss_max bytes"
	die 1 "$(printable "$ss_p"): $ss_n, more than any run makes (at most $ss_max): refused"
}

# unread_sizes: die when one of the plain files of the runs that the
# command does not read (RD_UNREAD, a path a line: tables and errors,
# for compare) holds more bytes than any run makes: a run is refused
# whole, whatever reads it. Their sizes by one ls, which opens none.
unread_sizes() {
	[ -n "$RD_UNREAD" ] || return 0
	set -f
	IFS=$NL
	# shellcheck disable=SC2086 # a path a line, split on purpose
	set -- $RD_UNREAD
	IFS=$SMPB_IFS
	set +f
	# shellcheck disable=SC2012 # the size of our own names; ls opens none
	us_bad=$(LC_ALL=C ls -lnd -- "$@" | size_over) ||
	    failed "$?" sh "cannot size the runs' files"
	[ -z "$us_bad" ] && return 0
	us_n=${us_bad%% *}
	us_bad=${us_bad#* }
	die 1 "$(printable "${us_bad#* }"): $us_n bytes, more than any run makes (at most ${us_bad%% *}): refused"
}

# size_over: of the lines of ls -lnd on stdin, the first file that
# holds more bytes than any run makes (RUN_MAX_RAW for tables and
# errors, RUN_MAX_TEXT for the rest), as "SIZE MOST NAME" (a name's
# blanks at its ends lost); nothing where none does.
size_over() {
	# shellcheck disable=SC2034 # so_f: ls's other fields
	while read -r so_f so_f so_f so_f so_size so_f so_f so_f so_name; do
		case $so_size in
		'' | *[!0-9]*) continue ;;
		esac
		so_max=$RUN_MAX_TEXT
		case $so_name in
		*/tables | */errors) so_max=$RUN_MAX_RAW ;;
		esac
		if [ "${#so_size}" -gt "${#so_max}" ] ||
		    { [ "${#so_size}" -eq "${#so_max}" ] &&
		    [ "$so_size" -gt "$so_max" ]; }; then
			printf '%s %s %s\n' "$so_size" "$so_max" "$so_name"
			return 0
		fi
	done
}

# run_max FILE: the most bytes a run's FILE (raw/<workload>, tables...)
# holds, in max_bytes.
run_max() {
	case $1 in
	raw/* | tables | errors) max_bytes=$RUN_MAX_RAW ;;
	*) max_bytes=$RUN_MAX_TEXT ;;
	esac
}

# snap_count MAX: the 64 KiB blocks smpb-snap copies of a file of at
# most MAX bytes, in snap_blocks: one more than it takes, to tell one
# larger.
snap_count() {
	snap_blocks=$(($1 / 65536 + 1))
}

# The most lines a raw file of a saved run may hold (raw_lines): far
# beyond what a run makes, the most being the full profile's pipe at -r
# 100, 100 cells in each of 7 placements 100 times, 70000 lines of about
# 450 bytes (32 MB, under run_files' RUN_MAX_RAW).
RAW_MAX_LINES=500000
# The most bytes a line of a saved run's file may hold (long_lines): the
# longest a run makes is smpb-bind's -p line at 1024 workers, four keys
# a worker, about 80 KB; the others' hold a few hundred bytes, a table's
# 72. Within it, awk holds no more of a line than a bounded string,
# whatever the file holds.
RUN_MAX_LINE=1048576

# snap_each FN TEXT RAW: FN LINE for each line snap_stats TEXT RAW
# gives ("N COPY", or "LONGEST AT COPY"), in its order.
snap_each() {
	se_fn=$1
	snap_stats "$2" "$3"
	se_ifs=$IFS
	IFS=$NL
	set -f
	# shellcheck disable=SC2086 # a copy a line, split on purpose
	set -- $snap_counts
	set +f
	IFS=$se_ifs
	for se_line; do
		"$se_fn" "$se_line"
	done
}

# raw_lines: die when one of the raw files of the snapshots (plain files
# of at most RUN_MAX_RAW bytes, as snap_sizes saw) holds more lines than
# any run makes, naming it and its count: it is not a run of smpbench,
# and is refused before awk reads it.
raw_lines() {
	snap_each raw_lines_of '' lines
}

# raw_lines_of "N COPY": raw_lines' check of one copy.
raw_lines_of() {
	rl_n=${1%% *} rl_f=${1#* }
	[ "$rl_n" -le "$RAW_MAX_LINES" ] ||
	    die 1 "$(printable "$rl_f"): $rl_n lines, more than any run makes (at most $RAW_MAX_LINES): refused"
}

# long_lines: die when a line of one of the snapshots' files (plain
# files of at most RUN_MAX_RAW bytes, as snap_sizes saw) holds more bytes
# than any run makes (RUN_MAX_LINE), naming the file, the line and its
# bytes: the text files first, then the raw ones, as smpb-snap measured
# them. No awk has read a line of them yet.
long_lines() {
	snap_each long_lines_of longest longest
}

# long_lines_of "LONGEST AT COPY": long_lines' check of one copy.
long_lines_of() {
	ll_n=${1%% *} ll_r=${1#* }
	ll_at=${ll_r%% *} ll_f=${ll_r#* }
	[ "$ll_n" -le "$RUN_MAX_LINE" ] ||
	    die 1 "$(printable "$ll_f"):$ll_at: a line of $ll_n bytes, more than any run makes (at most $RUN_MAX_LINE): refused"
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

# whole_runs: whether each run read (SMPB_RUNS) is whole (whole.awk,
# one awk for them all): a note for each line cut in the middle (its
# copy left it out), and a run marked complete that is not whole (a
# file cut, a workload of its env with no raw/ file, fewer raw lines
# than its marker counts) marked incomplete in its snapshot, saying why,
# so that every command says so; a key twice in an env refuses the run.
# shellcheck disable=SC2154 # SNAP_STATS: snap_runs's (lib/runs.sh)
whole_runs() {
	need_lib whole
	wr_out=$(whole_awk) || failed "$?" awk "the saved runs could not be read"
	wr_rm=
	while IFS='	' read -r wr_snap wr_why; do
		case $wr_snap in
		'') continue ;;
		refuse) die 1 "$wr_why" ;;
		esac
		{ printf '%s\n' "$wr_why" >"$wr_snap/incomplete"; } 2>/dev/null ||
		    snap_lost "$wr_snap/incomplete"
		wr_rm="$wr_rm${wr_snap#"$SMPB_SNAP"/}/complete$NL"
	done <<EOF_WHOLE
$wr_out
EOF_WHOLE
	[ -n "$wr_rm" ] || return 0
	# Names relative to SMPB_SNAP, digits and dots only, split by xargs.
	(cd "$SMPB_SNAP" && xargs rm -f) 2>/dev/null <<EOF_RM ||
$wr_rm
EOF_RM
	    snap_lost "$SMPB_SNAP/runs"
}

# whole_awk: whole.awk, what the copies hold (SNAP_STATS) on its stdin.
whole_awk() {
	awk_lib whole -v workloads="$WORKLOADS" <<EOF_STATS
$SNAP_STATS
EOF_STATS
}

# run_files: die when one of the snapshots' copies holds binary data: a
# NUL in a text file (env, the markers...), and in raw/ anything but
# lines of printable ASCII. A run with such a file is damaged, or not
# smpbench's. The text files first, then the raw ones, as smpb-snap
# counted them.
run_files() {
	snap_each run_files_of nuls controls
}

# run_files_of "N COPY": run_files' check of one copy.
run_files_of() {
	rf_n=${1%% *} rf_p=${1#* }
	[ "$rf_n" -eq 0 ] ||
	    die 1 "$(printable "$rf_p"): not a text file ($rf_n bytes of binary data): refused"
}
