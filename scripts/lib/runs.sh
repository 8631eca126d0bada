# shellcheck shell=sh
# lib/runs.sh: finding and checking saved runs, and copying them to be
# read (lib/read.sh reads the copies): the one place that opens a run's
# files. Runs come from anywhere (they are passed around as tarballs), so
# a run is only data. Sourced by smpbench.

# cd (run_files) goes where it is told, whatever CDPATH says.
unset CDPATH

# A saved run's files that the driver reads, the one list of them: env,
# tables, errors, host, the markers and raw/<workload>. Nothing else of a
# run is opened: other names in raw/ name no workload and are ignored.
# Each is looked at by run_file before anything opens it, and its copy
# by run_files before anything reads it.
RUN_FILES="env tables errors host complete incomplete"
# A command that reads fewer of them names those in SNAP_FILES (compare
# reads no tables or errors): only they are copied and checked.

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

# run_dirs OPERAND...: the saved runs named, one a line: each a directory
# (a link to one, named on the command line, is followed), or
# historical/NAME for one of the seeds' runs wherever they are installed
# (NAME naming one of them, not a path out of their directory); die when
# one is not a saved run (check_run). What is printed is each run's
# snapshot (run_snapshot): what the commands read.
run_dirs() {
	rd_out=
	RD_UNREAD=
	SNAP_STATS=
	# Every run's snapshot directory at once (run_snapshot numbers them
	# so), with one mkdir.
	rd_k=${rs_k:-0}
	rd_mk=
	for rd in "$@"; do
		rd_k=$((rd_k + 1))
		rd_mk="$rd_mk $SMPB_SNAP/$rd_k.$$/raw"
	done
	# shellcheck disable=SC2086 # our own paths, split on purpose
	[ -z "${SMPB_SNAP:-}" ] || mkdir -p $rd_mk 2>/dev/null ||
	    die 1 "cannot make a temporary directory in $SMPB_SNAP"
	for rd in "$@"; do
		case $rd in
		*"$NL"*) die 1 "a directory name with a newline" ;;
		*["$CTRL_CHARS"]*)
			die 1 "$(printable "$rd"): a directory name with a control character"
			;;
		historical/*)
			rd_name=${rd#historical/}
			case /$rd_name/ in
			*/../* | */./* | //*)
				[ -d "$rd" ] ||
				    die 1 "$(printable "$rd"): not one of the historical runs (a name in $SMPB_HIST)"
				;;
			*)
				[ -d "$rd" ] || [ ! -d "$SMPB_HIST/$rd_name" ] ||
				    rd=$SMPB_HIST/$rd_name
				;;
			esac
			;;
		esac
		check_run "$rd"
		rd_out=$rd_out$rs_snap$NL
	done
	# What the snapshots hold, every run at once: a few processes for
	# all of them, none a run.
	snap_sizes
	unread_sizes
	run_files
	raw_lines
	long_lines
	printf '%s' "$rd_out"
}

# Every command that reads saved runs reads them from a snapshot: a copy
# of the files check_run looked at, in a directory of its own under
# SMPB_SNAP (made by snap_begin, removed when the driver exits), so that
# what was checked is what awk reads: a file swapped for a fifo, a link
# or a larger one after the check changes nothing. smpb-snap copies a
# run's files, one process for them all: at most a bounded number of
# bytes of each, opened without following a link or waiting on a fifo,
# only a plain file; and it counts what each copy holds (bytes, NULs,
# control bytes, lines), for the checks of run_dirs. The snapshot's
# messages name the run as it was named (printable, and warn() in
# lib.awk, turn one into the other: SMPB_SNAP/names).

# snap_begin: make SMPB_SNAP, private, in TMPDIR (or /tmp) when it is a
# directory to write into (dir_safe, lib/dirs.sh: no other user can
# swap the snapshot, or what is copied into it), removed when the driver
# exits (smpbench_exit); and find smpb-snap (SNAP_PROG, empty when it is
# not built: run_snapshot says so, once a run is to be read).
# shellcheck disable=SC2154 # ds_why: dir_safe's (lib/dirs.sh)
snap_begin() {
	SNAP_PROG=
	for sb_p in "$SMPB_LIB/smpb-snap" "$SMPB_TOP/bin/smpb-snap"; do
		[ -f "$sb_p" ] && [ -x "$sb_p" ] && { SNAP_PROG=$sb_p; break; }
	done
	sb_tmp=${TMPDIR:-/tmp}
	dir_safe "$sb_tmp" ||
	    die 1 "TMPDIR: refused: $ds_why (saved runs are read from copies made there)"
	sb_out=$(umask 077 && mktemp -d "$sb_tmp/smpbench-read.XXXXXX" 2>&1) ||
	    die 1 "cannot make a temporary directory in $sb_tmp (${sb_out##*: })"
	SMPB_SNAP=$sb_out
	export SMPB_SNAP
	{ : >"$SMPB_SNAP/names"; } 2>/dev/null || snap_lost "$SMPB_SNAP/names"
}

# snap_lost FILE: die, saying that FILE of the snapshot cannot be
# written, and why (a full TMPDIR...): the runs read are not to blame.
snap_lost() {
	die 1 "the copies saved runs are read from cannot be written in ${TMPDIR:-/tmp} ($(why_unwritable "$1"))"
}

# snap_names TEXT: TEXT with each snapshot's path (SMPB_SNAP/names, one
# "SNAPSHOT<tab>NAME" a line) turned into the run's name.
snap_names() {
	sn_t=$1
	while IFS='	' read -r sn_s sn_n; do
		sn_k=0
		while [ "$sn_k" -lt 8 ]; do
			case $sn_t in
			*"$sn_s"*) sn_t=${sn_t%%"$sn_s"*}$sn_n${sn_t#*"$sn_s"} ;;
			*) break ;;
			esac
			sn_k=$((sn_k + 1))
		done
	done <"$SMPB_SNAP/names"
	printf '%s' "$sn_t"
}

# check_run DIR: die unless DIR holds a saved run: an env, raw/ a
# directory (not a link), every file of it that is read a plain file
# (run_file), copied into a snapshot, rs_snap (run_snapshot); complete
# or incomplete, not both. What the copies hold (SNAP_STATS) run_dirs
# checks once for every run: no more bytes than a run makes
# (snap_sizes), no binary data (run_files), raw/ files no more lines
# than a run makes (raw_lines), no line longer than a run makes
# (long_lines).
check_run() {
	[ -d "$1" ] || die 1 "$(printable "$1"): no such directory"
	[ -f "$1/env" ] || [ -h "$1/env" ] ||
	    die 1 "$(printable "$1"): not a saved run (no env file)"
	if [ -h "$1/raw" ] || { [ -e "$1/raw" ] && [ ! -d "$1/raw" ]; }; then
		die 1 "$(printable "$1"): not a saved run (raw is not a directory)"
	fi
	ck_text=
	for ck_f in $RUN_FILES; do
		run_file "$1" "$ck_f" || continue
		case " ${SNAP_FILES:-$RUN_FILES} " in
		*" $ck_f "*) ck_text="$ck_text $ck_f" ;;
		*) RD_UNREAD=$RD_UNREAD$1/$ck_f$NL ;;
		esac
	done
	ck_raw=
	for ck_w in $WORKLOADS; do
		run_file "$1" "raw/$ck_w" && ck_raw="$ck_raw raw/$ck_w"
	done
	if [ -e "$1/complete" ] && [ -e "$1/incomplete" ]; then
		die 1 "$(printable "$1"): not a saved run (marked both complete and incomplete)"
	fi
	run_snapshot "$1" "$ck_text $ck_raw"
}

# run_snapshot DIR FILES: copy FILES of DIR (names relative to it, plain
# files as run_file saw) into a new snapshot of the run, rs_snap, by one
# smpb-snap, and add what each copy holds to SNAP_STATS ("BYTES NULS
# CONTROLS LINES LONGEST AT COPY", a line each: LONGEST the bytes of its
# longest line, AT that line's number); die when one cannot be copied. No
# more is read of a file than the most a run makes and a block
# (snap_sizes then refuses it).
# shellcheck disable=SC2154 # line_count: count_lines's
run_snapshot() {
	[ -n "${SMPB_SNAP:-}" ] || die 1 "saved runs are read with no snapshot (snap_begin)"
	[ -n "$SNAP_PROG" ] ||
	    die 1 "smpb-snap, which reads saved runs, is not built (run make)"
	rs_k=${rs_k:-0}
	rs_k=$((rs_k + 1))
	rs_snap=$SMPB_SNAP/$rs_k.$$
	[ -d "$rs_snap/raw" ] || mkdir -p "$rs_snap/raw" 2>/dev/null ||
	    die 1 "cannot make a temporary directory in $SMPB_SNAP"
	{ printf '%s\t%s\n' "$rs_snap" "$1" >>"$SMPB_SNAP/names"; } 2>/dev/null ||
	    snap_lost "$SMPB_SNAP/names"
	rs_dir=$1
	rs_files=$2
	set -f
	set --
	for rs_f in $rs_files; do
		run_max "$rs_f"
		set -- ${1+"$@"} "$max_bytes" "$rs_dir/$rs_f" "$rs_snap/$rs_f"
	done
	set +f
	[ $# -gt 0 ] || return 0
	# Its lines, each starting with a count, then, when a file failed,
	# the line that says which and why ("smpb-snap: FILE: WHY"); what
	# else comes is the shell's, that could not start it.
	rs_all=$("$SNAP_PROG" -- "$@" 2>&1)
	rs_rc=$?
	rs_out='' rs_err=''
	while [ -n "$rs_all" ]; do
		rs_l=${rs_all%%"$NL"*}
		case $rs_all in
		*"$NL"*) rs_all=${rs_all#*"$NL"} ;;
		*) rs_all= ;;
		esac
		case $rs_l in
		[0-9]*) rs_out=$rs_out$rs_l$NL ;;
		"smpb-snap: "*) rs_err=$rs_l ;;
		esac
	done
	rs_out=${rs_out%"$NL"}
	[ -z "$rs_out" ] || SNAP_STATS=$SNAP_STATS$rs_out$NL
	[ "$rs_rc" -eq 0 ] && return 0
	[ -n "$rs_out$rs_err" ] || can_fork || no_process
	# The file that failed: the one after those copied; its copy, when
	# smpb-snap names it (the snapshot cannot be written), else the run's
	# file itself.
	count_lines "$rs_out"
	shift $((line_count * 3 + 1))
	rs_why=${rs_err##*: }
	rs_err=${rs_err#smpb-snap: }
	case ${rs_err%: *} in
	"$2")
		die 1 "$(printable "$1"): its copy, which is read, cannot be written in ${TMPDIR:-/tmp} (${rs_why:-write error})"
		;;
	esac
	die 1 "$(printable "$1"): cannot be read${rs_why:+ ($rs_why)}: refused"
}

# snap_stats TEXT RAW: of SNAP_STATS's copies, the text files' (env, the
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
		for st_line; do
			st_bytes=${st_line%% *} st_r=${st_line#* }
			st_nuls=${st_r%% *} st_r=${st_r#* }
			st_controls=${st_r%% *} st_r=${st_r#* }
			st_lines=${st_r%% *} st_r=${st_r#* }
			st_longest=${st_r%% *} st_r=${st_r#* }
			st_at=${st_r%% *} st_p=${st_r#* }
			case $st_kind:${st_p#"$SMPB_SNAP"/*/} in
			raw:raw/*) st_count=$st_raw ;;
			text:raw/* | raw:*) continue ;;
			*) st_count=$st_text ;;
			esac
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
	snap_stats bytes bytes
	ss_ifs=$IFS
	IFS=$NL
	set -f
	# shellcheck disable=SC2086 # a copy a line, split on purpose
	set -- $snap_counts
	set +f
	IFS=$ss_ifs
	ss_run=
	ss_all=0
	for ss_line; do
		ss_n=${ss_line%% *} ss_p=${ss_line#* }
		ss_f=${ss_p#"$SMPB_SNAP"/*/}
		case $ss_f in
		raw/*)
			[ "${ss_p%/raw/*}" = "$ss_run" ] || ss_all=0
			ss_run=${ss_p%/raw/*}
			ss_all=$((ss_all + ss_n))
			[ "$ss_all" -le "$RUN_MAX_ALL" ] ||
			    die 1 "$(printable "$ss_run"): $ss_all bytes of raw measurements, more than any run makes (at most $RUN_MAX_ALL): refused"
			;;
		esac
		run_max "$ss_f"
		ss_max=$max_bytes
		[ "$ss_n" -le "$ss_max" ] && continue
		ss_n="$ss_n bytes"
		snap_count "$ss_max"
		[ "$ss_n" != "$((snap_blocks * 65536)) bytes" ] ||
		    ss_n="over $ss_max bytes"
		die 1 "$(printable "$ss_p"): $ss_n, more than any run makes (at most $ss_max): refused"
	done
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
	us_bad=$(LC_ALL=C ls -lnd -- "$@" | awk -v raw="$RUN_MAX_RAW" \
	    -v text="$RUN_MAX_TEXT" '{
		name = $0
		for (i = 1; i <= 8; i++)
			sub(/^[^ ]+ +/, "", name)
		max = name ~ /\/(tables|errors)$/ ? raw : text
		if ($5 + 0 > max + 0) {
			print $5 " " max " " name
			exit
		}
	}') || no_process
	[ -z "$us_bad" ] && return 0
	us_n=${us_bad%% *}
	us_bad=${us_bad#* }
	die 1 "$(printable "${us_bad#* }"): $us_n bytes, more than any run makes (at most ${us_bad%% *}): refused"
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

# raw_lines: die when one of the raw files of the snapshots (plain files
# of at most RUN_MAX_RAW bytes, as snap_sizes saw) holds more lines than
# any run makes, naming it and its count: it is not a run of smpbench,
# and is refused before awk reads it.
raw_lines() {
	snap_stats '' lines
	rl_ifs=$IFS
	IFS=$NL
	set -f
	# shellcheck disable=SC2086 # a copy a line, split on purpose
	set -- $snap_counts
	set +f
	IFS=$rl_ifs
	for rl_line; do
		rl_n=${rl_line%% *} rl_f=${rl_line#* }
		[ "$rl_n" -le "$RAW_MAX_LINES" ] ||
		    die 1 "$(printable "$rl_f"): $rl_n lines, more than any run makes (at most $RAW_MAX_LINES): refused"
	done
}

# long_lines: die when a line of one of the snapshots' files (plain
# files of at most RUN_MAX_RAW bytes, as snap_sizes saw) holds more bytes
# than any run makes (RUN_MAX_LINE), naming the file, the line and its
# bytes: the text files first, then the raw ones, as smpb-snap measured
# them. No awk has read a line of them yet.
long_lines() {
	snap_stats longest longest
	ll_ifs=$IFS
	IFS=$NL
	set -f
	# shellcheck disable=SC2086 # a copy a line, split on purpose
	set -- $snap_counts
	set +f
	IFS=$ll_ifs
	for ll_line; do
		ll_n=${ll_line%% *} ll_r=${ll_line#* }
		ll_at=${ll_r%% *} ll_f=${ll_r#* }
		[ "$ll_n" -le "$RUN_MAX_LINE" ] ||
		    die 1 "$(printable "$ll_f"):$ll_at: a line of $ll_n bytes, more than any run makes (at most $RUN_MAX_LINE): refused"
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

# run_files: die when one of the snapshots' copies holds binary data: a
# NUL in a text file (env, the markers...), and in raw/ anything but
# lines of printable ASCII. A run with such a file is damaged, or not
# smpbench's. The text files first, then the raw ones, as smpb-snap
# counted them.
run_files() {
	snap_stats nuls controls
	rf_ifs=$IFS
	IFS=$NL
	set -f
	# shellcheck disable=SC2086 # a copy a line, split on purpose
	set -- $snap_counts
	set +f
	IFS=$rf_ifs
	for rf_line; do
		rf_n=${rf_line%% *} rf_p=${rf_line#* }
		[ "$rf_n" -eq 0 ] ||
		    die 1 "$(printable "$rf_p"): not a text file ($rf_n bytes of binary data): refused"
	done
}
