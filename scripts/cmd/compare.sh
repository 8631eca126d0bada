# shellcheck shell=sh
# cmd/compare.sh: smpbench compare: one report of saved runs: a header
# said once, a headline of what changed, each workload side by side, one
# column per name (runs that share a label, or a kernel release, pool
# into one), then its why figures where it has a mark (every one with
# -v); or, with -p, the same verdicts as key=value lines. compare.awk
# makes each table, the header and the headline; smpb-stat decides what
# they say (the checks of the runs, the hosts' speeds, every verdict).

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
	need_stat compare
	# compare reads no run's tables or errors: they are not copied.
	# shellcheck disable=SC2034 # SNAP_FILES: run_dirs's (lib/runs.sh)
	SNAP_FILES="env host complete incomplete"
	run_dirs "$@"
	name_runs
	# shellcheck disable=SC2086 # the workloads, split on purpose
	need_lib compare compare-reset compare-runs compare-check \
	    compare-host compare-verdict compare-table compare-notes \
	    compare-head compare-headline compare-p compare-ss compare-plan \
	    stat reproduce $WORKLOADS
	compare_plan
	compare_files
	compare_report
	case $cc_rc in
	0) cc_status=0 ;;
	3) cc_status=1 ;;
	4 | 8) exit 1 ;;
	7)
		[ -z "$opt_workload" ] ||
		    die 1 "compare: $opt_workload was not saved in two of these runs"
		die 1 "compare: no workload was saved in two of these runs"
		;;
	*) failed "$cc_rc" awk "cannot compare these runs" ;;
	esac
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
		if ! env_named "$nr_d/env" "$nr_name" >"$nr_d/env.named" ||
		    ! mv "$nr_d/env.named" "$nr_d/env"; then
			die 1 "compare: cannot name $(printable "$nr_name") in a copy of its run"
		fi
	done <"$SMPB_RUNS"
}

# env_named ENV NAME: the env file ENV with its label, if any, left out
# and label=NAME last.
env_named() {
	while IFS= read -r en_l || [ -n "$en_l" ]; do
		case $en_l in
		label=*) ;;
		*) printf '%s\n' "$en_l" ;;
		esac
	done <"$1" && printf 'label=%s\n' "$2"
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

# compare_plan: the tables of the report, in order, in cc_plan (and
# the workloads whose hooks are loaded in cc_hooked): for
# each workload a run holds (of -w's alone), "W", its table, then
# "W:M" for each of its why figures M (compare.awk prints those only
# where W's table has a mark, or with -v or -p) and "W:ss", the kernel's
# counters (not with -p).
compare_plan() {
	cc_plan=
	cc_hooked=${WORKLOADS%% *}
	for cc_w in ${opt_workload:-$WORKLOADS}; do
		held "$cc_w" || continue
		cc_plan="$cc_plan $cc_w"
		[ "$cc_w" = "$cc_hooked" ] || cc_hooked="$cc_hooked $cc_w"
		for cc_m in $(workload_fact "$cc_w" why) ss; do
			[ "$cc_m" != ss ] || [ "$opt_parsable" -eq 0 ] ||
			    continue
			cc_plan="$cc_plan $cc_w:$cc_m"
		done
	done
}

# compare_report: the report, made by one awk (compare.awk: every table
# judged by smpb-stat, in two rounds, then the header, the headline
# and the line to rerun it) and printed at its end; its status in
# cc_rc. Its output lost: as to_out says (exit 141 where the reader
# has gone; else one line, exit 1). What it says on stderr, said.
compare_report() {
	# Waited for, not read through $(...): a signal's trap then runs at
	# once, and the driver's end (smpbench_exit) stops the awk
	# (SMPB_CHILD), whose smpb-stat ends with its input.
	# shellcheck disable=SC2034 # awk_exec: awk_run's (lib/common.sh)
	(awk_exec=1 && compare_awk 2>"$cc_tmp/stderr") &
	SMPB_CHILD=$!
	wait_child "$SMPB_CHILD"
	# shellcheck disable=SC2154 # wc_rc: wait_child's (lib/child.sh)
	cc_rc=$wc_rc
	SMPB_CHILD=
	cc_err=
	while IFS= read -r cc_l || [ -n "$cc_l" ]; do
		cc_err=$cc_err${cc_err:+$NL}$cc_l
	done <"$cc_tmp/stderr"
	# Where the awk failed, or said nothing of bad data, runs not
	# comparable or a header not made, its stderr may be what was lost.
	case $cc_rc in
	0 | 7 | 141 | 397) ;;
	3 | 4 | 9) [ -n "$cc_err" ] || tmp_lost ;;
	*) tmp_lost ;;
	esac
	case $cc_rc in
	0 | 3 | 4 | 7 | 8 | 9) ;;
	141 | 397) exit 141 ;;
	*)
		out_open || die 1 "cannot write to standard output (it is closed)"
		cc_last=${cc_err##*"$NL"}
		case $cc_last in
		*write* | *stdout* | *"standard output"*)
			case $cc_last in
			*\)) cc_last=${cc_last%\)} cc_last=${cc_last##*\(} ;;
			*) cc_last=${cc_last##*: } ;;
			esac
			die 1 "cannot write to standard output${cc_last:+ ($cc_last)}"
			;;
		esac
		;;
	esac
	[ -z "$cc_err" ] || printf '%s\n' "$cc_err" >&2
}

# compare_files: compare's own files, in the snapshot's private
# directory (cc_tmp), which the driver removes when it exits
# (smpbench_exit): every workload's hooks, the files of smpb-stat's
# answers, one a round of judging, and of its awk's stderr, made here,
# so that one that cannot be is said here: why, where TMPDIR cannot be
# written (tmp_lost; the shell's own words, a line a printf in a full
# TMPDIR, are not said), and a hook that cannot be read.
compare_files() {
	# shellcheck disable=SC2153 # SMPB_SNAP: snap_begin's (lib/runs.sh)
	cc_tmp=$SMPB_SNAP/compare
	for cc_w in $cc_hooked; do
		[ -r "$SMPB_LIB/workloads/$cc_w.awk" ] ||
		    die 1 "compare: cannot read $SMPB_LIB/workloads/$cc_w.awk"
	done
	if ! mkdir "$cc_tmp" 2>/dev/null ||
	    ! compare_hooks >"$cc_tmp/hooks.awk" 2>/dev/null ||
	    ! { true >"$cc_tmp/answers1" && true >"$cc_tmp/answers2" &&
	    true >"$cc_tmp/stderr"; } 2>/dev/null; then
		tmp_lost
		die 1 "compare: cannot make a temporary directory"
	fi
}

# tmp_lost: where compare's temporary files can no longer be written
# (a full disk: smpb-stat's answers, the awk's stderr end short), die
# saying so and why, found by writing a file beside them; true where one
# can be.
tmp_lost() {
	tl_why=$(why_unwritable "$cc_tmp")
	case $tl_why in
	'write error'*) return 0 ;;
	esac
	die 1 "compare: cannot write its temporary files in" \
	    "${SMPB_SNAP%/*} ($tl_why)"
}

# compare_awk: compare.awk with every workload's hooks (compare_hooks),
# the options of this compare and its plan (compare_plan).
compare_awk() {
	awk_run -f "$SMPB_LIB/awk/workload.awk" -f "$cc_tmp/hooks.awk" \
	    -f "$SMPB_LIB/awk/compare-reset.awk" \
	    -f "$SMPB_LIB/awk/compare-runs.awk" \
	    -f "$SMPB_LIB/awk/compare-check.awk" \
	    -f "$SMPB_LIB/awk/stat.awk" \
	    -f "$SMPB_LIB/awk/compare-host.awk" \
	    -f "$SMPB_LIB/awk/compare-verdict.awk" \
	    -f "$SMPB_LIB/awk/compare-table.awk" \
	    -f "$SMPB_LIB/awk/compare-notes.awk" \
	    -f "$SMPB_LIB/awk/compare-head.awk" \
	    -f "$SMPB_LIB/awk/compare-headline.awk" \
	    -f "$SMPB_LIB/awk/compare-p.awk" \
	    -f "$SMPB_LIB/awk/compare-ss.awk" \
	    -f "$SMPB_LIB/awk/compare-plan.awk" \
	    -f "$SMPB_LIB/awk/reproduce.awk" \
	    -f "$SMPB_LIB/awk/compare.awk" -v force="$opt_force" \
	    -v threshold="$cc_t" -v verbose="$opt_verbose" \
	    -v parsable="$opt_parsable" -v stat="$SMPB_STAT" \
	    -v tmp="$cc_tmp" -v plan="$cc_plan" \
	    -v check_with="${WORKLOADS%% *}" \
	    -v reproduce="${SMPB_REPRODUCE:-1}" \
	    -v version="$(suite_version)" -v command="$SMPB_COMMAND" </dev/null
}

# compare_hooks: the hooks (workloads/W.awk) of every workload compared
# and of the first (whose hooks check the runs: cc_hooked, compare_plan)
# in one awk file, for compare's one awk: each hook a workload defines
# renamed W__HOOK, and each HOOK calling the one of the workload
# compared (-v workload, which compare.awk sets for each table). One sed
# renames them in every file, each file after a line of its own that
# names its workload ("#@W W", a file of cc_tmp's), kept in the hold
# space (the shell's read would take a byte a call).
compare_hooks() {
	ch_lib=$SMPB_LIB
	case $ch_lib in
	-*) ch_lib=./$ch_lib ;;
	esac
	set --
	for ch_w in $cc_hooked; do
		printf '#@W %s\n' "$ch_w" >"$cc_tmp/hooks.$ch_w" || return 1
		set -- ${1+"$@"} "$cc_tmp/hooks.$ch_w" \
		    "$ch_lib/workloads/$ch_w.awk"
	done
	{
		printf '/^#@W /{\ns/^#@W //\nh\nd\n}\n'
		for ch_h in $CC_HOOKS; do
			ch_h=${ch_h%%:*}
			printf '/^function %s(/{\nG\n' "$ch_h"
			printf 's/^function %s(\\(.*\\)\\n\\(.*\\)$/' "$ch_h"
			printf 'function \\2__%s(\\1/\n}\n' "$ch_h"
		done
	} >"$cc_tmp/hooks.sed" || return 1
	sed -f "$cc_tmp/hooks.sed" ${1+"$@"} || return 1
	# The last file's last line ended, were it not (sed keeps it so).
	echo
	for ch_h in $CC_HOOKS; do
		ch_a=${ch_h#*:}
		printf 'function %s(%s) {\n' "${ch_h%%:*}" "$ch_a"
		for ch_w in $cc_hooked; do
			printf '\tif (workload == "%s")\n\t\treturn %s__%s(%s)\n' \
			    "$ch_w" "$ch_w" "${ch_h%%:*}" "$ch_a"
		done
		printf '}\n'
	done
}

# CC_HOOKS: the hooks a workload's awk file defines, each NAME:ARGS.
CC_HOOKS='facts:D figure: why_wait: row_key:pn,l2 why_line: why_table:'

# held WORKLOAD: true when a run compared holds WORKLOAD's figures (a
# raw/WORKLOAD that is not empty): none of its awk is loaded otherwise.
# The runs are the snapshots (lib/runs.sh's snap_plan names them), found
# by a pattern, not read from their list, SMPB_RUNS (the shell's read
# takes a byte a call).
held() {
	for hd_f in "$SMPB_SNAP"/*."$$"/raw/"$1"; do
		[ -s "$hd_f" ] && return 0
	done
	return 1
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
