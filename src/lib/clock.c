/*
 * clock.c: wall time from CLOCK_MONOTONIC. What the workers used is
 * measure.c's; sleeping that acts on signals is sig.c's.
 *
 * A read of the clock is not checked at every call: clock_gettime fails
 * only for a clock the system does not have (EINVAL), and prog_init asks
 * clock_works once, before anything is measured, and ends the program
 * there if the monotonic clock is missing.
 */
#include <time.h>

#include "harness.h"

/* What a read of the clock that returned r put in ts, in nanoseconds. */
static uint64_t
ns_read(int r, const struct timespec *ts)
{
	if (r == -1)
		return 0;
	return (uint64_t)ts->tv_sec * 1000000000u + (uint64_t)ts->tv_nsec;
}

/* Whether this system has the monotonic clock (prog_init asks). */
bool
clock_works(void)
{
	struct timespec ts;

	return clock_gettime(CLOCK_MONOTONIC, &ts) == 0;
}

uint64_t
clock_now_ns(void)
{
	struct timespec ts;

	return ns_read(clock_gettime(CLOCK_MONOTONIC, &ts), &ts);
}

/*
 * The same clock by a system call (sys.c), for a worker's gate and end:
 * its first read through the vDSO would fault a page in.
 */
uint64_t
clock_cold_ns(void)
{
	struct timespec ts;

	return ns_read(sys_clock_gettime(CLOCK_MONOTONIC, &ts), &ts);
}
