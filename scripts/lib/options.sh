# shellcheck shell=sh
# lib/options.sh: the options of every subcommand. Sourced by smpbench,
# after lib/common.sh, never run.
#
# Each subcommand parses its options with a getopts loop of its own,
# calling no function inside it (posh loses its place in the arguments
# when one is called), and hands what it did not take to opt_check.
# Before the loop, opt_order moves the options that follow an operand
# (smpbench run ring -l x) before the operands, as getopts wants them:
#
#	opt_order "$opts" ${1+"$@"}
#	eval "set -- $opt_words"
#	OPTIND=1
#	while getopts "$opts" opt; do
#		case $opt in
#		r) opt_rebuild=1 ;;
#		h) opt_bad=h; break ;;
#		*) opt_bad=$opt${OPTARG-}; break ;;
#		esac
#	done
#	opt_check show "$opts" "$opt_bad"
#	shift $((OPTIND - 1))

# opt_order OPTSTRING ARG...: the arguments, each quoted for eval, in
# opt_words (a variable: no subshell for every command), in the order
# getopts takes them: first every option, as a getopts loop
# over OPTSTRING reads it (a cluster -fq as -f -q, an option's argument,
# joined or the next word, beside it: -lx as -l x), then --, then the
# operands in their order. "--" ends the options: every word after it
# is an operand; so is "-" alone. An option OPTSTRING does not know is
# kept as an option, for the loop to report; one missing its argument
# comes last, alone after the options, for the loop to say so.
# shellcheck disable=SC2034 # opt_words: for the command
opt_order() {
	oo_spec=$1
	shift
	oo_opts=
	oo_rest=
	oo_missing=0
	while [ $# -gt 0 ] && [ "$oo_missing" -eq 0 ]; do
		case $1 in
		--)
			shift
			break
			;;
		-?*) ;;
		*)
			opt_quote "$1"
			oo_rest="$oo_rest $oq"
			shift
			continue
			;;
		esac
		oo_c=${1#-}
		shift
		while [ -n "$oo_c" ]; do
			oo_x=${oo_c%"${oo_c#?}"}
			oo_c=${oo_c#?}
			opt_quote "-$oo_x"
			oo_opts="$oo_opts $oq"
			case $oo_x in
			:) continue ;;
			esac
			case $oo_spec in
			*"$oo_x":*) ;;
			*) continue ;;
			esac
			# Its argument: the rest of the word, or the next one.
			if [ -n "$oo_c" ]; then
				opt_quote "$oo_c"
				oo_c=
			elif [ $# -gt 0 ]; then
				opt_quote "$1"
				shift
			else
				oo_missing=1
				break
			fi
			oo_opts="$oo_opts $oq"
		done
	done
	if [ "$oo_missing" -eq 1 ]; then
		opt_words=${oo_opts# }
		return 0
	fi
	for oo_a in ${1+"$@"}; do
		opt_quote "$oo_a"
		oo_rest="$oo_rest $oq"
	done
	opt_words="${oo_opts# } --$oo_rest"
}

# opt_quote TEXT: set oq to TEXT in single quotes, for eval.
opt_quote() {
	oq_s=$1
	oq=\'
	while :; do
		case $oq_s in
		*\'*)
			oq=$oq${oq_s%%"'"*}\'\\\'\'
			oq_s=${oq_s#*"'"}
			;;
		*) break ;;
		esac
	done
	oq=$oq$oq_s\'
}

# opt_check COMMAND OPTSTRING BAD: act on what a getopts loop over
# OPTSTRING (silent, starting with :) left in opt_bad, BAD, before the
# shift: where the loop stopped early, yash leaves OPTIND as "1:2". -h
# prints the command's own help, exit 0; an option missing its argument
# (":X", or "?X" for an X that takes one: posh says "?" for a missing
# argument too) or not known ("?X") is bad usage, exit 2.
opt_check() {
	case $3 in
	'') return 0 ;;
	h) to_out help "$1"; exit 0 ;;
	esac
	oc_c=${3#?}
	oc_why="unknown option"
	case $3 in
	:*) oc_why="needs an argument" ;;
	\??)
		case $2 in
		*"$oc_c":*) oc_why="needs an argument" ;;
		esac
		;;
	esac
	usage_error "$1: $(printable "-$oc_c: $oc_why")"
}
