# t602-build: the tree builds from clean with -j2 under gcc and clang with
# -Werror, and install/uninstall honour DESTDIR and PREFIX.
# shellcheck source=tests/lib.sh
. tests/lib.sh

# build_copy CC: a clean copy of the tree built with CC and make -j2.
build_copy() {
	rm -rf "$TMPDIR_T/tree"
	mkdir -p "$TMPDIR_T/tree/tests" &&
	cp -R Makefile src scripts "$TMPDIR_T/tree/" 2>/dev/null
	cp -R tests/tap.h tests/unit "$TMPDIR_T/tree/tests/" &&
	(cd "$TMPDIR_T/tree" && make clean >/dev/null &&
	    make -j2 CC="$1" all >"$TMPDIR_T/build.log" 2>&1)
}

for cc in gcc clang; do
	if ! need_cmd "$cc"; then
		t_result 0 "# SKIP $cc is not installed"
		continue
	fi
	check "builds from clean with $cc -j2 -Werror" build_copy "$cc"
	is "$(grep -c 'warning:' "$TMPDIR_T/build.log")" 0 "$cc: no warnings"
done

dest=$TMPDIR_T/dest
run make install DESTDIR="$dest" PREFIX=/opt/smpb
is "$RC" 0 "make install DESTDIR=... PREFIX=/opt/smpb"
check "installs smpb-ring" test -x "$dest/opt/smpb/bin/smpb-ring"
check "installs its page" test -f "$dest/opt/smpb/share/man/man1/smpb-ring.1"
like "$(grep '^\.Os' "$dest/opt/smpb/share/man/man1/smpb-ring.1")" \
    '^\.Os smpbench [0-9]+\.[0-9]+' "the page carries the version"
run make uninstall DESTDIR="$dest" PREFIX=/opt/smpb
is "$RC" 0 "make uninstall"
is "$(find "$dest" -type f | wc -l | tr -d ' ')" 0 "removes what it installed"

done_testing
