/*
 * smpb-hog: the eatcpu of seed 004 (linux-kernel, October 1999), a process
 * that does nothing but burn one CPU, to load a machine while another
 * benchmark runs; and, with -p, a canary of the CPU's own speed.
 *
 * It spins until it is killed, until -T seconds have passed, or until its
 * parent dies. The seed's "while(1);" outlived whatever started it when
 * that was killed; this one ends with its parent process, as -W ends the
 * other programs (sig.c: on Linux the kernel wakes it at once; everywhere
 * it looks at its parent's pid about every millisecond), saying so and
 * exiting 129, and its -L watchdog (600 s by default) ends it in any
 * case. A thread of the parent that ends is not the parent's death.
 * Without -p it measures nothing and prints nothing on stdout.
 *
 * With -p it times its own spins for the -T seconds and prints how many
 * it made and the nanoseconds one took: a fixed loop in user space, with
 * no system call inside what is timed, so that its rate moves with the
 * CPU's clock and with what else shares the core (a host's other guests,
 * a thermal limit), not with the kernel under test. The driver runs it
 * for a few milliseconds before and after each workload.
 */
#include <unistd.h>

#include "lib/smpb.h"

/* Spins between looks at the clock, the signals and the parent: < 1 ms. */
#define SPINS	1000000
/*
 * Spins between looks at the clock when timing (-p): some 50 to 200 us
 * on today's CPUs, so a few milliseconds hold dozens of chunks and the
 * last one overshoots -T by little.
 */
#define CANARY_SPINS	65536
/* Between looks at the signals and the parent when timing (-p). */
#define CANARY_LOOK_NS	1000000

static const char usage_text[] =
    "usage: smpb-hog [-hpV] [-L seconds] [-T seconds]";

static struct {
	double	seconds;	/* -T: burn this long; 0 = until stopped */
} opt;

/* The spin's counter: volatile, so the compiler keeps every step. */
static volatile unsigned long spins;

static void
parse_args(int argc, char *argv[])
{
	int c;

	while ((c = opt_next(argc, argv, ":hL:pT:V")) != -1)
		if (c == 'T')
			opt.seconds = opt_seconds('T', optarg, 0.001, 86400);
	if (shared_opt.parsable && opt.seconds == 0)
		die(SMPB_EXIT_USAGE, "-p: needs -T, the seconds to time "
		    "(see %s -h)", prog_name);
	opt_no_operands(argc, argv);
}

/* Burn until -T seconds have passed (or for ever, without -T). */
static void
burn(void)
{
	uint64_t end = 0;
	int i;

	if (opt.seconds > 0)
		end = clock_now_ns() + (uint64_t)(opt.seconds * 1e9);
	for (;;) {
		for (i = 0; i < SPINS; i++)
			spins++;
		sig_check();	/* a signal, the watchdog, the parent gone */
		if (end > 0 && clock_now_ns() >= end)
			break;
	}
}

/*
 * -p: spin in chunks until they have taken -T seconds, timing each chunk
 * alone, so that the looks at the signals and the parent between them
 * (system calls) are not in the time; print the spins, the seconds they
 * took and the nanoseconds one took.
 */
static void
canary(void)
{
	uint64_t want_ns, t0, t1, next_look, spun_ns = 0, n = 0;
	int i;

	want_ns = (uint64_t)(opt.seconds * 1e9);
	next_look = clock_now_ns() + CANARY_LOOK_NS;
	for (;;) {
		t0 = clock_now_ns();
		for (i = 0; i < CANARY_SPINS; i++)
			spins++;
		t1 = clock_now_ns();
		spun_ns += t1 - t0;
		n += CANARY_SPINS;
		if (spun_ns >= want_ns)
			break;
		if (t1 >= next_look) {
			sig_check();
			next_look = t1 + CANARY_LOOK_NS;
		}
	}
	kv_begin();
	kv_int("spins", (long long)n);
	kv_num("seconds", (double)spun_ns / 1e9, 6);
	kv_num("ns_per_spin", (double)spun_ns / (double)n, 4);
	kv_end();
}

int
main(int argc, char *argv[])
{
	prog_init(argv[0], usage_text);
	parse_args(argc, argv);
	/* Always watches its parent, as -W has the others do. */
	sig_setup(shared_opt.limit_s, true);
	if (shared_opt.parsable)
		canary();
	else
		burn();
	return SMPB_EXIT_OK;
}
