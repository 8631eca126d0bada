# shellcheck shell=sh
# cmd/show.sh: smpbench show: reprint saved runs' tables (-r: make them
# again from the raw measurements), then each run's kernel's context.

cmd_show() {
	opt_rebuild=0
	opt_bad=
	cs_opts=:hr
	eval "set -- $(opt_order "$cs_opts" ${1+"$@"})"
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
	for cs_d in "$@"; do
		check_raw "$cs_d"
	done
	# shellcheck disable=SC2086 # the workloads, split on purpose
	need_lib $WORKLOADS context why
	cs_first=1
	cs_status=0
	for cs_d in "$@"; do
		cs_d=$(path_arg "$cs_d")
		[ "$cs_first" -eq 1 ] || echo
		cs_first=0
		if [ "$opt_rebuild" -eq 1 ] || [ ! -f "$cs_d/tables" ]; then
			cs_n=0
			for cs_w in $(run_workloads "$cs_d"); do
				[ "$cs_n" -gt 0 ] && echo
				make_table "$cs_d" "$cs_w"
				case $? in
				0) ;;
				3) cs_status=1 ;;
				*) die 1 "cannot make the $cs_w table" ;;
				esac
				cs_n=$((cs_n + 1))
			done
		else
			show_tables "$cs_d" || die 1 "cannot read $cs_d/tables"
		fi
		show_context "$cs_d" || die 1 "cannot read $cs_d/env"
		note_incomplete "$cs_d"
	done
	return "$cs_status"
}

