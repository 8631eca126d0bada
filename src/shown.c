/*
 * shown.c: the figures and changes of a comparison as its table prints
 * them (judge.h): a figure in its workload's format, the decimals a row
 * takes so that every change it prints follows from the two figures
 * beside it, and a change as a reader gets it from those two figures.
 * Pure functions of their arguments, no globals; answer.c prints what
 * they give (smpb-stat(5): fmt=, shown=, change=).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

/* The most decimals a row takes beyond its format's, to show its
 * changes; and what shows as zero with as many. */
#define MORE_DIGITS	4

/* A fixed format's text after its conversion into f->text, %% as %;
 * false where it holds another conversion or a control character. */
static bool
fixed_text(const char *p, struct jg_fmt *f)
{
	size_t n = 0;

	for (; *p != '\0'; p++) {
		if (*p == '%' && *++p != '%')
			return false;
		if (n + 1 >= sizeof(f->text) || (unsigned char)*p < ' ')
			return false;
		f->text[n++] = *p;
	}
	f->text[n] = '\0';
	return true;
}

/*
 * Another printf format into f->text: text, %% and one conversion of a
 * number (flags, a width and a precision in digits; e f g a and their
 * capitals, or d and i, given "ll" for the figure's whole part as a long
 * long); false where it is none.
 */
static bool
other_format(const char *s, struct jg_fmt *f)
{
	const char *p;
	size_t n = 0, convs = 0;

	for (p = s; *p != '\0'; p++) {
		if (n + 3 >= sizeof(f->text) || (unsigned char)*p < ' ')
			return false;
		f->text[n++] = *p;
		if (*p != '%')
			continue;
		if (p[1] == '%') {
			f->text[n++] = *++p;
			continue;
		}
		for (p++; *p != '\0' && strchr("-+ #0", *p) != NULL; p++)
			f->text[n++] = *p;
		for (; *p >= '0' && *p <= '9'; p++)
			f->text[n++] = *p;
		if (*p == '.')
			for (f->text[n++] = *p++; *p >= '0' && *p <= '9'; p++)
				f->text[n++] = *p;
		if (*p == '\0' || strchr("eEfFgGaAdi", *p) == NULL ||
		    n + 3 >= sizeof(f->text) || ++convs > 1)
			return false;
		if ((f->integer = *p == 'd' || *p == 'i')) {
			f->text[n++] = 'l';
			f->text[n++] = 'l';
		}
		f->text[n++] = *p;
	}
	f->text[n] = '\0';
	return convs == 1;
}

bool
jg_fmt_parse(const char *s, struct jg_fmt *f)
{
	char *end;
	long d;

	memset(f, 0, sizeof(*f));
	f->given = true;
	f->scale = 1;
	if (*s == '\0') {
		f->kind = JG_FMT_PLAIN;
		return true;
	}
	if (strcmp(s, "sig3") == 0) {
		f->kind = JG_FMT_SIG3;
		return true;
	}
	if (s[0] == '%' && s[1] == '.' && s[2] >= '0' && s[2] <= '9') {
		d = strtol(s + 2, &end, 10);
		if (*end == 'f' && d <= JG_FMT_DECIMALS) {
			f->kind = JG_FMT_FIXED;
			f->decimals = (int)d;
			return fixed_text(end + 1, f);
		}
	}
	f->kind = JG_FMT_OTHER;
	return other_format(s, f);
}

/* The decimals of the format for a figure v as shown. */
static int
decimals(const struct jg_fmt *f, double v)
{
	if (f->kind == JG_FMT_SIG3)
		return v < 10 && v > -10 ? 2 : v < 100 && v > -100 ? 1 : 0;
	if (f->kind == JG_FMT_PLAIN)
		return v < 10 && v > -10 ? 3 : 2;
	return f->decimals;
}

/* A figure's whole part as a long long, as awk's %d takes it: towards
 * zero, at the type's bounds beyond them. */
static long long
whole(double v)
{
	if (v >= 9.2e18)
		return LLONG_MAX;
	if (v <= -9.2e18)
		return LLONG_MIN;
	return (long long)v;
}

void
jg_shown(const struct jg_fmt *f, double v, int x, char *buf, size_t size)
{
	v *= f->scale;
	if (f->kind != JG_FMT_OTHER)
		snprintf(buf, size, "%.*f%s", decimals(f, v) + x, v,
		    f->kind == JG_FMT_FIXED ? f->text : "");
	else if (f->integer)
		snprintf(buf, size, f->text, whole(v));
	else
		snprintf(buf, size, f->text, v);
}

double
jg_zero_below(const struct jg_fmt *f)
{
	char buf[32];
	double z = 0.5;
	int k, d;

	d = f->kind == JG_FMT_SIG3 ? 2 : f->kind == JG_FMT_PLAIN ? 3 :
	    f->kind == JG_FMT_FIXED ? f->decimals : 0;
	for (k = 0; k < d + MORE_DIGITS; k++)
		z /= 10;
	snprintf(buf, sizeof(buf), "%.3g", z / (f->scale > 0 ? f->scale : 1));
	return strtod(buf, NULL);
}

double
jg_ten(double v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%.10g", v);
	return strtod(buf, NULL);
}

/* The number a printed figure stands for ("101.4%": 101.4; "n/a": 0). */
static double
number_of(const char *s)
{
	return strtod(s, NULL);
}

/* Column g's figure v shown with x more decimals, as a number. */
static double
shown_number(const struct jg_fmt *f, double v, int x)
{
	char buf[JG_SHOWN_MAX];

	jg_shown(f, v, x, buf, sizeof(buf));
	return number_of(buf);
}

/* A change ch (a fraction) printed as a factor: more than +500%. A fall
 * is a percentage however large. */
static bool
factor_shown(double ch)
{
	return ch > 5;
}

/*
 * Whether base's and v's figures, with x more decimals, show the change
 * printed beside them (within half a point, or 0.5% of a factor), and
 * neither shows as zero unless it is.
 */
static bool
row_shows(const struct jg_fmt *f, const struct jg_cellv *base,
    const struct jg_cellv *v, int x)
{
	double a, b, r, c;

	if (!base->has || !v->has)
		return true;
	a = shown_number(f, base->med, x);
	b = shown_number(f, v->med, x);
	if ((a == 0 && base->med != 0) || (b == 0 && v->med != 0))
		return false;
	if (!v->has_ch || v->tiny > 0 || a == 0)
		return true;
	r = b / a;
	c = v->ch + 1;
	if (factor_shown(v->ch))
		return r / c - 1 <= 0.005 && c / r - 1 <= 0.005;
	return (r - c) * 100 <= 0.5 && (c - r) * 100 <= 0.5;
}

int
jg_row_digits(const struct jg_fmt *f, const struct jg_cellv *const *row,
    int ncols)
{
	int x, g;

	for (x = 0; x < MORE_DIGITS; x++) {
		for (g = 2; g <= ncols && row_shows(f, row[1], row[g], x); g++)
			;
		if (g > ncols)
			break;
	}
	return x;
}

/* A positive number in three figures: 290, 6.12, 12.4. */
static void
sig3(double v, char *buf, size_t size)
{
	snprintf(buf, size, v >= 99.95 ? "%.0f" : v >= 9.995 ? "%.1f" :
	    "%.2f", v);
}

/* A fall (-1 < c < -0.9) as a percentage, in the fewest decimals (at
 * most three) that keep it from -100%. */
static void
pct_fall(double c, char *buf, size_t size)
{
	int d;

	for (d = 0; d < 4; d++) {
		snprintf(buf, size, "%.*f", d, c * 100);
		if (number_of(buf) > -100)
			break;
	}
	strncat(buf, "%", size - strlen(buf) - 1);
}

/* A change (a fraction) as a whole percentage, signed, or 0%. */
static void
pct0(double c, char *buf, size_t size)
{
	char p[JG_SHOWN_MAX];

	snprintf(p, sizeof(p), "%.0f", c * 100);
	if (strcmp(p, "0") == 0 || strcmp(p, "-0") == 0)
		snprintf(buf, size, "0%%");
	else
		snprintf(buf, size, "%+ld%%", strtol(p, NULL, 10));
}

/* A difference d of the figure, signed, in its format with x more
 * decimals: "+0.004". */
static void
diff_text(const struct jg_fmt *f, double d, int x, char *buf, size_t size)
{
	if (size < 2)
		return;
	buf[0] = d < 0 ? '-' : '+';
	jg_shown(f, d < 0 ? -d : d, x, buf + 1, size - 1);
}

/* A figure printed as digits, a point and a % at most: a change is read
 * from it. */
static bool
plain_figure(const char *s)
{
	size_t n = strspn(s, "0123456789.");

	return n > 0 && (s[n] == '\0' || (s[n] == '%' && s[n + 1] == '\0'));
}

void
jg_change_text(const struct jg_fmt *f, const struct jg_cellv *base,
    const struct jg_cellv *v, int x, char *buf, size_t size)
{
	char sb[JG_SHOWN_MAX], sv[JG_SHOWN_MAX];
	double a, c;

	*buf = '\0';
	if (!v->has || v->tiny == 2)
		return;
	if (v->tiny == 1) {
		diff_text(f, v->med - (base->has ? base->med : 0), x, buf, size);
		return;
	}
	if (!v->has_ch)
		return;
	c = v->ch;
	if (base->has) {
		jg_shown(f, base->med, x, sb, sizeof(sb));
		jg_shown(f, v->med, x, sv, sizeof(sv));
		a = number_of(sb);
		if (a > 0 && plain_figure(sv))
			c = number_of(sv) / a - 1;
	}
	if (factor_shown(c)) {
		buf[0] = 'x';
		sig3(c + 1, buf + 1, size - 1);
	} else if (c < -0.9)
		pct_fall(c, buf, size);
	else
		pct0(c, buf, size);
}

void
jg_pct(double v, char *buf, size_t size)
{
	v *= 100;
	snprintf(buf, size, v < 10 && v > -10 ? "%+.1f%%" : "%+.0f%%", v);
	if (strcmp(buf, "+0%") == 0 || strcmp(buf, "-0%") == 0 ||
	    strcmp(buf, "+0.0%") == 0 || strcmp(buf, "-0.0%") == 0)
		snprintf(buf, size, "0%%");
}

void
jg_interval_text(const struct jg_fmt *f, const struct jg_cellv *base,
    const struct jg_cellv *v, char *buf, size_t size)
{
	char a[JG_SHOWN_MAX + 2], b[JG_SHOWN_MAX + 2], c[JG_SHOWN_MAX + 2];
	double m = base->has ? base->med : 0;

	if (v->tiny != 1) {
		jg_pct(v->ch, a, sizeof(a));
		jg_pct(jg_ten(v->lo), b, sizeof(b));
		jg_pct(jg_ten(v->hi), c, sizeof(c));
	} else {
		diff_text(f, m * v->ch, 0, a, sizeof(a));
		diff_text(f, m * jg_ten(v->lo), 0, b, sizeof(b));
		diff_text(f, m * jg_ten(v->hi), 0, c, sizeof(c));
	}
	snprintf(buf, size, "%s [%s, %s]", a, b, c);
}

/* A bound of the host's change c (a fraction), as jg_host_said says
 * it: a whole percentage, signed, or to the tenth where that rounds to
 * zero; 0% only where the tenth does too. */
static void
host_bound(double c, char *buf, size_t size)
{
	char p[JG_SHOWN_MAX];

	pct0(c, buf, size);
	if (strcmp(buf, "0%") != 0)
		return;
	snprintf(p, sizeof(p), "%.1f", c * 100);
	if (strcmp(p, "0.0") == 0 || strcmp(p, "-0.0") == 0)
		snprintf(buf, size, "0%%");
	else
		snprintf(buf, size, "%+.1f%%", strtod(p, NULL));
}

void
jg_host_said(double est, double lo, double hi, char *buf, size_t size)
{
	char m[JG_SHOWN_MAX], b_lo[JG_SHOWN_MAX], b_hi[JG_SHOWN_MAX];
	double d = jg_ten(est) * 100, a = d < 0 ? -d : d;

	lo = jg_ten(lo);
	hi = jg_ten(hi);
	snprintf(m, sizeof(m), "%.0f", a);
	if (strcmp(m, "0") == 0)
		snprintf(m, sizeof(m), "%.1f", a);
	if (d > 0) {
		host_bound(lo, b_lo, sizeof(b_lo));
		host_bound(hi, b_hi, sizeof(b_hi));
		snprintf(buf, size, "%s%% slower (%s to %s)", m, b_lo, b_hi);
		return;
	}
	host_bound(-hi, b_lo, sizeof(b_lo));
	host_bound(-lo, b_hi, sizeof(b_hi));
	snprintf(buf, size, "%s%% faster (%s to %s)", m,
	    b_lo + (b_lo[0] == '+'), b_hi + (b_hi[0] == '+'));
}

void
jg_past(double limit, double threshold, char *buf, size_t size)
{
	snprintf(buf, size, "%.0f", limit);
	if (!(strtod(buf, NULL) > threshold))
		snprintf(buf, size, "%.1f", limit);
}
