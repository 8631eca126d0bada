# shellcheck shell=sh
# cmd/compare.sh: smpbench compare: each workload of saved runs side by
# side, one column per name (runs that share a label, or a kernel
# release, pool into one), then its why figures; or, with -p, the same
# verdicts as key=value lines.

# emit TEXT: print a table; stop when it cannot be (to_out).
emit() {
	to_out printf '%s\n' "$1"
}

# The note said once, above the first table that needs it (in practice
# the first): a change rests on one run a side (the awk program's first
# line is then "=one-run").
ONE_RUN_NOTE="Note: one run a side: the noise between runs is unknown, so a mark
says these two runs differ, not yet that the kernels do; reproduce it
(smpbench run -R 3 on each side) before mailing it."

cmd_compare() {
	opt_force=0
	opt_parsable=0
	opt_threshold=2
	opt_verbose=0
	opt_workload=
	opt_bad=
	cc_opts=:fhpt:vw:
	eval "set -- $(opt_order "$cc_opts" ${1+"$@"})"
	OPTIND=1
	while getopts "$cc_opts" opt; do
		case $opt in
		f) opt_force=1 ;;
		p) opt_parsable=1 ;;
		t) opt_threshold=$OPTARG ;;
		v) opt_verbose=1 ;;
		w) opt_workload=$OPTARG ;;
		h) opt_bad=h; break ;;
		*) opt_bad=$opt${OPTARG-}; break ;;
		esac
	done
	opt_check compare "$cc_opts" "$opt_bad"
	shift $((OPTIND - 1))
	cc_t=$(percent "$opt_threshold") ||
	    usage_error "compare: -t: '$(printable "$opt_threshold")' is not a percentage (0..100)"
	if [ -n "$opt_workload" ]; then
		is_workload "$opt_workload" ||
		    usage_error "compare: -w: '$(printable "$opt_workload")' is not a workload ($WORKLOADS)"
	fi
	[ $# -ge 1 ] || usage_error "compare: which saved runs?"
	cc_dirs=$(run_dirs "$@") || runs_failed
	set -f
	IFS=$NL
	# shellcheck disable=SC2086 # one run a line, split on purpose
	set -- $cc_dirs
	IFS=$SMPB_IFS
	set +f
	# shellcheck disable=SC2086 # the workloads, split on purpose
	need_lib compare compare-check compare-host compare-verdict \
	    compare-table compare-notes compare-p $WORKLOADS
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
	# The doubts about the runs that hold whatever the workload, once,
	# above everything (each table says them again in a few words).
	SMPB_RUNS=$cc_dirs$NL
	export SMPB_RUNS
	# (The awk program reads no workload then: any workload's hooks do.)
	cc_out=$(awk_workload "${WORKLOADS%% *}" compare -v doubts=1 \
	    -v force="$opt_force" -v load_limit="$LOAD_LIMIT" \
	    -v parsable="$opt_parsable" </dev/null) ||
	    die 1 "cannot compare these runs"
	cc_doubts=0
	if [ -n "$cc_out" ]; then
		emit "$cc_out"
		cc_doubts=1
	fi
	# A workload is compared among the runs that hold it, when there are
	# two or more of them (or when only one run was named).
	cc_n=0
	cc_status=0
	cc_said=0
	for cc_w in ${opt_workload:-$WORKLOADS}; do
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
		    -v load_limit="$LOAD_LIMIT" -v threshold="$cc_t" \
		    -v verbose="$opt_verbose" -v parsable="$opt_parsable" \
		    </dev/null)
		case $? in
		0) ;;
		3) cc_status=1 ;;
		4) cc_status=1; continue ;;
		*) die 1 "cannot compare $cc_w" ;;
		esac
		show_out "$cc_out"
		compare_why "$cc_w" "$cc_runs" "$#"
	done
	[ "$cc_n" -gt 0 ] || [ "$cc_status" -ne 0 ] || [ -z "$opt_workload" ] ||
	    die 1 "compare: $opt_workload was not saved in two of these runs"
	[ "$cc_n" -gt 0 ] || [ "$cc_status" -ne 0 ] ||
	    die 1 "compare: no workload was saved in two of these runs"
	return "$cc_status"
}

# show_out OUTPUT: print an awk program's output, tables apart by a
# blank line (-p lines one after the other); before it, the note on one
# run a side when its first line asks for it and the note was not said
# yet (cc_said). Counts the outputs in cc_n.
show_out() {
	so_out=$1
	case $so_out in
	=one-run | "=one-run$NL"*)
		so_out=${so_out#=one-run}
		so_out=${so_out#"$NL"}
		if [ "$cc_said" -eq 0 ] && [ -n "$so_out" ]; then
			if [ "$opt_parsable" -eq 1 ]; then
				emit "# $(printf '%s\n' "$ONE_RUN_NOTE" | tr '\n' ' ' |
				    sed 's/ $//')"
			else
				{ [ "$cc_n" -gt 0 ] || [ "$cc_doubts" -eq 1 ]; } &&
				    emit ""
				emit "$ONE_RUN_NOTE"
				cc_doubts=1
			fi
			cc_said=1
		fi
		;;
	esac
	[ -n "$so_out" ] || return 0
	{ [ "$cc_n" -gt 0 ] || [ "$cc_doubts" -eq 1 ]; } &&
	    [ "$opt_parsable" -eq 0 ] && emit ""
	emit "$so_out"
	cc_n=$((cc_n + 1))
}

# percent TEXT: TEXT as a percentage 0..100, a plain decimal number
# (digits, at most one point and 6 decimals, no sign or blank), leading
# zeros dropped; false for anything else.
percent() {
	case $1 in
	'' | .* | *. | *[!0-9.]* | *.*.* | *.???????*) return 1 ;;
	esac
	pc_int=${1%%.*}
	pc_frac=
	case $1 in
	*.*) pc_frac=${1#*.} ;;
	esac
	pc_int=$(decimal "${pc_int:-0}" 0 100) || return 1
	# 100 with no fraction, or one of zeros only.
	[ "$pc_int" -lt 100 ] || [ -z "$pc_frac" ] ||
	    [ -n "${pc_frac%%*[!0]*}" ] || return 1
	printf '%s%s\n' "$pc_int" "${pc_frac:+.$pc_frac}"
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
		    -v force=1 -v load_limit="$LOAD_LIMIT" -v threshold="$cc_t" \
		    -v verbose="$opt_verbose" -v parsable="$opt_parsable" \
		    </dev/null 2>/dev/null)
		show_out "$cw_out"
	done
}
