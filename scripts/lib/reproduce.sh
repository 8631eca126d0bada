# shellcheck shell=sh
# lib/reproduce.sh: how a run and a report say how they were made: the
# command as the user typed it, words quoted so that it can be rerun
# (run saves it in its env, run_command; vm in its runs', vm_command),
# and the line that ends a report, made by awk/reproduce.awk (vm's, awk/vm-closing.awk).
# Sourced by smpbench.

# WORD_CHARS: the characters of a word that the shell reads back as it
# is, unquoted (spelled out: a range would depend on the locale).
WORD_CHARS='abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._,:/=+@%-'

# shell_word WORD: WORD as the shell reads it back, into sw: as it is
# where it is made of WORD_CHARS alone, else in single quotes (a quote
# in it as '\''). It is made printable first (printable: a newline or a
# tab is a blank, a byte past ASCII a ?), as run takes a label or a
# note, so that the line stays one line.
# shellcheck disable=SC2154 # pv, oq: printable_v's, opt_quote's
shell_word() {
	printable_v "$1"
	case $pv in
	'' | *[!"$WORD_CHARS"]*) opt_quote "$pv"; sw=$oq ;;
	*) sw=$pv ;;
	esac
}

# command_line ARGS...: the command, smpbench and ARGS, each a word
# (shell_word), into SMPB_COMMAND; for run and vm, after
# SMPBENCH_SWEEP=SWEEP where the environment sets the sweep, which the
# options do not say.
command_line() {
	SMPB_COMMAND=smpbench
	case ${1:-}:${SMPBENCH_SWEEP:-} in
	run:?* | vm:?*)
		shell_word "$SMPBENCH_SWEEP"
		SMPB_COMMAND="SMPBENCH_SWEEP=$sw smpbench"
		;;
	esac
	for cl_a do
		shell_word "$cl_a"
		SMPB_COMMAND="$SMPB_COMMAND $sw"
	done
}

# vm_closing START END KERNELS LIST: smpbench vm's last two lines, of
# its runs, the directories the file LIST names (one a line, as
# run_dirs hands them over): where its time went, from START to END
# (UTC, date -u +%Y-%m-%dT%H:%M:%SZ), and the line to rerun it (KERNELS:
# how many it named; with two or more it compared them).
vm_closing() {
	SMPB_RUNS=$4
	export SMPB_RUNS
	awk_lib vm-closing -v version="$(suite_version)" \
	    -v command="$SMPB_COMMAND" -v start="$1" -v end="$2" \
	    -v kernels="$3" </dev/null
}
