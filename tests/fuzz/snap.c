/*
 * tests/fuzz/snap.c: libFuzzer's target for smpb-snap (make fuzz,
 * tests/fuzz/run): any bytes, written to a file, copied by smpb-snap's
 * own main (src/snap.c, built as snap_main) with a bound of 64 KiB; the
 * copy must hold the file's bytes, as many as the bound and its block
 * allow, up to their last newline (a last line without one is cut off).
 * Built with AddressSanitizer and UndefinedBehaviorSanitizer.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int	snap_main(int argc, char *argv[]);
int	LLVMFuzzerInitialize(int *argc, char ***argv);
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What smpb-snap copies at most past its bound: a block (src/snap.c). */
#define MAX	"65536"
#define KEPT	(65536u * 2)

static char dir[] = "/tmp/smpb-snap-fuzz.XXXXXX";
static char source[64], copy[64];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (mkdtemp(dir) == NULL || freopen("/dev/null", "w", stdout) == NULL)
		abort();
	snprintf(source, sizeof(source), "%s/source", dir);
	snprintf(copy, sizeof(copy), "%s/copy", dir);
	return 0;
}

/* The file NAME's bytes, into a new buffer, their count into *n. */
static unsigned char *
slurp(const char *name, size_t *n)
{
	unsigned char *buf = malloc(KEPT + 1);
	int fd = open(name, O_RDONLY);
	ssize_t r;

	if (buf == NULL || fd < 0)
		abort();
	for (*n = 0; (r = read(fd, buf + *n, KEPT + 1 - *n)) > 0;)
		*n += (size_t)r;
	close(fd);
	return buf;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[] = { "smpb-snap", "--", MAX, source, copy, NULL };
	unsigned char *got;
	size_t n, want = size < KEPT ? size : KEPT;
	FILE *f;

	unlink(copy);
	if ((f = fopen(source, "w")) == NULL ||
	    fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();
	optind = 1;
	snap_main(5, argv);
	while (want > 0 && data[want - 1] != '\n')
		want--;
	got = slurp(copy, &n);
	if (n != want || memcmp(got, data, want) != 0)
		abort();
	free(got);
	return 0;
}
