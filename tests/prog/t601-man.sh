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
# shellcheck source=tests/lib-globals.sh
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

# page_facts PAGE: of PAGE, in one look: the times its SEE ALSO names
# smpbench(7), then smpb-common(7); then up to three lines of 30
# characters or more (text, not a macro alone) of $COMMON that it
# repeats, on a line of their own.
page_facts() {
	LC_ALL=C awk -v common="$COMMON" '
	FNR == 1 && NR > 1 { done_page = 1 }
	!done_page {
		if (/^\.Sh SEE ALSO/) see = 1
		else if (see && /^\.Sh/) { see = 0; next }
		if (see && /^\.Xr smpbench 7/) n7++
		if (see && /^\.Xr smpb-common 7/) nc++
		if (length($0) >= 30) mine[$0] = 1
		next
	}
	length($0) >= 30 && ($0 in mine) && !($0 in said) && nr < 3 {
		said[$0] = 1; rep[++nr] = $0
	}
	END {
		print n7 + 0
		print nc + 0
		for (i = 1; i <= nr; i++) print rep[i]
	}' "$1" "$COMMON"
}

# key_facts PAGE: the keys of the -p line in $PLINE (numbered ones,
# user_s_0, user_s_1, as user_s_k, once where they follow each other),
# each that PAGE and $COMMON do not define once (defined: KEY:N), on a
# line; then each that README shows (KEY=), on the next.
key_facts() {
	PLINE=$PLINE LC_ALL=C awk -v page="$1" -v common="$COMMON" '
	function count(f, key,    n, i) {
		n = 0
		for (i = 1; i <= nit[f]; i++)
			if (it[f, i] ~ ("^\\.It Cm ([a-z0-9_]+ , )*" key "( ,|$)"))
				n++
		return n
	}
	function load(f,    line) {
		while ((getline line < f) > 0)
			if (line ~ /^\.It Cm /) it[f, ++nit[f]] = line
		close(f)
	}
	BEGIN {
		load(page); load(common)
		while ((getline line < "README") > 0) readme[++nr] = line
		nk = split(ENVIRON["PLINE"], tok, " ")
		for (t = 1; t <= nk; t++) {
			key = tok[t]; sub(/=.*/, "", key); sub(/_[0-9]+$/, "_k", key)
			if (t > 1 && key == prev) continue
			prev = key
			n = count(page, key) + count(common, key)
			if (n != 1) wrong = wrong " " key ":" n
			for (r = 1; r <= nr; r++)
				if (readme[r] ~ ("(^|[^a-z_])" key "=")) {
					shown = shown " " key; break
				}
		}
		print wrong
		print shown
	}'
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
	page_facts "$page" >"$TMPDIR_T/facts"
	{
		read -r n_smpbench
		read -r n_common
		repeats=
		while IFS= read -r line; do
			repeats=$repeats${repeats:+$T_NL}$line
		done
	} <"$TMPDIR_T/facts"
	is "$n_smpbench" 1 "$page: SEE ALSO names smpbench(7)"
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
	is "$n_common" 1 "$page: SEE ALSO names smpb-common(7)"
	is "$repeats" "" "$page: repeats no line of $COMMON"
	args=$(quick_args "$name")
	if [ -z "$args" ]; then
		t_result 1 "t601-man knows how to run smpb-$name quickly (test_quick_$name in scripts/workloads/$name.sh)"
		continue
	fi
	# With -l where the program takes it: its flags, from -h's first
	# bracket.
	run "$prog" -h
	flags=${OUT%%"$T_NL"*}
	case $flags in
	"usage: "*" [-"*) flags=${flags#"usage: "*" [-"} ;;
	*) flags= ;;
	esac
	case ${flags%%"]"*} in
	*l*) args="-l $args" ;;
	esac
	# Numbered keys (user_s_0, user_s_1) are documented once, as user_s_k.
	# shellcheck disable=SC2086
	run $prog -p $args
	PLINE=$OUT
	key_facts "$page" >"$TMPDIR_T/facts"
	{
		read -r wrong
		read -r in_readme
	} <"$TMPDIR_T/facts"
	is "$wrong" "" "$page: every -p key defined once, here or in $COMMON"
	is "$in_readme" "" "README shows none of smpb-$name's -p keys"
done

done_testing
