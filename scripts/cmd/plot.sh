# shellcheck shell=sh
# cmd/plot.sh: smpbench plot: draw the runs with gnuplot, or write the
# data and the gnuplot scripts and say how to draw them.

# shell_quote TEXT: TEXT quoted for sh.
shell_quote() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# plot_file DIR NAME EXT WORKLOAD KIND SERIES: write DIR/NAME.EXT (EXT dat
# or gp), the picture NAME of the series SERIES, made by plot.awk from
# the runs in SMPB_RUNS.
plot_file() {
	pf_tmp=$1/.$2.$3.tmp
	if awk_workload "$4" plot -v kind="$5" -v part="$3" \
	    -v name="$2" -v series="$6" </dev/null >"$pf_tmp" 2>/dev/null &&
	    mv -f "$pf_tmp" "$1/$2.$3" 2>/dev/null; then
		return 0
	fi
	rm -f "$pf_tmp"
	die 1 "cannot write $(printable "$1/$2.$3")"
}

# render_plot DIR NAME: gnuplot draws DIR/NAME.png from DIR/NAME.gp.
render_plot() {
	rp_var=out_$(printf '%s' "$2" | tr - _)
	rp_err=$(cd "$1" 2>&1 &&
	    gnuplot -e "$rp_var='.$2.png.tmp'" "$2.gp" 2>&1 </dev/null)
	if [ -s "$1/.$2.png.tmp" ] && mv -f "$1/.$2.png.tmp" "$1/$2.png"; then
		return 0
	fi
	rm -f "$1/.$2.png.tmp"
	die 1 "gnuplot could not draw $(printable "$1/$2.png"): $(printf '%s\n' "$rp_err" |
	    grep . | tail -n 1 | cut -c 1-200)"
}

# plot_list: the plots of the runs in SMPB_RUNS, as name:workload:kind in
# cp_plots, each workload's plots (plots_<w>: its figure, against N or
# as a matrix, and the latency percentiles of runs made with -l), the
# curves first, then the maps; the workloads that have plots in cp_have.
plot_list() {
	cp_plots=
	cp_have=
	for pl_shape in curve map; do
		for pl_w in $WORKLOADS; do
			pl_kinds=$("plots_$pl_w" "$pl_shape")
			[ -n "$pl_kinds" ] || continue
			cp_have="$cp_have $pl_w"
			any_raw "$pl_w" ' rep=' || continue
			for pl_k in $pl_kinds; do
				case $pl_k in
				figure) cp_plots="$cp_plots $pl_w:$pl_w:figure" ;;
				latency)
					any_raw "$pl_w" ' lat_p50_us=' &&
					    cp_plots="$cp_plots $pl_w-latency:$pl_w:latency"
					;;
				esac
			done
		done
	done
}

# and_list WORD...: the words as a list in prose, "a, b and c".
and_list() {
	al_text=$1
	shift
	while [ $# -gt 1 ]; do
		al_text="$al_text, $1"
		shift
	done
	[ $# -eq 0 ] || al_text="$al_text and $1"
	printf '%s\n' "$al_text"
}

cmd_plot() {
	opt_out=
	opt_o_set=0
	opt_bad=
	cp_opts=:ho:
	eval "set -- $(opt_order "$cp_opts" ${1+"$@"})"
	OPTIND=1
	while getopts "$cp_opts" opt; do
		case $opt in
		o) opt_out=$OPTARG opt_o_set=1 ;;
		h) opt_bad=h; break ;;
		*) opt_bad=$opt${OPTARG-}; break ;;
		esac
	done
	opt_check plot "$cp_opts" "$opt_bad"
	shift $((OPTIND - 1))
	[ "$opt_o_set" -eq 1 ] && [ -z "$opt_out" ] &&
	    usage_error "plot: -o: needs a directory"
	[ $# -ge 1 ] || usage_error "plot: which saved runs?"
	run_list "$@"
	# shellcheck disable=SC2086 # the workloads, split on purpose
	need_lib plot $WORKLOADS
	plot_list
	# shellcheck disable=SC2086 # the workloads, split on purpose
	[ -n "$cp_plots" ] ||
	    die 1 "plot: nothing to plot in these runs ($(and_list $cp_have) have plots)"
	cp_dir=$(path_arg "${opt_out:-$1/plots}")
	# A saved run is data: its plots/ is not followed elsewhere.
	[ -z "$opt_out" ] && [ -h "$cp_dir" ] &&
	    die 1 "$(printable "$cp_dir") is a link: name a directory with -o"
	cp_err=$(mkdir -p "$cp_dir" 2>&1) ||
	    die 1 "cannot create $(printable "$cp_dir"): ${cp_err##*: }"
	cp_names=
	for cp_p in $cp_plots; do
		cp_n=${cp_p%%:*}
		cp_w=${cp_p#*:}
		cp_k=${cp_w#*:}
		cp_w=${cp_w%:*}
		# Its pictures, each of a legend that reads (plot.awk).
		cp_pics=$(awk_workload "$cp_w" plot -v kind="$cp_k" -v part=list \
		    -v name="$cp_n" </dev/null) ||
		    die 1 "cannot lay out the $cp_n plot"
		while read -r cp_pn cp_series; do
			[ -n "$cp_pn" ] || continue
			plot_file "$cp_dir" "$cp_pn" dat "$cp_w" "$cp_k" "$cp_series"
			plot_file "$cp_dir" "$cp_pn" gp "$cp_w" "$cp_k" "$cp_series"
			cp_names="$cp_names $cp_pn"
		done <<EOF_PICS
$cp_pics
EOF_PICS
	done
	if ! command -v gnuplot >/dev/null 2>&1; then
		cp_cmd="cd $(shell_quote "$cp_dir") &&"
		cp_cmd="$cp_cmd gnuplot"
		for cp_n in $cp_names; do
			cp_cmd="$cp_cmd $cp_n.gp"
		done
		say "gnuplot is not installed: the data and gnuplot scripts are in $(printable "$cp_dir"); to draw them:"
		printf '%s\n' "$cp_cmd"
		return 0
	fi
	for cp_n in $cp_names; do
		render_plot "$cp_dir" "$cp_n"
		printf '%s\n' "$cp_dir/$cp_n.png"
	done
}

