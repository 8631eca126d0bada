# shellcheck shell=sh
# cmd/env.sh: smpbench env: print what a run would record, the machine's
# state now by the measures a run waits on before it starts (see
# lib/host.sh), and warn about what makes figures unreliable.

# shellcheck disable=SC2034,SC2154 # sweep for choose_places(), its places
cmd_env() {
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
	opt_check env :h "$opt_bad"
	shift $((OPTIND - 1))
	[ $# -eq 0 ] || usage_error "env: unexpected operand '$(printable "$1")'"
	# What "smpbench run" would record, with its defaults.
	ce_built=
	for ce_w in $WORKLOADS; do
		prog_path "$ce_w" && ce_built="$ce_built $ce_w"
	done
	placement
	sweep=quick
	choose_places ""
	# The machine now, by the measures a run waits on, over one window.
	ce_now="unknown unknown unknown"
	if [ -r "$SMPB_ROOT/proc/stat" ]; then
		# shellcheck disable=SC2046 # the look's words
		set -- $(quiet_look 0 0)
		[ $# -eq 6 ] && ce_now="$1 $2 $3"
	fi
	ce_env=$(
		capture_env
		run_keys quick "$REPEATS_DEFAULT" 0 "" "" "${ce_built# }" "$places"
		# shellcheck disable=SC2086 # three words
		set -- $ce_now
		printf 'settle_procs_running=%s\n' "$1"
		printf 'settle_psi_some_pct=%s\n' "$2"
		printf 'settle_busy_cpus=%s\n' "$3"
	)
	to_out printf '%s\n' "$ce_env"
	env_warnings <<EOF_ENV
$ce_env
EOF_ENV
	[ -n "$topo_note" ] && say "note: $topo_note"
	return 0
}

