# t724-untrusted: saved runs are data from anywhere (they are passed
# around as tarballs), under every POSIX shell we can find: show and
# compare run only the suite's own awk programs (an env naming
# ../../x/evil runs nothing), print no control characters from a run's
# files, refuse links, fifos and a run marked both complete and
# incomplete, and keep tables ASCII when a label is not (labels are
# shown with one ? for each character beyond ASCII).
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck disable=SC2317 # helpers run by run
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "saved runs with crafted names, keys and values"
SB=$PWD/scripts/smpbench
FIX=$PWD/tests/fixtures
T=$TMPDIR_T

# copy_run NAME: a copy of the fixture run-a, to spoil.
copy_run() {
	cp -R "$FIX/run-a" "$T/$1"
}

# The issue's attack: an env naming a workload that leads, from the
# driver's awk directory and from the run's raw/, to evil.awk and evil.
mkdir "$T/x"
up=../../../../../../../../../../../../../../../../../../../../..
printf 'BEGIN { system("touch %s/pwned") }\n' "$T" >"$T/x/evil.awk"
: >"$T/x/evil"
copy_run evil
sed "s|^workloads=.*|workloads=$up$T/x/evil ring|" "$FIX/run-a/env" >"$T/evil/env"
rm "$T/evil/tables"
# Control characters and non-ASCII in every text a run gives show.
copy_run ctrl
printf '\033[2Jring: \303\251\n' >>"$T/ctrl/tables"
rm "$T/ctrl/complete"
printf 'interrupted \033]0;owned\007by SIGINT\n' >"$T/ctrl/incomplete"
sed "s/^label=.*/label=caf$(printf '\303\251\033')[2J/; s/^cpus_online=.*/cpus_online=\$(id)/" \
    "$FIX/run-a/env" >"$T/ctrl/env"
# Links, fifos, both markers.
copy_run link
rm "$T/link/raw/ring"
ln -s /etc/passwd "$T/link/raw/ring"
copy_run fifo
rm "$T/fifo/complete"
mkfifo "$T/fifo/incomplete" 2>/dev/null || rm -rf "$T/fifo"
copy_run both
: >"$T/both/incomplete"
# A run made elsewhere with a label of UTF-8.
cp -R "$FIX/run-b" "$T/utf8"
sed "s/^label=.*/label=na$(printf '\303\257')ve/" "$FIX/run-b/env" >"$T/utf8/env"
# A real run, with a label of UTF-8.
FAKE=$T/fake
fake_prog "$FAKE" herd

# bounded CMD...: CMD, killed after 20 s (a fifo must not hang show).
bounded() {
	if need_cmd timeout; then
		timeout 20 "$@"
	else
		"$@"
	fi
}

for s in $SHELLS; do
	use_shell $s || continue
	for o in '' -r; do
		run $sh "$SB" show $o "$T/evil"
		check "$s: show $o: no awk program named by the run is run" test ! -e "$T/pwned"
		rm -f "$T/pwned"
		is "$RC" 0 "$s: show $o: the suite's workloads are shown"
		like "$OUT" '^ring: ' "$s: show $o: the ring table"
		like "$ERR" "^smpbench: note: $T/evil: '[a-z]+' in its env is not a workload; ignored\$" \
		    "$s: show $o: the other names are ignored, with a note"
	done

	run $sh "$SB" show "$T/ctrl"
	is "$RC" 0 "$s: show of a run with control characters exits 0"
	is "$(printf '%s\n%s\n' "$OUT" "$ERR" | LC_ALL=C tr -d '\n\t -~' | wc -c | tr -d ' ')" 0 \
	    "$s: and prints nothing but printable ASCII"
	like "$OUT" '^\[2Jring: \?$' "$s: tables: a character beyond ASCII is one ?"
	like "$ERR" "^smpbench: note: $T/ctrl is incomplete: interrupted \\]0;ownedby SIGINT\$" \
	    "$s: the incomplete marker's reason, without control characters"
	run $sh "$SB" show -r "$T/ctrl"
	printf '%s\n' "$OUT" >"$T/ctrl.out"
	check "$s: show -r: tables of printable ASCII, 72 columns at most" narrow "$T/ctrl.out"
	like "$OUT" '^ring: 6\.1\.0-a \(caf\?\[2J\), Example CPU @ 2\.00GHz, \? CPUs$' \
	    "$s: show -r: label of ASCII, a CPU count that is not a number is ?"

	run $sh "$SB" show -r "$T/link"
	is "$RC" 1 "$s: a run with a link in raw/ is refused"
	is "$ERR" "smpbench: $T/link: not a saved run (raw/ring is not a plain file)" \
	    "$s: and says why"
	is "$OUT" "" "$s: and nothing of what the link leads to is printed"
	if [ -d "$T/fifo" ]; then
		run bounded $sh "$SB" show "$T/fifo"
		is "$RC" 1 "$s: a fifo for a marker is refused, not read"
		is "$ERR" "smpbench: $T/fifo: not a saved run (incomplete is not a plain file)" \
		    "$s: and says why"
	else
		t_result 0 "# SKIP no mkfifo"
	fi
	for c in show compare; do
		run $sh "$SB" $c "$T/both"
		is "$RC" 1 "$s: $c of a run marked complete and incomplete exits 1"
		is "$ERR" "smpbench: $T/both: not a saved run (marked both complete and incomplete)" \
		    "$s: $c: and says why"
	done

	# Labels of UTF-8: a run's own, and one from elsewhere.
	out=$T/$s-cafe
	run env SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny $sh "$SB" run -r 1 \
	    -l "$(printf 'caf\303\251')" -o "$out" herd
	is "$RC" 0 "$s: a run labelled cafe with an acute e exits 0"
	is "$(sed -n 's/^label=//p' "$out/env")" 'caf?' "$s: env: the label in ASCII"
	check "$s: the tables are ASCII, 72 columns at most" narrow "$out/tables"
	run $sh "$SB" compare "$T/utf8" "$out"
	printf '%s\n' "$OUT" >"$T/cmp.out"
	is "$RC" 0 "$s: compare with a run labelled in UTF-8 exits 0"
	check "$s: compare: ASCII, 72 columns at most" narrow "$T/cmp.out"
	# (caf? on another machine than na?ve: its column is marked "?".)
	like "$OUT" '^Processes : +na\?ve +caf\?\?$' "$s: compare: the labels head their columns"
done

done_testing
