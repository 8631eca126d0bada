/*
 * answer.c: a table of compare judged whole, and its records (judge.h,
 * smpb-stat(5) "Tables"). jg_answer() takes the decisions of decide.c
 * in their order, each over the table and what the ones before it
 * found, and prints what they decided, a line a record, each beginning
 * with the table's ID: the runs' problems; with head=1, each run's
 * cpuset in one form; else each column (its runs, repeats, host and the
 * smallest changes it marks) and each cell (its figure, spread,
 * clusters and, from the second column on, its change, test and
 * verdict), and where the table line gives the figures' format, each
 * as the table prints it (shown.c) and the range of the rows left out;
 * then "ID end". The words of every decision are written here, where
 * they are printed, and nowhere else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

/* What a table's judgement holds while it is taken. */
struct judging {
	struct jg_table *t;
	struct jg_col *cols;		/* [1..ncols] */
	struct jg_cellv **cells;	/* jg_cellv_at()'s */
};

static const struct jg_cellv *
cell_of(const struct judging *jd, int i, int g)
{
	return jg_cellv_at(jd->t, jd->cells, i, g);
}

/* A cell of no repeat at all: not answered (smpb-stat(5), Answers). */
static bool
blank(const struct jg_cellv *v)
{
	return !v->has && !v->miss && v->empty == JG_EMPTY_NONE &&
	    v->runs == 0 && v->reps == 0;
}

/* Row i's cells held by a run of some column, each judged (jg_centre)
 * into memory of its own; the others stay NULL, cells of no repeat. */
static enum sm_why
centre_row(struct judging *jd, int i)
{
	const struct jg_table *t = jd->t;
	const struct jg_row *row = jg_row_at(t, i);
	struct jg_cellv **v;
	enum sm_why why = SM_OK;
	size_t k;
	int j;

	for (k = 0; k < row->ncells && why == SM_OK; k++) {
		j = row->cells[k].j;
		if (j < 1 || j > t->nruns || !t->runs[j].here)
			continue;
		v = &jd->cells[(size_t)(i - 1) * (size_t)t->ncols +
		    (size_t)t->runs[j].col - 1];
		if (*v != NULL)
			continue;
		if ((*v = calloc(1, sizeof(**v))) == NULL)
			return SM_NO_MEMORY;
		why = jg_centre(t, i, t->runs[j].col, *v);
	}
	return why;
}

/* The word of a refusal of a test's figures, "" for none said. */
static const char *
why_word(enum sm_why why)
{
	static const char *const words[] = {
		[SM_OK] = "", [SM_SYNTAX] = "syntax",
		[SM_UNKNOWN_TEST] = "unknown-test", [SM_TOO_FEW] = "",
		[SM_TOO_MANY] = "too-many", [SM_NOT_FINITE] = "not-finite",
		[SM_NOT_POSITIVE] = "not-positive", [SM_RANGE] = "range",
		[SM_ZERO_CENTRE] = "zero-centre", [SM_MISSING] = "missing",
		[SM_NO_MEMORY] = ""
	};

	return words[why];
}

/* The words of the decisions, as the records give them. */
static const char *const kind_words[] = {
	[JG_HARD] = "hard", [JG_BUSY] = "busy", [JG_INFO] = "info"
};

static const char *const code_words[] = {
	[JG_SAME_RUN] = "same-run", [JG_INCOMPLETE] = "incomplete",
	[JG_LOAD] = "load", [JG_OTHERS] = "others", [JG_SETTLE] = "settle",
	[JG_PROFILE] = "profile", [JG_EMULATED] = "emulated",
	[JG_TCG] = "tcg", [JG_MACHINE] = "machine", [JG_PARAM] = "param",
	[JG_LFLAG] = "lflag", [JG_NOROW] = "norow",
	[JG_HSETTLE] = "hsettle", [JG_STEAL] = "steal"
};

static const char *const host_words[] = {
	[JG_HOST_UNKNOWN] = "unknown", [JG_HOST_KNOWN] = "known",
	[JG_HOST_LIMITS] = "limits"
};

static const char *const verdict_words[] = {
	[JG_SAME] = "same", [JG_CHANGED] = "changed",
	[JG_PLACEMENT] = "placement", [JG_DOUBTFUL] = "doubtful",
	[JG_MIXED] = "mixed", [JG_UNTESTABLE] = "untestable",
	[JG_REFUSED] = "refused", [JG_FEW] = "few"
};

static const char *const method_words[] = {
	[JG_BY_NONE] = "none", [JG_BY_RUNS] = "runs",
	[JG_BY_REPEATS] = "repeats"
};

static const char *const dir_words[] = {
	[JG_DIR_NONE] = "", [JG_BETTER] = "better", [JG_WORSE] = "worse"
};

static const char *const empty_words[] = {
	[JG_EMPTY_NONE] = "none", [JG_EMPTY_FAIL] = "fail",
	[JG_EMPTY_NA] = "na"
};

/*
 * A number as the answers give one, no -0: a figure of the runs (a
 * median, a change of medians) whole, in 17 figures, so that the driver
 * reads back the very double; what a test estimated, in ten (put_est).
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

/*
 * Text as the answers give it: a blank, =, a comma and % escaped as the
 * driver escapes its own (%20, %3D, %2C, %25).
 */
static void
put_text(const char *key, const char *s)
{
	printf(" %s=", key);
	for (; *s != '\0'; s++)
		if (*s == ' ' || *s == '=' || *s == ',' || *s == '%')
			printf("%%%02X", (unsigned char)*s);
		else
			putchar(*s);
}

static void
put_problem(const struct jg_table *t, const struct jg_problem *p)
{
	printf("%s problem j=%d kind=%s code=%s", t->id, p->j,
	    kind_words[p->kind], code_words[p->code]);
	if (jg_problem_own(p->code))
		printf(" own=1");
	if (p->other)
		printf(" other=%d", p->other);
	if (p->row)
		printf(" i=%d", p->row);
	putchar('\n');
}

/* How column g ran row i, for the line under the table that says so:
 * repeats on CPUs known, on one CPU, the most CPUs, repeats, and the
 * medians of CPUs occupied and queued ("-" where unknown). */
static void
put_side(const struct judging *jd, const char *key, int i, int g)
{
	const struct jg_place *p = jg_place_at(jd->t, i, g);
	struct jg_figs o = { 0 }, q = { 0 };
	size_t k, ones = 0;
	double most = 0;

	for (k = 0; k < p->u.n; k++) {
		ones += p->u.v[k] == 1;
		if (p->u.v[k] > most)
			most = p->u.v[k];
	}
	printf(" %s=%zu,%zu,%.17g,%zu", key, p->u.n, ones, most,
	    cell_of(jd, i, g)->reps);
	if (p->o.n > 0 && p->q.n > 0 && jg_figs_copy(&o, &p->o) == SM_OK &&
	    jg_figs_copy(&q, &p->q) == SM_OK)
		printf(",%.17g,%.17g", jg_figs_median(&o), jg_figs_median(&q));
	else
		printf(",-,-");
	jg_figs_free(&o);
	jg_figs_free(&q);
}

/*
 * Where the table line gave fmt=: how column g ran row i, in the words
 * of the line under the table, its label left for the driver: "on one
 * CPU in 3 of 5 repeats" (where half or more did), "on two CPUs in 4 of
 * 5 repeats", "on 2 to 8 CPUs...", "in 5 repeats" (CPUs unknown), then
 * the medians of CPUs occupied and queued where known, in two figures:
 * " (run/wall 1.9, wait/wall 0.07)".
 */
static void
put_side_words(const struct judging *jd, const char *key, int i, int g)
{
	const struct jg_place *p = jg_place_at(jd->t, i, g);
	struct jg_figs o = { 0 }, q = { 0 };
	char buf[256], most[64], so[32], sq[32];
	size_t k, ones = 0, n = p->u.n;
	double m = 0, vo, vq;
	int len;

	if (!jd->t->fmt.given)
		return;
	for (k = 0; k < n; k++) {
		ones += p->u.v[k] == 1;
		if (p->u.v[k] > m)
			m = p->u.v[k];
	}
	snprintf(most, sizeof(most), m == 2 ? "two CPUs" : "2 to %.10g CPUs",
	    m);
	if (n == 0)
		len = snprintf(buf, sizeof(buf), "in %zu repeats",
		    cell_of(jd, i, g)->reps);
	else if (ones * 2 >= n)
		len = snprintf(buf, sizeof(buf), "on one CPU in %zu of %zu"
		    " repeats", ones, n);
	else
		len = snprintf(buf, sizeof(buf), "on %s in %zu of %zu repeats",
		    most, n - ones, n);
	if (p->o.n > 0 && p->q.n > 0 && jg_figs_copy(&o, &p->o) == SM_OK &&
	    jg_figs_copy(&q, &p->q) == SM_OK && len > 0 &&
	    (size_t)len < sizeof(buf)) {
		vo = jg_figs_median(&o);
		vq = jg_figs_median(&q);
		snprintf(so, sizeof(so), vo >= 1 ? "%.1f" : "%.2f", vo);
		snprintf(sq, sizeof(sq), vq >= 1 ? "%.1f" : "%.2f", vq);
		snprintf(buf + len, sizeof(buf) - (size_t)len,
		    " (run/wall %s, wait/wall %s)", so, sq);
	}
	jg_figs_free(&o);
	jg_figs_free(&q);
	put_text(key, buf);
}

/* Where row i's cells in column g and the first both have two
 * clusters: whether each stood where the first column's did. */
static void
put_stood(const struct judging *jd, int i, int g)
{
	const struct jg_cellv *v1 = cell_of(jd, i, 1), *v = cell_of(jd, i, g);

	if (v1->bi && v->bi)
		printf(" stood=%d", jg_clusters_stood(&v1->b, &v->b,
		    jd->t->threshold));
}

/* A figure as the table prints it, x more decimals than its format's. */
static void
put_shown(const struct jg_table *t, const char *key, double v, int x)
{
	char buf[JG_SHOWN_MAX];

	jg_shown(&t->fmt, v, x, buf, sizeof(buf));
	put_text(key, buf);
}

/* A change (a fraction) as the notes say it (jg_pct). */
static void
put_pct(const char *key, double v)
{
	char buf[JG_SHOWN_MAX];

	jg_pct(v, buf, sizeof(buf));
	put_text(key, buf);
}

/* What holds for a row's cells, printed with each: the decimals the
 * row takes, and what its clusters did (jg_row_clusters). */
struct row_says {
	int	x;
	bool	bi, stood, often;
};

/*
 * Where the table line gave the figure's format: row i's cell of
 * column g as the table prints it, in the row's decimals x (shown, its
 * clusters' medians lowshown and highshown, and change from the second
 * column on) and, where the first column's cell has two clusters too,
 * how far each moved (lowmove, highmove); its change's interval as the
 * notes say it, and its level where short of the level (interval).
 */
static void
put_shown_cell(const struct judging *jd, int i, int g, int x)
{
	const struct jg_table *t = jd->t;
	const struct jg_cellv *v1 = cell_of(jd, i, 1), *v = cell_of(jd, i, g);
	static const char *const empty_shown[] = {
		[JG_EMPTY_NONE] = "-", [JG_EMPTY_FAIL] = "fail",
		[JG_EMPTY_NA] = "n/a"
	};
	char buf[JG_TEXT_MAX];

	if (!t->fmt.given)
		return;
	if (v->has)
		put_shown(t, "shown", v->med, x);
	else
		put_text("shown", empty_shown[v->empty]);
	if (v->has && v->bi) {
		put_shown(t, "lowshown", v->b.lowmed, x);
		put_shown(t, "highshown", v->b.highmed, x);
		if (g > 1 && v1->has && v1->bi) {
			put_pct("lowmove", v->b.lowmed / v1->b.lowmed - 1);
			put_pct("highmove", v->b.highmed / v1->b.highmed - 1);
		}
	}
	if (g == 1)
		return;
	jg_change_text(&t->fmt, v1, v, x, buf, sizeof(buf));
	if (*buf != '\0')
		put_text("change", buf);
	if (v->has && v->has_sh) {
		jg_interval_text(&t->fmt, v1, v, buf, sizeof(buf));
		if (jg_short_level(v->lev))
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
			    " at %.0f%%", jg_ten(v->lev) * 100);
		put_text("interval", buf);
	}
}

static void
put_cell(const struct judging *jd, int i, int g, const struct row_says *rs)
{
	const struct jg_cellv *v = cell_of(jd, i, g);

	if (blank(v))
		return;
	printf("%s cell i=%d g=%d has=%d", jd->t->id, i, g, v->has);
	printf(" empty=%s miss=%d runs=%zu reps=%zu", empty_words[v->empty],
	    v->miss, v->runs, v->reps);
	if (v->has) {
		put("med", v->med);
		if (v->has_cv)
			put_est("cv", v->cv);
		if (v->bi)
			printf(" nlow=%zu nhigh=%zu lowmed=%.17g highmed=%.17g",
			    v->b.nlow, v->b.nhigh, v->b.lowmed, v->b.highmed);
	}
	if (g > 1 && v->has) {
		printf(" verd=%s meth=%s tiny=%d", verdict_words[v->verd],
		    method_words[v->meth], v->tiny);
		if (v->has_ch)
			put("ch", v->ch);
		if (v->has_sh) {
			put_est("sh", v->sh);
			put_est("lo", v->lo);
			put_est("hi", v->hi);
			put_est("lev", v->lev);
			put_est("p", v->p);
			if (jg_short_level(v->lev))
				printf(" short=1");
		}
		put_stood(jd, i, g);
		if (v->dir != JG_DIR_NONE)
			printf(" dir=%s", dir_words[v->dir]);
		if (*why_word(v->why) != '\0')
			printf(" why=%s", why_word(v->why));
		if (v->clusters)
			printf(" by=clusters");
		if (v->verd == JG_PLACEMENT) {
			put_side(jd, "p1", i, 1);
			put_side(jd, "pg", i, g);
			put_side_words(jd, "side1", i, 1);
			put_side_words(jd, "sideg", i, g);
		}
	}
	if (v->has && v->bi && rs->bi)
		printf(" often=%d rowstood=%d", rs->often, rs->stood);
	put_shown_cell(jd, i, g, rs->x);
	putchar('\n');
}

/* Row i's cells, each answered, with what holds for the row. */
static enum sm_why
put_row(const struct judging *jd, int i)
{
	const struct jg_table *t = jd->t;
	const struct jg_cellv **row;
	struct row_says rs = { 0 };
	int g;

	if ((row = calloc((size_t)t->ncols + 1, sizeof(*row))) == NULL)
		return SM_NO_MEMORY;
	for (g = 1; g <= t->ncols; g++)
		row[g] = cell_of(jd, i, g);
	if (t->fmt.given)
		rs.x = jg_row_digits(&t->fmt, row, t->ncols);
	rs.bi = jg_row_clusters(row, t->ncols, t->higher, t->threshold,
	    &rs.stood, &rs.often);
	free(row);
	for (g = 1; g <= t->ncols; g++)
		put_cell(jd, i, g, &rs);
	return SM_OK;
}

/* The range of the rows the table left out, as printed: "ID fold
 * from=TEXT to=TEXT". */
static void
put_fold(const struct jg_table *t)
{
	if (!t->fmt.given || !t->fold)
		return;
	printf("%s fold", t->id);
	put_shown(t, "from", t->fold_lo, 0);
	put_shown(t, "to", t->fold_hi, 0);
	putchar('\n');
}

/* A table of the kernel's counters: whether each row is worth a line
 * (jg_counter_shown against the first column, in some column),
 * "ID line i=I show=0|1". */
static void
put_counter_lines(const struct judging *jd)
{
	const struct jg_cellv *v1, *vg;
	int i, g, show;

	for (i = 1; i <= jd->t->nrows; i++) {
		v1 = cell_of(jd, i, 1);
		show = 0;
		for (g = 2; g <= jd->t->ncols && !show; g++) {
			vg = cell_of(jd, i, g);
			show = v1->has && vg->has &&
			    jg_counter_shown(v1->med, vg->med, jd->t->threshold);
		}
		printf("%s line i=%d show=%d\n", jd->t->id, i, show);
	}
}

/* Whether every run of column g has a host file. */
static bool
col_host_files(const struct jg_table *t, int g)
{
	int j;

	for (j = 1; j <= t->nruns; j++)
		if (t->runs[j].here && t->runs[j].col == g &&
		    !t->runs[j].hostfile)
			return false;
	return true;
}

/* Whether a run of column g has timings of this workload. */
static bool
col_host_here(const struct jg_table *t, int g)
{
	int j;

	for (j = 1; j <= t->nruns; j++)
		if (t->runs[j].here && t->runs[j].col == g &&
		    t->runs[j].hosthere)
			return true;
	return false;
}

/*
 * Where the table line gave fmt=: column g's host in the words the
 * report prints: how it ran (said), where it moved; why its speed is
 * unknown (unknownwhy), but where a run of it, or of the first column,
 * has no host file (an older run: the header says so once); the rise
 * and fall it raised past the threshold (pastrise, pastfall).
 */
static void
put_host_words(const struct judging *jd, int g)
{
	const struct jg_table *t = jd->t;
	const struct jg_col *c = &jd->cols[g];
	char buf[JG_TEXT_MAX];

	if (!t->fmt.given)
		return;
	if (c->host == JG_HOST_KNOWN && c->moved) {
		jg_host_said(c->est, c->lo, c->hi, buf, sizeof(buf));
		put_text("said", buf);
	}
	if (c->host == JG_HOST_UNKNOWN && col_host_files(t, g) &&
	    col_host_files(t, 1)) {
		snprintf(buf, sizeof(buf), "%s%s", c->bad > 0 ? "timings of"
		    " its CPU that no run makes left out, " : "",
		    col_host_here(t, g) ? "too few timings of its CPU" :
		    "no timing of its CPU in its host file");
		put_text("unknownwhy", buf);
	}
	if (jg_raised(c->rise, t->threshold)) {
		jg_past(c->rise, t->threshold, buf, sizeof(buf));
		put_text("pastrise", buf);
	}
	if (jg_raised(c->fall, t->threshold)) {
		jg_past(c->fall, t->threshold, buf, sizeof(buf));
		put_text("pastfall", buf);
	}
}

static void
put_col(const struct judging *jd, int g)
{
	const struct jg_col *c = &jd->cols[g];

	printf("%s col g=%d runs=%d mode=%zu odd=%zu", jd->t->id, g, c->nrun,
	    c->reps_mode, c->reps_odd);
	if (g > 1) {
		printf(" host=%s", host_words[c->host]);
		/* Unknown: too few timings a side to tell. */
		if (c->host == JG_HOST_UNKNOWN)
			printf(" unknown=few bad=%zu", c->bad);
		if (c->host == JG_HOST_KNOWN) {
			put_est("est", c->est);
			put_est("lo", c->lo);
			put_est("hi", c->hi);
			printf(" byruns=%d moved=%d", c->by_runs, c->moved);
		}
		put("rise", c->rise);
		put("fall", c->fall);
		printf(" raised=%d%d", jg_raised(c->rise, jd->t->threshold),
		    jg_raised(c->fall, jd->t->threshold));
		printf(" doubt=%d tested=%zu worse=%zu better=%zu"
		    " dworse=%zu dbetter=%zu placed=%zu few=%zu", c->doubt,
		    c->count[JG_N_TESTED], c->count[JG_N_WORSE],
		    c->count[JG_N_BETTER], c->count[JG_N_DOUBT_WORSE],
		    c->count[JG_N_DOUBT_BETTER], c->count[JG_N_PLACEMENT],
		    c->count[JG_N_FEW]);
		put_host_words(jd, g);
	}
	putchar('\n');
}

/* Run j's cpuset, "" where it has none. */
static const char *
cpuset_of(const struct jg_table *t, int j)
{
	const char *s = t->runs[j].limit[JG_LIM_CPUSET];

	return t->runs[j].here && s != NULL ? s : "";
}

/* The first run whose cpuset is the same setting as run j's
 * (jg_same_limit), j itself where none before it is. */
static int
same_cpuset(const struct jg_table *t, int j)
{
	int k;

	for (k = 1; k < j; k++)
		if (*cpuset_of(t, k) != '\0' && jg_same_limit(JG_LIM_CPUSET,
		    cpuset_of(t, k), cpuset_of(t, j)))
			return k;
	return j;
}

/* Each run's cpuset in one form, for the header that says where runs'
 * CPU limits differ: "ID set j=J cpuset=LIST same=K". */
static void
put_cpu_sets(const struct jg_table *t)
{
	char buf[16384];
	int j;

	for (j = 1; j <= t->nruns; j++)
		if (*cpuset_of(t, j) != '\0' &&
		    jg_cpu_set(cpuset_of(t, j), buf, sizeof(buf)))
			printf("%s set j=%d cpuset=%s same=%d\n", t->id, j, buf,
			    same_cpuset(t, j));
}

/* The rules the table is judged by, as in effect: "ID rules level=L
 * alpha=A threshold=T load_limit=C", A the share of cells tested that
 * chance alone marks, 1 - L. */
static void
put_rules(const struct jg_table *t)
{
	printf("%s rules", t->id);
	put_est("level", JG_LEVEL);
	put_est("alpha", 1 - JG_LEVEL);
	put_est("threshold", t->threshold);
	put_est("load_limit", t->load_limit);
	putchar('\n');
}

/*
 * The runs' problems, said: those of the runs whatever the workload,
 * then (but for the header's checks alone) those of this table; and
 * the doubts they raise on each column.
 */
static enum sm_why
problems(struct judging *jd)
{
	struct jg_problems list = { 0 };
	enum sm_why why;
	size_t k;

	why = jg_run_problems(jd->t, &list);
	if (why == SM_OK && !jd->t->head)
		why = jg_table_problems(jd->t, &list);
	for (k = 0; k < list.n; k++)
		put_problem(jd->t, &list.p[k]);
	jg_col_doubts(jd->t, &list, jd->cols);
	jg_problems_free(&list);
	return why;
}

/* A change of row i in column g, marked or in doubt, whose sides' clusters
 * are the row's placements (jg_placed_clusters): placement, not a change. */
static void
placed_clusters(struct judging *jd, int i, int g)
{
	struct jg_cellv *v = jd->cells[(size_t)(i - 1) *
	    (size_t)jd->t->ncols + (size_t)g - 1];

	if (v != NULL && v->has && (v->verd == JG_CHANGED || v->verd == JG_DOUBTFUL) &&
	    jg_placed_clusters(jd->t, jd->cells, i, g)) {
		v->verd = JG_PLACEMENT;
		v->clusters = true;
	}
}

/* The whole table's decisions: the hosts, each cell's figure, then
 * each cell's change against the first column's. */
static enum sm_why
decide(struct judging *jd)
{
	struct jg_table *t = jd->t;
	enum sm_why why = SM_OK;
	int i, g;

	for (g = 2; g <= t->ncols && why == SM_OK; g++)
		why = jg_host(t, g, &jd->cols[g]);
	for (i = 1; i <= t->nrows && why == SM_OK; i++)
		why = centre_row(jd, i);
	for (i = 1; i <= t->nrows && why == SM_OK; i++)
		for (g = 2; g <= t->ncols && why == SM_OK; g++)
			if (cell_of(jd, i, g)->has)
				why = jg_change(t, i, g, cell_of(jd, i, 1),
				    &jd->cols[1], &jd->cols[g],
				    jd->cells[(size_t)(i - 1) *
				    (size_t)t->ncols + (size_t)g - 1]);
	for (i = 1; i <= t->nrows && why == SM_OK; i++)
		for (g = 2; g <= t->ncols; g++)
			placed_clusters(jd, i, g);
	return why;
}

static void
judging_free(struct judging *jd)
{
	size_t k;

	for (k = 0; jd->cells != NULL && k < (size_t)jd->t->nrows *
	    (size_t)jd->t->ncols; k++)
		if (jd->cells[k] != NULL) {
			jg_cellv_free(jd->cells[k]);
			free(jd->cells[k]);
		}
	free(jd->cols);
	free(jd->cells);
	jg_table_free(jd->t);
}

enum sm_why
jg_answer(struct jg_table *t, const char *id)
{
	struct judging jd = { t, NULL, NULL };
	enum sm_why why;
	int i, g;

	if (!t->open || strcmp(t->id, id) != 0) {
		printf("%s refused why=syntax\n", id);
		return SM_OK;
	}
	if (!t->refused && (why = jg_table_whole(t)) != SM_OK) {
		t->refused = true;
		t->why = why;
	}
	if (t->refused) {
		printf("%s refused why=%s\n", id, why_word(t->why)[0] != '\0' ?
		    why_word(t->why) : "syntax");
		why = t->why == SM_NO_MEMORY ? SM_NO_MEMORY : SM_OK;
		jg_table_free(t);
		return why;
	}
	jd.cols = calloc((size_t)t->ncols + 1, sizeof(*jd.cols));
	jd.cells = calloc((size_t)t->nrows * (size_t)t->ncols + 1,
	    sizeof(*jd.cells));
	if (jd.cols == NULL || jd.cells == NULL) {
		judging_free(&jd);
		return SM_NO_MEMORY;
	}
	for (g = 1; g <= t->ncols; g++)
		jd.cols[g].nrun = jg_col_runs(t, g);
	put_rules(t);
	why = problems(&jd);
	if (why == SM_OK && !t->head)
		why = decide(&jd);
	if (why == SM_OK && t->head)
		put_cpu_sets(t);
	if (why == SM_OK && !t->head) {
		for (g = 1; g <= t->ncols; g++) {
			jg_reps_mode(t, jd.cells, g, &jd.cols[g]);
			if (g > 1)
				jg_col_count(t, jd.cells, g, &jd.cols[1],
				    &jd.cols[g]);
			put_col(&jd, g);
		}
		for (i = 1; i <= t->nrows && why == SM_OK; i++)
			why = put_row(&jd, i);
		put_fold(t);
		if (t->counters)
			put_counter_lines(&jd);
	}
	if (why == SM_OK)
		printf("%s end\n", id);
	judging_free(&jd);
	return why;
}
