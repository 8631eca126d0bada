/*
 * t028-rules: the decisions compare's awk once took beside smpb-stat's
 * own, now src/decide.c's alone, each on the cases the driver's tests
 * reach through compare: the rules a table is judged by where its table
 * line gives none (the threshold, the load limit) and the level an
 * interval falls short of (jg_short_level); a host that moved
 * (jg_host_moved) and raised a column's threshold (jg_raised); two
 * clusters that stood where the first column's stood
 * (jg_clusters_stood), and a row's that stood and came as often
 * (jg_row_clusters); a problem of the table's own, not of the
 * runs (jg_problem_own); two runs' CPU limits the same setting
 * (jg_same_limit).
 */
#include <stdbool.h>
#include <stdlib.h>

#include "judge.h"
#include "../tap.h"
#include "tables.h"

#define NOTHING	(-1.0)	/* the table line gives no such rule */
#define N(a)	(sizeof(a) / sizeof((a)[0]))

static const struct rcase {
	const char	*name;
	const char	*line;
	double		threshold, load_limit;
} rules[] = {
	{ "no rule given: smpb-stat's own", "table runs=2 cols=2 rows=0",
	    JG_THRESHOLD, JG_LOAD_LIMIT },
	{ "-t 0.25: the threshold given, the load limit its own",
	    "table runs=2 cols=2 rows=0 threshold=0.25", 0.25,
	    JG_LOAD_LIMIT },
	{ "-t 0: a threshold", "table runs=2 cols=2 rows=0 threshold=0", 0,
	    JG_LOAD_LIMIT },
	{ "both given", "table runs=2 cols=2 rows=0 threshold=10"
	    " load_limit=1.5", 10, 1.5 },
};

static const struct lcase {
	const char	*name;
	double		lev;
	bool		short_of;
} levels[] = {
	{ "0.95: the level", 0.95, false },
	{ "0.95 as a test computes it, a hair under", 0.95 - 1e-12, false },
	{ "0.9: four repeats against one", 0.9, true },
	{ "0.8: two against one", 0.8, true },
	{ "1: more than asked", 1, false },
};

static const struct rscase {
	const char	*name;
	double		limit, threshold;
	bool		raised;
} raises[] = {
	{ "the threshold itself: not raised", 2, 2, false },
	{ "+6% against 2%: raised", 6, 2, true },
	{ "2.3% against 2%: raised", 2.3, 2, true },
	{ "-t 0, the host's 0.1%: raised", 0.1, 0, true },
	{ "-t 10, the host's 10%: not raised", 10, 10, false },
};

static const struct mcase {
	const char	*name;
	double		lo, hi;
	bool		moved;
} moves[] = {
	{ "30% slower, +25% to +35%", 0.25, 0.35, true },
	{ "faster, -40% to -1%", -0.4, -0.01, true },
	{ "-1% to +2%: not moved", -0.01, 0.02, false },
	{ "0 to +2%: zero inside", 0, 0.02, false },
	{ "-2% to 0: zero inside", -0.02, 0, false },
};

static const struct scase {
	const char	*name;
	double		low1, high1, low, high, threshold;
	bool		stood;
} stands[] = {
	{ "the ring's lottery, 0% and +0.2% at 2%", 45500, 455000, 45600,
	    455000, 2, true },
	{ "the same at -t 0.1: moved", 45500, 455000, 45600, 455000, 0.1,
	    false },
	{ "+22% and +22%: moved", 45500, 455000, 55500, 555000, 2, false },
	{ "the lower alone moved, -31%", 0.41, 1.96, 0.28, 1.96, 2, false },
	{ "the higher alone moved, +7%", 0.41, 1.96, 0.41, 2.1, 2, false },
	{ "+1.9%: within 2%", 100, 200, 101.9, 200, 2, true },
	{ "+2% exactly: not within", 100, 200, 102, 200, 2, false },
	{ "-1.9% and +1.9%: within", 100, 200, 98.1, 203.8, 2, true },
	{ "no move at -t 0: not under 0", 100, 200, 100, 200, 0, false },
	{ "-t 50, +49% and -49%: within", 100, 200, 149, 102, 50, true },
	{ "-t 50, +50% exactly: not within", 100, 200, 150, 200, 50, false },
};

/* A row of three columns' cells, each of two clusters or none. */
static const struct rowcase {
	const char	*name;
	struct {
		bool	bi;
		size_t	nlow, reps;
		double	lowmed, highmed;
	} c[3];
	bool		any, stood, often;
} rows[] = {
	{ "no cell of two clusters", { { false, 0, 5, 0, 0 },
	    { false, 0, 5, 0, 0 }, { false, 0, 5, 0, 0 } }, false, false,
	    true },
	{ "the lottery in all three, stood, 3 of 5 slow in each",
	    { { true, 3, 5, 45500, 455000 }, { true, 3, 5, 45600, 455000 },
	    { true, 3, 5, 45500, 456000 } }, true, true, true },
	{ "stood, but 2 of 5 slow in one: not as often",
	    { { true, 3, 5, 45500, 455000 }, { true, 2, 5, 45600, 455000 },
	    { true, 3, 5, 45500, 456000 } }, true, true, false },
	{ "as often, a share of 6 of 10 against 3 of 5",
	    { { true, 3, 5, 45500, 455000 }, { true, 6, 10, 45600, 455000 },
	    { false, 0, 5, 0, 0 } }, true, true, true },
	{ "one of two moved +22%: not stood", { { true, 3, 5, 45500,
	    455000 }, { true, 3, 5, 45600, 455000 }, { true, 3, 5, 55500,
	    555000 } }, true, false, true },
	{ "the first of one cluster: nothing to stand against",
	    { { false, 0, 5, 0, 0 }, { true, 3, 5, 45600, 455000 },
	    { true, 3, 5, 45500, 456000 } }, true, false, true },
};

static void
row_cases(void)
{
	struct jg_cellv cells[3];
	const struct jg_cellv *row[4];
	bool any, stood, often;
	size_t k;
	int g;

	for (k = 0; k < N(rows); k++) {
		for (g = 0; g < 3; g++) {
			cells[g] = (struct jg_cellv){ .has = true,
			    .bi = rows[k].c[g].bi, .reps = rows[k].c[g].reps };
			cells[g].b.nlow = rows[k].c[g].nlow;
			cells[g].b.nhigh = rows[k].c[g].reps - rows[k].c[g].nlow;
			cells[g].b.lowmed = rows[k].c[g].lowmed;
			cells[g].b.highmed = rows[k].c[g].highmed;
			row[g + 1] = &cells[g];
		}
		any = jg_row_clusters(row, 3, false, 2, &stood, &often);
		ok(any == rows[k].any, "row %s: %s", rows[k].name,
		    rows[k].any ? "clusters" : "none");
		if (!any)
			continue;
		ok(stood == rows[k].stood, "row %s: %s", rows[k].name,
		    rows[k].stood ? "stood" : "not stood");
		ok(often == rows[k].often, "row %s: %s", rows[k].name,
		    rows[k].often ? "as often" : "not as often");
	}
}

static const struct ocase {
	enum jg_code	code;
	bool		own;
} owns[] = {
	{ JG_SAME_RUN, false }, { JG_INCOMPLETE, false }, { JG_LOAD, false },
	{ JG_OTHERS, false }, { JG_SETTLE, false }, { JG_PROFILE, false },
	{ JG_EMULATED, false }, { JG_TCG, false }, { JG_MACHINE, false },
	{ JG_PARAM, true },
	{ JG_LFLAG, true }, { JG_NOROW, true }, { JG_HSETTLE, true },
	{ JG_STEAL, true },
};

static const struct ccase {
	const char	*name;
	int		limit;
	const char	*x, *y;
	bool		same;
} limits[] = {
	{ "cpusets 0-1 and 0,1: one set", JG_LIM_CPUSET, "0-1", "0,1", true },
	{ "cpusets 0,1 and 1,0: one set", JG_LIM_CPUSET, "0,1", "1,0", true },
	{ "cpusets 0 and 0,1: other sets", JG_LIM_CPUSET, "0", "0,1", false },
	{ "a cpuset and one not a list", JG_LIM_CPUSET, "0-1", "all", false },
	{ "two cpusets not lists, alike", JG_LIM_CPUSET, "all", "all", true },
	{ "cpu.max alike", JG_LIM_CPU_MAX, "max 100000", "max 100000", true },
	{ "cpu.max, a quota against none", JG_LIM_CPU_MAX, "50000 100000",
	    "max 100000", false },
	{ "cfs quotas as text", JG_LIM_QUOTA, "50000", "050000", false },
};


static void
rule_cases(void)
{
	struct jg_table t = { 0 };
	const char *lines[2] = { NULL, NULL };
	size_t k;

	for (k = 0; k < N(rules); k++) {
		lines[0] = rules[k].line;
		if (!tb_table(&t, lines)) {
			ok(0, "%s: the table is read", rules[k].name);
			continue;
		}
		is_num(t.threshold, rules[k].threshold, 0, "%s: threshold",
		    rules[k].name);
		is_num(t.load_limit, rules[k].load_limit, 0,
		    "%s: load limit", rules[k].name);
	}
	jg_table_free(&t);
}

int
main(void)
{
	struct jg_bimodal a = { 4, 2, 0, 0 }, b = { 4, 2, 0, 0 };
	size_t k;

	rule_cases();
	for (k = 0; k < N(levels); k++)
		ok(jg_short_level(levels[k].lev) == levels[k].short_of,
		    "level %s: %s", levels[k].name,
		    levels[k].short_of ? "short" : "the level");
	for (k = 0; k < N(moves); k++)
		ok(jg_host_moved(moves[k].lo, moves[k].hi) == moves[k].moved,
		    "host %s: %s", moves[k].name,
		    moves[k].moved ? "moved" : "not moved");
	for (k = 0; k < N(raises); k++)
		ok(jg_raised(raises[k].limit, raises[k].threshold) ==
		    raises[k].raised, "threshold %s", raises[k].name);
	for (k = 0; k < N(stands); k++) {
		a.lowmed = stands[k].low1;
		a.highmed = stands[k].high1;
		b.lowmed = stands[k].low;
		b.highmed = stands[k].high;
		ok(jg_clusters_stood(&a, &b, stands[k].threshold) ==
		    stands[k].stood, "clusters %s: %s", stands[k].name,
		    stands[k].stood ? "stood" : "moved");
	}
	row_cases();
	for (k = 0; k < N(owns); k++)
		ok(jg_problem_own(owns[k].code) == owns[k].own,
		    "problem code %d: %s", (int)owns[k].code,
		    owns[k].own ? "the table's own" : "the runs'");
	for (k = 0; k < N(limits); k++)
		ok(jg_same_limit(limits[k].limit, limits[k].x, limits[k].y) ==
		    limits[k].same, "limits %s: %s", limits[k].name,
		    limits[k].same ? "the same" : "other");
	return done_testing();
}
