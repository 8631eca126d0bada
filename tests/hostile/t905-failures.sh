# t905-failures: the driver's own failures exit 1, never 2 (bad usage),
# and say something: show, compare, export and run run as nobody with 2 to 11
# processes allowed (prlimit --nproc), some of them taken already,
# exit 1 with a line of smpbench's, never an empty "smpbench:" line; a
# usage error still exits 2.
# An env's load_other that is not a figure (1.2.3) is not shown as one:
# show's context leaves it out and says so once. Run as root, with
# nobody as the other user, running copies of the driver and the
# programs; skipped elsewhere, unless SMPB_OTHER_USER_REQUIRED=1 (CI).
# shellcheck disable=SC2016 # nobody's code, expanded as it runs
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "the driver as nobody with 2 to 11 processes left"
FIX=$PWD/tests/fixtures
SB=$PWD/scripts/smpbench
T=$TMPDIR_T

# An env's malformed figure, in show's context.
cp -R "$FIX/run-a" "$T/a"
printf 'cmdline=quiet\npreempt=full\nloadavg_end=0.10 0.1 0.1\nload_other=1.2.3\n' \
    >>"$T/a/env"
run sh "$SB" show "$T/a"
is "$RC" 0 "load_other=1.2.3: show exits 0"
is "$ERR" "smpbench: $T/a/env: load_other='1.2.3' is not a figure: ignored" \
    "and says it once"
is "$(printf '%s\n' "$OUT" | grep -c 'other work')" 0 "the context leaves it out"

# The driver, as nobody, from copies it can read (tests/lib.sh's
# other_user), in a directory it can enter.
other_user scripts bin || other_cannot "$OTHER_WHY"
need_cmd prlimit || other_cannot "prlimit is not installed"
OSB=$OTHER_TREE/scripts/smpbench
cd "$T" || exit 1

chmod 0755 "$T"
mkdir "$T/tmp"
chmod 1777 "$T/tmp"
cp -R "$FIX/run-b" "$T/b"
chmod -R a+rX "$T/a" "$T/b"
fake_prog "$T/fake" herd
chmod -R a+rX "$T/fake"
# With no limit, nobody's show of the run works: what follows fails
# for want of processes, not of the driver's files.
run as_other env TMPDIR="$T/tmp" sh "$OSB" show "$T/a"
is "$RC" 0 "nobody's show, with processes: exit 0"
# Two processes of nobody's already (a shell and its sleep each, while
# $T/hold is there), as other work of the user's takes some: the limit
# is reached sooner, before the driver's first steps too.
mkdir "$T/hold"
chmod 0755 "$T/hold"
hold() {
	as_other sh -c 'while [ -d "$0" ]; do sleep 0.1; done' "$T/hold"
}
hold &
hold &
usage=0
empty=0
silent=0
n=2
while [ "$n" -le 11 ]; do
	for c in show compare export run; do
		case $c in
		compare) set -- "$T/a" "$T/b" ;;
		run) set -- -r 1 -o "$T/tmp/run.$n" herd ;;
		*) set -- "$T/a" ;;
		esac
		SMPBENCH_BIN=$T/fake SMPBENCH_SWEEP=tiny TMPDIR=$T/tmp \
		    prlimit --nproc="$n" setpriv --reuid="$OTHER_UID" \
		    --regid="$OTHER_GID" --clear-groups sh "$OSB" "$c" "$@" \
		    >/dev/null 2>"$T/err"
		rc=$?
		# 126: setpriv could not even start the shell.
		[ "$rc" -eq 126 ] && continue
		[ "$rc" -eq 2 ] && usage=$((usage + 1))
		grep -q '^smpbench: \(warning: \)\{0,1\}$' "$T/err" &&
		    empty=$((empty + 1))
		[ "$rc" -ne 0 ] && ! grep -q '^smpbench: .' "$T/err" &&
		    silent=$((silent + 1))
	done
	n=$((n + 1))
done
rmdir "$T/hold"
wait
is "$usage" 0 "out of processes: no exit 2"
is "$empty" 0 "no empty smpbench: line"
is "$silent" 0 "a failure says why"
run sh "$SB" compare -t x "$T/a" "$T/b"
is "$RC" 2 "a usage error still exits 2"

done_testing
