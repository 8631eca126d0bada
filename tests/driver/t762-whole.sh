# t762-whole: a cut run is never read as a whole one, under every POSIX
# shell we can find. stat-a's copies, each marked complete: raw/ring cut
# in the middle of its last line (no final newline: switches_per_s=4 of
# a figure of six digits), a raw/yield deleted though its env names it
# in workloads=, raw/ring cut between two lines (fewer lines than the
# marker's measurements=): show, show -r, export and plot (without
# gnuplot) of the three at once, and compare of each, exit 0, name the
# file and line where a line was cut ("left out"), and say each run is
# incomplete and why, naming the file and line; export's complete column
# says no for each (yes for stat-b), and plot's legend of each
# "(incomplete)"; show -r makes each run's ring table; the cut figure is read by
# none of them. A key twice in an env refuses the run in every command,
# exit 1, naming the file and both lines; a key twice in a raw line
# leaves the line out, said with its file and line.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=$PWD/scripts/smpbench
FIX=$PWD/tests/fixtures
T=$TMPDIR_T
NOGNU=$(path_without gnuplot)

# The runs: cut (mid-line), gone (raw/yield deleted), short (a line
# boundary), twice (a key twice in env), dup (a key twice in a raw line).
for r in cut gone short twice dup; do
	cp -R "$FIX/stat-a" "$T/$r"
done
n=$(wc -l <"$FIX/stat-a/raw/ring" | tr -d ' ')
{ head -n $((n - 1)) "$FIX/stat-a/raw/ring"
  tail -n 1 "$FIX/stat-a/raw/ring" | sed 's/switches_per_s=\([0-9]\).*/switches_per_s=\1/' |
      tr -d '\n'; } >"$T/cut/raw/ring"
rm "$T/gone/raw/yield"
head -n $((n - 5)) "$FIX/stat-a/raw/ring" >"$T/short/raw/ring"
wl=$(grep -n '^workloads=' "$FIX/stat-a/env" | cut -d : -f 1)
lb=$(grep -n '^label=' "$FIX/stat-a/env" | cut -d : -f 1)
echo 'label=other' >>"$T/twice/env"
le=$(wc -l <"$T/twice/env" | tr -d ' ')
sed '2s/ cpus_used=2 / cpus_used=2 cpus_used=3 /' "$FIX/stat-a/raw/ring" >"$T/dup/raw/ring"
m=$(sed -n 's/^measurements=//p' "$FIX/stat-a/complete")
CUT="smpbench: note: $T/cut/raw/ring:$n: a line without its end (the file is cut): left out"
WHY_cut="marked complete, but raw/ring:$n is cut (a line without its end)"
WHY_gone="marked complete, but env:$wl names yield in workloads= and raw/yield is missing"
WHY_short="complete:3: measurements=$m, but raw/ holds $((n - 5 + 10)) (a file is cut short)"

# says WHAT TEXT: ERR holds the line TEXT.
says() {
	case $NL$ERR$NL in
	*"$NL$2$NL"*) t_result 0 "$1" ;;
	*) t_result 1 "$1"; printf '#   want the line: %s\n#   in: %s\n' "$2" "$ERR" ;;
	esac
}
NL='
'

# export_facts: of export's OUT, each run's dir and the values of its
# complete column, in the order first seen ("DIR: no "), a line each;
# then how many of cut's rows are ring's, each saying no ("cut rows: N").
export_facts() {
	EXP=$(printf '%s\n' "$OUT" | tr -d '\r' | awk -F , -v cut="$T/cut" '
	    NR > 1 {
		if (!(($2, $NF) in seen)) {
			seen[$2, $NF]
			if (!($2 in vals))
				order[++n] = $2
			vals[$2] = vals[$2] $NF " "
		}
		if ($1 == "6.1.0-a" && $2 == cut && $3 == "ring" && $NF == "no")
			rows++
	    }
	    END { for (i = 1; i <= n; i++) print order[i] ": " vals[order[i]]
		print "cut rows: " rows + 0 }')
}

# has_line WHAT TEXT LINE: TEXT holds the line LINE.
has_line() {
	case $NL$2$NL in
	*"$NL$3$NL"*) t_result 0 "$1" ;;
	*) t_result 1 "$1"; printf '#   want the line: %s\n#   in: %s\n' "$3" "$2" ;;
	esac
}

for s in $SHELLS; do
	use_shell $s || continue
	for c in show "show -r" compare export plot; do
		# The three cut runs read together, beside stat-b: each said
		# incomplete, and why (compare, which takes two of them for
		# the same run, reads each apart).
		rs="cut gone short"
		[ "$c" = compare ] || rs=all
		for r in $rs; do
			if [ "$r" = all ]; then
				what="cut, gone and short"
				set -- "$T/cut" "$T/gone" "$T/short" "$FIX/stat-b"
			else
				what=$r
				set -- "$T/$r" "$FIX/stat-b"
			fi
			if [ "$c" = plot ]; then
				set -- plot -o "$T/p-$s" "$@"
			else
				set -- $c "$@"
			fi
			run env PATH="$NOGNU" $sh "$SB" "$@"
			is "$RC" 0 "$s: $c of $what: exit 0"
			case $what in
			cut*) says "$s: $c of cut: the line cut named, left out" "$CUT" ;;
			esac
			[ "$c" != export ] || export_facts
			[ "$c" != plot ] || GP=$(cat "$T/p-$s"/*.gp)
			legend=0
			for q in cut gone short; do
				case $what in
				*$q*) ;;
				*) continue ;;
				esac
				legend=$((legend + 1))
				case $q in
				cut) why=$WHY_cut ;;
				gone) why=$WHY_gone ;;
				short) why=$WHY_short ;;
				esac
				case $c in
				compare) like "$OUT" "incomplete run: .*${why%% *}" \
				    "$s: compare of $q: marked incomplete" ;;
				*) says "$s: $c of $q: said incomplete, and why" \
				    "smpbench: note: $T/$q is incomplete: $why" ;;
				esac
				case $c in
				export)
					has_line "$s: export of $q: complete, no for it" \
					    "$EXP" "$T/$q: no "
					;;
				plot)
					# Each run's legend, the second and third
					# of one label numbered.
					n_=" ($legend)"
					[ "$legend" -gt 1 ] || n_=
					case $GP in
					*"title '6.1.0-a (incomplete)$n_, "*)
						t_result 0 "$s: plot of $q: its legend says incomplete" ;;
					*) t_result 1 "$s: plot of $q: its legend says incomplete" ;;
					esac
					;;
				esac
			done
			case $c in
			export)
				has_line "$s: export: complete, yes for stat-b" \
				    "$EXP" "$FIX/stat-b: yes "
				has_line "$s: export of cut: the line cut is in no row" \
				    "$EXP" "cut rows: $((n - 1))"
				;;
			"show -r")
				is "$(printf '%s\n' "$OUT" | grep -c '^ring: ')" 4 \
				    "$s: show -r of cut: the ring table made, as of each run" ;;
			esac
		done
		set -- $c "$T/twice" "$FIX/stat-b"
		[ "$c" = plot ] && set -- plot -o "$T/p-$s-twice" "$T/twice"
		run env PATH="$NOGNU" $sh "$SB" "$@"
		is "$RC:$ERR" "1:smpbench: $T/twice/env:$le: 'label=' said a second time (first at line $lb): refused" \
		    "$s: $c: a key twice in env: refused, naming both lines"
		set -- $c "$T/dup" "$FIX/stat-b"
		[ "$c" = plot ] && set -- plot -o "$T/p-$s-dup" "$T/dup"
		run env PATH="$NOGNU" $sh "$SB" "$@"
		like "$ERR" "^smpbench: $T/dup/raw/ring:2: .*'cpus_used=' twice" \
		    "$s: $c: a key twice in a raw line: left out, with its file and line"
	done
done

done_testing
