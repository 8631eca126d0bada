/*
 * judge.h: compare's decisions, beside its statistics: what smpb-stat
 * answers to a table (see smpb-stat(5), "Tables").
 *
 * The driver's awk programs read the saved runs and lay out the text;
 * everything a comparison decides is here: which runs cannot be
 * compared and which are in doubt, each column's host speed by the
 * canary and the smallest change it marks, each cell's figure, spread,
 * clusters, test and verdict, placement included, and how the table
 * prints each figure and change. Four files share this header, each
 * calling only those before it:
 *
 *   table.c   the parser: a table's lines, one by one (jg_line), into a
 *             struct jg_table, and the lists of figures it holds;
 *   decide.c  the decisions: pure functions of a table (and of what the
 *             decisions before them found), no globals, no output, each
 *             with a table-driven unit test (tests/unit/t021 to t028);
 *   shown.c   the figures and changes as printed, pure functions too
 *             (tests/unit/t029);
 *   answer.c  the answers: a table judged whole (jg_answer), the
 *             decisions taken in their order, and its records printed.
 *
 * A decision to come is one more function of decide.c over the table,
 * called from answer.c in its place, its result printed there.
 */
#ifndef JUDGE_H
#define JUDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "statmath.h"

/*
 * The bounds of a table: far more than any comparison holds. Nothing is
 * allocated as the table line declares it: a run, a row, a cell and a
 * place as the first line names it, so that the memory a table takes
 * grows with its lines, not with its declared rows x runs.
 */
#define JG_MAX_RUNS	4096
#define JG_MAX_ROWS	100000
#define JG_MAX_CELLS	4000000	/* rows x runs */
#define JG_MAX_ENV	512	/* env keys of a run */

/*
 * The rules a comparison is judged by where the table line gives none,
 * and that smpb-stat answers (its rules record) so that the driver says
 * them as they were: the level of every interval, the smallest change
 * marked (percent: compare -t) and the other work (CPUs' worth) above
 * which a run is in doubt.
 */
#define JG_LEVEL	0.95
#define JG_THRESHOLD	2.0
#define JG_LOAD_LIMIT	0.5

/* A list of figures, grown. */
struct jg_figs {
	double	*v;
	size_t	n, cap;
};

/* The cgroup CPU limits a run recorded, as compared between runs. */
enum jg_limit {
	JG_LIM_CPU_MAX, JG_LIM_QUOTA, JG_LIM_PERIOD, JG_LIM_CPUSET,
	JG_NLIMITS
};

/*
 * The figure's format, as the table line's fmt= gives it: plain (three
 * decimals under 10, else two), sig3 (three figures), fixed ("%.Nf",
 * N at most JG_FMT_DECIMALS, and text after it: its decimals grow where
 * a row needs them), or another printf format of one conversion of a
 * number, printed as it is (e, f, g, a and their capitals, or d and i:
 * the figure's whole part); the figure shown times scale (the herd's
 * count against the seed's).
 */
#define JG_FMT_MAX	256	/* a format's bytes */
#define JG_FMT_DECIMALS	60
/* The most bytes a figure printed takes: the largest double's digits,
 * decimals, the format's text. */
#define JG_SHOWN_MAX	(320 + JG_FMT_DECIMALS + 4 + JG_FMT_MAX)
/* The most a change or an interval printed takes: three figures. */
#define JG_TEXT_MAX	(3 * JG_SHOWN_MAX + 64)
enum jg_fmt_kind { JG_FMT_PLAIN, JG_FMT_SIG3, JG_FMT_FIXED, JG_FMT_OTHER };
struct jg_fmt {
	bool	given;
	enum jg_fmt_kind kind;
	int	decimals;		/* fixed */
	char	text[JG_FMT_MAX];	/* fixed: after %.Nf, %% as %; */
					/* other: the format, d or i as lld */
	bool	integer;		/* other: of d or i */
	double	scale;
};

/* How a slower host moves the figure: as a time, a rate, or either. */
enum jg_moves { JG_TIME, JG_RATE, JG_EITHER };

/* One run, its column and its facts; text as the run recorded it. */
struct jg_run {
	bool	here;			/* named by a run line */
	int	col;			/* its column, 1.. */
	bool	hist;			/* a historical run */
	bool	hostfile;		/* it has a host file */
	bool	hosthere;		/* with a line of this workload */
	bool	hsettle_there;		/* ... that says how it settled */
	bool	incomplete;
	bool	quota;			/* ran under a CPU quota */
	bool	emulated;		/* on emulated CPUs (smpbench vm, TCG) */
	char	*id, *profile, *model, *cpus, *load, *others, *settle;
	char	*hsettle, *steal;
	char	*limit[JG_NLIMITS];
	struct jg_figs canary;		/* the timings as numbers */
	size_t	canary_bad;		/* timings no run makes */
	char	**env;			/* key, value, key, value... */
	size_t	nenv;
};

/* A row's figures in one run. */
struct jg_cell {
	int	j;			/* the run */
	struct jg_figs v;
	unsigned long failed, bad, na;
	char	*param;			/* its options, for runs' checks */
	int	lflag;			/* -1 none, 0, 1 */
};

/* Where the repeats of a column ran in an unpinned row. */
struct jg_place {
	int	g;			/* the column */
	struct jg_figs u, o, q;		/* CPUs used, occupied, queued */
};

/*
 * A row as its row line gave it (here), and the cells and places of it
 * that lines named, each list by run or column ascending: a row holds
 * only what its lines gave.
 */
struct jg_row {
	bool	here;			/* named by a row line */
	bool	free;			/* unpinned */
	int	one, spread;		/* its rows pinned, 0: none */
	struct jg_cell *cells;
	struct jg_place *places;
	size_t	ncells, cellcap, nplaces, placecap;
};

/*
 * A table as its lines gave it. Columns are 1..ncols and rows 1..nrows,
 * as the table line declared them; runs are 1..nruns, nruns the last
 * run a run line gave (maxruns, the table line's, bounds them), each
 * not given absent (here false). jg_row_at(), jg_cell_at() and
 * jg_place_at() index the rest.
 */
struct jg_table {
	char	id[65];
	bool	open, refused;
	enum sm_why why;		/* why refused */
	bool	head;			/* the runs' checks alone */
	double	threshold;		/* percent */
	bool	higher;			/* a higher figure is better */
	enum jg_moves moves;
	bool	wait;			/* the run-queue delay's own table */
	bool	counters;		/* the kernel's counters' own table */
	bool	force;
	double	zero;			/* figures under it show as zero */
	bool	zero_given;		/* by zero=, else of fmt */
	double	load_limit;
	struct jg_fmt fmt;
	double	fold_lo, fold_hi;	/* the range of rows left out */
	bool	fold;
	int	nruns, ncols, nrows;
	int	maxruns;		/* the runs the table line declared */
	struct jg_run *runs;		/* [0..runroom - 1] */
	struct jg_row **rows;		/* [0..rowroom - 1], NULL: none */
	int	runroom, rowroom;
};

/* table.c: the parser. */

/*
 * A table's line, its ID and its kind already read (table, run, env,
 * row, fig, place, param): KEY=VALUE words, blank-separated, in words,
 * parsed in place into t. A table line begins t afresh. SM_OK, or why
 * the table is refused (the refusal is given, once, when the table is
 * judged).
 */
enum sm_why	jg_line(struct jg_table *t, const char *id, const char *kind,
		    char *words);
/* Forget the table: t is then empty, as before its first line. */
void		jg_table_free(struct jg_table *t);

/*
 * Whether the table has what its table line declared, for it to be
 * judged: a row line for each row, a run line for a run of each column
 * (a run of no column has none). SM_OK, or SM_MISSING.
 */
enum sm_why	jg_table_whole(const struct jg_table *t);

/*
 * Row i, run j's cell of it and column g's place of it, as lines gave
 * them: one no line gave is a shared empty one, read-only.
 */
const struct jg_row	*jg_row_at(const struct jg_table *t, int i);
const struct jg_cell	*jg_cell_at(const struct jg_table *t, int i, int j);
const struct jg_place	*jg_place_at(const struct jg_table *t, int i,
			    int g);

enum sm_why	jg_figs_add(struct jg_figs *f, double v);
/* A copy of from's figures, added to to. */
enum sm_why	jg_figs_copy(struct jg_figs *to, const struct jg_figs *from);
void		jg_figs_free(struct jg_figs *f);
/* The median of f (sorted in place), n >= 1. */
double		jg_figs_median(struct jg_figs *f);

/* decide.c: the decisions. */

/*
 * What a run's problem makes of it: not comparable (hard: nothing is
 * marked in its column unless forced), in doubt (busy: a change in its
 * column is doubtful), or said only (info).
 */
enum jg_kind { JG_HARD, JG_BUSY, JG_INFO };

/* The problems, in the order of the checks (smpb-stat(5): "code"). */
enum jg_code {
	JG_SAME_RUN,		/* the same run as another */
	JG_INCOMPLETE,		/* an interrupted run */
	JG_LOAD,		/* other work above the load limit */
	JG_OTHERS,		/* another smpbench run beside it */
	JG_SETTLE,		/* a start that was not quiet */
	JG_PROFILE,		/* another profile than the base run's */
	JG_EMULATED,		/* emulated CPUs on one side, real on the other */
	JG_TCG,			/* emulated CPUs in the base run: in doubt */
	JG_MACHINE,		/* another CPU model or number of CPUs */
	JG_PARAM,		/* other options in a row */
	JG_LFLAG,		/* -l on one side only */
	JG_NOROW,		/* no row with figures on both sides */
	JG_HSETTLE,		/* the workload's own start not quiet */
	JG_STEAL		/* steal a point above the least run's */
};

/* A problem of run j; other, the run it is measured against, row, the
 * row (0: none named). */
struct jg_problem {
	int	j;
	enum jg_kind kind;
	enum jg_code code;
	int	other, row;
};

struct jg_problems {
	struct jg_problem *p;
	size_t	n, cap;
};

/*
 * What a column is, as the cells' decisions need it: its runs, the
 * doubts its runs' problems raise, its host against the first column's
 * and the smallest rise and fall it marks (percent), the repeats most
 * of its cells have.
 */
enum jg_host {
	JG_HOST_UNKNOWN,		/* too few canary timings a side */
	JG_HOST_KNOWN,
	JG_HOST_LIMITS			/* not judged: a quota, other limits */
};

/*
 * A column's cells against the first, as the headline counts them:
 * tested (the rest had too few figures, or were refused), changed for
 * the worse or the better, in doubt for the worse or the better,
 * placement.
 */
enum jg_count {
	JG_N_TESTED, JG_N_WORSE, JG_N_BETTER, JG_N_DOUBT_WORSE,
	JG_N_DOUBT_BETTER, JG_N_PLACEMENT, JG_N_FEW, JG_NCOUNTS
};

struct jg_col {
	int	nrun;			/* its runs */
	bool	nosig, busy;		/* a run not comparable, in doubt */
	double	rise, fall;
	enum jg_host host;
	double	est, lo, hi;		/* the host's change, 0.3 30% slower */
	bool	by_runs, moved;
	size_t	bad;			/* canary timings no run makes */
	size_t	reps_mode, reps_odd;
	bool	doubt;			/* its changes or the first's in doubt */
	size_t	count[JG_NCOUNTS];	/* its cells, by jg_count */
};

/* Two clusters: their sizes and medians, the lower first. */
struct jg_bimodal {
	size_t	nlow, nhigh;
	double	lowmed, highmed;
};

/*
 * A cell's verdict (smpbench-compare(1)): no change marked, a change
 * marked, the sides ran in other placements, a change with a side in
 * doubt, a change shown against its test, a fall the host could explain
 * whole, a side not comparable, too few figures for the level.
 */
enum jg_verdict {
	JG_SAME, JG_CHANGED, JG_PLACEMENT, JG_DOUBTFUL, JG_MIXED,
	JG_UNTESTABLE, JG_REFUSED, JG_FEW
};

/* What a cell's test compared: nothing, the runs' medians, the repeats. */
enum jg_method { JG_BY_NONE, JG_BY_RUNS, JG_BY_REPEATS };

/* The way a change goes, by the table's own direction. */
enum jg_dir { JG_DIR_NONE, JG_BETTER, JG_WORSE };

/* Why a cell has lost repeats: none, failed ones, unsupported ones. */
enum jg_empty { JG_EMPTY_NONE, JG_EMPTY_FAIL, JG_EMPTY_NA };

/* A cell: its figure and, from the second column on, its change. */
struct jg_cellv {
	bool	has, miss, bi;
	enum jg_empty empty;
	size_t	runs, reps;
	double	med;
	struct jg_figs pooled, medians;	/* sorted */
	double	cv;
	bool	has_cv;
	struct jg_bimodal b;
	enum jg_method meth;
	enum jg_verdict verd;
	enum jg_dir dir;
	enum sm_why why;		/* why the test refused the figures */
	double	ch, sh, lo, hi, lev, p;
	bool	has_ch, has_sh;
	bool	clusters;		/* placement by its clusters */
	int	tiny;
};

/* The first run of the table that is not historical, 0 if none. */
int		jg_base_run(const struct jg_table *t);
/* Column g's runs. */
int		jg_col_runs(const struct jg_table *t, int g);

/*
 * The problems of the runs whatever the workload (jg_run_problems), and
 * those of this table (jg_table_problems), added to list, run by run,
 * each run's in the order of the checks; SM_NO_MEMORY where memory ran
 * out. jg_col_doubts() sets each column's nosig and busy (cols[1..]) from
 * the problems of its runs.
 */
enum sm_why	jg_run_problems(const struct jg_table *t,
		    struct jg_problems *list);
enum sm_why	jg_table_problems(const struct jg_table *t,
		    struct jg_problems *list);
void		jg_col_doubts(const struct jg_table *t,
		    const struct jg_problems *list, struct jg_col *cols);
void		jg_problems_free(struct jg_problems *list);
/*
 * A problem of this table's own (its rows' options, its workload's
 * start and steal time: the checks of jg_table_problems), not of the
 * runs whatever the workload.
 */
bool		jg_problem_own(enum jg_code code);

/*
 * Column g's host against the first column's, by the canary, into c
 * (host, est, lo, hi, by_runs, moved, bad, rise and fall).
 */
enum sm_why	jg_host(const struct jg_table *t, int g, struct jg_col *c);

/*
 * Row i's figure in column g, into v: its repeats over the column's
 * runs, each run's median, its figure (the median of the runs' medians
 * with two runs or more, else of the repeats), spread and clusters.
 * jg_cellv_free() frees what it holds.
 */
enum sm_why	jg_centre(const struct jg_table *t, int i, int g,
		    struct jg_cellv *v);
void		jg_cellv_free(struct jg_cellv *v);

/*
 * Columns 1 and g ran the unpinned row i in different placements; reps1
 * and repsg are their cells' repeats.
 */
bool		jg_placement(const struct jg_table *t, int i, int g,
		    size_t reps1, size_t repsg);

/*
 * The change of column g against the first in row i, its test and
 * verdict, into v, the cell's figure already in it (jg_centre); base is
 * the first column's cell, c1 and cg the columns.
 */
enum sm_why	jg_change(const struct jg_table *t, int i, int g,
		    const struct jg_cellv *base, const struct jg_col *c1,
		    const struct jg_col *cg, struct jg_cellv *v);

/*
 * A table's judged cells: cells[(i - 1) * ncols + g - 1], each judged by
 * jg_centre, NULL for one of no repeat at all (no figure, none failed,
 * bad or unsupported), which jg_cellv_at() gives as a cell judged so:
 * the memory a table takes is of the cells its runs hold.
 */
const struct jg_cellv *jg_cellv_at(const struct jg_table *t,
		    struct jg_cellv *const *cells, int i, int g);

/*
 * Column g's usual number of repeats a cell, of the table's cells, into
 * c->reps_mode, and how many have another, c->reps_odd.
 */
void		jg_reps_mode(const struct jg_table *t,
		    struct jg_cellv *const *cells, int g, struct jg_col *c);

/*
 * Whether the change of unpinned row i in column g is the scheduler's
 * placement by its clusters: the figure of each side, and each of its
 * two clusters where it has them, lies near its own column's figure of
 * the row pinned to one CPU or of the row pinned to more (within a
 * fifth, those two figures apart by half or more), and the two sides'
 * figures near different ones (the spread's figure against the one
 * CPU's, in most repeats). cells: each judged by jg_centre.
 */
bool		jg_placed_clusters(const struct jg_table *t,
		    struct jg_cellv *const *cells, int i, int g);

/*
 * Column g's cells against the first (cells judged by jg_change) counted
 * into cg->count by jg_count, and cg->doubt set where a change in it is
 * in doubt (a run of it or of the first column busy). A row without a
 * figure on both sides, or with both figures zero, is not counted.
 */
void		jg_col_count(const struct jg_table *t,
		    struct jg_cellv *const *cells, int g,
		    const struct jg_col *c1, struct jg_col *cg);

/* The decisions on figures alone. */

/* Sorted repeats in two clusters, into b; false if they are not. */
bool	jg_bimodal(const double *sorted, size_t n, struct jg_bimodal *b);
/*
 * A cell's two clusters stood where the first column's two stood: each
 * moved by less than threshold (percent) against its own.
 */
bool	jg_clusters_stood(const struct jg_bimodal *first,
	    const struct jg_bimodal *b, double threshold);
/*
 * A row's cells of two clusters (row[1..ncols], the first column's
 * first): false where none has two. Else *stood, where the first
 * column's cell and another's both have two, whether every such cell's
 * clusters stood where the first's did; *often, whether every cell of
 * two clusters came to the better one as often (its share of the
 * repeats the same).
 */
bool	jg_row_clusters(const struct jg_cellv *const *row, int ncols,
	    bool higher, double threshold, bool *stood, bool *often);
/* A host's change of speed, its interval lo..hi, moved it: the interval
 * leaves out zero. */
bool	jg_host_moved(double lo, double hi);
/* A column's smallest rise (or fall) marked, limit, is past the
 * threshold: its host raised it. */
bool	jg_raised(double limit, double threshold);
/* An interval of level lev covers less than the level of every
 * interval, JG_LEVEL (too few figures for it). */
bool	jg_short_level(double lev);
/*
 * Two runs' values x and y of a CPU limit (enum jg_limit) are the same
 * setting: CPU lists as the sets they name ("0-1" is "0,1"), the rest
 * as text.
 */
bool	jg_same_limit(int limit, const char *x, const char *y);

/*
 * A run's canary units, from its timings (each one a run can make,
 * 0.01 ns to 1 s a spin): those within a third and three times the
 * run's median kept (a timing that lost a time slice is no measure of
 * the host's speed); their median where by_runs, else batches of
 * consecutive ones (about ten a run, three timings at least), each
 * batch's median. The units go to units (room for cap); their number
 * is returned.
 */
size_t	jg_canary_units(const double *timings, size_t n, bool by_runs,
	    double *units, size_t cap);

/*
 * The smallest rise and fall marked (percent) in a column whose host's
 * change of speed has the interval lo..hi (fractions: 0.3 is 30%
 * slower), for a figure that a slower host moves as a time, a rate or
 * either way.
 */
void	jg_limits(double threshold, double lo, double hi, enum jg_moves,
	    double *rise, double *fall);

/* A cell's verdict from its change shown and its test, as compare marks
 * it. */
struct jg_test {
	double	change;		/* the change shown, a fraction */
	double	lo, hi, level;	/* the shift's interval and its level */
	double	rise, fall;	/* the column's smallest marks, percent */
	bool	refused;	/* a side not compared (-f) */
	bool	placement;	/* the sides ran in other placements */
	bool	busy;		/* a side in doubt */
};
enum jg_verdict jg_verdict(const struct jg_test *);

/*
 * A line of the kernel's scheduler counters (a row of a table of
 * counters=1: one counter of one cell, its medians per second) is worth
 * showing against the first column where the larger of the two medians
 * is at least JG_COUNTER_FLOOR a second and it is at least
 * JG_COUNTER_MOVE more than the smaller (or the table's threshold,
 * percent, where that is more): a counter that moves less, or that
 * hardly counts at all, explains no change of the figure.
 */
#define JG_COUNTER_FLOOR	1.0
#define JG_COUNTER_MOVE		0.25
bool	jg_counter_shown(double med1, double medg, double threshold);

/* A CPU list in one form ("0-1" is "0,1"), into buf; false if not one. */
bool	jg_cpu_set(const char *list, char *buf, size_t size);

/* shown.c: the figures and changes as the table prints them. */

/* A fmt= value into f (scale 1); false if it is none of the forms. */
bool	jg_fmt_parse(const char *s, struct jg_fmt *f);
/* The figures under which a figure shows as zero, with the most
 * decimals a row takes beyond the format's. */
double	jg_zero_below(const struct jg_fmt *f);
/* v as the records give an estimate, in ten figures (%.10g): the
 * words said of an interval, a level or a host are of those. */
double	jg_ten(double v);
/* A figure v as printed, with x more decimals than its format has. */
void	jg_shown(const struct jg_fmt *f, double v, int x, char *buf,
	    size_t size);
/*
 * The decimals a row takes beyond its format's (row[1..ncols], the
 * first column's first): the fewest, at most four, with which every
 * change the row prints follows from the two figures beside it, within
 * half a point, and no figure but zero shows as zero.
 */
int	jg_row_digits(const struct jg_fmt *f,
	    const struct jg_cellv *const *row, int ncols);
/*
 * Cell v's change against base as the table prints it, of the two
 * figures as printed with x more decimals: a percentage (0%, unsigned,
 * where it rounds to zero), a fall past 99.5% in the decimals that keep
 * it from -100%, a factor past +500% ("x290"), a difference of the
 * figure where a side shows as zero; "" for none.
 */
void	jg_change_text(const struct jg_fmt *f, const struct jg_cellv *base,
	    const struct jg_cellv *v, int x, char *buf, size_t size);
/* A change (a fraction) as a signed percentage, a decimal under 10%,
 * 0% where it rounds to zero: "+12%", "-9.5%". */
void	jg_pct(double v, char *buf, size_t size);
/* Cell v's change and its interval, "+12% [+9.5%, +15%]" (the bounds
 * in ten figures); as differences of the figure where a side shows as
 * zero. */
void	jg_interval_text(const struct jg_fmt *f, const struct jg_cellv *base,
	    const struct jg_cellv *v, char *buf, size_t size);

/*
 * How a column's host ran against the first's, est (0.3: 30% slower)
 * and its interval lo..hi, in a few words: "57% slower (+5% to
 * +110%)"; a change or a bound that rounds to zero to the point said
 * to the tenth ("0.4% slower (+0.3% to +1%)"); a faster host's
 * interval in its own terms ("40% faster (31% to 49%)"); of the three
 * in ten figures.
 */
void	jg_host_said(double est, double lo, double hi, char *buf,
	    size_t size);
/* A threshold the host raised to limit (percent), as the line under a
 * table says it: to the point, or to the tenth where the point is the
 * threshold itself ("2.3", not a "2" that says nothing). */
void	jg_past(double limit, double threshold, char *buf, size_t size);

/* answer.c: the answers. */

/*
 * Answer the table t of that ID: its records on stdout, each a line
 * beginning with the ID, then "ID end"; or "ID refused why=WORD". The
 * table is then forgotten. SM_NO_MEMORY where memory ran out.
 */
enum sm_why	jg_answer(struct jg_table *t, const char *id);

#endif
