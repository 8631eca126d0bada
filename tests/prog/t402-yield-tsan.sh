# t402-yield-tsan: smpb-yield's threads, and the harness under them, are
# free of data races: a copy of the tree is built with -fsanitize=thread
# and run through the measured path and the cleanup paths (signal,
# watchdog), and ThreadSanitizer must report nothing.
#
# Skipped, with the reason, when no compiler here has a working TSan
# runtime; with SMPB_TSAN_REQUIRED=1 (as in CI) that is a failure instead.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "a build and runs under ThreadSanitizer"

# no_tsan REASON: skip, unless CI requires the sanitizer to run.
no_tsan() {
	if [ "${SMPB_TSAN_REQUIRED:-0}" = 1 ]; then
		t_result 1 "ThreadSanitizer is required here: $1"
		done_testing
	fi
	skip_all "$1"
}

# A compiler whose TSan runtime links and runs a program with a thread.
probe=$TMPDIR_T/probe
cat >"$probe.c" <<'EOF'
#include <pthread.h>
static void *f(void *a) { return a; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0);
    return pthread_join(t, 0); }
EOF
# Some runtimes cannot map their shadow memory under a kernel's full
# address-space randomisation; setarch -R turns it off for one program.
tsan_cc=
for cc in ${CC:-} gcc clang cc; do
	need_cmd "$cc" || continue
	"$cc" -fsanitize=thread -o "$probe" "$probe.c" -lpthread \
	    >/dev/null 2>&1 || continue
	for pfx in "" "setarch $(uname -m) -R"; do
		if $pfx "$probe" >/dev/null 2>&1; then
			tsan_cc=$cc
			break 2
		fi
	done
done
[ -n "$tsan_cc" ] || no_tsan "no compiler here has a working ThreadSanitizer runtime"

# Build smpb-yield and its library in a copy of the tree, with TSan.
tree=$TMPDIR_T/tree
build_tree "$tree" &&
    (cd "$tree" && make clean >/dev/null 2>&1 &&
    make CC="$tsan_cc" \
	CFLAGS="-std=c11 -O1 -g -fsanitize=thread -Wall -Wextra -Werror" \
	LDFLAGS=-fsanitize=thread bin/smpb-yield >"$TMPDIR_T/build.log" 2>&1)
is "$?" 0 "smpb-yield builds with $tsan_cc -fsanitize=thread"
YIELD=$tree/bin/smpb-yield
[ -x "$YIELD" ] || { sed 's/^/# /' "$TMPDIR_T/build.log"; done_testing; }

# tsan_clean NAME: no ThreadSanitizer report in the last run's stderr.
tsan_clean() {
	if grep -q 'ThreadSanitizer' "$TMPDIR_T/err"; then
		t_result 1 "$1: ThreadSanitizer reports nothing"
		sed -n '1,30s/^/# /p' "$TMPDIR_T/err"
	else
		t_result 0 "$1: ThreadSanitizer reports nothing"
	fi
}

run $pfx "$YIELD" -p -n 4 -T 0.3
is "$RC" 0 "4 threads, -T 0.3: exits 0"
like "$OUT" '^threads=4 ' "and reports"
tsan_clean "4 threads"

run $pfx "$YIELD" -n 16 -T 0.3
is "$RC" 0 "16 threads: exits 0"
tsan_clean "16 threads"

run $pfx "$YIELD" -n 4 -T 30 -L 1
is "$RC" 3 "the watchdog ends a threaded run with exit 3"
tsan_clean "threads stopped by the watchdog"

$pfx "$YIELD" -n 4 -T 30 >"$TMPDIR_T/out" 2>"$TMPDIR_T/err" &
pid=$!
tries=50
while [ "$(ps -o nlwp= -p "$pid" | tr -d ' ')" -lt 5 ] && [ "$tries" -gt 0 ]; do
	tries=$((tries - 1))
	sleep 0.1
done
sleep 0.2
kill -INT "$pid"
wait "$pid"
is "$?" 130 "SIGINT ends a threaded run with exit 130"
tsan_clean "threads stopped by SIGINT"

done_testing
