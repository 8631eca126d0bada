# t907-run-dirs: another user (nobody) cannot make root's run write,
# truncate or remove anything outside the run's own directory. An empty
# -o DIR that nobody made open to all, whose .work and raw nobody swaps
# for links to a root directory while the run goes on (the fake ring
# does it, as nobody, at its first measurement); nobody's link to a root
# directory as -o DIR; a SMPBENCH_RESULTS nobody owns; a directory of
# nobody's on the way (mode 0755: only its owner writes it); a name
# nobody made first in a sticky directory; a DIR of root's open to its
# group; a -R series in nobody's directory; a TMPDIR of nobody's, where
# show would copy the runs it reads: each is refused in one line (exit 1),
# nothing is written in the victim, nothing of root's is made in
# nobody's directories. A sticky directory root owns (as /tmp) is used,
# and what a run makes there, under umask 0, no other user can write.
# Run as root, with nobody as the other user; skipped elsewhere, unless
# SMPB_OTHER_USER_REQUIRED=1 (CI).
# shellcheck disable=SC2016 # the other user's code, expanded as it runs
# shellcheck disable=SC2012 # ls: names of our own making
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "runs into directories of another user's, swapped during the run"
other_root_timed
OUID=$OTHER_UID OGID=$OTHER_GID

SB=$PWD/scripts/smpbench
T=$TMPDIR_T
chmod 0755 "$T"
# The victim: a directory of root's, with a file a run would truncate.
V=$T/victim
mkdir "$V"
printf 'keep\n' >"$V/raw"
# A fake ring that, at its first measurement, has nobody swap what the
# run writes through for links to the victim (swap.sh); the mark says it
# tried.
cat >"$T/swap.sh" <<'EOF_SWAP'
# swap.sh DIR VICTIM: in DIR, the run's .work and raw, or else the run's
# directory itself (DIR holds runs), replaced by links to VICTIM.
cd "$1" || exit 1
if [ -d .work ]; then
	mv .work .w && ln -s "$2" .work
	mv raw .r && ln -s "$2" raw
else
	for d in */; do
		mv "${d%/}" "${d%/}.old" && ln -s "$2" "${d%/}"
	done
fi
EOF_SWAP
chmod 0644 "$T/swap.sh"
FAKE=$T/fake
fake_prog "$FAKE" ring 'if [ -n "${SWAP:-}" ] && [ ! -e "$SWAP.tried" ]; then
	: >"$SWAP.tried"
	setpriv --reuid='"$OUID"' --regid='"$OGID"' --clear-groups \
	    sh "$SWAP_SH" "$SWAP" "$VICTIM"
fi'
export SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny VICTIM="$V" SWAP_SH="$T/swap.sh"

# smpbench_run ARGS...: a run of ring, as root, bounded in time.
smpbench_run() {
	run timeout 120 sh "$SB" run -S 0 -r 1 "$@" ring
}

# untouched WHAT: the victim holds its file alone, as it was.
untouched() {
	is "$(ls -A "$V") $(cat "$V/raw")" "raw keep" "$1: nothing written in the victim"
}

# An empty directory nobody made open to all, its .work and raw swapped
# during the run: refused before anything is made in it.
mkdir "$T/pub"
chmod 0777 "$T/pub"
as_other mkdir -m 0777 "$T/pub/n" "$T/pub/r"
chmod 0755 "$T/pub"
SWAP=$T/pub/n smpbench_run -o "$T/pub/n"
is "$RC $ERR" "1 smpbench: -o $T/pub/n: refused: $T/pub/n is owned by uid $OUID, not this user or root" \
    "nobody's directory open to all, swapped during the run: refused in one line"
untouched "-o, swapped"
is "$(ls -A "$T/pub/n" | wc -l | tr -d ' ')" 0 "and nothing made in it"

check "the swap was never tried: nothing was measured" test ! -e "$T/pub/n.tried"

# The same through SMPBENCH_RESULTS: there nobody swaps the run's
# directory itself.
SWAP=$T/pub/r SMPBENCH_RESULTS=$T/pub/r smpbench_run
is "$RC $ERR" "1 smpbench: $T/pub/r: refused: $T/pub/r is owned by uid $OUID, not this user or root" \
    "SMPBENCH_RESULTS of nobody's: refused in one line"
untouched "SMPBENCH_RESULTS"
is "$(ls -A "$T/pub/r" | wc -l | tr -d ' ')" 0 "and nothing made in it"

# Nobody's link, in a sticky directory open to all, to a root directory.
mkdir "$T/sticky"
chmod 1777 "$T/sticky"
mkdir "$T/rootdir"
as_other ln -s "$T/rootdir" "$T/sticky/n"
smpbench_run -o "$T/sticky/n"
is "$RC $ERR" "1 smpbench: -o $T/sticky/n: refused: $T/sticky/n is a link owned by uid $OUID, not this user or root" \
    "nobody's link to a root directory: refused in one line"
is "$(ls -A "$T/rootdir" | wc -l | tr -d ' ')" 0 "nothing made where it leads"

# A directory of nobody's on the way, open to none but nobody: its owner
# could rename what is in it.
as_other mkdir -m 0755 "$T/sticky/own"
smpbench_run -o "$T/sticky/own/run"
is "$RC $ERR" "1 smpbench: -o $T/sticky/own/run: refused: $T/sticky/own is owned by uid $OUID, not this user or root" \
    "a directory of nobody's on the way: refused in one line"
check "nothing made in it" test ! -e "$T/sticky/own/run"

# A new directory in a sticky one: the run's own, unless nobody made the
# name first; made under umask 0, no one else can write it.
(umask 0 && smpbench_run -o "$T/sticky/mine")
check "a new -o DIR in a sticky directory of root's: saved" test -f "$T/sticky/mine/complete"
is "$(ls -ld "$T/sticky/mine" "$T/sticky/mine/raw" | cut -c 1-10 | sort -u)" drwxr-xr-x \
    "under umask 0, its directories are open to none but root"
as_other mkdir -m 0777 "$T/sticky/first"
smpbench_run -o "$T/sticky/first"
is "$RC $ERR" "1 smpbench: -o $T/sticky/first: refused: $T/sticky/first is owned by uid $OUID, not this user or root" \
    "a name nobody made first in a sticky directory: refused in one line"

# A directory of root's its group can write.
mkdir -m 0775 "$T/group"
smpbench_run -o "$T/group"
is "$RC $ERR" "1 smpbench: -o $T/group: refused: $T/group can be written by others than its owner (drwxrwxr-x)" \
    "a directory its group can write: refused in one line"
is "$(ls -A "$T/group" | wc -l | tr -d ' ')" 0 "and nothing made in it"

# -R 2: the series' directory, in nobody's.
smpbench_run -R 2 -o "$T/pub/n/series"
is "$RC $ERR" "1 smpbench: -o $T/pub/n/series: refused: $T/pub/n is owned by uid $OUID, not this user or root" \
    "a series in nobody's directory: refused in one line"
check "nothing made in it" test ! -e "$T/pub/n/series"

# show copies the runs it reads into TMPDIR: not into nobody's.
cp -R tests/fixtures/run-a "$T/a"
run env TMPDIR="$T/pub/n" sh "$SB" show "$T/a"
is "$RC $ERR" "1 smpbench: TMPDIR: refused: $T/pub/n is owned by uid $OUID, not this user or root (saved runs are read from copies made there)" \
    "show with a TMPDIR of nobody's: refused in one line"
is "$(ls -A "$T/pub/n" | wc -l | tr -d ' ')" 0 "and nothing made in it"
run env TMPDIR="$T/sticky" sh "$SB" show "$T/a"
is "$RC" 0 "show with a sticky TMPDIR of root's, as /tmp: it reads"

done_testing
