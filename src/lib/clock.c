/*
 * clock.c: wall time from CLOCK_MONOTONIC, and sleeping that acts on
 * signals. What the workers used is measure.c's.
 */
#include <errno.h>
#include <time.h>

#include "smpb.h"

/* What a read of the clock that returned r put in ts, in nanoseconds. */
static uint64_t
ns_read(int r, const struct timespec *ts)
{
	if (r == -1)
		die(SMPB_EXIT_FAIL, "clock_gettime:");
	return (uint64_t)ts->tv_sec * 1000000000u + (uint64_t)ts->tv_nsec;
}

uint64_t
clock_now_ns(void)
{
	struct timespec ts;

	return ns_read(clock_gettime(CLOCK_MONOTONIC, &ts), &ts);
}

/*
 * The same clock by a system call (cpu.c), for a worker's gate and end:
 * its first read through the vDSO would fault a page in.
 */
uint64_t
clock_cold_ns(void)
{
	struct timespec ts;

	return ns_read(cpu_clock_gettime(CLOCK_MONOTONIC, &ts), &ts);
}

/* Sleep, acting on any signal that arrives (sig_check may not return). */
void
clock_sleep_s(double seconds)
{
	struct timespec ts;

	if (seconds <= 0)
		return;
	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) == -1) {
		if (errno != EINTR)
			die(SMPB_EXIT_FAIL, "nanosleep:");
		sig_check();
	}
}
