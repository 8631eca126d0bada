/*
 * smpb-snap: the copies the driver reads saved runs from. For each triple
 * MAX SOURCE COPY of its operands it copies SOURCE to COPY, a new file
 * (its directories made where missing), and prints what the copy holds:
 *
 *	BYTES NULS CONTROLS NEWLINES LONGEST AT CUT COPY
 *
 * NULS counts its NUL bytes; CONTROLS the bytes no line of a raw file
 * holds (control characters, the tab among them, but the newline; DEL;
 * bytes beyond ASCII); NEWLINES its lines; LONGEST the bytes of its
 * longest line (its newline not counted, a last line without one
 * counted too) and AT that line's number, the first of that length (0
 * when no line holds a byte), so that the driver refuses a line longer
 * than any run makes before awk holds it. CUT counts the bytes of a last
 * line without its newline (a file cut in the middle of a line): they
 * are left out of the copy, which ends at its last newline, so that no
 * reader takes the start of a figure for the figure (cpu_pct=9 of
 * cpu_pct=99.0); the driver says which line was cut. A source is opened without
 * following a symbolic link and without waiting on a fifo, and copied
 * only when it is a plain file; at most MAX bytes and a block more are
 * copied, so that a larger file is told by its copy. The first source
 * that cannot be copied ends the program, exit 1, with one line on
 * stderr: the lines printed are those of the files copied before it.
 * With no operands it reads them from standard input, one a line, as
 * many as there are: so the driver copies every run a command reads,
 * however many, with one process, where dd, wc, cat and tr made a
 * dozen a run.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helper.h"

/* The block a copy is read in, and what it may hold beyond MAX. */
#define BLOCK	65536u

static const char usage_text[] =
    "usage: smpb-snap [-hV] [--] [max source copy ...]";

/* The operands, from the command line or from standard input. */
struct operands {
	char	**v;
	size_t	n, cap;
};

/*
 * What a copy holds; line, the bytes of the line being counted (after
 * the last newline: at the end, those of a line cut).
 */
struct tally {
	unsigned long long	bytes, nuls, controls, newlines;
	unsigned long long	longest, at, line;
};

static _Noreturn void
copy_failed(const char *source, const char *why)
{
	fprintf(stderr, "smpb-snap: %s: %s\n", source, why);
	exit(HELPER_EXIT_FAIL);
}

/*
 * flush_out(): standard output written out; a reader that went away
 * (EPIPE) ends the program quietly, as a filter killed by SIGPIPE.
 */
static void
flush_out(void)
{
	if (fflush(stdout) == EOF) {
		if (errno == EPIPE)
			_exit(HELPER_EXIT_PIPE);
		copy_failed("standard output", strerror(errno));
	}
}

/* max_of(TEXT): MAX, a decimal count of bytes, or a usage error. */
static unsigned long long
max_of(const char *text)
{
	char *end;
	unsigned long long max;

	if (*text < '0' || *text > '9')
		helper_usage_error("MAX is not a number of bytes:", text);
	errno = 0;
	max = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0' || max > ULLONG_MAX - BLOCK)
		helper_usage_error("MAX is not a number of bytes:", text);
	return max;
}

/* line_end(T): the line counted ends; the longest so far if it is. */
static void
line_end(struct tally *t)
{
	if (t->line > t->longest) {
		t->longest = t->line;
		t->at = t->newlines + 1;
	}
	t->line = 0;
}

static void
count(struct tally *t, const unsigned char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = buf[i];

		if (c == '\n') {
			line_end(t);
			t->newlines++;
			continue;
		}
		t->line++;
		if (c < 0x20 || c >= 0x7f)
			t->controls++;
		if (c == '\0')
			t->nuls++;
	}
	t->bytes += n;
}

static int
write_all(int fd, const unsigned char *buf, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, buf, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

/* open_plain(SOURCE): SOURCE opened for reading, a plain file; or exit. */
static int
open_plain(const char *source)
{
	struct stat st;
	int fd;

	fd = open(source, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		copy_failed(source, strerror(errno));
	if (fstat(fd, &st) != 0)
		copy_failed(source, strerror(errno));
	if (!S_ISREG(st.st_mode))
		copy_failed(source, "not a plain file");
	return fd;
}

/*
 * make_dirs(COPY): the directories COPY's name passes through, made
 * (private) where missing, as mkdir -p would; or exit.
 */
static void
make_dirs(const char *copy)
{
	char *path;

	if (*copy == '\0')
		copy_failed(copy, "an empty name");
	if ((path = strdup(copy)) == NULL)
		copy_failed(copy, strerror(errno));
	for (char *p = strchr(path + 1, '/'); p != NULL;
	    p = strchr(p + 1, '/')) {
		*p = '\0';
		if (mkdir(path, 0700) != 0 && errno != EEXIST)
			copy_failed(copy, strerror(errno));
		*p = '/';
	}
	free(path);
}

/* create(COPY): COPY made, a new file, its directory too; or exit. */
static int
create(const char *copy)
{
	int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;
	int out = open(copy, flags, 0600);

	if (out < 0 && errno == ENOENT) {
		make_dirs(copy);
		out = open(copy, flags, 0600);
	}
	if (out < 0)
		copy_failed(copy, strerror(errno));
	return out;
}

/* snap(MAX, SOURCE, COPY): copy, count, and say so; or exit. */
static void
snap(unsigned long long max, const char *source, const char *copy)
{
	static unsigned char buf[BLOCK];
	unsigned long long left = (max / BLOCK + 1) * BLOCK;
	struct tally t = { 0, 0, 0, 0, 0, 0, 0 };
	unsigned long long cut;
	int in, out;

	in = open_plain(source);
	out = create(copy);
	while (left > 0) {
		size_t want = left < BLOCK ? (size_t)left : BLOCK;
		ssize_t n = read(in, buf, want);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			copy_failed(source, strerror(errno));
		if (n == 0)
			break;
		count(&t, buf, (size_t)n);
		if (write_all(out, buf, (size_t)n) != 0)
			copy_failed(copy, strerror(errno));
		left -= (unsigned long long)n;
	}
	cut = t.line;
	line_end(&t);
	if (cut > 0 && ftruncate(out, (off_t)(t.bytes - cut)) != 0)
		copy_failed(copy, strerror(errno));
	if (close(in) != 0)
		copy_failed(source, strerror(errno));
	if (close(out) != 0)
		copy_failed(copy, strerror(errno));
	printf("%llu %llu %llu %llu %llu %llu %llu %s\n", t.bytes, t.nuls,
	    t.controls, t.newlines, t.longest, t.at, cut, copy);
	flush_out();
}

/* add(OPS, TEXT): TEXT, an operand of its own, added to OPS; or exit. */
static void
add(struct operands *ops, char *text)
{
	if (ops->n == ops->cap) {
		size_t cap = ops->cap ? ops->cap * 2 : 64;
		char **v = realloc(ops->v, cap * sizeof *v);

		if (v == NULL)
			copy_failed("standard input", strerror(errno));
		ops->v = v;
		ops->cap = cap;
	}
	ops->v[ops->n++] = text;
}

/*
 * read_operands(OPS): the operands on standard input, one a line (a
 * last line without its newline too), all of them read before anything
 * is copied; or exit.
 */
static void
read_operands(struct operands *ops)
{
	char *line = NULL;
	size_t size = 0;
	ssize_t len;

	while ((len = getline(&line, &size, stdin)) > 0) {
		char *text;

		if (line[len - 1] == '\n')
			line[len - 1] = '\0';
		if ((text = strdup(line)) == NULL)
			copy_failed("standard input", strerror(errno));
		add(ops, text);
	}
	if (ferror(stdin))
		copy_failed("standard input", strerror(errno));
	free(line);
}

int
main(int argc, char *argv[])
{
	int first = helper_start(argc, argv, "smpb-snap", usage_text,
	    flush_out);
	struct operands ops = { NULL, 0, 0 };

	if (first < argc) {
		ops.v = argv + first;
		ops.n = (size_t)(argc - first);
	} else
		read_operands(&ops);
	if (ops.n % 3 != 0)
		helper_usage_error("operands come in threes, MAX SOURCE COPY: "
		    "not", ops.v[ops.n - 1]);
	for (size_t i = 0; i < ops.n; i += 3)
		(void)max_of(ops.v[i]);
	for (size_t i = 0; i < ops.n; i += 3)
		snap(max_of(ops.v[i]), ops.v[i + 1], ops.v[i + 2]);
	return 0;
}
