/*
 * t026-placement: whether two columns ran an unpinned row in other
 * placements (src/decide.c, jg_placement), by the three signs t714
 * gives compare: the CPUs used (one in every repeat of one side, two or
 * more in every one of the other), the CPUs occupied and the time
 * queued (apart, and their medians a quarter of a CPU or more apart);
 * not the time queued in the run-queue delay's own table; under other
 * CPU limits, the CPUs used alone; a limit one side did not record no
 * difference; repeats whose places are not all known, no sign. Then
 * placement by clusters (jg_placed_clusters): each side's figure, or
 * cluster, at its column's row pinned to one CPU or to more, the sides
 * at different ones.
 */
#include <stdbool.h>
#include <string.h>

#include "judge.h"
#include "../tap.h"
#include "tables.h"

#define MAXLINES	8

#define TABLE(rules, l1, l2)	"table runs=2 cols=2 rows=1 " rules, \
				"run j=1 g=1" l1, "run j=2 g=2" l2, \
				"row i=1 free=1"
#define U1	"u=1,1,1,1,1"
#define U2	"u=2,2,2,2,2"
#define ALIKE	"o=1,1,1,1,1 q=1,1,1,1,1"

static const struct lcase {
	const char	*name;
	const char	*lines[MAXLINES];
	size_t		reps1, repsg;
	bool		want;
} cases[] = {
	{ "one CPU against two: other placements",
	    { TABLE("", "", ""), "place i=1 g=1 " U1 " " ALIKE,
	    "place i=1 g=2 " U2 " " ALIKE }, 5, 5, true },
	{ "two against one: so too",
	    { TABLE("", "", ""), "place i=1 g=1 " U2 " " ALIKE,
	    "place i=1 g=2 " U1 " " ALIKE }, 5, 5, true },
	{ "one CPU on both sides: alike",
	    { TABLE("", "", ""), "place i=1 g=1 " U1 " " ALIKE,
	    "place i=1 g=2 " U1 " " ALIKE }, 5, 5, false },
	{ "two on both sides: alike",
	    { TABLE("", "", ""), "place i=1 g=1 " U2 " " ALIKE,
	    "place i=1 g=2 " U2 " " ALIKE }, 5, 5, false },
	{ "one side on one CPU and on two: no sign",
	    { TABLE("", "", ""), "place i=1 g=1 u=1,2,1,1,1 " ALIKE,
	    "place i=1 g=2 " U2 " " ALIKE }, 5, 5, false },
	{ "a repeat whose CPUs are not known: no sign",
	    { TABLE("", "", ""), "place i=1 g=1 u=1,1,1,1 " ALIKE,
	    "place i=1 g=2 " U2 " " ALIKE }, 5, 5, false },
	{ "CPUs occupied 1.0 against 1.3, apart: other placements",
	    { TABLE("", "", ""), "place i=1 g=1 " U2 " " ALIKE,
	    "place i=1 g=2 " U2 " o=1.3,1.3,1.3,1.3,1.3 q=1,1,1,1,1" },
	    5, 5, true },
	{ "CPUs occupied that overlap: alike",
	    { TABLE("", "", ""),
	    "place i=1 g=1 " U2 " o=1,1,1,1,1.4 q=1,1,1,1,1",
	    "place i=1 g=2 " U2 " o=1.3,1.3,1.3,1.3,1.3 q=1,1,1,1,1" },
	    5, 5, false },
	{ "apart by less than a quarter of a CPU: alike",
	    { TABLE("", "", ""), "place i=1 g=1 " U2 " " ALIKE,
	    "place i=1 g=2 " U2 " o=1.2,1.2,1.2,1.2,1.2 q=1,1,1,1,1" },
	    5, 5, false },
	{ "queued 1.0 against 0.5: other placements",
	    { TABLE("", "", ""), "place i=1 g=1 " U2 " " ALIKE,
	    "place i=1 g=2 " U2 " o=1,1,1,1,1 q=0.5,0.5,0.5,0.5,0.5" },
	    5, 5, true },
	{ "... but not in the run-queue delay's own table",
	    { TABLE("wait=1", "", ""), "place i=1 g=1 " U2 " " ALIKE,
	    "place i=1 g=2 " U2 " o=1,1,1,1,1 q=0.5,0.5,0.5,0.5,0.5" },
	    5, 5, false },
	{ "occupied apart under other CPU limits: the limit's doing",
	    { TABLE("", " cpumax=max%20100000", " cpumax=100000%20100000"),
	    "place i=1 g=1 " U2 " " ALIKE,
	    "place i=1 g=2 " U2 " o=1.6,1.6,1.6,1.6,1.6 q=1,1,1,1,1" },
	    5, 5, false },
	{ "queued apart under other CPU limits: so too",
	    { TABLE("", " cpuset=0-1", " cpuset=2-3"),
	    "place i=1 g=1 " U2 " " ALIKE,
	    "place i=1 g=2 " U2 " o=1,1,1,1,1 q=0.5,0.5,0.5,0.5,0.5" },
	    5, 5, false },
	{ "one CPU against two under other limits: still other placements",
	    { TABLE("", " cpumax=max%20100000", " cpumax=100000%20100000"),
	    "place i=1 g=1 " U1 " " ALIKE, "place i=1 g=2 " U2 " " ALIKE },
	    5, 5, true },
	{ "a limit one side did not record: no difference",
	    { TABLE("", " cpumax=max%20100000", ""),
	    "place i=1 g=1 " U2 " " ALIKE,
	    "place i=1 g=2 " U2 " o=1.6,1.6,1.6,1.6,1.6 q=1,1,1,1,1" },
	    5, 5, true },
	{ "the same cpuset written otherwise: no difference",
	    { TABLE("", " cpuset=0-1", " cpuset=1%2C0"),
	    "place i=1 g=1 " U2 " " ALIKE,
	    "place i=1 g=2 " U2 " o=1.6,1.6,1.6,1.6,1.6 q=1,1,1,1,1" },
	    5, 5, true },
	{ "CPUs occupied for some repeats only: no sign",
	    { TABLE("", "", ""), "place i=1 g=1 " U2 " o=1,1,1 q=1,1,1",
	    "place i=1 g=2 " U2 " o=1.6,1.6,1.6,1.6,1.6 q=1,1,1,1,1" },
	    5, 5, false },
	{ "no place known on one side: no sign",
	    { TABLE("", "", ""),
	    "place i=1 g=2 " U2 " o=1.6,1.6,1.6,1.6,1.6 q=1,1,1,1,1" },
	    5, 5, false },
};

/* Clusters: the unpinned row 1, its rows pinned to one CPU (2, at 400)
 * and to two (3, at 100), in both columns unless said; column 2's row
 * 1 as given. */
#define CL(v2, one2, sp2)	"table runs=2 cols=2 rows=3", "run j=1 g=1", \
	"run j=2 g=2", "row i=1 free=1 one=2 spread=3", "row i=2 free=0", \
	"row i=3 free=0", "fig i=1 j=1 v=100,101,99,100,102", \
	"fig i=2 j=1 v=400,401,399,400,402", "fig i=3 j=1 v=100,101,99,100,98", \
	"fig i=1 j=2 v=" v2, "fig i=2 j=2 v=" one2, "fig i=3 j=2 v=" sp2, NULL

static const struct ccase {
	const char	*name;
	const char	*lines[14];
	bool		want;
} ccases[] = {
	{ "three of five at the one-CPU figure, two at the spread's",
	    { CL("400,401,399,100,101", "400,401,399,400,402",
	    "100,101,99,100,98") }, true },
	{ "all at the one-CPU figure",
	    { CL("400,401,399,402,398", "400,401,399,400,402",
	    "100,101,99,100,98") }, true },
	{ "at neither: a change",
	    { CL("200,201,199,202,198", "400,401,399,400,402",
	    "100,101,99,100,98") }, false },
	{ "moved with its pinned rows: a change",
	    { CL("200,201,199,202,198", "800,801,799,800,802",
	    "200,201,199,200,198") }, false },
	{ "pinned rows not apart: no sign",
	    { CL("120,121,119,122,118", "120,121,119,120,122",
	    "100,101,99,100,98") }, false },
};

static void
clusters_cases(void)
{
	struct jg_table t = { 0 };
	struct jg_cellv cells[6], *at[6];
	size_t k;
	int i, g;

	for (i = 0; i < 6; i++)
		at[i] = &cells[i];
	for (k = 0; k < sizeof(ccases) / sizeof(ccases[0]); k++) {
		memset(cells, 0, sizeof(cells));
		if (!tb_table(&t, ccases[k].lines)) {
			ok(0, "%s: the table is read", ccases[k].name);
			continue;
		}
		for (i = 1; i <= 3; i++)
			for (g = 1; g <= 2; g++)
				(void)jg_centre(&t, i, g,
				    &cells[(i - 1) * 2 + g - 1]);
		ok(jg_placed_clusters(&t, at, 1, 2) == ccases[k].want,
		    "clusters: %s", ccases[k].name);
		for (i = 0; i < 6; i++)
			jg_cellv_free(&cells[i]);
		jg_table_free(&t);
	}
}

int
main(void)
{
	struct jg_table t = { 0 };
	size_t k;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		if (!tb_table(&t, cases[k].lines)) {
			ok(0, "%s: the table is read", cases[k].name);
			continue;
		}
		ok(jg_placement(&t, 1, 2, cases[k].reps1, cases[k].repsg) ==
		    cases[k].want, "%s", cases[k].name);
	}
	jg_table_free(&t);
	clusters_cases();
	return done_testing();
}
