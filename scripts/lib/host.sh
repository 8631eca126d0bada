# shellcheck shell=sh
# lib/host.sh: the host as a run watches it, from the kernel's counters
# (under SMPBENCH_PROC): whether the machine is quiet now, and the wait
# for it before a run and before each workload (settle); what the host
# took over a workload, steal time and CPU pressure (HOST_DRIFT_AWK);
# and the CPU's own speed after each measurement, timed by smpb-hog -p
# (the canary).
# results/README says what a run records of them. Sourced by smpbench.

# Quiet is judged by instantaneous measures over one window, never by
# the load average, which the suite's own herd keeps high for minutes:
#   procs_running (proc/stat) at most QUIET_PROCS, the fewer of two looks,
#	at the window's start and at its end: the look is one of the tasks
#	it counts, so that is one task beyond the driver's own;
#   other work on fewer than QUIET_BUSY CPUs: the busy ticks of all CPUs
#	(user, nice, system, irq, softirq) over the window, less the
#	driver's own CPU time in it, over the window;
#   CPU pressure, where the kernel has proc/pressure/cpu, below QUIET_PSI
#	percent: the growth of its "some" total (the microseconds some task
#	waited for a CPU) over the window, not its avg10, which lags.
SETTLE_WINDOW=0.5
# What a look of SETTLE_WINDOW costs a run where the machine is quiet, ms
# (the window, and the processes that take it): plan() counts it.
# shellcheck disable=SC2034 # read by plan() (lib/sweep.sh)
SETTLE_LOOK_MS=600
QUIET_PROCS=2
QUIET_BUSY=0.1
QUIET_PSI=5
# The bound of the wait before a run and each workload, in seconds (run
# -S): the default, and the tiny sweep's, which the tests run.
# shellcheck disable=SC2034 # for run
SETTLE_DEFAULT=60
# The longest wait, once a wait of the run has reached its bound, until
# one finds the machine quiet (settle_run): two looks.
SETTLE_SHORT=1
# shellcheck disable=SC2034 # for run
SETTLE_TINY=0
# The canary: one timing of CANARY_SECONDS by smpb-hog -p after each
# measurement, so that the timings sample the host's speed over the
# whole workload, as its figures do.
CANARY_SECONDS=0.005

# host_snapshot: the kernel's counters now, as one line of five words,
# "busy steal procs psi uptime": the busy and the steal ticks of all CPUs
# and procs_running (proc/stat), the "some" total of CPU pressure in
# microseconds (proc/pressure/cpu) and the seconds since boot
# (proc/uptime); - for each that cannot be read. host_snapshot_v sets
# it in hs_line instead, with no subshell of its own.
host_snapshot() {
	hs_files
	LC_ALL=C awk -v s="$hs_stat" -v p="$hs_psi" -v u="$hs_up" \
	    "$HS_AWK" "$hs_stat" "$hs_psi" "$hs_up" 2>/dev/null
}

# shellcheck disable=SC2034 # hs_line: for the caller
host_snapshot_v() {
	hs_files
	hs_line=$(LC_ALL=C awk -v s="$hs_stat" -v p="$hs_psi" -v u="$hs_up" \
	    "$HS_AWK" "$hs_stat" "$hs_psi" "$hs_up" 2>/dev/null)
}

# hs_files: the files a snapshot reads, in hs_stat, hs_psi, hs_up
# (/dev/null for one that cannot be read).
hs_files() {
	hs_stat=$SMPB_ROOT/proc/stat
	hs_psi=$SMPB_ROOT/proc/pressure/cpu
	hs_up=$SMPB_ROOT/proc/uptime
	[ -r "$hs_stat" ] || hs_stat=/dev/null
	[ -r "$hs_psi" ] || hs_psi=/dev/null
	[ -r "$hs_up" ] || hs_up=/dev/null
}

# HS_AWK: the awk program of a snapshot.
# shellcheck disable=SC2016 # awk's own $fields
HS_AWK='
	BEGIN { busy = steal = procs = psi = up = "-" }
	FILENAME == s && $1 == "cpu" && NF >= 8 {
		busy = sprintf("%.0f", $2 + $3 + $4 + $7 + $8)
		if (NF >= 9)
			steal = sprintf("%.0f", $9)
	}
	FILENAME == s && $1 == "procs_running" { procs = $2 + 0 }
	FILENAME == p && $1 == "some" {
		for (i = 2; i <= NF; i++)
			if ($i ~ /^total=[0-9]+$/)
				psi = substr($i, 7)
	}
	FILENAME == u && FNR == 1 && $1 ~ /^[0-9]+(\.[0-9]+)?$/ { up = $1 }
	END { print busy, steal, procs, psi, up }'


# quiet_look WAITED BOUND: watch the machine for one window, WAITED
# seconds into a wait of at most BOUND; print "procs psi busy waited
# wait verdict": procs_running (the fewer of the two looks), CPU
# pressure (%), other work (CPUs), each "unknown" where it cannot be
# taken; the seconds waited in all (to the start of this window when it
# was quiet, else to its end), exact and to one decimal; and quiet,
# busy, timeout (busy, and BOUND reached) or unknown (no procs_running
# to judge by). The window's length is the uptime's growth where the
# kernel gives it, else SETTLE_WINDOW.
# shellcheck disable=SC2154 # clk_tck: host_tck's
quiet_look() {
	ql_win=$SETTLE_WINDOW
	# In a subshell of its own: its times are the look's and its sleep's,
	# the driver's own CPU time in the window.
	ql=$(
		times
		host_snapshot
		sleep "$ql_win" 2>/dev/null || sleep 1
		host_snapshot
		times
	)
	host_tck
	LC_ALL=C awk -v waited="$1" -v bound="$2" \
	    -v win="$ql_win" -v tck="$clk_tck" -v qprocs="$QUIET_PROCS" \
	    -v qbusy="$QUIET_BUSY" -v qpsi="$QUIET_PSI" '
	'"$TIMES_CPU_AWK"'
	{ l[NR] = $0 }
	END {
		if (NR != 6) {
			print "unknown unknown unknown", waited, "0.0 unknown"
			exit
		}
		split(l[3], a, " ")
		split(l[4], b, " ")
		secs = win
		if (a[5] != "-" && b[5] != "-" && b[5] - a[5] > 0)
			secs = b[5] - a[5]
		procs = "unknown"
		if (a[3] != "-")
			procs = a[3]
		if (b[3] != "-" && (procs == "unknown" || b[3] + 0 < procs + 0))
			procs = b[3]
		busy = "unknown"
		if (a[1] != "-" && b[1] != "-") {
			own = cpu(l[5] " " l[6]) - cpu(l[1] " " l[2])
			v = ((b[1] - a[1]) / tck - own) / secs
			busy = sprintf("%.2f", v < 0 ? 0 : v)
		}
		psi = "unknown"
		if (a[4] != "-" && b[4] != "-") {
			v = (b[4] - a[4]) / (secs * 1e6) * 100
			psi = sprintf("%.1f", v < 0 ? 0 : (v > 100 ? 100 : v))
		}
		if (procs == "unknown")
			verdict = "unknown"
		else if (procs + 0 <= qprocs + 0 &&
		    (busy == "unknown" || busy + 0 < qbusy + 0) &&
		    (psi == "unknown" || psi + 0 < qpsi + 0))
			verdict = "quiet"
		else {
			waited += secs
			verdict = waited >= bound ? "timeout" : "busy"
		}
		printf "%s %s %s %.3f %.1f %s\n", procs, psi, busy, waited,
		    waited, verdict
	}' <<EOF_LOOK
$ql
EOF_LOOK
}

# quiet_why PROCS PSI BUSY: why the machine is not quiet by these
# measures, as words for a warning, in qw_why: nothing when it is quiet,
# unknown when procs_running is unknown (with no process where it is
# unknown or empty, as a run that did not wait has it).
quiet_why() {
	case $1 in
	'' | unknown)
		qw_why=unknown
		return 0
		;;
	esac
	qw_why=$(LC_ALL=C awk -v procs="$1" -v psi="$2" -v busy="$3" \
	    -v qprocs="$QUIET_PROCS" -v qbusy="$QUIET_BUSY" -v qpsi="$QUIET_PSI" '
	BEGIN {
		if (procs !~ /^[0-9]+$/) {
			print "unknown"
			exit
		}
		if (procs + 0 > qprocs + 0)
			w = w "; " procs " tasks runnable, quiet is " qprocs \
			    " or fewer"
		if (busy != "unknown" && busy + 0 >= qbusy + 0)
			w = w "; other work on " busy " CPUs, quiet is under " qbusy
		if (psi != "unknown" && psi + 0 >= qpsi + 0)
			w = w "; CPU pressure " psi "%, quiet is under " qpsi "%"
		print substr(w, 3)
	}')
}

# settle BOUND: wait, at most BOUND seconds (0: not at all), until the
# machine is quiet, looking in windows of SETTLE_WINDOW. Sets
# settle_wait (seconds waited, one decimal), settle_state (quiet,
# timeout, or skipped: BOUND 0, or no proc/stat to judge by), and the
# state it started in, settle_procs, settle_psi and settle_busy (of the
# last window; unknown when skipped).
# shellcheck disable=SC2034 # settle_*: for run and host_line
settle() {
	settle_wait=0.0 settle_state=skipped
	settle_procs=unknown settle_psi=unknown settle_busy=unknown
	# Asked here, once: the looks, and the host's line after the
	# workload, run in subshells.
	host_tck
	[ "$1" -gt 0 ] && [ -r "$SMPB_ROOT/proc/stat" ] || return 0
	st_waited=0
	while :; do
		# shellcheck disable=SC2046 # six words
		set -- "$1" $(quiet_look "$st_waited" "$1")
		[ $# -eq 7 ] && [ "$7" != unknown ] || return 0
		settle_procs=$2 settle_psi=$3 settle_busy=$4
		st_waited=$5 settle_wait=$6
		case $7 in
		quiet | timeout)
			settle_state=$7
			return 0
			;;
		esac
		quiet_why "$2" "$3" "$4"
		progress "waiting for a quiet machine, ${6%.*} s of $1 s: $qw_why"
	done
}

# settle_run WHEN: a run's wait for a quiet machine (settle) WHEN ("at
# the start", "before pipe"), at most settle_bound seconds; but once a
# wait of the run's series has reached its bound (settle_short), at most
# SETTLE_SHORT, until a wait finds the machine quiet. The first wait that
# reaches its bound is said once (settle_said), with what the run does
# about it and the option that skips the wait. The seconds waited are
# added to run_waited.
# shellcheck disable=SC2154 # settle_bound, run_waited: the run's
settle_run() {
	sr_bound=$settle_bound
	[ "$settle_short" -eq 1 ] && [ "$sr_bound" -gt "$SETTLE_SHORT" ] &&
	    sr_bound=$SETTLE_SHORT
	settle "$sr_bound"
	run_waited=$((run_waited + ${settle_wait%.*}))
	case $settle_state in
	quiet) settle_short=0 ;;
	timeout)
		settle_short=1
		[ "$settle_said" -eq 1 ] && return 0
		settle_said=1
		quiet_why "$settle_procs" "$settle_psi" "$settle_busy"
		warn "not quiet after waiting $settle_wait s $1 ($qw_why): measuring all the same, other work disturbs the figures; until the machine is quiet the run waits $SETTLE_SHORT s at most before each workload (-S 0: no wait)"
		;;
	esac
}

# HOST_DRIFT_AWK: an awk function, drift(s0, s1, cpus, tck): what the
# host took between two host_snapshot lines, over the uptime between
# them, as "steal psi": steal time as a percentage of the CPU time of
# that wall time on CPUS online CPUs, and CPU pressure (the "some"
# total's growth) as a percentage of it; unknown where a count or the
# uptime is missing. TCK: the clock ticks of a second (host_tck).
HOST_DRIFT_AWK='
	function drift(s0, s1, cpus, tck,    a, b, steal, psi, wall, x) {
		split(s0, a, " ")
		split(s1, b, " ")
		steal = psi = "unknown"
		wall = 0
		if (a[5] != "" && a[5] != "-" && b[5] != "" && b[5] != "-")
			wall = b[5] - a[5]
		if (wall > 0 && cpus + 0 > 0 && a[2] ~ /^[0-9]+$/ &&
		    b[2] ~ /^[0-9]+$/) {
			x = (b[2] - a[2]) / tck / (wall * cpus) * 100
			steal = sprintf("%.2f", x < 0 ? 0 : (x > 100 ? 100 : x))
		}
		if (wall > 0 && a[4] ~ /^[0-9]+$/ && b[4] ~ /^[0-9]+$/) {
			x = (b[4] - a[4]) / (wall * 1e6) * 100
			psi = sprintf("%.2f", x < 0 ? 0 : (x > 100 ? 100 : x))
		}
		return steal " " psi
	}'

# canary_ns: the CPU's speed now: one timing of smpb-hog -p of
# CANARY_SECONDS, its ns_per_spin, in canary; empty when the timing
# failed, or when smpb-hog is not built.
# shellcheck disable=SC2034,SC2154 # canary: for run; prog_at: prog_path's
canary_ns() {
	canary=
	prog_path hog || return 0
	cn_line=$("$prog_at" -p -L 10 -T "$CANARY_SECONDS" </dev/null \
	    2>/dev/null) || return 0
	case $cn_line in
	*"$NL"*) return 0 ;;
	"spins="*" seconds="*" ns_per_spin="*) ;;
	*) return 0 ;;
	esac
	cn_ns=${cn_line##* ns_per_spin=}
	case $cn_ns in
	'' | .* | *. | *.*.* | *[!0-9.]*) ;;
	*) canary=$cn_ns ;;
	esac
}

# host_line WORKLOAD TIMINGS SNAPSHOT0 SNAPSHOT1: the host file's line
# of a workload (see results/README): how the machine settled before it
# (settle's variables), the steal time and CPU pressure between the
# snapshots taken around it, and the canary's timings (canary_ns, one a
# line of the file TIMINGS): their median, their number and every one,
# in the order taken; in hl_line, made by one awk.
# shellcheck disable=SC2034,SC2154 # hl_line: for the caller;
# cpus_online: placement()'s
host_line() {
	host_tck
	hl_line=$(LC_ALL=C awk -v w="$1" -v wait="$settle_wait" \
	    -v state="$settle_state" -v s0="$3" -v s1="$4" \
	    -v cpus="$cpus_online" -v tck="$clk_tck" '
	'"$HOST_DRIFT_AWK"'
	# Heapsort: n log n, whatever the order of the timings (an insertion
	# sort took 16 s for 20000 of them).
	function sift(v, root, end,    child, t) {
		while ((child = 2 * root) <= end) {
			if (child < end && v[child] < v[child + 1])
				child++
			if (v[root] >= v[child])
				return
			t = v[root]; v[root] = v[child]; v[child] = t
			root = child
		}
	}
	function median(v, n,    i, t) {
		for (i = int(n / 2); i >= 1; i--)
			sift(v, i, n)
		for (i = n; i > 1; i--) {
			t = v[1]; v[1] = v[i]; v[i] = t
			sift(v, 1, i - 1)
		}
		if (n % 2)
			return v[(n + 1) / 2]
		return (v[n / 2] + v[n / 2 + 1]) / 2
	}
	/^[0-9]+(\.[0-9]+)?$/ {
		ns[++n] = sprintf("%.4f", $1)
		v[n] = $1 + 0
	}
	END {
		split(drift(s0, s1, cpus, tck), d, " ")
		printf "workload=%s settle_wait_s=%s settle_state=%s", w, wait, state
		printf " steal_pct=%s psi_some_pct=%s", d[1], d[2]
		printf " canary_median_ns=%s canary_n=%d canary_ns=", \
		    n ? sprintf("%.4f", median(v, n)) : "unknown", n
		if (!n)
			printf "unknown"
		for (i = 1; i <= n; i++)
			printf "%s%s", (i > 1 ? "," : ""), ns[i]
		printf "\n"
	}' <"$2")
}
