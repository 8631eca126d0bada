/*
 * t001-opt: strict numbers, seconds and CPU lists; the shared flags, -C
 * among them, which confines the process to its CPUs as it is read (so
 * its checks run in children); opt_next, which gives a program its own
 * flags and refuses bad ones and operands, and opt_exclusive. Every bad
 * input must end the program with status 2 and exactly one line.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "../tap.h"
#include "child.h"

static const struct {
	const char	*arg;
	long long	want;
} good_nums[] = {
	{ "2", 2 }, { "100000", 100000 }, { "007", 7 }, { "42", 42 },
	{ "00000000000000000000000000000000000002", 2 },
	{ "0000000000000000000000000000000000100000", 100000 },
};

static const struct {
	const char	*arg;
	const char	*err;
} bad_nums[] = {
	{ "", "smpb-t: -n: '' is not a number (2..100000)\n" },
	{ " 5", "smpb-t: -n: ' 5' is not a number (2..100000)\n" },
	{ "+5", "smpb-t: -n: '+5' is not a number (2..100000)\n" },
	{ "-1", "smpb-t: -n: '-1' is not a number (2..100000)\n" },
	{ "5x", "smpb-t: -n: '5x' is not a number (2..100000)\n" },
	{ "0x10", "smpb-t: -n: '0x10' is not a number (2..100000)\n" },
	{ "1e3", "smpb-t: -n: '1e3' is not a number (2..100000)\n" },
	{ "5 ", "smpb-t: -n: '5 ' is not a number (2..100000)\n" },
	{ "abc", "smpb-t: -n: 'abc' is not a number (2..100000)\n" },
	{ "99999999999999999999",
	  "smpb-t: -n: '99999999999999999999' is out of range (2..100000)\n" },
	{ "1", "smpb-t: -n: '1' is out of range (2..100000)\n" },
	{ "0", "smpb-t: -n: '0' is out of range (2..100000)\n" },
	{ "100001", "smpb-t: -n: '100001' is out of range (2..100000)\n" },
};

static const struct {
	const char	*arg;
	double		want;
} good_secs[] = {
	{ "1", 1 }, { "0.5", 0.5 }, { ".25", 0.25 }, { "2.", 2 },
	{ "86400", 86400 }, { "0000000000000000000001", 1 },
	{ "0000000000000000000000000000000.5", 0.5 },
	{ "86400.0000000000000000000000000000", 86400 },
};

static const struct {
	const char	*arg;
	const char	*err;
} far_secs[] = {
	{ "1000000000000000000000000",
	  "smpb-t: -T: '1000000000000000000000000' is out of range "
	  "(0.001..86400)\n" },
	{ "0.0000000000000000000000001",
	  "smpb-t: -T: '0.0000000000000000000000001' is out of range "
	  "(0.001..86400)\n" },
};

static const char *const bad_secs[] = {
	"", ".", "-1", "1e3", "0x1", " 1", "1s", "1.2.3", "nan", "inf",
	"0", "86401",
};

static const char *const bad_cpulists[] = {
	"", ",", "0,", ",0", "a", "1-0", "0-", "-1", "0--1", "1024", "0 ",
	"99999999999",
};

static void
call_num(const void *arg)
{
	opt_num('n', arg, 2, 100000);
}

static void
call_seconds(const void *arg)
{
	opt_seconds('T', arg, 0.001, 86400);
}

static void
call_cpulist(const void *arg)
{
	int cpus[SMPB_MAXCPU];

	opt_cpulist('c', arg, cpus, SMPB_MAXCPU);
}

static int
count_lines(const char *s)
{
	int n = 0;

	for (; *s != '\0'; s++)
		n += *s == '\n';
	return n;
}

static void
test_nums(void)
{
	struct child_result r;
	size_t i;

	for (i = 0; i < sizeof(good_nums) / sizeof(good_nums[0]); i++)
		is_int(opt_num('n', good_nums[i].arg, 2, 100000),
		    good_nums[i].want, "opt_num accepts '%s'",
		    good_nums[i].arg);
	for (i = 0; i < sizeof(bad_nums) / sizeof(bad_nums[0]); i++) {
		child_run(&r, call_num, bad_nums[i].arg);
		is_int(r.status, SMPB_EXIT_USAGE, "opt_num refuses '%s' "
		    "with status 2", bad_nums[i].arg);
		is_str(r.err, bad_nums[i].err, "opt_num's message for '%s'",
		    bad_nums[i].arg);
	}
}

static void
test_seconds(void)
{
	struct child_result r;
	size_t i;

	for (i = 0; i < sizeof(good_secs) / sizeof(good_secs[0]); i++)
		is_num(opt_seconds('T', good_secs[i].arg, 0.001, 86400),
		    good_secs[i].want, 1e-12, "opt_seconds accepts '%s'",
		    good_secs[i].arg);
	for (i = 0; i < sizeof(bad_secs) / sizeof(bad_secs[0]); i++) {
		child_run(&r, call_seconds, bad_secs[i]);
		is_int(r.status, SMPB_EXIT_USAGE, "opt_seconds refuses '%s'",
		    bad_secs[i]);
		ok(count_lines(r.err) == 1 && strncmp(r.err, "smpb-t: -T: '",
		    13) == 0, "one line naming -T for '%s'", bad_secs[i]);
	}
	for (i = 0; i < sizeof(far_secs) / sizeof(far_secs[0]); i++) {
		child_run(&r, call_seconds, far_secs[i].arg);
		is_int(r.status, SMPB_EXIT_USAGE, "opt_seconds refuses '%s'",
		    far_secs[i].arg);
		is_str(r.err, far_secs[i].err, "as out of range, however many "
		    "digits");
	}
}

static void
test_cpulists(void)
{
	struct child_result r;
	int cpus[SMPB_MAXCPU], allowed[SMPB_MAXCPU], n, nallowed;
	char list[64];
	size_t i;

	nallowed = sys_cpus_allowed(allowed, SMPB_MAXCPU);
	snprintf(list, sizeof(list), "%d", allowed[0]);
	n = opt_cpulist('c', list, cpus, SMPB_MAXCPU);
	ok(n == 1 && cpus[0] == allowed[0], "cpu list '%s'", list);
	snprintf(list, sizeof(list), "%d,%d-%d,%d", allowed[0], allowed[0],
	    allowed[nallowed - 1], allowed[0]);
	n = opt_cpulist('c', list, cpus, SMPB_MAXCPU);
	is_int(n, 2 + allowed[nallowed - 1] - allowed[0] + 1,
	    "cpu list '%s' has every entry, repeats kept", list);
	ok(cpus[0] == allowed[0] && cpus[n - 1] == allowed[0],
	    "cpu list '%s' keeps its order", list);
	for (i = 0; i < sizeof(bad_cpulists) / sizeof(bad_cpulists[0]); i++) {
		child_run(&r, call_cpulist, bad_cpulists[i]);
		is_int(r.status, SMPB_EXIT_USAGE, "cpu list '%s' refused",
		    bad_cpulists[i]);
		ok(count_lines(r.err) == 1, "with one line");
	}
	snprintf(list, sizeof(list), "%d", SMPB_MAXCPU - 1);
	child_run(&r, call_cpulist, list);
	is_int(r.status, SMPB_EXIT_USAGE, "a CPU this process can't use");
	ok(strstr(r.err, "is not available") != NULL, "is named: %s", r.err);
}

static void
call_common(const void *arg)
{
	opt_shared(*(const char *)arg, "");
}

static void
test_common(void)
{
	struct child_result r;
	int cpus[SMPB_MAXCPU];
	char list[16];

	sys_cpus_allowed(cpus, SMPB_MAXCPU);

	ok(opt_shared('p', NULL) && shared_opt.parsable, "-p sets parsable");
	ok(opt_shared('L', "7") && shared_opt.limit_s == 7, "-L 7");
	ok(!opt_shared('n', "3"), "-n is not a shared flag");
	snprintf(list, sizeof(list), "%d", cpus[0]);
	ok(opt_shared('c', list) && shared_opt.ncpus == 1 &&
	    shared_opt.cpus[0] == cpus[0], "-c %s fills the shared CPU list",
	    list);
	child_run(&r, call_common, "h");
	ok(r.status == 0 && strcmp(r.out, "usage: smpb-t [-h]\n") == 0,
	    "-h prints usage on stdout, exit 0");
	child_run(&r, call_common, "V");
	ok(r.status == 0 && strstr(r.out, "smpb-t (smpbench) ") == r.out,
	    "-V prints the version: %s", r.out);
}

/*
 * -C and -c in a child: up to three flags, each with its argument, given
 * to opt_shared in order; then the CPUs the process may use, -C's count
 * and -c's, printed as "cpus=0,1 confined=2 pinned=0".
 */
struct flags {
	char		flag[3];
	const char	*arg[3];
};

static void
call_flags(const void *arg)
{
	const struct flags *f = arg;
	int cpus[SMPB_MAXCPU], n, i;

	shared_opt.ncpus = shared_opt.nconfined = 0;	/* test_common's */
	for (i = 0; i < 3 && f->flag[i] != '\0'; i++)
		opt_shared(f->flag[i], f->arg[i]);
	n = sys_cpus_allowed(cpus, SMPB_MAXCPU);
	printf("cpus=");
	for (i = 0; i < n; i++)
		printf("%s%d", i > 0 ? "," : "", cpus[i]);
	printf(" confined=%d pinned=%d\n", shared_opt.nconfined,
	    shared_opt.ncpus);
}

static void
test_confine(void)
{
	struct child_result r;
	struct flags f;
	int allowed[SMPB_MAXCPU], nallowed, a, b;
	char one[16], other[16], both[32], repeats[48], want[128];
	size_t i;

	nallowed = sys_cpus_allowed(allowed, SMPB_MAXCPU);
	a = allowed[0];
	b = allowed[nallowed - 1];
	snprintf(one, sizeof(one), "%d", a);
	snprintf(other, sizeof(other), "%d", b);
	snprintf(both, sizeof(both), "%d,%d", a, b);
	snprintf(repeats, sizeof(repeats), "%d,%d-%d,%d", a, a, a, a);

	f = (struct flags){ "C", { one } };
	child_run(&r, call_flags, &f);
	snprintf(want, sizeof(want), "cpus=%d confined=1 pinned=0\n", a);
	ok(r.status == 0 && strcmp(r.out, want) == 0,
	    "-C %s: the process may use CPU %d alone: %s", one, a, r.out);
	f = (struct flags){ "C", { repeats } };
	child_run(&r, call_flags, &f);
	ok(r.status == 0 && strcmp(r.out, want) == 0,
	    "-C %s: repeats count once: %s", repeats, r.out);
	f = (struct flags){ "Cc", { one, one } };
	child_run(&r, call_flags, &f);
	snprintf(want, sizeof(want), "cpus=%d confined=1 pinned=1\n", a);
	ok(r.status == 0 && strcmp(r.out, want) == 0,
	    "-C %s -c %s: pinned within the set: %s", one, one, r.out);

	snprintf(want, sizeof(want), "%d", SMPB_MAXCPU - 1);
	f = (struct flags){ "C", { want } };
	child_run(&r, call_flags, &f);
	ok(r.status == SMPB_EXIT_USAGE && count_lines(r.err) == 1 &&
	    strstr(r.err, "smpb-t: -C: CPU 1023 is not available: ") == r.err,
	    "-C of a CPU this process can't use: exit 2, one line: %s",
	    r.err);
	for (i = 0; i < sizeof(bad_cpulists) / sizeof(bad_cpulists[0]); i++) {
		f = (struct flags){ "C", { bad_cpulists[i] } };
		child_run(&r, call_flags, &f);
		ok(r.status == SMPB_EXIT_USAGE && count_lines(r.err) == 1 &&
		    strncmp(r.err, "smpb-t: -C: '", 13) == 0 &&
		    r.out[0] == '\0', "-C '%s': exit 2, one line",
		    bad_cpulists[i]);
	}

	if (nallowed < 2) {
		skip("-c outside -C: this process may use one CPU");
		skip("-C then -c outside it: this process may use one CPU");
		skip("a second -C outside the first: this process may use "
		    "one CPU");
		skip("-C of two CPUs: this process may use one CPU");
		return;
	}
	snprintf(want, sizeof(want), "smpb-t: -c: CPU %d is not available: "
	    "it is not one of -C's CPUs (allowed here: %d)\n", b, a);
	f = (struct flags){ "cC", { other, one } };
	child_run(&r, call_flags, &f);
	ok(r.status == SMPB_EXIT_USAGE && strcmp(r.err, want) == 0 &&
	    r.out[0] == '\0', "-c %s -C %s: -c held to the set: %s", other,
	    one, r.err);
	f = (struct flags){ "Cc", { one, other } };
	child_run(&r, call_flags, &f);
	ok(r.status == SMPB_EXIT_USAGE && strcmp(r.err, want) == 0,
	    "-C %s -c %s: the same, -c after: %s", one, other, r.err);
	f = (struct flags){ "CC", { one, other } };
	child_run(&r, call_flags, &f);
	ok(r.status == SMPB_EXIT_USAGE && count_lines(r.err) == 1 &&
	    strstr(r.err, "smpb-t: -C: CPU ") == r.err,
	    "-C %s -C %s: the second held to the first: %s", one, other,
	    r.err);
	f = (struct flags){ "C", { both } };
	child_run(&r, call_flags, &f);
	snprintf(want, sizeof(want), "cpus=%d,%d confined=2 pinned=0\n", a, b);
	ok(r.status == 0 && strcmp(r.out, want) == 0, "-C %s: %s", both,
	    r.out);
}

/*
 * A command line for opt_next, parsed in a child, which prints each own
 * flag it is given (with its argument), then -p and -L as it took them;
 * with exclusive, the two flags that exclude each other are checked,
 * then the operands, as a program does.
 */
struct cmdline {
	const char	*optstring;
	const char	*exclusive;
	const char	*argv[8];
};

static void
call_next(const void *arg)
{
	const struct cmdline *cl = arg;
	char *argv[8];
	int argc, c;

	shared_opt.parsable = false;	/* test_common's */
	shared_opt.limit_s = 600;
	for (argc = 0; cl->argv[argc] != NULL; argc++)
		argv[argc] = (char *)cl->argv[argc];
	argv[argc] = NULL;
	while ((c = opt_next(argc, argv, cl->optstring)) != -1)
		printf("%c%s ", c, c == 'n' ? optarg : "");
	if (cl->exclusive != NULL)
		opt_exclusive(cl->exclusive[0], cl->exclusive[1]);
	opt_no_operands(argc, argv);
	printf("p=%d L=%u\n", shared_opt.parsable, shared_opt.limit_s);
}

static const struct {
	struct cmdline	cl;
	int		status;
	const char	*out, *err;
} cmdlines[] = {
	{ { ":hL:ln:p", NULL, { "t", "-p", "-n", "3", "-l", "-L", "9" } },
	  0, "n3 l p=1 L=9\n", "" },
	{ { ":n:", NULL, { "t" } }, 0, "p=0 L=600\n", "" },
	{ { ":n:", NULL, { "t", "-x" } }, 2, "",
	  "smpb-t: -x: unknown option (see smpb-t -h)\n" },
	{ { ":n:", NULL, { "t", "-c", "0" } }, 2, "",
	  "smpb-t: -c: unknown option (see smpb-t -h)\n" },
	{ { ":n:", NULL, { "t", "-n" } }, 2, "",
	  "smpb-t: -n: needs an argument (see smpb-t -h)\n" },
	{ { ":n:", NULL, { "t", "-n", "3", "extra" } }, 2, "n3 ",
	  "smpb-t: unexpected operand 'extra' (see smpb-t -h)\n" },
	{ { ":n:", NULL, { "t", "--", "-n" } }, 2, "",
	  "smpb-t: unexpected operand '-n' (see smpb-t -h)\n" },
	{ { ":ilT:", "iT", { "t", "-T", "2" } }, 0, "T p=0 L=600\n", "" },
	{ { ":ilT:", "iT", { "t", "-i", "-l", "-T", "2" } }, 2, "i l T ",
	  "smpb-t: -i and -T exclude each other (see smpb-t -h)\n" },
	{ { ":ilT:", "iT", { "t", "-i", "-T", "2", "x" } }, 2, "i T ",
	  "smpb-t: -i and -T exclude each other (see smpb-t -h)\n" },
};

static void
test_next(void)
{
	struct child_result r;
	size_t i;

	for (i = 0; i < sizeof(cmdlines) / sizeof(cmdlines[0]); i++) {
		child_run(&r, call_next, &cmdlines[i].cl);
		ok(r.status == cmdlines[i].status &&
		    strcmp(r.out, cmdlines[i].out) == 0 &&
		    strcmp(r.err, cmdlines[i].err) == 0,
		    "opt_next, command line %zu: exit %d and its output, as "
		    "the table has them", i, cmdlines[i].status);
	}
}

int
main(void)
{
	prog_init("/some/where/smpb-t", "usage: smpb-t [-h]");
	is_str(prog_name, "smpb-t", "prog_init keeps the base name");
	test_nums();
	test_seconds();
	test_cpulists();
	test_common();
	test_confine();
	test_next();
	return done_testing();
}
