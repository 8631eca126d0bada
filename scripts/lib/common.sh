# shellcheck shell=sh
# lib/common.sh: what every part of the driver uses: messages, checked
# writes, the checks of input text, the programs and awk files (the
# getopts helper is lib/options.sh). Sourced by smpbench, never run.

# A newline, for case patterns; the shell's default field separators.
NL='
'
# shellcheck disable=SC2034 # for show and compare
SMPB_IFS=" 	$NL"

# Whether the progress line shows (progress_on).
tty=0

# clear_line: erase the progress line, if one is showing.
clear_line() {
	[ "$tty" -eq 1 ] && printf '\r%72s\r' '' >&2
	return 0
}

# say MESSAGE, warn MESSAGE: one line on stderr. Every message is made
# printable here, the one place the driver's messages reach a terminal:
# what they quote (a path, a run's text) holds no control character.
say() {
	clear_line
	message "$*"
	printf 'smpbench: %s\n' "$msg" >&2
}

warn() {
	clear_line
	message "$*"
	printf 'smpbench: warning: %s\n' "$msg" >&2
}

# die STATUS MESSAGE: one line on stderr, then exit.
die() {
	die_status=$1
	shift
	clear_line
	message "$*"
	printf 'smpbench: %s\n' "$msg" >&2
	exit "$die_status"
}

# message TEXT: TEXT made printable (printable_v), in msg: said even
# when no process can be made, and never said empty.
message() {
	printable_v "$1"
	msg=$pv
	[ -n "$msg" ] || msg="(the message is lost: a process could not be made)"
}

# printable_v TEXT: TEXT made printable (printable), in pv; without a
# subshell where it is plain (x: says a snapshot, whatever TEXT begins).
printable_v() {
	pv=$1
	case ${SMPB_SNAP:+x}:$1 in
	x:*"${SMPB_SNAP-}/"*) pv=$(printable "$1") ;;
	*[!"$PLAIN_CHARS"]*) pv=$(printable "$1") ;;
	esac
}

# smpbench_exit STATUS: the driver's EXIT trap: stop the child it waits
# for in the background, if one (SMPB_CHILD: compare's awk), remove the
# snapshot of the saved runs read (lib/runs.sh), and exit 1 for a status of 2 that
# no usage error gave (die 2): the shell's own, after "Cannot fork" or
# "parameter not set", is the driver's failure, not bad usage. It exits
# with STATUS itself: mksh would end with the trap's last status (0)
# after a signal's trap has said exit 143.
smpbench_exit() {
	[ -z "${SMPB_CHILD:-}" ] || kill "$SMPB_CHILD" 2>/dev/null
	[ -z "${SMPB_SNAP:-}" ] || rm -rf "$SMPB_SNAP" 2>/dev/null
	if [ "$1" -eq 2 ] && [ "${die_status:-}" != 2 ]; then
		echo "smpbench: stopped by the shell (its message above; after Cannot fork, see ulimit -u or the pids.max of the cgroup): exit 1" >&2
		exit 1
	fi
	exit "$1"
}

# usage_error MESSAGE: bad usage, exit 2; unless no process can be made
# (a check of the usage that ran in $(...) may have failed for that):
# exit 1.
usage_error() {
	message "$* (see smpbench -h)"
	case $msg in
	"(the message is lost"*) no_process ;;
	esac
	can_fork || no_process
	die 2 "$msg"
}

# can_fork: true when a process can be made, and another in it (as a
# check in $(...) needs).
can_fork() {
	[ "$( : ; echo "$( : ; echo ok)")" = ok ] 2>/dev/null
}

# no_process: die, exit 1, when no process can be made.
no_process() {
	die 1 "cannot make a process (see ulimit -u, or the pids.max of the cgroup)"
}

# failed STATUS PROGRAM MESSAGE: die, exit 1, when PROGRAM (awk,
# smpb-snap...) ended with STATUS: saying it was killed, and by which
# signal, where one killed it (128 and up, 384 and up under yash); that
# no process could be made, where none can; else MESSAGE.
failed() {
	fd_sig=
	if [ "$1" -gt 384 ] && [ "$1" -lt 448 ]; then
		fd_sig=$(($1 - 384))
	elif [ "$1" -gt 128 ] && [ "$1" -lt 192 ]; then
		fd_sig=$(($1 - 128))
	fi
	if [ -n "$fd_sig" ]; then
		fd_name=$(kill -l "$fd_sig" 2>/dev/null) || fd_name=
		fd_name=${fd_name:+SIG$fd_name}
		die 1 "$2 was killed (${fd_name:-signal $fd_sig}): $3"
	fi
	can_fork || no_process
	die 1 "$3"
}

need_cmd() {
	command -v "$1" >/dev/null 2>&1 || die 1 "needs '$1', which is not installed"
}

# --- standard output: output that is lost is a failure --------------------

# out_open: true when standard output is open.
out_open() {
	{ true 3>&1; } 2>/dev/null
}

# to_out CMD...: run CMD, a command that prints and says nothing else on
# stderr (printf, help, cat or awk of what was checked before), its
# output on stdout; die, exit 1, with one line saying why, when that
# output is lost: stdout is closed, or a write fails (a full disk...).
# A reader that has gone (smpbench show | head: SIGPIPE, 141, or 397 as
# yash counts it) ends the driver quietly, as it ends cat.
to_out() {
	to_err=
	{ { to_err=$("$@" 2>&1 >&3); } 3>&1; } 2>/dev/null && return 0
	to_rc=$?
	case $to_rc in
	141 | 397) exit 141 ;;
	esac
	out_open || die 1 "cannot write to standard output (it is closed)"
	case $1 in
	awk_*) to_prog='awk' ;;
	*) to_prog=$1 ;;
	esac
	case $to_rc in
	129 | 13[0-9] | 1[4-8][0-9] | 19[01]) failed "$to_rc" "$to_prog" "cannot write to standard output" ;;
	esac
	# Why, from the writer's last word ("write error: No space left on
	# device", awk's "write failure (...)"); a shell's printf says "I/O
	# error" (dash) or nothing (busybox): the system's is asked again.
	to_err=${to_err##*"$NL"}
	case $1:$to_err in
	printf: | printf:*"I/O error")
		{ { to_err=$(env "$@" 2>&1 >&3); } 3>&1; } 2>/dev/null &&
		    return 0
		to_err=${to_err##*"$NL"}
		;;
	esac
	case $to_err in
	*\)) to_err=${to_err%\)} to_err=${to_err##*\(} ;;
	*) to_err=${to_err##*: } ;;
	esac
	die 1 "cannot write to standard output${to_err:+ ($to_err)}"
}

# --- writing files: every write is checked ---------------------------------
# A failed write stops a run (write_lost), saying why, what was lost and
# what is kept.

# write_atomic FILE [TEXT]: the line TEXT, or stdin, to FILE through a
# temporary name beside it, so that FILE is whole or absent; false when
# it cannot be written.
write_atomic() {
	wa_tmp=${1%/*}/.${1##*/}.tmp
	case $1 in */*) ;; *) wa_tmp=.$1.tmp ;; esac
	if [ $# -ge 2 ]; then
		{ printf '%s\n' "$2" >"$wa_tmp"; } 2>/dev/null
	else
		cat >"$wa_tmp" 2>/dev/null
	fi
	wa_ok=$?
	if [ "$wa_ok" -eq 0 ] && mv -f "$wa_tmp" "$1" 2>/dev/null; then
		return 0
	fi
	rm -f "$wa_tmp" 2>/dev/null
	return 1
}

# add_line FILE TEXT: add the line TEXT to FILE; false when it cannot.
add_line() {
	{ printf '%s\n' "$2" >>"$1"; } 2>/dev/null
}

# read_line FILE: the first line of FILE in rl_line, and in rl_more
# whether a line with text follows (1) or not (""), read by the shell
# itself, with no process; both empty when FILE cannot be read.
# shellcheck disable=SC2034 # rl_line, rl_more: for the caller
read_line() {
	rl_line='' rl_more='' rl_next=''
	{
		IFS= read -r rl_line
		while IFS= read -r rl_next || [ -n "$rl_next" ]; do
			[ -z "$rl_next" ] || { rl_more=1; break; }
		done
	} 2>/dev/null <"$1"
}

# empty_file FILE: make FILE empty; false when it cannot.
empty_file() {
	{ true >"$1"; } 2>/dev/null
}

# why_unwritable FILE: why FILE could not be written (No space left on
# device, Read-only file system...), found by writing a file beside it.
why_unwritable() {
	wu_probe=$(dirname "$1")/.probe.tmp
	wu_err=$(echo x | cat 2>&1 >"$wu_probe")
	rm -f "$wu_probe"
	wu_err=$(printable "${wu_err##*: }")
	if [ -z "$wu_err" ]; then
		# A small file can be written: the file may have grown past
		# the file-size limit (its signal, SIGXFSZ, run ignores).
		wu_err="write error"
		wu_lim=$(ulimit -f 2>/dev/null)
		case $wu_lim in
		'' | unlimited) ;;
		*) wu_err="write error, under a file-size limit: ulimit -f $wu_lim" ;;
		esac
	fi
	printf '%s\n' "$wu_err"
}

# decimal TEXT MIN MAX: TEXT as a plain decimal number within MIN..MAX,
# its leading zeros dropped (the shell's arithmetic would take 010 for
# octal); false unless TEXT is digits only, at most 9 after the zeros.
decimal() {
	case $1 in
	'' | *[!0-9]*) return 1 ;;
	esac
	dc_n=${1#"${1%%[!0]*}"}
	case ${dc_n:=0} in
	??????????*) return 1 ;;
	esac
	[ "$dc_n" -ge "$2" ] && [ "$dc_n" -le "$3" ] || return 1
	printf '%s\n' "$dc_n"
}

# path_arg PATH: PATH, with ./ before it when it starts with - (so that
# no utility takes it for an option).
path_arg() {
	case $1 in
	-*) printf './%s\n' "$1" ;;
	*) printf '%s\n' "$1" ;;
	esac
}

# sanitise TEXT: a name fit for a directory: letters, digits, . _ + -,
# the rest turned into _, at most 64 characters.
sanitise() {
	printf '%s' "$1" | LC_ALL=C tr -c 'A-Za-z0-9._+-' '_' | cut -c 1-64
}

# sanitise_v TEXT: sanitise TEXT into sane; with no process where it is
# fit already (the name of a host, a kernel's release).
# shellcheck disable=SC2034 # sane: for the caller
sanitise_v() {
	sane=$1
	case $1 in
	*[!"$NAME_CHARS"]*) sane=$(sanitise "$1") ;;
	*) [ "${#1}" -le 64 ] || sane=$(sanitise "$1") ;;
	esac
}

# NAME_CHARS: the characters sanitise leaves as they are (spelled out: a
# range would depend on the locale).
NAME_CHARS='abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-'

# ascii: stdin as lines of printable ASCII: control characters other
# than newline and tab go, and each character beyond ASCII (of UTF-8, or
# a byte of another encoding) becomes one ?, so that a column counted in
# bytes is counted in characters.
ascii() {
	LC_ALL=C tr '\300-\377' '[?*]' |
	    LC_ALL=C tr -d '\000-\010\013-\037\177\200-\277'
}

# printable TEXT: TEXT as one line of printable ASCII: newlines and tabs
# become blanks, the rest as in ascii (awk/lib.awk's printable() is the
# same rule, for what awk prints).
printable() {
	case ${SMPB_SNAP:+x}:$1 in
	x:*"${SMPB_SNAP-}/"*) set -- "$(snap_names "$1")" ;;
	esac
	case $1 in
	*[!"$PLAIN_CHARS"]*)
		printf '%s' "$1" | LC_ALL=C tr '\n\t\300-\377' '  [?*]' |
		    LC_ALL=C tr -d '\000-\037\177\200-\277'
		;;
	*) printf '%s' "$1" ;;
	esac
}

# PLAIN_CHARS: characters printable leaves as they are without asking tr
# (spelled out: a range would depend on the locale).
PLAIN_CHARS='abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ._,:;/=+@%()#-'
# CTRL_CHARS: the control characters but NUL (which no shell variable
# holds), for case patterns.
# shellcheck disable=SC2034 # for the names of runs and directories
CTRL_CHARS=$(printf '\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\177')

# count_lines TEXT: how many lines TEXT holds, none of them empty, in
# line_count.
# shellcheck disable=SC2034 # line_count: for the caller
count_lines() {
	lc_ifs=$IFS
	IFS=$NL
	set -f
	# shellcheck disable=SC2086 # a line each, on purpose
	set -- $1
	set +f
	IFS=$lc_ifs
	line_count=$#
}

# count_words TEXT
count_words() {
	# shellcheck disable=SC2086 # split on purpose
	set -- $1
	echo $#
}

# progress_on: show the progress line from now on, when stderr is a
# terminal.
progress_on() {
	[ -t 2 ] && tty=1
	return 0
}

# progress TEXT: the one-line counter, on a terminal only.
progress() {
	[ "$tty" -eq 1 ] && printf '\r%-72.72s\r' "$1" >&2
	return 0
}

# --- the programs and the awk files ----------------------------------------

# prog WORKLOAD: the path of its program, or nothing when it is not built
# (false); prog_path sets it in prog_at instead, with no process.
prog() {
	prog_path "$1" && printf '%s\n' "$prog_at"
}

prog_path() {
	prog_at=$SMPB_BIN/smpb-$1
	[ -x "$prog_at" ] && return 0
	prog_at=$(command -v "smpb-$1" 2>/dev/null)
}

is_workload() {
	case $1 in
	'' | *[!a-z]*) return 1 ;;
	esac
	case " $WORKLOADS " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

# awk_run ARGS...: awk on the driver's awk library (awk/lib.awk,
# cells.awk, text.awk, why-lib.awk), with ARGS after it; with awk_exec
# set (in a subshell of its own), the subshell becomes the awk.
awk_run() {
	set -- -f "$SMPB_LIB/awk/lib.awk" -f "$SMPB_LIB/awk/cells.awk" \
	    -f "$SMPB_LIB/awk/text.awk" -f "$SMPB_LIB/awk/why-lib.awk" \
	    ${1+"$@"}
	if [ -n "${awk_exec:-}" ]; then
		LC_ALL=C
		export LC_ALL
		exec awk "$@"
	fi
	LC_ALL=C awk "$@"
}

# awk_lib PROGRAM ARGS...: run one of the driver's shared awk programs,
# awk/PROGRAM.awk.
awk_lib() {
	al_prog=$1
	shift
	awk_run -f "$SMPB_LIB/awk/$al_prog.awk" ${1+"$@"}
}

# awk_workload WORKLOAD PROGRAM ARGS...: run an awk program on one
# workload, with its hooks (awk/workload.awk, the hooks written once
# from its facts, then workloads/WORKLOAD.awk) and -v
# workload=WORKLOAD: a shared one, or "table", the workload's own table
# (workloads/WORKLOAD-table.awk).
awk_workload() {
	aw_w=$1
	aw_p=$2
	shift 2
	set -- -v workload="$aw_w" ${1+"$@"}
	case $aw_p in
	table) set -- -f "$SMPB_LIB/workloads/$aw_w-table.awk" "$@" ;;
	# plot.awk reads the runs and prints a picture's data, plot-gp.awk
	# its gnuplot script.
	plot)
		set -- -f "$SMPB_LIB/awk/plot-gp.awk" \
		    -f "$SMPB_LIB/awk/plot.awk" "$@"
		;;
	*) set -- -f "$SMPB_LIB/awk/$aw_p.awk" "$@" ;;
	esac
	awk_run -f "$SMPB_LIB/awk/workload.awk" \
	    -f "$SMPB_LIB/workloads/$aw_w.awk" "$@"
}

# need_lib NAME...: die unless the driver's awk programs (the library,
# and for each NAME awk/NAME.awk, or the workload NAME's hooks and
# table) are there, before anything is measured.
need_lib() {
	for nl in lib cells text why-lib workload fact "$@"; do
		nl_fs=awk/$nl
		is_workload "$nl" && nl_fs="workloads/$nl workloads/$nl-table"
		for nl_f in $nl_fs; do
			[ -f "$SMPB_LIB/$nl_f.awk" ] ||
			    die 1 "cannot find $SMPB_LIB/$nl_f.awk (is smpbench installed whole?)"
		done
	done
}
