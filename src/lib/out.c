/*
 * out.c: the parsable line, "key=value key=value ...\n" on stdout.
 *
 * Keys are [a-z_]+, values plain C-locale decimal (the programs never call
 * setlocale, so printf's decimal point is '.'), in a fixed order per
 * program; a script can split on spaces and '='.
 */
#include <stdio.h>

#include "smpb.h"

/* Written by kv_* in main only: is the next pair the line's first? */
static bool kv_first;

void
kv_begin(void)
{
	kv_first = true;
}

static void
kv_sep(void)
{
	if (!kv_first)
		putchar(' ');
	kv_first = false;
}

void
kv_int(const char *key, long long value)
{
	kv_sep();
	printf("%s=%lld", key, value);
}

/* A number with a fixed count of decimals: never an exponent. */
void
kv_num(const char *key, double value, int decimals)
{
	kv_sep();
	printf("%s=%.*f", key, decimals, value);
}

void
kv_end(void)
{
	putchar('\n');
	if (fflush(stdout) == EOF)
		die(SMPB_EXIT_FAIL, "writing the result:");
}
