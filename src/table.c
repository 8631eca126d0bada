/*
 * table.c: the parser of compare's tables (judge.h): a table's lines,
 * one by one, into a struct jg_table, and the lists of figures it
 * holds. smpb-stat hands it each line of a table, its ID and kind read
 * (jg_line); the first line, "table", begins the table afresh, and a
 * line that is not one refuses it, the refusal said when it is judged
 * (answer.c). Every figure read is checked here against what a run can
 * make: a decimal, finite; a canary timing within its bounds, the rest
 * counted; an index within the table.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

/*
 * The canary timings a run can make, ns a spin: a timing outside is
 * none, counted (smpb-stat(5): the key bad of a column).
 */
#define CANARY_MIN	0.01
#define CANARY_MAX	1e9

static const char *const limit_keys[JG_NLIMITS] = {
	"cpumax", "quota_us", "period_us", "cpuset"
};

enum sm_why
jg_figs_add(struct jg_figs *f, double v)
{
	double *p;
	size_t cap;

	if (f->n == f->cap) {
		cap = f->cap ? f->cap * 2 : 8;
		if ((p = realloc(f->v, cap * sizeof(*p))) == NULL)
			return SM_NO_MEMORY;
		f->v = p;
		f->cap = cap;
	}
	f->v[f->n++] = v;
	return SM_OK;
}

void
jg_figs_free(struct jg_figs *f)
{
	free(f->v);
	f->v = NULL;
	f->n = f->cap = 0;
}

enum sm_why
jg_figs_copy(struct jg_figs *to, const struct jg_figs *from)
{
	enum sm_why why;
	size_t k;

	for (k = 0; k < from->n; k++)
		if ((why = jg_figs_add(to, from->v[k])) != SM_OK)
			return why;
	return SM_OK;
}

double
jg_figs_median(struct jg_figs *f)
{
	sm_sort(f->v, f->n);
	return sm_median_sorted(f->v, f->n);
}

/*
 * A number as the driver writes one: a decimal, finite (the grammar of
 * smpb-stat's figures: a sign, digits and a point, an exponent).
 */
static bool
number(const char *s, double *v)
{
	char *end;

	if (*s == '\0' || strpbrk(s, "xXnNiI ") != NULL)
		return false;
	errno = 0;
	*v = strtod(s, &end);
	return *end == '\0' && isfinite(*v);
}

/* A comma-separated list of numbers into f. */
static enum sm_why
number_list(char *s, struct jg_figs *f)
{
	enum sm_why why;
	char *comma;
	double v;

	if (*s == '\0')
		return SM_OK;
	for (;;) {
		if ((comma = strchr(s, ',')) != NULL)
			*comma = '\0';
		if (!number(s, &v))
			return SM_SYNTAX;
		if ((why = jg_figs_add(f, v)) != SM_OK)
			return why;
		if (comma == NULL)
			return SM_OK;
		s = comma + 1;
	}
}

/*
 * A canary timing as a run's host file holds it, plain digits, a point
 * and an exponent (no sign: "-0" is no timing), within the bounds.
 */
static bool
canary_timing(const char *s, double *v)
{
	const char *p = s;

	if (!(*p >= '0' && *p <= '9'))
		return false;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == '.') {
		if (!(p[1] >= '0' && p[1] <= '9'))
			return false;
		for (p++; *p >= '0' && *p <= '9'; p++)
			;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return false;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p != '\0')
		return false;
	*v = strtod(s, NULL);
	return isfinite(*v) && *v >= CANARY_MIN && *v <= CANARY_MAX;
}

/* Text as the driver escapes it (%20 a blank, %3D =, %25 %, %2C a
 * comma), decoded in place. */
static void
unescape(char *s)
{
	char *w = s;
	unsigned c;

	for (; *s != '\0'; s++) {
		if (*s == '%' && sscanf(s + 1, "%2x", &c) == 1 &&
		    s[1] != '\0' && s[2] != '\0') {
			*w++ = (char)c;
			s += 2;
		} else
			*w++ = *s;
	}
	*w = '\0';
}

static enum sm_why
dup_text(char **to, char *s)
{
	unescape(s);
	free(*to);
	if ((*to = strdup(s)) == NULL)
		return SM_NO_MEMORY;
	return SM_OK;
}

/* A flag: 0 or 1. */
static bool
flag(const char *s, bool *b)
{
	if (strcmp(s, "0") != 0 && strcmp(s, "1") != 0)
		return false;
	*b = *s == '1';
	return true;
}

/* An index 1..max. */
static bool
index_of(const char *s, int max, int *k)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s < '1' || *s > '9' || *end != '\0' || errno != 0 || v > max)
		return false;
	*k = (int)v;
	return true;
}

/*
 * The next KEY=VALUE word of words, split in place: false at the end;
 * *bad set when a word has no '='.
 */
static bool
next_word(char **words, char **key, char **val, bool *bad)
{
	char *s = *words, *blank, *eq;

	if (s == NULL || *s == '\0')
		return false;
	if ((blank = strchr(s, ' ')) != NULL) {
		*blank = '\0';
		*words = blank + 1;
	} else
		*words = NULL;
	if ((eq = strchr(s, '=')) == NULL || eq == s) {
		*bad = true;
		return false;
	}
	*eq = '\0';
	*key = s;
	*val = eq + 1;
	return true;
}

/* A row's cells and places, and the row. */
static void
row_free(struct jg_row *row)
{
	size_t k;

	for (k = 0; k < row->ncells; k++) {
		jg_figs_free(&row->cells[k].v);
		free(row->cells[k].param);
	}
	for (k = 0; k < row->nplaces; k++) {
		jg_figs_free(&row->places[k].u);
		jg_figs_free(&row->places[k].o);
		jg_figs_free(&row->places[k].q);
	}
	free(row->cells);
	free(row->places);
	free(row);
}

void
jg_table_free(struct jg_table *t)
{
	int j, i;
	size_t k;

	for (j = 1; t->runs != NULL && j <= t->nruns; j++) {
		struct jg_run *r = &t->runs[j];

		free(r->id);
		free(r->profile);
		free(r->model);
		free(r->cpus);
		free(r->load);
		free(r->others);
		free(r->settle);
		free(r->hsettle);
		free(r->steal);
		for (k = 0; k < JG_NLIMITS; k++)
			free(r->limit[k]);
		jg_figs_free(&r->canary);
		for (k = 0; k < r->nenv * 2; k++)
			free(r->env[k]);
		free(r->env);
	}
	for (i = 0; t->rows != NULL && i < t->rowroom; i++)
		if (t->rows[i] != NULL)
			row_free(t->rows[i]);
	free(t->runs);
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

/*
 * p, room for *cap things of size each, grown to room for n (by
 * doubling, to at most max, n <= max), the new room zeroed; NULL where
 * memory ran out (p is then as it was).
 */
static void *
grow(void *p, size_t size, size_t *cap, size_t n, size_t max)
{
	size_t to = *cap ? *cap : 4;
	char *q;

	if (n <= *cap)
		return p;
	while (to < n)
		to *= 2;
	if (to > max)
		to = max;
	if ((q = realloc(p, to * size)) == NULL)
		return NULL;
	memset(q + *cap * size, 0, (to - *cap) * size);
	*cap = to;
	return q;
}

/*
 * p, a list of *n things of size each in room for *cap (at most max),
 * with a zeroed thing put in at index at, the rest moved up, *n one
 * more; NULL where memory ran out (p is then as it was).
 */
static void *
slot_insert(void *p, size_t size, size_t *n, size_t *cap, size_t max,
    size_t at)
{
	char *q;

	if ((q = grow(p, size, cap, *n + 1, max)) == NULL)
		return NULL;
	memmove(q + (at + 1) * size, q + at * size, (*n - at) * size);
	memset(q + at * size, 0, size);
	(*n)++;
	return q;
}

/* Run j (1..maxruns), given a place in runs: nruns is then j at least. */
static enum sm_why
run_make(struct jg_table *t, int j)
{
	size_t cap = (size_t)t->runroom;
	struct jg_run *runs;

	if ((runs = grow(t->runs, sizeof(*runs), &cap, (size_t)j + 1,
	    (size_t)t->maxruns + 1)) == NULL)
		return SM_NO_MEMORY;
	t->runs = runs;
	t->runroom = (int)cap;
	if (j > t->nruns)
		t->nruns = j;
	return SM_OK;
}

/* Row i (1..nrows), made where no line named it before. */
static enum sm_why
row_make(struct jg_table *t, int i, struct jg_row **row)
{
	size_t cap = (size_t)t->rowroom;
	struct jg_row **rows;

	if ((rows = grow(t->rows, sizeof(*rows), &cap, (size_t)i + 1,
	    (size_t)t->nrows + 1)) == NULL)
		return SM_NO_MEMORY;
	t->rows = rows;
	t->rowroom = (int)cap;
	if (t->rows[i] == NULL && (t->rows[i] = calloc(1,
	    sizeof(*t->rows[i]))) == NULL)
		return SM_NO_MEMORY;
	*row = t->rows[i];
	return SM_OK;
}

/*
 * A key of the table line on its figures: a rule (threshold, zero,
 * load_limit), their format (fmt, scale: into *scale) or the range of
 * the rows left out (fold_lo, fold_hi). False where it is none, or its
 * value is not one.
 */
static bool
table_number(struct jg_table *t, const char *key, char *val, double *scale)
{
	double v;

	if (strcmp(key, "fmt") == 0) {
		unescape(val);
		return jg_fmt_parse(val, &t->fmt);
	}
	if (!number(val, &v))
		return false;
	if (strcmp(key, "fold_lo") == 0 || strcmp(key, "fold_hi") == 0) {
		*(key[5] == 'l' ? &t->fold_lo : &t->fold_hi) = v;
		t->fold = true;
		return true;
	}
	if (strcmp(key, "scale") == 0) {
		*scale = v;
		return v >= 0;
	}
	if (v < 0)
		return false;
	if (strcmp(key, "threshold") == 0)
		t->threshold = v;
	else if (strcmp(key, "zero") == 0) {
		t->zero = v;
		t->zero_given = true;
	} else if (strcmp(key, "load_limit") == 0)
		t->load_limit = v;
	else
		return false;
	return true;
}

/* The table line: its size and the rules it is judged by. */
static enum sm_why
table_head(struct jg_table *t, char *words)
{
	char *key, *val;
	bool bad = false;
	double scale = 1;

	t->threshold = JG_THRESHOLD;
	t->load_limit = JG_LOAD_LIMIT;
	while (next_word(&words, &key, &val, &bad)) {
		if (strcmp(key, "runs") == 0) {
			if (!index_of(val, JG_MAX_RUNS, &t->maxruns))
				return SM_SYNTAX;
		} else if (strcmp(key, "cols") == 0) {
			if (!index_of(val, JG_MAX_RUNS, &t->ncols))
				return SM_SYNTAX;
		} else if (strcmp(key, "rows") == 0) {
			if (strcmp(val, "0") == 0)
				t->nrows = 0;
			else if (!index_of(val, JG_MAX_ROWS, &t->nrows))
				return SM_SYNTAX;
		} else if (strcmp(key, "head") == 0) {
			if (!flag(val, &t->head))
				return SM_SYNTAX;
		} else if (strcmp(key, "higher") == 0) {
			if (!flag(val, &t->higher))
				return SM_SYNTAX;
		} else if (strcmp(key, "wait") == 0) {
			if (!flag(val, &t->wait))
				return SM_SYNTAX;
		} else if (strcmp(key, "counters") == 0) {
			if (!flag(val, &t->counters))
				return SM_SYNTAX;
		} else if (strcmp(key, "force") == 0) {
			if (!flag(val, &t->force))
				return SM_SYNTAX;
		} else if (strcmp(key, "moves") == 0) {
			if (strcmp(val, "time") == 0)
				t->moves = JG_TIME;
			else if (strcmp(val, "rate") == 0)
				t->moves = JG_RATE;
			else if (strcmp(val, "either") == 0)
				t->moves = JG_EITHER;
			else
				return SM_SYNTAX;
		} else if (!table_number(t, key, val, &scale))
			return SM_SYNTAX;
	}
	if (bad || t->maxruns == 0 || t->ncols == 0 || t->ncols > t->maxruns)
		return SM_SYNTAX;
	if (t->fmt.given) {
		t->fmt.scale = scale;
		if (!t->zero_given)
			t->zero = jg_zero_below(&t->fmt);
	} else if (scale != 1)
		return SM_SYNTAX;
	if ((long)t->nrows * t->maxruns > JG_MAX_CELLS)
		return SM_TOO_MANY;
	return run_make(t, 0);
}

/* A run line: its column and facts. */
static enum sm_why
table_run(struct jg_table *t, char *words)
{
	struct jg_run tmp = { 0 }, *r = &tmp;
	char *key, *val, *p, *comma;
	bool bad = false, *b;
	enum sm_why why = SM_OK;
	int j = 0, k;
	double v;

	while (why == SM_OK && next_word(&words, &key, &val, &bad)) {
		b = NULL;
		if (strcmp(key, "j") == 0) {
			if (!index_of(val, t->maxruns, &j) ||
			    (j <= t->nruns && t->runs[j].here))
				return SM_SYNTAX;
			if ((why = run_make(t, j)) != SM_OK)
				return why;
			r = &t->runs[j];
			*r = tmp;
			r->here = true;
		} else if (r == &tmp)
			return SM_SYNTAX;	/* j= first */
		else if (strcmp(key, "g") == 0) {
			if (!index_of(val, t->ncols, &r->col))
				return SM_SYNTAX;
		} else if (strcmp(key, "hist") == 0)
			b = &r->hist;
		else if (strcmp(key, "hostfile") == 0)
			b = &r->hostfile;
		else if (strcmp(key, "hosthere") == 0)
			b = &r->hosthere;
		else if (strcmp(key, "hsettle_there") == 0)
			b = &r->hsettle_there;
		else if (strcmp(key, "incomplete") == 0)
			b = &r->incomplete;
		else if (strcmp(key, "quota") == 0)
			b = &r->quota;
		else if (strcmp(key, "emulated") == 0)
			b = &r->emulated;
		else if (strcmp(key, "id") == 0)
			why = dup_text(&r->id, val);
		else if (strcmp(key, "profile") == 0)
			why = dup_text(&r->profile, val);
		else if (strcmp(key, "model") == 0)
			why = dup_text(&r->model, val);
		else if (strcmp(key, "cpus") == 0)
			why = dup_text(&r->cpus, val);
		else if (strcmp(key, "load") == 0)
			why = dup_text(&r->load, val);
		else if (strcmp(key, "others") == 0)
			why = dup_text(&r->others, val);
		else if (strcmp(key, "settle") == 0)
			why = dup_text(&r->settle, val);
		else if (strcmp(key, "hsettle") == 0)
			why = dup_text(&r->hsettle, val);
		else if (strcmp(key, "steal") == 0)
			why = dup_text(&r->steal, val);
		else if (strcmp(key, "canary") == 0) {
			/* Each timing a run can make, the rest counted. */
			for (p = val; *p != '\0'; p = comma + 1) {
				if ((comma = strchr(p, ',')) != NULL)
					*comma = '\0';
				if (canary_timing(p, &v))
					why = jg_figs_add(&r->canary, v);
				else
					r->canary_bad++;
				if (comma == NULL || why != SM_OK)
					break;
			}
		} else {
			for (k = 0; k < JG_NLIMITS; k++)
				if (strcmp(key, limit_keys[k]) == 0)
					break;
			if (k == JG_NLIMITS)
				return SM_SYNTAX;
			why = dup_text(&r->limit[k], val);
		}
		if (b != NULL && !flag(val, b))
			return SM_SYNTAX;
	}
	if (why != SM_OK)
		return why;
	if (bad || j == 0 || r->col == 0)
		return SM_SYNTAX;
	return SM_OK;
}

/* An env line: one key of a run's env, for runs without a run_id. */
static enum sm_why
table_env(struct jg_table *t, char *words)
{
	char *key, *val, *k = NULL, *v = NULL, **env;
	bool bad = false;
	int j = 0;
	struct jg_run *r;

	while (next_word(&words, &key, &val, &bad)) {
		if (strcmp(key, "j") == 0) {
			if (!index_of(val, t->maxruns, &j))
				return SM_SYNTAX;
		} else if (strcmp(key, "k") == 0)
			k = val;
		else if (strcmp(key, "v") == 0)
			v = val;
		else
			return SM_SYNTAX;
	}
	if (bad || j == 0 || k == NULL || v == NULL || j > t->nruns ||
	    !t->runs[j].here)
		return SM_SYNTAX;
	r = &t->runs[j];
	if (r->nenv == JG_MAX_ENV)
		return SM_TOO_MANY;
	if ((env = realloc(r->env, (r->nenv + 1) * 2 * sizeof(*env))) == NULL)
		return SM_NO_MEMORY;
	r->env = env;
	unescape(k);
	unescape(v);
	env[r->nenv * 2] = strdup(k);
	env[r->nenv * 2 + 1] = strdup(v);
	r->nenv++;
	if (env[r->nenv * 2 - 2] == NULL || env[r->nenv * 2 - 1] == NULL)
		return SM_NO_MEMORY;
	return SM_OK;
}

/* The row, run and column a line names (i=, j=, g=), each optional. */
struct at {
	int	i, j, g;
};

static bool
at_word(const struct jg_table *t, const char *key, const char *val,
    struct at *a, bool *ok)
{
	if (strcmp(key, "i") == 0)
		*ok = index_of(val, t->nrows, &a->i);
	else if (strcmp(key, "j") == 0)
		*ok = index_of(val, t->maxruns, &a->j) && a->j <= t->nruns &&
		    t->runs[a->j].here;
	else if (strcmp(key, "g") == 0)
		*ok = index_of(val, t->ncols, &a->g);
	else
		return false;
	return true;
}

/* A row line: whether it is unpinned, and its rows pinned to one CPU
 * and to more. */
static enum sm_why
table_row(struct jg_table *t, char *words)
{
	char *key, *val;
	bool bad = false, ok, is_free = false, has_free = false;
	struct at a = { 0, 0, 0 };
	int one = 0, spread = 0;
	struct jg_row *row;
	enum sm_why why;

	while (next_word(&words, &key, &val, &bad)) {
		if (at_word(t, key, val, &a, &ok)) {
			if (!ok)
				return SM_SYNTAX;
		} else if (strcmp(key, "free") == 0) {
			if (!flag(val, &is_free))
				return SM_SYNTAX;
			has_free = true;
		} else if (strcmp(key, "one") == 0) {
			if (!index_of(val, t->nrows, &one))
				return SM_SYNTAX;
		} else if (strcmp(key, "spread") == 0) {
			if (!index_of(val, t->nrows, &spread))
				return SM_SYNTAX;
		} else
			return SM_SYNTAX;
	}
	if (bad || a.i == 0 || !has_free)
		return SM_SYNTAX;
	if ((why = row_make(t, a.i, &row)) != SM_OK)
		return why;
	row->here = true;
	row->free = is_free;
	row->one = one;
	row->spread = spread;
	return SM_OK;
}

/* What no line gave: read-only. */
static const struct jg_row empty_row;
static const struct jg_cell empty_cell = { .lflag = -1 };
static const struct jg_place empty_place;

const struct jg_row *
jg_row_at(const struct jg_table *t, int i)
{
	if (i < 0 || i >= t->rowroom || t->rows[i] == NULL)
		return &empty_row;
	return t->rows[i];
}

/*
 * Where KEY is in the list BASE of N entries of SIZE bytes, sorted by the
 * int at OFF in each, or would be: true if there. A key past the last,
 * the order lines usually come in, is found at once.
 */
static bool
sorted_find(const void *base, size_t n, size_t size, size_t off, int key,
    size_t *at)
{
	const char *p = base;
	size_t lo = 0, hi = n, mid;
	int k;

	if (n > 0) {
		memcpy(&k, p + (n - 1) * size + off, sizeof(k));
		if (k < key) {
			*at = n;
			return false;
		}
	}
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		memcpy(&k, p + mid * size + off, sizeof(k));
		if (k < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	*at = lo;
	if (lo == n)
		return false;
	memcpy(&k, p + lo * size + off, sizeof(k));
	return k == key;
}

/* Where run j's cell is in row's list, or would be: true if there. */
static bool
cell_find(const struct jg_row *row, int j, size_t *at)
{
	return sorted_find(row->cells, row->ncells, sizeof(*row->cells),
	    offsetof(struct jg_cell, j), j, at);
}

/* The same, of column g's place. */
static bool
place_find(const struct jg_row *row, int g, size_t *at)
{
	return sorted_find(row->places, row->nplaces, sizeof(*row->places),
	    offsetof(struct jg_place, g), g, at);
}

const struct jg_cell *
jg_cell_at(const struct jg_table *t, int i, int j)
{
	const struct jg_row *row = jg_row_at(t, i);
	size_t at;

	return cell_find(row, j, &at) ? &row->cells[at] : &empty_cell;
}

const struct jg_place *
jg_place_at(const struct jg_table *t, int i, int g)
{
	const struct jg_row *row = jg_row_at(t, i);
	size_t at;

	return place_find(row, g, &at) ? &row->places[at] : &empty_place;
}

/* Run j's cell of row i, made where no line named it before; valid
 * until the next cell of the row is made. */
static enum sm_why
cell_make(struct jg_table *t, int i, int j, struct jg_cell **c)
{
	struct jg_row *row;
	struct jg_cell *cells;
	enum sm_why why;
	size_t at;

	if ((why = row_make(t, i, &row)) != SM_OK)
		return why;
	if (!cell_find(row, j, &at)) {
		if ((cells = slot_insert(row->cells, sizeof(*cells),
		    &row->ncells, &row->cellcap, (size_t)t->maxruns, at)) ==
		    NULL)
			return SM_NO_MEMORY;
		row->cells = cells;
		row->cells[at].j = j;
		row->cells[at].lflag = -1;
	}
	*c = &row->cells[at];
	return SM_OK;
}

/* The same, of column g's place. */
static enum sm_why
place_make(struct jg_table *t, int i, int g, struct jg_place **p)
{
	struct jg_row *row;
	struct jg_place *places;
	enum sm_why why;
	size_t at;

	if ((why = row_make(t, i, &row)) != SM_OK)
		return why;
	if (!place_find(row, g, &at)) {
		if ((places = slot_insert(row->places, sizeof(*places),
		    &row->nplaces, &row->placecap, (size_t)t->ncols, at)) ==
		    NULL)
			return SM_NO_MEMORY;
		row->places = places;
		row->places[at].g = g;
	}
	*p = &row->places[at];
	return SM_OK;
}

enum sm_why
jg_table_whole(const struct jg_table *t)
{
	int i, g, j;
	bool *has;

	for (i = 1; i <= t->nrows; i++)
		if (!jg_row_at(t, i)->here)
			return SM_MISSING;
	if ((has = calloc((size_t)t->ncols + 1, sizeof(*has))) == NULL)
		return SM_NO_MEMORY;
	for (j = 1; j <= t->nruns; j++)
		if (t->runs[j].here)
			has[t->runs[j].col] = true;
	for (g = 1; g <= t->ncols && has[g]; g++)
		;
	free(has);
	return g > t->ncols ? SM_OK : SM_MISSING;
}

/* A fig line: a row's repeats in a run, and those lost. */
static enum sm_why
table_fig(struct jg_table *t, char *words)
{
	char *key, *val, *end;
	bool bad = false, ok;
	struct at a = { 0, 0, 0 };
	char *list = NULL;
	unsigned long *count;
	struct jg_cell *c;
	enum sm_why why;

	while (next_word(&words, &key, &val, &bad)) {
		if (at_word(t, key, val, &a, &ok)) {
			if (!ok)
				return SM_SYNTAX;
			continue;
		}
		if (a.i == 0 || a.j == 0)
			return SM_SYNTAX;	/* i= and j= first */
		if ((why = cell_make(t, a.i, a.j, &c)) != SM_OK)
			return why;
		if (strcmp(key, "v") == 0) {
			list = val;
			continue;
		}
		count = strcmp(key, "failed") == 0 ? &c->failed :
		    strcmp(key, "bad") == 0 ? &c->bad :
		    strcmp(key, "na") == 0 ? &c->na : NULL;
		if (count == NULL)
			return SM_SYNTAX;
		errno = 0;
		*count = strtoul(val, &end, 10);
		if (*val < '0' || *val > '9' || *end != '\0' || errno != 0)
			return SM_SYNTAX;
	}
	if (bad || a.i == 0 || a.j == 0)
		return SM_SYNTAX;
	if ((why = cell_make(t, a.i, a.j, &c)) != SM_OK)
		return why;
	return list == NULL ? SM_OK : number_list(list, &c->v);
}

/* A place line: where a column's repeats of an unpinned row ran. */
static enum sm_why
table_place(struct jg_table *t, char *words)
{
	char *key, *val;
	bool bad = false, ok;
	struct at a = { 0, 0, 0 };
	struct jg_place *p;
	struct jg_figs *f;
	enum sm_why why;

	while (next_word(&words, &key, &val, &bad)) {
		if (at_word(t, key, val, &a, &ok)) {
			if (!ok)
				return SM_SYNTAX;
			continue;
		}
		if (a.i == 0 || a.g == 0)
			return SM_SYNTAX;
		if ((why = place_make(t, a.i, a.g, &p)) != SM_OK)
			return why;
		f = strcmp(key, "u") == 0 ? &p->u : strcmp(key, "o") == 0 ?
		    &p->o : strcmp(key, "q") == 0 ? &p->q : NULL;
		if (f == NULL)
			return SM_SYNTAX;
		if ((why = number_list(val, f)) != SM_OK)
			return why;
	}
	return bad || a.i == 0 || a.g == 0 ? SM_SYNTAX : SM_OK;
}

/* A param line: a row's options in a run (those that make no row), and
 * whether it timed every message (-l). */
static enum sm_why
table_param(struct jg_table *t, char *words)
{
	char *key, *val, *p = NULL;
	bool bad = false, ok, l = false, has_l = false;
	struct at a = { 0, 0, 0 };
	struct jg_cell *c;
	enum sm_why why;

	while (next_word(&words, &key, &val, &bad)) {
		if (at_word(t, key, val, &a, &ok)) {
			if (!ok)
				return SM_SYNTAX;
		} else if (strcmp(key, "p") == 0)
			p = val;
		else if (strcmp(key, "l") == 0) {
			if (!flag(val, &l))
				return SM_SYNTAX;
			has_l = true;
		} else
			return SM_SYNTAX;
	}
	if (bad || a.i == 0 || a.j == 0 || p == NULL || !has_l)
		return SM_SYNTAX;
	if ((why = cell_make(t, a.i, a.j, &c)) != SM_OK)
		return why;
	c->lflag = l;
	return dup_text(&c->param, p);
}

enum sm_why
jg_line(struct jg_table *t, const char *id, const char *kind, char *words)
{
	enum sm_why why;

	if (strcmp(kind, "table") == 0) {
		jg_table_free(t);
		snprintf(t->id, sizeof(t->id), "%s", id);
		t->open = true;
		why = table_head(t, words);
	} else if (!t->open || strcmp(t->id, id) != 0)
		return SM_SYNTAX;
	else if (t->refused)
		return t->why;
	else if (strcmp(kind, "run") == 0)
		why = table_run(t, words);
	else if (strcmp(kind, "env") == 0)
		why = table_env(t, words);
	else if (strcmp(kind, "row") == 0)
		why = table_row(t, words);
	else if (strcmp(kind, "fig") == 0)
		why = table_fig(t, words);
	else if (strcmp(kind, "place") == 0)
		why = table_place(t, words);
	else if (strcmp(kind, "param") == 0)
		why = table_param(t, words);
	else
		why = SM_SYNTAX;
	if (why != SM_OK && !t->refused) {
		t->refused = true;
		t->why = why;
	}
	return why;
}
