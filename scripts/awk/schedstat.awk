# schedstat.awk: the growth of the kernel's scheduler counters over one
# measurement, from two reads of /proc/schedstat.
#
# Input: three files: the copy taken before the measurement (the
# uptime's line, then /proc/schedstat as it was), /proc/uptime and
# /proc/schedstat now. The formats of versions 15 to 17 of
# Documentation/scheduler/sched-stats.rst: "cpuN" lines of 9 counters,
# each followed by its "domainN" lines (version 17: "domainN NAME MASK",
# before it "domainN MASK"), three groups of load_balance() counters
# (one an idle type: 8 counters each, 11 from version 17), then 12 more
# (active balancing, exec and fork balancing, wakeups).
# Output: one line of key=value words (results/README): ss_s, the
# seconds between the reads (the uptime's growth); summed over the CPUs,
# ss_sched (schedule() calls), ss_goidle (of them, to leave the CPU
# idle), ss_ttwu (wakeups), ss_ttwu_local (of them, on the waking CPU);
# for each domain level L, summed over the CPUs, ss_dL_lb
# (load_balance() calls, every idle type), ss_dL_lb_failed (of them,
# failed to move a task), ss_dL_lb_gained (tasks pulled), ss_dL_alb_pushed
# (tasks pushed by active balancing), ss_dL_wake_remote (wakeups of a
# task that last ran on another CPU of the domain), ss_dL_move_affine
# (tasks moved to the waker's CPU by wake-affine), and, in version 17,
# ss_dL_name, the level's name (smt, mc, pkg, numa..., lower case; mixed
# where the CPUs name it differently). A counter that went back (a
# 32-bit wrap) grew by 2^32 less. Nothing when the two reads are not of
# one version among 15 to 17 or a line is not of its form.
# No -v variables.

FNR == 1 { file++ }

file == 1 && FNR == 1 || file == 2 {
	if (FNR == 1)
		up[file] = $1
	next
}

{
	side = file == 1 ? 0 : 1
}

$1 == "version" {
	ver[side] = $2
	next
}

$1 == "timestamp" || NF == 0 { next }

$1 ~ /^cpu[0-9]+$/ {
	cpu = $1
	if (NF != 10)
		bad = 1
	count(side, cpu, "", "sched", $4)
	count(side, cpu, "", "goidle", $5)
	count(side, cpu, "", "ttwu", $6)
	count(side, cpu, "", "ttwu_local", $7)
	next
}

$1 ~ /^domain[0-9]+$/ {
	domain(side, substr($1, 7) + 0)
	next
}

{ bad = 1 }

# domain(side, lvl): a domain line of the current CPU: its counters
# summed over the idle types, and its name in version 17.
function domain(side, lvl,    v17, f, w, k, b, t, name) {
	v17 = ver[side] == 17
	f = v17 ? 4 : 3
	w = v17 ? 11 : 8
	if (NF != f - 1 + 3 * w + 12) {
		bad = 1
		return
	}
	for (k = 0; k < 3; k++) {
		b = f + w * k
		count(side, cpu, lvl, "lb", $b, k)
		count(side, cpu, lvl, "lb_failed", $(b + 2), k)
		count(side, cpu, lvl, "lb_gained", $(b + (v17 ? 7 : 4)), k)
	}
	t = f + 3 * w
	count(side, cpu, lvl, "alb_pushed", $(t + 2))
	count(side, cpu, lvl, "wake_remote", $(t + 9))
	count(side, cpu, lvl, "move_affine", $(t + 10))
	if (lvl + 1 > nlvl)
		nlvl = lvl + 1
	if (side == 1 && v17) {
		name = tolower($2)
		gsub(/[^a-z]/, "", name)
		if (!(lvl in NAME))
			NAME[lvl] = name
		else if (NAME[lvl] != name)
			NAME[lvl] = "mixed"
	}
}

# count(side, cpu, lvl, what, v, type): a counter of a CPU (of its
# domain level lvl, "" for the CPU's own; of idle type type, where it
# has one) before (side 0) or after (1): after, its growth added to the
# sum of its kind.
function count(side, cpu, lvl, what, v, type,    k, d) {
	if (v !~ /^[0-9]+$/) {
		bad = 1
		return
	}
	k = cpu SUBSEP lvl SUBSEP what SUBSEP type
	if (side == 0) {
		BEFORE[k] = v
		return
	}
	if (!(k in BEFORE))
		return
	d = v - BEFORE[k]
	if (d < 0)
		d += 4294967296
	SUM[lvl, what] += d
}

END {
	if (bad || ver[0] != ver[1] || ver[0] !~ /^1[5-7]$/ || \
	    up[1] !~ /^[0-9]+(\.[0-9]+)?$/ || up[2] !~ /^[0-9]+(\.[0-9]+)?$/)
		exit 0
	s = up[2] - up[1]
	line = sprintf("ss_s=%.2f", s < 0 ? 0 : s)
	n = split("sched goidle ttwu ttwu_local", cw, " ")
	for (i = 1; i <= n; i++)
		line = line sprintf(" ss_%s=%.0f", cw[i], SUM["", cw[i]])
	n = split("lb lb_failed lb_gained alb_pushed wake_remote move_affine", dw, " ")
	for (l = 0; l < nlvl; l++) {
		for (i = 1; i <= n; i++)
			line = line sprintf(" ss_d%d_%s=%.0f", l, dw[i], SUM[l, dw[i]])
		if (NAME[l] != "")
			line = line " ss_d" l "_name=" NAME[l]
	}
	print line
}
