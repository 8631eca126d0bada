/*
 * t012-proc: the kernel's scheduler statistics from /proc: the parsers on
 * made-up texts, an old kernel's long sched file, and the files of this
 * process and thread, held open or opened at each look. The checks on
 * this system's files skip where /proc has none.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "harness.h"
#include "../tap.h"

/* The /proc parsers, on made-up texts with known answers. */
static void
check_parsers(void)
{
	static const char sched[] =
	    "yes (1234, #threads: 1)\n"
	    "-------------------------------------------------------------\n"
	    "se.exec_start                                :  12.345678\n"
	    "se.nr_migrations_cold                        :  99\n"
	    "se.nr_migrations                             :  17\n"
	    "nr_switches                                  :  40\n";
	struct sched_stats s = { .migrations = 0 };

	ok(proc_parse_schedstat("123456 7890 12\n", &s) &&
	    s.run_ns == 123456 && s.wait_ns == 7890 && s.slices == 12,
	    "schedstat: run, wait, slices");
	ok(proc_parse_schedstat("18446744073709551615 0 1", &s) &&
	    s.run_ns == UINT64_MAX, "schedstat: 64-bit, no newline");
	ok(!proc_parse_schedstat("123 456\n", &s),
	    "schedstat: two fields fail");
	ok(!proc_parse_schedstat("123 456 7x\n", &s),
	    "schedstat: trailing junk fails");
	ok(!proc_parse_schedstat("", &s), "schedstat: empty fails");
	ok(proc_parse_migrations(sched, &s) && s.migrations == 17,
	    "sched: se.nr_migrations, not a longer key that starts alike");
	ok(!proc_parse_migrations("se.nr_migrations : x\n", &s),
	    "sched: a value that is not a number fails");
	ok(!proc_parse_migrations("x se.nr_migrations : 3\n", &s),
	    "sched: the key must begin its line");
	ok(!proc_parse_migrations("nr_switches : 3\n", &s),
	    "sched: no key, no figure");
	ok(!proc_parse_migrations("se.nr_migrations : 12", &s),
	    "sched: a value cut off at the end of what was read fails");
}

/*
 * proc_migrations on a sched file held open, laid out as kernels
 * before 4.7 lay it out: se.nr_migrations after a dozen lines of
 * statistics, past the first 512 bytes read.
 */
static void
check_sched_layout(void)
{
	char path[] = "/tmp/t012-sched.XXXXXX";
	struct sched_files f = { .schedstat = -1, .sched = -1 };
	struct sched_stats s = { .migrations = 0 };
	int fd, i;

	if ((fd = mkstemp(path)) == -1) {
		ok(0, "a temporary file for sched");
		return;
	}
	unlink(path);
	dprintf(fd, "t012 (1, #threads: 1)\n%066d\n", 0);
	for (i = 0; i < 12; i++)
		dprintf(fd, "se.statistics.item%-27d:%21d\n", i, i);
	dprintf(fd, "%-45s:%21d\n%-45s:%21d\n", "se.nr_migrations", 4242,
	    "nr_switches", 7);
	f.sched = fd;
	ok(proc_migrations(false, &f, &s) && s.migrations == 4242,
	    "sched: se.nr_migrations past the first 512 bytes is found");
	close(fd);
}

/* This process's and thread's files. */
static void
check_files(void)
{
	struct sched_stats ss;
	struct sched_files f;
	int held[2];
	bool read;

	if (access("/proc/self/schedstat", R_OK) != 0) {
		skip("no /proc/self/schedstat here");
		return;
	}
	ok(proc_open(true, false, &f) && f.sched == -1,
	    "the thread's /proc files are there, and not held open");
	ok(proc_open(false, true, &f) && f.schedstat >= 0 && f.sched >= 0,
	    "the process's are, held open");
	ss.run_ns = 0;
	read = proc_runtime(false, &f, &ss);
	ok(read && ss.run_ns > 0, "the process's run time from /proc: %llu ns",
	    (unsigned long long)ss.run_ns);
	ss.run_ns = 0;
	read = proc_runtime(false, NULL, &ss);
	ok(read && ss.run_ns > 0, "and from a file opened for it");
	ss.run_ns = 0;
	read = proc_runtime(true, NULL, &ss);
	ok(read && ss.run_ns > 0, "the thread's run time from /proc");
	ss.migrations = UINT64_MAX;
	read = proc_migrations(false, &f, &ss);
	ok(read && ss.migrations != UINT64_MAX,
	    "the process's migrations from /proc: %llu",
	    (unsigned long long)ss.migrations);
	ss.migrations = UINT64_MAX;
	read = proc_migrations(true, NULL, &ss);
	ok(read && ss.migrations != UINT64_MAX,
	    "the thread's migrations from /proc");
	held[0] = f.schedstat;
	held[1] = f.sched;
	proc_close(&f);
	ok(f.schedstat == -1 && f.sched == -1 &&
	    fcntl(held[0], F_GETFD) == -1 && errno == EBADF &&
	    fcntl(held[1], F_GETFD) == -1 && errno == EBADF, "and closed");
}

int
main(void)
{
	check_parsers();
	check_sched_layout();
	check_files();
	return done_testing();
}
