# shellcheck shell=sh
# cmd/compare.sh: smpbench compare: one report of saved runs: a header
# said once, a headline of what changed, each workload side by side, one
# column per name (runs that share a label, or a kernel release, pool
# into one), then its why figures where it has a mark (every one with
# -v); or, with -p, the same verdicts as key=value lines. compare.awk
# makes each table, the header and the headline; smpb-stat decides what
# they say (the checks of the runs, the hosts' speeds, every verdict).

# stat_path: smpb-stat, the statistics and decisions of compare, where it
# is: beside the driver's files once installed, in bin/ in the source
# tree.
stat_path() {
	for sp in "$SMPB_LIB/smpb-stat" "$SMPB_TOP/bin/smpb-stat"; do
		[ -f "$sp" ] && [ -x "$sp" ] && { printf '%s\n' "$sp"; return 0; }
	done
	return 1
}

cmd_compare() {
	compare_options ${1+"$@"}
	# The operands, after the options compare_options read (opt_order
	# put them first).
	# shellcheck disable=SC2154 # opt_words: opt_order's
	eval "set -- $opt_words"
	shift $((OPTIND - 1))
	[ $# -ge 1 ] || usage_error "compare: which saved runs?"
	# NAME=DIR: the run DIR, its column named NAME (column_names).
	cc_names=
	cc_k=$#
	while [ "$cc_k" -gt 0 ]; do
		column_name "$1"
		shift
		set -- ${1+"$@"} "$cn_dir"
		cc_k=$((cc_k - 1))
	done
	cc_stat=$(stat_path) ||
	    die 1 "compare: smpb-stat, its statistics program, is not built (run make)"
	# compare reads no run's tables or errors: they are not copied.
	# shellcheck disable=SC2034 # SNAP_FILES: run_dirs's (lib/runs.sh)
	SNAP_FILES="env host complete incomplete"
	run_dirs "$@"
	name_runs
	# shellcheck disable=SC2086 # the workloads, split on purpose
	need_lib compare compare-runs compare-check compare-host \
	    compare-verdict compare-table compare-notes compare-head \
	    compare-headline compare-p compare-ss stat reproduce $WORKLOADS
	# compare's own files, in the snapshot's private directory, which the
	# driver removes when it exits (smpbench_exit).
	cc_tmp=$SMPB_SNAP/compare
	mkdir "$cc_tmp" || die 1 "compare: cannot make a temporary directory"
	: >"$cc_tmp/facts"
	# Runs that cannot be compared at all (the same run twice, another
	# profile), unless -f: one line, before any table.
	compare_awk -v head=1 -v check_only=1 </dev/null
	cc_rc=$?
	case $cc_rc in
	0) ;;
	4) exit 1 ;;
	*) failed "$cc_rc" awk "cannot compare these runs" ;;
	esac
	compare_tables
	[ "$cc_n" -gt 0 ] || [ "$cc_status" -ne 0 ] || [ -z "$opt_workload" ] ||
	    die 1 "compare: $opt_workload was not saved in two of these runs"
	[ "$cc_n" -gt 0 ] || [ "$cc_status" -ne 0 ] ||
	    die 1 "compare: no workload was saved in two of these runs"
	# The header once, the headline, the tables; with the hooks of a
	# workload the runs hold.
	cc_w=$cc_first
	compare_awk -v head=1 -v facts_file="$cc_tmp/facts" \
	    -v headline="$cc_tmp/headline" >"$cc_tmp/head" </dev/null ||
	    failed "$?" awk "cannot compare these runs"
	reproduce_line >"$cc_tmp/reproduce" ||
	    failed "$?" awk "cannot say how these runs were made"
	compare_print
	return "$cc_status"
}

# column_name OPERAND: an operand NAME=DIR, the run DIR named NAME at
# compare time, or a run's directory alone: DIR in cn_dir, NAME (or an
# empty line) added to cc_names. An operand whose first '=' has a '/'
# before it (./a=b), or none at all, or nothing (=b), is a directory.
column_name() {
	cn_dir=$1 cn_name=
	case $1 in
	*=*)
		case ${1%%=*} in
		'' | */*) ;;
		*) cn_name=${1%%=*} cn_dir=${1#*=} ;;
		esac
		;;
	esac
	case $cn_name in
	*["$CTRL_CHARS"]* | *"$NL"*)
		usage_error "compare: '$(printable "$1")': a column name with a control character"
		;;
	esac
	[ -z "$cn_name" ] || [ -e "$cn_dir" ] || [ ! -d "$1" ] ||
	    usage_error "compare: '$(printable "$1")' names a column $(printable "$cn_name") of $(printable "$cn_dir"), which is not there; the directory itself is ./$(printable "$1")"
	[ -n "$cn_dir" ] ||
	    usage_error "compare: '$(printable "$1")': which saved run is $(printable "$cn_name")?"
	# A name for each run the operand holds (a directory of runs: all).
	run_operands "$cn_dir"
	while [ -n "$ro_runs" ]; do
		cc_names=$cc_names$cn_name$NL
		ro_runs=${ro_runs#*"$NL"}
	done
}

# name_runs: each run named at compare time (cc_names, a line a run of
# the runs read, SMPB_RUNS's snapshots, in order) labelled so in its
# snapshot's env, which compare reads: the column its runs pool into is
# named so, the run untouched.
name_runs() {
	nr_names=$cc_names
	while IFS= read -r nr_d; do
		nr_name=${nr_names%%"$NL"*}
		nr_names=${nr_names#*"$NL"}
		if [ -z "$nr_name" ] || [ -z "$nr_d" ]; then
			continue
		fi
		if ! awk -v l="$nr_name" '!/^label=/ { print } END { print "label=" l }' \
		    "$nr_d/env" >"$nr_d/env.named" ||
		    ! mv "$nr_d/env.named" "$nr_d/env"; then
			die 1 "compare: cannot name $(printable "$nr_name") in a copy of its run"
		fi
	done <"$SMPB_RUNS"
}

# compare_options ARGS...: compare's options, into opt_force,
# opt_parsable, opt_verbose, opt_workload and cc_t (the threshold, a
# percentage, where -t gave one: else smpb-stat's own); opt_words, ARGS
# with the options first (opt_order), and OPTIND past them. A bad one is
# a usage error.
compare_options() {
	opt_force=0
	opt_parsable=0
	unset opt_threshold
	opt_verbose=0
	opt_workload=
	opt_bad=
	cc_opts=:fhpt:vw:
	opt_order "$cc_opts" ${1+"$@"}
	# shellcheck disable=SC2154 # opt_words: opt_order's
	eval "set -- $opt_words"
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
	cc_t=
	[ -z "${opt_threshold+set}" ] || cc_t=$(percent "$opt_threshold") ||
	    usage_error "compare: -t: '$(printable "$opt_threshold")' is not a percentage (0..100)"
	if [ -n "$opt_workload" ]; then
		is_workload "$opt_workload" ||
		    usage_error "compare: -w: '$(printable "$opt_workload")' is not a workload ($WORKLOADS)"
	fi
}

# compare_tables: each table (a workload's figure, then its why figures
# where it has a mark, or with -v or -p), into a file of its own, in
# order, of each workload a run holds; what each says of itself for the
# header and the headline, into facts. Sets cc_n (the tables),
# cc_status (1 where some data was bad or a workload not comparable) and
# cc_first (the first workload held).
compare_tables() {
	cc_n=0
	cc_status=0
	cc_first=
	for cc_w in ${opt_workload:-$WORKLOADS}; do
		held "$cc_w" || continue
		cc_first=${cc_first:-$cc_w}
		# ss: the kernel's counters, as a table, not as -p lines.
		for cc_m in "" $(workload_fact "$cc_w" why) ss; do
			[ "$cc_m" != ss ] || [ "$opt_parsable" -eq 0 ] || continue
			[ -z "$cc_m" ] || [ "$opt_verbose" -eq 1 ] ||
			    [ "$opt_parsable" -eq 1 ] ||
			    [ -e "$cc_tmp/marked.$cc_w" ] || continue
			compare_table "$cc_w" "$cc_m" "$((cc_n + 1))"
			cc_rc=$?
			case $cc_rc in
			0) cc_n=$((cc_n + 1)) ;;
			3) cc_n=$((cc_n + 1)); cc_status=1 ;;
			4) cc_status=1 ;;
			5 | 6) ;;
			*) failed "$cc_rc" awk "cannot compare $cc_w" ;;
			esac
		done
		why_folded "$cc_w" "$((cc_n + 1))" && cc_n=$((cc_n + 1))
	done
}

# compare_awk ARGS...: compare.awk with the options of this compare
# (and the hooks of the first workload: the header reads none).
compare_awk() {
	awk_workload "${cc_w:-${WORKLOADS%% *}}" compare -v force="$opt_force" \
	    -v threshold="$cc_t" \
	    -v verbose="$opt_verbose" -v parsable="$opt_parsable" \
	    -v stat="$cc_stat" -v tmp="$cc_tmp" ${1+"$@"}
}

# compare_table WORKLOAD METRIC N: the N-th table, of WORKLOAD's figure
# (METRIC "") or of one of its why figures, into $cc_tmp/table.N; the
# status of compare.awk: 0, 3 (bad data, left out), 4 (not comparable),
# 5 (fewer than two of the runs hold it).
compare_table() {
	compare_awk -v metric="$2" -v facts_file="$cc_tmp/facts" \
	    >"$cc_tmp/table.$3" </dev/null
}

# held WORKLOAD: true when a run compared holds WORKLOAD's figures (a
# raw/WORKLOAD that is not empty): none of its awk is loaded otherwise.
held() {
	while IFS= read -r hd_d; do
		[ -n "$hd_d" ] && [ -s "$hd_d/raw/$1" ] && return 0
	done <"$SMPB_RUNS"
	return 1
}

# why_folded WORKLOAD N: the why tables of WORKLOAD that had no mark in
# the rows its own table marked (compare.awk's why_folded()), said in one
# line, the N-th table; false where there are none.
why_folded() {
	[ -s "$cc_tmp/fold.$1" ] || return 1
	wf_names=
	while IFS= read -r wf_name; do
		wf_names="$wf_names${wf_names:+ nor the }$wf_name"
	done <"$cc_tmp/fold.$1"
	compare_awk -v text="$1: no mark in the $wf_names of the rows marked above (-v: the table)." \
	    -v wrap_only=1 >"$cc_tmp/table.$2" </dev/null
}

# compare_print: the header, the headline, the tables, the line to
# rerun it all (reproduce_line), a blank line apart; with -p, the
# verdict lines after the header's doubts, as comments, and the line to
# rerun as the last comment. A reader that goes away ends it quietly
# (to_out).
compare_print() {
	if [ "$opt_parsable" -eq 1 ]; then
		to_out cat "$cc_tmp/head"
		cp_k=1
		while [ "$cp_k" -le "$cc_n" ]; do
			to_out cat "$cc_tmp/table.$cp_k"
			cp_k=$((cp_k + 1))
		done
		to_out sed 's/^/# /' "$cc_tmp/reproduce"
		return 0
	fi
	cp_files=$cc_tmp/head
	[ -s "$cc_tmp/headline" ] && cp_files="$cp_files $cc_tmp/headline"
	cp_k=1
	while [ "$cp_k" -le "$cc_n" ]; do
		cp_files="$cp_files $cc_tmp/table.$cp_k"
		cp_k=$((cp_k + 1))
	done
	[ -s "$cc_tmp/reproduce" ] && cp_files="$cp_files $cc_tmp/reproduce"
	# shellcheck disable=SC2086 # files of our own directory
	to_out awk 'FNR == 1 && NR > 1 { print "" } { print }' $cp_files
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
