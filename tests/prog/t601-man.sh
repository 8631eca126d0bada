# t601-man: every program's man page lints clean, its SYNOPSIS is its
# usage line, and its OUTPUT section names every key its -p line prints.
# shellcheck source=tests/lib.sh
. tests/lib.sh
need_cmd mandoc || skip_all "mandoc is not installed"

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

bs=$(printf '\b')
for page in src/*.1; do
	name=${page##*/}
	name=${name%.1}
	prog=bin/smpb-$name
	is "$(mandoc -Tlint -W warning "$page" 2>&1)" "" "$page lints clean"
	[ -x "$prog" ] || { t_result 1 "$prog is built"; continue; }
	synopsis=$(mandoc -Tascii "$page" | sed "s/.$bs//g" |
	    awk '/^SYNOPSIS/ { on = 1; next } /^[A-Z]/ { on = 0 } on' |
	    tr -s ' \t\n' '   ' | sed 's/^ *//; s/ *$//')
	usage=$($prog -h | sed 's/^usage: //' | tr -s ' \t\n' '   ' |
	    sed 's/^ *//; s/ *$//')
	is "$synopsis" "$usage" "$page: SYNOPSIS is smpb-$name -h"
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
done

done_testing
