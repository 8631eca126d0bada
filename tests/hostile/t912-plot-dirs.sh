# t912-plot-dirs: another user (nobody) cannot make root's plot, or
# validate, write anywhere but in a directory of root's own that nobody
# can change. plot -o through nobody's link to a root directory, in a
# sticky directory open to all; through a directory of nobody's on the
# way (mode 0755: only its owner writes it), whose plots nobody swaps for
# a directory of links, at the temporary names gnuplot draws into, to
# root's files (the fake gnuplot does it, as nobody, as it is first
# called); in nobody's directory open to all; a name nobody made first in
# a sticky directory; plot without -o in nobody's directory; plot and
# validate with a TMPDIR of nobody's: each is refused in one line (exit
# 1), under every shell, nothing is written in the victim, nothing of
# root's is made in nobody's directories. A sticky directory root owns
# (as /tmp) is used, through a link of root's too, and what plot makes
# there, under umask 0, no other user can write.
# Run as root, with nobody as the other user; skipped elsewhere, unless
# SMPB_OTHER_USER_REQUIRED=1 (CI).
# shellcheck disable=SC2016 # the other user's code, expanded as it runs
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck disable=SC2012 # ls: names of our own making
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "plots into directories of another user's, swapped as gnuplot draws"
other_root_timed
OUID=$OTHER_UID OGID=$OTHER_GID

SB=$PWD/scripts/smpbench
RUN=$PWD/tests/fixtures/run-a
T=$TMPDIR_T
chmod 0755 "$T"
# The victim: a directory of root's, with a file a plot would overwrite.
V=$T/victim
mkdir "$V"
printf 'keep\n' >"$V/ring.png"
# A fake gnuplot that, as it is first called, has nobody swap the
# directory it draws in for one of links, at every name it would draw
# into, to the victim's file (swap.sh); then draws into the name it is
# given (gnuplot -e "out_NAME='FILE'" NAME.gp). The mark says it tried.
cat >"$T/swap.sh" <<'EOF_SWAP'
# swap.sh DIR VICTIM: DIR renamed, and a directory of links in its place.
mv "$1" "$1.old" && mkdir -m 0777 "$1" || exit 1
for n in ring herd yield pipe; do
	ln -s "$2" "$1/.$n.png.tmp"
done
EOF_SWAP
chmod 0644 "$T/swap.sh"
mkdir "$T/bin"
cat >"$T/bin/gnuplot" <<EOF_GNU
#!/bin/sh
if [ ! -e "$T/swap.tried" ]; then
	: >"$T/swap.tried"
	setpriv --reuid=$OUID --regid=$OGID --clear-groups \\
	    sh "$T/swap.sh" "\$PWD" "$V/ring.png"
	cd "\$PWD" || exit 1
fi
out=\${2#*=\\'}
printf 'drawn\\n' >"\${out%\\'}"
EOF_GNU
chmod 0755 "$T/bin/gnuplot"
PATH=$T/bin:$PATH
export PATH

# plot_as SHELL ARGS...: plot of run-a, as root, under SHELL, bounded in
# time.
plot_as() {
	pa_sh=$1
	shift
	run timeout 120 $pa_sh "$SB" plot "$@" "$RUN"
}

# untouched WHAT: the victim holds its file alone, as it was.
untouched() {
	is "$(ls -A "$V") $(cat "$V/ring.png")" "ring.png keep" "$1: nothing written in the victim"
}

# The places nobody prepares: a sticky directory open to all, as /tmp,
# with nobody's link to a root directory, nobody's directory (0755) and
# a name nobody made first; nobody's directory open to all.
mkdir -m 1777 "$T/sticky"
mkdir "$T/rootdir"
as_other ln -s "$T/rootdir" "$T/sticky/nl"
as_other mkdir -m 0755 "$T/sticky/own"
as_other mkdir -m 0777 "$T/sticky/first" "$T/sticky/pub"

for s in $SHELLS; do
	use_shell $s || continue
	plot_as "$sh" -o "$T/sticky/nl/plots"
	is "$RC $ERR" "1 smpbench: plot: -o $T/sticky/nl/plots: refused: $T/sticky/nl is a link owned by uid $OUID, not this user or root" \
	    "$s: nobody's link to a root directory on the way: refused in one line"
	is "$(ls -A "$T/rootdir" | wc -l | tr -d ' ')" 0 "$s: nothing made where it leads"

	rm -f "$T/swap.tried"
	plot_as "$sh" -o "$T/sticky/own/plots"
	is "$RC $ERR" "1 smpbench: plot: -o $T/sticky/own/plots: refused: $T/sticky/own is owned by uid $OUID, not this user or root" \
	    "$s: a directory of nobody's on the way, swapped as gnuplot draws: refused in one line"
	untouched "$s: nobody's directory on the way"
	check "$s: nothing made in it" test ! -e "$T/sticky/own/plots"
	check "$s: the swap was never tried: nothing was drawn" test ! -e "$T/swap.tried"

	plot_as "$sh" -o "$T/sticky/pub/plots"
	is "$RC $ERR" "1 smpbench: plot: -o $T/sticky/pub/plots: refused: $T/sticky/pub is owned by uid $OUID, not this user or root" \
	    "$s: nobody's directory open to all: refused in one line"
	is "$(ls -A "$T/sticky/pub" | wc -l | tr -d ' ')" 0 "$s: nothing made in it"

	plot_as "$sh" -o "$T/sticky/first"
	is "$RC" 1 "$s: a name nobody made first in a sticky directory: exit 1"
	is "$(ls -A "$T/sticky/first" | wc -l | tr -d ' ')" 0 "$s: nothing made in it"

	run timeout 120 sh -c 'cd "$1" && shift && exec "$@"' sh \
	    "$T/sticky/pub" $sh "$SB" plot "$RUN"
	is "$RC $ERR" "1 smpbench: plot: plots here: refused: $T/sticky/pub is owned by uid $OUID, not this user or root (name a directory with -o)" \
	    "$s: plot without -o in nobody's directory: refused in one line"
	is "$(ls -A "$T/sticky/pub" | wc -l | tr -d ' ')" 0 "$s: nothing made in it"

	run env TMPDIR="$T/sticky/pub" timeout 120 $sh "$SB" plot -o "$T/$s-tmp" "$RUN"
	is "$RC $ERR" "1 smpbench: TMPDIR: refused: $T/sticky/pub is owned by uid $OUID, not this user or root (saved runs are read from copies made there)" \
	    "$s: plot with a TMPDIR of nobody's: refused in one line"
	check "$s: no plots made" test ! -e "$T/$s-tmp"

	# A new directory in a sticky one of root's, through a link of
	# root's: the plots' own; made under umask 0, no one else can write
	# it, and gnuplot draws there (the swap, tried as nobody, fails).
	rm -f "$T/swap.tried"
	ln -s "$T/sticky" "$T/$s-link"
	umask 0
	plot_as "$sh" -o "$T/$s-link/$s-mine"
	umask 022
	is "$RC" 0 "$s: a new -o DIR in a sticky directory of root's: drawn"
	is "$(cat "$T/sticky/$s-mine/ring.png")" drawn "$s: into the directory made"
	is "$(ls -ld "$T/sticky/$s-mine" | cut -c 1-10)" drwxr-xr-x \
	    "$s: under umask 0, open to none but root"
	untouched "$s: a directory of root's, swapped as gnuplot draws"
	check "$s: the swap was tried" test -e "$T/swap.tried"
	check "$s: and the plots' directory was not moved" test ! -e "$T/sticky/$s-mine.old"
done

# validate makes its files in TMPDIR: not in nobody's.
if [ -x tests/bench/floor ]; then
	run env TMPDIR="$T/sticky/pub" SMPBENCH_SWEEP=tiny timeout 120 \
	    sh "$SB" validate
	is "$RC $ERR" "1 smpbench: TMPDIR: refused: $T/sticky/pub is owned by uid $OUID, not this user or root (validate's files are made there)" \
	    "validate with a TMPDIR of nobody's: refused in one line"
	is "$(ls -A "$T/sticky/pub" | wc -l | tr -d ' ')" 0 "and nothing made in it"
else
	t_skip "tests/bench/floor is not built: validate cannot start"
	t_skip "tests/bench/floor is not built"
fi

done_testing
