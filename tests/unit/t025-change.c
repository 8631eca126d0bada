/*
 * t025-change: a cell's change against the first column's, its test
 * and verdict (src/decide.c, jg_change), on tables whose answer is
 * known, as t714, t747 and t749 reach them through compare: a 20% shift
 * marked, better or worse by the table's direction; 0.5% with a tight
 * spread not marked, unless the threshold is lower; a rise the host
 * could explain not marked; a side in doubt, doubtful; a column not
 * comparable, refused; 3 repeats against 3, too few for 95%; two runs a
 * side compared by their medians, else by the repeats; the first
 * column without a figure; sides too small to show; a centre of zero;
 * another placement in an unpinned row, not in a pinned one; a fall the
 * host could explain whole, untestable; negative figures.
 */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "judge.h"
#include "../tap.h"
#include "tables.h"

#define MAXLINES	12

/* A table of one row, two columns of a run each; a case adds its figures
 * (and places). */
#define TABLE(rules)	"table runs=2 cols=2 rows=1 " rules, "run j=1 g=1", \
			"run j=2 g=2"
#define PINNED		"row i=1 free=0"
#define UNPINNED	"row i=1 free=1"
#define BASE100		"fig i=1 j=1 v=100,101,99,100,102"
#define UP20		"fig i=1 j=2 v=120,121,119,120,122"

/* The columns' state: their doubts and smallest marks. */
struct cols {
	bool	nosig1, busy1, nosig, busy;
	double	rise, fall;
};

#define PLAIN	{ false, false, false, false, 2, 2 }

static const struct kcase {
	const char	*name;
	const char	*lines[MAXLINES];
	struct cols	cols;
	enum jg_verdict	verd;
	enum jg_method	meth;
	enum jg_dir	dir;
	bool		has_ch;
	double		ch;
	enum sm_why	why;
	int		tiny;
	double		lev;		/* the test's level, 0: not checked */
} cases[] = {
	{ "+20%, lower is better: changed, worse",
	    { TABLE("higher=0"), PINNED, BASE100, UP20 }, PLAIN,
	    JG_CHANGED, JG_BY_REPEATS, JG_WORSE, true, 0.2, SM_OK, 0,
	    0.9682539683 },
	{ "+20%, higher is better: changed, better",
	    { TABLE("higher=1"), PINNED, BASE100, UP20 }, PLAIN,
	    JG_CHANGED, JG_BY_REPEATS, JG_BETTER, true, 0.2, SM_OK, 0, 0 },
	{ "-20%, higher is better: changed, worse",
	    { TABLE("higher=1"), PINNED, "fig i=1 j=1 v=120,121,119,120,122",
	    "fig i=1 j=2 v=96,96.8,95.2,96,97.6" }, PLAIN,
	    JG_CHANGED, JG_BY_REPEATS, JG_WORSE, true, -0.2, SM_OK, 0, 0 },
	{ "+0.5%, spread 0.1%: below the threshold, same",
	    { TABLE(""), PINNED, "fig i=1 j=1 v=4,4.001,3.999,4.002,3.998",
	    "fig i=1 j=2 v=4.02,4.021,4.019,4.022,4.018" }, PLAIN,
	    JG_SAME, JG_BY_REPEATS, JG_WORSE, true, 0.005, SM_OK, 0, 0 },
	{ "+0.5% with a threshold of 0.25%: changed",
	    { TABLE(""), PINNED, "fig i=1 j=1 v=4,4.001,3.999,4.002,3.998",
	    "fig i=1 j=2 v=4.02,4.021,4.019,4.022,4.018" },
	    { false, false, false, false, 0.25, 0.25 },
	    JG_CHANGED, JG_BY_REPEATS, JG_WORSE, true, 0.005, SM_OK, 0, 0 },
	{ "+20% that the host could explain (rises past 30%): same",
	    { TABLE(""), PINNED, BASE100, UP20 },
	    { false, false, false, false, 30, 2 },
	    JG_SAME, JG_BY_REPEATS, JG_WORSE, true, 0.2, SM_OK, 0, 0 },
	{ "a side in doubt: doubtful",
	    { TABLE(""), PINNED, BASE100, UP20 },
	    { false, false, false, true, 2, 2 },
	    JG_DOUBTFUL, JG_BY_REPEATS, JG_WORSE, true, 0.2, SM_OK, 0, 0 },
	{ "the first column in doubt: doubtful too",
	    { TABLE(""), PINNED, BASE100, UP20 },
	    { false, true, false, false, 2, 2 },
	    JG_DOUBTFUL, JG_BY_REPEATS, JG_WORSE, true, 0.2, SM_OK, 0, 0 },
	{ "a column not comparable (-f): refused",
	    { TABLE(""), PINNED, BASE100, UP20 },
	    { false, false, true, false, 2, 2 },
	    JG_REFUSED, JG_BY_REPEATS, JG_WORSE, true, 0.2, SM_OK, 0, 0 },
	{ "3 repeats against 3, twice the time: few, at 90%",
	    { TABLE(""), PINNED, "fig i=1 j=1 v=4,4.04,3.96",
	    "fig i=1 j=2 v=8,8.08,7.92" }, PLAIN,
	    JG_FEW, JG_BY_REPEATS, JG_WORSE, true, 1, SM_OK, 0, 0.9 },
	{ "two runs a side: by the runs' medians",
	    { "table runs=4 cols=2 rows=1", "run j=1 g=1", "run j=2 g=1",
	    "run j=3 g=2", "run j=4 g=2", PINNED,
	    "fig i=1 j=1 v=100,101,99", "fig i=1 j=2 v=102,103,101",
	    "fig i=1 j=3 v=130,131,129", "fig i=1 j=4 v=133,132,134" },
	    PLAIN, JG_CHANGED, JG_BY_RUNS, JG_WORSE, true, 131.5 / 101 - 1,
	    SM_OK, 0, 0 },
	{ "two runs against one: by the repeats",
	    { "table runs=3 cols=2 rows=1", "run j=1 g=1", "run j=2 g=1",
	    "run j=3 g=2", PINNED, "fig i=1 j=1 v=100,101,99",
	    "fig i=1 j=2 v=102,103,101", "fig i=1 j=3 v=130,131,129" },
	    PLAIN, JG_CHANGED, JG_BY_REPEATS, JG_WORSE, true, 130.0 / 101 - 1,
	    SM_OK, 0, 0 },
	{ "the first column without a figure: few, nothing tested",
	    { TABLE(""), PINNED, "fig i=1 j=1 failed=5", UP20 }, PLAIN,
	    JG_FEW, JG_BY_NONE, JG_DIR_NONE, false, 0, SM_OK, 0, 0 },
	{ "both sides too small to show: same, nothing tested",
	    { TABLE("zero=0.001"), PINNED, "fig i=1 j=1 v=0.0001,0.0002",
	    "fig i=1 j=2 v=0.0004,0.0005" }, PLAIN,
	    JG_SAME, JG_BY_NONE, JG_DIR_NONE, false, 0, SM_OK, 2, 0 },
	{ "... refused in a column not comparable",
	    { TABLE("zero=0.001"), PINNED, "fig i=1 j=1 v=0.0001,0.0002",
	    "fig i=1 j=2 v=0.0004,0.0005" },
	    { true, false, false, false, 2, 2 },
	    JG_REFUSED, JG_BY_NONE, JG_DIR_NONE, false, 0, SM_OK, 2, 0 },
	{ "one side too small to show: its change all the same",
	    { TABLE("zero=0.5"), PINNED, "fig i=1 j=1 v=0.1,0.1,0.1,0.1,0.1",
	    "fig i=1 j=2 v=10,10,10,10,10" }, PLAIN,
	    JG_CHANGED, JG_BY_REPEATS, JG_WORSE, true, 99, SM_OK, 1, 0 },
	{ "a centre of zero on the linear scale: few, refused figures",
	    { TABLE(""), PINNED, "fig i=1 j=1 v=-1,0,1",
	    "fig i=1 j=2 v=1,2,3" }, PLAIN,
	    JG_FEW, JG_BY_NONE, JG_DIR_NONE, true, 0, SM_ZERO_CENTRE, 0, 0 },
	{ "... refused in a column not comparable",
	    { TABLE(""), PINNED, "fig i=1 j=1 v=-1,0,1",
	    "fig i=1 j=2 v=1,2,3" }, { false, false, true, false, 2, 2 },
	    JG_REFUSED, JG_BY_NONE, JG_DIR_NONE, true, 0, SM_ZERO_CENTRE, 0,
	    0 },
	{ "one CPU against two in an unpinned row: placement",
	    { TABLE(""), UNPINNED, BASE100, UP20,
	    "place i=1 g=1 u=1,1,1,1,1 o=1,1,1,1,1 q=1,1,1,1,1",
	    "place i=1 g=2 u=2,2,2,2,2 o=1,1,1,1,1 q=1,1,1,1,1" }, PLAIN,
	    JG_PLACEMENT, JG_BY_REPEATS, JG_WORSE, true, 0.2, SM_OK, 0, 0 },
	{ "the same in a pinned row: changed",
	    { TABLE(""), PINNED, BASE100, UP20,
	    "place i=1 g=1 u=1,1,1,1,1 o=1,1,1,1,1 q=1,1,1,1,1",
	    "place i=1 g=2 u=2,2,2,2,2 o=1,1,1,1,1 q=1,1,1,1,1" }, PLAIN,
	    JG_CHANGED, JG_BY_REPEATS, JG_WORSE, true, 0.2, SM_OK, 0, 0 },
	{ "placed alike in an unpinned row: changed",
	    { TABLE(""), UNPINNED, BASE100, UP20,
	    "place i=1 g=1 u=1,1,1,1,1 o=1,1,1,1,1 q=1,1,1,1,1",
	    "place i=1 g=2 u=1,1,1,1,1 o=1,1,1,1,1 q=1,1,1,1,1" }, PLAIN,
	    JG_CHANGED, JG_BY_REPEATS, JG_WORSE, true, 0.2, SM_OK, 0, 0 },
	{ "a fall the host could explain whole: untestable",
	    { TABLE(""), PINNED, BASE100, "fig i=1 j=2 v=50,50.5,49.5,50,51" },
	    { false, false, false, false, 2, 100 },
	    JG_UNTESTABLE, JG_BY_REPEATS, JG_BETTER, true, -0.5, SM_OK, 0,
	    0 },
	{ "negative figures: the change against |the first|",
	    { TABLE(""), PINNED, "fig i=1 j=1 v=-2,-2.01,-1.99,-2,-2.02",
	    "fig i=1 j=2 v=-1,-1.01,-0.99,-1,-1.02" }, PLAIN,
	    JG_CHANGED, JG_BY_REPEATS, JG_WORSE, true, 0.5, SM_OK, 0, 0 },
};

static void
run_case(const struct kcase *c)
{
	struct jg_table t = { 0 };
	struct jg_cellv b, v;
	struct jg_col c1, cg;

	if (!tb_table(&t, c->lines)) {
		ok(0, "%s: the table is read", c->name);
		return;
	}
	memset(&b, 0, sizeof(b));
	memset(&v, 0, sizeof(v));
	memset(&c1, 0, sizeof(c1));
	memset(&cg, 0, sizeof(cg));
	c1.nosig = c->cols.nosig1;
	c1.busy = c->cols.busy1;
	cg.nosig = c->cols.nosig;
	cg.busy = c->cols.busy;
	cg.rise = c->cols.rise;
	cg.fall = c->cols.fall;
	ok(jg_centre(&t, 1, 1, &b) == SM_OK &&
	    jg_centre(&t, 1, 2, &v) == SM_OK &&
	    jg_change(&t, 1, 2, &b, &c1, &cg, &v) == SM_OK,
	    "%s: judged", c->name);
	is_int(v.verd, c->verd, "%s: verdict %d", c->name, (int)c->verd);
	is_int(v.meth, c->meth, "%s: method %d", c->name, (int)c->meth);
	is_int(v.dir, c->dir, "%s: direction %d", c->name, (int)c->dir);
	if (!ok(v.has_ch == c->has_ch && (!c->has_ch ||
	    fabs(v.ch - c->ch) < 1e-9 * fabs(c->ch) + 1e-12),
	    "%s: the change shown, %g", c->name, c->ch))
		printf("#   got %d, %.10g\n", v.has_ch, v.ch);
	ok(v.has_sh == (c->meth != JG_BY_NONE) && (!v.has_sh ||
	    (v.lo <= v.sh && v.sh <= v.hi)),
	    "%s: a test, its shift in its interval: %d", c->name,
	    c->meth != JG_BY_NONE);
	is_int(v.why, c->why, "%s: the figures' refusal %d", c->name,
	    (int)c->why);
	is_int(v.tiny, c->tiny, "%s: sides too small to show", c->name);
	if (c->lev > 0)
		is_num(v.lev, c->lev, 1e-9, "%s: the level", c->name);
	jg_cellv_free(&b);
	jg_cellv_free(&v);
	jg_table_free(&t);
}

int
main(void)
{
	size_t k;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
		run_case(&cases[k]);
	return done_testing();
}
