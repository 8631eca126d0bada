/*
 * clock.c: wall time from CLOCK_MONOTONIC and CPU time and context
 * switches from getrusage.
 *
 * A sample brackets one measured interval of the calling process; the
 * workers' own usage is taken by team.c around each worker's run and
 * summed with usage_add.
 */
#include <errno.h>
#include <sys/resource.h>
#include <time.h>

#include "smpb.h"

uint64_t
clock_now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) == -1)
		die(SMPB_EXIT_FAIL, "clock_gettime:");
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
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

static double
timeval_s(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

void
usage_self(struct usage *u)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) == -1)
		die(SMPB_EXIT_FAIL, "getrusage:");
	u->user_s = timeval_s(ru.ru_utime);
	u->sys_s = timeval_s(ru.ru_stime);
	u->nvcsw = ru.ru_nvcsw;
	u->nivcsw = ru.ru_nivcsw;
}

/* d = a - b */
void
usage_sub(struct usage *d, const struct usage *a, const struct usage *b)
{
	d->user_s = a->user_s - b->user_s;
	d->sys_s = a->sys_s - b->sys_s;
	d->nvcsw = a->nvcsw - b->nvcsw;
	d->nivcsw = a->nivcsw - b->nivcsw;
}

void
usage_add(struct usage *sum, const struct usage *u)
{
	sum->user_s += u->user_s;
	sum->sys_s += u->sys_s;
	sum->nvcsw += u->nvcsw;
	sum->nivcsw += u->nivcsw;
}

void
sample_begin(struct sample *s)
{
	usage_self(&s->self0);
	s->t0_ns = clock_now_ns();
}

void
sample_end(struct sample *s)
{
	struct usage now;

	s->wall_ns = clock_now_ns() - s->t0_ns;
	usage_self(&now);
	usage_sub(&s->self, &now, &s->self0);
}
