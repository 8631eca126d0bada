/*
 * t023-hosts: each column's host against the first's, by the canary
 * timed after every measurement (src/decide.c, jg_host), on the hosts
 * t747 sets side by side through compare: a host 30% slower, named with
 * its interval, the smallest rise it leaves marked raised to its far end
 * for a time, the fall for a rate, both for a figure it moves either
 * way; hosts alike, the threshold kept (5% with threshold=5); three
 * timings, or none, too few to tell; timings no run makes counted; one
 * timing three times as slow among sixty left out; three runs a side
 * compared by their medians, the threshold raised only where the hosts
 * differ; a quota on either side, or other CPU limits, not judged, and
 * a cpuset written otherwise the same limit.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "judge.h"
#include "../tap.h"
#include "tables.h"

/*
 * One side's runs: each with n canary timings about ns (cv as given,
 * from seed + the run's number), or with ns 0 at two speeds, 0.33 and
 * 0.70 ns, half the time each (a guest whose CPU shares a core at some
 * moments and not at others); its facts (a run line's words: limits),
 * and timings no run makes appended with canary_more.
 */
struct side {
	int	runs;
	int	n;
	double	ns, cv;
	long	seed;
	const char *facts;
	const char *canary_more;
};

static const struct hcase {
	const char	*name;
	const char	*head;		/* the table line's rules */
	struct side	a, b;
	enum jg_host	host;
	bool		by_runs, moved;
	double		est_lo, est_hi;	/* the host's change, within */
	double		rise_lo, rise_hi, fall_lo, fall_hi;
	size_t		bad;
} cases[] = {
	{ "a host 30% slower, a time: named, rises past 30% marked",
	    "moves=time", { 1, 20, 0.33, 0.01, 81, "", "" },
	    { 1, 20, 0.429, 0.01, 82, "", "" }, JG_HOST_KNOWN, false, true,
	    0.28, 0.32, 30, 33, 2, 2, 0 },
	{ "the same host, a rate: falls past 1 / 1.3 - 1 marked",
	    "moves=rate", { 1, 20, 0.33, 0.01, 81, "", "" },
	    { 1, 20, 0.429, 0.01, 82, "", "" }, JG_HOST_KNOWN, false, true,
	    0.28, 0.32, 2, 2, 21, 25, 0 },
	{ "the same host, either way: both raised",
	    "moves=either", { 1, 20, 0.33, 0.01, 81, "", "" },
	    { 1, 20, 0.429, 0.01, 82, "", "" }, JG_HOST_KNOWN, false, true,
	    0.28, 0.32, 30, 33, 30, 33, 0 },
	{ "a host 25% faster, a time: falls past 25% marked",
	    "moves=time", { 1, 20, 0.429, 0.01, 82, "", "" },
	    { 1, 20, 0.33, 0.01, 81, "", "" }, JG_HOST_KNOWN, false, true,
	    -0.25, -0.21, 2, 2, 21, 26, 0 },
	{ "hosts alike: the threshold kept",
	    "moves=time", { 1, 20, 0.33, 0.01, 81, "", "" },
	    { 1, 20, 0.33, 0.01, 84, "", "" }, JG_HOST_KNOWN, false, false,
	    -0.02, 0.02, 2, 2, 2, 2, 0 },
	{ "hosts alike, threshold=5: 5% kept",
	    "moves=time threshold=5", { 1, 20, 0.33, 0.01, 81, "", "" },
	    { 1, 20, 0.33, 0.01, 84, "", "" }, JG_HOST_KNOWN, false, false,
	    -0.02, 0.02, 5, 5, 5, 5, 0 },
	{ "three timings a side: too few, unknown",
	    "moves=time", { 1, 20, 0.33, 0.01, 81, "", "" },
	    { 1, 3, 0.429, 0.01, 85, "", "" }, JG_HOST_UNKNOWN, false, false,
	    0, 0, 2, 2, 2, 2, 0 },
	{ "no timings on a side (an older run): unknown",
	    "moves=time", { 1, 20, 0.33, 0.01, 81, "", "" },
	    { 1, 0, 0, 0, 0, "", "" }, JG_HOST_UNKNOWN, false, false,
	    0, 0, 2, 2, 2, 2, 0 },
	{ "timings no run makes: counted, left out",
	    "moves=time", { 1, 20, 0.33, 0.01, 81, "", ",0,2e9,-1" },
	    { 1, 20, 0.33, 0.01, 84, "", ",0.001,abc" }, JG_HOST_KNOWN,
	    false, false, -0.02, 0.02, 2, 2, 2, 2, 5 },
	{ "one timing three times as slow among sixty: no rise",
	    "moves=time", { 1, 59, 0.33, 0.01, 63, "", ",0.99" },
	    { 1, 60, 0.33, 0.01, 64, "", "" }, JG_HOST_KNOWN, false, false,
	    -0.02, 0.02, 2, 2.5, 2, 2.5, 0 },
	{ "two speeds alike, a run a side: not moved, yet rises raised",
	    "moves=time", { 1, 20, 0, 0, 101, "", "" },
	    { 1, 20, 0, 0, 104, "", "" }, JG_HOST_KNOWN, false, false,
	    -0.3, 0.3, 5, 100, 5, 100, 0 },
	{ "two speeds alike, three runs a side: the threshold kept",
	    "moves=time", { 3, 20, 0, 0, 101, "", "" },
	    { 3, 20, 0, 0, 104, "", "" }, JG_HOST_KNOWN, true, false,
	    -0.3, 0.3, 2, 2, 2, 2, 0 },
	{ "two runs a side, hosts alike: by the runs, the threshold kept",
	    "moves=time", { 2, 20, 0.33, 0.02, 121, "", "" },
	    { 2, 20, 0.33, 0.02, 124, "", "" }, JG_HOST_KNOWN, true, false,
	    -0.05, 0.05, 2, 2, 2, 2, 0 },
	{ "three runs a side, hosts alike: by the runs, the threshold kept",
	    "moves=time", { 3, 20, 0.33, 0.02, 121, "", "" },
	    { 3, 20, 0.33, 0.02, 124, "", "" }, JG_HOST_KNOWN, true, false,
	    -0.05, 0.05, 2, 2, 2, 2, 0 },
	{ "three runs a side, a host 30% slower: by the runs, raised",
	    "moves=time", { 3, 20, 0.33, 0.02, 121, "", "" },
	    { 3, 20, 0.429, 0.02, 124, "", "" }, JG_HOST_KNOWN, true, true,
	    0.26, 0.34, 30, 40, 2, 2, 0 },
	{ "a quota on the second side: not judged",
	    "moves=time", { 1, 20, 0.33, 0.01, 81, "", "" },
	    { 1, 20, 0.429, 0.01, 82, " quota_us=100000", "" },
	    JG_HOST_LIMITS, false, false, 0, 0, 2, 2, 2, 2, 0 },
	{ "a quota on the first side: not judged",
	    "moves=time", { 1, 20, 0.33, 0.01, 81, " quota_us=100000", "" },
	    { 1, 20, 0.429, 0.01, 82, "", "" },
	    JG_HOST_LIMITS, false, false, 0, 0, 2, 2, 2, 2, 0 },
	{ "cpu.max of a quota on the first side: not judged",
	    "moves=time", { 1, 20, 0.33, 0.01, 81,
	    " cpumax=100000%20100000", "" },
	    { 1, 20, 0.429, 0.01, 82, " cpumax=max%20100000", "" },
	    JG_HOST_LIMITS, false, false, 0, 0, 2, 2, 2, 2, 0 },
	{ "cpu.max of no quota on both sides: judged",
	    "moves=time", { 1, 20, 0.33, 0.01, 81, " cpumax=max%20100000", "" },
	    { 1, 20, 0.429, 0.01, 82, " cpumax=max%20100000", "" },
	    JG_HOST_KNOWN, false, true, 0.28, 0.32, 30, 33, 2, 2, 0 },
	{ "other cpusets: not judged",
	    "moves=time", { 1, 20, 0.33, 0.01, 81, " cpuset=0-1", "" },
	    { 1, 20, 0.429, 0.01, 82, " cpuset=2-3", "" },
	    JG_HOST_LIMITS, false, false, 0, 0, 2, 2, 2, 2, 0 },
	{ "a cpuset of 0-1 against 1,0: the same CPUs, judged",
	    "moves=time", { 1, 20, 0.33, 0.01, 81, " cpuset=0-1", "" },
	    { 1, 20, 0.429, 0.01, 82, " cpuset=1%2C0", "" },
	    JG_HOST_KNOWN, false, true, 0.28, 0.32, 30, 33, 2, 2, 0 },
	{ "a limit one side did not know: no difference",
	    "moves=time", { 1, 20, 0.33, 0.01, 81, " cpuset=0-1", "" },
	    { 1, 20, 0.429, 0.01, 82, " cpuset=unknown", "" },
	    JG_HOST_KNOWN, false, true, 0.28, 0.32, 30, 33, 2, 2, 0 },
};

/* n timings at two speeds, as t747's two_speeds makes them. */
static void
two_speeds(long seed, int n, char *buf, size_t size)
{
	long long x = seed;
	size_t len = 0;
	double c;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n && len < size; i++) {
		x = (16807 * x) % 2147483647;
		c = (double)x / 2147483647 < 0.5 ? 0.70 : 0.33;
		x = (16807 * x) % 2147483647;
		len += (size_t)snprintf(buf + len, size - len, "%s%.4f",
		    i > 0 ? "," : "",
		    c * (1 + 0.02 * ((double)x / 2147483647 - 0.5)));
	}
}

/* The run lines of a side, its runs numbered from *j, in column g. */
static void
side_lines(const struct side *s, int g, int *j, const char **lines,
    int *nl)
{
	char draws[TB_LINE / 2];
	int k;

	for (k = 0; k < s->runs; k++, (*j)++) {
		if (s->n > 0 && s->ns > 0)
			tb_draws(s->seed + k, s->n, s->ns, s->cv, draws,
			    sizeof(draws));
		else if (s->n > 0)
			two_speeds(s->seed + k, s->n, draws, sizeof(draws));
		lines[(*nl)++] = tb_line("run j=%d g=%d id=r%d%s%s%s%s", *j, g,
		    *j, s->facts, s->n > 0 || *s->canary_more ? " canary=" : "",
		    s->n > 0 ? draws : "",
		    s->n > 0 ? s->canary_more : s->canary_more + 1);
	}
}

static void
run_case(const struct hcase *c)
{
	const char *lines[12];
	struct jg_table t = { 0 };
	struct jg_col col;
	int nl = 0, j = 1;

	lines[nl++] = tb_line("table runs=%d cols=2 rows=0 %s",
	    c->a.runs + c->b.runs, c->head);
	side_lines(&c->a, 1, &j, lines, &nl);
	side_lines(&c->b, 2, &j, lines, &nl);
	lines[nl] = NULL;
	if (!tb_table(&t, lines)) {
		ok(0, "%s: the table is read", c->name);
		return;
	}
	memset(&col, 0, sizeof(col));
	ok(jg_host(&t, 2, &col) == SM_OK, "%s: judged", c->name);
	is_int(col.host, c->host, "%s: host %d", c->name, (int)c->host);
	if (c->host == JG_HOST_KNOWN) {
		is_int(col.by_runs, c->by_runs, "%s: by the runs: %d", c->name,
		    c->by_runs);
		is_int(col.moved, c->moved, "%s: moved: %d", c->name,
		    c->moved);
		ok(col.est >= c->est_lo && col.est <= c->est_hi &&
		    col.lo <= col.est && col.est <= col.hi,
		    "%s: the change %.3f, within %.2f..%.2f, in its interval",
		    c->name, col.est, c->est_lo, c->est_hi);
	}
	ok(col.rise >= c->rise_lo - 1e-9 && col.rise <= c->rise_hi + 1e-9,
	    "%s: rises marked past %.1f%% (%g..%g)", c->name, col.rise,
	    c->rise_lo, c->rise_hi);
	ok(col.fall >= c->fall_lo - 1e-9 && col.fall <= c->fall_hi + 1e-9,
	    "%s: falls marked past %.1f%% (%g..%g)", c->name, col.fall,
	    c->fall_lo, c->fall_hi);
	if (c->host != JG_HOST_LIMITS)
		is_int(col.bad, c->bad, "%s: timings no run makes", c->name);
	jg_table_free(&t);
}

int
main(void)
{
	size_t k;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
		run_case(&cases[k]);
	return done_testing();
}
