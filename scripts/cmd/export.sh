# shellcheck shell=sh
# cmd/export.sh: smpbench export: every measurement of the runs as CSV
# (RFC 4180).

cmd_export() {
	opt_bad=
	opt_order :h ${1+"$@"}
	# shellcheck disable=SC2154 # opt_words: opt_order's
	eval "set -- $opt_words"
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
	run_dirs "$@"
	note_incomplete_runs
	need_lib export
	# Two passes: the keys of all the lines (and the lines refused, said
	# on stderr), then the CSV. The second complains of nothing: what it
	# says on stderr is why its output was lost. A reader that had enough
	# (export | head) is no error.
	ce_keys=$(awk_lib export -v workloads="$WORKLOADS" -v pass=keys \
	    </dev/null)
	ce_rc=$?
	[ "$ce_rc" -le 3 ] || failed "$ce_rc" awk "cannot export these runs"
	[ "$ce_rc" -eq 0 ] || [ "$ce_rc" -eq 3 ] || exit 1
	{ cat >"$SMPB_SNAP/keys" <<EOF_KEYS
$ce_keys
EOF_KEYS
	} 2>/dev/null || snap_lost "$SMPB_SNAP/keys"
	to_out awk_lib export -v workloads="$WORKLOADS" -v pass=rows \
	    -v keys_file="$SMPB_SNAP/keys" </dev/null
	[ "$ce_rc" -eq 0 ] || exit 1
}
