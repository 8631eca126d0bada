# shellcheck shell=sh
# cmd/plot.sh: smpbench plot: draw the runs with gnuplot, or write the
# data and the gnuplot scripts and say how to draw them.

# shell_quote TEXT: TEXT quoted for sh.
shell_quote() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# plot_dir DIR: make the directory the plots go into, new: DIR (its
# parents made as needed), or with DIR empty plots in the current
# directory (plots-2, plots-3... when that is taken); set cp_dir to it.
# Nothing is written into a directory that exists, a saved run's
# included (a run is a stranger's: a link planted in it would be written
# through), nor where another user could change what the way to it
# leads to (out_dir, dir_safe: lib/dirs.sh), and nobody else may write
# into the one made (the umask, cmd_plot's): the plots, and gnuplot's
# temporary names, are written by name in it.
# shellcheck disable=SC2154 # od_made, ds_why: out_dir's, dir_safe's
plot_dir() {
	if [ -n "$1" ]; then
		cp_dir=$(path_arg "$1")
		if [ -e "$cp_dir" ] || [ -h "$cp_dir" ]; then
			die 1 "plot: $1 exists: the plots go into a new directory (name one with -o)"
		fi
		out_dir "$cp_dir" "-o $1" plot
		[ "$od_made" -eq 1 ] ||
		    die 1 "plot: $1 exists: the plots go into a new directory (name one with -o)"
		return 0
	fi
	dir_safe "$PWD" ||
	    die 1 "plot: plots here: refused: $ds_why (name a directory with -o)"
	pdir_k=1
	cp_dir=plots
	until pdir_err=$(mkdir "$cp_dir" 2>&1); do
		if [ ! -e "$cp_dir" ] && [ ! -h "$cp_dir" ]; then
			die 1 "plot: cannot create $cp_dir here: ${pdir_err##*: } (name a directory with -o)"
		fi
		pdir_k=$((pdir_k + 1))
		[ "$pdir_k" -le 99 ] ||
		    die 1 "plot: plots to plots-99 exist here (name a new directory with -o)"
		cp_dir=plots-$pdir_k
	done
}

# plot_shape WORKLOAD: the shape of its plots, curve or map (a heat
# map), the first word of its fact plots, for plot.awk, in ps_shape (no
# subshell).
plot_shape() {
	plot_fact "$1"
	# shellcheck disable=SC2086 # the fact's words
	set -- $pf_words
	ps_shape=${1-}
}

# plot_fact WORKLOAD: its fact plots (workload_fact's, read here with no
# subshell), in pf_words.
plot_fact() {
	pf_words=
	eval "pf_words=\${plots_$1-}"
}

# plot_file DIR NAME EXT WORKLOAD KIND SERIES: write DIR/NAME.EXT (EXT dat
# or gp), the picture NAME of the series SERIES, made by plot.awk from
# the runs in SMPB_RUNS, through a temporary name made with noclobber
# (set -C: a file that is there is not written to).
plot_file() {
	pf_tmp=$1/.$2.$3.tmp
	plot_shape "$4"
	if (set -C && awk_workload "$4" plot -v kind="$5" -v part="$3" \
	    -v shape="$ps_shape" -v name="$2" -v series="$6" \
	    </dev/null >"$pf_tmp") 2>/dev/null &&
	    mv -f "$pf_tmp" "$1/$2.$3" 2>/dev/null; then
		return 0
	fi
	rm -f "$pf_tmp" 2>/dev/null
	die 1 "cannot write $1/$2.$3"
}

# render_plot DIR NAME: gnuplot draws DIR/NAME.png from DIR/NAME.gp.
render_plot() {
	# gnuplot's variable: out_NAME, each - of NAME a _.
	rp_var=out_ rp_n=$2
	while :; do
		case $rp_n in
		*-*) rp_var=$rp_var${rp_n%%-*}_ rp_n=${rp_n#*-} ;;
		*) break ;;
		esac
	done
	rp_var=$rp_var$rp_n
	rp_err=$(cd "$1" 2>&1 &&
	    gnuplot -e "$rp_var='.$2.png.tmp'" "$2.gp" 2>&1 </dev/null)
	if [ -s "$1/.$2.png.tmp" ] && mv -f "$1/.$2.png.tmp" "$1/$2.png"; then
		return 0
	fi
	rm -f "$1/.$2.png.tmp" 2>/dev/null
	die 1 "gnuplot could not draw $1/$2.png: $(printf '%s\n' "$rp_err" |
	    grep . | tail -n 1 | cut -c 1-200)"
}

# plot_list: the plots of the runs in SMPB_RUNS, as name:workload:kind in
# cp_plots, each workload's plots (its fact plots: its figure, against N
# or as a matrix, and the latency percentiles of runs made with -l), the
# curves first, then the maps; the workloads that have plots in cp_have.
# The runs that are incomplete are said first (plot.awk's legends say so
# too).
plot_list() {
	note_incomplete_runs
	cp_plots=
	cp_have=
	for pl_shape in curve map; do
		for pl_w in $WORKLOADS; do
			plot_fact "$pl_w"
			# shellcheck disable=SC2086 # the fact's words
			set -- $pf_words
			[ "${1:-}" = "$pl_shape" ] || continue
			shift
			pl_kinds=$*
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
	andl_text=$1
	shift
	while [ $# -gt 1 ]; do
		andl_text="$andl_text, $1"
		shift
	done
	[ $# -eq 0 ] || andl_text="$andl_text and $1"
	printf '%s\n' "$andl_text"
}

cmd_plot() {
	opt_out=
	opt_o_set=0
	opt_bad=
	cp_opts=:ho:
	opt_order "$cp_opts" ${1+"$@"}
	# shellcheck disable=SC2154 # opt_words: opt_order's
	eval "set -- $opt_words"
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
	case $opt_out in
	*["$CTRL_CHARS"]*)
		usage_error "plot: -o: a directory name with a control character"
		;;
	esac
	[ $# -ge 1 ] || usage_error "plot: which saved runs?"
	need_stat plot && run_dirs "$@"
	# shellcheck disable=SC2086 # the workloads, split on purpose
	need_lib plot plot-gp $WORKLOADS
	plot_list
	# shellcheck disable=SC2086 # the workloads, split on purpose
	[ -n "$cp_plots" ] ||
	    die 1 "plot: nothing to plot in these runs ($(and_list $cp_have) have plots)"
	# cd (render_plot) goes where it is told, whatever CDPATH says.
	unset CDPATH
	# What plot makes, none but its user can write, whatever the umask
	# allows: a directory of it open to others could be swapped while
	# plot writes in it.
	umask go-w
	plot_dir "$opt_out"
	cp_names=
	for cp_p in $cp_plots; do
		cp_n=${cp_p%%:*}
		cp_w=${cp_p#*:}
		cp_k=${cp_w#*:}
		cp_w=${cp_w%:*}
		# Its pictures, each of a legend that reads (plot.awk).
		cp_pics=$(plot_shape "$cp_w" && awk_workload "$cp_w" plot \
		    -v kind="$cp_k" -v part=list -v shape="$ps_shape" -v name="$cp_n" </dev/null) ||
		    failed "$?" awk "cannot lay out the $cp_n plot"
		while read -r cp_pn cp_series; do
			[ -n "$cp_pn" ] || continue
			plot_file "$cp_dir" "$cp_pn" dat "$cp_w" "$cp_k" "$cp_series"
			plot_file "$cp_dir" "$cp_pn" gp "$cp_w" "$cp_k" "$cp_series"
			cp_names="$cp_names $cp_pn"
		done <<EOF_PICS
$cp_pics
EOF_PICS
	done
	plot_render
}

# plot_render: draw the plots written (cp_names, in cp_dir) with
# gnuplot, each picture's path on stdout; without gnuplot, the command
# that would draw them, and a line that says so.
plot_render() {
	if ! command -v gnuplot >/dev/null 2>&1; then
		cp_cmd="cd $(shell_quote "$cp_dir") &&"
		cp_cmd="$cp_cmd gnuplot"
		for cp_n in $cp_names; do
			cp_cmd="$cp_cmd $cp_n.gp"
		done
		to_out printf '%s\n' "$cp_cmd"
		say "gnuplot is not installed: the data and gnuplot scripts are in $cp_dir; the command above draws them"
		return 0
	fi
	for cp_n in $cp_names; do
		render_plot "$cp_dir" "$cp_n"
		to_out printf '%s\n' "$cp_dir/$cp_n.png"
	done
}

