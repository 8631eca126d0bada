/*
 * lines.c: the line protocol of smpb-stat (lines.h): stdin read with
 * read(2) into a buffer, a line at a time, a line longer than the cap
 * skipped to its end; each line's ID checked; stdout written out
 * whenever a read may wait, so that the program serves a caller that
 * writes a line and reads its answer, and one that writes everything
 * first, without a write per line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helper.h"
#include "lines.h"

/* stdin, read by read(2): the line being read and what is buffered. */
static struct {
	char	*line;		/* the line, NUL-terminated, or its head */
	size_t	len, cap;
	bool	over;		/* longer than LINES_CAP: skipped to its end */
	char	buf[65536];
	size_t	pos, end;
} in;

static _Noreturn void
fail(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", helper_prog(), what, strerror(errno));
	exit(HELPER_EXIT_FAIL);
}

_Noreturn void
lines_no_memory(void)
{
	fprintf(stderr, "%s: out of memory\n", helper_prog());
	exit(HELPER_EXIT_FAIL);
}

/*
 * A reader that went away (EPIPE) wants no more answers: the program
 * ends quietly, with the status of a filter killed by SIGPIPE, as cat
 * does in a pipeline, and a caller's `| head` leaves no message. Any
 * other write error is one.
 */
static _Noreturn void
write_failed(void)
{
	if (errno == EPIPE)
		_exit(HELPER_EXIT_PIPE);
	fail("cannot write the output");
}

void
lines_flush(void)
{
	if (fflush(stdout) == EOF || ferror(stdout))
		write_failed();
}

void
lines_close(void)
{
	lines_flush();
	if (fclose(stdout) == EOF)
		write_failed();
}

int
lines_serve(int argc, char *argv[], const char *name, const char *usage,
    void (*serve)(char *line, size_t len, bool over))
{
	char *line;
	size_t len;
	bool over;
	int first;

	if ((first = helper_start(argc, argv, name, usage, lines_flush)) <
	    argc)
		helper_usage_error("unexpected operand", argv[first]);
	while (lines_next(&line, &len, &over))
		serve(line, len, over);
	lines_close();
	return 0;
}

/* Room for n more bytes and a NUL after them. */
static void
line_room(size_t n)
{
	size_t cap;
	char *line;

	if (in.len + n + 1 > in.cap) {
		cap = in.cap ? in.cap : 4096;
		while (cap < in.len + n + 1)
			cap *= 2;
		if (cap > LINES_CAP + 1)
			cap = LINES_CAP + 1;
		if ((line = realloc(in.line, cap)) == NULL)
			lines_no_memory();
		in.line = line;
		in.cap = cap;
	}
}

/* Append n bytes to the line, or mark it over the cap. */
static void
line_append(const char *p, size_t n)
{
	if (in.over || n == 0)
		return;
	if (in.len + n > LINES_CAP) {
		in.over = true;
		return;
	}
	line_room(n);
	memcpy(in.line + in.len, p, n);
	in.len += n;
}

bool
lines_next(char **line, size_t *len, bool *over)
{
	char *nl;
	ssize_t n;
	size_t chunk;

	in.len = 0;
	in.over = false;
	for (;;) {
		if (in.pos < in.end) {
			nl = memchr(in.buf + in.pos, '\n', in.end - in.pos);
			chunk = nl != NULL ? (size_t)(nl - (in.buf + in.pos)) :
			    in.end - in.pos;
			line_append(in.buf + in.pos, chunk);
			in.pos += chunk;
			if (nl != NULL) {
				in.pos++;
				break;
			}
		}
		lines_flush();
		do
			n = read(STDIN_FILENO, in.buf, sizeof(in.buf));
		while (n < 0 && errno == EINTR);
		if (n < 0)
			fail("cannot read the input");
		in.pos = 0;
		in.end = (size_t)n;
		if (n == 0) {
			if (in.len == 0 && !in.over)
				return false;
			break;
		}
	}
	line_room(0);
	in.line[in.len] = '\0';
	*line = in.line;
	*len = in.len;
	*over = in.over;
	return true;
}

/* 1 to LINES_ID_CAP characters of [A-Za-z0-9_.:/-], up to a blank or
 * NUL. */
static size_t
id_length(const char *s, size_t len)
{
	static const char ok[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_.:/-";
	size_t n = 0;

	while (n < len && s[n] != ' ' && s[n] != '\0') {
		if (strchr(ok, s[n]) == NULL || n == LINES_ID_CAP)
			return 0;
		n++;
	}
	return n < len && s[n] == '\0' ? 0 : n;
}

char *
lines_begin(char *line, size_t len, bool over, char *id)
{
	size_t idlen = id_length(line, len);

	if (idlen == 0) {
		printf("- refused why=syntax\n");
		return NULL;
	}
	memcpy(id, line, idlen);
	id[idlen] = '\0';
	if (over || memchr(line, '\0', len) != NULL || line[idlen] != ' ') {
		printf("%s refused why=syntax\n", id);
		return NULL;
	}
	return line + idlen + 1;
}
