/*
 * mem.c: zeroed memory in mappings of its own, shared with forked workers
 * or private to the process, never on the heap.
 *
 * A worker forked from main copies main's page tables, and the heap lies
 * far from main's other mappings (ASLR), so a heap in main costs every
 * fork and every exit two more page tables: memory main sets up for its
 * workers is mapped here, and main makes no heap before its forks. The
 * mapping itself is sys.c's (sys_map_zeroed): anonymous where the
 * platform has it, needing no descriptor.
 */
#include <sys/mman.h>
#include <unistd.h>

#include "harness.h"

/* Zeroed memory shared with forked workers; NULL on failure. */
void *
mem_shared(size_t size)
{
	return sys_map_zeroed(size, MAP_SHARED);
}

/* Zeroed memory of the process's own, apart from the heap; NULL on failure. */
void *
mem_private(size_t size)
{
	return sys_map_zeroed(size, MAP_PRIVATE);
}

/* Unmap what mem_shared or mem_private mapped; NULL: none. */
void
mem_free(void *p, size_t size)
{
	if (p != NULL)
		munmap(p, size);
}
