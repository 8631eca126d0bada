# t903-export: export streams: a run of 20000 raw lines is exported
# within the memory a tiny run needs (ulimit -v, where the shell has
# it), and more than 1000 keys in all are refused, nothing printed.
# shellcheck disable=SC3045 # ulimit -v, tried where the shell has it
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
FIX=$PWD/tests/fixtures
SB=$PWD/scripts/smpbench
T=$TMPDIR_T

# export streams: the memory a tiny run needs (the least of these limits
# it runs within) is enough for a run of 20000 raw lines.
mkdir -p "$T/big/raw"
cp "$FIX/run-a/env" "$T/big/"
awk 'BEGIN { for (i = 1; i <= 20000; i++) printf "place=free rep=%d argv=-n,1,-T,0.05 threads=1 processes=0 seconds=0.050089 total_per_s=2479303 avg_per_thread=2479303 us_per_yield=0.4033 zero_threads=0 norm_var=0.000000 jain=1.000000 min_per_thread=2479303 max_per_thread=2479303 user_s=0.008 sys_s=0.043 nvcsw=0 nivcsw=12 cpus_used=1 cpus_pinned=0\n", i }' \
    >"$T/big/raw/yield"
limit=
for kib in 8192 12288 16384 24576 32768 49152 65536 98304 131072; do
	if (ulimit -v "$kib" && sh "$SB" export "$FIX/run-a" >/dev/null 2>&1); then
		limit=$((kib + 4096))
		break
	fi
done
if [ -z "$limit" ]; then
	t_skip "ulimit -v: no limit let a tiny export run"
else
	run sh -c "ulimit -v $limit && sh '$SB' export '$T/big' | wc -l"
	is "$RC $OUT" "0 20001" "20000 raw lines exported within the memory of a tiny run ($limit KiB)"
fi

# 1001 keys: refused.
mkdir -p "$T/keys/raw"
cp "$FIX/run-a/env" "$T/keys/"
awk 'BEGIN { for (i = 1; i <= 1001; i++) printf "place=free rep=%d k%d=1\n", i, i }' \
    >"$T/keys/raw/ring"
run sh "$SB" export "$T/keys"
is "$RC $(printf '%s' "$OUT" | wc -c | tr -d ' ')" "1 0" "1001 keys: exit 1, no CSV"
# (After the note that the run, with no marker, is incomplete.)
is "$(printf '%s\n' "$ERR" | tail -n 1)" "smpbench: more than 1000 keys in these runs' measurements (the programs print about 100): not exported" \
    "and why"

done_testing
