# shellcheck shell=sh
# lib/runs.sh: finding saved runs and copying them to be read
# (lib/checks.sh checks the copies, lib/read.sh reads them): the one
# place that opens a run's files. Runs come from anywhere (they are
# passed around as tarballs), so a run is only data. Sourced by
# smpbench.

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

# run_dirs OPERAND...: the saved runs named, in the file SMPB_RUNS
# (exported, in the snapshot's directory: the awk programs read it), one
# a line: each operand a saved run's directory (a link to one, named on
# the command line, is followed), a directory of saved runs (run_operands:
# each of its entries that is one), or historical/NAME for one of the
# seeds' runs wherever they are installed (NAME naming one of them, not
# a path out of their directory); die when one is not a saved run
# (check_run). What is listed is each run's snapshot (snap_plan):
# what the commands read. However many runs, no command line or
# variable of the environment grows with their count: the list is a
# file, the snapshots (their directories too) made by one smpb-snap
# (snap_runs).
run_dirs() {
	RD_UNREAD=
	SNAP_STATS=
	run_operands ${1+"$@"}
	set -f
	IFS=$NL
	# shellcheck disable=SC2086 # a run a line, split on purpose
	set -- $ro_runs
	IFS=$SMPB_IFS
	set +f
	[ $# -le "$RUNS_MAX" ] ||
	    die 1 "$# saved runs: more than one command reads (at most $RUNS_MAX)"
	# The runs' snapshots, their copies' triples and their names, each
	# a file that grows a run at a time (a variable would be copied
	# whole at every run: minutes at thousands).
	SMPB_RUNS=$SMPB_SNAP/runs SNAP_LIST=$SMPB_SNAP/list
	{ : >"$SMPB_RUNS" && : >"$SNAP_LIST"; } 2>/dev/null ||
	    snap_lost "$SMPB_RUNS"
	for rd in "$@"; do
		check_run "$rd"
		{ printf '%s\n' "$rs_snap" >>"$SMPB_RUNS"; } 2>/dev/null ||
		    snap_lost "$SMPB_RUNS"
	done
	# The snapshots made, and what they hold checked, every run at
	# once: a few processes for all of them, none a run.
	snap_runs
	snap_sizes
	unread_sizes
	run_files
	raw_lines
	long_lines
	export SMPB_RUNS
	whole_runs
}

# The most saved runs one command reads: far beyond what is compared,
# and what a snapshot of each costs (its copies in TMPDIR, a few lines
# of the driver's) stays within bounds.
RUNS_MAX=20000

# run_operands OPERAND...: the runs named, one a line, in ro_runs: an
# operand as it is, historical/NAME where the seeds' runs are, and a
# directory of saved runs (no env of its own) as its entries that are
# (an env in them), in the shell's order of their names, no link among
# them followed; die for a name with a control character.
run_operands() {
	ro_runs=
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
		runs_in "$rd" || ro_runs=$ro_runs$rd$NL
	done
}

# runs_in DIR: add the saved runs DIR holds to ro_runs when it is a
# directory of them (no env of its own, an entry with one); false when
# it is not.
runs_in() {
	if [ ! -d "$1" ] || [ -e "$1/env" ] || [ -h "$1/env" ]; then
		return 1
	fi
	ri_n=0
	for ri_e in "${1%/}"/*; do
		[ ! -h "$ri_e" ] || continue
		[ -e "$ri_e/env" ] || [ -h "$ri_e/env" ] || continue
		case $ri_e in
		*"$NL"* | *["$CTRL_CHARS"]*)
			die 1 "$(printable "$ri_e"): a directory name with a control character"
			;;
		esac
		ro_runs=$ro_runs$ri_e$NL
		ri_n=$((ri_n + 1))
	done
	[ "$ri_n" -gt 0 ]
}

# Every command that reads saved runs reads them from a snapshot: a copy
# of the files check_run looked at, in a directory of its own under
# SMPB_SNAP (made by snap_begin, removed when the driver exits), so that
# what was checked is what awk reads: a file swapped for a fifo, a link
# or a larger one after the check changes nothing. smpb-snap copies the
# runs' files, one process for all of them: at most a bounded number of
# bytes of each, opened without following a link or waiting on a fifo,
# only a plain file; and it counts what each copy holds (bytes, NULs,
# control bytes, lines), for the checks of run_dirs. The snapshot's
# messages name the run as it was named (printable, and warn() in
# lib.awk, turn one into the other: SMPB_SNAP/names).

# snap_begin: make SMPB_SNAP, private, in TMPDIR (or /tmp) when it is a
# directory to write into (dir_safe, lib/dirs.sh: no other user can
# swap the snapshot, or what is copied into it), removed when the driver
# exits (smpbench_exit); and find smpb-snap (SNAP_PROG, empty when it is
# not built: snap_plan says so, once a run is to be read).
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
	# ./ before a name that starts with - (a relative TMPDIR): no
	# utility takes a run's copy for an option.
	case $sb_out in
	-*) sb_out=./$sb_out ;;
	esac
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
# (run_file), to be copied into a snapshot, rs_snap (snap_plan; the
# copies made by snap_runs); complete or incomplete, not both. What the
# copies hold (SNAP_STATS) run_dirs checks once for every run: no more
# bytes than a run makes (snap_sizes), no binary data (run_files), raw/
# files no more lines than a run makes (raw_lines), no line longer than
# a run makes (long_lines).
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
	snap_plan "$1" "$ck_text $ck_raw"
}

# snap_plan DIR FILES: the copies of FILES of DIR (names relative to it,
# plain files as run_file saw) planned in a new snapshot of the run,
# rs_snap (a directory smpb-snap makes, named by the run's number among
# those the driver read and the driver's pid): each a triple "MAX
# SOURCE COPY" of smpb-snap's, an operand a line, added to the file
# SNAP_LIST, which snap_runs copies, every run at once; and the
# snapshot's name for the run added to SMPB_SNAP/names, for every
# message after. No more is read of a file than the most a run makes and
# a block (snap_sizes then refuses it).
# shellcheck disable=SC2154 # max_bytes: run_max's (lib/checks.sh)
snap_plan() {
	[ -n "${SMPB_SNAP:-}" ] || die 1 "saved runs are read with no snapshot (snap_begin)"
	[ -n "$SNAP_PROG" ] ||
	    die 1 "smpb-snap, which reads saved runs, is not built (run make)"
	rs_k=${rs_k:-0}
	rs_k=$((rs_k + 1))
	rs_snap=$SMPB_SNAP/$rs_k.$$
	{ printf '%s\t%s\n' "$rs_snap" "$1" >>"$SMPB_SNAP/names"; } \
	    2>/dev/null || snap_lost "$SMPB_SNAP/names"
	# The run's triples, then added to the list at once.
	rs_list=
	set -f
	for rs_f in $2; do
		run_max "$rs_f"
		rs_list=$rs_list$max_bytes$NL$1/$rs_f$NL$rs_snap/$rs_f$NL
	done
	set +f
	{ printf '%s' "$rs_list" >>"$SNAP_LIST"; } 2>/dev/null ||
	    snap_lost "$SNAP_LIST"
}

# snap_runs: the copies SNAP_LIST plans made by one smpb-snap, its
# triples on its stdin (no command line grows with the runs' count),
# and what each copy holds added to SNAP_STATS ("BYTES NULS CONTROLS
# LINES LONGEST AT CUT COPY", a line each: LONGEST the bytes of its
# longest line, AT that line's number, CUT those of a last line without
# its end, left out of the copy); die when one cannot be copied, naming
# it (snap_failed).
snap_runs() {
	[ -s "$SNAP_LIST" ] || return 0
	# Its lines, each starting with a count, then, when a file failed,
	# the line that says which and why ("smpb-snap: FILE: WHY"); what
	# else comes is the shell's, that could not start it. (Named in the
	# $(...) itself, not through a function, smpb-snap is the subshell.)
	rs_all=$("$SNAP_PROG" 2>&1 <"$SNAP_LIST")
	rs_rc=$?
	# Every line a count, as where every copy was made: taken whole.
	if [ "$rs_rc" -eq 0 ]; then
		case $NL$rs_all in
		*"$NL"[!0-9]*) ;;
		*)
			SNAP_STATS=$SNAP_STATS$rs_all$NL
			return 0
			;;
		esac
	fi
	set -f
	IFS=$NL
	# shellcheck disable=SC2086 # a line each, split on purpose
	set -- $rs_all
	IFS=$SMPB_IFS
	set +f
	rs_out='' rs_err=''
	for rs_l; do
		case $rs_l in
		[0-9]*) rs_out=$rs_out$rs_l$NL ;;
		"smpb-snap: "*) rs_err=$rs_l ;;
		esac
	done
	SNAP_STATS=$SNAP_STATS$rs_out
	[ "$rs_rc" -eq 0 ] && return 0
	snap_failed
}

# snap_triple K: the K-th copy of SNAP_LIST (from 0), or its last where
# there are fewer: its source in st_source, its copy in st_copy.
snap_triple() {
	st_n=0 st_source='' st_copy=''
	# (Its MAX read into st_s, then its SOURCE.)
	while IFS= read -r st_s && IFS= read -r st_s && IFS= read -r st_c; do
		st_source=$st_s st_copy=$st_c
		[ "$st_n" -lt "$1" ] || break
		st_n=$((st_n + 1))
	done <"$SNAP_LIST"
}

# snap_failed: die for the copy snap_runs could not make (rs_rc,
# smpb-snap's status; rs_err, its message; rs_out, the lines of the
# copies made before it): the file after those copied, or its copy
# when smpb-snap names it (the snapshot cannot be written); the run of
# that file when smpb-snap was killed.
# shellcheck disable=SC2154 # line_count: count_lines's
snap_failed() {
	count_lines "${rs_out%"$NL"}"
	snap_triple "$line_count"
	set -- "$st_source" "$st_copy"
	rs_f=${2#"$SMPB_SNAP"/}
	rs_f=${rs_f#*/}
	[ -n "$rs_err" ] || [ "$rs_rc" -le 128 ] ||
	    failed "$rs_rc" smpb-snap "$(printable "${1%/"$rs_f"}"): cannot be read"
	[ -n "$rs_out$rs_err" ] || can_fork || no_process
	rs_why=${rs_err##*: }
	rs_err=${rs_err#smpb-snap: }
	case ${rs_err%: *} in
	"$2")
		die 1 "$(printable "$1"): its copy, which is read, cannot be written in ${TMPDIR:-/tmp} (${rs_why:-write error})"
		;;
	esac
	die 1 "$(printable "$1"): cannot be read${rs_why:+ ($rs_why)}: refused"
}
