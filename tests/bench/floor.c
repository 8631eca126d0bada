/*
 * floor: the bare operations smpbench's programs are measured against,
 * with nothing of the harness around them. Not a workload: it exists so
 * that tests/bench/scale and smpbench validate can show what the harness
 * itself costs.
 *
 *	floor pipe -i N [-c cpulist]	two processes, a one-byte round trip
 *					through two pipes, N times: the
 *					floor of a ring of 2
 *	floor yield -i N [-c cpu]	sched_yield() N times: the floor of
 *					a yield of one thread
 *	floor fork -n N			fork N children that wait on a pipe,
 *					then release and reap them all
 *	floor thread -n N		create N threads that wait on a pipe,
 *					then release and join them all
 *	floor ring -n N -i L		fork a circle of N children joined by
 *					pipes; the first sends a byte round
 *					it L times, then EOF goes round; reap
 *					them all: the floor of smpb-ring -i
 *					L-1 (which adds a lap, uncounted)
 *	floor herd -n N -i I		fork N children reading one pipe; a
 *					count I is passed I times from one to
 *					another, then N-1 zeros end them; reap
 *					them all: the floor of smpb-herd
 *	floor time [-c cpu] CMD [ARG...]
 *					run CMD (bound to cpu, with all it
 *					starts) and time it, whole: wall
 *					seconds, and the CPU seconds and
 *					minor page faults of it and every
 *					process it waited for
 *
 * Each prints one key=value line: pipe and yield their time per
 * operation; fork, thread, ring, herd and time their wall seconds.
 * Nothing is checked between operations: these are floors, not
 * benchmarks. The children of ring and herd die with the floor (they
 * hold their own pipes open, so no EOF would end them).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

static const char usage_text[] =
    "usage: floor pipe -i count [-c cpulist] | floor yield -i count "
    "[-c cpu] |\n       floor fork -n count | floor thread -n count |\n"
    "       floor ring -n count -i laps | floor herd -n count -i count |\n"
    "       floor time [-c cpu] command [arg ...]";

static long long count;		/* -i: round trips, yields, laps, passes */
static long long procs;		/* -n: processes or threads */

static void
parse_args(int argc, char *argv[], const char *opts)
{
	int c;

	while ((c = opt_next(argc, argv, opts)) != -1) {
		switch (c) {
		case 'i':
			count = opt_num(c, optarg, 1, 1000000000000LL);
			break;
		case 'n':
			procs = opt_num(c, optarg, 1, 1000000);
			break;
		}
	}
	opt_no_operands(argc, argv);
	if ((strchr(opts, 'i') != NULL && count == 0) ||
	    (strchr(opts, 'n') != NULL && procs == 0))
		opt_usage(SMPB_EXIT_USAGE);
}

static void
bind_to(int k)
{
	int err;

	if (shared_opt.ncpus > 0 &&
	    (err = sys_bind(shared_opt.cpus[k % shared_opt.ncpus])) != 0) {
		errno = err;
		die(SMPB_EXIT_FAIL, "cannot bind:");
	}
}

/* The ping-pong: the parent sends and waits, the child echoes. */
static int
floor_pipe(void)
{
	int to[2], from[2], st;
	long long i;
	uint64_t t0, ns;
	char b = 'x';
	pid_t pid;

	if (pipe(to) == -1 || pipe(from) == -1)
		die(SMPB_EXIT_FAIL, "pipe:");
	if ((pid = fork()) == -1)
		die(SMPB_EXIT_FAIL, "fork:");
	if (pid == 0) {
		sys_die_with_parent(getppid());
		close(to[1]);
		close(from[0]);
		bind_to(1);
		while (read(to[0], &b, 1) == 1)
			if (write(from[1], &b, 1) != 1)
				break;
		_exit(0);
	}
	close(to[0]);
	close(from[1]);
	bind_to(0);
	/* One round trip first, so both are running before the clock. */
	if (write(to[1], &b, 1) != 1 || read(from[0], &b, 1) != 1)
		die(SMPB_EXIT_FAIL, "the first round trip failed:");
	t0 = clock_now_ns();
	for (i = 0; i < count; i++)
		if (write(to[1], &b, 1) != 1 || read(from[0], &b, 1) != 1)
			die(SMPB_EXIT_FAIL, "round trip %lld:", i);
	ns = clock_now_ns() - t0;
	close(to[1]);
	waitpid(pid, &st, 0);
	kv_begin();
	kv_int("roundtrips", count);
	kv_num("wall_s", (double)ns / 1e9, 6);
	kv_num("us_per_roundtrip", (double)ns / 1e3 / (double)count, 4);
	kv_num("us_per_switch", (double)ns / 2e3 / (double)count, 4);
	kv_end();
	return 0;
}

static int
floor_yield(void)
{
	long long i;
	uint64_t t0, ns;

	bind_to(0);
	t0 = clock_now_ns();
	for (i = 0; i < count; i++)
		sched_yield();
	ns = clock_now_ns() - t0;
	kv_begin();
	kv_int("yields", count);
	kv_num("wall_s", (double)ns / 1e9, 6);
	kv_num("us_per_yield", (double)ns / 1e3 / (double)count, 4);
	kv_end();
	return 0;
}

/* fork child k of those the floor starts, or end the floor. */
static pid_t
fork_child(long long k)
{
	pid_t pid = fork();

	if (pid == -1)
		die(SMPB_EXIT_FAIL, "fork %lld:", k);
	return pid;
}

/* Reap every child; the wall seconds since t0. */
static void
reap_and_report(const char *key, long long n, uint64_t t0)
{
	long long i;

	for (i = 0; i < n; i++)
		while (waitpid(-1, NULL, 0) == -1)
			if (errno != EINTR)
				die(SMPB_EXIT_FAIL, "waitpid:");
	kv_begin();
	kv_int(key, n);
	kv_num("wall_s", (double)(clock_now_ns() - t0) / 1e9, 6);
	kv_end();
}

/* fork N children, each blocked reading gate until EOF; reap them all. */
static int
floor_fork(void)
{
	uint64_t t0 = clock_now_ns();
	int gate[2];
	char b;
	long long i;

	if (pipe(gate) == -1)
		die(SMPB_EXIT_FAIL, "pipe:");
	for (i = 0; i < procs; i++) {
		if (fork_child(i) == 0) {
			close(gate[1]);
			while (read(gate[0], &b, 1) > 0)
				continue;
			_exit(0);
		}
	}
	close(gate[1]);
	reap_and_report("processes", procs, t0);
	return 0;
}

/* A ring member: relay until EOF; member 0 also sends the byte, L laps. */
static _Noreturn void
ring_member(long long self, int in, int out)
{
	long long lap;
	char b = 'x';

	if (self == 0) {
		if (write(out, &b, 1) != 1)
			_exit(1);
		for (lap = 1; lap <= count; lap++)
			if (read(in, &b, 1) != 1 ||
			    (lap < count && write(out, &b, 1) != 1))
				_exit(1);
		_exit(0);	/* EOF goes round */
	}
	while (read(in, &b, 1) == 1)
		if (write(out, &b, 1) != 1)
			_exit(1);
	_exit(0);
}

static int
floor_ring(void)
{
	uint64_t t0 = clock_now_ns();
	pid_t parent = getpid();
	int first[2], next[2], in;
	long long k;

	if (pipe(first) == -1)
		die(SMPB_EXIT_FAIL, "pipe:");
	in = first[0];
	for (k = 0; k < procs; k++) {
		int out;

		if (k < procs - 1 && pipe(next) == -1)
			die(SMPB_EXIT_FAIL, "pipe %lld:", k);
		out = k < procs - 1 ? next[1] : first[1];
		if (fork_child(k) == 0) {
			sys_die_with_parent(parent);
			if (k < procs - 1) {
				close(next[0]);
				close(first[1]);
			}
			ring_member(k, in, out);
		}
		close(in);
		close(out);
		in = next[0];
	}
	reap_and_report("processes", procs, t0);
	return 0;
}

/* A herd member: take the count, pass it on less one; 0 ends it. */
static _Noreturn void
herd_member(int rd, int wr)
{
	static const int64_t zeros[_POSIX_PIPE_BUF / sizeof(int64_t)];
	int64_t c;
	long long left;
	size_t n;

	for (;;) {
		if (read(rd, &c, sizeof(c)) != (ssize_t)sizeof(c))
			_exit(1);
		if (c == 0)
			_exit(0);
		if (--c > 0) {
			if (write(wr, &c, sizeof(c)) != (ssize_t)sizeof(c))
				_exit(1);
			continue;
		}
		for (left = procs - 1; left > 0; left -= (long long)n) {
			n = left < (long long)(sizeof(zeros) / sizeof(zeros[0])) ?
			    (size_t)left : sizeof(zeros) / sizeof(zeros[0]);
			if (write(wr, zeros, n * sizeof(zeros[0])) !=
			    (ssize_t)(n * sizeof(zeros[0])))
				_exit(1);
		}
		_exit(0);
	}
}

static int
floor_herd(void)
{
	uint64_t t0 = clock_now_ns();
	pid_t parent = getpid();
	int64_t c = count;
	int shared[2];
	long long k;

	if (pipe(shared) == -1)
		die(SMPB_EXIT_FAIL, "pipe:");
	for (k = 0; k < procs; k++) {
		if (fork_child(k) == 0) {
			sys_die_with_parent(parent);
			herd_member(shared[0], shared[1]);
		}
	}
	if (write(shared[1], &c, sizeof(c)) != (ssize_t)sizeof(c))
		die(SMPB_EXIT_FAIL, "write:");
	close(shared[0]);
	close(shared[1]);
	reap_and_report("processes", procs, t0);
	return 0;
}

static int thread_gate[2];

static void *
waiter(void *arg)
{
	char b;

	(void)arg;
	while (read(thread_gate[0], &b, 1) > 0)
		continue;
	return NULL;
}

static int
floor_thread(void)
{
	uint64_t t0 = clock_now_ns();
	pthread_t *th = calloc((size_t)procs, sizeof(*th));
	pthread_attr_t attr;
	long long i;
	int err;

	if (th == NULL || pipe(thread_gate) == -1)
		die(SMPB_EXIT_FAIL, "set-up:");
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);	/* the harness's */
	for (i = 0; i < procs; i++)
		if ((err = pthread_create(&th[i], &attr, waiter, NULL)) != 0) {
			errno = err;
			die(SMPB_EXIT_FAIL, "pthread_create %lld:", i);
		}
	close(thread_gate[1]);
	for (i = 0; i < procs; i++)
		pthread_join(th[i], NULL);
	kv_begin();
	kv_int("threads", procs);
	kv_num("wall_s", (double)(clock_now_ns() - t0) / 1e9, 6);
	kv_end();
	free(th);
	return 0;
}

/* Run a command, whole, and time it; its status is ours. */
static int
floor_time(char *argv[])
{
	uint64_t t0 = clock_now_ns();
	struct rusage ru;
	int st;
	pid_t pid;

	if ((pid = fork()) == -1)
		die(SMPB_EXIT_FAIL, "fork:");
	if (pid == 0) {
		signal(SIGPIPE, SIG_DFL);	/* prog_init ignored it */
		execvp(argv[0], argv);
		fprintf(stderr, "floor: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &st, 0) == -1)
		if (errno != EINTR)
			die(SMPB_EXIT_FAIL, "waitpid:");
	if (getrusage(RUSAGE_CHILDREN, &ru) == -1)
		die(SMPB_EXIT_FAIL, "getrusage:");
	kv_begin();
	kv_num("wall_s", (double)(clock_now_ns() - t0) / 1e9, 6);
	kv_num("cpu_s", (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
	    ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) / 1e6, 3);
	kv_int("minflt", ru.ru_minflt);
	kv_int("status", WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
	kv_end();
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int
main(int argc, char *argv[])
{
	prog_init("floor", usage_text);
	if (argc < 2)
		opt_usage(SMPB_EXIT_USAGE);
	if (strcmp(argv[1], "time") == 0) {
		/* By hand: getopt would take the command's options. */
		argv += 2;
		if (argv[0] != NULL && strcmp(argv[0], "-c") == 0) {
			if (argv[1] == NULL)
				opt_usage(SMPB_EXIT_USAGE);
			opt_shared('c', argv[1]);
			bind_to(0);
			argv += 2;
		}
		if (argv[0] == NULL)
			opt_usage(SMPB_EXIT_USAGE);
		return floor_time(argv);
	}
	if (strcmp(argv[1], "pipe") == 0) {
		parse_args(argc - 1, argv + 1, ":c:i:");
		return floor_pipe();
	}
	if (strcmp(argv[1], "yield") == 0) {
		parse_args(argc - 1, argv + 1, ":c:i:");
		return floor_yield();
	}
	if (strcmp(argv[1], "fork") == 0) {
		parse_args(argc - 1, argv + 1, ":n:");
		return floor_fork();
	}
	if (strcmp(argv[1], "ring") == 0) {
		parse_args(argc - 1, argv + 1, ":i:n:");
		if (procs < 2)
			opt_usage(SMPB_EXIT_USAGE);
		return floor_ring();
	}
	if (strcmp(argv[1], "herd") == 0) {
		parse_args(argc - 1, argv + 1, ":i:n:");
		return floor_herd();
	}
	if (strcmp(argv[1], "thread") == 0) {
		parse_args(argc - 1, argv + 1, ":n:");
		return floor_thread();
	}
	opt_usage(SMPB_EXIT_USAGE);
}
