# t601-man: every program's man page names smpbench(7) in its SEE ALSO,
# and each of the programs smpb-common(7) (src/common.7), which holds
# what they share; every key a program's -p line prints, with -l too
# where it takes it, is defined once: in its page, or, for the keys every
# program prints (the -l latencies, the tail from user_s on), in
# smpb-common(7), in the order the line has them; no program's page
# repeats a line of smpb-common(7); smpb-stat's OUTPUT documents every
# key of its records, smpb-snap's each word of its line; README shows
# none of the keys. (Each page's lint and its SYNOPSIS against -h are
# make check's: tests/static/t801-static.sh.)
# shellcheck source=tests/lib.sh
. tests/lib.sh

# quick_args NAME: arguments for a quick -p run of smpb-NAME: a
# workload's from its file (test_quick), hog's here.
quick_args() {
	case $1 in
	hog) echo "-T 0.005" ;;
	*) [ ! -f "scripts/workloads/$1.sh" ] || wl_fact "$1" test_quick ;;
	esac
}

# stat_keys PAGE PROG: smpb-stat has no -p line; its tables' page
# (src/stat.5, Answers) documents
# every key of its records, to tables that give each record and key: a
# header's (its rules, a problem, the cpusets), a whole one's (problems
# naming a run and a row, one of the table's own; a column whose host
# is known and one whose is not; a cell of a placement, one of two
# clusters on both sides, one whose interval is short of the level, one
# whose figures the test refused; each as printed, fmt=, and the rows
# left out), and a refused one.
stat_keys() {
	sk_keys=$(printf '%s\n' 'h table runs=2 cols=2 rows=0 head=1' \
	    'h run j=1 g=1 id=x cpuset=0-1' 'h run j=2 g=2 id=x cpuset=1' \
	    'h judge' 'k table runs=3 cols=3 rows=4 higher=1 fmt=%25.3f fold_lo=1 fold_hi=2' \
	    'k run j=1 g=1 id=a hostfile=1 canary=1,1.1,1,1.2,1,1.1,1,1.1,1,1.2,1,1.1' \
	    'k run j=2 g=2 id=b hostfile=1 canary=2,2.1,2,2.2,2,2.1,2,2.1,2,2.2,2,2.1' \
	    'k run j=3 g=3 id=c hostfile=1' 'k row i=1 free=1' 'k row i=2 free=0' \
	    'k row i=3 free=0' 'k fig i=1 j=1 v=100,101,99,100,102' \
	    'k fig i=1 j=2 v=150,151,149,150,152' \
	    'k place i=1 g=1 u=1,1,1,1,1 o=1,1,1,1,1 q=1,1,1,1,1' \
	    'k place i=1 g=2 u=2,2,2,2,2 o=1,1,1,1,1 q=1,1,1,1,1' \
	    'k fig i=2 j=1 v=45,46,90,91,92' 'k fig i=2 j=2 v=45,46,90,91,93' \
	    'k param i=2 j=1 l=0 p=a' 'k param i=2 j=3 l=0 p=b' \
	    'k fig i=3 j=1 v=-1,0,1' 'k fig i=3 j=2 v=1,2,3' 'k row i=4 free=0' \
	    'k fig i=4 j=1 v=100,101' 'k fig i=4 j=2 v=150' 'k judge' \
	    'r table runs=1 cols=1 rows=1' 'r fig i=1 j=1 v=nan' 'r judge' |
	    "$2" | tr ' ' '\n' | sed -n 's/=.*//p' | sort -u)
	sk_missing=
	for key in $sk_keys; do
		grep -Eq "^\.It Cm ([a-z_0-9]+ , )*$key( ,|$)" "$1" ||
		    sk_missing="$sk_missing $key"
	done
	is "$(printf '%s\n' "$sk_keys" | wc -l | tr -d ' '):$sk_missing" 74: \
	    "$1: OUTPUT documents every key of smpb-stat's records"
}

# stat_example PAGE PROG: the example of PAGE (its EXAMPLES' display: a
# command, then the answers, folded) is what PROG answers: run as the
# page has it, each answer unfolded (a line not starting "t " goes on
# the one before).
stat_example() {
	se_block=$(sed -n '/^\.Sh EXAMPLES/,/^\.Ed/p' "$1" | sed '1,/^\.Bd/d; /^\.Ed/d')
	# shellcheck disable=SC2016 # "$2" is for the eval below
	se_cmd=$(printf '%s\n' "$se_block" | sed -n '1,/| smpb-stat$/p' |
	    sed 's/^\$ //; s/\\e/\\/g; s/| smpb-stat$/| "$2"/')
	se_want=$(printf '%s\n' "$se_block" | sed '1,/| smpb-stat$/d' |
	    awk '/^t / && NR > 1 { print s; s = "" } { s = s (s == "" ? "" : " ") $0 }
		END { print s }')
	is "$(eval "$se_cmd")" "$se_want" "$1: EXAMPLES is what $2 answers"
}

# snap_words PAGE PROG: smpb-snap has no -p line; its OUTPUT documents
# the words of its line, as many as it prints for a copy.
snap_words() {
	printf 'a\n' >"$TMPDIR_T/snap-in"
	sw_line=$("$2" 10 "$TMPDIR_T/snap-in" "$TMPDIR_T/snap-out")
	sw_doc=$(sed -n '/^\.Sh OUTPUT/,/^\.Sh/p' "$1" | grep -c '^\.It Cm [A-Z]*$')
	# shellcheck disable=SC2086 # the line's words, split on purpose
	is "$(set -- $sw_line; echo $#):$sw_line" \
	    "$sw_doc:2 0 0 1 1 1 0 $TMPDIR_T/snap-out" \
	    "$1: OUTPUT documents each word of smpb-snap's line"
}

COMMON=src/common.7

# defined KEY PAGE...: how many times the pages define KEY, as an item
# of a tag list (.It Cm KEY, or one of a list: .It Cm a , KEY).
defined() {
	d_key=$1
	shift
	cat "$@" | grep -Ec "^\.It Cm ([a-z0-9_]+ , )*$d_key( ,|\$)"
}

# smpb-common(7) defines the latencies and the tail, in the line's order.
is "$(sed -n 's/^\.It Cm //p' "$COMMON" | sed 's/ , / /g' | tr '\n' ' ')" \
    "$LAT_KEYS $TAIL_KERNEL " \
    "$COMMON: the -l keys and the tail, in the order of a -p line"

for page in src/*.1; do
	name=${page##*/}
	name=${name%.1}
	prog=bin/smpb-$name
	# Under TEST_WORKLOADS (t750), the pages of the workloads it leaves out.
	if [ -n "${TEST_WORKLOADS:-}" ] && [ -f "scripts/workloads/$name.sh" ]; then
		case " $WORKLOADS " in
		*" $name "*) ;;
		*) continue ;;
		esac
	fi
	is "$(sed -n '/^\.Sh SEE ALSO/,/^\.Sh/p' "$page" | grep -c '^\.Xr smpbench 7')" 1 \
	    "$page: SEE ALSO names smpbench(7)"
	[ -x "$prog" ] || { t_result 1 "$prog is built"; continue; }
	if [ "$name" = stat ]; then
		stat_keys "${page%.1}.5" "$prog"
		stat_example "${page%.1}.5" "$prog"
		continue
	fi
	if [ "$name" = snap ]; then
		snap_words "$page" "$prog"
		continue
	fi
	is "$(sed -n '/^\.Sh SEE ALSO/,/^\.Sh/p' "$page" | grep -c '^\.Xr smpb-common 7')" 1 \
	    "$page: SEE ALSO names smpb-common(7)"
	# A line of 30 characters or more is text, not a macro alone.
	awk 'length($0) >= 30' "$page" | LC_ALL=C sort -u >"$TMPDIR_T/lines"
	is "$(awk 'length($0) >= 30' "$COMMON" | LC_ALL=C sort -u |
	    LC_ALL=C comm -12 - "$TMPDIR_T/lines" | head -n 3)" "" \
	    "$page: repeats no line of $COMMON"
	args=$(quick_args "$name")
	if [ -z "$args" ]; then
		t_result 1 "t601-man knows how to run smpb-$name quickly (test_quick_$name in scripts/workloads/$name.sh)"
		continue
	fi
	# With -l where the program takes it: its flags, from -h's first
	# bracket.
	case $("$prog" -h | sed -n '1s/^usage: [^ ]* \[-\([A-Za-z]*\)\].*/\1/p') in
	*l*) args="-l $args" ;;
	esac
	# Numbered keys (user_s_0, user_s_1) are documented once, as user_s_k.
	# shellcheck disable=SC2086
	keys=$($prog -p $args | tr ' ' '\n' | sed 's/=.*//; s/_[0-9][0-9]*$/_k/' |
	    uniq)
	wrong=
	for key in $keys; do
		n=$(defined "$key" "$page" "$COMMON")
		[ "$n" -eq 1 ] || wrong="$wrong $key:$n"
	done
	is "$wrong" "" "$page: every -p key defined once, here or in $COMMON"
	in_readme=
	for key in $keys; do
		grep -Eq "(^|[^a-z_])$key=" README && in_readme="$in_readme $key"
	done
	is "$in_readme" "" "README shows none of smpb-$name's -p keys"
done

done_testing
