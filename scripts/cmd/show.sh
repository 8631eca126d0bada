# shellcheck shell=sh
# cmd/show.sh: smpbench show: reprint saved runs' tables (-r: make them
# again from the raw measurements), then each run's kernel's context.

# show_unsaved DIR: the tables of the workloads an incomplete run
# measured but did not save a table of (the one it was measuring when it
# stopped), made from their raw lines; each is known by its heading,
# "WORKLOAD: ", at the start of a line of the saved tables. Status 1
# when a saved value was bad (reported); when a table cannot be made,
# 2, or the status of its awk where that is more (killed).
show_unsaved() {
	su_status=0
	run_workloads "$1"
	# shellcheck disable=SC2154 # rw_list: run_workloads' (lib/read.sh)
	for su_w in $rw_list; do
		grep -q "^$su_w: " "$1/tables" 2>/dev/null && continue
		echo
		make_table "$1" "$su_w"
		su_rc=$?
		case $su_rc in
		0) ;;
		3) su_status=1 ;;
		1) return 2 ;;
		*) return "$su_rc" ;;
		esac
	done
	return "$su_status"
}

cmd_show() {
	opt_rebuild=0
	opt_bad=
	cs_opts=:hrv
	SMPB_CMDLINE=0
	export SMPB_CMDLINE
	opt_order "$cs_opts" ${1+"$@"}
	# shellcheck disable=SC2154 # opt_words: opt_order's
	eval "set -- $opt_words"
	OPTIND=1
	while getopts "$cs_opts" opt; do
		case $opt in
		r) opt_rebuild=1 ;;
		v) SMPB_CMDLINE=1 ;;
		h) opt_bad=h; break ;;
		*) opt_bad=$opt${OPTARG-}; break ;;
		esac
	done
	opt_check show "$cs_opts" "$opt_bad"
	shift $((OPTIND - 1))
	[ $# -ge 1 ] || usage_error "show: which saved run?"
	[ "$opt_rebuild" -eq 0 ] || need_stat show
	run_dirs "$@"
	# shellcheck disable=SC2086 # the workloads, split on purpose
	need_lib $WORKLOADS context why
	# Each table is printed as soon as it is made (to_out: output that is
	# lost is a failure), a blank line between tables and between runs;
	# the runs' list is read on descriptor 4, which none of them reads.
	cs_sep=
	cs_status=0
	while IFS= read -r cs_d <&4; do
		[ -z "$cs_d" ] || show_run "$cs_d"
		cs_sep=$NL
	done 4<"$SMPB_RUNS"
	return "$cs_status"
}

# show_run DIR: the tables of the run DIR, after cs_sep (a blank line
# between runs): made again from its raw lines (-r, or where it saved
# none), else as it saved them, with those of the workloads it did not
# save where it is incomplete; then its context. cs_status 1 where a
# saved value was bad.
show_run() {
	if [ "$opt_rebuild" -eq 1 ] || [ ! -f "$1/tables" ]; then
		run_workloads "$1"
		for cs_w in $rw_list; do
			cs_out=$(make_table "$1" "$cs_w")
			cs_rc=$?
			case $cs_rc in
			0) ;;
			3) cs_status=1 ;;
			*) failed "$cs_rc" awk "cannot make the $cs_w table" ;;
			esac
			to_out printf '%s%s\n' "$cs_sep" "$cs_out"
			cs_sep=$NL
		done
	else
		cs_out=$(show_tables "$1") ||
		    failed "$?" tr "cannot read $1/tables"
		to_out printf '%s%s\n' "$cs_sep" "$cs_out"
		if [ ! -f "$1/complete" ]; then
			show_unsaved "$1"
			cs_rc=$?
			case $cs_rc in
			0) ;;
			1) cs_status=1 ;;
			*) failed "$cs_rc" awk "cannot make the tables $1 did not save" ;;
			esac
		fi
	fi
	# The context, when the run has one, starts with a blank line.
	cs_out=$(show_context "$1") || failed "$?" awk "cannot read $1/env"
	[ -z "$cs_out" ] || to_out printf '%s\n' "$cs_out"
	note_incomplete "$1"
}

