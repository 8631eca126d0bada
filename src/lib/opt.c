/*
 * opt.c: strict option arguments, the flags every program shares, and
 * the usage and version lines they print (-h, -V).
 *
 * strtoll alone accepts leading blanks, a sign, "0x10" with base 0 and
 * trailing garbage; a benchmark must not quietly run 5 processes when it
 * was asked for " 5x". Numbers here are plain decimal digits, checked for
 * overflow and range, and a bad one ends the program with one line on
 * stderr and exit 2:
 *
 *	smpb-ring: -n: 'abc' is not a number (2..100000)
 *
 * CPU lists are held to the CPUs the process may run on. Two flags take
 * one: -c pins each worker to a CPU of its list, round robin; -C confines
 * the whole program, main, every worker and hog, to the CPUs of its list
 * and leaves the scheduler to place them there, as it places an unpinned
 * program on the CPUs of its cpuset.
 *
 * A program reads its options with opt_next, which gives it its own
 * flags and takes the rest, checks how its own go together, then calls
 * opt_no_operands: every program refuses a bad flag, two that exclude
 * each other and an operand in the same words, and in that order.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
/* The version, made by make (src/lib/version.h), unless given. */
#ifndef SMPB_VERSION
#include "version.h"
#endif

struct shared_opts shared_opt = { .parsable = false, .limit_s = 600 };

/* The flags opt_next has seen, for opt_exclusive. */
static bool given[UCHAR_MAX + 1];

/* Largest -L: a week. */
#define LIMIT_MAX_S	604800

static bool
all_digits(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

long long
opt_num(int flag, const char *arg, long long lo, long long hi)
{
	long long v;
	char *end;

	if (!all_digits(arg))
		die(SMPB_EXIT_USAGE, "-%c: '%s' is not a number (%lld..%lld)",
		    flag, arg, lo, hi);
	errno = 0;
	v = strtoll(arg, &end, 10);
	if (errno == ERANGE || v < lo || v > hi)
		die(SMPB_EXIT_USAGE, "-%c: '%s' is out of range (%lld..%lld)",
		    flag, arg, lo, hi);
	return v;
}

/*
 * Seconds: digits with an optional fraction, "2", "0.5", ".25", with as
 * many leading zeros as any decimal may have; too many digits is a value
 * out of range, as for opt_num.
 */
double
opt_seconds(int flag, const char *arg, double lo, double hi)
{
	const char *p = arg;
	int digits = 0;
	double v;

	for (; *p >= '0' && *p <= '9'; p++)
		digits++;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			digits++;
	if (digits == 0 || *p != '\0')
		die(SMPB_EXIT_USAGE, "-%c: '%s' is not a number of seconds "
		    "(%g..%g)", flag, arg, lo, hi);
	v = strtod(arg, NULL);
	if (v < lo || v > hi)
		die(SMPB_EXIT_USAGE, "-%c: '%s' is out of range (%g..%g)",
		    flag, arg, lo, hi);
	return v;
}

/* One CPU number of a list: digits, below SMPB_MAXCPU. */
static int
cpulist_number(const char **pp)
{
	const char *p = *pp;
	long v = 0;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (*p - '0');
		if (v >= SMPB_MAXCPU)
			return -1;
	}
	*pp = p;
	return (int)v;
}

/* Why a CPU this process may not use is not available. */
static const char *
why_not(int cpu)
{
	switch (sys_cpu_state(cpu)) {
	case CPU_OFFLINE:
		return "it is offline";
	case CPU_ABSENT:
		return "there is no such CPU";
	case CPU_ONLINE:
		if (shared_opt.nconfined > 0)
			return "it is not one of -C's CPUs";
		return "this process may not run on it (affinity or cpuset)";
	default:
		return "this process may not run on it";
	}
}

/*
 * Every listed CPU must be one this process may run on: a typo, an
 * offline CPU or one outside the process's cpuset is a usage error, not a
 * worker failing to bind half-way through the start.
 */
static void
check_cpus(int flag, const int *cpus, int n)
{
	static int allowed[SMPB_MAXCPU];
	static uint64_t set[SMPB_CPU_WORDS];
	static char list[SMPB_MAXCPU * 6];
	int nallowed, i, j;

	if (!sys_can_bind())
		die(SMPB_EXIT_UNSUPPORTED, "-%c: this system cannot bind "
		    "threads to CPUs", flag);
	nallowed = sys_cpus_allowed(allowed, SMPB_MAXCPU);
	for (i = 0; i < n; i++) {
		for (j = 0; j < nallowed && allowed[j] != cpus[i]; j++)
			continue;
		if (j < nallowed)
			continue;
		for (j = 0; j < nallowed; j++)
			set[allowed[j] / 64] |= (uint64_t)1 << (allowed[j] % 64);
		kv_cpulist(list, sizeof(list), set);
		die(SMPB_EXIT_USAGE, "-%c: CPU %d is not available: %s "
		    "(allowed here: %s)", flag, cpus[i], why_not(cpus[i]), list);
	}
}

/*
 * A CPU list, "0", "0,2", "0-3,6": fills cpus[] in the order written and
 * returns how many. Repeats are allowed ("0,0,1" puts two of every three
 * workers on CPU 0).
 */
int
opt_cpulist(int flag, const char *arg, int *cpus, int max)
{
	const char *p = arg;
	int n = 0, lo, hi, c;

	for (;;) {
		if ((lo = cpulist_number(&p)) < 0)
			goto bad;
		hi = lo;
		if (*p == '-') {
			p++;
			if ((hi = cpulist_number(&p)) < lo)
				goto bad;
		}
		for (c = lo; c <= hi; c++) {
			if (n == max)
				goto bad;
			cpus[n++] = c;
		}
		if (*p == '\0') {
			check_cpus(flag, cpus, n);
			return n;
		}
		if (*p++ != ',')
			goto bad;
	}
bad:
	die(SMPB_EXIT_USAGE, "-%c: '%s' is not a CPU list (like 0,2-3; "
	    "CPUs 0..%d, at most %d entries)", flag, arg, SMPB_MAXCPU - 1, max);
}

/*
 * -C: confine the program to the CPUs of arg, now, while main is its
 * only thread: every worker and hog made later inherits the set. From
 * here on the set is what the process may use, so a -c or a second -C
 * given after is held to it as every list is; a -c given before is
 * checked again here.
 */
static void
confine(const char *arg)
{
	static int cpus[SMPB_MAXCPU];
	uint64_t set[SMPB_CPU_WORDS];
	int n, i, err;

	n = opt_cpulist('C', arg, cpus, SMPB_MAXCPU);
	if ((err = sys_confine(cpus, n)) != 0) {
		errno = err;
		die(err == ENOTSUP ? SMPB_EXIT_UNSUPPORTED : SMPB_EXIT_FAIL,
		    "-C: cannot confine the program to CPUs %s:", arg);
	}
	memset(set, 0, sizeof(set));
	for (i = 0; i < n; i++)
		set[cpus[i] / 64] |= (uint64_t)1 << (cpus[i] % 64);
	shared_opt.nconfined = 0;
	for (i = 0; i < SMPB_CPU_WORDS; i++)
		for (; set[i] != 0; set[i] &= set[i] - 1)
			shared_opt.nconfined++;
	if (shared_opt.ncpus > 0)
		check_cpus('c', shared_opt.cpus, shared_opt.ncpus);
}

/* The usage line: on stdout with exit 0 (-h), else on stderr. */
_Noreturn void
opt_usage(int status)
{
	if (status == 0) {
		printf("%s\n", prog_usage);
		kv_flush();
		exit(0);
	}
	fprintf(stderr, "%s\n", prog_usage);
	exit(status);
}

static _Noreturn void
version(void)
{
	printf("%s (smpbench) %s\n", prog_name, SMPB_VERSION);
	kv_flush();
	exit(SMPB_EXIT_OK);
}

/* The shared flags: -c -C -h -p -V -L -W. True when c was one of them. */
bool
opt_shared(int c, const char *arg)
{
	switch (c) {
	case 'c':
		shared_opt.ncpus = opt_cpulist('c', arg, shared_opt.cpus,
		    SMPB_MAXCPU);
		return true;
	case 'C':
		confine(arg);
		return true;
	case 'h':
		opt_usage(SMPB_EXIT_OK);
	case 'L':
		shared_opt.limit_s =
		    (unsigned)opt_num('L', arg, 0, LIMIT_MAX_S);
		return true;
	case 'p':
		shared_opt.parsable = true;
		return true;
	case 'V':
		version();
	case 'W':
		shared_opt.watch_parent = true;
		return true;
	default:
		return false;
	}
}

/*
 * The program's next own flag, as getopt returns it, with its argument
 * in optarg; -1 once the options are over. The shared flags are taken
 * here. A flag the option string does not hold and a missing argument
 * (getopt's '?' and ':': the string starts with ':') end the program,
 * exit 2.
 */
int
opt_next(int argc, char *argv[], const char *optstring)
{
	int c;

	while ((c = getopt(argc, argv, optstring)) != -1) {
		if (c == ':')
			die(SMPB_EXIT_USAGE, "-%c: needs an argument "
			    "(see %s -h)", optopt, prog_name);
		if (c == '?')
			die(SMPB_EXIT_USAGE, "-%c: unknown option (see %s -h)",
			    optopt, prog_name);
		given[(unsigned char)c] = true;
		if (!opt_shared(c, optarg))
			return c;
	}
	return -1;
}

/* Flags a and b exclude each other: both given is an error, exit 2. */
void
opt_exclusive(int a, int b)
{
	if (given[(unsigned char)a] && given[(unsigned char)b])
		die(SMPB_EXIT_USAGE, "-%c and -%c exclude each other "
		    "(see %s -h)", a, b, prog_name);
}

/* After the options: an operand is an error, exit 2. */
void
opt_no_operands(int argc, char *argv[])
{
	if (optind < argc)
		die(SMPB_EXIT_USAGE, "unexpected operand '%s' (see %s -h)",
		    argv[optind], prog_name);
}
