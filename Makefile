# smpbench: POSIX make. `make`, `make test`, `make bench`, `make install`.
.POSIX:
.SUFFIXES:
.SUFFIXES: .c .o

VERSION = 0.1.0

PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man

CC = cc
# WERROR: empty in a user's build, so that the next compiler's new
# warnings never break it; the project's own builds (CI, make test's
# build checks) pass WERROR=-Werror.
WERROR =
CFLAGS = -std=c11 -O2 -g -Wall -Wextra $(WERROR)
CPPFLAGS = -D_POSIX_C_SOURCE=200809L
# -z now: every symbol bound at start, in main, so that no worker forked
# from it binds one again (a lazy binding writes the GOT, a page a new
# worker then copies, and reads the symbol tables, pages it faults in).
LDFLAGS = -Wl,-z,now
# No libm in the programs (stats.c has its own square root): a library
# linked is mapped into every worker forked, and mappings and their page
# tables are what a fork and an exit cost. The unit tests may use it.
LDLIBS = -lpthread

HDR = src/lib/smpb.h
LIB = src/lib/libsmpb.a
LIBOBJ = src/lib/clock.o src/lib/guard.o src/lib/hist.o src/lib/io.o \
	src/lib/kv.o src/lib/measure.o src/lib/mem.o src/lib/opt.o \
	src/lib/pidmap.o src/lib/proc.o src/lib/prog.o src/lib/reap.o \
	src/lib/report.o src/lib/sig.o src/lib/spawn.o src/lib/stats.o \
	src/lib/sys.o src/lib/team.o src/lib/worker.o

# The programs: smpb-hog and one per workload, read from
# scripts/workloads/LIST (its lines that are not comments), so that
# nothing here names a workload. A program is bin/smpb-NAME, linked by
# the one rule below from src/NAME.o (made from src/NAME.c by the rule
# .c.o) and the harness, and its page is src/NAME.1. What every program
# shares is one page, src/common.7, installed as smpb-common(7).
# (The assignment != runs its command: POSIX.1-2024, GNU make 4.0 and
# later, the BSDs' make.)
PROGRAMS != sed -n '/^[a-z]/p' scripts/workloads/LIST; echo hog
BIN != for p in $(PROGRAMS); do printf 'bin/smpb-%s ' "$$p"; done
PROGOBJ != for p in $(PROGRAMS); do printf 'src/%s.o ' "$$p"; done
# smpb-stat, the statistics and the decisions of compare (src/stat.1; its
# tables and answers, src/stat.5): a
# filter the driver runs, installed in $(LIBEXECDIR) beside its files.
# The one program linked with libm (lgamma, erfc, expm1): it forks no
# workers. Its numerics, statmath.o, and its decisions, JUDGEOBJ (the
# parser of a table, the decisions over it: judge.h), are linked by
# their unit tests too; answer.o prints what the decisions found.
STAT = bin/smpb-stat
JUDGEOBJ = src/table.o src/decide.o src/shown.o src/statmath.o
STATOBJ = src/stat.o src/statline.o src/answer.o $(JUDGEOBJ) src/lines.o \
	src/helper.o
STATLIBS = -lm
# smpb-snap, the copies of saved runs the driver reads (src/snap.1):
# installed beside smpb-stat. The two share their start, helper.o.
SNAP = bin/smpb-snap
SNAPOBJ = src/snap.o src/helper.o
# The driver, scripts/smpbench, is installed in $(PREFIX)/bin, and its
# files in $(LIBEXECDIR) as they are under scripts/: every file of the
# directories DRIVERDIRS (a file added to one is installed with them:
# the sh library and commands, the awk programs every workload shares,
# each workload's sh and awk hooks and table) and the floor validate
# measures against; the seeds' runs (results/historical) in
# $(PREFIX)/share/smpbench.
LIBEXECDIR = $(PREFIX)/libexec/smpbench
DRIVERDIRS = lib cmd workloads awk

UNIT = tests/unit/t001-opt tests/unit/t002-stats tests/unit/t003-clock \
	tests/unit/t004-kv tests/unit/t005-sys tests/unit/t006-team \
	tests/unit/t007-prog tests/unit/t008-measure tests/unit/t009-hist \
	tests/unit/t010-sig tests/unit/t011-mem tests/unit/t012-proc \
	tests/unit/t013-io tests/unit/t014-worker tests/unit/t015-pidmap \
	tests/unit/t016-guard tests/unit/t017-reap tests/unit/t018-report \
	tests/unit/t019-spawn tests/unit/t020-stat $(JUDGEUNIT)
# The unit tests of compare's decisions (src/decide.c), each linked with
# JUDGEOBJ alone by the rule below: a new one is a word here.
JUDGEUNIT = tests/unit/t021-judge tests/unit/t022-problems \
	tests/unit/t023-hosts tests/unit/t024-centre tests/unit/t025-change \
	tests/unit/t026-placement tests/unit/t027-bimodal tests/unit/t028-rules \
	tests/unit/t029-shown

all: $(BIN) $(STAT) $(SNAP)

# The version the programs say (-V), and so the runs (suite_version) and
# the reports: VERSION, and where the tree is a git checkout what
# `git describe --always --dirty` says of it, in parentheses
# ("0.1.0 (v0.1.0-3-g1234abc-dirty)"). src/lib/version.h, made by each
# make and rewritten only when it changes; outside a checkout (a copy of
# a tree built, as smpbench vm's) the one there is kept, and a tree that
# never had one (an archive) says VERSION alone. make clean keeps it.
VERSIONH = src/lib/version.h
$(VERSIONH): FORCE
	@d=; if [ -e .git ]; then d=$$(git describe --always --dirty 2>/dev/null); \
	elif [ -f $@ ]; then exit 0; fi; \
	printf '#define SMPB_VERSION "%s"\n' '$(VERSION)'"$${d:+ ($$d)}" >$@.tmp && \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@; fi
FORCE:

src/lib/opt.o src/helper.o: $(VERSIONH)

.c.o:
	$(CC) $(CFLAGS) $(CPPFLAGS) -c -o $@ $<

$(LIBOBJ): $(HDR) src/lib/harness.h

$(LIB): $(LIBOBJ)
	rm -f $@
	$(AR) -rc $@ $(LIBOBJ)

# Every program: bin/smpb-NAME from src/NAME.o and the harness. Each is
# linked again when any program's object is newer (one rule for all:
# linking is quick); an object is compiled again only from its own
# source, or the harness's header.
$(PROGOBJ): $(HDR)

$(BIN): $(LIB) $(PROGOBJ)
	@mkdir -p bin
	p=$@; $(CC) $(LDFLAGS) -o $@ src/$${p#bin/smpb-}.o $(LIB) $(LDLIBS)

# smpb-stat's and smpb-snap's rules: their objects, the programs,
# smpb-stat's unit test.
$(STATOBJ): src/statmath.h src/judge.h src/lines.h src/statline.h
$(STATOBJ) $(SNAPOBJ): src/helper.h

$(STAT): $(STATOBJ)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -o $@ $(STATOBJ) $(STATLIBS)

$(SNAP): $(SNAPOBJ)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -o $@ $(SNAPOBJ)

tests/unit/t020-stat: tests/unit/t020-stat.c tests/unit/stat-ref.h \
    src/statmath.o src/statmath.h tests/tap.h
	$(CC) $(CFLAGS) $(CPPFLAGS) -Isrc $(LDFLAGS) -o $@ \
	    tests/unit/t020-stat.c src/statmath.o $(STATLIBS)

# Each of JUDGEUNIT from its source, the parser and the decisions: their
# tables are made of lines, as smpb-stat reads them (tests/unit/tables.h).
$(JUDGEUNIT): $(JUDGEOBJ) src/judge.h src/statmath.h tests/tap.h \
    tests/unit/tables.h
	$(CC) $(CFLAGS) $(CPPFLAGS) -Isrc $(LDFLAGS) -o $@ $@.c $(JUDGEOBJ) \
	    $(STATLIBS)

tests/unit/t021-judge: tests/unit/t021-judge.c
tests/unit/t022-problems: tests/unit/t022-problems.c
tests/unit/t023-hosts: tests/unit/t023-hosts.c
tests/unit/t024-centre: tests/unit/t024-centre.c
tests/unit/t025-change: tests/unit/t025-change.c
tests/unit/t026-placement: tests/unit/t026-placement.c
tests/unit/t027-bimodal: tests/unit/t027-bimodal.c
tests/unit/t028-rules: tests/unit/t028-rules.c
tests/unit/t029-shown: tests/unit/t029-shown.c

# The unit tests: tests/unit/tNNN-name from tests/unit/tNNN-name.c.
.c:
	$(CC) $(CFLAGS) $(CPPFLAGS) -Isrc/lib $(LDFLAGS) -o $@ $< $(LIB) \
	    $(LDLIBS) -lm

$(UNIT): $(LIB) src/lib/harness.h tests/tap.h tests/unit/child.h \
	tests/unit/workers.h

# smpb-stat's statistics asked one request a line, by the tests that hold
# them to figures worked out apart (tests/stat-ask.c); smpb-stat answers
# tables alone.
ASK = tests/stat-ask
ASKOBJ = src/lines.o src/statmath.o src/helper.o
$(ASK): tests/stat-ask.c $(ASKOBJ) src/lines.h src/statmath.h src/helper.h
	$(CC) $(CFLAGS) $(CPPFLAGS) -Isrc $(LDFLAGS) -o $@ tests/stat-ask.c \
	    $(ASKOBJ) $(STATLIBS)

# The bare operations the programs are measured against (tests/bench).
FLOOR = tests/bench/floor
$(FLOOR): $(LIB)

# make test: every test but the long batteries, each driver test under
# one shell, in turn (tests/README). make test-all: every test, the long
# batteries too, each driver test under all six shells; CI runs both.
test: $(BIN) $(STAT) $(SNAP) $(UNIT) $(FLOOR) $(ASK)
	sh tests/run

# Every driver test under six shells: six times as long, and its timeout.
test-all: $(BIN) $(STAT) $(SNAP) $(UNIT) $(FLOOR) $(ASK)
	TEST_ALL=1 ALL_SHELLS=1 TEST_TIMEOUT=$${TEST_TIMEOUT:-600} sh tests/run

# The static checks alone: shellcheck of every sh file, the awk headers,
# mandoc -Tlint of every page, each SYNOPSIS against its -h. Seconds.
check: $(BIN) $(STAT) $(SNAP)
	sh tests/run tests/static/t801-static.sh

# libFuzzer's targets for the C readers of saved runs (tests/fuzz/run):
# each built with clang under ASan and UBSan, FUZZ_SECONDS each.
FUZZ_SECONDS = 30
fuzz:
	sh tests/fuzz/run $(FUZZ_SECONDS)

# Real kernels on emulated many-CPU machines (tests/vm, tests/README):
# Debian's kernels fetched once into a cache, the programs built
# statically in a copy of the tree, each case booted under qemu. Minutes:
# CI runs it after make test.
vmtest:
	sh tests/vm/run

# The harness against the floor: set-up and teardown of 1000 to 16000
# workers against bare fork/reap and pthread_create/join, and a ring of 2
# against a bare pipe round trip. Figures, not a test: run it by hand.
scale: $(BIN) $(FLOOR)
	sh tests/bench/scale

# The programs against the floor and perf bench, alternating, in one
# table (smpbench(7), "What the harness costs"): figures, not a test.
validate: $(BIN) $(FLOOR)
	sh scripts/smpbench validate

# The driver: every workload's table; quick (under 3 minutes on 2 CPUs) or
# the seeds' own parameters (-f). Each run is saved under results/,
# labelled LABEL where one is given (make bench LABEL=patched): runs of
# one label pool into one column of compare, runs of two are two.
LABEL =
bench: all
	l='$(LABEL)'; sh scripts/smpbench run $${l:+-l "$$l"}

bench-full: all
	l='$(LABEL)'; sh scripts/smpbench run -f $${l:+-l "$$l"}

install: $(BIN) $(STAT) $(SNAP) $(FLOOR)
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1
	cp -f $(BIN) $(DESTDIR)$(PREFIX)/bin/
	for b in $(BIN); do \
		p=$${b#bin/smpb-}; \
		sed 's/^\.Os smpbench$$/.Os smpbench $(VERSION)/' "src/$$p.1" \
		    > $(DESTDIR)$(MANPREFIX)/man1/smpb-$$p.1 || exit 1; \
	done
	cp -f scripts/smpbench $(DESTDIR)$(PREFIX)/bin/smpbench
	chmod 755 $(DESTDIR)$(PREFIX)/bin/smpbench
	rm -rf $(DESTDIR)$(LIBEXECDIR)
	mkdir -p $(DESTDIR)$(LIBEXECDIR)
	for d in $(DRIVERDIRS); do \
		mkdir -p $(DESTDIR)$(LIBEXECDIR)/$$d || exit 1; \
		for f in scripts/$$d/*; do \
			[ ! -f "$$f" ] || cp -f "$$f" $(DESTDIR)$(LIBEXECDIR)/$$d/ || \
			    exit 1; \
		done; \
	done
	cp -f $(FLOOR) $(DESTDIR)$(LIBEXECDIR)/floor
	mkdir -p $(DESTDIR)$(PREFIX)/share/smpbench
	rm -rf $(DESTDIR)$(PREFIX)/share/smpbench/historical
	cp -R results/historical $(DESTDIR)$(PREFIX)/share/smpbench/historical
	for m in scripts/smpbench.1 scripts/smpbench-*.1; do \
		sed 's/^\.Os smpbench$$/.Os smpbench $(VERSION)/' "$$m" \
		    > $(DESTDIR)$(MANPREFIX)/man1/$${m#scripts/} || exit 1; \
	done
	mkdir -p $(DESTDIR)$(MANPREFIX)/man7
	sed 's/^\.Os smpbench$$/.Os smpbench $(VERSION)/' scripts/smpbench.7 \
	    > $(DESTDIR)$(MANPREFIX)/man7/smpbench.7
	sed 's/^\.Os smpbench$$/.Os smpbench $(VERSION)/' src/common.7 \
	    > $(DESTDIR)$(MANPREFIX)/man7/smpb-common.7
	cp -f $(STAT) $(DESTDIR)$(LIBEXECDIR)/smpb-stat
	sed 's/^\.Os smpbench$$/.Os smpbench $(VERSION)/' src/stat.1 \
	    > $(DESTDIR)$(MANPREFIX)/man1/smpb-stat.1
	mkdir -p $(DESTDIR)$(MANPREFIX)/man5
	sed 's/^\.Os smpbench$$/.Os smpbench $(VERSION)/' src/stat.5 \
	    > $(DESTDIR)$(MANPREFIX)/man5/smpb-stat.5
	cp -f $(SNAP) $(DESTDIR)$(LIBEXECDIR)/smpb-snap
	sed 's/^\.Os smpbench$$/.Os smpbench $(VERSION)/' src/snap.1 \
	    > $(DESTDIR)$(MANPREFIX)/man1/smpb-snap.1

uninstall:
	for b in $(BIN); do rm -f $(DESTDIR)$(PREFIX)/bin/$${b#bin/}; done
	for b in $(BIN); do \
		rm -f $(DESTDIR)$(MANPREFIX)/man1/$${b#bin/}.1; \
	done
	for m in scripts/smpbench.1 scripts/smpbench-*.1; do \
		rm -f $(DESTDIR)$(MANPREFIX)/man1/$${m#scripts/}; \
	done
	rm -f $(DESTDIR)$(PREFIX)/bin/smpbench \
	    $(DESTDIR)$(MANPREFIX)/man7/smpbench.7 \
	    $(DESTDIR)$(MANPREFIX)/man7/smpb-common.7
	rm -rf $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(PREFIX)/share/smpbench
	rm -f $(DESTDIR)$(MANPREFIX)/man1/smpb-stat.1 \
	    $(DESTDIR)$(MANPREFIX)/man5/smpb-stat.5 \
	    $(DESTDIR)$(MANPREFIX)/man1/smpb-snap.1

clean:
	rm -f $(BIN) $(LIB) $(LIBOBJ) src/*.o $(UNIT) $(FLOOR) $(ASK)
	rm -f $(STAT) $(SNAP)
	rm -rf tests/tmp

.PHONY: FORCE all check fuzz test test-all vmtest bench bench-full scale validate install uninstall clean
