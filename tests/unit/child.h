/*
 * child.h: run a function in a forked child and capture what it printed
 * and how it ended, for testing code that exits (die, opt_num, sig_check);
 * and burn CPU time by the clock of the thread, not the wall's.
 */
#ifndef CHILD_H
#define CHILD_H

#include <sys/wait.h>
#include <unistd.h>

struct child_result {
	int	status;		/* exit status, or 128 + signal */
	char	out[1024];	/* its stdout */
	char	err[1024];	/* its stderr */
};

static inline void
child_slurp(int fd, char *buf, size_t size)
{
	size_t got = 0;
	ssize_t r;

	while (got + 1 < size && (r = read(fd, buf + got, size - 1 - got)) > 0)
		got += (size_t)r;
	buf[got] = '\0';
	close(fd);
}

/* Run fn(arg) in a child; stdout and stderr are kept (up to 1 KiB each). */
static inline void
child_run(struct child_result *res, void (*fn)(const void *), const void *arg)
{
	int out[2], err[2], st;
	pid_t pid;

	fflush(stdout);
	if (pipe(out) == -1 || pipe(err) == -1 || (pid = fork()) == -1) {
		perror("child_run");
		exit(1);
	}
	if (pid == 0) {
		dup2(out[1], 1);
		dup2(err[1], 2);
		close(out[0]);
		close(err[0]);
		fn(arg);
		fflush(stdout);
		_exit(0);
	}
	close(out[1]);
	close(err[1]);
	child_slurp(out[0], res->out, sizeof(res->out));
	child_slurp(err[0], res->err, sizeof(res->err));
	while (waitpid(pid, &st, 0) == -1)
		continue;
	res->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static volatile unsigned long burn_sink;

/* Burn this much CPU time of the calling thread, however busy the
 * machine is. */
static inline void
burn_cpu_s(double seconds)
{
	struct usage u0, u;

	sys_usage_thread(&u0);
	do {
		for (int i = 0; i < 100000; i++)
			burn_sink += (unsigned long)i;
		sys_usage_thread(&u);
	} while (u.user_s + u.sys_s - u0.user_s - u0.sys_s < seconds);
}

#endif
