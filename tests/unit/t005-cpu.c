/*
 * t005-cpu: the platform layer: CPU counts, binding, current CPU, cache
 * size, shared and private memory, per-thread usage, closing descriptors.
 * Binding checks skip where the platform cannot bind.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "smpb.h"
#include "../tap.h"

/* Where Linux tells the L2 size; cpu_l2_kib must find it when it does. */
#define L2_SYSFS "/sys/devices/system/cpu/cpu0/cache/index2/size"

static volatile unsigned long sink;

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

	ok(cpu_parse_schedstat("123456 7890 12\n", &s) && s.run_ns == 123456 &&
	    s.wait_ns == 7890 && s.slices == 12, "schedstat: run, wait, slices");
	ok(cpu_parse_schedstat("18446744073709551615 0 1", &s) &&
	    s.run_ns == UINT64_MAX, "schedstat: 64-bit, no newline");
	ok(!cpu_parse_schedstat("123 456\n", &s), "schedstat: two fields fail");
	ok(!cpu_parse_schedstat("123 456 7x\n", &s),
	    "schedstat: trailing junk fails");
	ok(!cpu_parse_schedstat("", &s), "schedstat: empty fails");
	is_int(cpu_parse_kib("512K\n"), 512, "cache size: 512K");
	is_int(cpu_parse_kib("2M\n"), 2048, "cache size: 2M");
	is_int(cpu_parse_kib("512\n"), 0, "cache size: no unit is 0");
	is_int(cpu_parse_kib("K\n"), 0, "cache size: no number is 0");
	ok(cpu_parse_migrations(sched, &s) && s.migrations == 17,
	    "sched: se.nr_migrations, not a longer key that starts alike");
	ok(!cpu_parse_migrations("se.nr_migrations : x\n", &s),
	    "sched: a value that is not a number fails");
	ok(!cpu_parse_migrations("x se.nr_migrations : 3\n", &s),
	    "sched: the key must begin its line");
	ok(!cpu_parse_migrations("nr_switches : 3\n", &s),
	    "sched: no key, no figure");
	ok(!cpu_parse_migrations("se.nr_migrations : 12", &s),
	    "sched: a value cut off at the end of what was read fails");
}

/*
 * cpu_sched_migrations on a sched file held open, laid out as kernels
 * before 4.7 lay it out: se.nr_migrations after a dozen lines of
 * statistics, past the first 512 bytes read.
 */
static void
check_sched_layout(void)
{
	char path[] = "/tmp/t005-sched.XXXXXX";
	struct sched_files f = { .schedstat = -1, .sched = -1 };
	struct sched_stats s = { .migrations = 0 };
	int fd, i;

	if (access("/proc/self/sched", R_OK) != 0) {
		skip("no /proc/self/sched here");
		return;
	}
	if ((fd = mkstemp(path)) == -1) {
		ok(0, "a temporary file for sched");
		return;
	}
	unlink(path);
	dprintf(fd, "t005 (1, #threads: 1)\n%066d\n", 0);
	for (i = 0; i < 12; i++)
		dprintf(fd, "se.statistics.item%-27d:%21d\n", i, i);
	dprintf(fd, "%-45s:%21d\n%-45s:%21d\n", "se.nr_migrations", 4242,
	    "nr_switches", 7);
	f.sched = fd;
	ok(cpu_sched_migrations(false, &f, &s) && s.migrations == 4242,
	    "sched: se.nr_migrations past the first 512 bytes is found");
	close(fd);
}

/*
 * cpu_close_from(41), in a child holding descriptors 40, 41 and 60: 40
 * stays open, 41 and 60 are closed. The child's status says which held.
 */
static void
check_close_from(void)
{
	pid_t pid;
	int st;

	if ((pid = fork()) == 0) {
		if (dup2(1, 40) != 40 || dup2(1, 41) != 41 || dup2(1, 60) != 60)
			_exit(8);
		cpu_close_from(41);
		_exit((fcntl(40, F_GETFD) == -1 ? 1 : 0) |
		    (fcntl(41, F_GETFD) != -1 ? 2 : 0) |
		    (fcntl(60, F_GETFD) != -1 ? 4 : 0));
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st)) {
		ok(0, "cpu_close_from: the child died");
		return;
	}
	if (WEXITSTATUS(st) == 8) {
		skip("cpu_close_from: no descriptor 60 here (ulimit -n)");
		skip("cpu_close_from: no descriptor 60 here (ulimit -n)");
		return;
	}
	ok(!(WEXITSTATUS(st) & 1), "cpu_close_from(41) leaves 40 open");
	ok(!(WEXITSTATUS(st) & 6), "and closes 41 and 60");
}

/* In a child under a soft limit of 64 and a hard one of 512. */
static void
fd_room_child(void)
{
	struct rlimit rl = { .rlim_cur = 64, .rlim_max = 512 };

	if (setrlimit(RLIMIT_NOFILE, &rl) == -1)
		_exit(99);
	if (!cpu_fd_room(100))
		_exit(1);	/* 356 fits under 512: the soft limit is raised */
	if (getrlimit(RLIMIT_NOFILE, &rl) == -1 || rl.rlim_cur < 356)
		_exit(2);
	if (cpu_fd_room(300))
		_exit(3);	/* 556 does not */
	_exit(0);
}

static void
check_fd_room(void)
{
	pid_t pid;
	int st;

	ok(cpu_fd_room(0), "room for no descriptor more");
	if ((pid = fork()) == 0)
		fd_room_child();
	waitpid(pid, &st, 0);
	if (WIFEXITED(st) && WEXITSTATUS(st) == 99)
		skip("the hard limit on descriptors is below 512 here");
	else
		is_int(WIFEXITED(st) ? WEXITSTATUS(st) : -1, 0, "cpu_fd_room "
		    "raises the soft limit up to the hard one, and says no "
		    "beyond it");
}

int
main(void)
{
	int cpus[SMPB_MAXCPU], n, i, sorted = 1, *shared;
	struct usage u0, u1;
	pid_t pid;
	int st;

	ok(cpu_count() >= 1, "cpu_count %d", cpu_count());
	n = cpu_allowed(cpus, SMPB_MAXCPU);
	ok(n >= 1, "cpu_allowed finds %d CPUs", n);
	for (i = 1; i < n; i++)
		sorted &= cpus[i] > cpus[i - 1];
	ok(sorted, "allowed CPUs ascend");
	is_int(cpu_allowed(cpus, 1), 1, "cpu_allowed respects max");
	if (access(L2_SYSFS, R_OK) == 0)
		ok(cpu_l2_kib() > 0, "the L2 size in sysfs is found: %ld KiB",
		    cpu_l2_kib());
	else
		skip("no %s here", L2_SYSFS);

	if (cpu_can_bind()) {
		n = cpu_allowed(cpus, SMPB_MAXCPU);
		is_int(cpu_bind(cpus[n - 1]), 0, "bind to CPU %d", cpus[n - 1]);
		if (cpu_current() >= 0)
			is_int(cpu_current(), cpus[n - 1], "running there now");
		/* The kernel refuses a CPU that is not there. */
		is_int(cpu_bind(SMPB_MAXCPU - 1), EINVAL, "bind to CPU %d, "
		    "not here, is EINVAL", SMPB_MAXCPU - 1);
		if (cpu_current() >= 0)
			is_int(cpu_current(), cpus[n - 1], "a failed bind "
			    "leaves the binding alone");
	} else
		is_int(cpu_bind(0), ENOTSUP, "no binding: ENOTSUP");

	shared = cpu_shared_alloc(4096);
	ok(shared != NULL && shared[0] == 0, "shared memory, zeroed");
	if ((pid = fork()) == 0) {
		shared[1] = 4242;
		_exit(0);
	}
	waitpid(pid, &st, 0);
	is_int(shared[1], 4242, "a forked child's write is seen by its parent");
	cpu_mapped_free(shared, 4096);

	check_fd_room();

	shared = cpu_private_alloc(4096);
	ok(shared != NULL && shared[0] == 0, "private memory, zeroed");
	shared[2] = 17;
	if ((pid = fork()) == 0)
		_exit(shared[2] == 17 && (shared[2] = 4242) == 4242 ? 0 : 1);
	waitpid(pid, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "a forked child reads what "
	    "its parent wrote there, and writes its own copy");
	is_int(shared[2], 17, "which its parent does not see");
	cpu_mapped_free(shared, 4096);

	if (access("/proc/self/schedstat", R_OK) == 0) {
		struct sched_stats ss;
		struct sched_files f;
		int held[2];
		bool read;

		ok(cpu_sched_open(true, false, &f) && f.sched == -1,
		    "the thread's /proc files are there, and not held open");
		ok(cpu_sched_open(false, true, &f) && f.schedstat >= 0 &&
		    f.sched >= 0, "the process's are, held open");
		ss.run_ns = 0;
		read = cpu_sched_runtime(false, &f, &ss);
		ok(read && ss.run_ns > 0, "the process's run time from /proc: "
		    "%llu ns", (unsigned long long)ss.run_ns);
		ss.run_ns = 0;
		read = cpu_sched_runtime(false, NULL, &ss);
		ok(read && ss.run_ns > 0, "and from a file opened for it");
		ss.run_ns = 0;
		read = cpu_sched_runtime(true, NULL, &ss);
		ok(read && ss.run_ns > 0, "the thread's run time from /proc");
		ss.migrations = UINT64_MAX;
		read = cpu_sched_migrations(false, &f, &ss);
		ok(read && ss.migrations != UINT64_MAX,
		    "the process's migrations from /proc: %llu",
		    (unsigned long long)ss.migrations);
		ss.migrations = UINT64_MAX;
		read = cpu_sched_migrations(true, NULL, &ss);
		ok(read && ss.migrations != UINT64_MAX,
		    "the thread's migrations from /proc");
		held[0] = f.schedstat;
		held[1] = f.sched;
		cpu_sched_close(&f);
		ok(f.schedstat == -1 && f.sched == -1 &&
		    fcntl(held[0], F_GETFD) == -1 && errno == EBADF &&
		    fcntl(held[1], F_GETFD) == -1 && errno == EBADF,
		    "and closed");
		ok(cpu_pid_limit() > 0, "kernel.pid_max: %ld", cpu_pid_limit());
	} else
		skip("no /proc/self/schedstat here");

	check_parsers();
	check_sched_layout();
	check_close_from();

	cpu_usage_thread(&u0);
	for (unsigned long k = 0; k < 200000000UL; k++)
		sink += k;
	cpu_usage_thread(&u1);
	ok(u1.user_s + u1.sys_s > u0.user_s + u0.sys_s,
	    "thread CPU time grows while spinning");
	return done_testing();
}
