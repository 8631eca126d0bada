/*
 * harness.h: the inside of the smpbench harness, for src/lib and its unit
 * tests only. A workload program includes smpb.h, never this file: to it
 * a team is opaque, a slot is its results, and a histogram a pointer.
 *
 * The files of the harness are layered: each calls only files before it
 * in this list, never one after it, so no two of them call each other.
 * Where a lower file needs what a higher one knows, it is passed down (a
 * parameter, or a hook registered at the start: die's cleanup hooks).
 * tests/prog/t607-layers.sh reads the list from here and checks it on
 * the symbols of the objects.
 *
 *	layers: sys mem clock stats hist io
 *	layers: prog sig kv opt
 *	layers: proc measure
 *	layers: pidmap guard worker spawn reap team
 *	layers: report
 *
 * sys: every platform difference. mem: mappings of their own. clock:
 * the monotonic clock. stats, hist: arithmetic. io: whole reads and
 * writes. prog: the program's name, messages, die and its hooks. sig:
 * signals, the watchdog, -W. kv: stdout and the -p line. opt: options.
 * proc: the kernel's scheduler statistics from /proc. measure: what is
 * taken of a worker at its gate and at its end. pidmap: pid -> worker.
 * guard: the guardian, the registry of live teams, killing them. worker:
 * a worker's side of a team. spawn: a worker started, process or
 * thread. reap: main's watch over the workers, their records and
 * deaths. team: main's side of a team.
 * report: what was measured, and the common parts of the output.
 */
#ifndef HARNESS_H
#define HARNESS_H

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "smpb.h"

/*
 * Per-worker data lives on cache lines of its own. 128 bytes covers the
 * adjacent-line prefetcher of x86 and the 128-byte lines of POWER and
 * Apple parts, so neighbouring workers never share a line.
 */
#define SMPB_CACHELINE		128
#define SMPB_CPU_WORDS		(SMPB_MAXCPU / 64)

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
	uint64_t	wait_ns;	/* runnable, waiting on a run queue */
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

/* sys.c ------------------------------------------------------------------ */

int	sys_cpus_online(void);
int	sys_bind(int cpu);
int	sys_confine(const int *cpus, int n);
int	sys_current_cpu(void);
int	sys_clock_gettime(clockid_t id, struct timespec *ts);
void	sys_close_from(int low);
void	sys_die_with_parent(pid_t parent);
int	sys_parent_death_signal(int sig);
ssize_t	sys_read_small(const char *path, char *buf, size_t size);
/* sys_cpu_state: whether a CPU is online, offline or not on this system. */
enum cpu_state { CPU_ONLINE, CPU_OFFLINE, CPU_ABSENT, CPU_UNKNOWN };
enum cpu_state sys_cpu_state(int cpu);
long	sys_parse_kib(const char *text);
bool	sys_fd_room(long need);
long	sys_pid_limit(void);
const char *sys_pid_hint(void);
void	*sys_map_zeroed(size_t size, int share);
void	sys_warm_up(void);
void	sys_usage_thread(struct usage *u);

/* mem.c, clock.c, stats.c, io.c -------------------------------------------- */

void	*mem_shared(size_t size);
void	*mem_private(size_t size);
void	mem_free(void *p, size_t size);

bool	clock_works(void);
uint64_t clock_cold_ns(void);

double	stats_mean(const double *v, size_t n);
double	stats_median(double *v, size_t n);
double	stats_sqrt(double x);
double	stats_stddev(const double *v, size_t n);
double	stats_cv(const double *v, size_t n);

void	io_close(int *fd);

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
void	hist_add(struct hist *sum, const struct hist *h);
double	hist_quantile(const struct hist *h, double q);

/* prog.c, sig.c, kv.c, opt.c ----------------------------------------------- */

extern const char *prog_usage;	/* the usage line: set by prog_init */
extern bool prog_stdout_closed;	/* stdout was closed at the start */

void	at_die(void (*fn)(void));
bool	sig_child_event(void);
void	sig_output_begin(void);
void	sig_output_end(void);
void	sig_sleep_s(double seconds);
void	kv_word(const char *key, const char *word);
void	kv_cpus(const char *key, const uint64_t *set);
size_t	kv_cpulist(char *buf, size_t size, const uint64_t *set);
int	opt_cpulist(int flag, const char *arg, int *cpus, int max);
bool	opt_shared(int c, const char *arg);
_Noreturn void opt_usage(int status);

/* proc.c, measure.c -------------------------------------------------------- */

bool	proc_open(bool thread, bool hold, struct sched_files *f);
void	proc_close(struct sched_files *f);
bool	proc_runtime(bool thread, const struct sched_files *f,
	    struct sched_stats *s);
bool	proc_migrations(bool thread, const struct sched_files *f,
	    struct sched_stats *s);
bool	proc_parse_schedstat(const char *text, struct sched_stats *s);
bool	proc_parse_migrations(const char *text, struct sched_stats *s);

void	measure_open(struct sched_files *f, bool thread, bool hold);
void	measure_close(struct sched_files *f);
void	measure_begin(struct measure *m, const struct sched_files *f,
	    bool thread);
void	measure_end(struct measure *m, const struct sched_files *f,
	    bool thread);
void	measure_sub(struct measure *d, const struct measure *end,
	    const struct measure *begin);
void	measure_add(struct measure *sum, const struct measure *m);

/* The team ----------------------------------------------------------------- */

/*
 * One lifecycle per worker, kept by main in members[k].state:
 *
 *	W_SPAWNED  forked or created; not heard from yet
 *	W_READY    its READY record came: it waits at the gate
 *	W_LOST     its LOST record came: another worker's end broke its
 *		   work (worker_lost), and it exits
 *	W_DONE     its DONE record came: its slot is final
 *	W_REAPED   reaped (processes) or joined (threads)
 *
 * Workers speak on one record pipe, one 4-byte record per message
 * (atomic, as it is under PIPE_BUF): the kind in the top byte, the
 * worker's index below. A process that is reaped before it reached
 * W_LOST or W_DONE died, whatever phase it was in, and the run ends
 * there; a LOST record ends it too, naming the death that explains it.
 */
#define MAX_TEAMS	4

enum worker_state { W_SPAWNED = 1, W_READY, W_LOST, W_DONE, W_REAPED };
enum record_kind { REC_READY = 1, REC_DONE, REC_FAILED, REC_LOST };

#define REC_MAKE(kind, self)	((int32_t)((uint32_t)(kind) << 24 | \
				    (uint32_t)(self)))
#define REC_KIND(rec)		((int)((uint32_t)(rec) >> 24))
#define REC_SELF(rec)		((int)((uint32_t)(rec) & 0xffffff))

/*
 * The shared control line, on a page of its own (team.c, map_shared),
 * and after it, on lines of their own, what the first worker that lost a
 * peer says (worker_lost): main prints it where no death explains it.
 */
struct control {
	_Alignas(SMPB_CACHELINE)
	atomic_int	running;	/* set by team_new, cleared by stop */
	_Atomic uint64_t run_for_ns;	/* team_run_for's length; 0: none */
	_Atomic uint64_t deadline_ns;	/* its end, set at the gate; 0: none */
	_Alignas(SMPB_CACHELINE)
	atomic_int	lost_claimed;	/* 1: lost_msg is written, or being */
	char		lost_msg[256];	/* "worker 0: the ring is broken..." */
};

/*
 * A worker's seat, in memory shared with forked workers: the slot of its
 * results first, then what the harness takes of it at the gate and at
 * worker_end (never inside the workload's loop). The worker writes it;
 * main reads it once the worker's DONE record has come.
 */
struct seat {
	_Alignas(SMPB_CACHELINE)
	struct slot	slot;		/* the workload's */
	uint64_t	start_ns;	/* clock as the worker left the gate;
					   0: it slept through it */
	uint64_t	end_ns;		/* clock at worker_end */
	struct measure	at_gate;	/* taken as it left the gate (a
					   sleeper: as it went to sleep) */
	struct measure	run;		/* from then to worker_end */
	struct sched_files files;	/* the worker's, gate to worker_end */
	struct hist	*hist;		/* -l: the worker's own, its memory */
	int		cpu_start;	/* CPU at the start, -1 = unknown */
	int		cpu_end;	/* CPU at the end, -1 = unknown */
	bool		gated;		/* passed worker_gate(_asleep) */
	bool		ended;		/* passed worker_end */
};

/* What a worker needs to start: passed to its thread or kept by its fork. */
struct start {
	struct team	*team;
	int		self;
	worker_fn	*fn;
	void		*arg;
};

/* Main's record of one worker, in the book: the pid and the state. */
struct member {
	pid_t		pid;		/* processes: the worker's pid */
	unsigned char	state;		/* enum worker_state, 0 = not yet */
};

/*
 * pid -> worker, open addressing; size is a power of two > 2 n. Built
 * only when a process is reaped, not between forks (each page main
 * writes there would be copied at the next fork), from the members
 * spawned since it was last brought up to date.
 */
struct pidmap {
	pid_t		*pid;		/* 0 = empty */
	int		*worker;
	size_t		mask;
	int		filled;		/* members[0..filled) are in it */
};

/*
 * -l: the workers' histograms, added up as each ends, by processes as
 * well as threads: C11 atomics in shared memory hold across processes
 * only where they are lock-free.
 */
_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2,
    "64-bit atomics must be lock-free to be shared by processes");
struct hist_shared {
	_Atomic uint64_t count[HIST_BUCKETS];
	_Atomic uint64_t samples;
	_Atomic uint64_t max_ns;
};

/*
 * What main writes while its workers live: the book, in memory shared
 * with the workers though no worker looks at it. A private page written
 * after a fork is copied, a fault and a TLB flush in main for every
 * worker forked; a shared one is not.
 */
struct book {
	int		spawned;	/* workers started so far */
	int		nready, ndone, nreaped;
	bool		lost;		/* a LOST record came (reap.c) */
	/* Processes */
	struct pidmap	map;
	int		*done_queue;	/* workers, in the order of DONE */
	int		done_next;	/* done_queue[0..done_next): reaped */
	struct member	members[];	/* main's view of each worker */
};

/*
 * The team, as the workers read it: written by main before its first
 * worker starts and left alone after (but for the gate's end, closed in
 * main when it opens), on private pages of its own (mem_private), its
 * placement after it. Fork gives a worker main's mapping of it, where a
 * worker's first look at a shared page, or at one main never wrote, is
 * a page fault.
 */
struct team {
	enum team_kind	kind;
	size_t		size;		/* of its mapping, placement included */
	const char	*name;		/* "worker", or "hog" for messages */
	int		n;		/* workers */
	int		*cpus;		/* -c placement, round robin, after
					   the team; or NULL */
	int		ncpus;
	pid_t		parent;		/* main's pid */
	struct control	*ctl;		/* shared, a page of its own */
	struct hist_shared *lat;	/* shared, with -l; else NULL */
	struct seat	*seats;		/* shared, each worker's own */
	size_t		seats_size;
	struct book	*book;		/* shared; main's alone */
	size_t		book_size;
	int		rec_fd[2];	/* workers -> main: records */
	int		go_fd[2];	/* the gate: EOF opens it */
	bool		hold_files;	/* workers hold their /proc files */
	/* Processes */
	pid_t		guardian;	/* and leader of the workers' group */
	int		live_fd[2];	/* EOF: main is gone */
	/* Threads */
	pthread_t	*threads;
	struct start	*starts;	/* each thread's argument */
};


/* pidmap.c */
int	pidmap_get(struct team *t, pid_t pid);
void	pidmap_free(struct team *t);

/* guard.c */
void	guard_start(struct team *t);
void	guard_adopt(struct team *t, int self);
void	guard_kill(struct team *t);
void	guard_register(struct team *t);
void	guard_unregister(struct team *t);
struct team *guard_team(int i);
void	guard_child_init(void);

/* worker.c, spawn.c */
void	worker_done(struct team *t, int self);
void	spawn_worker(struct team *t, struct start *s);

/* reap.c */
void	reap_watch(struct team *t, int timeout_ms);
void	reap_check(struct team *t);
void	reap_drain(struct team *t);
void	reap_all(struct team *t);
void	reap_fini(struct team *t);

/* team.c */
void	team_sleep(struct team *t, double seconds);

/* report.c */
uint64_t report_wall_ns(struct team *t, int closer);
void	report_totals(struct team *t, struct measure *sum,
	    double *wait_max_s);
int	report_cpus_used(struct team *t);

#endif
