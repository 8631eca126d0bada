# shellcheck shell=sh
# cmd/show.sh: smpbench show: reprint saved runs' tables (-r: make them
# again from the raw measurements), then each run's kernel's context.

cmd_show() {
	opt_rebuild=0
	opt_bad=
	cs_opts=:hr
	OPTIND=1
	while getopts "$cs_opts" opt; do
		case $opt in
		r) opt_rebuild=1 ;;
		h) opt_bad=h; break ;;
		*) opt_bad=$opt${OPTARG-}; break ;;
		esac
	done
	opt_check show "$cs_opts" "$opt_bad"
	shift $((OPTIND - 1))
	[ $# -ge 1 ] || usage_error "show: which saved run?"
	cs_dirs=$(run_dirs "$@") || exit 1
	set -f
	IFS=$NL
	# shellcheck disable=SC2086 # one run a line, split on purpose
	set -- $cs_dirs
	IFS=$SMPB_IFS
	set +f
	# shellcheck disable=SC2086 # the workloads, split on purpose
	need_lib $WORKLOADS context why
	# Each table is printed as soon as it is made (to_out: output that is
	# lost is a failure), a blank line between tables and between runs.
	cs_first=1
	cs_status=0
	for cs_d in "$@"; do
		cs_d=$(path_arg "$cs_d")
		cs_sep=$NL
		[ "$cs_first" -eq 1 ] && cs_sep=
		cs_first=0
		if [ "$opt_rebuild" -eq 1 ] || [ ! -f "$cs_d/tables" ]; then
			for cs_w in $(run_workloads "$cs_d"); do
				cs_out=$(make_table "$cs_d" "$cs_w")
				case $? in
				0) ;;
				3) cs_status=1 ;;
				*) die 1 "cannot make the $cs_w table" ;;
				esac
				to_out printf '%s%s\n' "$cs_sep" "$cs_out"
				cs_sep=$NL
			done
		else
			cs_out=$(show_tables "$cs_d") || die 1 "cannot read $cs_d/tables"
			to_out printf '%s%s\n' "$cs_sep" "$cs_out"
		fi
		# The context, when the run has one, starts with a blank line.
		cs_out=$(show_context "$cs_d") || die 1 "cannot read $cs_d/env"
		[ -z "$cs_out" ] || to_out printf '%s\n' "$cs_out"
		note_incomplete "$cs_d"
	done
	return "$cs_status"
}

