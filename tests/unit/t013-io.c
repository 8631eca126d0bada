/*
 * t013-io: reads and writes that finish: two writes read as one, a short
 * read at end of file, EPIPE from a closed pipe, and closing a descriptor
 * once.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "../tap.h"

static void
test_io(void)
{
	char buf[16];
	int fd[2];

	if (pipe(fd) == -1)
		return;
	signal(SIGPIPE, SIG_IGN);
	is_int(write_full(fd[1], "abc", 3), 0, "write_full");
	is_int(write_full(fd[1], "defg", 4), 0, "write_full again");
	is_int(read_full(fd[0], buf, 5), 5, "read_full joins two writes");
	ok(memcmp(buf, "abcde", 5) == 0, "in order");
	close(fd[1]);
	is_int(read_full(fd[0], buf, 10), 2, "read_full stops short at EOF");
	is_int(read_full(fd[0], buf, 10), 0, "then reads nothing");
	close(fd[0]);
	if (pipe(fd) == -1)
		return;
	close(fd[0]);
	ok(write_full(fd[1], "x", 1) == -1 && errno == EPIPE,
	    "write_full to a closed pipe is EPIPE");
	close(fd[1]);
}

/* A pipe full of writes interrupted by signals: nothing lost. */
static void
on_signal(int sig)
{
	(void)sig;
}

static void
test_interrupted(void)
{
	static char big[1 << 20], back[1 << 20];
	struct sigaction sa;
	int fd[2], st;
	pid_t pid;
	size_t i;

	for (i = 0; i < sizeof(big); i++)
		big[i] = (char)(i * 7);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: calls end in EINTR */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	if (pipe(fd) == -1)
		return;
	if ((pid = fork()) == 0) {
		close(fd[0]);
		_exit(write_full(fd[1], big, sizeof(big)) == 0 ? 0 : 1);
	}
	close(fd[1]);
	for (i = 0; i < 20; i++)
		kill(pid, SIGUSR1);
	is_int(read_full(fd[0], back, sizeof(back)), sizeof(back), "read_full "
	    "takes 1 MiB from a writer taking signals");
	ok(memcmp(big, back, sizeof(big)) == 0, "every byte, in order");
	close(fd[0]);
	waitpid(pid, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "and write_full wrote it "
	    "all");
}

static void
test_close(void)
{
	int fd[2];

	if (pipe(fd) == -1)
		return;
	io_close(&fd[0]);
	ok(fd[0] == -1 && fcntl(fd[1], F_GETFD) != -1, "io_close closes one "
	    "descriptor and marks it -1");
	io_close(&fd[0]);
	is_int(fd[0], -1, "twice is once");
	io_close(&fd[1]);
}

int
main(void)
{
	test_io();
	test_interrupted();
	test_close();
	return done_testing();
}
