/*
 * t022-problems: the problems of a comparison's runs (src/decide.c,
 * jg_run_problems and jg_table_problems), on tables whose answer is
 * known, as the driver's tests reach them through compare (t709, t714,
 * t749): the same run twice, by run_id and by env; an incomplete run;
 * a busy machine (other work above the load limit, another run beside
 * it, a start not quiet unless the workload's own start says how it
 * settled); another profile, emulated CPUs against real ones (either
 * way) or another machine than the base run's, the first
 * that is not historical; historical runs spared all but the same run;
 * other options in a row, -l on one side only, no row in common, the
 * workload's start not quiet, steal a point above the least run's; the
 * order problems are said in; and the doubts they raise on a column.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "../tap.h"
#include "tables.h"

#define MAXLINES	12
#define MAXWANT		6

/* Two runs a side of one row, every fact alike; a case adds to them. */
#define TABLE2	"table runs=2 cols=2 rows=1"
#define RUN1	"run j=1 g=1 id=a profile=quick model=X cpus=2"
#define ROW	"row i=1 free=1", "fig i=1 j=1 v=1,2", "fig i=1 j=2 v=1,2"

static const struct pcase {
	const char	*name;
	bool		table;		/* the table's problems too */
	const char	*lines[MAXLINES];
	struct jg_problem want[MAXWANT];
	size_t		nwant;
} cases[] = {
	{ "runs alike: no problem", true,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2", ROW },
	    { { 0 } }, 0 },
	{ "the same run_id twice: hard, the first named", false,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=a profile=quick model=X cpus=2", ROW },
	    { { 2, JG_HARD, JG_SAME_RUN, 1, 0 } }, 1 },
	{ "no run_id, the same env but for label and note: the same run",
	    false,
	    { TABLE2, "run j=1 g=1", "run j=2 g=2",
	    "env j=1 k=label v=x", "env j=1 k=kernel v=6.1",
	    "env j=1 k=note v=first", "env j=2 k=kernel v=6.1",
	    "env j=2 k=label v=y", "env j=2 k=note v=second" },
	    { { 2, JG_HARD, JG_SAME_RUN, 1, 0 } }, 1 },
	{ "no run_id, another kernel: not the same run", false,
	    { TABLE2, "run j=1 g=1", "run j=2 g=2",
	    "env j=1 k=kernel v=6.1", "env j=2 k=kernel v=6.12" },
	    { { 0 } }, 0 },
	{ "no run_id, a key more on one side: not the same run", false,
	    { TABLE2, "run j=1 g=1", "run j=2 g=2",
	    "env j=1 k=kernel v=6.1", "env j=2 k=kernel v=6.1",
	    "env j=2 k=date v=today" },
	    { { 0 } }, 0 },
	{ "a run_id on one side only: not the same run", false,
	    { TABLE2, "run j=1 g=1 id=a", "run j=2 g=2",
	    "env j=2 k=kernel v=6.1" },
	    { { 0 } }, 0 },
	{ "an incomplete run, historical too: said", false,
	    { "table runs=2 cols=2 rows=0", "run j=1 g=1 incomplete=1",
	    "run j=2 g=2 hist=1 incomplete=1 id=h" },
	    { { 1, JG_INFO, JG_INCOMPLETE, 0, 0 },
	    { 2, JG_INFO, JG_INCOMPLETE, 0, 0 } }, 2 },
	{ "other work on 0.8 CPUs, above 0.5: busy", false,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 load=0.8" },
	    { { 2, JG_BUSY, JG_LOAD, 0, 0 } }, 1 },
	{ "other work on 0.5 CPUs, the limit itself: not busy", false,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 load=0.5" },
	    { { 0 } }, 0 },
	{ "a load limit of 1: 0.8 is not busy", false,
	    { "table runs=2 cols=2 rows=1 load_limit=1", RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 load=0.8" },
	    { { 0 } }, 0 },
	{ "a load that is no decimal: not read", false,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 load=8e1" },
	    { { 0 } }, 0 },
	{ "another run beside it: busy; none beside: not", false,
	    { TABLE2,
	    "run j=1 g=1 id=a profile=quick model=X cpus=2 others=0",
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 others=1" },
	    { { 2, JG_BUSY, JG_OTHERS, 0, 0 } }, 1 },
	{ "a start that did not settle: busy", false,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 settle=timeout" },
	    { { 2, JG_BUSY, JG_SETTLE, 0, 0 } }, 1 },
	{ "... unless the workload's own start says how it settled", false,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 settle=timeout"
	    " hsettle_there=1 hsettle=quiet" },
	    { { 0 } }, 0 },
	{ "another profile: hard, against the base run", false,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=tiny model=X cpus=2" },
	    { { 2, JG_HARD, JG_PROFILE, 1, 0 } }, 1 },
	{ "emulated CPUs against real ones: hard, against the base run",
	    false,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 emulated=1" },
	    { { 2, JG_HARD, JG_EMULATED, 1, 0 } }, 1 },
	{ "real CPUs against an emulated base: hard all the same, and the"
	    " base's speed in doubt", false,
	    { TABLE2,
	    "run j=1 g=1 id=a profile=quick model=X cpus=2 emulated=1",
	    "run j=2 g=2 id=b profile=quick model=X cpus=2" },
	    { { 1, JG_BUSY, JG_TCG, 0, 0 },
	    { 2, JG_HARD, JG_EMULATED, 1, 0 } }, 2 },
	{ "emulated on both sides: the base's speed in doubt, once", true,
	    { TABLE2,
	    "run j=1 g=1 id=a profile=quick model=X cpus=2 emulated=1",
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 emulated=1",
	    ROW },
	    { { 1, JG_BUSY, JG_TCG, 0, 0 } }, 1 },
	{ "real CPUs in the base run, and beside it: no problem", true,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2",
	    ROW },
	    { { 0 } }, 0 },
	{ "another CPU model, or CPUs online: another machine, said", false,
	    { "table runs=3 cols=3 rows=0", RUN1,
	    "run j=2 g=2 id=b profile=quick model=Y cpus=2",
	    "run j=3 g=3 id=c profile=quick model=X cpus=4" },
	    { { 2, JG_INFO, JG_MACHINE, 0, 0 },
	    { 3, JG_INFO, JG_MACHINE, 0, 0 } }, 2 },
	{ "a historical run: no load, profile or machine of its own", false,
	    { TABLE2, RUN1,
	    "run j=2 g=2 hist=1 id=h profile=historical model=Z load=9"
	    " others=3 settle=timeout" },
	    { { 0 } }, 0 },
	{ "the base run is the first that is not historical", false,
	    { "table runs=3 cols=3 rows=0",
	    "run j=1 g=1 hist=1 id=h profile=historical",
	    "run j=2 g=2 id=a profile=quick model=X cpus=2",
	    "run j=3 g=3 id=b profile=full model=X cpus=2" },
	    { { 3, JG_HARD, JG_PROFILE, 2, 0 } }, 1 },
	{ "a run's problems in the checks' order", false,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=full model=Y cpus=2 load=2 others=1"
	    " settle=timeout incomplete=1" },
	    { { 2, JG_INFO, JG_INCOMPLETE, 0, 0 },
	    { 2, JG_BUSY, JG_LOAD, 0, 0 }, { 2, JG_BUSY, JG_OTHERS, 0, 0 },
	    { 2, JG_BUSY, JG_SETTLE, 0, 0 },
	    { 2, JG_HARD, JG_PROFILE, 1, 0 },
	    { 2, JG_INFO, JG_MACHINE, 0, 0 } }, 6 },
	{ "other options in row 2: hard, the row named", true,
	    { "table runs=2 cols=2 rows=2", RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2",
	    "param i=1 j=1 l=0 p=-T%200.5", "param i=1 j=2 l=0 p=-T%200.5",
	    "param i=2 j=1 l=0 p=-T%200.5", "param i=2 j=2 l=0 p=-T%200.3",
	    "fig i=1 j=1 v=1", "fig i=1 j=2 v=1" },
	    { { 2, JG_HARD, JG_PARAM, 1, 2 } }, 1 },
	{ "-l on one side only: said, the row named", true,
	    { TABLE2, RUN1, "run j=2 g=2 id=b profile=quick model=X cpus=2",
	    "param i=1 j=1 l=0 p=-T%200.5", "param i=1 j=2 l=1 p=-T%200.5",
	    ROW },
	    { { 2, JG_INFO, JG_LFLAG, 1, 1 } }, 1 },
	{ "other options and -l: the options alone", true,
	    { TABLE2, RUN1, "run j=2 g=2 id=b profile=quick model=X cpus=2",
	    "param i=1 j=1 l=0 p=-T%200.5", "param i=1 j=2 l=1 p=-T%201",
	    ROW },
	    { { 2, JG_HARD, JG_PARAM, 1, 1 } }, 1 },
	{ "other options under another profile: the profile alone", true,
	    { TABLE2, RUN1, "run j=2 g=2 id=b profile=full model=X cpus=2",
	    "param i=1 j=1 l=0 p=-T%200.5", "param i=1 j=2 l=0 p=-T%201",
	    ROW },
	    { { 2, JG_HARD, JG_PROFILE, 1, 0 } }, 1 },
	{ "no row with figures on both sides: said", true,
	    { "table runs=2 cols=2 rows=2", RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2",
	    "fig i=1 j=1 v=1,2", "fig i=2 j=2 v=1,2", "fig i=1 j=2 failed=2" },
	    { { 2, JG_INFO, JG_NOROW, 1, 0 } }, 1 },
	{ "the workload's own start not quiet: busy", true,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 hsettle=timeout",
	    ROW },
	    { { 2, JG_BUSY, JG_HSETTLE, 0, 0 } }, 1 },
	{ "steal 4.0 against 0.0: busy, the one above", true,
	    { TABLE2,
	    "run j=1 g=1 id=a profile=quick model=X cpus=2 steal=0.0",
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 steal=4.0", ROW },
	    { { 2, JG_BUSY, JG_STEAL, 0, 0 } }, 1 },
	{ "steal a point above exactly: busy", true,
	    { TABLE2,
	    "run j=1 g=1 id=a profile=quick model=X cpus=2 steal=1.5",
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 steal=0.5", ROW },
	    { { 1, JG_BUSY, JG_STEAL, 0, 0 } }, 1 },
	{ "steal half a point above: not named", true,
	    { TABLE2,
	    "run j=1 g=1 id=a profile=quick model=X cpus=2 steal=0.0",
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 steal=0.5", ROW },
	    { { 0 } }, 0 },
	{ "the runs' problems first, then the table's", true,
	    { TABLE2, RUN1,
	    "run j=2 g=2 id=b profile=quick model=X cpus=2 hsettle=timeout"
	    " load=1", ROW },
	    { { 2, JG_BUSY, JG_LOAD, 0, 0 },
	    { 2, JG_BUSY, JG_HSETTLE, 0, 0 } }, 2 },
};

static bool
same_problem(const struct jg_problem *a, const struct jg_problem *b)
{
	return a->j == b->j && a->kind == b->kind && a->code == b->code &&
	    a->other == b->other && a->row == b->row;
}

static void
run_case(const struct pcase *c)
{
	struct jg_table t = { 0 };
	struct jg_problems list = { 0 };
	enum sm_why why;
	size_t k;

	if (!tb_table(&t, c->lines)) {
		ok(0, "%s: the table is read", c->name);
		return;
	}
	why = jg_run_problems(&t, &list);
	if (why == SM_OK && c->table)
		why = jg_table_problems(&t, &list);
	ok(why == SM_OK && list.n == c->nwant, "%s: %zu problems",
	    c->name, c->nwant);
	if (list.n != c->nwant)
		printf("#   got %zu\n", list.n);
	for (k = 0; k < c->nwant && k < list.n; k++)
		ok(same_problem(&list.p[k], &c->want[k]),
		    "%s: problem %zu of run %d, code %d", c->name, k + 1,
		    c->want[k].j, (int)c->want[k].code);
	jg_problems_free(&list);
	jg_table_free(&t);
}

/* The doubts on the columns: hard, nothing marked; busy, in doubt. */
static void
doubt_case(void)
{
	static const char *const lines[] = {
		"table runs=3 cols=3 rows=0", RUN1,
		"run j=2 g=2 id=b profile=quick model=X cpus=2 load=3",
		"run j=3 g=3 id=c profile=full model=Y cpus=2", NULL
	};
	struct jg_table t = { 0 };
	struct jg_problems list = { 0 };
	struct jg_col cols[4];

	memset(cols, 0, sizeof(cols));
	if (!tb_table(&t, lines)) {
		ok(0, "doubts: the table is read");
		return;
	}
	ok(jg_run_problems(&t, &list) == SM_OK, "doubts: the problems");
	jg_col_doubts(&t, &list, cols);
	ok(!cols[1].nosig && !cols[1].busy, "doubts: the base column has none");
	ok(!cols[2].nosig && cols[2].busy, "doubts: a busy run's column, busy");
	ok(cols[3].nosig && !cols[3].busy,
	    "doubts: another profile's (hard, and said only), not compared");
	jg_problems_free(&list);
	jg_table_free(&t);
}

int
main(void)
{
	size_t k;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
		run_case(&cases[k]);
	doubt_case();
	return done_testing();
}
