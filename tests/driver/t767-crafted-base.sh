# t767-crafted-base: t749's crafted host files in the base column, for
# every craft t749 leaves to make test-all. The herd of 2 in f50 (+50%)
# and m15 (-15%) after base, 1% noise, the same host under each; base's
# host file holds timings no run makes (-0, 1e300, x1e-30): compare
# marks both changes still, and says, in -p and in the header, that the
# host's speed is unknown. t749 keeps x1e40, nan and two of ten x5 in
# the base column, and every craft in the compared columns.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "crafted host files in the base column, every craft"
# shellcheck source=tests/made-runs.sh
. tests/made-runs.sh
SB=scripts/smpbench
T=$TMPDIR_T

# As t749 makes them: the same seeds, the same host timings (each
# craft made of those of f50 and m15).
made_run "$T/base" herd base "2:$(draws 91 5 4.0 0.01)"
made_run "$T/f50" herd f50 "2:$(draws 92 5 6.0 0.01)"
made_run "$T/m15" herd m15 "2:$(draws 94 5 3.4 0.01)"
GOOD_B=$(draws 82 20 0.33 0.01)
# host_file DIR TIMINGS: DIR's host file, the herd with these timings.
host_file() {
	printf 'workload=herd settle_wait_s=0.0 settle_state=quiet steal_pct=0.00 psi_some_pct=0.00 canary_median_ns=0.33 canary_n=20 canary_ns=%s\n' \
	    "$2" >"$1/host"
}
host_file "$T/f50" "$GOOD_B"
host_file "$T/m15" "$GOOD_B"
for craft in zero 1e300 x1e-30; do
	case $craft in
	zero) t=$(printf '%s\n' "$GOOD_B" | sed 's/[^,]*/-0/g') ;;
	1e300) t=$(printf '%s\n' "$GOOD_B" | sed 's/[^,]*/1e300/g') ;;
	x1e-30) t=$(printf '%s\n' "$GOOD_B" | tr , '\n' |
	    awk '{ printf "%s%.6g", (NR > 1 ? "," : ""), $1 * 1e-30 }') ;;
	esac
	cp -R "$T/base" "$T/c-$craft"
	host_file "$T/c-$craft" "$t"
	run sh $SB compare -p -w herd "$T/c-$craft" "$T/f50" "$T/m15"
	is "$(pkey "$OUT" 2 f50 verdict) $(pkey "$OUT" 2 m15 verdict)" \
	    "changed changed" "timings $craft in the base column: every mark stays"
	is "$(pkey "$OUT" 2 f50 host)" unknown \
	    "timings $craft: the host's speed is unknown, in -p"
	run sh $SB compare -w herd "$T/c-$craft" "$T/f50"
	like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" 'The host.s speed under f50 is unknown in herd \(timings of its CPU that no run makes left out, ' \
	    "timings $craft: and in the header"
done

done_testing
