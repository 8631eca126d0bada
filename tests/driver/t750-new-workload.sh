# t750-new-workload: a workload is added where tests/README says, and
# nowhere else: in a copy of the tree, a made-up one, spin (a small C
# program on the harness, threads that spin; its page, which holds its
# own options and keys alone and lints clean; its hooks, facts and
# table; one line of scripts/workloads/LIST), is built by the Makefile
# as it is, and swept, shown, compared, exported and plotted by the
# driver, whose other files are left as they are; and every program
# test that runs each workload, run in the copy as it is, passes on spin
# and checks it: none lists the workloads itself or misses one.
# shellcheck disable=SC2016 # the made-up files' text, written as is
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
need_cmd make || skip_all "no make to build the new program with"
[ -x bin/smpb-hog ] || skip_all "bin/smpb-hog is not built (run make)"
T=$TMPDIR_T/tree
# The tree, its programs already built (kept newer than their sources).
mkdir -p "$T/results"
cp -Rp Makefile src bin scripts "$T/" || exit 1
cp results/README "$T/results/"

# The program: -n threads on the harness spin for -T seconds.
cat >"$T/src/spin.c" <<'C'
/* smpb-spin: -n threads spin for -T seconds; prints the spins a second. */
#include <stdio.h>
#include <unistd.h>

#include "lib/smpb.h"

static const char usage_text[] =
    "usage: smpb-spin [-hpVW] [-C cpulist] [-L seconds] [-n count]\n"
    "                 [-T seconds]";

/* Worker: spin and count until the run is over. */
static void
spinner(struct team *t, int self, void *arg)
{
	uint64_t n = 0;
	int i;

	(void)arg;
	worker_gate(t, self);
	while (worker_running(t))
		for (i = 0; i < 1000; i++)
			n++;
	worker_end(t, self);
	team_slot(t, self)->result[0] = n;
}

int
main(int argc, char *argv[])
{
	struct interval iv;
	struct team *t;
	double seconds = 0.05, spins = 0, rate;
	long long n = 1;
	int c, k;

	prog_init(argv[0], usage_text);
	while ((c = opt_next(argc, argv, ":C:hL:n:pT:VW")) != -1) {
		if (c == 'n')
			n = opt_num('n', optarg, 1, 64);
		else
			seconds = opt_seconds('T', optarg, 0.001, 86400);
	}
	opt_no_operands(argc, argv);
	sig_setup(shared_opt.limit_s, shared_opt.watch_parent);
	t = team_new(TEAM_THREADS, (int)n, shared_opt.cpus, shared_opt.ncpus);
	for (k = 0; k < n; k++)
		team_spawn(t, k, spinner, NULL);
	team_run_for(t, seconds);
	team_wait(t);
	report_run(t, -1, &iv);
	for (k = 0; k < n; k++)
		spins += (double)team_slot(t, k)->result[0];
	rate = iv.wall_s > 0 ? spins / iv.wall_s : 0;
	if (shared_opt.parsable) {
		kv_begin();
		kv_int("count", n);
		kv_num("wall_s", iv.wall_s, 6);
		kv_num("spins_per_s", rate, 0);
		report_tail(t);
		kv_end();
	} else {
		printf("%lld\t%.0f\n", n, rate);
	}
	kv_flush();
	team_free(t);
	return SMPB_EXIT_OK;
}
C
# Its page: its own options and keys; smpb-common(7) has the rest.
cat >"$T/src/spin.1" <<'MAN'
.Dd December 2, 2026
.Dt SMPB-SPIN 1
.Os smpbench
.Sh NAME
.Nm smpb-spin
.Nd spin for a time and count the spins
.Sh SYNOPSIS
.Nm
.Op Fl hpVW
.Op Fl C Ar cpulist
.Op Fl L Ar seconds
.Op Fl n Ar count
.Op Fl T Ar seconds
.Sh DESCRIPTION
.Nm
starts
.Ar count
threads that spin for
.Ar seconds
and counts their spins.
.Pp
The options
.Fl C , h , L , p , V
and
.Fl W
are described in
.Xr smpb-common 7 ;
the others are:
.Bl -tag -width Ds
.It Fl n Ar count
Threads that spin, 1 to 64; default 1.
.It Fl T Ar seconds
Spin for
.Ar seconds
(0.001 to 86400); default 0.05.
.El
.Sh OUTPUT
By default, the threads and the spins a second, separated by a tab.
With
.Fl p ,
one line of
.Ql key=value
pairs, in this order:
.Bl -tag -width spins_per_s
.It Cm count
the threads,
.Fl n
.It Cm wall_s
seconds they spun
.It Cm spins_per_s
spins a second, of all of them
.El
then the keys every program prints, in
.Xr smpb-common 7 .
.Sh EXIT STATUS
Those of every program, in
.Xr smpb-common 7 .
.Sh SEE ALSO
.Xr smpb-common 7 ,
.Xr smpbench 7
MAN
if need_cmd mandoc; then
	is "$(mandoc -Tlint -W warning "$T/src/spin.1" 2>&1)" "" \
	    "its page lints clean"
else
	t_skip "mandoc is not installed"
fi
echo spin >>"$T/scripts/workloads/LIST"
W=$T/scripts/workloads
cat >"$W/spin.sh" <<'SH'
# shellcheck shell=sh
# workloads/spin.sh: a made-up workload's hooks.
sweep_spin() {
	echo "free -n 1 -T 0.02"
	echo "free -n 2 -T 0.02"
}
cost_spin() {
	cell_cost 'ms = o("-T", 1) * 1000'
}
why_spin=
plots_spin="curve figure"
full_repeats_spin=3
test_quick_spin="-n 2 -T 0.02"
test_long_spin="-n 2 -T 100"
test_workers_spin="threads 3"
SH
cat >"$W/spin.awk" <<'AWK'
# spin.awk: a made-up workload's hooks.
function facts(D) {
	D["what"] = "spins / second"
	D["figure"] = "spins_per_s"
	D["higher"] = 1
	D["fmt"] = "%.0f"
	D["head"] = "N"
	D["fast"] = "fast"
	D["skip"] = " -n "
	D["wait_per"] = "spin"
	D["wait_unit"] = "us"
	D["plot_xlabel"] = "count, N"
	D["span"] = "wall_s"
	D["count"] = "count -n 1"
	D["plot_x"] = D["count"]
}
function figure() {
	return need("spins_per_s")
}
function why_wait() {
	return ""
}
function row_key(pn, l2) {
	return count_row(pn)
}
function why_line() {
	count_why_line()
}
function why_table() {
	out("Nothing to say.")
}
AWK
cat >"$W/spin-table.awk" <<'AWK'
# spin-table.awk: a made-up workload's table.
BEGIN {
	load_env(ENVIRON["SMPB_ENV"])
}
{
	if ((n = count_line()) == "")
		next
	keyadd("n", n)
	if (cell_ok("free" SUBSEP n))
		take("free" SUBSEP n, "spins_per_s")
}
END {
	print heading("spin")
	k = keysort("n", ns)
	for (i = 1; i <= k; i++)
		out(sprintf("%2d : %s spins / second", ns[i],
		    med("free" SUBSEP ns[i], "%.0f")))
	exit finish(0)
}
AWK

# The Makefile, as it is, reads its programs from LIST.
run make -C "$T" all
is "$RC" 0 "make builds the new program"
[ "$RC" -eq 0 ] || printf '# %s\n' "$ERR"
check "bin/smpb-spin is built" test -x "$T/bin/smpb-spin"
like "$OUT" ' -c -o src/spin\.o src/spin\.c$' "its object, by the rule .c.o"
like "$OUT" '^p=bin/smpb-spin; .* -o bin/smpb-spin ' "and linked by the one rule"
is "$(printf '%s\n' "$OUT" | grep -c ' -c -o ')" 1 "and compiles nothing else"

SB=$T/scripts/smpbench
export SMPBENCH_SWEEP=tiny
run sh "$SB" run -r 2 -l one -o "$TMPDIR_T/a" spin
is "$RC" 0 "run spin exits 0"
like "$ERR" '^smpbench: tiny run: 4 measurements \(2 repeats\), about ' \
    "its cost and repeats, from its hooks"
is "$(printf '%s\n' "$ERR" | grep -c 'not found')" 0 "no hook is missing"
like "$OUT" '^spin: ' "its table, headed"
like "$OUT" '^ 2 : [0-9]+ spins / second$' "a row per count"
is "$(wc -l <"$TMPDIR_T/a/raw/spin" | tr -d ' ')" 4 \
    "two cells, two repeats each, saved"
# Its repeats in the full profile, a fact, unless -r asks for others.
run env SMPBENCH_SWEEP= sh "$SB" run -f -n spin
like "$ERR" '^smpbench: full run: 6 measurements ' \
    "run -f: its two cells, each its full_repeats (3) times"
run env SMPBENCH_SWEEP= sh "$SB" run -f -n -r 2 spin
like "$ERR" '^smpbench: full run: 4 measurements ' "unless -r asks for 2"
run sh "$SB" show -r "$TMPDIR_T/a"
is "$(tables_of "$OUT")" "$(cat "$TMPDIR_T/a/tables")" \
    "show -r makes its table again"
# A second run, the first relabelled.
cp -R "$TMPDIR_T/a" "$TMPDIR_T/b"
sed 's/^label=one$/label=two/; s/^run_id=.*/&-b/' "$TMPDIR_T/a/env" \
    >"$TMPDIR_T/b/env"
run sh "$SB" compare "$TMPDIR_T/a" "$TMPDIR_T/b"
is "$RC" 0 "compare exits 0"
like "$OUT" '^spin: spins / second, higher is better' "compare sets spin side by side"
like "$OUT" '^ *2 : +[0-9]+ +\([0-9]+%\) +[0-9]+ +\([0-9]+%\) +([-+][1-9][0-9]*|0)%' \
    "a row of two columns and a change"
# Runs that hold none of it: compare loads none of its awk, even broken.
run sh "$SB" compare tests/fixtures/run-a tests/fixtures/run-b
is "$RC $(printf '%s\n' "$OUT" | grep -c '^spin: ')" "0 0" \
    "compare of runs without spin: exit 0, no spin table"
cp "$T/scripts/workloads/spin.awk" "$TMPDIR_T/spin.awk"
echo 'function (' >>"$T/scripts/workloads/spin.awk"
run sh "$SB" compare tests/fixtures/run-a tests/fixtures/run-b
is "$RC" 0 "and with spin's awk broken: it is not loaded"
cp "$TMPDIR_T/spin.awk" "$T/scripts/workloads/spin.awk"
run sh "$SB" export "$TMPDIR_T/a"
is "$RC" 0 "export exits 0"
is "$(printf '%s\n' "$OUT" | grep -c '^[^,]*,[^,]*,spin,')" 4 "export: every measurement of spin"
run env PATH="$(path_without gnuplot)" sh "$SB" plot -o "$TMPDIR_T/p" "$TMPDIR_T/a"
is "$RC" 0 "plot exits 0"
check "plot writes the spin curve's data" test -s "$TMPDIR_T/p/spin.dat"

# The driver's own files are the tree's: only LIST and the new ones differ.
is "$(diff -r scripts "$T/scripts" | sed -n 's|^Only in ||p; s|^diff -r [^ ]* ||p' |
    sed "s|$T/||" | LC_ALL=C sort | tr '\n' ' ')" \
    "scripts/workloads/LIST scripts/workloads: spin-table.awk scripts/workloads: spin.awk scripts/workloads: spin.sh " \
    "the driver is unchanged: one line of LIST, the workload's files"

# Every program test that runs each workload (it loops over $WORKLOADS
# or reads a workload's facts, wl_fact) covers spin: run in the copy, as
# it is, on spin alone (TEST_WORKLOADS: of LIST, spin), it passes and
# checks spin. One that lists the workloads itself, or misses a fact,
# fails here. (A long battery is skipped, as make test skips it, but
# under make test-all.)
per=$(grep -lE 'in \$WORKLOADS|wl_fact ' tests/prog/t[0-9]*.sh)
check "some program tests run each workload" test -n "$per"
mkdir -p "$T/tests"
cp -Rp tests/lib.sh tests/prog "$T/tests/" && cp -p README "$T/" || exit 1
for f in $per; do
	n=${f##*/}
	n=${n%%-*}
	(cd "$T" && TEST_WORKLOADS=spin TMPDIR=$TMPDIR_T exec sh "$f") \
	    >"$TMPDIR_T/$n.out" 2>"$TMPDIR_T/$n.err"
	rc=$?
	if [ "$rc" -eq 4 ]; then
		t_skip "$n on spin: $(sed -n 's/^1\.\.0 # SKIP //p' "$TMPDIR_T/$n.out")"
		continue
	fi
	is "$rc $(grep -c '^not ok' "$TMPDIR_T/$n.out")" "0 0" \
	    "$n passes on spin, added by its own files and a line of LIST"
	[ "$rc" -eq 0 ] || grep '^not ok' "$TMPDIR_T/$n.out" | sed 's/^/# /'
	is "$(grep -c '^ok [0-9][0-9]* - .*spin' "$TMPDIR_T/$n.out" |
	    sed 's/^[1-9][0-9]*$/some/')" some "$n: its checks cover spin"
done

done_testing
