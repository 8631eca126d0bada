/*
 * judge.c: compare's decisions, beside its statistics. smpb-stat reads a
 * table of a comparison, line by line (judge_line), and answers it whole
 * (judge_run); the driver's awk programs read the saved runs and hand
 * over what they hold, and lay out the answers as text.
 *
 * A table is its runs (each in a column: runs that share a name pool
 * into one), the facts of each run that the checks and the host's speed
 * rest on, its rows (placement and parameters) and, for each row and
 * run, the repeats' figures; for each unpinned row and column, where
 * each repeat ran (CPUs used, CPUs occupied, CPUs' worth queued).
 *
 * What it decides, in this order:
 *   - the problems of the runs (run_problems, table_problems): the same
 *     run twice, another profile, other options (hard: not compared
 *     unless forced, nothing marked in the column); a busy machine,
 *     another run beside it, a start that was not quiet, steal time
 *     above another run's (busy: a change in the column is in doubt);
 *     an incomplete run, another machine, -l on one side only, no row
 *     in common (said only);
 *   - each column's host speed against the first's, by the canary timed
 *     after every measurement (Yuen's test of the batches' or the runs'
 *     medians), and from it the smallest rise and fall it marks;
 *   - each cell's figure (the median of its repeats, or of its runs'
 *     medians), spread (cv), clusters (bimodal) and, from the second
 *     column on, its change against the first column's, the test of it
 *     (Welch's t of the runs' medians with two runs a side or more, else
 *     the Hodges-Lehmann shift of the repeats) and the verdict: base,
 *     same, changed (better or worse), placement, doubtful, mixed,
 *     untestable, refused or few.
 * The rules are smpbench-compare(1)'s; smpb-stat(1) gives the protocol.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

/* The bounds of a table: far more than any comparison holds. */
#define JG_MAX_RUNS	4096
#define JG_MAX_ROWS	100000
#define JG_MAX_CELLS	4000000	/* rows x runs */
#define JG_MAX_ENV	512	/* env keys of a run */
#define JG_LEVEL	0.95	/* the level of every interval */

/*
 * The canary timings a run can make, ns a spin: a timing outside is
 * none, counted as bad (smpb-stat(1): "the timings no run makes").
 */
#define CANARY_MIN	0.01
#define CANARY_MAX	1e9

/* The smallest gap between two clusters, as a ratio of their nearest
 * repeats: 1.5 means no repeat between x and 1.5x (stats.awk's). */
#define BIMODAL_GAP	1.5

/* A list of figures, grown. */
struct figs {
	double	*v;
	size_t	n, cap;
};

/* The cgroup CPU limits a run recorded, as compared between runs. */
enum { LIM_CPU_MAX, LIM_QUOTA, LIM_PERIOD, LIM_CPUSET, NLIMITS };
static const char *const limit_keys[NLIMITS] = {
	"cpumax", "quota_us", "period_us", "cpuset"
};

/* One run, its column and its facts; text as the run recorded it. */
struct run {
	bool	here;			/* named by a run line */
	int	col;			/* its column, 1.. */
	bool	hist;			/* a historical run */
	bool	hostfile;		/* it has a host file */
	bool	hosthere;		/* with a line of this workload */
	bool	hsettle_there;		/* ... that says how it settled */
	bool	incomplete;
	bool	quota;			/* ran under a CPU quota */
	char	*id, *profile, *model, *cpus, *load, *others, *settle;
	char	*hsettle, *steal;
	char	*limit[NLIMITS];
	struct figs canary;		/* the timings as numbers */
	size_t	canary_bad;		/* timings no run makes */
	char	**env;			/* key, value, key, value... */
	size_t	nenv;
};

/* A row's figures in one run. */
struct cell {
	struct figs v;
	unsigned long failed, bad, na;
	char	*param;			/* its options, for runs' checks */
	int	lflag;			/* -1 none, 0, 1 */
};

/* Where the repeats of a column ran in an unpinned row. */
struct place {
	struct figs u, o, q;
};

static struct table {
	char	id[65];
	bool	open, refused;
	enum sm_why why;
	bool	head;			/* the runs' checks alone */
	double	threshold;		/* percent */
	bool	higher;			/* a higher figure is better */
	enum jg_moves moves;
	bool	wait;			/* the run-queue delay's own table */
	bool	force;
	double	zero;			/* figures under it show as zero */
	double	load_limit;
	int	nruns, ncols, nrows;
	struct run *runs;		/* [1..nruns] */
	bool	*free_row;		/* [1..nrows] */
	struct cell *cells;		/* [(i - 1) * nruns + j - 1] */
	struct place *places;		/* [(i - 1) * ncols + g - 1] */
} T;

/* What judge_run works out, per column and cell. */
struct colv {
	int	nrun;			/* its runs */
	bool	nosig, busy;
	double	rise, fall;
	const char *host;		/* known, unknown, limits */
	const char *unknown;		/* why unknown: few, nocanary, "" */
	double	est, lo, hi;
	bool	by_runs, moved;
	size_t	bad;
	size_t	reps_mode, reps_odd;
};

struct cellv {
	bool	has, miss, bi;
	const char *empty;		/* fail, na or none */
	size_t	runs, reps;
	double	med;
	struct figs pooled, medians;	/* sorted */
	double	cv;
	bool	has_cv;
	struct jg_bimodal b;
	const char *meth, *verd, *dir, *why;
	double	ch, sh, lo, hi, lev, p;
	bool	has_ch, has_sh;
	int	tiny;
};

static struct colv *C;			/* [1..ncols] */
static struct cellv *V;			/* [(i - 1) * ncols + g - 1] */

/* --- figures -------------------------------------------------------- */

static enum sm_why
figs_add(struct figs *f, double v)
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

static void
figs_free(struct figs *f)
{
	free(f->v);
	f->v = NULL;
	f->n = f->cap = 0;
}

static void
figs_sort(struct figs *f)
{
	sm_sort(f->v, f->n);
}

/* The median of f (sorted in place), n >= 1. */
static double
figs_median(struct figs *f)
{
	figs_sort(f);
	return sm_median_sorted(f->v, f->n);
}

/* --- the words of a line -------------------------------------------- */

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
number_list(char *s, struct figs *f)
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
		if ((why = figs_add(f, v)) != SM_OK)
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

/* --- the table's lines ---------------------------------------------- */

static void
table_free(void)
{
	int j, i;
	size_t k;

	for (j = 1; T.runs != NULL && j <= T.nruns; j++) {
		struct run *r = &T.runs[j];

		free(r->id);
		free(r->profile);
		free(r->model);
		free(r->cpus);
		free(r->load);
		free(r->others);
		free(r->settle);
		free(r->hsettle);
		free(r->steal);
		for (k = 0; k < NLIMITS; k++)
			free(r->limit[k]);
		figs_free(&r->canary);
		for (k = 0; k < r->nenv * 2; k++)
			free(r->env[k]);
		free(r->env);
	}
	for (i = 0; T.cells != NULL && i < T.nrows * T.nruns; i++) {
		figs_free(&T.cells[i].v);
		free(T.cells[i].param);
	}
	for (i = 0; T.places != NULL && i < T.nrows * T.ncols; i++) {
		figs_free(&T.places[i].u);
		figs_free(&T.places[i].o);
		figs_free(&T.places[i].q);
	}
	for (i = 0; V != NULL && i < T.nrows * T.ncols; i++) {
		figs_free(&V[i].pooled);
		figs_free(&V[i].medians);
	}
	free(T.runs);
	free(T.free_row);
	free(T.cells);
	free(T.places);
	free(C);
	free(V);
	C = NULL;
	V = NULL;
	memset(&T, 0, sizeof(T));
}

/* The table line: its size and the rules it is judged by. */
static enum sm_why
table_head(char *words)
{
	char *key, *val;
	bool bad = false;
	double v;
	long cells;

	T.threshold = 2;
	T.load_limit = 0.5;
	while (next_word(&words, &key, &val, &bad)) {
		if (strcmp(key, "runs") == 0) {
			if (!index_of(val, JG_MAX_RUNS, &T.nruns))
				return SM_SYNTAX;
		} else if (strcmp(key, "cols") == 0) {
			if (!index_of(val, JG_MAX_RUNS, &T.ncols))
				return SM_SYNTAX;
		} else if (strcmp(key, "rows") == 0) {
			if (strcmp(val, "0") == 0)
				T.nrows = 0;
			else if (!index_of(val, JG_MAX_ROWS, &T.nrows))
				return SM_SYNTAX;
		} else if (strcmp(key, "head") == 0) {
			if (!flag(val, &T.head))
				return SM_SYNTAX;
		} else if (strcmp(key, "higher") == 0) {
			if (!flag(val, &T.higher))
				return SM_SYNTAX;
		} else if (strcmp(key, "wait") == 0) {
			if (!flag(val, &T.wait))
				return SM_SYNTAX;
		} else if (strcmp(key, "force") == 0) {
			if (!flag(val, &T.force))
				return SM_SYNTAX;
		} else if (strcmp(key, "moves") == 0) {
			if (strcmp(val, "time") == 0)
				T.moves = JG_TIME;
			else if (strcmp(val, "rate") == 0)
				T.moves = JG_RATE;
			else if (strcmp(val, "either") == 0)
				T.moves = JG_EITHER;
			else
				return SM_SYNTAX;
		} else if (strcmp(key, "threshold") == 0 ||
		    strcmp(key, "zero") == 0 || strcmp(key, "load_limit") == 0) {
			if (!number(val, &v) || v < 0)
				return SM_SYNTAX;
			*(key[0] == 't' ? &T.threshold : key[0] == 'z' ?
			    &T.zero : &T.load_limit) = v;
		} else
			return SM_SYNTAX;
	}
	if (bad || T.nruns == 0 || T.ncols == 0 || T.ncols > T.nruns)
		return SM_SYNTAX;
	cells = (long)T.nrows * T.nruns;
	if (cells > JG_MAX_CELLS)
		return SM_TOO_MANY;
	T.runs = calloc((size_t)T.nruns + 1, sizeof(*T.runs));
	T.free_row = calloc((size_t)T.nrows + 1, sizeof(*T.free_row));
	T.cells = calloc((size_t)cells + 1, sizeof(*T.cells));
	T.places = calloc((size_t)T.nrows * (size_t)T.ncols + 1,
	    sizeof(*T.places));
	if (T.runs == NULL || T.free_row == NULL || T.cells == NULL ||
	    T.places == NULL)
		return SM_NO_MEMORY;
	for (cells--; cells >= 0; cells--)
		T.cells[cells].lflag = -1;
	return SM_OK;
}

/* A run line: its column and facts. */
static enum sm_why
table_run(char *words)
{
	struct run tmp = { 0 }, *r = &tmp;
	char *key, *val, *p, *comma;
	bool bad = false, *b;
	enum sm_why why = SM_OK;
	int j = 0, k;
	double v;

	while (why == SM_OK && next_word(&words, &key, &val, &bad)) {
		b = NULL;
		if (strcmp(key, "j") == 0) {
			if (!index_of(val, T.nruns, &j) || T.runs[j].here)
				return SM_SYNTAX;
			r = &T.runs[j];
			*r = tmp;
			r->here = true;
		} else if (r == &tmp)
			return SM_SYNTAX;	/* j= first */
		else if (strcmp(key, "g") == 0) {
			if (!index_of(val, T.ncols, &r->col))
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
					why = figs_add(&r->canary, v);
				else
					r->canary_bad++;
				if (comma == NULL || why != SM_OK)
					break;
			}
		} else {
			for (k = 0; k < NLIMITS; k++)
				if (strcmp(key, limit_keys[k]) == 0)
					break;
			if (k == NLIMITS)
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
table_env(char *words)
{
	char *key, *val, *k = NULL, *v = NULL, **env;
	bool bad = false;
	int j = 0;
	struct run *r;

	while (next_word(&words, &key, &val, &bad)) {
		if (strcmp(key, "j") == 0) {
			if (!index_of(val, T.nruns, &j))
				return SM_SYNTAX;
		} else if (strcmp(key, "k") == 0)
			k = val;
		else if (strcmp(key, "v") == 0)
			v = val;
		else
			return SM_SYNTAX;
	}
	if (bad || j == 0 || k == NULL || v == NULL || !T.runs[j].here)
		return SM_SYNTAX;
	r = &T.runs[j];
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
at_word(const char *key, const char *val, struct at *a, bool *ok)
{
	if (strcmp(key, "i") == 0)
		*ok = index_of(val, T.nrows, &a->i);
	else if (strcmp(key, "j") == 0)
		*ok = index_of(val, T.nruns, &a->j) && T.runs[a->j].here;
	else if (strcmp(key, "g") == 0)
		*ok = index_of(val, T.ncols, &a->g);
	else
		return false;
	return true;
}

/* A row line: whether it is unpinned. */
static enum sm_why
table_row(char *words)
{
	char *key, *val;
	bool bad = false, ok, is_free = false, has_free = false;
	struct at a = { 0, 0, 0 };

	while (next_word(&words, &key, &val, &bad)) {
		if (at_word(key, val, &a, &ok)) {
			if (!ok)
				return SM_SYNTAX;
		} else if (strcmp(key, "free") == 0) {
			if (!flag(val, &is_free))
				return SM_SYNTAX;
			has_free = true;
		} else
			return SM_SYNTAX;
	}
	if (bad || a.i == 0 || !has_free)
		return SM_SYNTAX;
	T.free_row[a.i] = is_free;
	return SM_OK;
}

static struct cell *
cell_at(int i, int j)
{
	return &T.cells[(size_t)(i - 1) * (size_t)T.nruns + (size_t)(j - 1)];
}

/* A fig line: a row's repeats in a run, and those lost. */
static enum sm_why
table_fig(char *words)
{
	char *key, *val, *end;
	bool bad = false, ok;
	struct at a = { 0, 0, 0 };
	char *list = NULL;
	unsigned long *count;
	struct cell *c;

	while (next_word(&words, &key, &val, &bad)) {
		if (at_word(key, val, &a, &ok)) {
			if (!ok)
				return SM_SYNTAX;
			continue;
		}
		if (a.i == 0 || a.j == 0)
			return SM_SYNTAX;	/* i= and j= first */
		c = cell_at(a.i, a.j);
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
	return list == NULL ? SM_OK : number_list(list, &cell_at(a.i, a.j)->v);
}

/* A place line: where a column's repeats of an unpinned row ran. */
static enum sm_why
table_place(char *words)
{
	char *key, *val;
	bool bad = false, ok;
	struct at a = { 0, 0, 0 };
	struct place *p;
	struct figs *f;
	enum sm_why why;

	while (next_word(&words, &key, &val, &bad)) {
		if (at_word(key, val, &a, &ok)) {
			if (!ok)
				return SM_SYNTAX;
			continue;
		}
		if (a.i == 0 || a.g == 0)
			return SM_SYNTAX;
		p = &T.places[(size_t)(a.i - 1) * (size_t)T.ncols +
		    (size_t)(a.g - 1)];
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
table_param(char *words)
{
	char *key, *val, *p = NULL;
	bool bad = false, ok, l = false, has_l = false;
	struct at a = { 0, 0, 0 };
	struct cell *c;

	while (next_word(&words, &key, &val, &bad)) {
		if (at_word(key, val, &a, &ok)) {
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
	c = cell_at(a.i, a.j);
	c->lflag = l;
	return dup_text(&c->param, p);
}

enum sm_why
judge_line(const char *id, const char *kind, char *words)
{
	enum sm_why why;

	if (strcmp(kind, "table") == 0) {
		table_free();
		snprintf(T.id, sizeof(T.id), "%s", id);
		T.open = true;
		why = table_head(words);
	} else if (!T.open || strcmp(T.id, id) != 0)
		return SM_SYNTAX;
	else if (T.refused)
		return T.why;
	else if (strcmp(kind, "run") == 0)
		why = table_run(words);
	else if (strcmp(kind, "env") == 0)
		why = table_env(words);
	else if (strcmp(kind, "row") == 0)
		why = table_row(words);
	else if (strcmp(kind, "fig") == 0)
		why = table_fig(words);
	else if (strcmp(kind, "place") == 0)
		why = table_place(words);
	else if (strcmp(kind, "param") == 0)
		why = table_param(words);
	else
		why = SM_SYNTAX;
	if (why != SM_OK && !T.refused) {
		T.refused = true;
		T.why = why;
	}
	return why;
}

/* --- the decisions on figures alone ----------------------------------- */

bool
jg_bimodal(const double *a, size_t n, struct jg_bimodal *b)
{
	size_t k, bk = 0;
	double g, best = 0;

	if (n < 4 || a[0] <= 0)
		return false;
	for (k = 1; k + 2 < n; k++) {
		g = a[k + 1] / a[k];
		if (g > best) {
			best = g;
			bk = k;
		}
	}
	if (best < BIMODAL_GAP || best <= a[bk] / a[0] ||
	    best <= a[n - 1] / a[bk + 1])
		return false;
	b->nlow = bk + 1;
	b->nhigh = n - bk - 1;
	b->lowmed = sm_median_sorted(a, bk + 1);
	b->highmed = sm_median_sorted(a + bk + 1, n - bk - 1);
	return true;
}

size_t
jg_canary_units(const double *t, size_t n, bool by_runs, double *units,
    size_t cap)
{
	double *v, *w, mid;
	size_t i, j, m = 0, k = 0, b, nw;

	if (n == 0)
		return 0;
	v = malloc(n * sizeof(*v));
	w = malloc(n * sizeof(*w));
	if (v == NULL || w == NULL) {
		free(v);
		free(w);
		return 0;
	}
	memcpy(w, t, n * sizeof(*w));
	sm_sort(w, n);
	mid = sm_median_sorted(w, n);
	for (i = 0; i < n; i++)
		if (t[i] <= 3 * mid && t[i] * 3 >= mid)
			v[m++] = t[i];
	if (by_runs) {
		if (m > 0 && k < cap) {
			memcpy(w, v, m * sizeof(*w));
			sm_sort(w, m);
			units[k++] = sm_median_sorted(w, m);
		}
	} else {
		b = (m + 9) / 10;
		if (b < 3)
			b = 3;
		for (i = 0; (i + b <= m || (i == 0 && m > 0)) && k < cap;
		    i += b) {
			for (nw = 0, j = i; j < i + b && j < m; j++)
				w[nw++] = v[j];
			sm_sort(w, nw);
			units[k++] = sm_median_sorted(w, nw);
		}
	}
	free(v);
	free(w);
	return k;
}

/* The limit (percent), or the fraction d in percent (at most 1000%)
 * where that is larger. */
static double
raise_to(double limit, double d)
{
	if (d > 10)
		d = 10;
	return d * 100 > limit ? d * 100 : limit;
}

void
jg_limits(double threshold, double lo, double hi, enum jg_moves moves,
    double *rise, double *fall)
{
	double up = hi > 0 ? hi : 0, down = lo < 0 ? -lo : 0;

	*rise = *fall = threshold;
	if (moves == JG_RATE) {
		*rise = raise_to(*rise, down < 1 ? down / (1 - down) : 10);
		*fall = raise_to(*fall, up / (1 + up));
	} else if (moves == JG_TIME) {
		*rise = raise_to(*rise, up);
		*fall = raise_to(*fall, down);
	} else {
		up = up > down ? up : down;
		*rise = raise_to(*rise, up);
		*fall = raise_to(*fall, up);
	}
}

const char *
jg_verdict(const struct jg_test *t)
{
	double limit = t->change < 0 ? t->fall : t->rise;
	double size = t->change < 0 ? -t->change : t->change;

	if (t->refused)
		return "refused";
	if (t->placement)
		return "placement";
	if (t->level < JG_LEVEL - 1e-9)
		return "few";
	if (!(t->lo > 0 || t->hi < 0))
		return "same";
	if ((t->lo > 0 && t->change < 0) || (t->hi < 0 && t->change > 0))
		return "mixed";
	if (t->change < 0 && limit >= 100)
		return "untestable";
	if (size * 100 >= limit - 1e-9)
		return t->busy ? "doubtful" : "changed";
	return "same";
}

static int
cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return (x > y) - (x < y);
}

bool
jg_cpu_set(const char *list, char *buf, size_t size)
{
	static unsigned long cpu[4097];
	const char *p = list;
	unsigned long c0, c1, c;
	size_t k = 0, i, len = 0;
	char *end;
	int n;

	for (;;) {
		if (!(*p >= '0' && *p <= '9'))
			return false;
		errno = 0;
		c0 = c1 = strtoul(p, &end, 10);
		p = end;
		if (*p == '-') {
			p++;
			if (!(*p >= '0' && *p <= '9'))
				return false;
			c1 = strtoul(p, &end, 10);
			p = end;
		}
		if (errno != 0 || c1 < c0 || c1 - c0 > 4096)
			return false;
		for (c = c0; c <= c1; c++) {
			if (k == 4097)
				return false;
			cpu[k++] = c;
		}
		if (*p == '\0')
			break;
		if (*p++ != ',')
			return false;
	}
	qsort(cpu, k, sizeof(*cpu), cmp_ulong);
	buf[0] = '\0';
	for (i = 0; i < k; i++) {
		if (i > 0 && cpu[i] == cpu[i - 1])
			continue;
		n = snprintf(buf + len, size - len, "%s%lu", len ? "," : "",
		    cpu[i]);
		if (n < 0 || (size_t)n >= size - len)
			return false;
		len += (size_t)n;
	}
	return true;
}

/* --- judging the table ----------------------------------------------- */

/* A run's text fact, "" where it has none. */
static const char *
fact(const char *s)
{
	return s != NULL ? s : "";
}

/* Digits only: a count. */
static bool
all_digits(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++)
		if (!(*s >= '0' && *s <= '9'))
			return false;
	return true;
}

/* A plain decimal: digits, at most one point with digits after it. */
static bool
plain_decimal(const char *s)
{
	if (!(*s >= '0' && *s <= '9'))
		return false;
	while (*s >= '0' && *s <= '9')
		s++;
	if (*s == '.') {
		if (!(s[1] >= '0' && s[1] <= '9'))
			return false;
		for (s++; *s >= '0' && *s <= '9'; s++)
			;
	}
	return *s == '\0';
}

/*
 * Runs j and k are one run: the same run_id (a copy, whatever else was
 * changed in it); where neither has one, the same env as read but for
 * its label and note.
 */
static bool
same_run(const struct run *a, const struct run *b)
{
	size_t i, k, n = 0;

	if (*fact(a->id) != '\0' || *fact(b->id) != '\0')
		return strcmp(fact(a->id), fact(b->id)) == 0;
	for (i = 0; i < a->nenv; i++) {
		const char *key = a->env[i * 2];

		if (strcmp(key, "label") == 0 || strcmp(key, "note") == 0)
			continue;
		n++;
		for (k = 0; k < b->nenv; k++)
			if (strcmp(b->env[k * 2], key) == 0)
				break;
		if (k == b->nenv || strcmp(b->env[k * 2 + 1],
		    a->env[i * 2 + 1]) != 0)
			return false;
	}
	for (k = 0; k < b->nenv; k++)
		if (strcmp(b->env[k * 2], "label") != 0 &&
		    strcmp(b->env[k * 2], "note") != 0)
			n--;
	return n == 0;
}

/* The first run of the table that is not historical, 0 if none. */
static int
base_run(void)
{
	int j;

	for (j = 1; j <= T.nruns; j++)
		if (T.runs[j].here && !T.runs[j].hist)
			return j;
	return 0;
}

/* One problem of run j: printed, and its column's state. */
static void
problem(int j, const char *kind, const char *code, int other, int row)
{
	printf("%s problem j=%d kind=%s code=%s", T.id, j, kind, code);
	if (other)
		printf(" other=%d", other);
	if (row)
		printf(" i=%d", row);
	putchar('\n');
	if (strcmp(kind, "hard") == 0)
		C[T.runs[j].col].nosig = true;
	else if (strcmp(kind, "busy") == 0)
		C[T.runs[j].col].busy = true;
}

/*
 * What makes a run doubtful, or not comparable, whatever the workload:
 * the same run twice, an incomplete run, a busy machine (other work, a
 * start that did not settle unless the workload's own start says
 * otherwise, another smpbench beside it), another profile or machine
 * than the first run that is not historical.
 */
static void
run_problems(void)
{
	int base = base_run(), j, k;
	struct run *r, *b = &T.runs[base];

	for (j = 1; j <= T.nruns; j++) {
		r = &T.runs[j];
		if (!r->here)
			continue;
		for (k = 1; k < j; k++)
			if (T.runs[k].here && same_run(r, &T.runs[k])) {
				problem(j, "hard", "same-run", k, 0);
				break;
			}
		if (r->incomplete)
			problem(j, "info", "incomplete", 0, 0);
		if (r->hist)
			continue;
		if (plain_decimal(fact(r->load)) &&
		    strtod(r->load, NULL) > T.load_limit)
			problem(j, "busy", "load", 0, 0);
		if (all_digits(fact(r->others)) && strtod(r->others, NULL) > 0)
			problem(j, "busy", "others", 0, 0);
		if (strcmp(fact(r->settle), "timeout") == 0 &&
		    !r->hsettle_there)
			problem(j, "busy", "settle", 0, 0);
		if (j == base)
			continue;
		if (strcmp(fact(r->profile), fact(b->profile)) != 0)
			problem(j, "hard", "profile", base, 0);
		if (strcmp(fact(r->model), fact(b->model)) != 0 ||
		    strcmp(fact(r->cpus), fact(b->cpus)) != 0)
			problem(j, "info", "machine", 0, 0);
	}
}

/*
 * What makes a run doubtful or not comparable in this table: other
 * options than the first run's (the first row both ran with others:
 * hard), -l on one side only, no row in common, a start of the
 * workload that did not settle, steal time a point or more above the
 * least of the runs'.
 */
static void
table_problems(void)
{
	int base = base_run(), j, i;
	struct run *r, *b = &T.runs[base];
	struct cell *cb, *cj;
	double steal_min = -1, v;
	bool shared;

	for (j = 1; j <= T.nruns; j++) {
		r = &T.runs[j];
		if (!r->here || !plain_decimal(fact(r->steal)))
			continue;
		v = strtod(r->steal, NULL);
		if (steal_min < 0 || v < steal_min)
			steal_min = v;
	}
	for (j = 1; j <= T.nruns; j++) {
		r = &T.runs[j];
		if (!r->here || r->hist)
			continue;
		if (j != base && strcmp(fact(r->profile),
		    fact(b->profile)) == 0) {
			for (i = 1; i <= T.nrows; i++) {
				cb = cell_at(i, base);
				cj = cell_at(i, j);
				if (cb->param != NULL && cj->param != NULL &&
				    strcmp(cb->param, cj->param) != 0)
					break;
			}
			if (i <= T.nrows)
				problem(j, "hard", "param", base, i);
			else {
				for (i = 1; i <= T.nrows; i++) {
					cb = cell_at(i, base);
					cj = cell_at(i, j);
					if (cb->lflag >= 0 && cj->lflag >= 0 &&
					    cb->lflag != cj->lflag)
						break;
				}
				if (i <= T.nrows)
					problem(j, "info", "lflag", base, i);
			}
		}
		if (j != base) {
			shared = false;
			for (i = 1; i <= T.nrows && !shared; i++)
				shared = cell_at(i, base)->v.n > 0 &&
				    cell_at(i, j)->v.n > 0;
			if (!shared)
				problem(j, "info", "norow", base, 0);
		}
		if (strcmp(fact(r->hsettle), "timeout") == 0)
			problem(j, "busy", "hsettle", 0, 0);
		if (steal_min >= 0 && plain_decimal(fact(r->steal)) &&
		    strtod(r->steal, NULL) - steal_min >= 1)
			problem(j, "busy", "steal", 0, 0);
	}
}

/* A run ran under a CPU quota: cgroup v1 cpu.cfs_quota_us, v2 cpu.max. */
static bool
under_quota(const struct run *r)
{
	const char *m = fact(r->limit[LIM_CPU_MAX]);

	if (all_digits(fact(r->limit[LIM_QUOTA])))
		return true;
	if (!(*m >= '0' && *m <= '9'))
		return false;
	while (*m >= '0' && *m <= '9')
		m++;
	return *m == '\0' || *m == ' ';
}

static bool
col_under_quota(int g)
{
	int j;

	for (j = 1; j <= T.nruns; j++)
		if (T.runs[j].here && T.runs[j].col == g &&
		    under_quota(&T.runs[j]))
			return true;
	return false;
}

/* Two runs' values of a limit are the same: CPU lists as sets. */
static bool
same_setting(int k, const char *x, const char *y)
{
	char a[16384], b[16384];

	if (k == LIM_CPUSET && jg_cpu_set(x, a, sizeof(a)) &&
	    jg_cpu_set(y, b, sizeof(b)))
		return strcmp(a, b) == 0;
	if (k == LIM_CPUSET && (jg_cpu_set(x, a, sizeof(a)) ||
	    jg_cpu_set(y, b, sizeof(b))))
		return false;
	return strcmp(x, y) == 0;
}

/*
 * A run of column b and one of column g ran under other CPU limits
 * (both recorded them, and knew them): the CPUs a cell occupies and the
 * time it queues are then the limit's doing, and the canary times it.
 */
static bool
limits_differ(int b, int g)
{
	const struct run *first = NULL;
	const char *x, *y;
	int j, k;

	for (j = 1; j <= T.nruns && first == NULL; j++)
		if (T.runs[j].here && T.runs[j].col == b)
			first = &T.runs[j];
	for (k = 0; first != NULL && k < NLIMITS; k++) {
		x = fact(first->limit[k]);
		for (j = 1; j <= T.nruns; j++) {
			if (!T.runs[j].here || T.runs[j].col != g)
				continue;
			y = fact(T.runs[j].limit[k]);
			if (*x != '\0' && *y != '\0' &&
			    strcmp(x, "unknown") != 0 &&
			    strcmp(y, "unknown") != 0 &&
			    !same_setting(k, x, y))
				return true;
		}
	}
	return false;
}

/* Column g's canary units, over its runs, into u. */
static enum sm_why
col_units(int g, bool by_runs, struct figs *u, size_t *bad)
{
	double units[64];
	size_t n, k;
	int j;
	enum sm_why why;

	for (j = 1; j <= T.nruns; j++) {
		struct run *r = &T.runs[j];

		if (!r->here || r->col != g)
			continue;
		*bad += r->canary_bad;
		n = jg_canary_units(r->canary.v, r->canary.n, by_runs, units,
		    sizeof(units) / sizeof(units[0]));
		for (k = 0; k < n; k++)
			if ((why = figs_add(u, units[k])) != SM_OK)
				return why;
	}
	return SM_OK;
}

/*
 * Each column's host against the first's, by the canary: the change of
 * the units' trimmed mean (Yuen; Welch's where runs are the units) and
 * the smallest rise and fall marked where the host could explain more
 * than the threshold. Not where a side ran under a quota or the sides
 * under other CPU limits.
 */
static enum sm_why
hosts(void)
{
	struct figs x = { 0 }, y = { 0 };
	struct sm_shift s;
	enum sm_why why = SM_OK;
	size_t least;
	int g;

	for (g = 2; g <= T.ncols && why == SM_OK; g++) {
		struct colv *c = &C[g];

		c->rise = c->fall = T.threshold;
		c->host = "unknown";
		c->unknown = "few";
		if (col_under_quota(1) || col_under_quota(g) ||
		    limits_differ(1, g)) {
			c->host = "limits";
			c->unknown = "";
			continue;
		}
		c->by_runs = C[1].nrun >= 2 && c->nrun >= 2;
		x.n = y.n = 0;
		if ((why = col_units(1, c->by_runs, &x, &c->bad)) != SM_OK ||
		    (why = col_units(g, c->by_runs, &y, &c->bad)) != SM_OK)
			break;
		least = c->by_runs ? 2 : 4;
		if (x.n < least || y.n < least)
			continue;
		why = sm_yuen(x.v, x.n, y.v, y.n, false, c->by_runs ? 0 : 0.1,
		    JG_LEVEL, &s);
		if (why == SM_NO_MEMORY)
			break;
		if (why != SM_OK || !isfinite(s.est) || !isfinite(s.lo) ||
		    !isfinite(s.hi)) {
			why = SM_OK;
			continue;
		}
		c->host = "known";
		c->unknown = "";
		c->est = s.est;
		c->lo = s.lo;
		c->hi = s.hi;
		c->moved = s.lo > 0 || s.hi < 0;
		if (c->by_runs && !c->moved)
			continue;
		jg_limits(T.threshold, s.lo, s.hi, T.moves, &c->rise,
		    &c->fall);
	}
	figs_free(&x);
	figs_free(&y);
	return why;
}

static struct cellv *
cellv_at(int i, int g)
{
	return &V[(size_t)(i - 1) * (size_t)T.ncols + (size_t)(g - 1)];
}

static struct place *
place_at(int i, int g)
{
	return &T.places[(size_t)(i - 1) * (size_t)T.ncols + (size_t)(g - 1)];
}

/*
 * A test of a change as smpb-stat answers a request: too few figures,
 * the log scale where every figure is positive, an answer that is not
 * finite refused (range).
 */
static enum sm_why
shift_of(bool welch, struct figs *x, struct figs *y, struct sm_shift *s)
{
	size_t least = welch ? 2 : 1, i;
	bool logs = true;
	enum sm_why why;

	if (x->n < least || y->n < least)
		return SM_TOO_FEW;
	for (i = 0; i < x->n; i++)
		logs = logs && x->v[i] > 0;
	for (i = 0; i < y->n; i++)
		logs = logs && y->v[i] > 0;
	why = welch ? sm_welch(x->v, x->n, y->v, y->n, logs, JG_LEVEL, s) :
	    sm_hl(x->v, x->n, y->v, y->n, logs, JG_LEVEL, s);
	if (why == SM_OK && (!isfinite(s->est) || !isfinite(s->lo) ||
	    !isfinite(s->hi) || !isfinite(s->p)))
		return SM_RANGE;
	return why;
}

/*
 * Row i's figure in column g: its repeats over the column's runs, each
 * run's median, its figure (the median of the runs' medians with two
 * runs or more, else of the repeats), spread and clusters.
 */
static enum sm_why
centre(int i, int g)
{
	struct cellv *v = cellv_at(i, g);
	struct figs *x;
	struct sm_cv cv;
	struct cell *c;
	enum sm_why why;
	size_t k;
	int j;

	v->empty = "none";
	for (j = 1; j <= T.nruns; j++) {
		if (!T.runs[j].here || T.runs[j].col != g)
			continue;
		c = cell_at(i, j);
		if (c->failed > 0 || c->bad > 0)
			v->miss = true;
		if (c->na > 0)
			v->empty = "na";
		else if (c->failed > 0 && strcmp(v->empty, "none") == 0)
			v->empty = "fail";
		if (c->v.n == 0)
			continue;
		for (k = 0; k < c->v.n; k++)
			if ((why = figs_add(&v->pooled, c->v.v[k])) != SM_OK)
				return why;
		/* The run's median, of a sorted copy: its figures stay in
		 * the order met. */
		{
			struct figs one = { 0 };

			for (k = 0; k < c->v.n; k++)
				if ((why = figs_add(&one, c->v.v[k])) != SM_OK)
					return why;
			why = figs_add(&v->medians, figs_median(&one));
			figs_free(&one);
			if (why != SM_OK)
				return why;
		}
	}
	v->runs = v->medians.n;
	v->reps = v->pooled.n;
	if (v->reps == 0)
		return SM_OK;
	v->has = true;
	figs_sort(&v->pooled);
	v->bi = jg_bimodal(v->pooled.v, v->pooled.n, &v->b);
	x = v->runs >= 2 ? &v->medians : &v->pooled;
	v->med = figs_median(x);
	if (x->n >= 2 && v->med != 0 && !v->bi &&
	    sm_cv(x->v, x->n, &cv) == SM_OK && isfinite(cv.cv)) {
		v->cv = cv.cv;
		v->has_cv = true;
	}
	return SM_OK;
}

/* Where the repeats of a column ran: 1 every one on one CPU, 2 every one
 * on two or more, else 0 (mixed, or unknown for some). */
static int
one_cpu(int i, int g)
{
	struct figs *u = &place_at(i, g)->u;
	size_t k, ones = 0;

	if (u->n == 0 || u->n != cellv_at(i, g)->reps)
		return 0;
	for (k = 0; k < u->n; k++)
		ones += u->v[k] == 1;
	return ones == u->n ? 1 : ones == 0 ? 2 : 0;
}

static double
top(const struct figs *f)
{
	double t = f->v[0];
	size_t k;

	for (k = 1; k < f->n; k++)
		if (f->v[k] > t)
			t = f->v[k];
	return t;
}

static double
bottom(const struct figs *f)
{
	double b = f->v[0];
	size_t k;

	for (k = 1; k < f->n; k++)
		if (f->v[k] < b)
			b = f->v[k];
	return b;
}

/* Two columns' figures of where they ran (CPUs occupied, or queued) do
 * not overlap and their medians differ by a quarter of a CPU or more. */
static bool
apart(struct figs *a, size_t na, struct figs *b, size_t nb)
{
	double d;
	struct figs sa = { 0 }, sb = { 0 };
	size_t k;
	bool r = false;

	if (a->n == 0 || b->n == 0 || a->n != na || b->n != nb)
		return false;
	if (!(top(a) < bottom(b) || top(b) < bottom(a)))
		return false;
	for (k = 0; k < a->n; k++)
		(void)figs_add(&sa, a->v[k]);
	for (k = 0; k < b->n; k++)
		(void)figs_add(&sb, b->v[k]);
	if (sa.n == a->n && sb.n == b->n) {
		d = figs_median(&sa) - figs_median(&sb);
		r = d >= 0.25 || -d >= 0.25;
	}
	figs_free(&sa);
	figs_free(&sb);
	return r;
}

/*
 * Columns 1 and g ran an unpinned row in different placements: the CPUs
 * used were 1 in every repeat of one side and 2 or more in every one of
 * the other, or the CPUs occupied (or queued, but in the run-queue
 * delay's own table) do not overlap, unless the sides ran under other
 * CPU limits (which move those two).
 */
static bool
placement(int i, int g)
{
	struct place *pb = place_at(i, 1), *pg = place_at(i, g);
	size_t nb = cellv_at(i, 1)->reps, ng = cellv_at(i, g)->reps;
	int ob = one_cpu(i, 1), og = one_cpu(i, g);
	bool lim = limits_differ(1, g);

	return (ob == 1 && og == 2) || (ob == 2 && og == 1) ||
	    (!lim && apart(&pb->o, nb, &pg->o, ng)) ||
	    (!lim && !T.wait && apart(&pb->q, nb, &pg->q, ng));
}

/* The change from the figure a to b, as a fraction of a. */
static double
shown_change(double a, double b)
{
	if (a > 0)
		return b / a - 1;
	return a == 0 ? 0 : (b - a) / (a < 0 ? -a : a);
}

static const char *
why_word(enum sm_why why)
{
	static const char *const words[] = {
		[SM_OK] = "", [SM_SYNTAX] = "syntax",
		[SM_UNKNOWN_TEST] = "unknown-test", [SM_TOO_FEW] = "",
		[SM_TOO_MANY] = "too-many", [SM_NOT_FINITE] = "not-finite",
		[SM_NOT_POSITIVE] = "not-positive", [SM_RANGE] = "range",
		[SM_ZERO_CENTRE] = "zero-centre", [SM_NO_MEMORY] = ""
	};

	return words[why];
}

/*
 * The change of column g against the first in row i, its test (Welch's
 * t of the runs' medians with two runs or more a side, else the
 * Hodges-Lehmann shift of the repeats, whose interval is the
 * Mann-Whitney test's: a side whose repeats fall into two clusters is
 * compared so too) and its verdict.
 */
static enum sm_why
change(int i, int g)
{
	struct cellv *v = cellv_at(i, g), *b = cellv_at(i, 1);
	struct jg_test t;
	struct sm_shift s;
	enum sm_why why;
	bool welch, refused = C[g].nosig || C[1].nosig;

	v->meth = "none";
	v->why = "";
	v->dir = "";
	if (!b->has) {
		v->verd = "few";
		return SM_OK;
	}
	v->tiny = (fabs(b->med) < T.zero) + (fabs(v->med) < T.zero);
	if (v->tiny == 2) {
		v->verd = refused ? "refused" : "same";
		return SM_OK;
	}
	v->ch = shown_change(b->med, v->med);
	v->has_ch = true;
	welch = b->runs >= 2 && v->runs >= 2;
	why = shift_of(welch, welch ? &b->medians : &b->pooled,
	    welch ? &v->medians : &v->pooled, &s);
	if (why == SM_NO_MEMORY)
		return why;
	if (why != SM_OK) {
		v->why = why_word(why);
		v->verd = refused ? "refused" : "few";
		return SM_OK;
	}
	v->meth = welch ? "runs" : "repeats";
	v->sh = s.est;
	v->lo = s.lo;
	v->hi = s.hi;
	v->lev = s.level;
	v->p = s.p;
	v->has_sh = true;
	t.change = v->ch;
	t.lo = s.lo;
	t.hi = s.hi;
	t.level = s.level;
	t.rise = C[g].rise;
	t.fall = C[g].fall;
	t.refused = refused;
	t.placement = !refused && T.free_row[i] && placement(i, g);
	t.busy = C[g].busy || C[1].busy;
	v->verd = jg_verdict(&t);
	if (v->ch != 0)
		v->dir = (v->ch > 0) == T.higher ? "better" : "worse";
	return SM_OK;
}

/*
 * A number as the answers give one, no -0: a figure of the runs (a
 * median, a change of medians) whole, in 17 figures, so that the driver
 * reads back the very double; what a test estimated, in ten (put_est),
 * as smpb-stat's requests answer.
 */
static void
put(const char *key, double v)
{
	if (v == 0)
		v = 0;
	printf(" %s=%.17g", key, v);
}

static void
put_est(const char *key, double v)
{
	if (v == 0)
		v = 0;
	printf(" %s=%.10g", key, v);
}

/* How column g ran row i, for the line under the table that says so:
 * repeats on CPUs known, on one CPU, the most CPUs, repeats, and the
 * medians of CPUs occupied and queued ("-" where unknown). */
static void
put_side(const char *key, int i, int g)
{
	struct place *p = place_at(i, g);
	struct figs o = { 0 }, q = { 0 };
	size_t k, ones = 0;
	double most = 0;

	for (k = 0; k < p->u.n; k++) {
		ones += p->u.v[k] == 1;
		if (p->u.v[k] > most)
			most = p->u.v[k];
	}
	printf(" %s=%zu,%zu,%.17g,%zu", key, p->u.n, ones, most,
	    cellv_at(i, g)->reps);
	for (k = 0; k < p->o.n; k++)
		(void)figs_add(&o, p->o.v[k]);
	for (k = 0; k < p->q.n; k++)
		(void)figs_add(&q, p->q.v[k]);
	if (o.n > 0 && q.n > 0 && o.n == p->o.n && q.n == p->q.n)
		printf(",%.17g,%.17g", figs_median(&o), figs_median(&q));
	else
		printf(",-,-");
	figs_free(&o);
	figs_free(&q);
}

static void
put_cell(int i, int g)
{
	struct cellv *v = cellv_at(i, g);

	printf("%s cell i=%d g=%d has=%d", T.id, i, g, v->has);
	printf(" empty=%s miss=%d runs=%zu reps=%zu", v->empty, v->miss,
	    v->runs, v->reps);
	if (v->has) {
		put("med", v->med);
		if (v->has_cv)
			put_est("cv", v->cv);
		if (v->bi)
			printf(" nlow=%zu nhigh=%zu lowmed=%.17g highmed=%.17g",
			    v->b.nlow, v->b.nhigh, v->b.lowmed, v->b.highmed);
	}
	if (g > 1 && v->has) {
		printf(" verd=%s meth=%s tiny=%d", v->verd, v->meth, v->tiny);
		if (v->has_ch)
			put("ch", v->ch);
		if (v->has_sh) {
			put_est("sh", v->sh);
			put_est("lo", v->lo);
			put_est("hi", v->hi);
			put_est("lev", v->lev);
			put_est("p", v->p);
		}
		if (*v->dir != '\0')
			printf(" dir=%s", v->dir);
		if (*v->why != '\0')
			printf(" why=%s", v->why);
		if (strcmp(v->verd, "placement") == 0) {
			put_side("p1", i, 1);
			put_side("pg", i, g);
		}
	}
	putchar('\n');
}

static void
put_col(int g)
{
	struct colv *c = &C[g];

	printf("%s col g=%d runs=%d mode=%zu odd=%zu", T.id, g, c->nrun,
	    c->reps_mode, c->reps_odd);
	if (g > 1) {
		printf(" host=%s", c->host);
		if (*c->unknown != '\0')
			printf(" unknown=%s bad=%zu", c->unknown, c->bad);
		if (strcmp(c->host, "known") == 0) {
			put_est("est", c->est);
			put_est("lo", c->lo);
			put_est("hi", c->hi);
			printf(" byruns=%d moved=%d", c->by_runs, c->moved);
		}
		put("rise", c->rise);
		put("fall", c->fall);
	}
	putchar('\n');
}

/*
 * Each column's usual number of repeats a cell, the most common (the
 * first, in the rows' order, to be counted more often than any before
 * it), and how many of its cells have another (an interrupted run's).
 * The counts kept are of the numbers met, a handful in any table.
 */
static void
reps_mode(int g)
{
	size_t *val = NULL, *cnt = NULL, nval = 0, best = 0, k, *p;
	int i;

	for (i = 1; i <= T.nrows; i++) {
		struct cellv *v = cellv_at(i, g);

		if (!v->has)
			continue;
		for (k = 0; k < nval && val[k] != v->reps; k++)
			;
		if (k == nval) {
			if ((p = realloc(val, (nval + 1) * sizeof(*p))) == NULL)
				break;
			val = p;
			if ((p = realloc(cnt, (nval + 1) * sizeof(*p))) == NULL)
				break;
			cnt = p;
			val[nval] = v->reps;
			cnt[nval++] = 0;
		}
		if (++cnt[k] > best) {
			best = cnt[k];
			C[g].reps_mode = v->reps;
		}
	}
	for (i = 1; i <= T.nrows; i++)
		if (cellv_at(i, g)->has && cellv_at(i, g)->reps != C[g].reps_mode)
			C[g].reps_odd++;
	free(val);
	free(cnt);
}

/* Each run's cpuset in one form, for the header that says where runs'
 * CPU limits differ: "ID set j=J cpuset=LIST". */
static void
cpu_sets(void)
{
	char buf[16384];
	int j;

	for (j = 1; j <= T.nruns; j++)
		if (T.runs[j].here && T.runs[j].limit[LIM_CPUSET] != NULL &&
		    jg_cpu_set(T.runs[j].limit[LIM_CPUSET], buf, sizeof(buf)))
			printf("%s set j=%d cpuset=%s\n", T.id, j, buf);
}

enum sm_why
judge_run(const char *id)
{
	enum sm_why why = SM_OK;
	int i, g, j;

	if (!T.open || strcmp(T.id, id) != 0) {
		printf("%s refused why=syntax\n", id);
		return SM_OK;
	}
	if (T.refused) {
		printf("%s refused why=%s\n", id, why_word(T.why)[0] != '\0' ?
		    why_word(T.why) : "syntax");
		why = T.why == SM_NO_MEMORY ? SM_NO_MEMORY : SM_OK;
		table_free();
		return why;
	}
	C = calloc((size_t)T.ncols + 1, sizeof(*C));
	V = calloc((size_t)T.nrows * (size_t)T.ncols + 1, sizeof(*V));
	if (C == NULL || V == NULL) {
		table_free();
		return SM_NO_MEMORY;
	}
	for (j = 1; j <= T.nruns; j++)
		if (T.runs[j].here)
			C[T.runs[j].col].nrun++;
	run_problems();
	if (!T.head) {
		table_problems();
		why = hosts();
		for (i = 1; i <= T.nrows && why == SM_OK; i++)
			for (g = 1; g <= T.ncols && why == SM_OK; g++)
				why = centre(i, g);
		for (i = 1; i <= T.nrows && why == SM_OK; i++)
			for (g = 2; g <= T.ncols && why == SM_OK; g++)
				if (cellv_at(i, g)->has)
					why = change(i, g);
	}
	if (why == SM_OK && T.head)
		cpu_sets();
	if (why == SM_OK && !T.head) {
		for (g = 1; g <= T.ncols; g++) {
			reps_mode(g);
			put_col(g);
		}
		for (i = 1; i <= T.nrows; i++)
			for (g = 1; g <= T.ncols; g++)
				put_cell(i, g);
	}
	if (why == SM_OK)
		printf("%s end\n", id);
	table_free();
	return why;
}
