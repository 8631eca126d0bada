/*
 * cpu.c: every platform difference of the suite, and the only file built
 * with _GNU_SOURCE.
 *
 * Linux: sched_setaffinity, sched_getcpu, PR_SET_PDEATHSIG, RUSAGE_THREAD,
 * the kernel's scheduler statistics of a task from /proc, kernel.pid_max,
 * close_range, and the L2 size from sysfs. FreeBSD: cpuset_setaffinity.
 * Elsewhere the portable fallbacks: binding reports ENOTSUP (exit 4 in the
 * programs), the current CPU is unknown (-1), a thread's CPU time comes
 * from its POSIX CPU-time clock, scheduler statistics are absent, parent
 * death is noticed by the guardian (reap.c) through EOF on the liveness
 * pipe, and descriptors are closed one by one.
 */
#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <sched.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#elif defined(__FreeBSD__)
#include <sys/param.h>
#include <sys/cpuset.h>
#endif

#include "smpb.h"

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

int
cpu_count(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

/*
 * The CPUs this process may run on, in ascending order: the affinity mask
 * where the platform has one (it honours taskset and cpusets), else
 * 0..online-1. Returns how many were stored.
 */
int
cpu_allowed(int *cpus, int max)
{
	int n = 0, c;
#if defined(__linux__)
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) == 0) {
		for (c = 0; c < CPU_SETSIZE && c < SMPB_MAXCPU && n < max; c++)
			if (CPU_ISSET(c, &set))
				cpus[n++] = c;
		if (n > 0)
			return n;
	}
#endif
	for (c = 0; c < cpu_count() && n < max; c++)
		cpus[n++] = c;
	return n;
}

/* Can this system pin a thread to a CPU at all? */
bool
cpu_can_bind(void)
{
#if defined(__linux__) || defined(__FreeBSD__)
	return true;
#else
	return false;
#endif
}

/* Pin the calling thread to one CPU: 0, or an errno (ENOTSUP: can't). */
int
cpu_bind(int cpu)
{
#if defined(__linux__)
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return EINVAL;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) == 0 ? 0 : errno;
#elif defined(__FreeBSD__)
	cpuset_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return EINVAL;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return cpuset_setaffinity(CPU_LEVEL_WHICH, CPU_WHICH_TID, -1,
	    sizeof(set), &set) == 0 ? 0 : errno;
#else
	(void)cpu;
	return ENOTSUP;
#endif
}

/* The CPU the caller runs on now, or -1 where the OS can't tell. */
int
cpu_current(void)
{
#if defined(__linux__)
	return sched_getcpu();
#else
	return -1;
#endif
}

/*
 * clock_gettime by a system call where the platform allows it, not
 * through the vDSO: for a worker's gate and end (clock_cold_ns). Fork
 * leaves the vDSO's pages out of a child's page tables and a first call
 * faults them in, dearer than a system call where the hypervisor shadows
 * the guest's page tables.
 */
int
cpu_clock_gettime(clockid_t id, struct timespec *ts)
{
	/*
	 * Only where time_t is long: elsewhere the call may take a 32-bit
	 * time_t where libc's struct timespec has a 64-bit one.
	 */
#if defined(__linux__) && defined(SYS_clock_gettime) && defined(__LP64__)
	if (syscall(SYS_clock_gettime, id, ts) == 0)
		return 0;
#endif
	return clock_gettime(id, ts);
}

/*
 * Close every descriptor from low up. Linux (5.9 on) does it in one call;
 * elsewhere, or where the kernel is older, one close per descriptor up to
 * the limit on open files, 65536 at most (1024 where it cannot be read).
 */
void
cpu_close_from(int low)
{
	struct rlimit rl;
	int fd, end = 1024;

#if defined(__linux__) && defined(SYS_close_range)
	if (syscall(SYS_close_range, (unsigned)low, ~0U, 0) == 0)
		return;
#endif
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0)
		end = rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= 65536 ?
		    65536 : (int)rl.rlim_cur;
	for (fd = low; fd < end; fd++)
		close(fd);
}

/*
 * In a forked worker: die as soon as the parent does. Linux delivers
 * SIGKILL on the parent's death; everywhere, team.c's guardian kills the
 * workers when the liveness pipe reaches EOF. Either way, a parent that died
 * before this call is caught by the getppid check.
 */
void
cpu_die_with_parent(pid_t parent)
{
	int err = cpu_signal_on_parent_death(SIGKILL);

	if ((err != 0 && err != ENOTSUP) || getppid() != parent)
		_exit(SMPB_EXIT_FAIL);
}

/*
 * Have the kernel send sig to this process when its parent dies: 0, or an
 * errno (ENOTSUP where the platform has no such call; the caller then
 * looks at getppid itself).
 */
int
cpu_signal_on_parent_death(int sig)
{
#if defined(__linux__)
	return prctl(PR_SET_PDEATHSIG, sig) == 0 ? 0 : errno;
#else
	(void)sig;
	return ENOTSUP;
#endif
}

#if defined(__linux__)
/*
 * A small /proc or /sys file, NUL-terminated, by one read: its length
 * (up to size - 1 bytes), or -1. Such a file is made whole at the first
 * read and given in one: a second read, only to see its end, would be a
 * system call more.
 */
static ssize_t
read_small(const char *path, char *buf, size_t size)
{
	ssize_t got;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	while ((got = read(fd, buf, size - 1)) == -1 && errno == EINTR)
		continue;
	close(fd);
	buf[got > 0 ? got : 0] = '\0';
	return got;
}
#endif

/*
 * The parsing of the /proc files below is done by hand, not with strtoull
 * and strstr: a worker forked from main faults in every page of libc it
 * touches first (and strtoull also reads the locale's tables), so each
 * page left alone is one page fault less for every worker.
 */

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

/* A sysfs cache size, "512K" or "2M", in KiB; 0 if it is neither. */
long
cpu_parse_kib(const char *text)
{
	const char *p = text;
	uint64_t v;

	if (!take_u64(&p, &v) || v >= LONG_MAX / 1024)
		return 0;
	if (*p == 'M')
		return (long)v * 1024;
	return *p == 'K' ? (long)v : 0;
}

/*
 * Size of one CPU's L2 cache in KiB, or 0 when it can't be found. Read
 * without stdio, whose buffer would be main's first heap (cpu.c's
 * cpu_private_alloc says why main has none when it forks).
 */
long
cpu_l2_kib(void)
{
	long kib = 0;
#if defined(__linux__)
	char buf[32];

	if (read_small("/sys/devices/system/cpu/cpu0/cache/index2/size", buf,
	    sizeof(buf)) > 0)
		kib = cpu_parse_kib(buf);
#if defined(_SC_LEVEL2_CACHE_SIZE)
	if (kib <= 0) {
		long bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);

		kib = bytes > 0 ? bytes / 1024 : 0;
	}
#endif
#endif
	return kib > 0 ? kib : 0;
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
cpu_parse_schedstat(const char *text, struct sched_stats *s)
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
cpu_parse_migrations(const char *text, struct sched_stats *s)
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

#if defined(__linux__)
/*
 * The files the measures read, a process's and a thread's. Not const:
 * read-only data is mapped from the program's file, and fork leaves such
 * pages out of a child's page tables (one page fault in every worker,
 * for the kernel's copy of a name); main has touched this page of its
 * data before any fork, and a child gets main's mapping of it.
 */
static char schedstat_path[2][32] = {
	"/proc/self/schedstat", "/proc/thread-self/schedstat"
};
static char sched_path[2][32] = {
	"/proc/self/sched", "/proc/thread-self/sched"
};
#endif

/*
 * The files the measures read, opened before the gate: the first look-up
 * of a task's /proc entries is the slow one. Held (hold), they stay open
 * to the task's end and are read again from the start (one call each,
 * where a path walk and an open cost more); else they are opened and
 * closed here, without a read (each read of sched has the kernel format
 * some thirty lines), and opened again at each look. A process holds
 * them; a thread where the limit on descriptors leaves room for two a
 * thread (cpu_fd_room). False where the files are not there.
 */
bool
cpu_sched_open(bool thread, bool hold, struct sched_files *f)
{
	f->schedstat = f->sched = -1;
#if defined(__linux__)
	f->schedstat = open(schedstat_path[thread], O_RDONLY | O_CLOEXEC);
	f->sched = open(sched_path[thread], O_RDONLY | O_CLOEXEC);
	if (f->schedstat == -1 || f->sched == -1 || !hold) {
		bool found = f->schedstat != -1 && f->sched != -1;

		cpu_sched_close(f);
		return found;
	}
	return true;
#else
	(void)thread;
	(void)hold;
	return false;
#endif
}

/*
 * Whether this process may hold need descriptors more than it has, with
 * room to spare, raising its soft limit towards the hard one if it must.
 */
bool
cpu_fd_room(long need)
{
	struct rlimit rl;
	rlim_t want = (rlim_t)need + 256;

	if (need < 0 || getrlimit(RLIMIT_NOFILE, &rl) == -1)
		return false;
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= want)
		return true;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want)
		return false;
	rl.rlim_cur = want;
	return setrlimit(RLIMIT_NOFILE, &rl) == 0;
}

void
cpu_sched_close(struct sched_files *f)
{
	if (f->schedstat != -1)
		close(f->schedstat);
	if (f->sched != -1)
		close(f->sched);
	f->schedstat = f->sched = -1;
}

#if defined(__linux__)
/* A file held open (fd), or else path, read from its start (read_small). */
static ssize_t
read_again(int fd, const char *path, char *buf, size_t size)
{
	ssize_t got;

	if (fd == -1)
		return read_small(path, buf, size);
	while ((got = pread(fd, buf, size - 1, 0)) == -1 && errno == EINTR)
		continue;
	buf[got > 0 ? got : 0] = '\0';
	return got;
}
#endif

/*
 * The kernel's own scheduler statistics of the calling process or thread
 * (Linux /proc; false elsewhere, or where a kernel has none), from the
 * files f holds open, or opened now where f is NULL or holds none.
 * cpu_sched_runtime: from schedstat, the time on a CPU, the time waiting
 * on a run queue and the timeslices, brought up to date first (the kernel
 * adds a running task's time only at a tick or a switch, unless asked);
 * cpu_sched_migrations: se.nr_migrations from sched.
 */
bool
cpu_sched_runtime(bool thread, const struct sched_files *f,
    struct sched_stats *s)
{
#if defined(__linux__)
	struct timespec ts;
	char buf[128];

	(void)cpu_clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);	/* update */
	return read_again(f != NULL ? f->schedstat : -1,
	    schedstat_path[thread], buf, sizeof(buf)) > 0 &&
	    cpu_parse_schedstat(buf, s);
#else
	(void)thread;
	(void)f;
	(void)s;
	return false;
#endif
}

#if defined(__linux__)
/*
 * An older kernel's sched, whole, on a stack of its own: a function apart,
 * so that a worker reaches those pages only there (and main makes no heap).
 */
static bool
migrations_of_long_file(int fd, bool thread, struct sched_stats *s)
{
	char buf[8192];

	return read_again(fd, sched_path[thread], buf, sizeof(buf)) > 0 &&
	    cpu_parse_migrations(buf, s);
}
#endif

bool
cpu_sched_migrations(bool thread, const struct sched_files *f,
    struct sched_stats *s)
{
#if defined(__linux__)
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
	if (cpu_parse_migrations(buf, s))
		return true;
	return (size_t)got == sizeof(buf) - 1 &&
	    migrations_of_long_file(fd, thread, s);
#else
	(void)thread;
	(void)f;
	(void)s;
	return false;
#endif
}

/*
 * How many processes or threads the system could give this program at
 * most (Linux: kernel.pid_max), so that a request beyond it fails at once
 * rather than after a minute of forking; -1 where it is unknown.
 */
long
cpu_pid_limit(void)
{
#if defined(__linux__)
	char buf[32];
	long max;

	if (read_small("/proc/sys/kernel/pid_max", buf, sizeof(buf)) > 0 &&
	    sscanf(buf, "%ld", &max) == 1 && max > 0)
		return max;
#endif
	return -1;
}

/*
 * Call, harmlessly, the platform functions every worker calls, so that
 * main has them bound before it forks (see warm_up in team.c).
 */
void
cpu_warm_up(void)
{
#if defined(__linux__)
	int sig;

	(void)prctl(PR_GET_PDEATHSIG, &sig);
#endif
	(void)cpu_current();
	(void)getppid();
}

/*
 * CPU time (and, on Linux, context switches) of the calling thread. The
 * thread's CPU-time clock is read first: it brings the kernel's count of
 * the running thread up to date, which RUSAGE_THREAD alone does not.
 */
void
cpu_usage_thread(struct usage *u)
{
#if defined(__linux__)
	struct timespec now;
	struct rusage ru;

	(void)clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
	if (getrusage(RUSAGE_THREAD, &ru) == 0) {
		u->user_s = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
		u->sys_s = ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
		u->nvcsw = ru.ru_nvcsw;
		u->nivcsw = ru.ru_nivcsw;
		u->minflt = ru.ru_minflt;
		return;
	}
#endif
	struct timespec ts;

	/* POSIX gives one CPU clock per thread: counted as user time. */
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == -1)
		ts.tv_sec = 0, ts.tv_nsec = 0;
	u->user_s = ts.tv_sec + ts.tv_nsec / 1e9;
	u->sys_s = 0;
	u->nvcsw = 0;
	u->nivcsw = 0;
	u->minflt = 0;
}

/*
 * Zeroed pages of their own, MAP_SHARED or MAP_PRIVATE; NULL on failure.
 * Where the headers hide anonymous mappings from strict POSIX code,
 * /dev/zero mapped gives the same.
 */
static void *
map_zeroed(size_t size, int share)
{
	void *p;
#if defined(MAP_ANONYMOUS)
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, share | MAP_ANONYMOUS,
	    -1, 0);
#else
	int fd = open("/dev/zero", O_RDWR);

	if (fd == -1)
		return NULL;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, share, fd, 0);
	close(fd);
#endif
	return p == MAP_FAILED ? NULL : p;
}

/* Zeroed memory shared with forked workers; NULL on failure. */
void *
cpu_shared_alloc(size_t size)
{
	return map_zeroed(size, MAP_SHARED);
}

/*
 * Zeroed memory of the process's own, mapped apart from the heap; NULL on
 * failure. A worker forked from main copies main's page tables, and the
 * heap lies far from main's other mappings (ASLR), so a heap in main
 * costs every fork and every exit two more page tables: memory main sets
 * up for its workers is mapped here, and main makes no heap before its
 * forks.
 */
void *
cpu_private_alloc(size_t size)
{
	return map_zeroed(size, MAP_PRIVATE);
}

/* Unmap what cpu_shared_alloc or cpu_private_alloc mapped; NULL: none. */
void
cpu_mapped_free(void *p, size_t size)
{
	if (p != NULL)
		munmap(p, size);
}
