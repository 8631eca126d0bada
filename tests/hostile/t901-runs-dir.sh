# t901-runs-dir: another user (nobody) cannot make a run write anything,
# hang it, or cast doubt on it through the runs in progress: a directory
# of runs planted where a run's would be (open to all, full of links to a
# root file and of fifos, or a link to a root directory) is refused in
# one line, nothing is written in or through it, and the run ends with
# other_runs=unknown and why; a process of that user named like a run
# is warned of and counted apart (other_users_runs=1), other_runs stays
# 0. Run as root, with nobody as the other user (tests/lib.sh's
# other_user); skipped elsewhere, unless SMPB_OTHER_USER_REQUIRED=1 (CI).
# shellcheck disable=SC2016 # the other user's code, expanded as it runs
# shellcheck disable=SC2012 # ls: names of our own making
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "the runs-in-progress directory planted by another user"
other_root_timed
OUID=$OTHER_UID

SB=$PWD/scripts/smpbench
T=$TMPDIR_T
FAKE=$T/fake
fake_prog "$FAKE" ring
export SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny
# A TMPDIR as /tmp is: open to all, sticky; no SMPBENCH_LOCKDIR: the
# runs' default place in it, smpbench-runs-0.
chmod 0755 "$T"
mkdir "$T/tmp"
chmod 1777 "$T/tmp"
unset SMPBENCH_LOCKDIR
export TMPDIR="$T/tmp"
L=$TMPDIR/smpbench-runs-0
printf 'keep\n' >"$T/victim"
ROOTDIR=$T/rootdir
mkdir "$ROOTDIR"

# other_runs DIR KEY: the run's KEY in env.
env_of() {
	sed -n "s/^$2=//p" "$1/env"
}

# smpbench_run DIR: a run of ring into DIR, as root, bounded in time (a
# hang is a failure, not a stuck test).
smpbench_run() {
	run timeout 120 sh "$SB" run -S 0 -r 1 -o "$1" ring
}

# one_line: the line of ERR that says a directory is not used, when it
# is the only one.
one_line() {
	[ "$(printf '%s\n' "$ERR" | grep -c 'other runs are not looked for')" -eq 1 ] &&
	    printf '%s\n' "$ERR" | grep 'other runs are not looked for'
}

# The runs' directory planted by the other user: open to all, with
# links to a root file and fifos under every name an old run wrote; and
# the directory all users shared before (smpbench-runs), with links for
# the next 300 pids.
as_other sh -c '
	mkdir "$1" && chmod 0777 "$1" || exit 1
	i=1
	while [ "$i" -le 20 ]; do
		ln -s "$2" "$1/$i.tmp"
		ln -s "$2" "$1/$i"
		mkfifo "$1/$((i + 20))"
		i=$((i + 1))
	done
	mkdir "$1/../smpbench-runs" && chmod 0777 "$1/../smpbench-runs" &&
	    sh -c ": & wait \$!; echo \$!" >"$1/../next" || exit 1
	p=$(cat "$1/../next")
	i=0
	while [ "$i" -lt 300 ]; do
		ln -s "$2" "$1/../smpbench-runs/$((p + i)).tmp"
		i=$((i + 1))
	done' sh "$L" "$T/victim"
is "$(ls "$L" | wc -l | tr -d ' ')" 60 "planted"
smpbench_run "$T/a"
is "$RC" 0 "a planted directory: the run ends well"
is "$(cat "$T/victim")" keep "no file written through its links"
is "$(find "$L" "$TMPDIR/smpbench-runs" -user 0 | wc -l | tr -d ' ')" 0 "nothing made in them"
is "$(one_line)" "smpbench: warning: $L has mode drwxrwxrwx, not drwx------: other runs are not looked for (other_runs=unknown)" \
    "said in one line"
is "$(env_of "$T/a" other_runs) $(env_of "$T/a" other_runs_note)" \
    "unknown $L has mode drwxrwxrwx, not drwx------" "other_runs unknown, and why, in env"
as_other rm -rf "$L" "$TMPDIR/smpbench-runs"

# The same, private to the other user: refused for its owner.
as_other mkdir -m 0700 "$L"
smpbench_run "$T/b"
is "$RC $(one_line)" "0 smpbench: warning: $L is owned by uid $OUID, not 0: other runs are not looked for (other_runs=unknown)" \
    "a directory of the other user's: refused in one line"
as_other rmdir "$L"

# A link to a root directory: nothing written in it.
as_other ln -s "$ROOTDIR" "$L"
smpbench_run "$T/c"
is "$RC $(one_line)" "0 smpbench: warning: $L is a link: other runs are not looked for (other_runs=unknown)" \
    "a link: refused in one line"
is "$(ls -A "$ROOTDIR" | wc -l | tr -d ' ')" 0 "nothing written where it leads"
as_other rm -f "$L"

# A TMPDIR others can write, not sticky: they could rename the runs'
# directory away and put theirs: not used.
mkdir "$T/open"
chmod 0777 "$T/open"
TMPDIR=$T/open smpbench_run "$T/d"
is "$RC $(one_line)" "0 smpbench: warning: $T/open/smpbench-runs-0: $T/open can be written by others than its owner (drwxrwxrwx): other runs are not looked for (other_runs=unknown)" \
    "in a directory others can write: refused in one line"
is "$(ls -A "$T/open" | wc -l | tr -d ' ')" 0 "and nothing made in it"

# A process of the other user named like a run: warned of, counted in
# other_users_runs, not in other_runs. It lives while $T/named does.
mkdir "$T/named"
chmod 0755 "$T/named"
as_other sh -c 'while [ -d "${0%/*}" ]; do sleep 0.05; done' "$T/named/smpbench" run &
named=$!
check "the other user's process is there" within 10 sh -c \
    "ps -e -o args= | grep -q '$T/named/smpbench run'"
smpbench_run "$T/e"
rm -rf "$T/named"
wait "$named"
is "$RC" 0 "a process named like a run: the run ends well"
like "$ERR" "^smpbench: warning: a process of uid $OUID \\(pid [0-9]+\\) is named like an smpbench run at the start: if it is one, it shares the CPUs \\(another user's: not counted in other_runs\\)\$" \
    "warned of, once"
is "$(env_of "$T/e" other_runs) $(env_of "$T/e" other_users_runs)" "0 1" \
    "other_runs 0, other_users_runs 1"
is "$(ls -ld "$L" | cut -c 1-10)" drwx------ "the run's own directory, private"

done_testing
