/*
 * smpb.h: the one header of the smpbench harness.
 *
 * Every workload program includes this file and nothing else from src/lib.
 * It is sectioned by the file that implements each part: err.c (program
 * name, messages, signals and the single exit path), opt.c (strict option
 * parsing), clock.c (time), measure.c (what is taken of every worker at
 * the gate and at its end, and the common tail of the -p line), team.c
 * (workers as processes or threads: their lifecycle and the start gate;
 * reap.c behind it watches, reaps and kills them), stats.c (arithmetic),
 * out.c (the parsable key=value line) and cpu.c (every platform
 * difference).
 */
#ifndef SMPB_H
#define SMPB_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

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
void	sig_setup(unsigned limit_s);
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

uint64_t clock_now_ns(void);
uint64_t clock_cold_ns(void);
void	clock_sleep_s(double seconds);

/* measure.c -------------------------------------------------------------- */

/* CPU time, context switches and faults of a process or thread. */
struct usage {
	double	user_s;		/* user CPU seconds */
	double	sys_s;		/* system CPU seconds */
	long	nvcsw;		/* voluntary context switches */
	long	nivcsw;		/* involuntary context switches */
	long	minflt;		/* minor page faults */
};

/*
 * The kernel's own scheduler statistics of one task (Linux:
 * /proc/.../schedstat and se.nr_migrations of /proc/.../sched). valid is
 * false where the kernel does not give them; the numbers are then 0 and
 * must not be printed.
 */
struct sched_stats {
	bool		valid;
	uint64_t	run_ns;		/* time on a CPU */
	uint64_t	wait_ns;	/* time runnable, waiting on a run queue */
	uint64_t	slices;		/* times it was given a CPU */
	uint64_t	migrations;	/* moves to another CPU */
};

/*
 * The /proc files of a task's statistics: held open by a worker from
 * before its gate to its end (a thread where the limit on descriptors
 * leaves room); -1 where they are opened at each look.
 */
struct sched_files {
	int		schedstat;
	int		sched;
};

/* What the harness takes of a worker at the gate and at its end. */
struct measure {
	struct usage	u;
	struct sched_stats s;
};

void	measure_open(struct sched_files *f, bool thread, bool hold);
void	measure_close(struct sched_files *f);
void	measure_begin(struct measure *m, const struct sched_files *f,
	    bool thread);
void	measure_end(struct measure *m, const struct sched_files *f,
	    bool thread);
void	measure_sub(struct measure *d, const struct measure *end,
	    const struct measure *begin);
void	measure_add(struct measure *sum, const struct measure *m);

struct team;
void	team_totals(struct team *t, struct measure *sum, double *wait_max_s);
uint64_t team_wall_ns(struct team *t, int closer);
int	team_cpus_used(struct team *t);
void	team_print_tail(struct team *t);
void	team_print_latency(struct team *t);

/* team.c ----------------------------------------------------------------- */

enum team_kind { TEAM_PROCS, TEAM_THREADS };

/*
 * A worker's slot, in memory shared with forked workers. The worker
 * writes it; main reads it once the worker's DONE record has come.
 * result[] belongs to the workload; the rest is the harness's, taken at
 * the gate and at team_end (never inside the workload's loop).
 */
struct slot {
	_Alignas(SMPB_CACHELINE)
	uint64_t	result[4];	/* workload-defined results */
	uint64_t	start_ns;	/* clock as the worker left the gate;
					   0: it slept through it */
	uint64_t	end_ns;		/* clock at team_end */
	struct measure	at_gate;	/* taken as it left the gate (a
					   sleeper: as it went to sleep) */
	struct measure	run;		/* from then to team_end */
	struct sched_files files;	/* the worker's, gate to team_end */
	struct hist	*hist;		/* -l: the worker's own, in its memory */
	int		cpu_start;	/* CPU at the start, -1 = unknown */
	int		cpu_end;	/* CPU at the end, -1 = unknown */
	bool		gated;		/* passed team_gate(_asleep) */
	bool		ended;		/* passed team_end */
};

typedef void worker_fn(struct team *t, int self, void *arg);

struct team *team_new(enum team_kind kind, int n, const int *cpus,
	    int ncpus);
void	team_name(struct team *t, const char *name);
void	team_measure_latency(struct team *t);
struct hist *team_hist(struct team *t, int self);
bool	team_latency(struct team *t, struct hist *sum);
void	team_spawn(struct team *t, int self, worker_fn *fn, void *arg);
void	team_gate(struct team *t, int self);
void	team_gate_asleep(struct team *t, int self);
void	team_restart(struct team *t, int self);
void	team_end(struct team *t, int self);
void	team_go(struct team *t);
void	team_run_for(struct team *t, double seconds);
bool	team_running(struct team *t);
bool	team_running_spaced(struct team *t);
void	team_sleep(struct team *t, double seconds);
void	team_stop(struct team *t);
void	team_wait(struct team *t);
void	team_free(struct team *t);
struct slot *team_slot(struct team *t, int self);
int	team_size(struct team *t);
_Noreturn void team_fail(struct team *t, int self, const char *fmt, ...);
ssize_t	read_full(int fd, void *buf, size_t len);
int	write_full(int fd, const void *buf, size_t len);

/* hist.c ----------------------------------------------------------------- */

/* A log-linear histogram of nanoseconds: 0.78% at most off, 64 ns..275 s. */
#define HIST_SUB	64	/* buckets per power of two */
#define HIST_EXPONENTS	32	/* powers of two above HIST_SUB */
#define HIST_BUCKETS	(HIST_SUB * (HIST_EXPONENTS + 1))

struct hist {
	uint64_t	count[HIST_BUCKETS];
	uint64_t	samples;
	uint64_t	max_ns;		/* exact */
};

void	hist_clear(struct hist *h);
void	hist_record(struct hist *h, uint64_t ns);
void	hist_add(struct hist *sum, const struct hist *h);
double	hist_quantile(const struct hist *h, double q);

/* stats.c ---------------------------------------------------------------- */

double	stats_mean(const double *v, size_t n);
double	stats_median(const double *v, size_t n);
void	stats_minmax(const double *v, size_t n, double *min, double *max);
double	stats_sqrt(double x);
double	stats_stddev(const double *v, size_t n);
double	stats_cv(const double *v, size_t n);
double	stats_jain(const double *v, size_t n);
double	stats_normvar(const double *v, size_t n);

/* out.c ------------------------------------------------------------------ */

void	kv_begin(void);
void	kv_int(const char *key, long long value);
void	kv_num(const char *key, double value, int decimals);
void	kv_word(const char *key, const char *word);
void	kv_end(void);
void	out_flush(void);

/* cpu.c ------------------------------------------------------------------ */

int	cpu_count(void);
int	cpu_allowed(int *cpus, int max);
bool	cpu_can_bind(void);
int	cpu_bind(int cpu);
int	cpu_current(void);
int	cpu_clock_gettime(clockid_t id, struct timespec *ts);
long	cpu_l2_kib(void);
void	cpu_close_from(int low);
void	cpu_die_with_parent(pid_t parent);
int	cpu_signal_on_parent_death(int sig);
void	cpu_warm_up(void);
void	cpu_usage_thread(struct usage *u);
bool	cpu_sched_open(bool thread, bool hold, struct sched_files *f);
bool	cpu_fd_room(long need);
void	cpu_sched_close(struct sched_files *f);
bool	cpu_sched_runtime(bool thread, const struct sched_files *f,
	    struct sched_stats *s);
bool	cpu_sched_migrations(bool thread, const struct sched_files *f,
	    struct sched_stats *s);
bool	cpu_parse_schedstat(const char *text, struct sched_stats *s);
bool	cpu_parse_migrations(const char *text, struct sched_stats *s);
long	cpu_parse_kib(const char *text);
long	cpu_pid_limit(void);
void	*cpu_shared_alloc(size_t size);
void	*cpu_private_alloc(size_t size);
void	cpu_mapped_free(void *p, size_t size);

#endif
