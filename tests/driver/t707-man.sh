# t707-man: the driver's man page lints clean and its SYNOPSIS is the
# driver's usage; -h gives every option's default; the driver is clean
# (the dispatcher and every file it sources) under shellcheck -s sh;
# every awk program starts with the header that says what it reads and
# writes.
# shellcheck source=tests/lib.sh
. tests/lib.sh
SB=scripts/smpbench

if need_cmd mandoc; then
	is "$(mandoc -Tlint -W warning scripts/smpbench.1 2>&1)" "" \
	    "scripts/smpbench.1 lints clean"
	bs=$(printf '\b')
	synopsis=$(mandoc -Tascii scripts/smpbench.1 | sed "s/.$bs//g" |
	    awk '/^SYNOPSIS/ { on = 1; next } /^[A-Z]/ { on = 0 } on' |
	    tr -s ' \t\n' '   ' | sed 's/^ *//; s/ *$//')
	usage=$(sh $SB -h | sed '/^$/,$d; s/^usage: //' |
	    tr -s ' \t\n' '   ' | sed 's/^ *//; s/ *$//')
	is "$synopsis" "$usage" "SYNOPSIS is smpbench -h"
else
	t_result 0 "# SKIP mandoc is not installed"
fi

# -h: after the usage, every subcommand and every option, each option
# with its default.
help=$(sh $SB -h)
for c in run show compare env; do
	like "$help" "^$c  " "-h describes $c"
done
for o in run:-q run:-f run:-r run:-l run:-m run:-o run:workload show:-r compare:-f; do
	# The option's lines: from its own to the next that is not indented
	# further.
	text=$(printf '%s\n' "$help" | awk -v c="${o%%:*}" -v o="${o#*:}" '
		$1 == c && /^[a-z]/ { inc = 1; next }
		/^[a-z-]/ { inc = 0 }
		inc && $1 == o { on = 1; print; next }
		on && /^            / { print; next }
		{ on = 0 }')
	like "$text" '\(default' "-h: ${o%%:*} ${o#*:} has its default"
done

if need_cmd shellcheck; then
	check "shellcheck -s sh: the driver and its files" shellcheck -s sh -x \
	    $SB scripts/lib/*.sh scripts/cmd/*.sh scripts/workloads/*.sh
else
	t_result 0 "# SKIP shellcheck is not installed"
fi

for f in scripts/*.awk; do
	like "$(head -n 1 "$f")" "^# ${f##*/}: " "$f starts with its header"
done

done_testing
