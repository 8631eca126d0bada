/*
 * t027-bimodal: where a cell's repeats fall into two clusters
 * (src/decide.c, jg_bimodal), the one rule, by which compare judges and
 * a run's own tables and plots are marked (cells.awk asks smpb-stat;
 * t710 holds that the driver has no copy): every input t710 asks,
 * ties, the ring's placement lottery, the pipe at 100% and 200%, and
 * those that are not two clusters: a gap too narrow, one outlier,
 * clusters wider than the gap between them, too few repeats, a figure
 * of zero. For each, the clusters' sizes and medians.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "judge.h"
#include "../tap.h"

#define MAXREPS	12

static const struct bcase {
	const char	*name;
	double		v[MAXREPS];	/* in the order measured */
	size_t		n;
	size_t		nlow;		/* 0: not bimodal */
	double		lowmed, highmed;
} cases[] = {
	{ "1..5 evenly: one cluster", { 1, 2, 3, 4, 5 }, 5, 0, 0, 0 },
	{ "all tied: one cluster", { 5, 5, 5, 5, 5 }, 5, 0, 0, 0 },
	{ "1 1 | 2 2 3: ties make two clusters", { 1, 1, 2, 2, 3 }, 5,
	    2, 1, 2 },
	{ "three repeats: too few to tell", { 1, 2, 3 }, 3, 0, 0, 0 },
	{ "45 | 90, 91: three repeats, too few", { 45, 90, 91 }, 3, 0, 0, 0 },
	{ "user seconds with many ties: one cluster",
	    { 0.49, 0.49, 0.50, 0.49, 0.49 }, 5, 0, 0, 0 },
	{ "1 3 5 7 9 11: one cluster", { 1, 3, 5, 7, 9, 11 }, 6, 0, 0, 0 },
	{ "1..11: one cluster", { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 }, 11,
	    0, 0, 0 },
	{ "the ring's lottery: 3 slow, 2 fast",
	    { 45000, 450000, 47000, 460000, 44000 }, 5, 3, 45000, 455000 },
	{ "or 4 slow, 2 fast",
	    { 45000, 450000, 47000, 460000, 44000, 46000 }, 6, 4, 45500,
	    455000 },
	{ "45, 46 | 90, 91, 92", { 90, 45, 92, 46, 91 }, 5, 2, 45.5, 91 },
	{ "the pipe at 100% twice and 200% twice", { 100, 101, 195, 198 }, 4,
	    2, 100.5, 196.5 },
	{ "wide: the gap no wider than a cluster", { 1, 2, 3, 4.5, 7 }, 5,
	    0, 0, 0 },
	{ "one outlier is not a cluster",
	    { 45000, 46000, 47000, 44000, 450000 }, 5, 0, 0, 0 },
	{ "one outlier below is not one either", { 10, 90, 91, 92, 93 }, 5,
	    0, 0, 0 },
	{ "a gap of 1.4: one cluster", { 64, 65, 90, 91, 92 }, 5, 0, 0, 0 },
	{ "clusters wider than their gap", { 10, 40, 80, 200, 600 }, 5,
	    0, 0, 0 },
	{ "the higher cluster wider than the gap", { 10, 10, 20, 30, 70 }, 5,
	    0, 0, 0 },
	{ "the lower cluster wider than the gap", { 10, 25, 50, 51, 52 }, 5,
	    0, 0, 0 },
	{ "a figure of zero: not judged", { 0, 1, 2, 40, 41 }, 5, 0, 0, 0 },
};

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int
main(void)
{
	const struct bcase *c;
	struct jg_bimodal b;
	double v[MAXREPS];
	size_t k, i;
	bool bi;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		c = &cases[k];
		for (i = 0; i < c->n; i++)
			v[i] = c->v[i];
		qsort(v, c->n, sizeof(v[0]), cmp_double);
		bi = jg_bimodal(v, c->n, &b);
		ok(bi == (c->nlow > 0), "%s: %s", c->name,
		    c->nlow > 0 ? "two clusters" : "not two");
		if (!bi || c->nlow == 0)
			continue;
		ok(b.nlow == c->nlow && b.nhigh == c->n - c->nlow,
		    "%s: %zu and %zu repeats", c->name, c->nlow,
		    c->n - c->nlow);
		is_num(b.lowmed, c->lowmed, 1e-9, "%s: the lower's median",
		    c->name);
		is_num(b.highmed, c->highmed, 1e-9, "%s: the higher's median",
		    c->name);
	}
	return done_testing();
}
