/*
 * proc.c: the kernel's own scheduler statistics of the calling process or
 * thread, from the files /proc gives them in (Linux): schedstat (time on
 * a CPU, time waiting on a run queue, timeslices) and sched
 * (se.nr_migrations). Where those files are not there (another system,
 * or a kernel without them), every look says so and the statistics are
 * absent, never zero.
 *
 * The files are parsed by hand, not with strtoull and strstr: a worker
 * forked from main faults in every page of libc it touches first (and
 * strtoull also reads the locale's tables), so each page left alone is
 * one page fault less for every worker.
 */
#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

/*
 * The files, a process's and a thread's. Not const: read-only data is
 * mapped from the program's file, and fork leaves such pages out of a
 * child's page tables (one page fault in every worker, for the kernel's
 * copy of a name); main has touched this page of its data before any
 * fork, and a child gets main's mapping of it.
 */
static char schedstat_path[2][32] = {
	"/proc/self/schedstat", "/proc/thread-self/schedstat"
};
static char sched_path[2][32] = {
	"/proc/self/sched", "/proc/thread-self/sched"
};

/* The decimal number after any blanks at *pp, moving *pp past it. */
static bool
take_u64(const char **pp, uint64_t *v)
{
	const char *p = *pp;
	uint64_t x = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p < '0' || *p > '9')
		return false;
	for (; *p >= '0' && *p <= '9'; p++)
		x = x * 10 + (uint64_t)(*p - '0');
	*v = x;
	*pp = p;
	return true;
}

/* Just past key on the line of buf whose first word it is; or NULL. */
static const char *
after_key(const char *buf, const char *key)
{
	const char *line = buf, *p, *k;

	while (*line != '\0') {
		for (p = line, k = key; *k != '\0' && *p == *k; p++, k++)
			continue;
		if (*k == '\0' && (*p == ' ' || *p == '\t' || *p == ':'))
			return p;
		while (*line != '\0' && *line++ != '\n')
			continue;
	}
	return NULL;
}

/* schedstat: "run_ns wait_ns slices\n". */
bool
proc_parse_schedstat(const char *text, struct sched_stats *s)
{
	const char *p = text;

	return take_u64(&p, &s->run_ns) && take_u64(&p, &s->wait_ns) &&
	    take_u64(&p, &s->slices) && (*p == '\n' || *p == '\0');
}

/*
 * sched: lines of "name : value", se.nr_migrations among them. The value
 * must end its line: a file read in part may end inside the number.
 */
bool
proc_parse_migrations(const char *text, struct sched_stats *s)
{
	static char key[] = "se.nr_migrations";	/* not const: see *_path */
	const char *p = after_key(text, key);
	uint64_t v;

	if (p == NULL)
		return false;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p++ != ':' || !take_u64(&p, &v) || *p != '\n')
		return false;
	s->migrations = v;
	return true;
}

/*
 * The files the measures read, opened before the gate: the first look-up
 * of a task's /proc entries is the slow one. Held (hold), they stay open
 * to the task's end and are read again from the start (one call each,
 * where a path walk and an open cost more); else they are opened and
 * closed here, without a read (each read of sched has the kernel format
 * some thirty lines), and opened again at each look. A process holds
 * them; a thread where the limit on descriptors leaves room for two a
 * thread (sys_fd_room). False where the files are not there.
 */
bool
proc_open(bool thread, bool hold, struct sched_files *f)
{
	f->schedstat = open(schedstat_path[thread], O_RDONLY | O_CLOEXEC);
	f->sched = open(sched_path[thread], O_RDONLY | O_CLOEXEC);
	if (f->schedstat == -1 || f->sched == -1 || !hold) {
		bool found = f->schedstat != -1 && f->sched != -1;

		proc_close(f);
		return found;
	}
	return true;
}

void
proc_close(struct sched_files *f)
{
	if (f->schedstat != -1)
		close(f->schedstat);
	if (f->sched != -1)
		close(f->sched);
	f->schedstat = f->sched = -1;
}

/* A file held open (fd), or else path, read from its start (read_small). */
static ssize_t
read_again(int fd, const char *path, char *buf, size_t size)
{
	ssize_t got;

	if (fd == -1)
		return sys_read_small(path, buf, size);
	while ((got = pread(fd, buf, size - 1, 0)) == -1 && errno == EINTR)
		continue;
	buf[got > 0 ? got : 0] = '\0';
	return got;
}

/*
 * The statistics now, from the files f holds open, or opened now where f
 * is NULL or holds none; false where there are none. proc_runtime: from
 * schedstat, brought up to date first (the kernel adds a running task's
 * time only at a tick or a switch, unless asked); proc_migrations:
 * se.nr_migrations from sched.
 */
bool
proc_runtime(bool thread, const struct sched_files *f, struct sched_stats *s)
{
	struct timespec ts;
	char buf[128];

	(void)sys_clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);	/* update */
	return read_again(f != NULL ? f->schedstat : -1,
	    schedstat_path[thread], buf, sizeof(buf)) > 0 &&
	    proc_parse_schedstat(buf, s);
}

/*
 * An older kernel's sched, whole, on a stack of its own: a function apart,
 * so that a worker reaches those pages only there (and main makes no heap).
 */
static bool
migrations_of_long_file(int fd, bool thread, struct sched_stats *s)
{
	char buf[8192];

	return read_again(fd, sched_path[thread], buf, sizeof(buf)) > 0 &&
	    proc_parse_migrations(buf, s);
}

bool
proc_migrations(bool thread, const struct sched_files *f,
    struct sched_stats *s)
{
	int fd = f != NULL ? f->sched : -1;
	char buf[512];
	ssize_t got;

	/*
	 * se.nr_migrations is the fourth line after the header and the
	 * rule (Linux 4.7 on), within the first 400 bytes; a small buffer
	 * keeps the worker's stack on as few pages as it can (each one it
	 * reaches first is a copy of main's, a fault). Older kernels put it
	 * after a dozen lines of statistics: a file that fills the buffer
	 * without it is read again, whole, into a larger one.
	 */
	if ((got = read_again(fd, sched_path[thread], buf, sizeof(buf))) <= 0)
		return false;
	if (proc_parse_migrations(buf, s))
		return true;
	return (size_t)got == sizeof(buf) - 1 &&
	    migrations_of_long_file(fd, thread, s);
}
