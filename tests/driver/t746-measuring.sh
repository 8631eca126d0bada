# t746-measuring: runs measuring at once on one machine, under every
# POSIX shell we can find: the second warns at its start of the first
# (its pid, start and directory), the first warns before its next
# workload of the second, and records other_runs=1 in env; a run that
# comes and goes while another measures one workload is learnt of at
# that one's end, from the mark it left, and both record it; entries and
# marks are gone when the runs end, interrupted or not; an entry whose
# process is gone, or is not an smpbench run, is passed over and
# removed, and one of a run still waiting for a quiet machine is not
# warned of until it measures; a directory of entries that is a link is
# not used (other_runs unknown); compare doubts a run that had another
# beside it.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck disable=SC2016 # the fakes' code is expanded when they run
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "the runs-in-progress entries, stale, reused and planted, under every shell"
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

# stop PID...: stop runs that did not get where they should, and what
# they wait for.
stop() {
	kill "$@" 2>/dev/null
	: >"$T/go1"
	: >"$T/go2"
	wait
}

# entries: the entries and the marks in them, by name, on one line.
entries() {
	for en in "$L"/* "$L"/*/seen-by-*; do
		[ -e "$en" ] && printf '%s ' "${en#"$L"/}"
	done
}

# other_runs DIR: the run's other_runs.
other_runs() {
	sed -n 's/^other_runs=//p' "$1/env"
}

for s in $SHELLS; do
	use_shell "$s" || continue
	rm -rf "$T/a" "$T/b" "$T/c" "$T/go1" "$T/go2" "$T"/go*.started
	env BLOCK="$T/go1" $sh "$SB" run -S 0 -r 1 -o "$T/a" ring herd \
	    >"$T/a.out" 2>"$T/a.err" &
	a=$!
	if ! check "$s: the first run starts its ring" within 60 test -e "$T/go1.started"; then
		stop "$a"
		continue
	fi
	like "$(cat "$L/$a/info" 2>&1)" '^since=[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z dir=' \
	    "$s: its entry says since when it runs and where"
	is "$(test -d "$L/$a/measuring"; echo $?)" 0 "$s: and that it measures"
	env BLOCK="$T/go2" $sh "$SB" run -S 0 -r 1 -o "$T/b" ring \
	    >"$T/b.out" 2>"$T/b.err" &
	b=$!
	if ! check "$s: the second run starts its ring" within 60 test -e "$T/go2.started"; then
		stop "$a" "$b"
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
	is "$(other_runs "$T/a")" 1 "$s: the first records it"
	is "$(entries)" "$b $b/seen-by-$a " \
	    "$s: the first run's entry and the marks left for it are gone"
	kill -TERM "$b"
	: >"$T/go2"
	wait "$b"
	is "$?" 143 "$s: the second run, interrupted"
	is "$(entries)" "" "$s: an interrupted run's entry is gone too"

	# A run that comes and goes while another measures one workload: the
	# first learns of it at its end, from the mark it left.
	rm -f "$T/go1" "$T/go1.started"
	env BLOCK="$T/go1" $sh "$SB" run -S 0 -r 1 -o "$T/c" ring \
	    >"$T/c.out" 2>"$T/c.err" &
	c=$!
	if ! check "$s: a third run starts its ring" within 60 test -e "$T/go1.started"; then
		stop "$c"
		continue
	fi
	run $sh "$SB" run -S 0 -r 1 -o "$T/d" herd
	: >"$T/go1"
	wait "$c"
	like "$(cat "$T/c.err")" "^smpbench: warning: another smpbench measured on this machine during this run \\(pid [0-9]+\\): " \
	    "$s: a run that came and went, learnt of at the end"
	is "$(other_runs "$T/c") $(other_runs "$T/d")" "1 1" "$s: both record it"
	rm -rf "$T/d"
done

# Entries of processes that are not measuring: one gone (stale), one of
# a live process that is no smpbench (its pid reused), one of an
# smpbench run still waiting for a quiet machine: no warning, the first
# two removed.
mkdir -p "$L" "$T/fake-run"
sh -c 'exit 0' &
dead=$!
wait "$dead"
# Both live while $T/fake-run does (and so never past the test).
sh -c 'while [ -d "$0" ]; do sleep 0.05; done' "$T/fake-run" &
other=$!
sh -c 'while [ -d "${0%/*}" ]; do sleep 0.05; done' "$T/fake-run/smpbench" run &
waiting=$!
for p in $dead $other $waiting; do
	mkdir "$L/$p"
	printf 'since=2026-01-01T00:00:00Z dir=x\n' >"$L/$p/info"
done
run sh "$SB" run -S 0 -r 1 -o "$T/e" ring
is "$RC" 0 "not measuring: the run ends well"
is "$(printf '%s\n' "$ERR" | grep -c 'another smpbench')" 0 \
    "not measuring: no warning"
is "$(other_runs "$T/e")" 0 "not measuring: other_runs=0"
is "$(entries)" "$waiting " "the stale entries removed, the waiting one kept"
# The waiting one starts to measure.
mkdir "$L/$waiting/measuring"
run sh "$SB" run -S 0 -r 1 -o "$T/f" ring
like "$ERR" "another smpbench is measuring on this machine at the start \\(pid $waiting, since 2026-01-01T00:00:00Z, into x\\)" \
    "once it measures, it is warned of"
rm -rf "$T/fake-run"
wait
rm -rf "${L:?}"/*

# A directory of entries that is a link, open to others, or in a parent
# others can write: not used, nothing written in or through it, the run
# goes on, says so in one line, other_runs unknown and why in env.
mkdir "$T/elsewhere" "$T/open" "$T/shared"
chmod 0755 "$T/open"
chmod 0777 "$T/shared"
ln -s "$T/elsewhere" "$T/link"
for bad in "link:$T/link is a link" \
    "open:$T/open has mode drwxr-xr-x, not drwx------" \
    "shared/runs:$T/shared/runs: $T/shared can be written by others than its owner (drwxrwxrwx)"; do
	where=${bad%%:*}
	why=${bad#*:}
	rm -rf "$T/g"
	run env SMPBENCH_LOCKDIR="$T/$where" sh "$SB" run -S 0 -r 1 -o "$T/g" ring
	is "$RC" 0 "$where: the run ends well"
	is "$(find "$T/elsewhere" "$T/open" "$T/shared" ! -type d | wc -l | tr -d ' ')" 0 \
	    "$where: nothing written in or through it"
	is "$(printf '%s\n' "$ERR" | grep -c 'other runs are not looked for')" 1 \
	    "$where: said once"
	is "$(printf '%s\n' "$ERR" | grep 'other runs are not looked for')" \
	    "smpbench: warning: $why: other runs are not looked for (other_runs=unknown)" \
	    "$where: with why"
	is "$(other_runs "$T/g")" unknown "$where: other_runs unknown"
	is "$(sed -n 's/^other_runs_note=//p' "$T/g/env")" "$why" \
	    "$where: and why, in env"
done

# However many entries the directory holds, a run looks at no more than
# 64 of them each time it looks (removing those that are stale): time
# bounded, and stale entries cleaned over the next looks and runs.
set --
i=0
while [ "$i" -lt 1000 ]; do
	i=$((i + 1))
	set -- "$@" "$L/$((5000000 + i))"
done
mkdir "$@"
run sh "$SB" run -S 0 -r 1 -o "$T/i" ring
is "$RC" 0 "1000 stale entries: the run ends well"
left=$(find "$L" -mindepth 1 -maxdepth 1 | wc -l | tr -d ' ')
is "$([ "$left" -gt 0 ] && [ "$left" -lt 1000 ] && echo $(((1000 - left) % 64)))" 0 \
    "removed 64 at a time, not all at once ($((1000 - left)))"
like "$(sed -n 's/^other_runs_note=//p' "$T/i/env")" '^more than 64 entries in .*, not all looked at$' \
    "and it says so in env"
rm -rf "${L:?}"/*

# compare: a run with another beside it is doubtful, and said so.
cp -R "$T/e" "$T/h"
sed 's/^label=.*/label=alone/' "$T/e/env" >"$T/e/env.new"
mv "$T/e/env.new" "$T/e/env"
sed 's/^other_runs=.*/other_runs=1/; s/^run_id=.*/run_id=h/; s/^label=.*/label=beside/' \
    "$T/e/env" >"$T/h/env"
run sh "$SB" compare "$T/e" "$T/h"
is "$RC" 0 "compare: exit 0"
like "$OUT" "^\\? beside: another smpbench run measured beside it\\.?\$" \
    "compare: the run with another beside it named"
like "$OUT" '^ring: .*' "compare: and compared"

done_testing
