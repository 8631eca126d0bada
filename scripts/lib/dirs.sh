# shellcheck shell=sh
# lib/dirs.sh: the directories the driver writes into: a run's (-o,
# SMPBENCH_RESULTS), the runs in progress' (SMPBENCH_LOCKDIR), TMPDIR,
# where saved runs are copied to be read, and the one they are made in
# (out_dir). Sourced by smpbench.
#
# A directory is written into only when no other user can change what
# its path leads to, then or later: it, and every directory on the way
# from / to it, as named and as its links resolve, is this user's or
# root's, and none of them can be written by another than its owner (its
# group or others) unless it is sticky, as /tmp is, where none can rename
# or remove what another made; a link on the way is this user's or
# root's. Root is trusted by every user, as for /tmp; for root, a
# directory of another user's is refused like one open to all. What is
# so checked cannot be swapped during a command, by anyone but root: what
# the driver then makes in it by mkdir is its own, and so is what it
# writes there, whatever happens meanwhile in the directories of others.

# user_id: this user's id (effective), in uid_me: read once for the
# command from /proc/self/status, the shell's own (its "Uid:" line: real,
# effective, saved, file system), with no process; where that cannot be
# read, one id -u (never taken from the environment).
uid_me=
user_id() {
	[ -z "${uid_me:-}" ] || return 0
	if [ -r /proc/self/status ]; then
		# shellcheck disable=SC2034 # ui_real, ui_rest: the other ids
		while IFS=$SMPB_IFS read -r ui_key ui_real ui_eff ui_rest; do
			case $ui_key:$ui_eff in
			Uid::*[!0-9]* | Uid::) break ;;
			Uid::*) uid_me=$ui_eff; break ;;
			esac
		done </proc/self/status
	fi
	[ -n "$uid_me" ] || uid_me=$(id -u)
}

# dir_safe DIR: true when DIR is a directory to write into, as above;
# else false, with why not, in one line, in ds_why. ds_open is 1 when DIR
# itself is sticky and open to others (they may make names in it first).
# A look costs one ls for the whole way (dir_way_safe), and one cd in a
# subshell where a link is on it.
# shellcheck disable=SC2034 # ds_why, ds_open: for the caller
dir_safe() {
	ds_why='' ds_open=0
	user_id
	ds_d=$1
	case $ds_d in
	/*) ;;
	*) ds_d=$PWD/$ds_d ;;
	esac
	# The way as named, each directory or link on it, from / down; and
	# where a link is on it, the way it resolves to, too.
	set -f
	set -- /
	ds_link=0
	ds_real=$ds_d ds_named=/
	ds_ways=$ds_d
	while [ -n "$ds_ways" ]; do
		ds_rest=${ds_ways#/} ds_pre='' ds_ways=''
		while [ -n "$ds_rest" ]; do
			ds_c=${ds_rest%%/*}
			case $ds_rest in
			*/*) ds_rest=${ds_rest#*/} ;;
			*) ds_rest= ;;
			esac
			[ -n "$ds_c" ] || continue
			ds_pre=$ds_pre/$ds_c
			[ -h "$ds_pre" ] && ds_link=1
			set -- "$@" "$ds_pre"
		done
		# DIR as ls names it, without a trailing or doubled /.
		[ "$ds_link" -eq 2 ] || ds_named=${ds_pre:-/}
		if [ "$ds_link" -eq 1 ]; then
			ds_link=2
			# (a dot after it keeps a newline at its end)
			ds_ways=$(cd -P "$ds_d" 2>/dev/null && pwd -P && echo .) || {
				set +f
				ds_why="$ds_d: cannot be entered"
				return 1
			}
			ds_ways=${ds_ways%"$NL".}
			ds_real=$ds_ways
		fi
	done
	set +f
	[ -d "$ds_d" ] || { ds_why="$ds_d is not a directory"; return 1; }
	# A line of ls a directory: a name on the way with a newline in it
	# is refused before (busybox's ls, a guest's, has no -q to mask it).
	case $ds_d$ds_real in
	*"$NL"*)
		ds_why="$ds_d: a directory on its way has a newline in its name"
		return 1
		;;
	esac
	dir_way_safe "$@"
}

# dir_way_safe NAME...: dir_safe's look at the directories and links on
# the way (NAME..., none with a newline): true when each is safe
# (dir_entry_safe), as one ls sees them; else false, with ds_why.
# shellcheck disable=SC2034 # ds_why, ds_open: dir_safe's, for its caller
dir_way_safe() {
	# shellcheck disable=SC2012 # ls -ldn: the mode and owner, POSIX
	ds_ls=$(LC_ALL=C QUOTING_STYLE=literal ls -ldn -- "$@" 2>/dev/null)
	ds_n=$#
	ds_ifs=$IFS
	IFS=$NL
	set -f
	# shellcheck disable=SC2086 # a line a name, split on purpose
	set -- $ds_ls
	set +f
	IFS=$ds_ifs
	if [ "$#" -ne "$ds_n" ]; then
		ds_why="$ds_d: the directories on its way cannot all be looked at"
		return 1
	fi
	for ds_line; do
		dir_entry_safe "$ds_line" || return 1
	done
	return 0
}

# dir_entry_safe LINE: true when LINE, ls -ldn's of a name on the way, is
# of a directory or link of this user's or root's, and the directory is
# open to no other than its owner, unless it is sticky (ds_open 1 when
# DIR itself is so open); else false, with ds_why.
# shellcheck disable=SC2034 # ds_why, ds_open: dir_safe's, for its caller
dir_entry_safe() {
	# The name: the line less its first eight fields (mode, links,
	# owner, group, size and the date's three).
	ds_name=$1
	ds_k=0
	while [ "$ds_k" -lt 8 ]; do
		ds_name=${ds_name#"${ds_name%%[ ]*}"}
		ds_name=${ds_name#"${ds_name%%[! ]*}"}
		ds_k=$((ds_k + 1))
	done
	set -f
	# shellcheck disable=SC2086 # the fields of ls, split on purpose
	set -- $1
	set +f
	case $1 in
	l*) ds_name=${ds_name% -> *} ;;
	esac
	if [ "$3" != "$uid_me" ] && [ "$3" != 0 ]; then
		case $1 in
		l*) ds_why="$ds_name is a link owned by uid $3, not this user or root" ;;
		*) ds_why="$ds_name is owned by uid $3, not this user or root" ;;
		esac
		return 1
	fi
	case $1 in
	l*) ;;
	d????????[tT]*)
		case $1 in
		d????w* | d???????w*)
			[ "$ds_name" != "$ds_named" ] &&
			    [ "$ds_name" != "$ds_real" ] || ds_open=1
			;;
		esac
		;;
	d????w* | d???????w*)
		ds_why="$ds_name can be written by others than its owner ($1)"
		return 1
		;;
	d*) ;;
	*)
		ds_why="$ds_name is not a directory"
		return 1
		;;
	esac
	return 0
}

# out_dir DIR NAME [COMMAND]: make DIR, and the directories above it,
# where it is missing (od_made=1 when this command made DIR), to write
# in (a run, plot's pictures); die, in one line naming it NAME (after
# "COMMAND: " when given), when it cannot be made, or is not a directory
# to write into (dir_safe: another user could swap it, or what is made
# in it, meanwhile). The part of the way that is there is looked at
# before anything is made; a DIR that was not there is looked at too
# once made, where another may have made it, or a directory above it,
# first: in a directory open to others (sticky, as /tmp), or when mkdir
# found it made.
out_dir() {
	od_made=0
	od_cmd=${3:+$3: }
	od_p=$1
	until [ -e "$od_p" ] || [ -h "$od_p" ]; do
		case $od_p in
		*/*) od_p=${od_p%/*} ;;
		*) od_p=. ;;
		esac
		[ -n "$od_p" ] || od_p=/
	done
	ds_open=0
	if [ -d "$od_p" ] && ! dir_safe "$od_p"; then
		die 1 "$od_cmd$2: refused: $ds_why"
	fi
	if mkdir "$1" 2>/dev/null; then
		od_made=1
	elif [ ! -d "$1" ]; then
		mkdir -p "$(dirname "$1")" 2>/dev/null
		od_err=$(mkdir "$1" 2>&1) ||
		    die 1 "${od_cmd}cannot create ${2#-o }: ${od_err##*: }"
		od_made=1
	fi
	if [ "$od_p" != "$1" ] && { [ "$od_made" -eq 0 ] || [ "$ds_open" -eq 1 ]; } &&
	    ! dir_safe "$1"; then
		die 1 "$od_cmd$2: refused: $ds_why"
	fi
	return 0
}
