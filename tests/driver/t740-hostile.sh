# t740-hostile: a saved run from a stranger cannot write, hang or stall
# anything. Copies of a fixture run, each with one thing planted in one of
# its files: a link (to /etc/passwd, to a fifo with no writer, to
# /dev/zero, to /proc/kmsg, to a directory), a fifo, a device, a
# directory, a sparse file beyond any size a run makes; control bytes
# (NUL, ESC, BEL) in env values, raw lines, tables, markers, the names of
# files and the run's own name. The subcommands that read a run (show,
# show -r, compare, export, plot into a new directory) are run over them
# under a time limit that guards against a hang (not a performance
# figure), and each must: end; write nothing but into its output
# directory; print no byte below 0x20 but newline and tab (and export's
# CR before each LF); and exit 0, or exit 1 with one line on stderr naming
# the file it refused.
#
# Under the first shell of SHELLS, every kind in every file: in raw/
# under every subcommand, elsewhere under one of them, in turn (they all
# open a run through the same checks). Under the others, the links and
# fifos in raw/ and the control bytes, under every subcommand.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "runs planted with links, fifos, devices and huge files, every file under every shell"
SB=$PWD/scripts/smpbench
FIX=$PWD/tests/fixtures
T=$TMPDIR_T
need_cmd timeout || skip_all "no timeout: a hang could not be stopped"
need_cmd mkfifo || skip_all "no mkfifo"
# Without gnuplot plot writes its data and scripts only: fast.
PATH=$(path_without gnuplot)
export PATH
# Seconds before a command is taken for hung.
LIMIT=20
# A size beyond the bound of every file of a run (64 MiB for raw/), MiB.
HUGE_MIB=65

# What a planted link leads to, and what is written to.
V=$T/v
mkdir "$V" "$V/dir" "$T/w" "$T/o"
mkfifo "$V/fifo"
ROOT=0
[ "$(id -u)" -eq 0 ] && ROOT=1
# The run planted in: run-a with its ring only, to be quick.
B=$T/base
cp -R "$FIX/run-a" "$B"
rm "$B/raw/pipe" "$B/raw/herd" "$B/raw/yield" "$B/raw/bind"
sed 's/^workloads=.*/workloads=ring/' "$FIX/run-a/env" >"$B/env"

# plant CASE FILE KIND: a copy of the base run in w/CASE, with FILE (a path in
# the run) made into KIND (or removed, for KIND none); false when KIND
# cannot be made here.
plant() {
	pl_d=$T/w/$1
	cp -R "$B" "$pl_d" || return 1
	pl_f=$pl_d/$2
	rm -rf "$pl_f"
	case $3 in
	passwd) ln -s /etc/passwd "$pl_f" ;;
	fifolink) ln -s "$V/fifo" "$pl_f" ;;
	zero) ln -s /dev/zero "$pl_f" ;;
	kmsg) ln -s /proc/kmsg "$pl_f" ;;
	dirlink) ln -s "$V/dir" "$pl_f" ;;
	fifo) mkfifo "$pl_f" ;;
	device) [ "$ROOT" -eq 1 ] && mknod "$pl_f" c 1 5 2>/dev/null ;;
	dir) mkdir "$pl_f" ;;
	huge)
		dd if=/dev/null of="$pl_f" bs=1048576 seek="$HUGE_MIB" \
		    2>/dev/null && [ -f "$pl_f" ]
		;;
	esac
}

# snap CASE: the names under the case's run and the victims, and the
# size of every plain file among them.
snap() {
	find "$T/w/$1" "$V" | LC_ALL=C sort
	find "$T/w/$1" "$V" -type f -exec wc -c {} + | LC_ALL=C sort
}

# attempt CASE WANT WHAT NAME CMD...: run CMD (the subcommand NAME over
# the run of CASE, the case's name) under the time limit; WANT is 0 (the run is read) or 1
# (it is refused, with one line on stderr matching the ERE WHAT).
attempt() {
	at_want=$2 at_what=$3 at_name="$s: $1: $4"
	shift 4
	timeout -k 5 "$LIMIT" "$@" >"$T/out" 2>"$T/err"
	RC=$?
	at_bad=
	case $RC in
	124 | 137) at_bad="hung (killed after $LIMIT s)" ;;
	esac
	if [ -z "$at_bad" ]; then
		# export's records end in CR LF.
		case $at_name in
		*export) at_n=$(LC_ALL=C awk '{ sub(/\r$/, ""); print }' \
		    "$T/out" "$T/err" | LC_ALL=C tr -d '\n\t\040-\176\200-\377' |
		    wc -c) ;;
		*) at_n=$(cat "$T/out" "$T/err" |
		    LC_ALL=C tr -d '\n\t\040-\176\200-\377' | wc -c) ;;
		esac
		[ "$at_n" -eq 0 ] || at_bad="printed $((at_n)) control bytes"
	fi
	if [ -z "$at_bad" ] && grep -q '^root:' "$T/out" "$T/err"; then
		at_bad="printed what a link leads to (/etc/passwd)"
	fi
	if [ -z "$at_bad" ]; then
		case $at_want.$RC in
		0.0) ;;
		1.1)
			ERR=$(cat "$T/err")
			case $ERR in
			*"$NL"*) at_bad="refused, saying more than one line: $ERR" ;;
			esac
			printf '%s\n' "$ERR" | grep -Eq -- "^smpbench: $at_what" ||
			    at_bad="refused, saying: $ERR"
			;;
		*) at_bad="exit $RC, not $at_want: $(head -n 1 "$T/err")" ;;
		esac
	fi
	if [ -z "$at_bad" ]; then
		t_result 0 "$at_name"
	else
		t_result 1 "$at_name"
		printf '#   %s\n' "$at_bad" | LC_ALL=C tr -d '\000-\010\013-\037'
	fi
}

# over CASE WANT WHAT [SUBCOMMAND...]: the subcommands (all when none are
# named) over the case's run, each as attempt has it; then a check that
# the run and the victims are as they were.
SUBCMDS="show show-r compare export plot"
NL='
'
over() {
	ov_case=$1 ov_want=$2 ov_what=$3
	ov_name=$(printf '%s' "$1" | LC_ALL=C tr -d '\001-\037')
	shift 3
	[ $# -gt 0 ] || set -- $SUBCMDS
	snap "$ov_case" >"$T/before"
	for ov_c in "$@"; do
		case $ov_c in
		show-r) set -- show -r ;;
		plot) set -- plot -o "$T/o/$ov_name.$ov_c" ;;
		*) set -- "$ov_c" ;;
		esac
		attempt "$ov_name" "$ov_want" "$ov_what" "$ov_c" $sh "$SB" \
		    "$@" "$T/w/$ov_case"
	done
	snap "$ov_case" >"$T/after"
	cmp -s "$T/before" "$T/after"
	t_result $? "$s: $ov_name: nothing written in the run or through it"
	diff "$T/before" "$T/after" | grep '^[<>]' | head -n 3 |
	    LC_ALL=C tr -d '\001-\011\013-\037' | sed 's/^/#   /'
}

# turns N: the next N subcommands of SUBCMDS, taken in turn from one
# case to the next, in TURNS.
TURN=0
turns() {
	TURNS=
	tu_i=0
	while [ "$tu_i" -lt "$1" ]; do
		TURN=$((TURN % 5 + 1))
		# shellcheck disable=SC2046 # the subcommands, split on purpose
		set -- "$1" $SUBCMDS
		eval "TURNS=\"\$TURNS \${$((TURN + 1))}\""
		tu_i=$((tu_i + 1))
	done
}

# The kinds of thing planted and the files of a run they are planted in
# (raw/zzz names no workload: it is never opened); the kinds and files
# every shell meets.
KINDS="passwd fifolink zero kmsg dirlink fifo device dir huge"
FILES="raw/ring raw/zzz env tables complete incomplete errors host raw"
KINDS_ALL="passwd fifolink kmsg fifo"
FILES_ALL="raw/ring raw/zzz"
ESC=$(printf '\033')
BEL=$(printf '\007')

first=1
for s in $SHELLS; do
	use_shell $s || continue
	for k in $KINDS; do
		for f in $FILES; do
			if [ "$first" -eq 0 ]; then
				case " $KINDS_ALL " in *" $k "*) ;; *) continue ;; esac
				case " $FILES_ALL " in *" $f "*) ;; *) continue ;; esac
			fi
			# An empty raw/ is what a run of no measurement holds.
			[ "$f.$k" = raw.dir ] && continue
			case $f in
			raw/*) turns 2 ;;
			*) turns 1 ;;
			esac
			c=$(printf '%s\n' "$s-$f-$k" | tr / _)
			if ! plant "$c" "$f" "$k"; then
				t_skip "$k cannot be made here"
				continue
			fi
			case $f in
			raw/zzz) over "$c" 0 "" $TURNS ;;
			*) over "$c" 1 "$T/w/${c}[:/].*$f" $TURNS ;;
			esac
		done
	done

	# A run named with a control character is refused, by its name.
	for b in "$ESC" "$BEL"; do
		c=$s-name$b
		cp -R "$B" "$T/w/$c"
		over "$c" 1 ".*$s-name: a directory name with a control character"
	done
	# Control bytes in env values other than NUL are left out of what is
	# printed.
	c=$s-env-esc
	plant "$c" env none
	sed "s/^label=.*/label=a${ESC}[2Jb${BEL}/; s/^cpu_model=.*/cpu_model=${ESC}]0;x${BEL}CPU/; s/^kernel=.*/kernel=6.1${BEL}/" \
	    "$FIX/run-a/env" >"$T/w/$c/env"
	over "$c" 0 ""
	[ "$first" -eq 1 ] || continue
	first=0

	# A NUL in env is binary data: refused.
	c=$s-env-nul
	plant "$c" env none
	LC_ALL=C awk '/^label=/ { printf "label=a%cb\n", 0; next } { print }' \
	    "$B/env" >"$T/w/$c/env"
	over "$c" 1 "$T/w/$c/env: not a text file"
	# In a raw line, control bytes are refused, as text that is not a
	# run's.
	for b in nul esc bel; do
		c=$s-raw-$b
		plant "$c" raw/ring none
		LC_ALL=C awk -v b=$b 'NR == 1 {
			printf "%c%s\n", b == "nul" ? 0 : b == "esc" ? 27 : 7, $0
			next } { print }' "$B/raw/ring" >"$T/w/$c/raw/ring"
		turns 2
		over "$c" 1 "$T/w/$c/raw/ring: not a text file" $TURNS
	done
	# A file of raw/ named with ESC names no workload: never opened.
	c=$s-rawname-esc
	plant "$c" "raw/${ESC}[2J" passwd
	over "$c" 0 ""
	# Control bytes in the tables and in a marker: left out.
	c=$s-tables-esc
	plant "$c" tables none
	printf '%s[2Jring:%s\n' "$ESC" "$BEL" >"$T/w/$c/tables"
	over "$c" 0 "" show
	c=$s-incomplete-esc
	plant "$c" complete none
	printf 'interrupted %s]0;owned%s by SIGINT\n' "$ESC" "$BEL" \
	    >"$T/w/$c/incomplete"
	over "$c" 0 "" show show-r compare
	# A run reached through a link given on the command line is read.
	c=$s-linked
	ln -s "$B" "$T/w/$c"
	over "$c" 0 "" show compare
done

is "$(find "$T/o" -name '.*' | wc -l | tr -d ' ')" 0 \
    "plot left no temporary file"
done_testing
