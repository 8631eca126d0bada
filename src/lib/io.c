/*
 * io.c: reads and writes that finish. EINTR and partial transfers are
 * handled here and nowhere else: read_full and write_full loop until the
 * whole length has moved, or end of file, or a real error.
 */
#include <errno.h>
#include <unistd.h>

#include "harness.h"

/* read() until len bytes or EOF; returns bytes read, or -1 on error. */
ssize_t
read_full(int fd, void *buf, size_t len)
{
	size_t got = 0;
	ssize_t r;

	while (got < len) {
		r = read(fd, (char *)buf + got, len - got);
		if (r == 0)
			break;
		if (r == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		got += (size_t)r;
	}
	return (ssize_t)got;
}

/* write() all len bytes; returns 0, or -1 on error (EPIPE included). */
int
write_full(int fd, const void *buf, size_t len)
{
	size_t put = 0;
	ssize_t r;

	while (put < len) {
		r = write(fd, (const char *)buf + put, len - put);
		if (r == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		put += (size_t)r;
	}
	return 0;
}

/* Close *fd if it is open, and mark it closed (-1). */
void
io_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}
