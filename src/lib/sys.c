/*
 * sys.c: every platform difference of the suite, and the only file built
 * with _GNU_SOURCE.
 *
 * Linux: anonymous mappings, sched_setaffinity (a thread's CPU, and the
 * program's set of CPUs), sched_getcpu, PR_SET_PDEATHSIG, RUSAGE_THREAD,
 * clock_gettime by a system call, kernel.pid_max, close_range, and the L2
 * size from sysfs. FreeBSD: cpuset_setaffinity. Elsewhere the portable
 * fallbacks: binding and confining report ENOTSUP (exit 4 in the
 * programs), the current CPU is unknown (-1), a thread's CPU time comes
 * from its POSIX CPU-time clock, parent death is noticed by the guardian
 * (guard.c) through EOF on the liveness pipe, and descriptors are closed
 * one by one. The kernel's scheduler statistics are proc.c's: files that
 * are there or not.
 */
#if defined(__linux__)
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
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

#include "harness.h"

int
sys_cpus_online(void)
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
sys_cpus_allowed(int *cpus, int max)
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
	for (c = 0; c < sys_cpus_online() && n < max; c++)
		cpus[n++] = c;
	return n;
}

/*
 * Whether a CPU is online: Linux's sysfs has a directory for every CPU
 * present, with a file "online" for those that can be taken offline
 * (CPU 0 often has none: always online). Elsewhere unknown.
 */
enum cpu_state
sys_cpu_state(int cpu)
{
#if defined(__linux__)
	char path[64], buf[8];

	if (cpu < 0)
		return CPU_ABSENT;
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online",
	    cpu);
	if (sys_read_small(path, buf, sizeof(buf)) > 0)
		return buf[0] == '0' ? CPU_OFFLINE : CPU_ONLINE;
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d", cpu);
	if (access(path, F_OK) == 0)
		return CPU_ONLINE;
	if (access("/sys/devices/system/cpu/cpu0", F_OK) == 0)
		return CPU_ABSENT;
#else
	(void)cpu;
#endif
	return CPU_UNKNOWN;
}

/* Can this system pin a thread to a CPU at all? */
bool
sys_can_bind(void)
{
#if defined(__linux__) || defined(__FreeBSD__)
	return true;
#else
	return false;
#endif
}

/* Pin the calling thread to one CPU: 0, or an errno (ENOTSUP: can't). */
int
sys_bind(int cpu)
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

/*
 * Confine the program to the n CPUs of cpus (repeats allowed), leaving
 * the scheduler to place it within them: 0, or an errno (ENOTSUP: can't).
 * Linux sets the calling thread's affinity, which every process and
 * thread it makes afterwards inherits: called while main is the
 * program's only thread, before any worker or hog, it holds for all of
 * them. FreeBSD sets the process's, every thread of it.
 */
int
sys_confine(const int *cpus, int n)
{
#if defined(__linux__)
	cpu_set_t set;
	int i;

	CPU_ZERO(&set);
	for (i = 0; i < n; i++) {
		if (cpus[i] < 0 || cpus[i] >= CPU_SETSIZE)
			return EINVAL;
		CPU_SET(cpus[i], &set);
	}
	return sched_setaffinity(0, sizeof(set), &set) == 0 ? 0 : errno;
#elif defined(__FreeBSD__)
	cpuset_t set;
	int i;

	CPU_ZERO(&set);
	for (i = 0; i < n; i++) {
		if (cpus[i] < 0 || cpus[i] >= CPU_SETSIZE)
			return EINVAL;
		CPU_SET(cpus[i], &set);
	}
	return cpuset_setaffinity(CPU_LEVEL_WHICH, CPU_WHICH_PID, -1,
	    sizeof(set), &set) == 0 ? 0 : errno;
#else
	(void)cpus;
	(void)n;
	return ENOTSUP;
#endif
}

/* The CPU the caller runs on now, or -1 where the OS can't tell. */
int
sys_current_cpu(void)
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
sys_clock_gettime(clockid_t id, struct timespec *ts)
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
sys_close_from(int low)
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
 * SIGKILL on the parent's death; everywhere, the guardian (guard.c)
 * kills the workers when the liveness pipe reaches EOF. Either way, a
 * parent that died before this call is caught by the getppid check.
 */
void
sys_die_with_parent(pid_t parent)
{
	int err = sys_parent_death_signal(SIGKILL);

	if ((err != 0 && err != ENOTSUP) || getppid() != parent)
		_exit(SMPB_EXIT_FAIL);
}

/*
 * Have the kernel send sig to this process when its parent dies: 0, or an
 * errno (ENOTSUP where the platform has no such call; the caller then
 * looks at getppid itself).
 */
int
sys_parent_death_signal(int sig)
{
#if defined(__linux__)
	return prctl(PR_SET_PDEATHSIG, sig) == 0 ? 0 : errno;
#else
	(void)sig;
	return ENOTSUP;
#endif
}

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

/*
 * Zeroed pages of their own, MAP_SHARED or MAP_PRIVATE (share); NULL on
 * failure. Anonymous where the platform has it (Linux with _GNU_SOURCE,
 * here), needing no descriptor: out of descriptors is not out of
 * memory. Elsewhere /dev/zero mapped gives the same.
 */
void *
sys_map_zeroed(size_t size, int share)
{
	void *p;
#if defined(MAP_ANONYMOUS)
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, share | MAP_ANONYMOUS,
	    -1, 0);
#else
	int fd = open("/dev/zero", O_RDWR | O_CLOEXEC);

	if (fd == -1)
		return NULL;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, share, fd, 0);
	close(fd);
#endif
	return p == MAP_FAILED ? NULL : p;
}

/*
 * A small /proc or /sys file, NUL-terminated, by one read: its length
 * (up to size - 1 bytes), or -1. Such a file is made whole at the first
 * read and given in one: a second read, only to see its end, would be a
 * system call more.
 */
ssize_t
sys_read_small(const char *path, char *buf, size_t size)
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

/*
 * A sysfs cache size, "512K" or "2M", in KiB; 0 if it is neither. By
 * hand, not with strtol: see proc.c on the pages of libc a worker faults
 * in.
 */
long
sys_parse_kib(const char *text)
{
	const char *p = text;
	long v = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p < '0' || *p > '9')
		return 0;
	for (; *p >= '0' && *p <= '9'; p++)
		if ((v = v * 10 + (*p - '0')) >= LONG_MAX / 1024)
			return 0;
	if (*p == 'M')
		return v * 1024;
	return *p == 'K' ? v : 0;
}

/*
 * Size of one CPU's L2 cache in KiB, or 0 when it can't be found. Read
 * without stdio, whose buffer would be main's first heap (mem.c's
 * mem_private says why main has none when it forks).
 */
long
sys_l2_kib(void)
{
	long kib = 0;
#if defined(__linux__)
	char buf[32];

	if (sys_read_small("/sys/devices/system/cpu/cpu0/cache/index2/size",
	    buf, sizeof(buf)) > 0)
		kib = sys_parse_kib(buf);
#if defined(_SC_LEVEL2_CACHE_SIZE)
	if (kib <= 0) {
		long bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);

		kib = bytes > 0 ? bytes / 1024 : 0;
	}
#endif
#endif
	return kib > 0 ? kib : 0;
}

/*
 * Whether this process may hold need descriptors more than it has, with
 * room to spare, raising its soft limit towards the hard one if it must.
 */
bool
sys_fd_room(long need)
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

/*
 * How many processes or threads the system could give this program at
 * most (Linux: kernel.pid_max), so that a request beyond it fails at once
 * rather than after a minute of forking; -1 where it is unknown.
 */
long
sys_pid_limit(void)
{
#if defined(__linux__)
	char buf[32];
	long max;

	if (sys_read_small("/proc/sys/kernel/pid_max", buf, sizeof(buf)) > 0 &&
	    sscanf(buf, "%ld", &max) == 1 && max > 0)
		return max;
#endif
	return -1;
}

#if defined(__linux__)
/* Whether the pids controller's files in dir say it is full. */
static bool
pids_full(const char *dir)
{
	char path[512], buf[32];
	long max, cur;

	if (snprintf(path, sizeof(path), "%s/pids.max", dir) >=
	    (int)sizeof(path) || sys_read_small(path, buf, sizeof(buf)) <= 0 ||
	    sscanf(buf, "%ld", &max) != 1)
		return false;	/* "max", or no such file: no limit here */
	if (snprintf(path, sizeof(path), "%s/pids.current", dir) >=
	    (int)sizeof(path) || sys_read_small(path, buf, sizeof(buf)) <= 0 ||
	    sscanf(buf, "%ld", &cur) != 1)
		return false;
	return cur >= max;
}

/* Whether the pids.max of our cgroup, or of one above it, is reached. */
static bool
cgroup_pids_full(void)
{
	static const char *const roots[] = {
		"/sys/fs/cgroup/pids", "/sys/fs/cgroup",
		"/sys/fs/cgroup/unified"
	};
	char buf[1024], dir[512], *line, *path, *next;
	size_t r, depth;

	if (sys_read_small("/proc/self/cgroup", buf, sizeof(buf)) <= 0)
		return false;
	for (line = buf; *line != '\0'; line = next) {
		next = line + strcspn(line, "\n");
		if (*next != '\0')
			*next++ = '\0';
		/* "N:pids:/path" (v1) or "0::/path" (v2). */
		if ((path = strchr(line, ':')) == NULL ||
		    (path = strchr(path + 1, ':')) == NULL)
			continue;
		if (strncmp(strchr(line, ':') + 1, "pids:", 5) != 0 &&
		    strncmp(strchr(line, ':') + 1, ":", 1) != 0)
			continue;
		for (r = 0; r < sizeof(roots) / sizeof(roots[0]); r++) {
			if (snprintf(dir, sizeof(dir), "%s%s", roots[r],
			    path + 1) >= (int)sizeof(dir))
				continue;
			/* The cgroup, then each one above it, 64 at most. */
			for (depth = 0; depth < 64; depth++) {
				char *slash;

				if (pids_full(dir))
					return true;
				if ((slash = strrchr(dir, '/')) == NULL ||
				    (size_t)(slash - dir) <= strlen(roots[r]))
					break;
				*slash = '\0';
			}
		}
	}
	return false;
}
#endif

/*
 * What to raise when a fork or a thread's creation failed for want of
 * processes: a cgroup's pids.max where one is reached (Linux), else
 * 'ulimit -u'. For the message of the failure: errno is kept.
 */
const char *
sys_pid_hint(void)
{
	const char *hint = "'ulimit -u'";
#if defined(__linux__)
	int err = errno;	/* the failure's, for its message */

	if (err == EAGAIN && cgroup_pids_full())
		hint = "the cgroup's pids.max";
	errno = err;
#endif
	return hint;
}

/*
 * Call, harmlessly, the platform functions every worker calls, so that
 * main has them bound before it forks (see warm_up in team.c).
 */
void
sys_warm_up(void)
{
#if defined(__linux__)
	int sig;

	(void)prctl(PR_GET_PDEATHSIG, &sig);
#endif
	(void)sys_current_cpu();
	(void)getppid();
}

/*
 * CPU time (and, on Linux, context switches) of the calling thread. The
 * thread's CPU-time clock is read first: it brings the kernel's count of
 * the running thread up to date, which RUSAGE_THREAD alone does not.
 */
void
sys_usage_thread(struct usage *u)
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
