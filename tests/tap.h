/*
 * tap.h: a small TAP emitter for the C unit tests; no framework.
 *
 *	ok(cond, "name %d", i);		ok 3 - name 1 / not ok ... at file:line
 *	is_int(got, want, "name");	prints both on failure
 *	is_num(got, want, tol, "name");
 *	is_str(got, want, "name");
 *	skip("no getcpu here");		ok 4 # SKIP no getcpu here
 *	return done_testing();		plan last; exit 0, or 1 if any failed
 *	skip_all("no getcpu here");	1..0 # SKIP, exit 4
 *
 * stdout is line-buffered at the first check so nothing is printed twice
 * by a child forked after it.
 */
#ifndef TAP_H
#define TAP_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_count, tap_failed;

static inline void
tap_line(int pass, const char *file, int line, const char *fmt, va_list ap)
{
	if (tap_count == 0)
		setvbuf(stdout, NULL, _IOLBF, 0);
	tap_count++;
	if (!pass)
		tap_failed++;
	printf("%s %d - ", pass ? "ok" : "not ok", tap_count);
	vprintf(fmt, ap);
	putchar('\n');
	if (!pass)
		printf("#   failed at %s:%d\n", file, line);
}

static inline int
tap_ok(int pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_line(pass, file, line, fmt, ap);
	va_end(ap);
	return pass;
}

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

#define is_int(got, want, ...) do {					\
	long long got_ = (got), want_ = (want);				\
	if (!ok(got_ == want_, __VA_ARGS__))				\
		printf("#   got %lld, want %lld\n", got_, want_);	\
} while (0)

#define is_num(got, want, tol, ...) do {				\
	double got_ = (got), want_ = (want);				\
	if (!ok(fabs(got_ - want_) <= (tol), __VA_ARGS__))		\
		printf("#   got %.9g, want %.9g\n", got_, want_);	\
} while (0)

#define is_str(got, want, ...) do {					\
	const char *got_ = (got), *want_ = (want);			\
	if (!ok(got_ != NULL && strcmp(got_, want_) == 0, __VA_ARGS__))	\
		printf("#   got '%s', want '%s'\n",			\
		    got_ ? got_ : "(null)", want_);			\
} while (0)

/* One check that cannot run here: tests/run counts it as skipped. */
static inline void
skip(const char *fmt, ...)
{
	va_list ap;

	if (tap_count == 0)
		setvbuf(stdout, NULL, _IOLBF, 0);
	tap_count++;
	printf("ok %d # SKIP ", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static inline int
done_testing(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

static inline void
skip_all(const char *reason)
{
	printf("1..0 # SKIP %s\n", reason);
	exit(4);
}

#endif
