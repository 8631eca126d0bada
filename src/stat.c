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
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "helper.h"
#include "judge.h"
#include "lines.h"

static const char usage_text[] = "usage: smpb-stat [-hV]";

/* The table being read, line by line, until it is judged (judge.h). */
static struct jg_table table;

/*
 * A line of a table: true when its word after the ID is one of a
 * table's; "ID judge" answers the whole table (or its refusal).
 */
static bool
table_line(const char *id, char *s)
{
	static const char *const kinds[] = {
		"table", "run", "env", "row", "fig", "place", "param", NULL
	};
	char *blank = strchr(s, ' ');
	size_t len = blank != NULL ? (size_t)(blank - s) : strlen(s);
	int k;

	if (len == 5 && strncmp(s, "judge", 5) == 0 && blank == NULL) {
		if (jg_answer(&table, id) == SM_NO_MEMORY)
			lines_no_memory();
		return true;
	}
	for (k = 0; kinds[k] != NULL; k++)
		if (strlen(kinds[k]) == len && strncmp(s, kinds[k], len) == 0)
			break;
	if (kinds[k] == NULL)
		return false;
	s[len] = '\0';
	if (jg_line(&table, id, s, blank != NULL ? blank + 1 : s + len) ==
	    SM_NO_MEMORY)
		lines_no_memory();
	return true;
}

int
main(int argc, char *argv[])
{
	char id[LINES_ID_CAP + 1], *line, *rest;
	size_t len;
	bool over;
	int first;

	if ((first = helper_start(argc, argv, "smpb-stat", usage_text,
	    lines_flush)) < argc)
		helper_usage_error("unexpected operand", argv[first]);
	while (lines_next(&line, &len, &over))
		if ((rest = lines_begin(line, len, over, id)) != NULL &&
		    !table_line(id, rest))
			printf("%s refused why=syntax\n", id);
	lines_close();
	return 0;
}
