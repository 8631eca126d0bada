# t755-file-size: a run under a file-size limit (ulimit -f) that its raw
# file outgrows: the write past the limit fails, where its signal,
# SIGXFSZ, would kill the driver without a word; the run stops with
# exit 1 and one line naming the file, the limit and the measurement
# lost, is kept marked incomplete, and leaves nothing running.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=scripts/smpbench
[ -x bin/smpb-ring ] || skip_all "bin/smpb-ring is not built (run make)"
export SMPBENCH_SWEEP=tiny
T=$TMPDIR_T

for s in $SHELLS; do
	use_shell $s || continue
	d=$T/run-$s
	run sh -c 'ulimit -f 8 && exec "$@"' sh $sh $SB run -S 0 -o "$d" ring
	is "$RC" 1 "$s: a run past the file-size limit: exit 1"
	like "$(printf '%s\n' "$ERR" | tail -n 1)" \
	    "^smpbench: cannot write $d/\\.work/raw \\(write error.*\\): the measurement ring .* is lost; .* the run is kept, incomplete, in $d\$" \
	    "$s: one line naming the file and the measurement lost"
	check "$s: the run is marked incomplete" test -s "$d/incomplete"
	check "$s: its work directory is gone" test ! -e "$d/.work"
done

done_testing
