/*
 * statline.c: one line of smpb-stat's protocol (smpb-stat(1), "Tables"):
 * a line of a table read into it (src/table.c), "ID judge" answered with
 * the whole table (src/answer.c), any other line answered "ID refused
 * why=syntax". src/stat.c reads the lines of stdin into it; the fuzz
 * target (tests/fuzz/stat.c) any bytes.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "judge.h"
#include "lines.h"
#include "statline.h"

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


void
stat_line(char *line, size_t len, bool over)
{
	char id[LINES_ID_CAP + 1], *rest;

	if ((rest = lines_begin(line, len, over, id)) != NULL &&
	    !table_line(id, rest))
		printf("%s refused why=syntax\n", id);
}

void
stat_reset(void)
{
	jg_table_free(&table);
	memset(&table, 0, sizeof(table));
}
