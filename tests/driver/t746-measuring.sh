# t746-measuring: two runs measuring at once on one machine, under every
# POSIX shell we can find: the second warns at its start of the first
# (its pid, start and directory), the first warns before its next
# workload of the second, both record other_runs=1 in env, and their
# entries are gone when they end, interrupted or not; an entry whose
# process is gone, or is not an smpbench, is passed over and removed; a
# directory of entries that is a link is not used; compare doubts a run
# that had another beside it.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck disable=SC2016 # the fakes' code is expanded when they run
# shellcheck source=tests/lib.sh
. tests/lib.sh
SB=$PWD/scripts/smpbench
T=$TMPDIR_T
L=$SMPBENCH_LOCKDIR

# Fake programs that wait, when BLOCK names a file, until it is there
# (saying so in BLOCK.started), then print their line.
FAKE=$T/fake
block='[ -n "${BLOCK:-}" ] && { : >"$BLOCK.started"; while [ ! -e "$BLOCK" ]; do sleep 0.05; done; }'
fake_prog "$FAKE" ring "$block"
fake_prog "$FAKE" herd "$block"
export SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny

# stuck WHAT PID...: a run that never got where it should: said, its
# processes stopped.
stuck() {
	t_skip "$s: $1"
	shift
	kill "$@" 2>/dev/null
	: >"$T/go1"
	: >"$T/go2"
	wait
}

# entries: the entries in the directory, by name, on one line.
entries() {
	for en in "$L"/*; do
		[ -e "$en" ] && printf '%s ' "${en##*/}"
	done
}

for shell in dash posh busybox bash; do
	use_shell "$shell" || continue
	s=$shell
	rm -rf "$T/a" "$T/b" "$T/go1" "$T/go2" "$T"/go*.started
	env BLOCK="$T/go1" $sh "$SB" run -S 0 -r 1 -o "$T/a" ring herd \
	    >"$T/a.out" 2>"$T/a.err" &
	a=$!
	if ! wait_file 30 "$L/$a" || ! within 30 test -e "$T/go1.started"; then
		stuck "the first run never started its ring" "$a"
		continue
	fi
	like "$(cat "$L/$a")" '^since=[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z dir=' \
	    "$s: the entry says since when and where"
	env BLOCK="$T/go2" $sh "$SB" run -S 0 -r 1 -o "$T/b" ring \
	    >"$T/b.out" 2>"$T/b.err" &
	b=$!
	if ! within 30 test -e "$T/go2.started"; then
		stuck "the second run never started its ring" "$a" "$b"
		continue
	fi
	like "$(cat "$T/b.err")" "^smpbench: warning: another smpbench is measuring on this machine at the start \\(pid $a, since [0-9T:Z-]+, into $T/a\\): the CPUs are shared, both runs' figures suffer\$" \
	    "$s: the second run warns of the first at its start"
	: >"$T/go1"
	wait "$a"
	is "$?" 0 "$s: the first run ends well"
	like "$(cat "$T/a.err")" "^smpbench: warning: another smpbench is measuring on this machine before herd \\(pid $b, since [0-9T:Z-]+, into $T/b\\): " \
	    "$s: the first warns of the second before its next workload"
	is "$(grep -c 'another smpbench' "$T/a.err")" 1 "$s: once"
	is "$(sed -n 's/^other_runs=//p' "$T/a/env")" 1 "$s: the first records it"
	is "$(entries)" "$b " "$s: the first run's entry is gone"
	kill -TERM "$b"
	: >"$T/go2"
	wait "$b"
	is "$?" 143 "$s: the second run, interrupted"
	is "$(entries)" "" "$s: an interrupted run's entry is gone too"
done

# A stale entry (a process gone) and one of a live process that is not
# an smpbench (its pid reused): no warning, both removed.
sh -c 'exit 0' &
dead=$!
wait "$dead"
sleep 600 &
other=$!
printf 'since=2026-01-01T00:00:00Z dir=x\n' >"$L/$dead"
printf 'since=2026-01-01T00:00:00Z dir=y\n' >"$L/$other"
run sh "$SB" run -S 0 -r 1 -o "$T/c" ring
kill "$other"
is "$RC" 0 "stale entries: the run ends well"
is "$(printf '%s\n' "$ERR" | grep -c 'another smpbench')" 0 \
    "stale entries: no warning"
is "$(sed -n 's/^other_runs=//p' "$T/c/env")" 0 "stale entries: other_runs=0"
is "$(entries)" "" "stale entries: removed"

# A directory of entries that is a link: not used, nothing written
# through it, the run goes on.
mkdir "$T/elsewhere"
ln -s "$T/elsewhere" "$T/link"
run env SMPBENCH_LOCKDIR="$T/link" sh "$SB" run -S 0 -r 1 -o "$T/d" ring
is "$RC" 0 "a link for the directory: the run ends well"
is "$(find "$T/elsewhere" -type f | wc -l | tr -d ' ')" 0 \
    "nothing written through it"
is "$(printf '%s\n' "$ERR" | grep -c -e another -e SMPBENCH_LOCKDIR -e link)" 0 "and nothing said of it"

# compare: a run with another beside it is doubtful, and said so.
cp -R "$T/c" "$T/e"
sed 's/^label=.*/label=alone/' "$T/c/env" >"$T/c/env.new"
mv "$T/c/env.new" "$T/c/env"
sed 's/^other_runs=.*/other_runs=1/; s/^run_id=.*/run_id=e/; s/^label=.*/label=beside/' \
    "$T/c/env" >"$T/e/env"
run sh "$SB" compare "$T/c" "$T/e"
is "$RC" 0 "compare: exit 0"
like "$OUT" "^\\? beside: another smpbench run measured beside it\\.?\$" \
    "compare: the run with another beside it named"
like "$OUT" '^ring: .*' "compare: and compared"

done_testing
