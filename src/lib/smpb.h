/*
 * smpb.h: what a workload program may use of the smpbench harness, and
 * nothing else.
 *
 * A program names itself and parses its options (prog.c, opt.c), arms
 * its signals (sig.c), starts a team of workers and runs it (team.c);
 * each worker passes the start gate, runs its loop while the run lasts
 * and ends (worker.c); main then reads what the harness measured of the
 * run and prints it, the classic line or the -p line with its common
 * tail (report.c, kv.c). Everything else of the harness is its own
 * (harness.h), and no program includes it.
 */
#ifndef SMPB_H
#define SMPB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Exit statuses shared by every program (see the EXIT STATUS of each page). */
#define SMPB_EXIT_OK		0	/* measured and reported */
#define SMPB_EXIT_FAIL		1	/* a runtime failure (fork, pipe...) */
#define SMPB_EXIT_USAGE		2	/* bad option or argument */
#define SMPB_EXIT_TIMEOUT	3	/* the -L watchdog expired */
#define SMPB_EXIT_UNSUPPORTED	4	/* the platform can't do what's asked */
#define SMPB_EXIT_SIGNAL	128	/* plus the signal: 129 130 143 */

#define SMPB_MAXCPU		1024	/* CPUs a -c list or CPU set can name */

/* prog.c: the program's name, its messages and its single exit path. */
extern const char *prog_name;	/* "smpb-ring": set by prog_init */

void	prog_init(const char *argv0, const char *usage);
void	warnmsg(const char *fmt, ...);
_Noreturn void die(int status, const char *fmt, ...);

/* sig.c: signals, acted on in main's flow; the -L watchdog; -W. */
void	sig_setup(unsigned limit_s, bool watch_parent);
void	sig_check(void);

/*
 * opt.c: the program's options. opt_next() returns its own flags one by
 * one, as getopt does, and takes the flags every program shares itself:
 * -h -p -V -L, and -c, -C and -W where the program lists them in its
 * getopt string; their values are shared_opt's, of type struct
 * shared_opts. A bad flag ends the program (exit 2), and so do two that
 * exclude each other (opt_exclusive) and an operand (opt_no_operands,
 * once the program has checked its flags). -C takes effect as it is
 * parsed: the program is confined to its CPUs from there on.
 */
struct shared_opts {
	bool		parsable;	/* -p: one key=value line */
	unsigned	limit_s;	/* -L: watchdog seconds, 0 = none */
	int		cpus[SMPB_MAXCPU]; /* -c: workers' CPUs, round robin */
	int		ncpus;		/* -c: entries in cpus, 0 = unpinned */
	int		nconfined;	/* -C: CPUs the program is confined
					   to, 0 = not confined */
	bool		watch_parent;	/* -W: end (as on SIGHUP) when the
					   parent process dies */
};
extern struct shared_opts shared_opt;

long long opt_num(int flag, const char *arg, long long lo, long long hi);
double	opt_seconds(int flag, const char *arg, double lo, double hi);
int	opt_next(int argc, char *argv[], const char *optstring);
void	opt_exclusive(int a, int b);
void	opt_no_operands(int argc, char *argv[]);

/* sys.c: what a program asks of the platform itself. */
bool	sys_can_bind(void);
int	sys_cpus_allowed(int *cpus, int max);
long	sys_l2_kib(void);

/* clock.c, io.c, stats.c, hist.c: time, whole reads and writes, figures. */
uint64_t clock_now_ns(void);
ssize_t	read_full(int fd, void *buf, size_t len);
int	write_full(int fd, const void *buf, size_t len);
void	stats_minmax(const double *v, size_t n, double *min, double *max);
double	stats_jain(const double *v, size_t n);
double	stats_normvar(const double *v, size_t n);

struct hist;			/* -l: a worker's latencies (worker_hist) */
void	hist_record(struct hist *h, uint64_t ns);

/*
 * team.c: a team of workers, processes or threads, as main runs it: made,
 * spawned one by one (each runs fn to its gate), released at once (go,
 * or run_for so many seconds), stopped, waited for and freed.
 */
enum team_kind { TEAM_PROCS, TEAM_THREADS };

struct team;
typedef void worker_fn(struct team *t, int self, void *arg);

/*
 * A worker's results, in memory shared with forked workers: the worker
 * writes them, main reads them once the team is waited for. What the
 * harness measures of the worker is not here (report_worker).
 */
struct slot {
	uint64_t	result[4];	/* workload-defined results */
};

struct team *team_new(enum team_kind kind, int n, const int *cpus,
	    int ncpus);
void	team_name(struct team *t, const char *name);
void	team_measure_latency(struct team *t);
void	team_spawn(struct team *t, int self, worker_fn *fn, void *arg);
void	team_go(struct team *t);
void	team_run_for(struct team *t, double seconds);
void	team_stop(struct team *t);
void	team_wait(struct team *t);
void	team_free(struct team *t);
struct slot *team_slot(struct team *t, int self);
int	team_size(struct team *t);

/*
 * worker.c: what a worker calls: the gate (or, for one that waits for
 * work a released worker sends it, a sleep through it), a restart of its
 * interval after a warm-up, its end, the run flag, and its failure: its
 * own (worker_fail), or one that another worker's end explains, an EOF
 * or EPIPE where a worker should be (worker_lost: main names the worker
 * that died, else prints this message).
 */
void	worker_gate(struct team *t, int self);
void	worker_gate_asleep(struct team *t, int self);
void	worker_restart(struct team *t, int self);
void	worker_end(struct team *t, int self);
bool	worker_running(struct team *t);
bool	worker_running_spaced(struct team *t);
struct hist *worker_hist(struct team *t, int self);
_Noreturn void worker_fail(struct team *t, int self, const char *fmt, ...);
_Noreturn void worker_lost(struct team *t, int self, const char *fmt, ...);

/*
 * report.c: what the harness measured, the one way a program reads it:
 * of the whole run (report_run), or of one worker (report_worker). The
 * run's wall time runs from the first worker out of the gate to the end
 * of worker closer, or of the last worker when closer is -1; a worker's
 * from its gate to its end. The rest is summed over the workers. The
 * kernel's scheduler statistics are there only where sched is true.
 */
struct interval {
	double		wall_s;		/* the run's, or the worker's */
	double		user_s;		/* user CPU seconds */
	double		sys_s;		/* system CPU seconds */
	long		nvcsw;		/* voluntary context switches */
	long		nivcsw;		/* involuntary context switches */
	long		minflt;		/* minor page faults */
	bool		sched;		/* the kernel's statistics below */
	double		run_s;		/* on a CPU */
	double		wait_s;		/* runnable, waiting on a run queue */
	long long	migrations;	/* moves to another CPU */
};

void	report_run(struct team *t, int closer, struct interval *iv);
void	report_worker(struct team *t, int k, struct interval *iv);
void	report_latency(struct team *t);
void	report_tail(struct team *t);

/* kv.c: the -p line, "key=value ...\n", and the check that it was written. */
void	kv_begin(void);
void	kv_int(const char *key, long long value);
void	kv_num(const char *key, double value, int decimals);
void	kv_end(void);
void	kv_flush(void);

#endif
