# shellcheck shell=sh
# cmd/export.sh: smpbench export: every measurement of the runs as CSV
# (RFC 4180).

cmd_export() {
	opt_bad=
	OPTIND=1
	while getopts :h opt; do
		case $opt in
		h) opt_bad=h; break ;;
		*) opt_bad=$opt${OPTARG-}; break ;;
		esac
	done
	opt_check export :h "$opt_bad"
	shift $((OPTIND - 1))
	[ $# -ge 1 ] || usage_error "export: which saved runs?"
	run_list "$@"
	need_lib export
	# export.awk complains of nothing: what it says on stderr is why its
	# output was lost. A reader that had enough (export | head) is no
	# error.
	to_out awk_lib export -v workloads="$WORKLOADS" </dev/null
}

