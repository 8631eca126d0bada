/*
 * judge.h: compare's decisions, beside its statistics: what smpb-stat
 * answers to a table (see smpb-stat(1), "Tables").
 *
 * The driver's awk programs read the saved runs and lay out the text;
 * everything a comparison decides is here: which runs cannot be
 * compared and which are in doubt, each column's host speed by the
 * canary and the smallest change it marks, each cell's figure, spread,
 * clusters, test and verdict, placement included. judge_line() takes a
 * table's lines one by one; judge_run() answers it and forgets it.
 */
#ifndef JUDGE_H
#define JUDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "statmath.h"

/*
 * A table's line, its ID and its kind already read (table, run, env,
 * row, fig, place, param): KEY=VALUE words, blank-separated, in words.
 * The line is parsed in place. SM_OK, or why the table is refused (the
 * refusal is given, once, when the table is judged).
 */
enum sm_why	judge_line(const char *id, const char *kind, char *words);

/*
 * Answer the table of that ID: its records on stdout, each a line
 * beginning with the ID, then "ID end"; or "ID refused why=WORD". The
 * table is then forgotten. SM_NO_MEMORY where memory ran out.
 */
enum sm_why	judge_run(const char *id);

/*
 * The decisions, for the unit tests (tests/unit/t021-judge.c), each on
 * figures alone.
 */

/* Two clusters: their sizes and medians, the lower first. */
struct jg_bimodal {
	size_t	nlow, nhigh;
	double	lowmed, highmed;
};
bool	jg_bimodal(const double *sorted, size_t n, struct jg_bimodal *b);

/*
 * A run's canary units, from its timings (each one a run can make,
 * 0.01 ns to 1 s a spin): those within a third and three times the
 * run's median kept (a timing that lost a time slice is no measure of
 * the host's speed); their median where by_runs, else batches of
 * consecutive ones (about ten a run, three timings at least), each
 * batch's median. The units go to units (room for cap); their number
 * is returned.
 */
size_t	jg_canary_units(const double *timings, size_t n, bool by_runs,
	    double *units, size_t cap);

/*
 * The smallest rise and fall marked (percent) in a column whose host's
 * change of speed has the interval lo..hi (fractions: 0.3 is 30%
 * slower), for a figure that a slower host moves as a time, a rate or
 * either way.
 */
enum jg_moves { JG_TIME, JG_RATE, JG_EITHER };
void	jg_limits(double threshold, double lo, double hi, enum jg_moves,
	    double *rise, double *fall);

/*
 * A cell's verdict from its change shown and its test, as compare marks
 * it (see smpb-stat(1)): the words of compare -p.
 */
struct jg_test {
	double	change;		/* the change shown, a fraction */
	double	lo, hi, level;	/* the shift's interval and its level */
	double	rise, fall;	/* the column's smallest marks, percent */
	bool	refused;	/* a side not compared (-f) */
	bool	placement;	/* the sides ran in other placements */
	bool	busy;		/* a side in doubt */
};
const char *jg_verdict(const struct jg_test *);

/* A CPU list in one form ("0-1" is "0,1"), into buf; false if not one. */
bool	jg_cpu_set(const char *list, char *buf, size_t size);

#endif
