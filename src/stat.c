/*
 * smpb-stat: the decisions of smpbench's compare, as a filter. It reads
 * tables on stdin, a line each, and answers each table when it is
 * judged: the problems of its runs, each column's host speed and the
 * smallest change it marks, each cell's figure, spread, clusters, test
 * and verdict (smpb-stat(1), "Tables").
 *
 *	t table runs=2 cols=2 rows=1 higher=1
 *	t run j=1 g=1 id=a
 *	...
 *	t judge
 *	t col g=1 runs=1 mode=5 odd=0
 *	...
 *	t end
 *
 * A line is its ID, its kind and KEY=VALUE words, separated by single
 * blanks (src/lines.c reads them). A line of a table is read into it
 * (src/table.c) and answered only with the table, judged whole
 * (src/answer.c, by the decisions of src/decide.c); any other line is
 * answered "ID refused why=syntax", the program going on with the next.
 * The statistics the decisions rest on are statmath.c's; the tests ask
 * them one request a line through tests/stat-ask.
 */
#include "lines.h"
#include "statline.h"

static const char usage_text[] = "usage: smpb-stat [-hV]";

int
main(int argc, char *argv[])
{
	return lines_serve(argc, argv, "smpb-stat", usage_text, stat_line);
}
