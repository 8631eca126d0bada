# t711-install: an installed copy (make install DESTDIR=... PREFIX=...)
# works like the source tree: the driver finds its awk programs and the
# seeds' runs, so show, compare, export and plot of historical/NAME work
# from any directory; make uninstall takes it all away.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
need_cmd make || skip_all "make is not installed"

dest=$TMPDIR_T/dest
run make -s install DESTDIR="$dest" PREFIX=/opt/smpb
is "$RC" 0 "make install DESTDIR=... PREFIX=/opt/smpb"
share=$dest/opt/smpb/share/smpbench
is "$(cd results/historical && find . -type f | LC_ALL=C sort | tr '\n' ' ')" \
    "$(cd "$share/historical" && find . -type f | LC_ALL=C sort | tr '\n' ' ')" \
    "the seeds' runs are installed, every file"
SB=$dest/opt/smpb/bin/smpbench
Y=historical/2001-yield-2.4.1-pre8
# From a directory that has no results/ of its own.
mkdir "$TMPDIR_T/elsewhere"
cd "$TMPDIR_T/elsewhere" || exit 1
run sh "$SB" compare $Y-van $Y-prio $Y-mq
is "$RC" 0 "the installed driver compares historical/NAME"
like "$OUT" '^ 1 : +0\.591 +0\.582 +-2% +0\.750 +\+27%$' "the reply's first row"
run sh "$SB" show historical/1999-herd-linux-2.2.7
is "$RC" 0 "and shows one"
like "$OUT" '^ +50 +87\.721$' "with its figures"
# Every subcommand that takes a run takes historical/NAME.
run sh "$SB" export $Y-van
is "$RC" 0 "the installed driver exports historical/NAME"
like "$OUT" '^van,.*/historical/2001-yield-2\.4\.1-pre8-van,yield,1,' "a row of its measurements"
run env PATH="$(path_without gnuplot)" sh "$SB" plot -o "$TMPDIR_T/p" $Y-van
is "$RC" 0 "and plots one"
check "its yield plot" test -s "$TMPDIR_T/p/yield.dat"
run sh "$SB" show historical/nosuch
is "$RC" 1 "an unknown historical run: exit 1"
is "$ERR" "smpbench: historical/nosuch: no such directory" "and says so"
cd - >/dev/null || exit 1
run make -s uninstall DESTDIR="$dest" PREFIX=/opt/smpb
is "$RC" 0 "make uninstall"
is "$(find "$dest" -type f | wc -l | tr -d ' ')" 0 "removes all of it"

done_testing
