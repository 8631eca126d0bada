/*
 * t026-placement: whether two columns ran an unpinned row in other
 * placements (src/decide.c, jg_placement), by the three signs t714
 * gives compare: the CPUs used (one in every repeat of one side, two or
 * more in every one of the other), the CPUs occupied and the time
 * queued (apart, and their medians a quarter of a CPU or more apart);
 * not the time queued in the run-queue delay's own table; under other
 * CPU limits, the CPUs used alone; a limit one side did not record no
 * difference; repeats whose places are not all known, no sign.
 */
#include <stdbool.h>

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
	return done_testing();
}
