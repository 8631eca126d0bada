/*
 * t029-shown: the figures and changes of a comparison as its table
 * prints them (src/shown.c), which compare's awk once worked out for
 * itself: the formats a workload gives (fmt=) and those it cannot; a
 * figure in them, scaled, with decimals more; what shows as zero; the
 * decimals a row takes so that each change follows from its figures;
 * a change as a percentage, a fall past 99.5%, a factor, a difference
 * where a side shows as zero; the notes' percentages and intervals; how
 * a host ran, and a threshold it raised, in the report's words.
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "../tap.h"

static const struct fcase {
	const char	*fmt;
	bool		ok;
	double		scale, v;
	int		x;
	const char	*shown;
	double		zero;
} formats[] = {
	{ "", true, 1, 1.23456, 0, "1.235", 5e-8 },
	{ "", true, 1, 12.3456, 0, "12.35", 5e-8 },
	{ "", true, 1, 12.3456, 2, "12.3456", 5e-8 },
	{ "sig3", true, 1, 3.14159, 0, "3.14", 5e-7 },
	{ "sig3", true, 1, 31.4159, 0, "31.4", 5e-7 },
	{ "sig3", true, 1, 314.159, 0, "314", 5e-7 },
	{ "%.0f%%", true, 1, 101.4, 0, "101%", 5e-5 },
	{ "%.0f%%", true, 1, 101.4, 1, "101.4%", 5e-5 },
	{ "%.3f", true, 1, 0.39812, 0, "0.398", 5e-8 },
	{ "%.3f s", true, 0.2, 10, 0, "2.000 s", 2.5e-7 },
	{ "%.0f", true, 1, 45000.4, 0, "45000", 5e-5 },
	{ "%.10f", true, 1, 1.5, 0, "1.5000000000", 5e-15 },
	{ "%5.1f", true, 1, 3.14159, 2, "  3.1", 5e-5 },
	{ "%d switches", true, 1, 45000.7, 0, "45000 switches", 5e-5 },
	{ "about %.2e", true, 1, 12345, 0, "about 1.23e+04", 5e-5 },
	{ "%.3f%s: a second conversion", false, 1, 0, 0, "", 0 },
	{ "%.3f and %.3f", false, 1, 0, 0, "", 0 },
	{ "%s", false, 1, 0, 0, "", 0 },
	{ "%x", false, 1, 0, 0, "", 0 },
	{ "%*d", false, 1, 0, 0, "", 0 },
	{ "%n", false, 1, 0, 0, "", 0 },
	{ "no conversion", false, 1, 0, 0, "", 0 },
};

/* A cell with a figure, and against the first column a change. */
static struct jg_cellv
cell(double med, double ch, int tiny)
{
	struct jg_cellv v = { .has = true, .med = med, .tiny = tiny };

	if (!isnan(ch)) {
		v.has_ch = true;
		v.ch = ch;
	}
	return v;
}

#define NOCH	NAN	/* no change tested */

static const struct ccase {
	const char	*name;
	const char	*fmt;
	double		base, med, ch;
	int		tiny;
	int		digits;
	const char	*base_shown, *shown, *change;
} changes[] = {
	{ "+5% in the format's own decimals", "%.3f", 1, 1.05, 0.05, 0, 0,
	    "1.000", "1.050", "+5%" },
	{ "a fall rounding to zero: 0%, unsigned", "%.3f", 1, 0.998, -0.002,
	    0, 0, "1.000", "0.998", "0%" },
	{ "the pipe's 1% against 2%: a decimal more to show +100%",
	    "%.0f%%", 1.4, 2.4, 2.4 / 1.4 - 1, 0, 1, "1.4%", "2.4%", "+71%" },
	{ "a factor past +500%: x7.00", "%.0f", 100, 700, 6, 0, 0, "100",
	    "700", "x7.00" },
	{ "a fall past 99.5%: its decimals keep it from -100%", "%.0f",
	    100000, 3, -0.99997, 0, 0, "100000", "3", "-99.997%" },
	{ "a side that shows as zero: a difference, in the decimals that"
	    " show each side", "%.3f", 0.00001, 0.00003, 2, 1, 2, "0.00001",
	    "0.00003", "+0.00002" },
	{ "both sides zero: no change", "%.3f", 0, 0, NOCH, 2, 0, "0.000",
	    "0.000", "" },
	{ "no change tested: none printed", "%.3f", 1, 1.2, NOCH, 0, 0,
	    "1.000", "1.200", "" },
};

static void
test_formats(void)
{
	char buf[128];
	struct jg_fmt f;
	size_t k;
	bool parsed;

	for (k = 0; k < sizeof(formats) / sizeof(formats[0]); k++) {
		const struct fcase *c = &formats[k];

		parsed = jg_fmt_parse(c->fmt, &f);
		ok(parsed == c->ok, "fmt '%s': %s", c->fmt,
		    c->ok ? "a format" : "refused");
		if (!parsed || !c->ok)
			continue;
		f.scale = c->scale;
		jg_shown(&f, c->v, c->x, buf, sizeof(buf));
		is_str(buf, c->shown, "fmt '%s': %g, %d more, shown", c->fmt,
		    c->v, c->x);
		is_num(jg_zero_below(&f), c->zero, c->zero * 1e-9,
		    "fmt '%s': what shows as zero", c->fmt);
	}
}

static void
test_changes(void)
{
	const struct jg_cellv *row[3];
	struct jg_cellv base, v;
	struct jg_fmt f;
	char buf[128];
	size_t k;
	int x;

	for (k = 0; k < sizeof(changes) / sizeof(changes[0]); k++) {
		const struct ccase *c = &changes[k];

		jg_fmt_parse(c->fmt, &f);
		base = cell(c->base, NOCH, 0);
		v = cell(c->med, c->ch, c->tiny);
		row[1] = &base;
		row[2] = &v;
		x = jg_row_digits(&f, row, 2);
		is_int(x, c->digits, "%s: the row's decimals more", c->name);
		jg_shown(&f, c->base, x, buf, sizeof(buf));
		is_str(buf, c->base_shown, "%s: the first figure", c->name);
		jg_shown(&f, c->med, x, buf, sizeof(buf));
		is_str(buf, c->shown, "%s: the second", c->name);
		jg_change_text(&f, &base, &v, x, buf, sizeof(buf));
		is_str(buf, c->change, "%s: the change", c->name);
	}
}

/* Figures past 1e60, as a why figure can be: printed whole, and their
 * change read from them. */
static void
test_large(void)
{
	struct jg_cellv base = cell(1e64, NOCH, 0), v = cell(1e63, -0.9, 0);
	const struct jg_cellv *row[3] = { NULL, &base, &v };
	char buf[JG_TEXT_MAX];
	struct jg_fmt f;

	jg_fmt_parse("%.3f", &f);
	jg_shown(&f, 1e64, 0, buf, sizeof(buf));
	ok(strlen(buf) == 69 && strcmp(buf + 65, ".000") == 0,
	    "1e64 in %%.3f: 65 digits and its decimals");
	jg_change_text(&f, &base, &v, jg_row_digits(&f, row, 2), buf,
	    sizeof(buf));
	is_str(buf, "-90%", "1e63 against 1e64: -90%%");
}

static void
test_notes(void)
{
	struct jg_cellv base = cell(2, NOCH, 0), v = cell(2.5, 0.25, 0);
	struct jg_fmt f;
	char buf[128];

	jg_pct(0.25, buf, sizeof(buf));
	is_str(buf, "+25%", "a rise of 25%: whole");
	jg_pct(-0.095, buf, sizeof(buf));
	is_str(buf, "-9.5%", "a fall under 10%: a decimal");
	jg_pct(-0.0004, buf, sizeof(buf));
	is_str(buf, "0%", "a change rounding to zero: 0%");
	jg_fmt_parse("%.3f", &f);
	v.lo = 0.2;
	v.hi = 0.31;
	jg_interval_text(&f, &base, &v, buf, sizeof(buf));
	is_str(buf, "+25% [+20%, +31%]", "an interval as percentages");
	v.lo = -0.09999999999999998;
	jg_interval_text(&f, &base, &v, buf, sizeof(buf));
	is_str(buf, "+25% [-10%, +31%]",
	    "its bounds in ten figures, as the records give them");
	v.lo = 0.2;
	v.tiny = 1;
	jg_interval_text(&f, &base, &v, buf, sizeof(buf));
	is_str(buf, "+0.500 [+0.400, +0.620]",
	    "a side that shows as zero: as differences of the figure");
}

static const struct hcase {
	const char	*name;
	double		est, lo, hi;
	const char	*said;
} hosts[] = {
	{ "57% slower", 0.57, 0.05, 1.10, "57% slower (+5% to +110%)" },
	{ "under half a point: to the tenth", 0.004, 0.003, 0.01,
	    "0.4% slower (+0.3% to +1%)" },
	{ "faster: its interval in its own terms", -0.4, -0.49, -0.31,
	    "40% faster (31% to 49%)" },
	{ "a bound zero to the tenth: 0%", 0.02, 0.0004, 0.04,
	    "2% slower (0% to +4%)" },
	{ "12.5% in ten figures", 0.12500000000001, 0.1, 0.15,
	    "12% slower (+10% to +15%)" },
};

static const struct pcase {
	const char	*name;
	double		limit, threshold;
	const char	*said;
} pasts[] = {
	{ "+6% against 2%: to the point", 6, 2, "6" },
	{ "2.3% against 2%: to the tenth", 2.3, 2, "2.3" },
	{ "-t 0, the host's 0.4%: to the tenth", 0.4, 0, "0.4" },
	{ "-t 0, the host's 1.6%: to the point", 1.6, 0, "2" },
	{ "-t 10, the host's 10.2%: to the tenth", 10.2, 10, "10.2" },
};

static void
test_hosts(void)
{
	char buf[128];
	size_t k;

	for (k = 0; k < sizeof(hosts) / sizeof(hosts[0]); k++) {
		jg_host_said(hosts[k].est, hosts[k].lo, hosts[k].hi, buf,
		    sizeof(buf));
		is_str(buf, hosts[k].said, "the host: %s", hosts[k].name);
	}
	for (k = 0; k < sizeof(pasts) / sizeof(pasts[0]); k++) {
		jg_past(pasts[k].limit, pasts[k].threshold, buf, sizeof(buf));
		is_str(buf, pasts[k].said, "raised: %s", pasts[k].name);
	}
}

int
main(void)
{
	test_formats();
	test_changes();
	test_large();
	test_notes();
	test_hosts();
	return done_testing();
}
