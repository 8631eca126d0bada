# t601-man: every program's man page names smpbench(7) in its SEE ALSO,
# and its OUTPUT section names every key its -p line prints (smpb-stat's:
# every key of its answers; smpb-snap's: each word of its line); those keys are in the page only, not in
# README. (Each page's lint and its SYNOPSIS against -h are make check's:
# tests/static/t801-static.sh.)
# shellcheck source=tests/lib.sh
. tests/lib.sh

# Program, and arguments for a quick -p run of it.
quick_args() {
	case $1 in
	bind) echo "-n 2 -r 1000 -s 4" ;;
	herd) echo "-n 2 -i 1000" ;;
	hog) echo "-T 0.005" ;;
	pipe) echo "-s 1 -t 1 -b 1" ;;
	ring) echo "-n 2 -T 0.01" ;;
	yield) echo "-n 2 -T 0.01" ;;
	*) echo "" ;;
	esac
}

# stat_keys PAGE PROG: smpb-stat has no -p line; its OUTPUT documents
# every key of its answers, to a request of each test and a refusal.
stat_keys() {
	sk_keys=$(printf '%s\n' 'a cv x=1,2' 'a hl x=1,2 y=3,4' \
	    'a welch x=1,2 y=3,5' 'a yuen x=1,2 y=3,5' 'a mw x=1 y=2' \
	    'a cv x=1' | "$2" | tr ' ' '\n' | sed -n 's/=.*//p' | sort -u)
	sk_missing=
	for key in $sk_keys; do
		grep -Eq "^\.It Cm ([a-z_]+ , )*$key( ,|$)" "$1" ||
		    sk_missing="$sk_missing $key"
	done
	is "$(printf '%s\n' "$sk_keys" | wc -l | tr -d ' '):$sk_missing" 16: \
	    "$1: OUTPUT documents every key of smpb-stat's answers"
}

# snap_words PAGE PROG: smpb-snap has no -p line; its OUTPUT documents
# the words of its line, as many as it prints for a copy.
snap_words() {
	printf 'a\n' >"$TMPDIR_T/snap-in"
	sw_line=$("$2" 10 "$TMPDIR_T/snap-in" "$TMPDIR_T/snap-out")
	sw_doc=$(sed -n '/^\.Sh OUTPUT/,/^\.Sh/p' "$1" | grep -c '^\.It Cm [A-Z]*$')
	# shellcheck disable=SC2086 # the line's words, split on purpose
	is "$(set -- $sw_line; echo $#):$sw_line" \
	    "$sw_doc:2 0 0 1 $TMPDIR_T/snap-out" \
	    "$1: OUTPUT documents each word of smpb-snap's line"
}

for page in src/*.1; do
	name=${page##*/}
	name=${name%.1}
	prog=bin/smpb-$name
	is "$(sed -n '/^\.Sh SEE ALSO/,/^\.Sh/p' "$page" | grep -c '^\.Xr smpbench 7')" 1 \
	    "$page: SEE ALSO names smpbench(7)"
	[ -x "$prog" ] || { t_result 1 "$prog is built"; continue; }
	if [ "$name" = stat ]; then
		stat_keys "$page" "$prog"
		continue
	fi
	if [ "$name" = snap ]; then
		snap_words "$page" "$prog"
		continue
	fi
	args=$(quick_args "$name")
	if [ -z "$args" ]; then
		t_result 1 "t601-man knows how to run smpb-$name quickly"
		continue
	fi
	# Numbered keys (user_s_0, user_s_1) are documented once, as user_s_k.
	# shellcheck disable=SC2086
	keys=$($prog -p $args | tr ' ' '\n' | sed 's/=.*//; s/_[0-9][0-9]*$/_k/' |
	    uniq)
	missing=
	for key in $keys; do
		grep -Eq "^\.It Cm ([a-z_]+ , )*$key( ,|$)" "$page" ||
		    missing="$missing $key"
	done
	is "$missing" "" "$page: OUTPUT documents every -p key"
	in_readme=
	for key in $keys; do
		grep -Eq "(^|[^a-z_])$key=" README && in_readme="$in_readme $key"
	done
	is "$in_readme" "" "README shows none of smpb-$name's -p keys"
done

done_testing
