# shellcheck shell=sh
# cmd/env.sh: smpbench env: print what a run would record, and warn about
# what makes figures unreliable.

# shellcheck disable=SC2034,SC2154 # sweep for choose_places(), its places
cmd_env() {
	opt_bad=
	eval "set -- $(opt_order :h ${1+"$@"})"
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
		prog "$ce_w" >/dev/null && ce_built="$ce_built $ce_w"
	done
	placement
	sweep=quick
	choose_places ""
	ce_env=$(
		capture_env
		run_keys quick "$REPEATS_DEFAULT" 0 "" "" "${ce_built# }" "$places"
	)
	printf '%s\n' "$ce_env"
	printf '%s\n' "$ce_env" | env_warnings
	[ -n "$topo_note" ] && say "note: $topo_note"
	return 0
}

