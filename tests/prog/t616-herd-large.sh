# t616-herd-large: a herd of 1000 processes for 3000 tokens, most of them
# handling few or none: the counts still add up to -i exactly, and the
# fairness keys agree with them. make test keeps a herd of 100 for 150
# (t301); this one is make test-all's.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "a herd of 1000 processes"
HERD=bin/smpb-herd
[ -x "$HERD" ] || skip_all "$HERD is not built (run make)"

run $HERD -p -n 1000 -i 3000
is "$RC" 0 "-n 1000 -i 3000 exits 0"
is "$(kv "$OUT" procs)" 1000 "-n 1000: procs=1000"
is "$(kv "$OUT" iterations)" 3000 "-n 1000: iterations=3000"
is "$(kv "$OUT" tokens)" 3000 "-n 1000: the counts sum to 3000 exactly"
check "-n 1000: 1 <= active_procs <= 1000, min <= max" awk \
    -v a="$(kv "$OUT" active_procs)" -v lo="$(kv "$OUT" min_tokens)" \
    -v hi="$(kv "$OUT" max_tokens)" \
    'BEGIN { exit !(a >= 1 && a <= 1000 && lo <= hi && hi >= 1) }'
check "-n 1000: top_share_pct = 100 * max_tokens / iterations" awk \
    -v s="$(kv "$OUT" top_share_pct)" -v hi="$(kv "$OUT" max_tokens)" \
    'BEGIN { d = s - 100 * hi / 3000; exit !(d < 0.006 && d > -0.006) }'
check "-n 1000: 1/procs <= jain <= 1" awk -v j="$(kv "$OUT" jain)" \
    'BEGIN { exit !(j >= 1 / 1000 - 0.0001 && j <= 1) }'
check "-n 1000: a process that handled none is not active" awk \
    -v a="$(kv "$OUT" active_procs)" -v lo="$(kv "$OUT" min_tokens)" \
    'BEGIN { exit !(lo > 0 ? a == 1000 : a < 1000) }'

done_testing
