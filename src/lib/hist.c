/*
 * hist.c: a log-linear histogram of nanoseconds, for wakeup latencies.
 *
 * Values below 128 ns have a bucket each. From 64 ns on, every power of
 * two [2^e, 2^(e+1)) is cut into HIST_SUB buckets of equal width 2^e /
 * HIST_SUB; a value is reported as the middle of its bucket, so it is off
 * by at most half a bucket, 1 / (2 * 64) = 0.78% of the value, from
 * 64 ns to 2^38 ns (275 s); larger values land in the last bucket (the
 * exact maximum is kept apart). Recording a value is a few shifts and an
 * increment: no allocation, no lock, no system call.
 *
 * Each worker records into a histogram of its own; at its end the harness
 * adds it into the team's shared one with atomic additions (worker.c),
 * and main reads percentiles from that (report.c).
 */
#include <string.h>

#include "harness.h"

/* The bucket of v. */
static size_t
hist_bucket(uint64_t v)
{
	int e = 0;
	uint64_t x = v;

	if (v < HIST_SUB)
		return (size_t)v;
	while (x >= 2 * HIST_SUB) {	/* e = floor(log2(v)) - 6 */
		x >>= 1;
		e++;
	}
	if (e >= HIST_EXPONENTS)
		return HIST_BUCKETS - 1;
	return (size_t)HIST_SUB * (size_t)(e + 1) + (size_t)(x - HIST_SUB);
}

/* The middle of bucket b, the value it stands for. */
static double
hist_value(size_t b)
{
	size_t e;
	double lo, width;

	if (b < HIST_SUB)
		return (double)b;
	e = b / HIST_SUB - 1;
	width = (double)((uint64_t)1 << e);
	lo = (double)((uint64_t)(HIST_SUB + b % HIST_SUB) << e);
	return lo + (width - 1) / 2;	/* the middle of its whole numbers */
}

void
hist_clear(struct hist *h)
{
	memset(h, 0, sizeof(*h));
}

void
hist_record(struct hist *h, uint64_t ns)
{
	h->count[hist_bucket(ns)]++;
	h->samples++;
	if (ns > h->max_ns)
		h->max_ns = ns;
}

/* sum += h */
void
hist_add(struct hist *sum, const struct hist *h)
{
	size_t b;

	for (b = 0; b < HIST_BUCKETS; b++)
		sum->count[b] += h->count[b];
	sum->samples += h->samples;
	if (h->max_ns > sum->max_ns)
		sum->max_ns = h->max_ns;
}

/*
 * The value below which a fraction q (0..1) of the samples lie, in ns:
 * the middle of the bucket where the count crosses q * samples, never more
 * than the exact maximum (so percentiles never decrease up to the max).
 * 0 for an empty histogram.
 */
double
hist_quantile(const struct hist *h, double q)
{
	uint64_t want, seen = 0;
	size_t b;
	double v;

	if (h->samples == 0)
		return 0;
	want = (uint64_t)(q * (double)h->samples + 0.5);
	if (want < 1)
		want = 1;
	for (b = 0; b < HIST_BUCKETS; b++) {
		seen += h->count[b];
		if (seen >= want)
			break;
	}
	v = hist_value(b < HIST_BUCKETS ? b : HIST_BUCKETS - 1);
	return v < (double)h->max_ns ? v : (double)h->max_ns;
}
