# t617-yield-storm: a storm of 4096 smpb-yield threads, created,
# released, measured and joined. make test keeps a storm of 1024 (t401);
# this one is make test-all's.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "a storm of 4096 yielding threads"
YIELD=bin/smpb-yield
[ -x "$YIELD" ] || skip_all "$YIELD is not built (run make)"

run $YIELD -p -n 4096 -T 0.05
is "$RC" 0 "-n 4096 runs"
is "$(kv "$OUT" threads)" 4096 "threads=4096"
check "min <= avg <= max per thread" awk -v a="$(kv "$OUT" min_per_thread)" \
    -v b="$(kv "$OUT" avg_per_thread)" -v c="$(kv "$OUT" max_per_thread)" \
    'BEGIN { exit !(a <= b && b <= c) }'
is "$ERR" "" "and says nothing on stderr"

done_testing
