# t756-schedstat: the kernel's scheduler counters around each
# measurement, on fake machines (SMPBENCH_PROC) whose /proc/schedstat
# the fake ring moves from a made-up "before" to an "after" (and the
# fake canary back): versions 15 and 17 give the growth worked out by
# hand in every raw line, the level named in 17; kernel.sched_schedstats
# off is said and keeps nothing; a kernel without /proc/schedstat keeps
# nothing and breaks nothing. Then compare: crafted runs whose wakeups
# and balancings differ show them in the why table of the marked row;
# against a run without the counters, no such table.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck disable=SC2016 # the fakes' code is expanded when they run
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=$PWD/scripts/smpbench
T=$TMPDIR_T
first_shell

# schedstat VERSION AFTER: a made-up /proc/schedstat of two CPUs, each
# with the levels SMT and PKG (named from version 17); AFTER=1 has grown
# on each CPU by: 7 schedule() calls, 3 to idle, 5 wakeups, 2 local;
# at level 0, a balancing of each idle type (3), one failed, 2 tasks
# pulled (newly idle), one active push, 4 remote wakeups, one affine move;
# the busy balancings' 32-bit counter wraps to 0 as it grows.
schedstat() {
	LC_ALL=C awk -v v="$1" -v a="$2" 'BEGIN {
		w = v == 17 ? 11 : 8
		print "version " v
		print "timestamp " 4294 + a
		for (c = 0; c < 2; c++) {
			printf "cpu%d 0 0 %d %d %d %d 1000 2000 30\n", c,
			    100 + 7 * a, 10 + 3 * a, 50 + 5 * a, 20 + 2 * a
			for (l = 0; l < 2; l++) {
				g = a * (l == 0)
				for (i = 1; i <= 3 * w + 12; i++)
					f[i] = 0
				for (k = 0; k < 3; k++)
					f[w * k + 1] = (4294967295 * (k == 1) + g) % 4294967296
				f[3] += g
				f[2 * w + (v == 17 ? 8 : 5)] += 2 * g
				f[3 * w + 3] = 7 + g
				f[3 * w + 10] = 5 + 4 * g
				f[3 * w + 11] = 6 + g
				s = "domain" l (v == 17 ? (l ? " PKG" : " SMT") : "") \
				    (l ? " 0000000f" : " 00000003")
				for (i = 1; i <= 3 * w + 12; i++)
					s = s " " sprintf("%.0f", f[i])
				print s
			}
		}
	}'
}

# machine DIR VERSION|- SWITCH: a fake two-CPU machine, its counters of
# VERSION (none where -) before, kernel.sched_schedstats SWITCH.
machine() {
	mkdir -p "$1/proc/self" "$1/proc/sys/kernel" "$1/sys/devices/system/cpu"
	printf '0.00 0.00 0.00 1/100 1\n' >"$1/proc/loadavg"
	printf 'processor\t: 0\nmodel name\t: Fake CPU\n' >"$1/proc/cpuinfo"
	printf '0-1\n' >"$1/sys/devices/system/cpu/online"
	printf 'Cpus_allowed_list:\t0-1\n' >"$1/proc/self/status"
	printf '%s\n' "$3" >"$1/proc/sys/kernel/sched_schedstats"
	printf '100.00 150.00\n' >"$1/proc/uptime"
	[ "$2" = - ] && return 0
	schedstat "$2" 0 >"$1/before"
	schedstat "$2" 1 >"$1/after"
	cp "$1/before" "$1/proc/schedstat"
}

# The fakes: the ring moves the machine (MACHINE) to its after, half a
# second later; the canary, after each measurement, back.
FAKE=$T/fake
fake_prog "$FAKE" ring '[ ! -f "$MACHINE/after" ] || { cp "$MACHINE/after" "$MACHINE/proc/schedstat"; echo "100.50 151.00" >"$MACHINE/proc/uptime"; }'
cat >"$FAKE/smpb-hog" <<'EOF_HOG'
#!/bin/sh
[ "$1" = -V ] && { echo "smpb-hog (smpbench) 0.0"; exit 0; }
[ ! -f "$MACHINE/before" ] || { cp "$MACHINE/before" "$MACHINE/proc/schedstat"; echo "100.00 150.00" >"$MACHINE/proc/uptime"; }
echo "spins=1000 seconds=0.005000 ns_per_spin=1.0000"
EOF_HOG
chmod +x "$FAKE/smpb-hog"

GROWTH="ss_s=0.50 ss_sched=14 ss_goidle=6 ss_ttwu=10 ss_ttwu_local=4 ss_d0_lb=6 ss_d0_lb_failed=2 ss_d0_lb_gained=4 ss_d0_alb_pushed=2 ss_d0_wake_remote=8 ss_d0_move_affine=2"
LEVEL1="ss_d1_lb=0 ss_d1_lb_failed=0 ss_d1_lb_gained=0 ss_d1_alb_pushed=0 ss_d1_wake_remote=0 ss_d1_move_affine=0"

# fake_run NAME VERSION|- SWITCH: a tiny run of the fake ring on machine
# NAME, into $T/NAME.run: its one cell (-P one), twice; its env in ENV.
fake_run() {
	machine "$T/$1" "$2" "$3"
	run env MACHINE="$T/$1" SMPBENCH_PROC="$T/$1" SMPBENCH_BIN="$FAKE" \
	    SMPBENCH_SWEEP=tiny $sh "$SB" run -S 0 -r 2 -P one -o "$T/$1.run" ring
	is "$RC" 0 "$s: a run on a machine of schedstat $2, switch $3, exits 0"
	slurp "$T/$1.run/env"
	ENV=$SLURPED
}

# ss_of RUN: the ss_ keys of each raw line of RUN's ring, one line each.
ss_of() {
	sed 's/^.* cpus_pinned=[0-9]*//; s/^ //' "$1/raw/ring"
}

fake_run v15 15 1
like "$ENV" '^schedstat=on$' "$s: env: schedstat=on"
like "$ENV" '^schedstat_version=15$' "$s: env: its version"
is "$(ss_of "$T/v15.run" | sort -u)" "$GROWTH $LEVEL1" \
    "$s: version 15: every measurement keeps the growth worked out by hand, levels by number"
is "$(wc -l <"$T/v15.run/raw/ring" | tr -d ' ')" 2 "$s: 2 measurements, each kept"

fake_run v17 17 1
like "$ENV" '^schedstat_version=17$' "$s: env: version 17"
is "$(ss_of "$T/v17.run" | sort -u)" "$GROWTH ss_d0_name=smt $LEVEL1 ss_d1_name=pkg" \
    "$s: version 17: the same growth, each level named"

fake_run off 17 0
like "$ENV" '^schedstat=off$' "$s: env: schedstat=off"
like "$ERR" "kernel\\.sched_schedstats is off: the kernel's scheduler counters stand still, none kept" \
    "$s: the run says the counters are off"
is "$(grep -c ' ss_' "$T/off.run/raw/ring")" 0 "$s: and keeps no zeros"

fake_run none - 1
like "$ENV" '^schedstat=none$' "$s: env: schedstat=none without /proc/schedstat"
is "$(grep -c ' ss_' "$T/none.run/raw/ring")" 0 "$s: no counters kept"
unlike=$(printf '%s\n' "$ERR" | grep -c 'schedstat')
is "$unlike" 0 "$s: and nothing said of them"
run $sh "$SB" show -r "$T/none.run"
is "$RC" 0 "$s: its tables are made all the same"

# compare: two crafted runs of 5 repeats, the second's run-queue delay
# twice the first's (a marked row), its wakeups and level-0 balancings
# doubled and quadrupled, its other counters as the first's.
crafted() {
	mkdir -p "$1/raw"
	sed "s/^label=.*/label=$2/; s/^date=.*/date=2026-01-0${3}T1${4}:00:00Z/" \
	    tests/fixtures/run-a/env >"$1/env"
	printf 'measurements=5\nfailed=0\n' >"$1/complete"
	LC_ALL=C awk -v f="$3" -v ss="$4" 'BEGIN {
		for (r = 1; r <= 5; r++)
			printf "place=free rep=%d argv=-n,2,-T,1 procs=2 laps=50000 wall_s=1.0 switches_per_s=100000 us_per_switch=10 run_s=1.0 wait_s=%s wait_max_s=0.001 migrations=0 sched_stats=kernel%s\n",
			    r, 0.5 * f, ss ? sprintf(" ss_s=2.00 ss_sched=400000 ss_goidle=1000 ss_ttwu=%d ss_ttwu_local=100 ss_d0_lb=%d ss_d0_lb_failed=0 ss_d0_lb_gained=2 ss_d0_alb_pushed=0 ss_d0_wake_remote=10 ss_d0_move_affine=0 ss_d0_name=smt", 200000 * f, 100 * f * f + r) : ""
	}' >"$1/raw/ring"
}
crafted "$T/c1" base 1 1
crafted "$T/c2" slower 2 1
crafted "$T/c0" nocounters 2 0
run $sh "$SB" compare -w ring "$T/c1" "$T/c2"
is "$RC" 0 "$s: compare of two runs with the counters exits 0"
printf '%s\n' "$OUT" >"$T/cmp.out"
check "$s: compare: ASCII, 72 columns at most" narrow "$T/cmp.out"
like "$(printf '%s\n' "$OUT" | tr -s ' \n' '  ')" \
    "ring: the kernel's scheduler counters, per second of a measurement, where they moved by a quarter or more; the rows marked above \\(-v: all\\)" \
    "$s: a table of the counters, for the marked row"
is "$(printf '%s\n' "$OUT" | grep -E '^2 wakeups ' | tr -s ' ')" \
    "2 wakeups 100000 200000 +100%" "$s: wakeups a second, side by side"
is "$(printf '%s\n' "$OUT" | grep -E '^2 d0 SMT balancings ' | tr -s ' ')" \
    "2 d0 SMT balancings 51.50 201.5 +291%" "$s: level 0's balancings, named by its level and name"
is "$(printf '%s\n' "$OUT" | grep -cE '^2 (schedule|d0 SMT remote)')" 0 \
    "$s: counters that did not move have no line"
run $sh "$SB" compare -v -w ring "$T/c1" "$T/c2"
is "$(printf '%s\n' "$OUT" | grep -cE '^2 (schedule\(\) calls|d0 SMT remote wakeups) ')" 2 \
    "$s: -v: every counter"
run $sh "$SB" compare -w ring "$T/c1" "$T/c0"
is "$RC" 0 "$s: compare against a run without the counters exits 0"
is "$(printf '%s\n' "$OUT" | grep -c "scheduler counters\\|schedstat")" 0 \
    "$s: and shows no counters"
like "$OUT" '^ring: run-queue delay per pass' "$s: the row is marked all the same"

done_testing
