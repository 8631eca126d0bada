/*
 * tables.h: compare's tables for the unit tests of its decisions
 * (t022 to t027), made as smpb-stat is handed them: lines of a table,
 * read by its parser (src/table.c), so that a case is written as the
 * driver would write it.
 *
 *	static const char *const lines[] = {
 *		"table runs=2 cols=2 rows=1",
 *		"run j=1 g=1 id=a", "run j=2 g=2 id=b", NULL
 *	};
 *	if (!tb_table(&t, lines))	not a table: said, a failed check
 *		return;
 *
 * tb_draws() writes figures about a centre from a fixed seed, as
 * tests/made-runs.sh's draws does, for canary timings and repeats.
 */
#ifndef TABLES_H
#define TABLES_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

/* The longest line a test writes, canary timings included. */
#define TB_LINE	8192

/*
 * The table of lines (NULL-terminated), each "KIND KEY=VALUE...", into
 * t (emptied first); true if every line was one. A line that is not one
 * prints a diagnostic naming it.
 */
static inline bool
tb_table(struct jg_table *t, const char *const *lines)
{
	char buf[TB_LINE], *words;
	enum sm_why why;
	size_t k;

	jg_table_free(t);
	for (k = 0; lines[k] != NULL; k++) {
		if (snprintf(buf, sizeof(buf), "%s", lines[k]) >=
		    (int)sizeof(buf)) {
			printf("# tables.h: line %zu too long\n", k + 1);
			return false;
		}
		words = strchr(buf, ' ');
		if (words != NULL)
			*words++ = '\0';
		else
			words = buf + strlen(buf);
		if ((why = jg_line(t, "t", buf, words)) != SM_OK) {
			printf("# tables.h: '%s' refused (%d)\n", lines[k],
			    (int)why);
			return false;
		}
	}
	return true;
}

/* A line made as by printf, into one of a few buffers in turn: lines
 * for tb_table() with figures in them. */
static inline const char *
tb_line(const char *fmt, ...)
{
	static char bufs[16][TB_LINE];
	static int next;
	char *b = bufs[next++ % 16];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(b, TB_LINE, fmt, ap);
	va_end(ap);
	return b;
}

/*
 * n figures about centre, each centre * (1 + cv * z), z near a standard
 * normal (12 uniform draws less 6) from a Park-Miller generator seeded
 * with seed, comma-separated into buf: made-runs.sh's draws.
 */
static inline const char *
tb_draws(long seed, int n, double centre, double cv, char *buf,
    size_t size)
{
	long long x = seed;
	size_t len = 0;
	double z;
	int i, k;

	buf[0] = '\0';
	for (i = 0; i < n && len < size; i++) {
		z = -6;
		for (k = 0; k < 12; k++) {
			x = (16807 * x) % 2147483647;
			z += (double)x / 2147483647;
		}
		len += (size_t)snprintf(buf + len, size - len, "%s%.6f",
		    i > 0 ? "," : "", centre * (1 + cv * z));
	}
	return buf;
}

#endif
