# t707-man: every page a page refers to of the suite's own exists;
# README stays the front door (at most 120 lines, with the commands that
# set up and test); -h gives every option's default. (The pages' lint,
# SYNOPSIS against -h, shellcheck and the awk headers are make check's:
# tests/static/t801-static.sh.)
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=scripts/smpbench

# The driver's commands, as its help lists them.
COMMANDS=$(sed -n 's/^COMMANDS="\(.*\)"$/\1/p' scripts/lib/help.sh)

# Cross-references to the suite's own pages: smpb-NAME(1) is src/NAME.1,
# smpbench(1), a page per command (smpbench-run(1)...) and smpbench(7)
# are in scripts/.
missing=
for page in scripts/smpbench*.[17] src/*.1; do
	refs=$(sed -n 's/^\.Xr \(smpb[a-z-]*\) \([0-9]\).*/\1.\2/p' "$page")
	for ref in $refs; do
		case $ref in
		smpbench*) f=scripts/$ref ;;
		smpb-*) f=src/${ref#smpb-} ;;
		*) f=$ref ;;
		esac
		[ -f "$f" ] || missing="$missing $page:$ref"
	done
done
is "$missing" "" "every page of the suite a page refers to exists"
like "$(grep -c '^\.Xr smpbench 7' scripts/smpbench.1)" '^[1-9]' \
    "smpbench(1) refers to smpbench(7)"
# shellcheck disable=SC2086 # the commands, split on purpose
for c in $COMMANDS; do
	is "$(grep -c "^\\.Xr smpbench-$c 1" scripts/smpbench.1)" 2 \
	    "smpbench(1) refers to smpbench-$c(1), in its list and SEE ALSO"
done

# README is the front door; the manual holds the rest.
is "$(awk 'END { print (NR <= 120) }' README)" 1 "README is at most 120 lines"
for c in "make bench" "make test" "smpbench compare"; do
	like "$(cat README)" "^ +(\\$ )?(sh scripts/)?$c( |\$)" "README shows $c"
done
# Its examples' placed rows are placements of the driver, and it says
# that a machine's own may differ, and where to find them.
places=$(sed -n 's/^PLACEMENTS="\(.*\)"$/\1/p' scripts/lib/topology.sh)
rows=$(sed -n 's/^ *[0-9][0-9]* \([a-z][a-z]*\) : .*/\1/p' README | tr '\n' ' ')
n=0
for p in $rows; do
	case " $places " in
	*" $p "*) ;;
	*) n=$((n + 1)); printf '# README: %s is no placement\n' "$p" ;;
	esac
done
is "$n" 0 "README's placed rows (${rows% }) are named by the driver's placements"
# shellcheck disable=SC2016 # backquotes of README's text
like "$(tr '\n' ' ' <README | tr -s ' ')" 'another machine names others .* `smpbench env` lists yours' \
    "README says that the placements' names depend on the machine"

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

done_testing
