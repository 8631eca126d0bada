# t602-build: the tree builds from clean with -j2 under gcc, clang and
# musl-gcc (the C library musl) with -Werror, and install/uninstall
# honour DESTDIR and PREFIX.
# shellcheck disable=SC2317 # functions run through check
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "three clean builds (gcc, clang, musl-gcc) and an install"

# build_copy CC: a clean copy of the tree built with CC and make -j2.
build_copy() {
	rm -rf "$TMPDIR_T/tree"
	mkdir -p "$TMPDIR_T/tree/tests" && build_tree "$TMPDIR_T/tree" &&
	cp -R tests/tap.h tests/unit "$TMPDIR_T/tree/tests/" &&
	(cd "$TMPDIR_T/tree" && make clean >/dev/null &&
	    make -j2 CC="$1" WERROR=-Werror all >"$TMPDIR_T/build.log" 2>&1)
}

for cc in gcc clang musl-gcc; do
	if ! need_cmd "$cc"; then
		t_skip "$cc is not installed"
		continue
	fi
	check "builds from clean with $cc -j2 -Werror" build_copy "$cc"
	is "$(grep -c 'warning:' "$TMPDIR_T/build.log")" 0 "$cc: no warnings"
done

# The portable fallback of src/lib/sys.c, as on a system with neither
# affinity, getcpu nor PR_SET_PDEATHSIG: builds, runs, refuses -c with
# exit 4, and the guardian alone still takes the workers down with main.
fallback_build() {
	rm -rf "$TMPDIR_T/fb"
	build_tree "$TMPDIR_T/fb" &&
	(cd "$TMPDIR_T/fb" && make clean >/dev/null &&
	    make CPPFLAGS='-D_POSIX_C_SOURCE=200809L -U__linux__' \
	    bin/smpb-ring >"$TMPDIR_T/fb.log" 2>&1)
}
if [ "$(uname -s)" = Linux ] && check "the portable fallback builds" fallback_build; then
	fb=$TMPDIR_T/fb/bin/smpb-ring
	run "$fb" -p -n 2 -T 0.1
	is "$RC" 0 "fallback: the ring runs"
	is "$(kv "$OUT" cpus_used)" -1 "fallback: CPUs used unknown, -1"
	run "$fb" -c 0 -T 0.1
	is "$RC" 4 "fallback: -c exits 4"
	is "$ERR" "smpb-ring: -c: this system cannot bind threads to CPUs" \
	    "fallback: and says why"
	"$fb" -n 6 -T 60 >/dev/null 2>&1 &
	pid=$!
	wait_children "$pid" 7
	kids=$(children "$pid")
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	# shellcheck disable=SC2086
	check "fallback: the guardian kills the workers of a SIGKILLed main" \
	    wait_gone 2 $kids
else
	t_skip "the fallback build is checked on Linux only"
fi

dest=$TMPDIR_T/dest
run make install DESTDIR="$dest" PREFIX=/opt/smpb
is "$RC" 0 "make install DESTDIR=... PREFIX=/opt/smpb"
check "installs smpb-ring" test -x "$dest/opt/smpb/bin/smpb-ring"
check "installs its page" test -f "$dest/opt/smpb/share/man/man1/smpb-ring.1"
check "installs smpb-stat beside the driver's files" \
    test -x "$dest/opt/smpb/libexec/smpbench/smpb-stat"
check "installs its page" test -f "$dest/opt/smpb/share/man/man1/smpb-stat.1"
check "and its tables' page" test -f "$dest/opt/smpb/share/man/man5/smpb-stat.5"
check "installs smpb-snap beside the driver's files" \
    test -x "$dest/opt/smpb/libexec/smpbench/smpb-snap"
check "installs its page" test -f "$dest/opt/smpb/share/man/man1/smpb-snap.1"
check "installs the concepts page" test -f "$dest/opt/smpb/share/man/man7/smpbench.7"
check "installs the page of what the programs share" \
    test -f "$dest/opt/smpb/share/man/man7/smpb-common.7"
like "$(grep '^\.Os' "$dest/opt/smpb/share/man/man1/smpb-ring.1")" \
    '^\.Os smpbench [0-9]+\.[0-9]+' "the page carries the version"
run make uninstall DESTDIR="$dest" PREFIX=/opt/smpb
is "$RC" 0 "make uninstall"
is "$(find "$dest" -type f | wc -l | tr -d ' ')" 0 "removes what it installed"

done_testing
