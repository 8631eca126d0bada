/*
 * decide.c: compare's decisions (judge.h), each a pure function of a
 * table and of what the decisions before it found: no globals, nothing
 * printed, every result returned or written where the caller says.
 * answer.c takes them in this order:
 *   - the problems of the runs (jg_run_problems, jg_table_problems): the
 *     same run twice, another profile, emulated CPUs beside real ones,
 *     other options (hard: not compared unless forced, nothing marked
 *     in the column); a busy machine, another run beside it, a start
 *     that was not quiet, steal time above another run's, emulated
 *     CPUs in the base run (busy: a change in the column is in doubt);
 *     an incomplete run, another machine, -l on one side only, no row
 *     in common (said only). Each is a check of one run, in a list of
 *     checks: a new one is a function and a line of the list;
 *   - each column's host speed against the first's (jg_host), by the
 *     canary timed after every measurement (Yuen's test of the batches'
 *     or the runs' medians), and from it the smallest rise and fall it
 *     marks;
 *   - each cell's figure (jg_centre: the median of its repeats, or of
 *     its runs' medians), spread (cv), clusters (jg_bimodal) and, from
 *     the second column on, its change against the first column's
 *     (jg_change), the test of it (Welch's t of the runs' medians with
 *     two runs a side or more, else the Hodges-Lehmann shift of the
 *     repeats), whether the sides ran in other placements
 *     (jg_placement) and the verdict (jg_verdict): same, changed (better
 *     or worse), placement, doubtful, mixed, untestable, refused or few.
 * The rules are smpbench-compare(1)'s; the decisions on figures alone
 * come last.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

/* The smallest gap between two clusters, as a ratio of their nearest
 * repeats: 1.5 means no repeat between x and 1.5x. */
#define BIMODAL_GAP	1.5

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

int
jg_base_run(const struct jg_table *t)
{
	int j;

	for (j = 1; j <= t->nruns; j++)
		if (t->runs[j].here && !t->runs[j].hist)
			return j;
	return 0;
}

int
jg_col_runs(const struct jg_table *t, int g)
{
	int j, n = 0;

	for (j = 1; j <= t->nruns; j++)
		n += t->runs[j].here && t->runs[j].col == g;
	return n;
}

/*
 * The problems of the runs. A check looks at run j of the table, which
 * is here, with what every check shares: the base run (the first that
 * is not historical) and the least steal time of the runs. It says
 * whether j has its problem, and which run (other) and row it names.
 */
struct checking {
	const struct jg_table *t;
	int	base;
	double	steal_min;		/* -1: no run gave its steal */
};

struct check {
	enum jg_kind kind;
	enum jg_code code;
	bool	(*has)(const struct checking *, int j, int *other,
		    int *row);
};

/*
 * Runs j and k are one run: the same run_id (a copy, whatever else was
 * changed in it); where neither has one, the same env as read but for
 * its label and note.
 */
static bool
same_run(const struct jg_run *a, const struct jg_run *b)
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

/* The same run as one before it: the first such is other. */
static bool
check_same_run(const struct checking *c, int j, int *other, int *row)
{
	int k;

	(void)row;
	for (k = 1; k < j; k++)
		if (c->t->runs[k].here &&
		    same_run(&c->t->runs[j], &c->t->runs[k])) {
			*other = k;
			return true;
		}
	return false;
}

static bool
check_incomplete(const struct checking *c, int j, int *other, int *row)
{
	(void)other;
	(void)row;
	return c->t->runs[j].incomplete;
}

/* Other work on the machine above the load limit (CPUs' worth). */
static bool
check_load(const struct checking *c, int j, int *other, int *row)
{
	const struct jg_run *r = &c->t->runs[j];

	(void)other;
	(void)row;
	return !r->hist && plain_decimal(fact(r->load)) &&
	    strtod(r->load, NULL) > c->t->load_limit;
}

/* Another smpbench run beside it. */
static bool
check_others(const struct checking *c, int j, int *other, int *row)
{
	const struct jg_run *r = &c->t->runs[j];

	(void)other;
	(void)row;
	return !r->hist && all_digits(fact(r->others)) &&
	    strtod(r->others, NULL) > 0;
}

/* A start that did not settle, unless the workload's own start (the
 * host file's) says how it settled. */
static bool
check_settle(const struct checking *c, int j, int *other, int *row)
{
	const struct jg_run *r = &c->t->runs[j];

	(void)other;
	(void)row;
	return !r->hist && strcmp(fact(r->settle), "timeout") == 0 &&
	    !r->hsettle_there;
}

/* Another profile than the base run's. */
static bool
check_profile(const struct checking *c, int j, int *other, int *row)
{
	const struct jg_run *r = &c->t->runs[j], *b = &c->t->runs[c->base];

	(void)row;
	if (r->hist || j == c->base ||
	    strcmp(fact(r->profile), fact(b->profile)) == 0)
		return false;
	*other = c->base;
	return true;
}

/* Emulated CPUs where the base run's are real, or real where its are
 * emulated: an emulated CPU's speed is not the machine's. */
static bool
check_emulated(const struct checking *c, int j, int *other, int *row)
{
	const struct jg_run *r = &c->t->runs[j], *b = &c->t->runs[c->base];

	(void)row;
	if (r->hist || b->hist || j == c->base || r->emulated == b->emulated)
		return false;
	*other = c->base;
	return true;
}

/* Emulated CPUs in the base run, and so in every run it is compared
 * with (JG_EMULATED): their speed is the emulator's, and every change
 * in doubt; said once, of the base run. */
static bool
check_tcg(const struct checking *c, int j, int *other, int *row)
{
	const struct jg_run *r = &c->t->runs[j];

	(void)other;
	(void)row;
	return j == c->base && !r->hist && r->emulated;
}

/* Another machine than the base run's: its CPU model or online CPUs. */
static bool
check_machine(const struct checking *c, int j, int *other, int *row)
{
	const struct jg_run *r = &c->t->runs[j], *b = &c->t->runs[c->base];

	(void)other;
	(void)row;
	return !r->hist && j != c->base &&
	    (strcmp(fact(r->model), fact(b->model)) != 0 ||
	    strcmp(fact(r->cpus), fact(b->cpus)) != 0);
}

/*
 * The checks of the runs whatever the workload, in the order each run's
 * problems are said; then those of one table, which need its rows.
 */
static const struct check run_checks[] = {
	{ JG_HARD, JG_SAME_RUN, check_same_run },
	{ JG_INFO, JG_INCOMPLETE, check_incomplete },
	{ JG_BUSY, JG_LOAD, check_load },
	{ JG_BUSY, JG_OTHERS, check_others },
	{ JG_BUSY, JG_SETTLE, check_settle },
	{ JG_HARD, JG_PROFILE, check_profile },
	{ JG_HARD, JG_EMULATED, check_emulated },
	{ JG_BUSY, JG_TCG, check_tcg },
	{ JG_INFO, JG_MACHINE, check_machine },
};

/* Run j is compared with the base run in this table's rows: not
 * historical, not the base, of the base's profile. */
static bool
row_checked(const struct checking *c, int j)
{
	const struct jg_run *r = &c->t->runs[j], *b = &c->t->runs[c->base];

	return !r->hist && j != c->base &&
	    strcmp(fact(r->profile), fact(b->profile)) == 0;
}

/* The first row both ran with other options (those that make no row). */
static int
param_row(const struct checking *c, int j)
{
	const struct jg_cell *cb, *cj;
	int i;

	for (i = 1; i <= c->t->nrows; i++) {
		cb = jg_cell_at(c->t, i, c->base);
		cj = jg_cell_at(c->t, i, j);
		if (cb->param != NULL && cj->param != NULL &&
		    strcmp(cb->param, cj->param) != 0)
			return i;
	}
	return 0;
}

static bool
check_param(const struct checking *c, int j, int *other, int *row)
{
	if (!row_checked(c, j) || (*row = param_row(c, j)) == 0)
		return false;
	*other = c->base;
	return true;
}

/* The first row one side timed every message of (-l) and the other not,
 * where the options are otherwise the same. */
static bool
check_lflag(const struct checking *c, int j, int *other, int *row)
{
	const struct jg_cell *cb, *cj;
	int i;

	if (!row_checked(c, j) || param_row(c, j) != 0)
		return false;
	for (i = 1; i <= c->t->nrows; i++) {
		cb = jg_cell_at(c->t, i, c->base);
		cj = jg_cell_at(c->t, i, j);
		if (cb->lflag >= 0 && cj->lflag >= 0 &&
		    cb->lflag != cj->lflag) {
			*other = c->base;
			*row = i;
			return true;
		}
	}
	return false;
}

/* No row with figures on both sides. */
static bool
check_norow(const struct checking *c, int j, int *other, int *row)
{
	int i;

	(void)row;
	if (c->t->runs[j].hist || j == c->base)
		return false;
	for (i = 1; i <= c->t->nrows; i++)
		if (jg_cell_at(c->t, i, c->base)->v.n > 0 &&
		    jg_cell_at(c->t, i, j)->v.n > 0)
			return false;
	*other = c->base;
	return true;
}

/* The workload's own start did not settle (the host file's). */
static bool
check_hsettle(const struct checking *c, int j, int *other, int *row)
{
	const struct jg_run *r = &c->t->runs[j];

	(void)other;
	(void)row;
	return !r->hist && strcmp(fact(r->hsettle), "timeout") == 0;
}

/* Steal time a point or more above the least of the runs'. */
static bool
check_steal(const struct checking *c, int j, int *other, int *row)
{
	const struct jg_run *r = &c->t->runs[j];

	(void)other;
	(void)row;
	return !r->hist && c->steal_min >= 0 &&
	    plain_decimal(fact(r->steal)) &&
	    strtod(r->steal, NULL) - c->steal_min >= 1;
}

static const struct check table_checks[] = {
	{ JG_HARD, JG_PARAM, check_param },
	{ JG_INFO, JG_LFLAG, check_lflag },
	{ JG_INFO, JG_NOROW, check_norow },
	{ JG_BUSY, JG_HSETTLE, check_hsettle },
	{ JG_BUSY, JG_STEAL, check_steal },
};

static enum sm_why
problem_add(struct jg_problems *list, const struct jg_problem *p)
{
	struct jg_problem *v;
	size_t cap;

	if (list->n == list->cap) {
		cap = list->cap ? list->cap * 2 : 16;
		if ((v = realloc(list->p, cap * sizeof(*v))) == NULL)
			return SM_NO_MEMORY;
		list->p = v;
		list->cap = cap;
	}
	list->p[list->n++] = *p;
	return SM_OK;
}

/* Each run's problems by the checks, run by run. */
static enum sm_why
check_runs(const struct checking *c, const struct check *checks,
    size_t n, struct jg_problems *list)
{
	struct jg_problem p;
	enum sm_why why;
	size_t k;
	int j;

	for (j = 1; j <= c->t->nruns; j++) {
		if (!c->t->runs[j].here)
			continue;
		for (k = 0; k < n; k++) {
			p.j = j;
			p.kind = checks[k].kind;
			p.code = checks[k].code;
			p.other = p.row = 0;
			if (checks[k].has(c, j, &p.other, &p.row) &&
			    (why = problem_add(list, &p)) != SM_OK)
				return why;
		}
	}
	return SM_OK;
}

enum sm_why
jg_run_problems(const struct jg_table *t, struct jg_problems *list)
{
	struct checking c = { t, jg_base_run(t), -1 };

	return check_runs(&c, run_checks,
	    sizeof(run_checks) / sizeof(run_checks[0]), list);
}

enum sm_why
jg_table_problems(const struct jg_table *t, struct jg_problems *list)
{
	struct checking c = { t, jg_base_run(t), -1 };
	const struct jg_run *r;
	double v;
	int j;

	for (j = 1; j <= t->nruns; j++) {
		r = &t->runs[j];
		if (!r->here || !plain_decimal(fact(r->steal)))
			continue;
		v = strtod(r->steal, NULL);
		if (c.steal_min < 0 || v < c.steal_min)
			c.steal_min = v;
	}
	return check_runs(&c, table_checks,
	    sizeof(table_checks) / sizeof(table_checks[0]), list);
}

void
jg_col_doubts(const struct jg_table *t, const struct jg_problems *list,
    struct jg_col *cols)
{
	size_t k;

	for (k = 0; k < list->n; k++) {
		struct jg_col *c = &cols[t->runs[list->p[k].j].col];

		if (list->p[k].kind == JG_HARD)
			c->nosig = true;
		else if (list->p[k].kind == JG_BUSY)
			c->busy = true;
	}
}

bool
jg_problem_own(enum jg_code code)
{
	size_t k;

	for (k = 0; k < sizeof(table_checks) / sizeof(table_checks[0]); k++)
		if (table_checks[k].code == code)
			return true;
	return false;
}

void
jg_problems_free(struct jg_problems *list)
{
	free(list->p);
	list->p = NULL;
	list->n = list->cap = 0;
}

/* A run ran under a CPU quota: cgroup v1 cpu.cfs_quota_us, v2 cpu.max. */
static bool
under_quota(const struct jg_run *r)
{
	const char *m = fact(r->limit[JG_LIM_CPU_MAX]);

	if (all_digits(fact(r->limit[JG_LIM_QUOTA])))
		return true;
	if (!(*m >= '0' && *m <= '9'))
		return false;
	while (*m >= '0' && *m <= '9')
		m++;
	return *m == '\0' || *m == ' ';
}

static bool
col_under_quota(const struct jg_table *t, int g)
{
	int j;

	for (j = 1; j <= t->nruns; j++)
		if (t->runs[j].here && t->runs[j].col == g &&
		    under_quota(&t->runs[j]))
			return true;
	return false;
}

/*
 * A run of column b and one of column g ran under other CPU limits
 * (both recorded them, and knew them): the CPUs a cell occupies and the
 * time it queues are then the limit's doing, and the canary times it.
 */
static bool
limits_differ(const struct jg_table *t, int b, int g)
{
	const struct jg_run *first = NULL;
	const char *x, *y;
	int j, k;

	for (j = 1; j <= t->nruns && first == NULL; j++)
		if (t->runs[j].here && t->runs[j].col == b)
			first = &t->runs[j];
	for (k = 0; first != NULL && k < JG_NLIMITS; k++) {
		x = fact(first->limit[k]);
		for (j = 1; j <= t->nruns; j++) {
			if (!t->runs[j].here || t->runs[j].col != g)
				continue;
			y = fact(t->runs[j].limit[k]);
			if (*x != '\0' && *y != '\0' &&
			    strcmp(x, "unknown") != 0 &&
			    strcmp(y, "unknown") != 0 &&
			    !jg_same_limit(k, x, y))
				return true;
		}
	}
	return false;
}

/* Column g's canary units, over its runs, into u. */
static enum sm_why
col_units(const struct jg_table *t, int g, bool by_runs, struct jg_figs *u,
    size_t *bad)
{
	double units[64];
	size_t n, k;
	int j;
	enum sm_why why;

	for (j = 1; j <= t->nruns; j++) {
		const struct jg_run *r = &t->runs[j];

		if (!r->here || r->col != g)
			continue;
		*bad += r->canary_bad;
		n = jg_canary_units(r->canary.v, r->canary.n, by_runs, units,
		    sizeof(units) / sizeof(units[0]));
		for (k = 0; k < n; k++)
			if ((why = jg_figs_add(u, units[k])) != SM_OK)
				return why;
	}
	return SM_OK;
}

/*
 * Column g's host against the first's, by the canary: the change of the
 * units' trimmed mean (Yuen; Welch's where runs are the units) and the
 * smallest rise and fall marked where the host could explain more than
 * the threshold. Not where a side ran under a quota or the sides under
 * other CPU limits.
 */
enum sm_why
jg_host(const struct jg_table *t, int g, struct jg_col *c)
{
	struct jg_figs x = { 0 }, y = { 0 };
	struct sm_shift s;
	enum sm_why why;
	size_t least;

	c->rise = c->fall = t->threshold;
	c->host = JG_HOST_UNKNOWN;
	if (col_under_quota(t, 1) || col_under_quota(t, g) ||
	    limits_differ(t, 1, g)) {
		c->host = JG_HOST_LIMITS;
		return SM_OK;
	}
	c->by_runs = jg_col_runs(t, 1) >= 2 && jg_col_runs(t, g) >= 2;
	if ((why = col_units(t, 1, c->by_runs, &x, &c->bad)) != SM_OK ||
	    (why = col_units(t, g, c->by_runs, &y, &c->bad)) != SM_OK)
		goto out;
	least = c->by_runs ? 2 : 4;
	if (x.n < least || y.n < least)
		goto out;
	why = sm_yuen(x.v, x.n, y.v, y.n, false, c->by_runs ? 0 : 0.1,
	    JG_LEVEL, &s);
	if (why != SM_OK || !isfinite(s.est) || !isfinite(s.lo) ||
	    !isfinite(s.hi)) {
		if (why != SM_NO_MEMORY)
			why = SM_OK;
		goto out;
	}
	c->host = JG_HOST_KNOWN;
	c->est = s.est;
	c->lo = s.lo;
	c->hi = s.hi;
	c->moved = jg_host_moved(s.lo, s.hi);
	if (!c->by_runs || c->moved)
		jg_limits(t->threshold, s.lo, s.hi, t->moves, &c->rise,
		    &c->fall);
out:
	jg_figs_free(&x);
	jg_figs_free(&y);
	return why;
}

/*
 * A test of a change as tests/stat-ask answers a request: too few figures,
 * the log scale where every figure is positive, an answer that is not
 * finite refused (range).
 */
static enum sm_why
shift_of(bool welch, const struct jg_figs *x, const struct jg_figs *y,
    struct sm_shift *s)
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

enum sm_why
jg_centre(const struct jg_table *t, int i, int g, struct jg_cellv *v)
{
	struct jg_figs one = { 0 }, *x;
	const struct jg_cell *c;
	struct sm_cv cv;
	enum sm_why why = SM_OK;
	int j;

	v->empty = JG_EMPTY_NONE;
	for (j = 1; j <= t->nruns && why == SM_OK; j++) {
		if (!t->runs[j].here || t->runs[j].col != g)
			continue;
		c = jg_cell_at(t, i, j);
		if (c->failed > 0 || c->bad > 0)
			v->miss = true;
		if (c->na > 0)
			v->empty = JG_EMPTY_NA;
		else if (c->failed > 0 && v->empty == JG_EMPTY_NONE)
			v->empty = JG_EMPTY_FAIL;
		if (c->v.n == 0)
			continue;
		/* The run's median, of a sorted copy: its figures stay in
		 * the order met. */
		one.n = 0;
		if ((why = jg_figs_copy(&v->pooled, &c->v)) == SM_OK &&
		    (why = jg_figs_copy(&one, &c->v)) == SM_OK)
			why = jg_figs_add(&v->medians, jg_figs_median(&one));
	}
	jg_figs_free(&one);
	if (why != SM_OK)
		return why;
	v->runs = v->medians.n;
	v->reps = v->pooled.n;
	if (v->reps == 0)
		return SM_OK;
	v->has = true;
	sm_sort(v->pooled.v, v->pooled.n);
	v->bi = jg_bimodal(v->pooled.v, v->pooled.n, &v->b);
	x = v->runs >= 2 ? &v->medians : &v->pooled;
	v->med = jg_figs_median(x);
	if (x->n >= 2 && v->med != 0 && !v->bi &&
	    sm_cv(x->v, x->n, &cv) == SM_OK && isfinite(cv.cv)) {
		v->cv = cv.cv;
		v->has_cv = true;
	}
	return SM_OK;
}

void
jg_cellv_free(struct jg_cellv *v)
{
	jg_figs_free(&v->pooled);
	jg_figs_free(&v->medians);
}

/* Where the repeats of a column ran: 1 every one on one CPU, 2 every one
 * on two or more, else 0 (mixed, or unknown for some). */
static int
one_cpu(const struct jg_figs *u, size_t reps)
{
	size_t k, ones = 0;

	if (u->n == 0 || u->n != reps)
		return 0;
	for (k = 0; k < u->n; k++)
		ones += u->v[k] == 1;
	return ones == u->n ? 1 : ones == 0 ? 2 : 0;
}

static double
top(const struct jg_figs *f)
{
	double t = f->v[0];
	size_t k;

	for (k = 1; k < f->n; k++)
		if (f->v[k] > t)
			t = f->v[k];
	return t;
}

static double
bottom(const struct jg_figs *f)
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
apart(const struct jg_figs *a, size_t na, const struct jg_figs *b, size_t nb)
{
	struct jg_figs sa = { 0 }, sb = { 0 };
	bool r = false;
	double d;

	if (a->n == 0 || b->n == 0 || a->n != na || b->n != nb)
		return false;
	if (!(top(a) < bottom(b) || top(b) < bottom(a)))
		return false;
	if (jg_figs_copy(&sa, a) == SM_OK && jg_figs_copy(&sb, b) == SM_OK) {
		d = jg_figs_median(&sa) - jg_figs_median(&sb);
		r = d >= 0.25 || -d >= 0.25;
	}
	jg_figs_free(&sa);
	jg_figs_free(&sb);
	return r;
}

/*
 * The CPUs used were 1 in every repeat of one side and 2 or more in
 * every one of the other, or the CPUs occupied (or queued, but in the
 * run-queue delay's own table) do not overlap, unless the sides ran
 * under other CPU limits (which move those two).
 */
bool
jg_placement(const struct jg_table *t, int i, int g, size_t reps1,
    size_t repsg)
{
	const struct jg_place *pb = jg_place_at(t, i, 1);
	const struct jg_place *pg = jg_place_at(t, i, g);
	int ob = one_cpu(&pb->u, reps1), og = one_cpu(&pg->u, repsg);
	bool lim = limits_differ(t, 1, g);

	return (ob == 1 && og == 2) || (ob == 2 && og == 1) ||
	    (!lim && apart(&pb->o, reps1, &pg->o, repsg)) ||
	    (!lim && !t->wait && apart(&pb->q, reps1, &pg->q, repsg));
}

/* The change from the figure a to b, as a fraction of a. */
static double
shown_change(double a, double b)
{
	if (a > 0)
		return b / a - 1;
	return a == 0 ? 0 : (b - a) / (a < 0 ? -a : a);
}

/*
 * The test is Welch's t of the runs' medians with two runs or more a
 * side, else the Hodges-Lehmann shift of the repeats, whose interval is
 * the Mann-Whitney test's: a side whose repeats fall into two clusters
 * is compared so too.
 */
enum sm_why
jg_change(const struct jg_table *t, int i, int g, const struct jg_cellv *b,
    const struct jg_col *c1, const struct jg_col *cg, struct jg_cellv *v)
{
	struct jg_test test;
	struct sm_shift s;
	enum sm_why why;
	bool welch, refused = cg->nosig || c1->nosig;

	v->meth = JG_BY_NONE;
	v->why = SM_OK;
	v->dir = JG_DIR_NONE;
	if (!b->has) {
		v->verd = JG_FEW;
		return SM_OK;
	}
	v->tiny = (fabs(b->med) < t->zero) + (fabs(v->med) < t->zero);
	if (v->tiny == 2) {
		v->verd = refused ? JG_REFUSED : JG_SAME;
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
		v->why = why;
		v->verd = refused ? JG_REFUSED : JG_FEW;
		return SM_OK;
	}
	v->meth = welch ? JG_BY_RUNS : JG_BY_REPEATS;
	v->sh = s.est;
	v->lo = s.lo;
	v->hi = s.hi;
	v->lev = s.level;
	v->p = s.p;
	v->has_sh = true;
	test.change = v->ch;
	test.lo = s.lo;
	test.hi = s.hi;
	test.level = s.level;
	test.rise = cg->rise;
	test.fall = cg->fall;
	test.refused = refused;
	test.placement = !refused && jg_row_at(t, i)->free &&
	    jg_placement(t, i, g, b->reps, v->reps);
	test.busy = cg->busy || c1->busy;
	v->verd = jg_verdict(&test);
	if (v->ch != 0)
		v->dir = (v->ch > 0) == t->higher ? JG_BETTER : JG_WORSE;
	return SM_OK;
}

/*
 * The most common number of repeats a cell (the first, in the rows'
 * order, to be counted more often than any before it), and how many of
 * its cells have another (an interrupted run's). The counts kept are of
 * the numbers met, a handful in any table.
 */
const struct jg_cellv *
jg_cellv_at(const struct jg_table *t, struct jg_cellv *const *cells, int i,
    int g)
{
	static const struct jg_cellv none = { .empty = JG_EMPTY_NONE };
	const struct jg_cellv *v;

	v = cells[(size_t)(i - 1) * (size_t)t->ncols + (size_t)g - 1];
	return v != NULL ? v : &none;
}

void
jg_reps_mode(const struct jg_table *t, struct jg_cellv *const *cells, int g,
    struct jg_col *c)
{
	size_t *val = NULL, *cnt = NULL, nval = 0, best = 0, k, *p;
	const struct jg_cellv *v;
	int i;

	for (i = 1; i <= t->nrows; i++) {
		v = jg_cellv_at(t, cells, i, g);
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
			c->reps_mode = v->reps;
		}
	}
	for (i = 1; i <= t->nrows; i++) {
		v = jg_cellv_at(t, cells, i, g);
		if (v->has && v->reps != c->reps_mode)
			c->reps_odd++;
	}
	free(val);
	free(cnt);
}

/* 1 where x lies near one, 2 near spread (within a fifth), 0 else. */
static int
near_place(double x, double one, double spread)
{
	if (x <= 0)
		return 0;
	if (x / one < 1.2 && one / x < 1.2)
		return 1;
	if (x / spread < 1.2 && spread / x < 1.2)
		return 2;
	return 0;
}

/* The placement column g's figure of row i lies near (near_place); -1
 * where it, or one of its two clusters, lies near neither, or the pinned
 * rows' figures are missing or not apart. */
static int
near_places(const struct jg_table *t, struct jg_cellv *const *cells, int i,
    int g)
{
	const struct jg_cellv *v, *one, *sp;
	int a;

	v = jg_cellv_at(t, cells, i, g);
	one = jg_cellv_at(t, cells, jg_row_at(t, i)->one, g);
	sp = jg_cellv_at(t, cells, jg_row_at(t, i)->spread, g);
	if (!v->has || !one->has || !sp->has || one->med <= 0 ||
	    sp->med <= 0 || (one->med / sp->med < BIMODAL_GAP &&
	    sp->med / one->med < BIMODAL_GAP))
		return -1;
	if (v->bi && (!near_place(v->b.lowmed, one->med, sp->med) ||
	    !near_place(v->b.highmed, one->med, sp->med)))
		return -1;
	a = near_place(v->med, one->med, sp->med);
	return a ? a : -1;
}

bool
jg_placed_clusters(const struct jg_table *t, struct jg_cellv *const *cells,
    int i, int g)
{
	const struct jg_row *row = jg_row_at(t, i);
	int m1, mg;

	if (!row->free || row->one == 0 || row->spread == 0)
		return false;
	m1 = near_places(t, cells, i, 1);
	mg = near_places(t, cells, i, g);
	return m1 > 0 && mg > 0 && m1 != mg;
}

void
jg_col_count(const struct jg_table *t, struct jg_cellv *const *cells, int g,
    const struct jg_col *c1, struct jg_col *cg)
{
	const struct jg_cellv *b, *v;
	size_t *n = cg->count;
	bool worse;
	int i;

	memset(cg->count, 0, sizeof(cg->count));
	cg->doubt = cg->busy || c1->busy;
	for (i = 1; i <= t->nrows; i++) {
		b = jg_cellv_at(t, cells, i, 1);
		v = jg_cellv_at(t, cells, i, g);
		if (!v->has || !b->has || v->tiny == 2)
			continue;
		if (v->verd == JG_FEW || v->verd == JG_REFUSED) {
			n[JG_N_FEW]++;
			continue;
		}
		n[JG_N_TESTED]++;
		worse = v->dir == JG_WORSE;
		if (v->verd == JG_CHANGED)
			n[worse ? JG_N_WORSE : JG_N_BETTER]++;
		else if (v->verd == JG_DOUBTFUL)
			n[worse ? JG_N_DOUBT_WORSE : JG_N_DOUBT_BETTER]++;
		else if (v->verd == JG_PLACEMENT)
			n[JG_N_PLACEMENT]++;
	}
}

/* The decisions on figures alone. */

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

/* A cluster's median b against its own a moved by less than threshold,
 * percent. */
static bool
cluster_stood(double a, double b, double threshold)
{
	double f = b / a - 1;

	return fabs(f) * 100 < threshold;
}

bool
jg_clusters_stood(const struct jg_bimodal *first, const struct jg_bimodal *b,
    double threshold)
{
	return cluster_stood(first->lowmed, b->lowmed, threshold) &&
	    cluster_stood(first->highmed, b->highmed, threshold);
}

bool
jg_row_clusters(const struct jg_cellv *const *row, int ncols, bool higher,
    double threshold, bool *stood, bool *often)
{
	const struct jg_cellv *v;
	size_t moved = 0, far = 0;
	double share = 0, s;
	bool any = false;
	int g;

	*often = true;
	for (g = 1; g <= ncols; g++) {
		v = row[g];
		if (!v->has || !v->bi)
			continue;
		s = (double)(higher ? v->b.nhigh : v->b.nlow) / (double)v->reps;
		if (any && s != share)
			*often = false;
		share = s;
		any = true;
		if (g > 1 && row[1]->has && row[1]->bi) {
			moved++;
			far += !jg_clusters_stood(&row[1]->b, &v->b, threshold);
		}
	}
	*stood = moved > 0 && far == 0;
	return any;
}

bool
jg_host_moved(double lo, double hi)
{
	return lo > 0 || hi < 0;
}

bool
jg_raised(double limit, double threshold)
{
	return limit > threshold;
}

bool
jg_short_level(double lev)
{
	return lev < JG_LEVEL - 1e-9;
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

enum jg_verdict
jg_verdict(const struct jg_test *t)
{
	double limit = t->change < 0 ? t->fall : t->rise;
	double size = t->change < 0 ? -t->change : t->change;

	if (t->refused)
		return JG_REFUSED;
	if (t->placement)
		return JG_PLACEMENT;
	if (jg_short_level(t->level))
		return JG_FEW;
	if (!(t->lo > 0 || t->hi < 0))
		return JG_SAME;
	if ((t->lo > 0 && t->change < 0) || (t->hi < 0 && t->change > 0))
		return JG_MIXED;
	if (t->change < 0 && limit >= 100)
		return JG_UNTESTABLE;
	if (size * 100 >= limit - 1e-9)
		return t->busy ? JG_DOUBTFUL : JG_CHANGED;
	return JG_SAME;
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

bool
jg_same_limit(int k, const char *x, const char *y)
{
	char a[16384], b[16384];

	if (k == JG_LIM_CPUSET && jg_cpu_set(x, a, sizeof(a)) &&
	    jg_cpu_set(y, b, sizeof(b)))
		return strcmp(a, b) == 0;
	if (k == JG_LIM_CPUSET && (jg_cpu_set(x, a, sizeof(a)) ||
	    jg_cpu_set(y, b, sizeof(b))))
		return false;
	return strcmp(x, y) == 0;
}

bool
jg_counter_shown(double med1, double medg, double threshold)
{
	double lo = med1 < medg ? med1 : medg;
	double hi = med1 < medg ? medg : med1;
	double move = threshold / 100 > JG_COUNTER_MOVE ?
	    threshold / 100 : JG_COUNTER_MOVE;

	if (!(hi >= JG_COUNTER_FLOOR))
		return false;
	return lo <= 0 || hi >= lo * (1 + move);
}
