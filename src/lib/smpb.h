/*
 * smpb.h: the one header of the smpbench harness.
 *
 * Every workload program includes this file and nothing else from src/lib.
 * It is sectioned by the file that implements each part: err.c (program
 * name, messages, signals and the single exit path), opt.c (strict option
 * parsing), clock.c (time and resource usage), team.c (workers as processes
 * or threads, the start gate, cleanup), stats.c (arithmetic), out.c (the
 * parsable key=value line) and cpu.c (every platform difference).
 */
#ifndef SMPB_H
#define SMPB_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifndef SMPB_VERSION
#define SMPB_VERSION "unknown"
#endif

/* Exit statuses shared by every program (see the EXIT STATUS of each page). */
#define SMPB_EXIT_OK		0	/* measured and reported */
#define SMPB_EXIT_FAIL		1	/* a runtime failure (fork, pipe...) */
#define SMPB_EXIT_USAGE		2	/* bad option or argument */
#define SMPB_EXIT_TIMEOUT	3	/* the -L watchdog expired */
#define SMPB_EXIT_UNSUPPORTED	4	/* the platform can't do what's asked */
#define SMPB_EXIT_SIGNAL	128	/* plus the signal: 129 130 143 */

/*
 * Per-worker data lives on cache lines of its own. 128 bytes covers the
 * adjacent-line prefetcher of x86 and the 128-byte lines of POWER and
 * Apple parts, so neighbouring workers never share a line.
 */
#define SMPB_CACHELINE		128
#define SMPB_MAXCPU		1024	/* CPUs a -c list or CPU set can name */
#define SMPB_CPU_WORDS		(SMPB_MAXCPU / 64)

/* err.c ------------------------------------------------------------------ */

extern const char *prog_name;	/* "smpb-ring": set by prog_init */

void	prog_init(const char *argv0, const char *usage);
_Noreturn void usage(int status);
void	warnmsg(const char *fmt, ...);
_Noreturn void die(int status, const char *fmt, ...);
void	at_die(void (*fn)(void));
void	die_forget(void);
void	sig_setup(unsigned limit_s);
int	sig_pending(void);
void	sig_check(void);
bool	sig_child_event(void);

/* opt.c ------------------------------------------------------------------ */

/*
 * The flags every program shares: -h -p -V -L, and -c and -W where the
 * program lists them in its getopt string. opt_common handles them and returns true
 * when it consumed the option.
 */
struct opt_common {
	bool		parsable;	/* -p: one key=value line */
	unsigned	limit_s;	/* -L: watchdog seconds, 0 = none */
	int		cpus[SMPB_MAXCPU]; /* -c: workers' CPUs, round robin */
	int		ncpus;		/* -c: entries in cpus, 0 = unpinned */
	bool		watch_parent;	/* -W: end (as on SIGHUP) when the
					   parent process dies */
};
extern struct opt_common opt_c;

long long opt_num(int flag, const char *arg, long long lo, long long hi);
double	opt_seconds(int flag, const char *arg, double lo, double hi);
int	opt_cpulist(int flag, const char *arg, int *cpus, int max);
bool	opt_common(int c, const char *arg);
_Noreturn void opt_bad(int c);
void	opt_no_operands(int argc, char *argv[]);
void	print_version(void);

/* clock.c ---------------------------------------------------------------- */

/* CPU time and context switches of a process or thread. */
struct usage {
	double	user_s;		/* user CPU seconds */
	double	sys_s;		/* system CPU seconds */
	long	nvcsw;		/* voluntary context switches */
	long	nivcsw;		/* involuntary context switches */
};

/* One measured interval: monotonic wall time and this process's usage. */
struct sample {
	uint64_t	t0_ns;		/* sample_begin's clock */
	uint64_t	wall_ns;	/* set by sample_end */
	struct usage	self0;		/* usage at sample_begin */
	struct usage	self;		/* usage over the interval */
};

uint64_t clock_now_ns(void);
void	clock_sleep_s(double seconds);
void	usage_self(struct usage *u);
void	usage_sub(struct usage *d, const struct usage *a,
	    const struct usage *b);
void	usage_add(struct usage *sum, const struct usage *u);
void	sample_begin(struct sample *s);
void	sample_end(struct sample *s);

/* team.c ----------------------------------------------------------------- */

enum team_kind { TEAM_PROCS, TEAM_THREADS };

/*
 * A worker's slot, written by that worker only and read by main after the
 * worker reported done (or, for count, at any time with a relaxed load).
 * The harness fills usage, wall and the CPU fields; result[] belongs to the
 * workload.
 */
struct slot {
	_Alignas(SMPB_CACHELINE)
	_Atomic uint64_t count;		/* work done, for a live snapshot */
	uint64_t	result[4];	/* workload-defined results */
	struct usage	usage;		/* from the gate to the worker's end */
	int		cpu_last;	/* last CPU seen, -1 = unknown */
	long		migrations;	/* CPU changes seen by slot_note_cpu */
	uint64_t	cpus_seen[SMPB_CPU_WORDS]; /* CPUs seen, a bit each */
};

struct team;
typedef void worker_fn(struct team *t, int self, void *arg);

struct team *team_new(enum team_kind kind, int n, const int *cpus,
	    int ncpus);
void	team_spawn(struct team *t, int self, worker_fn *fn, void *arg);
void	team_gate(struct team *t, int self);
uint64_t team_go(struct team *t);
bool	team_running(struct team *t);
void	team_sleep(struct team *t, double seconds);
void	team_stop(struct team *t);
void	team_wait(struct team *t);
void	team_free(struct team *t);
struct slot *team_slot(struct team *t, int self);
int	team_size(struct team *t);
void	team_usage(struct team *t, struct usage *sum);
int	team_cpus_used(struct team *t);
_Noreturn void team_fail(struct team *t, int self, const char *fmt, ...);
void	slot_note_cpu(struct slot *s);
ssize_t	read_full(int fd, void *buf, size_t len);
int	write_full(int fd, const void *buf, size_t len);

/* stats.c ---------------------------------------------------------------- */

double	stats_mean(const double *v, size_t n);
double	stats_median(const double *v, size_t n);
void	stats_minmax(const double *v, size_t n, double *min, double *max);
double	stats_stddev(const double *v, size_t n);
double	stats_cv(const double *v, size_t n);
double	stats_jain(const double *v, size_t n);
double	stats_normvar(const double *v, size_t n);

/* out.c ------------------------------------------------------------------ */

void	kv_begin(void);
void	kv_int(const char *key, long long value);
void	kv_num(const char *key, double value, int decimals);
void	kv_end(void);

/* cpu.c ------------------------------------------------------------------ */

int	cpu_count(void);
int	cpu_allowed(int *cpus, int max);
bool	cpu_can_bind(void);
int	cpu_bind(int cpu);
int	cpu_current(void);
long	cpu_l2_kib(void);
void	cpu_die_with_parent(pid_t parent);
int	cpu_signal_on_parent_death(int sig);
void	cpu_usage_thread(struct usage *u);
void	*cpu_shared_alloc(size_t size);
void	cpu_shared_free(void *p, size_t size);

#endif
