/*
 * t005-sys: the platform layer: CPU counts, binding, current CPU, cache
 * size, the pid limit, room for descriptors, per-thread usage, closing
 * descriptors. Binding checks skip where the platform cannot bind.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "../tap.h"

/* Where Linux tells the L2 size; sys_l2_kib must find it when it does. */
#define L2_SYSFS "/sys/devices/system/cpu/cpu0/cache/index2/size"

static volatile unsigned long sink;

/* A small file read whole, NUL-terminated, by one read; a missing one. */
static void
check_read_small(void)
{
	char path[] = "/tmp/t005-small.XXXXXX", buf[8];
	int fd;

	if ((fd = mkstemp(path)) == -1) {
		ok(0, "a temporary file to read");
		return;
	}
	if (write(fd, "512K\nmore", 9) != 9)
		ok(0, "a temporary file written");
	close(fd);
	is_int(sys_read_small(path, buf, sizeof(buf)), 7, "read_small: up to "
	    "size - 1 bytes");
	is_str(buf, "512K\nmo", "and NUL-terminated");
	unlink(path);
	is_int(sys_read_small(path, buf, sizeof(buf)), -1, "read_small: a "
	    "missing file is -1");
	is_str(buf, "512K\nmo", "and leaves the buffer alone");
}

/* A sysfs cache size, on made-up texts. */
static void
check_parse_kib(void)
{
	is_int(sys_parse_kib("512K\n"), 512, "cache size: 512K");
	is_int(sys_parse_kib("2M\n"), 2048, "cache size: 2M");
	is_int(sys_parse_kib("512\n"), 0, "cache size: no unit is 0");
	is_int(sys_parse_kib("K\n"), 0, "cache size: no number is 0");
	is_int(sys_parse_kib("99999999999999999999K\n"), 0,
	    "cache size: too large is 0");
}

/*
 * sys_close_from(41), in a child holding descriptors 40, 41 and 60: 40
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
		sys_close_from(41);
		_exit((fcntl(40, F_GETFD) == -1 ? 1 : 0) |
		    (fcntl(41, F_GETFD) != -1 ? 2 : 0) |
		    (fcntl(60, F_GETFD) != -1 ? 4 : 0));
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st)) {
		ok(0, "sys_close_from: the child died");
		return;
	}
	if (WEXITSTATUS(st) == 8) {
		skip("sys_close_from: no descriptor 60 here (ulimit -n)");
		skip("sys_close_from: no descriptor 60 here (ulimit -n)");
		return;
	}
	ok(!(WEXITSTATUS(st) & 1), "sys_close_from(41) leaves 40 open");
	ok(!(WEXITSTATUS(st) & 6), "and closes 41 and 60");
}

/* In a child under a soft limit of 64 and a hard one of 512. */
static void
fd_room_child(void)
{
	struct rlimit rl = { .rlim_cur = 64, .rlim_max = 512 };

	if (setrlimit(RLIMIT_NOFILE, &rl) == -1)
		_exit(99);
	if (!sys_fd_room(100))
		_exit(1);	/* 356 fits under 512: the soft limit rises */
	if (getrlimit(RLIMIT_NOFILE, &rl) == -1 || rl.rlim_cur < 356)
		_exit(2);
	if (sys_fd_room(300))
		_exit(3);	/* 556 does not */
	_exit(0);
}

static void
check_fd_room(void)
{
	pid_t pid;
	int st;

	ok(sys_fd_room(0), "room for no descriptor more");
	if ((pid = fork()) == 0)
		fd_room_child();
	waitpid(pid, &st, 0);
	if (WIFEXITED(st) && WEXITSTATUS(st) == 99)
		skip("the hard limit on descriptors is below 512 here");
	else
		is_int(WIFEXITED(st) ? WEXITSTATUS(st) : -1, 0, "sys_fd_room "
		    "raises the soft limit up to the hard one, and says no "
		    "beyond it");
}

int
main(void)
{
	int cpus[SMPB_MAXCPU], n, i, sorted = 1;
	struct usage u0, u1;

	ok(sys_cpus_online() >= 1, "sys_cpus_online %d", sys_cpus_online());
	n = sys_cpus_allowed(cpus, SMPB_MAXCPU);
	ok(n >= 1, "sys_cpus_allowed finds %d CPUs", n);
	for (i = 1; i < n; i++)
		sorted &= cpus[i] > cpus[i - 1];
	ok(sorted, "allowed CPUs ascend");
	is_int(sys_cpus_allowed(cpus, 1), 1, "sys_cpus_allowed respects max");
	if (access(L2_SYSFS, R_OK) == 0)
		ok(sys_l2_kib() > 0, "the L2 size in sysfs is found: %ld KiB",
		    sys_l2_kib());
	else
		skip("no %s here", L2_SYSFS);

	if (sys_can_bind()) {
		n = sys_cpus_allowed(cpus, SMPB_MAXCPU);
		is_int(sys_bind(cpus[n - 1]), 0, "bind to CPU %d", cpus[n - 1]);
		if (sys_current_cpu() >= 0)
			is_int(sys_current_cpu(), cpus[n - 1],
			    "running there now");
		/* The kernel refuses a CPU that is not there. */
		is_int(sys_bind(SMPB_MAXCPU - 1), EINVAL, "bind to CPU %d, "
		    "not here, is EINVAL", SMPB_MAXCPU - 1);
		if (sys_current_cpu() >= 0)
			is_int(sys_current_cpu(), cpus[n - 1], "a failed bind "
			    "leaves the binding alone");
	} else
		is_int(sys_bind(0), ENOTSUP, "no binding: ENOTSUP");

	check_fd_room();

	if (access("/proc/sys/kernel/pid_max", R_OK) == 0)
		ok(sys_pid_limit() > 0, "kernel.pid_max: %ld", sys_pid_limit());
	else
		skip("no /proc/sys/kernel/pid_max here");
	check_read_small();
	check_parse_kib();
	check_close_from();

	sys_usage_thread(&u0);
	for (unsigned long k = 0; k < 200000000UL; k++)
		sink += k;
	sys_usage_thread(&u1);
	ok(u1.user_s + u1.sys_s > u0.user_s + u0.sys_s,
	    "thread CPU time grows while spinning");
	return done_testing();
}
