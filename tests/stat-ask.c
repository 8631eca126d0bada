/*
 * stat-ask: smpb-stat's statistics (src/statmath.c) asked one request a
 * line, for the tests that hold them to figures worked out apart from
 * them (t613, t710, t713): the spread of a sample (cv), and the change
 * between two samples with its interval and p-value by the
 * Hodges-Lehmann shift (hl), Welch's t (welch), Yuen's trimmed t (yuen)
 * or the Mann-Whitney test (mw). smpb-stat itself answers only tables
 * (smpb-stat(1)); this speaks its line protocol (src/lines.c).
 *
 *	r1 hl x=1.0,1.1,0.9 y=1.5,1.6,1.4
 *	r1 ok nx=3 ny=3 est=0.5 lo=... hi=... level=0.9 p=0.1 exact=1 scale=log
 *
 * A request is its ID, its test and KEY=VALUE words, separated by single
 * blanks; the figures are comma-separated decimal numbers. The keys:
 * x= and y=, the samples; scale=auto|log|linear (hl, welch, yuen: the
 * log scale takes the logarithms of the figures, a change then a ratio;
 * auto is log where every figure is positive); level= (hl, welch, yuen:
 * 0.5 to 0.999, default 0.95); trim= (yuen: 0 to 0.45, default 0.1);
 * min= and max=, every figure within. Every figure is checked (a
 * decimal number, finite, within min= and max=, positive where its
 * logarithm is taken) and a line that fails is answered "ID refused
 * why=WORD" (syntax, unknown-test, too-few, too-many, not-finite,
 * not-positive, range, zero-centre), the program going on with the
 * next. The answers' keys, in order:
 *
 *	cv		n mean sd cv
 *	hl		nx ny est lo hi level p exact scale
 *	welch, yuen	est lo hi level p df scale
 *	mw		p u exact
 *
 * est, lo and hi are the change of y against x and its interval as
 * fractions of x; level the interval's coverage (for hl the coverage
 * reached); p the two-sided p-value; df the t test's degrees of
 * freedom; u the pairs with x above y, ties as halves; exact 1 where
 * counted exactly. Numbers are printed as by printf("%.10g").
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lines.h"
#include "statmath.h"

/* The most figures on a line, both sides together. */
#define VALUES_CAP	1000000u

static const char usage_text[] = "usage: stat-ask [-hV]";

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
			lines_no_memory();
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

/* Answer one request line. */
static void
serve_line(char *line, size_t len, bool over)
{
	struct request rq = { .level = 0.95, .trim = 0.1 };
	enum sm_why why;
	bool logs = false;
	char id[LINES_ID_CAP + 1], *rest;

	if ((rest = lines_begin(line, len, over, id)) == NULL)
		return;
	rq.id = id;
	why = parse_request(&rq, rest);
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
		lines_no_memory();
	if (why == SM_OK && !ans.finite)
		why = SM_RANGE;
	if (why != SM_OK)
		printf("%s refused why=%s\n", id, why_words[why]);
	else
		printf("%s ok%s\n", id, ans.text);
}

int
main(int argc, char *argv[])
{
	return lines_serve(argc, argv, "stat-ask", usage_text, serve_line);
}
