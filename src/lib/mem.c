/*
 * mem.c: zeroed memory in mappings of its own, shared with forked workers
 * or private to the process, never on the heap.
 *
 * A worker forked from main copies main's page tables, and the heap lies
 * far from main's other mappings (ASLR), so a heap in main costs every
 * fork and every exit two more page tables: memory main sets up for its
 * workers is mapped here, and main makes no heap before its forks.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "harness.h"

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

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
mem_shared(size_t size)
{
	return map_zeroed(size, MAP_SHARED);
}

/* Zeroed memory of the process's own, apart from the heap; NULL on failure. */
void *
mem_private(size_t size)
{
	return map_zeroed(size, MAP_PRIVATE);
}

/* Unmap what mem_shared or mem_private mapped; NULL: none. */
void
mem_free(void *p, size_t size)
{
	if (p != NULL)
		munmap(p, size);
}
