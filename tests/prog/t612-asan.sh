# t612-asan: the programs' early exits leave nothing for LeakSanitizer,
# and keep their statuses. A copy of the tree is built with
# -fsanitize=address (AddressSanitizer, with its leak checker) and every
# workload's program (processes or threads) is ended by SIGTERM mid-run
# (143), by the -L watchdog (3) and by a usage error (2), and runs a
# short measurement (0); a report of a leak at exit would turn each
# status into 1. Each runs as its file's facts say (test_long,
# test_workers, test_quick).
#
# Skipped, with the reason, when no compiler here has a working
# AddressSanitizer runtime with its leak checker (one that reports a
# leak made on purpose); with SMPB_ASAN_REQUIRED=1 that is a failure.
# shellcheck disable=SC2317 # functions run through within
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "a build and runs under AddressSanitizer"

# no_asan REASON: skip, unless the sanitizer is required to run.
no_asan() {
	if [ "${SMPB_ASAN_REQUIRED:-0}" = 1 ]; then
		t_result 1 "AddressSanitizer is required here: $1"
		done_testing
	fi
	skip_all "$1"
}

# A compiler whose runtime finds a leak: the probe leaks on purpose.
probe=$TMPDIR_T/probe
cat >"$probe.c" <<'EOF_PROBE'
#include <stdlib.h>
void *keep;
int main(void) { keep = malloc(32); keep = 0; return 0; }
EOF_PROBE
asan_cc=
for cc in ${CC:-} clang gcc cc; do
	need_cmd "$cc" || continue
	"$cc" -fsanitize=address -g -o "$probe" "$probe.c" \
	    >/dev/null 2>&1 || continue
	if ! ASAN_OPTIONS=detect_leaks=1 "$probe" >/dev/null \
	    2>"$TMPDIR_T/probe.err" &&
	    grep -q 'LeakSanitizer: detected memory leaks' \
	    "$TMPDIR_T/probe.err"; then
		asan_cc=$cc
		break
	fi
done
[ -n "$asan_cc" ] ||
    no_asan "no compiler here has a working AddressSanitizer leak checker"

# The programs and their library in a copy of the tree, with ASan.
tree=$TMPDIR_T/tree
# shellcheck disable=SC2046,SC2086 # the programs, split on purpose
build_tree "$tree" &&
    (cd "$tree" && make clean >/dev/null 2>&1 &&
    make CC="$asan_cc" CFLAGS="-std=c11 -O1 -g -fsanitize=address \
-fno-omit-frame-pointer -Wall -Wextra -Werror" \
	LDFLAGS=-fsanitize=address $(printf 'bin/smpb-%s ' $WORKLOADS) \
	>"$TMPDIR_T/build.log" 2>&1)
is "$?" 0 "the programs build with $asan_cc -fsanitize=address"
for w in $WORKLOADS; do
	[ -x "$tree/bin/smpb-$w" ] || {
		sed 's/^/# /' "$TMPDIR_T/build.log"
		done_testing
	}
done
ASAN_OPTIONS=detect_leaks=1
export ASAN_OPTIONS

# clean NAME: no sanitizer report in the last run's stderr.
clean() {
	if grep -q 'Sanitizer' "$TMPDIR_T/err"; then
		t_result 1 "$1: no sanitizer report"
		sed -n '1,20s/^/# /p' "$TMPDIR_T/err"
	else
		t_result 0 "$1: no sanitizer report"
	fi
}

for w in $WORKLOADS; do
	prog=$tree/bin/smpb-$w
	args=$(wl_fact "$w" test_long)
	workers=$(wl_fact "$w" test_workers)
	quick=$(wl_fact "$w" test_quick)
	if [ -z "$args" ] || [ -z "$workers" ] || [ -z "$quick" ]; then
		t_result 1 "$w: scripts/workloads/$w.sh gives test_long_$w, test_workers_$w and test_quick_$w"
		continue
	fi

	# shellcheck disable=SC2086 # the arguments, split on purpose
	"$prog" $args >/dev/null 2>"$TMPDIR_T/err" &
	pid=$!
	check "$w: running ($workers)" within 30 has_workers "$pid" "$workers"
	kill -TERM "$pid"
	wait "$pid"
	is "$?" 143 "$w: SIGTERM mid-run still exits 143"
	clean "$w, SIGTERM"

	# shellcheck disable=SC2086
	"$prog" $args -L 1 >/dev/null 2>"$TMPDIR_T/err"
	is "$?" 3 "$w: the -L watchdog still exits 3"
	is "$(cat "$TMPDIR_T/err")" "smpb-$w: timed out after 1 s" \
	    "$w: with its line alone"

	"$prog" -C 0- >/dev/null 2>"$TMPDIR_T/err"
	is "$?" 2 "$w: a usage error still exits 2"
	clean "$w, usage error"

	# A measurement that ends well, under the sanitizer too.
	# shellcheck disable=SC2086
	run "$prog" -p $quick
	is "$RC" 0 "$w $quick: exits 0"
	like "$OUT" "$KV_LINE" "$w: and prints its line"
	printf '%s\n' "$ERR" >"$TMPDIR_T/err"
	clean "$w $quick"
done

done_testing
