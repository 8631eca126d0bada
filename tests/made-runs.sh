# shellcheck shell=sh
# tests/made-runs.sh: saved runs made to order, from a fixed seed, for
# the tests of compare's verdicts (never by running the programs), and
# the look-ups into compare's output: its table's marks, its -p keys.
# Sourced after tests/lib.sh, from the top of the tree.

# draws SEED N CENTRE CV: N figures about CENTRE, each CENTRE * (1 + CV
# * z), z near a standard normal (the sum of 12 uniform draws less 6),
# from a Park-Miller generator seeded with SEED: the same numbers on
# every awk.
draws() {
	awk -v seed="$1" -v n="$2" -v c="$3" -v cv="$4" 'BEGIN {
		x = seed
		for (i = 1; i <= n; i++) {
			z = -6
			for (k = 0; k < 12; k++) {
				x = (16807 * x) % 2147483647
				z += x / 2147483647
			}
			printf "%s%.6f", (i > 1 ? "," : ""), c * (1 + cv * z)
		}
		print ""
	}'
}

# made_run DIR WORKLOAD LABEL SPEC...: a saved quick run of WORKLOAD
# (ring or herd) labelled LABEL, its env that of stat-a but for the
# label and the date (each run its own); each SPEC, "N:FIGURES" or
# "N:FIGURES:CPUS:RUN:WAIT", is the unpinned cell of N processes, one
# repeat per figure (comma-separated; seconds for the herd, switches a
# second for the ring), run on CPUS CPUs with run_s and wait_s RUN and
# WAIT times the measured time (no kernel statistics without them).
RUNS_MADE=0
made_run() {
	mr_dir=$1 mr_w=$2 mr_label=$3
	shift 3
	RUNS_MADE=$((RUNS_MADE + 1))
	mkdir -p "$mr_dir/raw"
	sed "s/^label=.*/label=$mr_label/; s/^note=.*/note=/
	    s/^date=.*/date=2026-02-01T10:$(printf %02d $RUNS_MADE):00Z/
	    s/^workloads=.*/workloads=$mr_w/" tests/fixtures/stat-a/env >"$mr_dir/env"
	printf 'run_id=t714-%d\n' "$RUNS_MADE" >>"$mr_dir/env"
	printf 'measurements=1\nfailed=0\n' >"$mr_dir/complete"
	for mr_s in "$@"; do
		printf '%s\n' "$mr_s"
	done | awk -F : -v w="$mr_w" '{
		n = split($2, v, ",")
		for (r = 1; r <= n; r++) {
			if (w == "herd")
				printf "place=free rep=%d argv=-n,%d,-i,5000000" \
				    " procs=%d iterations=5000000 wall_s=%s" \
				    " us_per_iteration=%.10g tokens=5000000", r, $1,
				    $1, v[r], v[r] / 5
			else
				printf "place=free rep=%d argv=-n,%d,-T,1 procs=%d" \
				    " laps=1 wall_s=1 switches_per_s=%s", r, $1, $1,
				    v[r]
			printf " user_s=0.1 sys_s=0.1 nvcsw=1 nivcsw=1 minflt=0"
			if (NF >= 3)
				printf " cpus_used=%d cpus_pinned=0", $3
			if (NF >= 5)
				printf " run_s=%.6f wait_s=%.6f wait_max_s=0" \
				    " migrations=0 sched_stats=kernel\n",
				    $4 * (w == "herd" ? v[r] : 1),
				    $5 * (w == "herd" ? v[r] : 1)
			else
				printf " sched_stats=none\n"
		}
	}' >"$mr_dir/raw/$mr_w"
}

# mark_of TEXT ROW: the marks after the changes of the table's row ROW
# (its heading), in every block of the table, one per column after the
# first that has one, "." for none.
mark_of() {
	printf '%s\n' "$1" | awk -v row="$2" '
		/^[a-z]+: / && seen { exit }
		{ h = $0; sub(/ :.*/, "", h); sub(/^ +/, "", h) }
		h == row && / : / {
			seen = 1
			for (i = 1; i <= NF; i++)
				if ($i ~ /^([-+][0-9]+%|0%|x1\/[0-9.]+|x[0-9.]+)/) {
					m = $i
					sub(/^([-+][0-9]+%|0%|x1\/[0-9.]+|x[0-9.]+)/, "", m)
					s = s (s == "" ? "" : " ") (m == "" ? "." : m)
				}
		}
		END { print s }'
}

# pkey TEXT CELL COLUMN KEY: the value of KEY in the -p line of CELL
# and COLUMN.
pkey() {
	printf '%s\n' "$1" | awk -v c="cell=$2" -v l="column=$3" -v k="$4" '
		{ hc = hl = 0; v = "" }
		{ for (i = 1; i <= NF; i++) {
			if ($i == c) hc = 1
			if ($i == l) hl = 1
			if (index($i, k "=") == 1) v = substr($i, length(k) + 2)
		} }
		hc && hl { print v; exit }'
}

# one_line_runs DIR N: N saved runs in DIR, 1 ... N, each of one line of
# raw/ring (one repeat of the ring of 2, its figure 100000 + K), complete,
# with stat-a's env but for its label (L0 and L1 in turn, two columns)
# and an id of its own; made by one mkdir and one awk, whatever N.
one_line_runs() {
	mkdir -p "$1"
	awk -v n="$2" 'BEGIN { for (k = 1; k <= n; k++) print k "/raw" }' |
	    (cd "$1" && xargs mkdir -p)
	awk -v dir="$1" -v n="$2" '
		/^label=/ || /^workloads=/ { next }
		{ env = env $0 "\n" }
		END {
			for (k = 1; k <= n; k++) {
				d = dir "/" k
				printf "%slabel=L%d\nworkloads=ring\nrun_id=one-%d\n",
				    env, k % 2, k > (d "/env")
				printf "place=free rep=1 argv=-n,2,-T,1 procs=2" \
				    " laps=1 wall_s=1 switches_per_s=%d" \
				    " sched_stats=none\n", 100000 + k > (d "/raw/ring")
				printf "measurements=1\nfailed=0\n" > (d "/complete")
				close(d "/env")
				close(d "/raw/ring")
				close(d "/complete")
			}
		}' tests/fixtures/stat-a/env
}

# long_tmpdir DIR: a directory under DIR whose path is over 3800 bytes
# (19 directories of 200 bytes' names), made, its path into LONG: 36
# runs' copies there pass the 128 KiB an exec takes of one variable.
long_tmpdir() {
	LONG=$1
	lt_seg=$(awk 'BEGIN { while (length(s) < 200) s = s "x"; print s }')
	lt_k=0
	while [ "$lt_k" -lt 19 ]; do
		LONG=$LONG/$lt_seg
		lt_k=$((lt_k + 1))
	done
	mkdir -p "$LONG"
}

# many_cells DIR ROWS N: a run DIR/0 of ROWS pipe cells (write sizes 1 to
# ROWS KiB, think 1, one repeat each, unpinned) and N runs DIR/1 ... N of
# one line each, the cell of size K for run K, each labelled of its own
# (L0 ... LN: N + 1 columns), complete, with stat-a's env but for the
# label and the workload; made by one awk, whatever ROWS and N. Nearly
# every cell of the table compare makes of them is empty.
many_cells() {
	awk -v n="$3" 'BEGIN { for (k = 0; k <= n; k++) print k "/raw" }' |
	    (mkdir -p "$1" && cd "$1" && xargs mkdir -p)
	awk -v dir="$1" -v rows="$2" -v n="$3" '
		/^label=/ || /^workloads=/ || /^run_id=/ { next }
		{ env = env $0 "\n" }
		function pipe_line(s, f) {
			printf "place=free rep=1 argv=-s,%d,-t,1,-b,1" \
			    " write_kib=%d think=1 budget_mib=1 bytes=1048576" \
			    " transfers=%d clamped=0 wall_s=0.003270" \
			    " user_s=0.002 sys_s=0.001 cpu_pct=%.1f nvcsw=455" \
			    " nivcsw=437 think_ns=0.2377 cpus_used=2" \
			    " cpus_pinned=0\n", s, s, 1024 / s + 1, 50 + s % 50 \
			    > f
		}
		END {
			for (k = 0; k <= n; k++) {
				d = dir "/" k
				printf "%slabel=L%d\nworkloads=pipe\nrun_id=cells-%d\n",
				    env, k, k > (d "/env")
				printf "measurements=1\nfailed=0\n" > (d "/complete")
				close(d "/env")
				close(d "/complete")
			}
			for (s = 1; s <= rows; s++)
				pipe_line(s, dir "/0/raw/pipe")
			for (k = 1; k <= n; k++) {
				pipe_line(k, dir "/" k "/raw/pipe")
				close(dir "/" k "/raw/pipe")
			}
		}' tests/fixtures/stat-a/env
}
