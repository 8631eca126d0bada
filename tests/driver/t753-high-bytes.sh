# t753-high-bytes: no byte beyond ASCII of a saved run reaches output
# as it is, under every POSIX shell we can find. Runs whose directory
# names hold C1 controls (U+009B CSI and U+009D OSC as UTF-8, a raw
# 0x9B byte) or bytes that are no UTF-8 (0xFF 0xFE), with C1 controls
# in their env's values and keys, their tables, their incomplete marker
# and a raw line refused for a figure that is not one (so that a
# warning names the run): show, show -r, compare (refused, naming two
# runs; then -f, and -p), export and plot (its data and scripts), and
# env on a machine whose CPU is named so, print nothing but printable
# ASCII, newlines and tabs (and export's CR before each LF), on stdout,
# on stderr and in plot's files; export's dir column names each run as
# the other commands do, each character beyond ASCII one ?. (yash takes
# no argument that is not text in its locale, and says so itself,
# naming it: under yash, the runs named in UTF-8 alone.)
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=$PWD/scripts/smpbench
FIX=$PWD/tests/fixtures
T=$TMPDIR_T
NOGNU=$(path_without gnuplot)
CSI=$(printf '\302\233')
OSC=$(printf '\302\235')
RAW=$(printf '\233')
BAD=$(printf '\377\376')

# The runs: copies of run-a, without the workloads plot and export need
# not, named with each of the bytes, and C1 controls in what they hold.
mkdir "$T/r"
B=$T/base
cp -R "$FIX/run-a" "$B"
rm "$B/raw/pipe" "$B/raw/yield" "$B/raw/bind"
sed "s/^workloads=.*/workloads=ring herd/; s/^label=.*/label=l${CSI}[2J/; s/^cpu_model=.*/cpu_model=M${RAW}x${OSC}0;t/; s/^note=.*/note=n${OSC}52;c/" \
    "$FIX/run-a/env" >"$B/env"
printf 'k%s=1\n' "$CSI" >>"$B/env"
grep -q '^note=' "$B/env" || printf 'note=n%s52;c\n' "$OSC" >>"$B/env"
printf '%s[2Jring: %s\n' "$CSI" "$RAW" >>"$B/tables"
UTF8_NAMES="c${CSI}X o${OSC}Y"
NAMES="$UTF8_NAMES r${RAW}Z i${BAD}W"
for n in $NAMES; do
	cp -R "$B" "$T/r/$n"
done
# One incomplete, its marker holding C1 controls; one with a raw line
# refused, which show -r, compare, export and plot complain of by the
# run's name.
rm "$T/r/o${OSC}Y/complete"
printf 'interrupted %s]0;t by SIGINT\n' "$OSC" >"$T/r/o${OSC}Y/incomplete"
sed '1s/switches_per_s=[0-9.]*/switches_per_s=x/' "$B/raw/ring" \
    >"$T/r/c${CSI}X/raw/ring"
# A machine whose CPU is named with C1 controls, for env.
M=$T/m
mkdir -p "$M/proc/self" "$M/sys/devices/system/cpu"
printf 'processor\t: 0\nmodel name\t: Fake%s[2J %sCPU\n' "$CSI" "$RAW" >"$M/proc/cpuinfo"
printf '0.10 0.10 0.10 1/123 4567\n' >"$M/proc/loadavg"
printf '0\n' >"$M/sys/devices/system/cpu/online"
printf 'Name:\tawk\nCpus_allowed_list:\t0\n' >"$M/proc/self/status"

# ascii_only FILE...: the bytes of FILE... that are neither printable
# ASCII nor a newline, a tab or a CR, counted (0 when all are).
ascii_only() {
	cat "$@" | LC_ALL=C tr -d '\n\t\r -~' | wc -c | tr -d ' '
}

# out_ascii WHAT: OUT and ERR, of the command run last, printable ASCII.
out_ascii() {
	printf '%s\n%s\n' "$OUT" "$ERR" >"$T/out"
	is "$(ascii_only "$T/out")" 0 "$1: nothing but printable ASCII on stdout and stderr"
}

for s in $SHELLS; do
	use_shell $s || continue
	# The runs, and export's dir column of them.
	names=$NAMES dirs="$T/r/c?X $T/r/i??W $T/r/o?Y $T/r/rZ "
	[ "$s" != yash ] || names=$UTF8_NAMES dirs="$T/r/c?X $T/r/o?Y "
	set --
	for n in $names; do
		set -- "$@" "$T/r/$n"
	done
	run $sh "$SB" show "$@"
	is "$RC" 0 "$s: show exits 0"
	out_ascii "$s: show"
	like "$ERR" "^smpbench: note: $T/r/o\\?Y is incomplete: interrupted \\?\\]0;t by SIGINT\$" \
	    "$s: show: the incomplete run named, a C1 control one ?"
	run $sh "$SB" show -r "$@"
	is "$RC" 1 "$s: show -r exits 1 (a figure that is not one)"
	out_ascii "$s: show -r"
	like "$ERR" "^smpbench: $T/r/c\\?X/raw/ring:1: " \
	    "$s: show -r: the raw line refused, its run named, a C1 control one ?"
	run $sh "$SB" compare "$@"
	is "$RC" 1 "$s: compare of copies of one run: refused"
	out_ascii "$s: compare"
	like "$ERR" "^smpbench: compare: $T/r/o\\?Y is the same run as $T/r/c\\?X " \
	    "$s: compare: the runs named, each character beyond ASCII one ?"
	run $sh "$SB" compare -f "$@"
	out_ascii "$s: compare -f"
	run $sh "$SB" compare -f -p "$@"
	out_ascii "$s: compare -f -p"
	run $sh "$SB" export "$@"
	out_ascii "$s: export"
	is "$(printf '%s\n' "$OUT" | cut -d , -f 2 | sed 1d | sort -u | tr '\n' ' ')" \
	    "$dirs" \
	    "$s: export: the dir column, as show and compare name the runs"
	run env PATH="$NOGNU" $sh "$SB" plot -o "$T/$s-plots" "$@"
	out_ascii "$s: plot"
	is "$(ascii_only "$T/$s-plots"/*)" 0 "$s: plot: its data and scripts, printable ASCII"
	run env SMPBENCH_PROC="$M" $sh "$SB" env
	out_ascii "$s: env of a CPU named with C1 controls"
done

done_testing
