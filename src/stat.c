/*
 * smpb-stat: the statistics of smpbench's compare, as a filter. It reads
 * requests on stdin, a line each, and writes an answer a line each, in
 * order: the spread of a sample (cv), and the change between two samples
 * with its interval and p-value by the Hodges-Lehmann shift (hl), Welch's
 * t (welch), Yuen's trimmed t (yuen) or the Mann-Whitney test (mw).
 *
 *	r1 hl x=1.0,1.1,0.9 y=1.5,1.6,1.4
 *	r1 ok nx=3 ny=3 est=0.5 lo=... hi=... level=0.9 p=0.1 exact=1 scale=log
 *
 * A request is its ID, its test and KEY=VALUE words, separated by single
 * blanks; the figures are comma-separated decimal numbers. Every figure
 * is checked (a decimal number, finite, within the caller's min= and
 * max=, positive where its logarithm is taken) and a line that fails is
 * answered "ID refused why=WORD", the program going on with the next.
 * The numerics are in statmath.c; this file is the protocol: reading
 * lines of bounded length, parsing, checking and printing.
 *
 * Its output is flushed whenever it would wait for input, so that it
 * serves a caller that writes a line and reads its answer, and one that
 * writes everything first, without a write per line.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "helper.h"
#include "judge.h"
#include "statmath.h"

/* The longest line read, in bytes: a longer one is skipped and refused. */
#define LINE_CAP	(16u << 20)
/* The most figures on a line, both sides together. */
#define VALUES_CAP	1000000u
/* The longest ID. */
#define ID_CAP		64u

static const char usage_text[] = "usage: smpb-stat [-hV]";

static const char *const why_words[] = {
	[SM_SYNTAX] = "syntax",
	[SM_UNKNOWN_TEST] = "unknown-test",
	[SM_TOO_FEW] = "too-few",
	[SM_TOO_MANY] = "too-many",
	[SM_NOT_FINITE] = "not-finite",
	[SM_NOT_POSITIVE] = "not-positive",
	[SM_RANGE] = "range",
	[SM_ZERO_CENTRE] = "zero-centre",
};

enum test { T_CV, T_HL, T_WELCH, T_YUEN, T_MW };

/* The tests by name, the keys each takes, and its least figures a side. */
static const struct {
	const char	*name;
	const char	*keys;		/* each between blanks */
	size_t		least;
} tests[] = {
	[T_CV] = { "cv", " x min max ", 2 },
	[T_HL] = { "hl", " x y scale level min max ", 1 },
	[T_WELCH] = { "welch", " x y scale level min max ", 2 },
	[T_YUEN] = { "yuen", " x y trim scale level min max ", 2 },
	[T_MW] = { "mw", " x y min max ", 1 },
};

enum scale { SCALE_AUTO, SCALE_LOG, SCALE_LINEAR };

/* One request, as parsed; x and y point into reused buffers. */
struct request {
	const char	*id;
	enum test	test;
	double		*x, *y;
	size_t		nx, ny;
	bool		has_x, has_y, has_scale, has_level, has_trim;
	bool		has_min, has_max;
	enum scale	scale;
	double		level;		/* level=: 0.5 to 0.999, default 0.95 */
	double		trim;		/* trim=: 0 to 0.45, default 0.1 */
	double		min, max;	/* min=, max=: every figure within */
};

/* The figures of the line being answered: grown, never shrunk. */
static struct {
	double	*v;
	size_t	cap;
} sides[2];

/* stdin, read by read(2): the line being read and what is buffered. */
static struct {
	char	*line;		/* the line, NUL-terminated, or its head */
	size_t	len, cap;
	bool	over;		/* longer than LINE_CAP: skipped to its end */
	char	buf[65536];
	size_t	pos, end;
} in;

static _Noreturn void
fail(const char *what)
{
	fprintf(stderr, "smpb-stat: %s: %s\n", what, strerror(errno));
	exit(HELPER_EXIT_FAIL);
}

static _Noreturn void
out_of_memory(void)
{
	fputs("smpb-stat: out of memory\n", stderr);
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

static void
flush_out(void)
{
	if (fflush(stdout) == EOF || ferror(stdout))
		write_failed();
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
		if (cap > LINE_CAP + 1)
			cap = LINE_CAP + 1;
		if ((line = realloc(in.line, cap)) == NULL)
			out_of_memory();
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
	if (in.len + n > LINE_CAP) {
		in.over = true;
		return;
	}
	line_room(n);
	memcpy(in.line + in.len, p, n);
	in.len += n;
}

/*
 * The next line of stdin, without its newline: true, or false at its
 * end. A last line without a newline is a line. The output is flushed
 * before each read that may wait.
 */
static bool
read_line(void)
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
		flush_out();
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
	return true;
}

/* 1 to ID_CAP characters of [A-Za-z0-9_.:/-], up to a blank or NUL. */
static size_t
id_length(const char *s, size_t len)
{
	static const char ok[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_.:/-";
	size_t n = 0;

	while (n < len && s[n] != ' ' && s[n] != '\0') {
		if (strchr(ok, s[n]) == NULL || n == ID_CAP)
			return 0;
		n++;
	}
	return n < len && s[n] == '\0' ? 0 : n;
}

/*
 * A decimal number: an optional sign, digits with an optional point (a
 * digit on one side at least), an optional exponent. No blanks, no hex,
 * no words.
 */
static bool
is_decimal(const char *s)
{
	size_t digits = 0;

	if (*s == '+' || *s == '-')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		digits++;
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			digits++;
	if (digits == 0)
		return false;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return false;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return *s == '\0';
}

/* One figure: a finite decimal number. */
static enum sm_why
parse_number(const char *s, double *v)
{
	const char *w = *s == '+' || *s == '-' ? s + 1 : s;

	if (!is_decimal(s))
		return strncasecmp(w, "inf", 3) == 0 ||
		    strncasecmp(w, "nan", 3) == 0 ? SM_NOT_FINITE : SM_SYNTAX;
	*v = strtod(s, NULL);
	return isfinite(*v) ? SM_OK : SM_NOT_FINITE;
}

/*
 * A comma-separated list into sides[side]; *total counts the figures of
 * the line so far, against VALUES_CAP.
 */
static enum sm_why
parse_list(char *s, int side, size_t *n, size_t *total)
{
	size_t count = 1, cap;
	enum sm_why why;
	double *v;
	char *p, *comma;

	for (p = s; *p != '\0'; p++)
		count += *p == ',';
	if (count > VALUES_CAP - *total)
		return SM_TOO_MANY;
	*total += count;
	if (count > sides[side].cap) {
		cap = sides[side].cap ? sides[side].cap : 64;
		while (cap < count)
			cap *= 2;
		if ((v = realloc(sides[side].v, cap * sizeof(*v))) == NULL)
			out_of_memory();
		sides[side].v = v;
		sides[side].cap = cap;
	}
	*n = 0;
	for (p = s;; p = comma + 1) {
		comma = strchr(p, ',');
		if (comma != NULL)
			*comma = '\0';
		why = parse_number(p, &sides[side].v[(*n)++]);
		if (why != SM_OK)
			return why;
		if (comma == NULL)
			return SM_OK;
	}
}

/* One number of an option, within lo..hi (else syntax). */
static enum sm_why
parse_option(const char *s, double lo, double hi, double *v)
{
	enum sm_why why = parse_number(s, v);

	if (why == SM_OK && (*v < lo || *v > hi))
		return SM_SYNTAX;
	return why;
}

static bool
takes_key(enum test t, const char *key)
{
	char word[16];

	if (strlen(key) + 3 > sizeof(word))
		return false;
	snprintf(word, sizeof(word), " %s ", key);
	return strstr(tests[t].keys, word) != NULL;
}

/* One KEY=VALUE word of the request. */
static enum sm_why
parse_word(struct request *rq, char *word, size_t *total)
{
	char *eq = strchr(word, '='), *val;
	bool *seen;

	if (eq == NULL || eq == word)
		return SM_SYNTAX;
	*eq = '\0';
	val = eq + 1;
	if (!takes_key(rq->test, word))
		return SM_SYNTAX;
	seen = strcmp(word, "x") == 0 ? &rq->has_x :
	    strcmp(word, "y") == 0 ? &rq->has_y :
	    strcmp(word, "scale") == 0 ? &rq->has_scale :
	    strcmp(word, "level") == 0 ? &rq->has_level :
	    strcmp(word, "trim") == 0 ? &rq->has_trim :
	    strcmp(word, "min") == 0 ? &rq->has_min : &rq->has_max;
	if (*seen)
		return SM_SYNTAX;
	*seen = true;
	if (seen == &rq->has_x)
		return parse_list(val, 0, &rq->nx, total);
	if (seen == &rq->has_y)
		return parse_list(val, 1, &rq->ny, total);
	if (seen == &rq->has_scale) {
		if (strcmp(val, "auto") == 0)
			rq->scale = SCALE_AUTO;
		else if (strcmp(val, "log") == 0)
			rq->scale = SCALE_LOG;
		else if (strcmp(val, "linear") == 0)
			rq->scale = SCALE_LINEAR;
		else
			return SM_SYNTAX;
		return SM_OK;
	}
	if (seen == &rq->has_level)
		return parse_option(val, 0.5, 0.999, &rq->level);
	if (seen == &rq->has_trim)
		return parse_option(val, 0, 0.45, &rq->trim);
	return parse_option(val, -HUGE_VAL, HUGE_VAL,
	    seen == &rq->has_min ? &rq->min : &rq->max);
}

/* The words after the ID: the test, then its keys. */
static enum sm_why
parse_request(struct request *rq, char *s)
{
	size_t total = 0, t;
	enum sm_why why;
	char *blank;

	blank = strchr(s, ' ');
	if (blank != NULL)
		*blank = '\0';
	for (t = 0; t < sizeof(tests) / sizeof(tests[0]); t++)
		if (strcmp(s, tests[t].name) == 0)
			break;
	if (*s == '\0')
		return SM_SYNTAX;
	if (t == sizeof(tests) / sizeof(tests[0]))
		return SM_UNKNOWN_TEST;
	rq->test = (enum test)t;
	while (blank != NULL) {
		s = blank + 1;
		if ((blank = strchr(s, ' ')) != NULL)
			*blank = '\0';
		if ((why = parse_word(rq, s, &total)) != SM_OK)
			return why;
	}
	if (!rq->has_x || (rq->test != T_CV && !rq->has_y))
		return SM_SYNTAX;
	if (rq->has_min && rq->has_max && rq->min > rq->max)
		return SM_SYNTAX;
	return SM_OK;
}

/* Every figure within min= and max=, and positive for the log scale. */
static enum sm_why
check_figures(const struct request *rq, bool *logs)
{
	bool positive = true;
	size_t i, n;
	int side;

	for (side = 0; side < 2; side++) {
		n = side == 0 ? rq->nx : rq->ny;
		for (i = 0; i < n; i++) {
			double v = sides[side].v[i];

			if ((rq->has_min && v < rq->min) ||
			    (rq->has_max && v > rq->max))
				return SM_RANGE;
			if (!(v > 0))
				positive = false;
		}
	}
	if (rq->scale == SCALE_LOG && !positive)
		return SM_NOT_POSITIVE;
	*logs = rq->scale == SCALE_LOG ||
	    (rq->scale == SCALE_AUTO && positive);
	return SM_OK;
}

/*
 * The answer, built in a buffer so that a result that overflowed (a
 * figure too large to compute with) is refused rather than printed.
 */
static struct {
	char	text[512];
	size_t	len;
	bool	finite;
} ans;

static void
put(const char *fmt, const char *key, double v)
{
	int n;

	if (!isfinite(v))
		ans.finite = false;
	if (v == 0)
		v = 0;		/* no -0 */
	n = snprintf(ans.text + ans.len, sizeof(ans.text) - ans.len, fmt,
	    key, v);
	if (n > 0)
		ans.len += (size_t)n;
}

static void
put_num(const char *key, double v)
{
	put(" %s=%.10g", key, v);
}

static void
put_word(const char *key, const char *word)
{
	int n = snprintf(ans.text + ans.len, sizeof(ans.text) - ans.len,
	    " %s=%s", key, word);

	if (n > 0)
		ans.len += (size_t)n;
}

static void
put_shift(const struct sm_shift *s)
{
	put_num("est", s->est);
	put_num("lo", s->lo);
	put_num("hi", s->hi);
	put_num("level", s->level);
	put_num("p", s->p);
}

/* Run the request's test into the answer's keys. */
static enum sm_why
answer(const struct request *rq, bool logs)
{
	const double *x = sides[0].v, *y = sides[1].v;
	struct sm_shift s;
	struct sm_mw mw;
	struct sm_cv cv;
	enum sm_why why;

	switch (rq->test) {
	case T_CV:
		if ((why = sm_cv(x, rq->nx, &cv)) != SM_OK)
			return why;
		put_num("n", (double)cv.n);
		put_num("mean", cv.mean);
		put_num("sd", cv.sd);
		put_num("cv", cv.cv);
		return SM_OK;
	case T_MW:
		if ((why = sm_mw(x, rq->nx, y, rq->ny, &mw)) != SM_OK)
			return why;
		put_num("p", mw.p);
		put_num("u", mw.u);
		put_num("exact", mw.exact);
		return SM_OK;
	case T_HL:
		why = sm_hl(x, rq->nx, y, rq->ny, logs, rq->level, &s);
		if (why != SM_OK)
			return why;
		put_num("nx", (double)rq->nx);
		put_num("ny", (double)rq->ny);
		put_shift(&s);
		put_num("exact", s.exact);
		break;
	case T_WELCH:
	case T_YUEN:
		why = rq->test == T_WELCH ?
		    sm_welch(x, rq->nx, y, rq->ny, logs, rq->level, &s) :
		    sm_yuen(x, rq->nx, y, rq->ny, logs, rq->trim, rq->level,
		    &s);
		if (why != SM_OK)
			return why;
		put_shift(&s);
		put_num("df", s.df);
		break;
	}
	put_word("scale", logs ? "log" : "linear");
	return SM_OK;
}

/* The table being read, line by line, until it is judged (judge.h). */
static struct jg_table table;

static void
print_refusal(const char *id, enum sm_why why)
{
	printf("%s refused why=%s\n", id, why_words[why]);
}

/*
 * A line of a table (see judge.h): true when its word after the ID is
 * one of a table's; judge answers only the last, "ID judge", with the
 * whole table's records (or its refusal).
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
			out_of_memory();
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
		out_of_memory();
	return true;
}

/* Answer one line: the ID is its first word. */
static void
serve_line(char *line, size_t len, bool over)
{
	struct request rq = { .level = 0.95, .trim = 0.1 };
	size_t idlen = id_length(line, len);
	enum sm_why why;
	bool logs = false;
	char id[ID_CAP + 1];

	if (idlen == 0) {
		print_refusal("-", SM_SYNTAX);
		return;
	}
	memcpy(id, line, idlen);
	id[idlen] = '\0';
	rq.id = id;
	if (over || memchr(line, '\0', len) != NULL || line[idlen] != ' ') {
		print_refusal(id, SM_SYNTAX);
		return;
	}
	if (table_line(id, line + idlen + 1))
		return;
	why = parse_request(&rq, line + idlen + 1);
	if (why == SM_OK && (rq.nx < tests[rq.test].least ||
	    (rq.test != T_CV && rq.ny < tests[rq.test].least)))
		why = SM_TOO_FEW;
	if (why == SM_OK)
		why = check_figures(&rq, &logs);
	ans.len = 0;
	ans.finite = true;
	if (why == SM_OK)
		why = answer(&rq, logs);
	if (why == SM_NO_MEMORY)
		out_of_memory();
	if (why == SM_OK && !ans.finite)
		why = SM_RANGE;
	if (why != SM_OK)
		print_refusal(id, why);
	else
		printf("%s ok%s\n", id, ans.text);
}

int
main(int argc, char *argv[])
{
	int first;

	if ((first = helper_start(argc, argv, "smpb-stat", usage_text,
	    flush_out)) < argc)
		helper_usage_error("unexpected operand", argv[first]);
	while (read_line())
		serve_line(in.line, in.len, in.over);
	flush_out();
	if (fclose(stdout) == EOF)
		write_failed();
	return 0;
}
