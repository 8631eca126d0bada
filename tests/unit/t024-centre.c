/*
 * t024-centre: a cell's figure (src/decide.c, jg_centre) on tables
 * whose answer is known, as compare's tables show them (t709, t749): a
 * run's repeats, their median and coefficient of variation, the run's
 * figures left in the order measured; several runs in a column, the
 * median of their medians and the spread of those; an even count; two
 * clusters of repeats, their sizes and medians and no spread; repeats
 * lost (failed, not figures, not supported there: which the cell says);
 * a cell without a figure; a median of zero and a single repeat, no
 * spread; the runs of other columns left out; runs and rows whose
 * lines come in any order. And a column's usual number of repeats a
 * cell (jg_reps_mode), and its cells with another.
 */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "judge.h"
#include "../tap.h"
#include "tables.h"

#define MAXLINES	10

static const struct ccase {
	const char	*name;
	int		i, g;			/* the cell */
	const char	*lines[MAXLINES];
	bool		has, miss;
	enum jg_empty	empty;
	size_t		runs, reps;
	double		med;
	bool		has_cv;
	double		cv;
	bool		bi;
	size_t		nlow, nhigh;
	double		lowmed, highmed;
} cases[] = {
	{ "a run's five repeats: their median, their cv", 1, 1,
	    { "table runs=1 cols=1 rows=1", "run j=1 g=1",
	    "fig i=1 j=1 v=5,3,1,4,2" },
	    true, false, JG_EMPTY_NONE, 1, 5, 3, true, 0.5270462767,
	    false, 0, 0, 0, 0 },
	{ "four repeats: the mean of the middle two", 1, 1,
	    { "table runs=1 cols=1 rows=1", "run j=1 g=1",
	    "fig i=1 j=1 v=4,1,3,2" },
	    true, false, JG_EMPTY_NONE, 1, 4, 2.5, true, 0.5163977795,
	    false, 0, 0, 0, 0 },
	{ "two runs: the median of their medians, the cv of those", 1, 1,
	    { "table runs=3 cols=2 rows=1", "run j=1 g=1", "run j=2 g=1",
	    "run j=3 g=2", "fig i=1 j=1 v=3,1,2",
	    "fig i=1 j=2 v=6,4,5", "fig i=1 j=3 v=100" },
	    true, false, JG_EMPTY_NONE, 2, 6, 3.5, true, 0.6060915267,
	    false, 0, 0, 0, 0 },
	{ "the second column: its own run alone", 1, 2,
	    { "table runs=3 cols=2 rows=1", "run j=1 g=1", "run j=2 g=1",
	    "run j=3 g=2", "fig i=1 j=1 v=3,1,2",
	    "fig i=1 j=2 v=6,4,5", "fig i=1 j=3 v=30,10,20" },
	    true, false, JG_EMPTY_NONE, 1, 3, 20, true, 0.5,
	    false, 0, 0, 0, 0 },
	{ "45, 46 | 90, 91, 92: two clusters, no cv", 1, 1,
	    { "table runs=1 cols=1 rows=1", "run j=1 g=1",
	    "fig i=1 j=1 v=90,45,92,46,91" },
	    true, false, JG_EMPTY_NONE, 1, 5, 90, false, 0,
	    true, 2, 3, 45.5, 91 },
	{ "the pipe at 100% twice and 200% twice: two clusters", 1, 1,
	    { "table runs=1 cols=1 rows=1", "run j=1 g=1",
	    "fig i=1 j=1 v=198,100,195,101" },
	    true, false, JG_EMPTY_NONE, 1, 4, 148, false, 0,
	    true, 2, 2, 100.5, 196.5 },
	{ "a repeat failed: lost, the cell says fail", 1, 1,
	    { "table runs=1 cols=1 rows=1", "run j=1 g=1",
	    "fig i=1 j=1 v=1,2,3 failed=1" },
	    true, true, JG_EMPTY_FAIL, 1, 3, 2, true, 0.5,
	    false, 0, 0, 0, 0 },
	{ "one failed, then one not supported: na", 1, 1,
	    { "table runs=2 cols=1 rows=1", "run j=1 g=1", "run j=2 g=1",
	    "fig i=1 j=1 v=1,2,3 failed=1", "fig i=1 j=2 na=1" },
	    true, true, JG_EMPTY_NA, 1, 3, 2, true, 0.5,
	    false, 0, 0, 0, 0 },
	{ "one not supported, then one failed: still na", 1, 1,
	    { "table runs=2 cols=1 rows=1", "run j=1 g=1", "run j=2 g=1",
	    "fig i=1 j=1 na=2", "fig i=1 j=2 v=1,2,3 failed=1" },
	    true, true, JG_EMPTY_NA, 1, 3, 2, true, 0.5,
	    false, 0, 0, 0, 0 },
	{ "a repeat not a figure: lost, not empty", 1, 1,
	    { "table runs=1 cols=1 rows=1", "run j=1 g=1",
	    "fig i=1 j=1 v=1,2,3 bad=1" },
	    true, true, JG_EMPTY_NONE, 1, 3, 2, true, 0.5,
	    false, 0, 0, 0, 0 },
	{ "every repeat failed: no figure", 1, 1,
	    { "table runs=1 cols=1 rows=1", "run j=1 g=1",
	    "fig i=1 j=1 failed=3" },
	    false, true, JG_EMPTY_FAIL, 0, 0, 0, false, 0,
	    false, 0, 0, 0, 0 },
	{ "a row the run has no line of: no figure", 2, 1,
	    { "table runs=1 cols=1 rows=2", "run j=1 g=1",
	    "fig i=1 j=1 v=1,2" },
	    false, false, JG_EMPTY_NONE, 0, 0, 0, false, 0,
	    false, 0, 0, 0, 0 },
	{ "a run of the column without figures is not counted", 1, 1,
	    { "table runs=2 cols=1 rows=1", "run j=1 g=1", "run j=2 g=1",
	    "fig i=1 j=1 v=1,2,3", "fig i=1 j=2 failed=2" },
	    true, true, JG_EMPTY_FAIL, 1, 3, 2, true, 0.5,
	    false, 0, 0, 0, 0 },
	{ "a median of zero: no cv", 1, 1,
	    { "table runs=1 cols=1 rows=1", "run j=1 g=1",
	    "fig i=1 j=1 v=0,0,0" },
	    true, false, JG_EMPTY_NONE, 1, 3, 0, false, 0,
	    false, 0, 0, 0, 0 },
	{ "one repeat: no cv", 1, 1,
	    { "table runs=1 cols=1 rows=1", "run j=1 g=1",
	    "fig i=1 j=1 v=7" },
	    true, false, JG_EMPTY_NONE, 1, 1, 7, false, 0,
	    false, 0, 0, 0, 0 },
	{ "lines out of order: each run's figures its own", 1, 1,
	    { "table runs=3 cols=1 rows=2", "run j=3 g=1", "run j=1 g=1",
	    "run j=2 g=1", "fig i=2 j=2 v=100", "fig i=1 j=3 v=5,3,4",
	    "fig i=1 j=1 v=3,1,2", "fig i=1 j=2 v=4,2,3" },
	    true, false, JG_EMPTY_NONE, 3, 9, 3, true, 0.3333333333,
	    false, 0, 0, 0, 0 },
	{ "negative figures: their median, cv against |mean|", 1, 1,
	    { "table runs=1 cols=1 rows=1", "run j=1 g=1",
	    "fig i=1 j=1 v=-1,-3,-2" },
	    true, false, JG_EMPTY_NONE, 1, 3, -2, true, 0.5,
	    false, 0, 0, 0, 0 },
};

static bool
sorted(const struct jg_figs *f)
{
	size_t k;

	for (k = 1; k < f->n; k++)
		if (f->v[k - 1] > f->v[k])
			return false;
	return true;
}

static void
run_case(const struct ccase *c)
{
	struct jg_table t = { 0 };
	struct jg_cellv v;
	struct jg_figs before = { 0 };
	const struct jg_cell *first;

	if (!tb_table(&t, c->lines)) {
		ok(0, "%s: the table is read", c->name);
		return;
	}
	first = jg_cell_at(&t, c->i, 1);
	(void)jg_figs_copy(&before, &first->v);
	memset(&v, 0, sizeof(v));
	ok(jg_centre(&t, c->i, c->g, &v) == SM_OK, "%s: judged", c->name);
	ok(v.has == c->has && v.miss == c->miss && v.empty == c->empty,
	    "%s: has %d, lost %d, empty %d", c->name, c->has, c->miss,
	    (int)c->empty);
	ok(v.runs == c->runs && v.reps == c->reps,
	    "%s: %zu runs, %zu repeats", c->name, c->runs, c->reps);
	if (v.runs != c->runs || v.reps != c->reps)
		printf("#   got %zu runs, %zu repeats\n", v.runs, v.reps);
	if (c->has) {
		is_num(v.med, c->med, 1e-12, "%s: its figure", c->name);
		ok(v.has_cv == c->has_cv && (!c->has_cv ||
		    fabs(v.cv - c->cv) < 1e-9), "%s: cv %s%.4f", c->name,
		    c->has_cv ? "" : "none, not ", c->cv);
		ok(v.bi == c->bi && (!c->bi || (v.b.nlow == c->nlow &&
		    v.b.nhigh == c->nhigh && v.b.lowmed == c->lowmed &&
		    v.b.highmed == c->highmed)),
		    "%s: clusters %d (%zu at %g, %zu at %g)", c->name, c->bi,
		    c->nlow, c->lowmed, c->nhigh, c->highmed);
		ok(sorted(&v.pooled) && sorted(&v.medians) &&
		    v.medians.n == v.runs,
		    "%s: its repeats and runs' medians, sorted", c->name);
	}
	ok(before.n == first->v.n && (before.n == 0 ||
	    memcmp(before.v, first->v.v, before.n * sizeof(double)) == 0),
	    "%s: the run's figures in the order measured", c->name);
	jg_figs_free(&before);
	jg_cellv_free(&v);
	jg_table_free(&t);
}

/*
 * Three rows of 5, 4 and 5 repeats in the first column, 4, 4 and none
 * in the second: 5 the usual number, one cell odd; 4, none odd (a cell
 * without a figure is none).
 */
static void
reps_mode_case(void)
{
	static const char *const lines[] = {
		"table runs=2 cols=2 rows=3", "run j=1 g=1", "run j=2 g=2",
		"fig i=1 j=1 v=1,2,3,4,5", "fig i=2 j=1 v=1,2,3,4",
		"fig i=3 j=1 v=1,2,3,4,5", "fig i=1 j=2 v=1,2,3,4",
		"fig i=2 j=2 v=1,2,3,4", "fig i=3 j=2 failed=5", NULL
	};
	struct jg_table t = { 0 };
	struct jg_cellv cells[6], *at[6];
	struct jg_col c1, c2;
	int i, g;

	memset(cells, 0, sizeof(cells));
	for (i = 0; i < 6; i++)
		at[i] = &cells[i];
	memset(&c1, 0, sizeof(c1));
	memset(&c2, 0, sizeof(c2));
	if (!tb_table(&t, lines)) {
		ok(0, "repeats a cell: the table is read");
		return;
	}
	for (i = 1; i <= 3; i++)
		for (g = 1; g <= 2; g++)
			(void)jg_centre(&t, i, g, &cells[(i - 1) * 2 + g - 1]);
	jg_reps_mode(&t, at, 1, &c1);
	jg_reps_mode(&t, at, 2, &c2);
	ok(c1.reps_mode == 5 && c1.reps_odd == 1,
	    "repeats a cell: 5, 4, 5: 5 the usual, one odd");
	ok(c2.reps_mode == 4 && c2.reps_odd == 0,
	    "repeats a cell: 4, 4, none: 4 the usual, none odd");
	for (i = 0; i < 6; i++)
		jg_cellv_free(&cells[i]);
	jg_table_free(&t);
}

int
main(void)
{
	size_t k;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
		run_case(&cases[k]);
	reps_mode_case();
	return done_testing();
}
