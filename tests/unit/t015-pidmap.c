/*
 * t015-pidmap: pid -> worker, on a team's book filled by hand: every
 * member found, by its pid, as the book grows; a pid never spawned, or a
 * member not spawned yet, is -1; colliding pids are all kept.
 */
#include <stdlib.h>

#include "harness.h"
#include "../tap.h"

#define N	1000

int
main(void)
{
	struct team *t;
	struct book *b;
	int k, found = 0, collide = 0;

	prog_init("smpb-t", "");
	t = team_new(TEAM_THREADS, N, NULL, 0);
	b = t->book;
	/* Pids far apart and close together, as a busy machine gives them. */
	for (k = 0; k < N; k++)
		b->members[k].pid = k % 2 ? 100000 + 7 * k : 300 + k;
	b->spawned = N / 2;
	is_int(pidmap_get(t, 300), 0, "the first member");
	is_int(pidmap_get(t, 300 + N - 2), -1, "a member not spawned yet: -1");
	b->spawned = N;
	for (k = 0; k < N; k++)
		found += pidmap_get(t, b->members[k].pid) == k;
	is_int(found, N, "every member, by its pid, once the book has grown");
	is_int(pidmap_get(t, 299), -1, "a pid that is no member: -1");
	ok(t->book->map.mask + 1 > 2 * N, "a table of more than 2 n slots "
	    "(%zu)", t->book->map.mask + 1);
	pidmap_free(t);
	ok(b->map.pid == NULL && b->map.filled == 0, "freed, and empty");

	/* Pids that hash alike: the same slot modulo the table's size. */
	for (k = 0; k < N; k++)
		b->members[k].pid = 1 + k * 4096;
	for (k = 0; k < N; k++)
		collide += pidmap_get(t, b->members[k].pid) == k;
	is_int(collide, N, "pids that collide are all kept, each apart");
	pidmap_free(t);
	b->spawned = 0;
	team_free(t);
	return done_testing();
}
