/*
 * team.h: the inside of a team, shared by team.c (the lifecycle and the
 * gate) and reap.c (the guardian, watching, reaping and killing). Nothing
 * outside the harness includes it; programs see struct team as opaque.
 *
 * One lifecycle per worker, kept by main in members[k].state:
 *
 *	W_SPAWNED  forked or created; not heard from yet
 *	W_READY    its READY record came: it waits at the gate
 *	W_DONE     its DONE record came: its slot is final
 *	W_REAPED   reaped (processes) or joined (threads)
 *
 * Workers speak on one record pipe, one 4-byte record per message
 * (atomic, as it is under PIPE_BUF): the kind in the top byte, the
 * worker's index below. A process that is reaped before it reached
 * W_DONE died, whatever phase it was in, and the run ends there.
 */
#ifndef TEAM_H
#define TEAM_H

#include <pthread.h>

#include "smpb.h"

#define MAX_TEAMS	4

enum worker_state { W_SPAWNED = 1, W_READY, W_DONE, W_REAPED };
enum record_kind { REC_READY = 1, REC_DONE, REC_FAILED };

#define REC_MAKE(kind, self)	((int32_t)((uint32_t)(kind) << 24 | \
				    (uint32_t)(self)))
#define REC_KIND(rec)		((int)((uint32_t)(rec) >> 24))
#define REC_SELF(rec)		((int)((uint32_t)(rec) & 0xffffff))

/* The shared control line, on a page of its own (team.c, map_shared). */
struct control {
	_Alignas(SMPB_CACHELINE)
	atomic_int	running;	/* set by team_new, cleared by stop */
	_Atomic uint64_t deadline_ns;	/* team_run_for's end; 0: none */
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
	/* Processes */
	struct pidmap	map;
	int		*done_queue;	/* workers in the order they said DONE */
	int		done_next;	/* done_queue[0..done_next) are reaped */
	struct member	members[];	/* main's view of each worker */
};

/*
 * The team, as the workers read it: written by main before its first
 * worker starts and left alone after (but for the gate's end, closed in
 * main when it opens), on private pages of its own (cpu_private_alloc),
 * its placement after it. Fork gives a worker main's mapping of it,
 * where a worker's first look at a shared page, or at one main never
 * wrote, is a page fault.
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
	struct slot	*slots;		/* shared, each worker's own */
	size_t		slots_size;
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

/* reap.c */
void	reap_init(struct team *t);
void	reap_fini(struct team *t);
void	reap_adopt(struct team *t, int self);
void	reap_watch(struct team *t, int timeout_ms);
void	reap_check(struct team *t);
void	reap_drain(struct team *t);
void	reap_all(struct team *t);
void	reap_kill(struct team *t);
void	reap_close(int *fd);
void	reap_child_init(void);
void	reap_register(struct team *t);
void	reap_unregister(struct team *t);

#endif
