/*
 * spawn-thread: start a program from a thread that then ends while the
 * process that made it lives on (for t609-parent-thread).
 *
 *	spawn-thread DIR PROG [ARG...]
 *
 * A thread of this process forks and runs PROG, writes its pid into
 * DIR/pid, waits until DIR/go exists, notes whether PROG still runs, and
 * ends. Main, which lives on, then waits for PROG and exits with its
 * status (128 + the signal that killed it), or 125 when PROG had already
 * ended as the thread did (the check could not be made). PROG's stdout
 * and stderr are this program's.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char **prog;
static const char *dir;
static pid_t child;
static int ended_first;

static void *
starter(void *arg)
{
	static const struct timespec tick = { 0, 10000000 };
	char path[4096], tmp[4096];
	siginfo_t si;
	FILE *f;

	(void)arg;
	if ((child = fork()) == -1) {
		perror("spawn-thread: fork");
		exit(126);
	}
	if (child == 0) {
		execvp(prog[0], prog);
		perror("spawn-thread: exec");
		_exit(127);
	}
	snprintf(tmp, sizeof(tmp), "%s/pid.tmp", dir);
	snprintf(path, sizeof(path), "%s/pid", dir);
	if ((f = fopen(tmp, "w")) == NULL || fprintf(f, "%ld\n",
	    (long)child) < 0 || fclose(f) == EOF || rename(tmp, path) == -1) {
		perror("spawn-thread: pid");
		exit(126);
	}
	snprintf(path, sizeof(path), "%s/go", dir);
	while (access(path, F_OK) == -1)
		nanosleep(&tick, NULL);
	/* Not reaped yet (main waits after this thread): ended, a zombie. */
	memset(&si, 0, sizeof(si));
	ended_first = waitid(P_PID, (id_t)child, &si,
	    WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == child;
	return NULL;	/* the thread ends: the kernel tells PROG */
}

int
main(int argc, char *argv[])
{
	pthread_t t;
	int st, err;

	if (argc < 3) {
		fprintf(stderr, "usage: spawn-thread dir prog [arg ...]\n");
		return 2;
	}
	dir = argv[1];
	prog = argv + 2;
	if ((err = pthread_create(&t, NULL, starter, NULL)) != 0 ||
	    (err = pthread_join(t, NULL)) != 0) {
		fprintf(stderr, "spawn-thread: pthread: %s\n", strerror(err));
		return 126;
	}
	while (waitpid(child, &st, 0) == -1)
		if (errno != EINTR) {
			perror("spawn-thread: waitpid");
			return 126;
		}
	if (ended_first)
		return 125;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
