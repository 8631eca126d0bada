# t908-lock-dir: the runs-in-progress directory cannot be turned against
# root by another user (nobody). Where nobody owns the directory it is
# in (mode 0755: only nobody writes it) and swaps it, during the run
# (the fake ring does it, as nobody), for a link to a root directory
# holding 123/ and 4567/, as stale entries would: the run refuses it in
# one warning, no shell error, ends well with other_runs=unknown, and
# 123/ and 4567/ are left; the same with TMPDIR a directory of nobody's,
# as after a plain su. In root's own private directory, a stale entry is
# removed only when it has the shape a run gives it and is root's: one
# holding another file, a link to a directory of root's, an entry of
# nobody's, stay as they are. Run as root, with nobody as the other
# user; skipped elsewhere, unless SMPB_OTHER_USER_REQUIRED=1 (CI).
# shellcheck disable=SC2016 # the other user's code, expanded as it runs
# shellcheck disable=SC2012 # ls: names of our own making
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "the runs-in-progress directory of another user's, swapped during the run"
other_root_timed
OUID=$OTHER_UID OGID=$OTHER_GID

SB=$PWD/scripts/smpbench
T=$TMPDIR_T
chmod 0755 "$T"
# Root's directory of stale-looking entries.
V=$T/victim
mkdir "$V" "$V/123" "$V/4567"
# A fake ring that, at its first measurement, has nobody swap the
# directory of entries (SWAP) for a link to the victim; the mark
# (swap.tried) says it tried.
FAKE=$T/fake
fake_prog "$FAKE" ring 'if [ -n "${SWAP:-}" ] && [ ! -e "$MARK" ]; then
	: >"$MARK"
	setpriv --reuid='"$OUID"' --regid='"$OGID"' --clear-groups sh -c "
	    mv \"\$1\" \"\$1.old\"; ln -s \"\$2\" \"\$1\"" sh "$SWAP" "$VICTIM"
fi'
export SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny VICTIM="$V" MARK="$T/swap.tried"
unset SMPBENCH_LOCKDIR

# smpbench_run DIR: a run of ring into DIR, as root, bounded in time.
smpbench_run() {
	run timeout 120 sh "$SB" run -S 0 -r 1 -o "$1" ring
}

# warned: the line of ERR that says the directory is not used, when it
# is the only one; and no line of the shell's.
warned() {
	printf '%s\n' "$ERR" | grep -v '^smpbench: ' | sed 's/^/shell: /'
	[ "$(printf '%s\n' "$ERR" | grep -c 'other runs are not looked for')" -eq 1 ] &&
	    printf '%s\n' "$ERR" | grep 'other runs are not looked for'
}

# The directory of entries, to be made in a directory of nobody's, and
# swapped during the run.
mkdir "$T/pub" "$T/pub/n" "$T/pub/tmp"
chown "$OUID:$OGID" "$T/pub/n" "$T/pub/tmp"
SWAP=$T/pub/n/locks SMPBENCH_LOCKDIR=$T/pub/n/locks smpbench_run "$T/a"
is "$RC $(warned)" "0 smpbench: warning: $T/pub/n/locks: $T/pub/n is owned by uid $OUID, not this user or root: other runs are not looked for (other_runs=unknown)" \
    "in a directory of nobody's, swapped during the run: refused in one line"
check "the swap was tried" test -e "$T/swap.tried"
is "$(ls "$V" | tr '\n' ' ')" "123 4567 " "the entries where the link leads are left"
is "$(sed -n 's/^other_runs=//p' "$T/a/env")" unknown "other_runs unknown"
is "$(find "$T/pub" -user 0 ! -path "$T/pub" | wc -l | tr -d ' ')" 0 \
    "nothing of root's made in nobody's directory"

# TMPDIR a directory of nobody's (a plain su keeps the user's): the
# directory of entries, smpbench-runs-0, would be in it.
TMPDIR=$T/pub/tmp smpbench_run "$T/b"
is "$RC $(warned)" "0 smpbench: warning: $T/pub/tmp/smpbench-runs-0: $T/pub/tmp is owned by uid $OUID, not this user or root: other runs are not looked for (other_runs=unknown)" \
    "TMPDIR of nobody's: refused in one line"
is "$(ls -A "$T/pub/tmp" | wc -l | tr -d ' ')" 0 "and nothing made in it"

# Root's own directory, private: stale entries of a run's shape are
# removed, nothing else. Pids far above any pid_max, never a run's.
L=$T/locks
mkdir -m 0700 "$L" "$L/elsewhere"
mkdir "$L/elsewhere/keep"
mkdir "$L/90000001" "$L/90000001/measuring" "$L/90000001/seen-by-3"
printf 'since=2026-01-01T00:00:00Z dir=x\n' >"$L/90000001/info"
mkdir "$L/90000002"
printf 'mine\n' >"$L/90000002/notes"
ln -s "$L/elsewhere" "$L/90000003"
mkdir "$L/90000004"
chown "$OUID" "$L/90000004"
SMPBENCH_LOCKDIR=$L smpbench_run "$T/c"
is "$RC $(sed -n 's/^other_runs=//p' "$T/c/env")" "0 0" "root's directory: used"
check "a stale entry of a run's shape: removed" test ! -e "$L/90000001"
is "$(cat "$L/90000002/notes")" mine "one holding another file: left whole"
check "a link to a directory: left" test -h "$L/90000003"
check "and where it leads, untouched" test -d "$L/elsewhere/keep"
check "an entry of nobody's: left" test -d "$L/90000004"
is "$(ls "$L" | tr '\n' ' ')" "90000002 90000003 90000004 elsewhere " \
    "and the run's own entry is gone"

done_testing
