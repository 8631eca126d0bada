/*
 * lines.h: the line protocol smpb-stat speaks, shared with the tool
 * that asks its statistics one request a line (tests/stat-ask.c): lines
 * read from stdin up to LINES_CAP bytes, each begun by an ID, answered
 * a line each on stdout, written out whenever a read may wait.
 */
#ifndef LINES_H
#define LINES_H

#include <stdbool.h>
#include <stddef.h>

/* The longest line read, in bytes: a longer one is skipped and refused. */
#define LINES_CAP	(16u << 20)
/* The longest ID. */
#define LINES_ID_CAP	64u

/*
 * The next line of stdin, without its newline, NUL-terminated, into
 * *line and *len (the buffer is reused): true, or false at its end. A
 * last line without a newline is a line; *over says the line was longer
 * than LINES_CAP (its head only is kept). stdout is written out before
 * each read that may wait.
 */
bool	lines_next(char **line, size_t *len, bool *over);

/*
 * The line's ID, copied into id (room for LINES_ID_CAP + 1), and the
 * rest of the line after the blank that ends it; or NULL when the line
 * is refused, said on stdout ("- refused why=syntax" for a line without
 * a valid ID, "ID refused why=syntax" for one too long, holding a NUL,
 * or without a blank after its ID).
 */
char	*lines_begin(char *line, size_t len, bool over, char *id);

/* stdout written out: a reader gone ends the program quietly, 141. */
void	lines_flush(void);
/* stdout closed at the end, as lines_flush() fails. */
void	lines_close(void);
/* Memory ran out: one line on stderr, exit 1. */
_Noreturn void lines_no_memory(void);

/*
 * A program of this protocol, NAME with USAGE (-h, -V: helper_start):
 * each line of stdin handed to SERVE (as lines_next gives it), stdout
 * closed at the end; its exit status, 0.
 */
int	lines_serve(int argc, char *argv[], const char *name,
	    const char *usage, void (*serve)(char *line, size_t len,
	    bool over));

#endif
