/*
 * statline.h: one line of smpb-stat's protocol, answered on stdout
 * (src/statline.c).
 */
#ifndef STATLINE_H
#define STATLINE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The line LINE of LEN bytes (NUL-terminated, without its newline; OVER:
 * it was longer than LINES_CAP, its head only kept), read into the
 * table being read, or answered.
 */
void	stat_line(char *line, size_t len, bool over);
/* The table being read dropped, its memory freed (the fuzz target's). */
void	stat_reset(void);

#endif
