/*
 * tests/fuzz/stat.c: libFuzzer's target for smpb-stat's reader (make
 * fuzz, tests/fuzz/run): any bytes, cut into lines at each newline, read
 * as smpb-stat reads the lines of its stdin (src/statline.c), answered
 * into /dev/null; the table dropped after each input. Built with
 * AddressSanitizer and UndefinedBehaviorSanitizer, so that a read or
 * write out of bounds, a leak or undefined arithmetic is a crash.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "statline.h"

int	LLVMFuzzerInitialize(int *argc, char ***argv);
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (freopen("/dev/null", "w", stdout) == NULL)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), *p, *end, *nl;
	size_t len;

	if (buf == NULL)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (p = buf, end = buf + size; p < end; p += len + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		len = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		p[len] = '\0';
		stat_line(p, len, false);
	}
	stat_reset();
	free(buf);
	return 0;
}
