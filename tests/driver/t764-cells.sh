# t764-cells: compare's memory is of the cells a run holds, not of its
# rows times its columns (smpb-stat answers no cell of no repeat, and
# compare walks the cells answered). tests/made-runs.sh's many_cells:
# a run of 2000 pipe cells and 39 runs of one line each, each labelled
# of its own: 40 columns, 80000 cells, 2039 with a figure. compare -p
# and compare of them within 64 MiB of memory (ulimit -v: compare -p's
# awk held 230 MB here, 3 KB an empty cell), exit 0, a line a cell with
# a figure, and the table's last row. Under make test-all, the 20000
# cells of the issue's own case (820000 cells; its awk held 2.3 GB),
# within 256 MiB, every shell.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
# shellcheck source=tests/made-runs.sh
. tests/made-runs.sh
SB=$PWD/scripts/smpbench
T=$TMPDIR_T

# within KIB CMD...: CMD... within KIB KiB of memory (ulimit -v).
# shellcheck disable=SC2317,SC3045 # run by run; ulimit -v: every shell has it
within_kib() {
	(
		ulimit -v "$1" || exit 125
		shift
		exec "$@"
	)
}

# cells_case ROWS KIB: compare -p and compare of many_cells' runs of
# ROWS rows, each within KIB KiB, under every shell.
cells_case() {
	many_cells "$T/r$1" "$1" 39
	for s in $SHELLS; do
		use_shell $s || continue
		run within_kib "$2" $sh "$SB" compare -p "$T/r$1"
		is "$RC" 0 "$s: compare -p of $1 rows by 40 columns within $2 KiB: exit 0"
		is "$(printf '%s\n' "$OUT" | grep -c '^workload=pipe ')" $(($1 + 39)) \
		    "$s: a line a cell with a figure, $1 + 39"
		is "$ERR" "" "$s: compare -p: nothing on stderr"
		run within_kib "$2" $sh "$SB" compare "$T/r$1"
		is "$RC" 0 "$s: compare of them within $2 KiB: exit 0"
		like "$OUT" "^ *${1}k x 1 : " "$s: compare: the last row"
	done
}

cells_case 2000 65536
[ "${TEST_ALL:-0}" = 1 ] || t_skip "20000 rows by 40 columns: make test-all runs it"
[ "${TEST_ALL:-0}" != 1 ] || cells_case 20000 262144
done_testing
