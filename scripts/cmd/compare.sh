# shellcheck shell=sh
# cmd/compare.sh: smpbench compare: each workload of saved runs side by
# side, one column per run, then its why figures.

# emit TEXT: print a table; stop when it cannot be (to_out).
emit() {
	to_out printf '%s\n' "$1"
}

cmd_compare() {
	opt_force=0
	opt_bad=
	cc_opts=:fh
	OPTIND=1
	while getopts "$cc_opts" opt; do
		case $opt in
		f) opt_force=1 ;;
		h) opt_bad=h; break ;;
		*) opt_bad=$opt${OPTARG-}; break ;;
		esac
	done
	opt_check compare "$cc_opts" "$opt_bad"
	shift $((OPTIND - 1))
	[ $# -ge 1 ] || usage_error "compare: which saved runs?"
	cc_dirs=$(run_dirs "$@") || exit 1
	set -f
	IFS=$NL
	# shellcheck disable=SC2086 # one run a line, split on purpose
	set -- $cc_dirs
	IFS=$SMPB_IFS
	set +f
	# shellcheck disable=SC2086 # the workloads, split on purpose
	need_lib compare compare-table $WORKLOADS
	# Runs that cannot be compared at all, unless -f.
	if [ "$opt_force" -eq 0 ]; then
		cc_same=$(same_runs "$@")
		[ -n "$cc_same" ] &&
		    die 1 "compare: $(printable "${cc_same% *}") is the same run as $(printable "${cc_same#* }") (the same env; -f compares anyway)"
		cc_prof=$(profiles_differ "$@")
		if [ -n "$cc_prof" ]; then
			# shellcheck disable=SC2086 # four words, split on purpose
			set -- $cc_prof
			die 1 "compare: $(printable "$1") is a $2 run, $(printable "$3") a $4 run: not comparable (-f compares anyway)"
		fi
	fi
	# Write errors are seen by emit(), not killed by SIGPIPE.
	trap '' PIPE
	# A workload is compared among the runs that hold it, when there are
	# two or more of them (or when only one run was named).
	cc_n=0
	cc_status=0
	for cc_w in $WORKLOADS; do
		cc_runs=
		cc_has=0
		for cc_d in "$@"; do
			[ -s "$cc_d/raw/$cc_w" ] || continue
			cc_runs="$cc_runs$cc_d
"
			cc_has=$((cc_has + 1))
		done
		[ "$cc_has" -ge 2 ] || { [ $# -eq 1 ] && [ "$cc_has" -eq 1 ]; } ||
		    continue
		SMPB_RUNS=$cc_runs
		export SMPB_RUNS
		cc_out=$(awk_workload "$cc_w" compare -v force="$opt_force" \
		    -v load_limit="$LOAD_LIMIT" </dev/null)
		case $? in
		0) ;;
		3) cc_status=1 ;;
		4) cc_status=1; continue ;;
		*) die 1 "cannot compare $cc_w" ;;
		esac
		[ "$cc_n" -gt 0 ] && emit ""
		emit "$cc_out"
		cc_n=$((cc_n + 1))
		compare_why "$cc_w" "$cc_runs" "$#"
	done
	[ "$cc_n" -gt 0 ] || [ "$cc_status" -ne 0 ] ||
	    die 1 "compare: no workload was saved in two of these runs"
	return "$cc_status"
}

# compare_why WORKLOAD RUNS NAMED: after a workload's table, its why
# figures (why_<w>: wakeup p99, run-queue delay) side by side, among the
# RUNS (one a line) that have them, when two do (or the one run NAMED
# alone).
compare_why() {
	for cw_m in $("why_$1"); do
		case $cw_m in
		p99) cw_key=' lat_p99_us=' ;;
		*) cw_key=' wait_s[_0]*=' ;;
		esac
		SMPB_RUNS=
		cw_has=0
		while IFS= read -r cw_d; do
			[ -n "$cw_d" ] || continue
			raw_has "$cw_d" "$1" "$cw_key" || continue
			SMPB_RUNS="$SMPB_RUNS$cw_d$NL"
			cw_has=$((cw_has + 1))
		done <<EOF_RUNS
$2
EOF_RUNS
		[ "$cw_has" -ge 2 ] || { [ "$3" -eq 1 ] && [ "$cw_has" -eq 1 ]; } ||
		    continue
		export SMPB_RUNS
		cw_out=$(awk_workload "$1" compare -v metric="$cw_m" \
		    -v force=1 -v load_limit="$LOAD_LIMIT" </dev/null 2>/dev/null)
		[ -n "$cw_out" ] || continue
		emit ""
		emit "$cw_out"
	done
}

