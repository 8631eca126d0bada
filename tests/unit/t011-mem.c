/*
 * t011-mem: mappings of their own: shared with a forked child, or private
 * to the process (a forked child gets a copy), zeroed, never the heap.
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "../tap.h"

int
main(void)
{
	size_t big = 64 << 20;
	int *shared, st;
	char *p, *heap;
	pid_t pid;

	shared = mem_shared(4096);
	ok(shared != NULL && shared[0] == 0, "shared memory, zeroed");
	if ((pid = fork()) == 0) {
		shared[1] = 4242;
		_exit(0);
	}
	waitpid(pid, &st, 0);
	is_int(shared[1], 4242, "a forked child's write is seen by its parent");
	mem_free(shared, 4096);

	shared = mem_private(4096);
	ok(shared != NULL && shared[0] == 0, "private memory, zeroed");
	shared[2] = 17;
	if ((pid = fork()) == 0)
		_exit(shared[2] == 17 && (shared[2] = 4242) == 4242 ? 0 : 1);
	waitpid(pid, &st, 0);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "a forked child reads what "
	    "its parent wrote there, and writes its own copy");
	is_int(shared[2], 17, "which its parent does not see");
	mem_free(shared, 4096);

	/* Far from the heap: a mapping of its own, not an allocation. */
	heap = malloc(16);
	p = mem_private(big);
	ok(p != NULL && p[0] == 0 && p[big - 1] == 0, "64 MiB, zeroed to "
	    "the end");
	ok(heap != NULL && ((uintptr_t)p > (uintptr_t)heap + big ||
	    (uintptr_t)p + big < (uintptr_t)heap), "apart from the heap");
	mem_free(p, big);
	free(heap);
	mem_free(NULL, 4096);	/* nothing to unmap: no crash */
	return done_testing();
}
