/*
 * smpb-bind: the cache-dirtying CPU-binding test of seed 004 (Avi Kivity's
 * meaningless-benchmark and eatcpu, linux-kernel, October 1999, with
 * Harald Koenig's reply on page colouring).
 *
 * W worker processes each dirty an array the size of a cache (by default
 * the L2 size found at run time) with the seed's pattern: step back four
 * bytes, wrapping at the end, and increment the byte there. A worker that
 * migrates to another CPU leaves its warm cache behind. Figure: each
 * worker's user seconds for R accesses, from the gate to its end, with
 * the CPU migrations the kernel counted for it, its run-queue wait and its
 * involuntary switches (all taken by the harness at the gate and at the
 * end). Variants: -B binds worker k to its own CPU; -H runs background CPU
 * hogs.
 *
 * Fixed from the seed: its array was never read, so gcc -O2 deleted the
 * whole loop and it measured nothing; here every worker sums its array
 * afterwards and main checks the sum against the accesses made (each
 * access adds one to one byte, so the sum modulo 256 is the accesses
 * modulo 256). PR_SET_CPUBINDING was never merged; binding is the
 * platform's affinity call. The hogs belong to the program and are
 * stopped on every exit path. The array is allocated and every page of it
 * written before the gate, through a volatile pointer: a memset of zeros
 * after malloc is folded into calloc by gcc -O2, and the pages were then
 * faulted in inside the measured loop. No page fault is measured.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib/smpb.h"

#define CHUNK		65536	/* accesses between looks at the flag (-T) */
#define FALLBACK_KIB	1024	/* -s when the L2 size is unknown */

static const char usage_text[] =
    "usage: smpb-bind [-BhpVW] [-C cpulist] [-c cpulist] [-H hogs] [-L seconds]\n"
    "                 [-n workers] [-r reps | -T seconds] [-s kib]";

static struct {
	bool	bind;			/* -B: worker k on the k-th CPU */
	long	hogs;			/* -H: background hogs, 0..1024 */
	long	workers;		/* -n: workers, 1..1024, default 2 */
	long long reps;			/* -r: accesses per worker, 1..10^13 */
	double	seconds;		/* -T: run this long instead; 0 = -r */
	long	kib;			/* -s: array KiB, 1..1048576; 0 = L2 */
} opt = { .workers = 2, .reps = 1500000000 };

/* What a worker leaves in its slot's result[]. */
enum { RES_ACCESSES, RES_SUM };

static void
parse_args(int argc, char *argv[])
{
	int c;

	while ((c = opt_next(argc, argv, ":BC:c:hH:L:n:pr:s:T:VW")) != -1) {
		switch (c) {
		case 'B':
			opt.bind = true;
			break;
		case 'H':
			opt.hogs = (long)opt_num('H', optarg, 0, 1024);
			break;
		case 'n':
			opt.workers = (long)opt_num('n', optarg, 1, 1024);
			break;
		case 'r':
			opt.reps = opt_num('r', optarg, 1, 10000000000000LL);
			break;
		case 's':
			opt.kib = (long)opt_num('s', optarg, 1, 1048576);
			break;
		case 'T':
			opt.seconds = opt_seconds('T', optarg, 0.001, 86400);
			break;
		}
	}
	opt_exclusive('r', 'T');
	opt_no_operands(argc, argv);
	if (opt.bind && !sys_can_bind())
		die(SMPB_EXIT_UNSUPPORTED, "-B: this system cannot bind "
		    "processes to CPUs");
	if (opt.bind && shared_opt.ncpus == 0)
		shared_opt.ncpus = sys_cpus_allowed(shared_opt.cpus,
		    SMPB_MAXCPU);
	if (opt.kib == 0 && (opt.kib = sys_l2_kib()) == 0) {
		opt.kib = FALLBACK_KIB;
		warnmsg("the L2 cache size is unknown here: using %d KiB "
		    "(set it with -s)", FALLBACK_KIB);
	}
}

/*
 * The seed's loop, n accesses from position p: step back four bytes,
 * wrapping at the start, and increment the byte there. For a power-of-two
 * size this is the seed's p = (p - 4) % size on an unsigned p.
 */
static size_t
dirty(unsigned char *a, size_t size, size_t p, uint64_t n)
{
	while (n-- > 0) {
		p = p >= 4 ? p - 4 : p + size - 4;
		++a[p];
	}
	return p;
}

static uint64_t
checksum(const unsigned char *a, size_t size)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < size; i++)
		sum += a[i];
	return sum;
}

/*
 * Fault every page of the (zeroed) array in before the gate. The writes
 * go through a volatile pointer, so the compiler cannot drop them; a large
 * calloc, like the calloc gcc makes of malloc and memset, only maps pages
 * that the first write then faults in.
 */
static void
touch_pages(unsigned char *a, size_t size)
{
	volatile unsigned char *v = a;
	size_t step = (size_t)sysconf(_SC_PAGESIZE), i;

	if (step == 0 || step == (size_t)-1)
		step = 4096;
	for (i = 0; i < size; i += step)
		v[i] = 0;
	v[size - 1] = 0;
}

/* Worker: dirty its own array -r times, or until main says stop. */
static void
dirtier(struct team *t, int self, void *arg)
{
	struct slot *me = team_slot(t, self);
	size_t size = (size_t)opt.kib * 1024, p = 0;
	uint64_t done = 0, n;
	unsigned char *a;

	(void)arg;
	if ((a = calloc(1, size)) == NULL)
		worker_fail(t, self, "cannot allocate %ld KiB:", opt.kib);
	touch_pages(a, size);
	worker_gate(t, self);
	for (;;) {
		n = CHUNK;
		if (opt.seconds == 0 && (uint64_t)opt.reps - done < n)
			n = (uint64_t)opt.reps - done;
		p = dirty(a, size, p, n);
		done += n;
		if (opt.seconds == 0 ? done == (uint64_t)opt.reps :
		    !worker_running(t))
			break;
	}
	worker_end(t, self);
	me->result[RES_ACCESSES] = done;
	me->result[RES_SUM] = checksum(a, size);
	free(a);
}

/* A background hog, the seed's eatcpu: spin until main says stop. */
static void
hog(struct team *t, int self, void *arg)
{
	(void)arg;
	worker_gate(t, self);
	while (worker_running(t))
		continue;
}

/* Every worker must have made its accesses, as the sums prove. */
static void
check_sums(struct team *t)
{
	struct slot *s;
	int k;

	for (k = 0; k < team_size(t); k++) {
		s = team_slot(t, k);
		if (s->result[RES_SUM] % 256 != s->result[RES_ACCESSES] % 256)
			die(SMPB_EXIT_FAIL, "worker %d: its array's sum does "
			    "not match its %llu accesses", k,
			    (unsigned long long)s->result[RES_ACCESSES]);
	}
}

/* Per worker: user seconds, migrations, waits; then the common tail. */
static void
report(struct team *t)
{
	struct interval iv, w;
	char key[32];
	double accesses = 0;
	int k, n = team_size(t);

	if (!shared_opt.parsable) {
		for (k = 0; k < n; k++) {
			report_worker(t, k, &w);
			printf("%s%.2f", k > 0 ? " " : "", w.user_s);
		}
		putchar('\n');
		return;
	}
	for (k = 0; k < n; k++)
		accesses += (double)team_slot(t, k)->result[RES_ACCESSES];
	report_run(t, -1, &iv);
	kv_begin();
	kv_int("workers", n);
	kv_int("cache_kib", opt.kib);
	kv_num("reps", accesses / n, 0);
	kv_num("seconds", opt.seconds, 3);
	kv_int("bound", shared_opt.ncpus > 0);
	kv_int("hogs", opt.hogs);
	kv_num("wall_s", iv.wall_s, 6);
	for (k = 0; k < n; k++) {
		report_worker(t, k, &w);
		snprintf(key, sizeof(key), "user_s_%d", k);
		kv_num(key, w.user_s, 3);
		snprintf(key, sizeof(key), "nivcsw_%d", k);
		kv_int(key, w.nivcsw);
		if (!w.sched)
			continue;
		snprintf(key, sizeof(key), "migrations_%d", k);
		kv_int(key, w.migrations);
		snprintf(key, sizeof(key), "wait_s_%d", k);
		kv_num(key, w.wait_s, 6);
	}
	report_tail(t);
	kv_end();
}

int
main(int argc, char *argv[])
{
	struct team *hogs = NULL, *t;
	int k;

	prog_init(argv[0], usage_text);
	parse_args(argc, argv);
	sig_setup(shared_opt.limit_s, shared_opt.watch_parent);
	if (opt.hogs > 0) {
		hogs = team_new(TEAM_PROCS, (int)opt.hogs, NULL, 0);
		team_name(hogs, "hog");
		for (k = 0; k < opt.hogs; k++)
			team_spawn(hogs, k, hog, NULL);
	}
	t = team_new(TEAM_PROCS, (int)opt.workers, shared_opt.cpus,
	    shared_opt.ncpus);
	for (k = 0; k < opt.workers; k++)
		team_spawn(t, k, dirtier, NULL);
	if (hogs != NULL)
		team_go(hogs);
	if (opt.seconds > 0)
		team_run_for(t, opt.seconds);
	else
		team_go(t);
	team_wait(t);
	if (hogs != NULL) {
		team_stop(hogs);
		team_wait(hogs);
		team_free(hogs);
	}
	check_sums(t);
	report(t);
	kv_flush();
	team_free(t);
	return SMPB_EXIT_OK;
}
