# herd.awk: the herd's hooks, what the shared awk programs ask of smpb-herd.
#
# The hook interface every workload file gives (facts, figure, why_wait,
# row_key, span_s, plot_x, plot_y, why_line, why_table) is described in
# lib.awk.
# Input: the parsed raw line, F (lib.awk's parse()). Output: only
# why_table() prints. No rules and no -v variables.
# The herd's figure is the seconds for the seed's 5000000 iterations
# (shorter runs scaled); its rows are numbers of processes, P; its plot
# the figure against P; its why table the wakeup latency (-l) and the
# run-queue delay per token.

function facts(D) {
	D["what"] = "seconds for 5000000 iterations"
	D["count"] = 5000000
	D["count_what"] = "seconds for %d iterations"
	D["figure"] = "seconds"
	D["higher"] = 0
	D["fmt"] = "%.3f"
	D["head"] = "Processes"
	D["fast"] = "fast"
	D["skip"] = " -n -c -l "
	D["wait_per"] = "token"
	D["wait_unit"] = "us"
	D["plot"] = "curve"
	D["plot_xlabel"] = "processes sharing the pipe, P"
}

# figure(): the seconds for the seed's 5000000 iterations; COUNT, the
# iterations the line measured (compare shows the seconds of those
# where every run measured as many).
function figure(    i, v) {
	COUNT = ident("iterations", "-i", 5000000)
	if ("us_per_iteration" in F)
		return scaled(need("us_per_iteration"), 5)
	v = need("wall_s")
	i = COUNT
	if (v == "" || i == "" || i == 0)
		return ""
	return v * 5000000 / i
}

# why_wait(): the run-queue delay per token, summed over the herd, us.
function why_wait(    wait) {
	if ((wait = num("wait_s")) == "")
		return ""
	return per_unit(wait, num("tokens"))
}

function row_key(pn, l2,    n) {
	n = ident("procs", "-n", 2)
	if (n == "")
		return ""
	ROW_NAME = n pn
	return n
}

# span_s(): the seconds the herd ran: compare divides the kernel's run_s
# and wait_s by them (CPUs occupied, CPUs' worth queued); "" when the
# line has none.
function span_s() {
	return num("wall_s")
}

function plot_x() {
	return ident("procs", "-n", 2)
}

function plot_y() {
	return ""
}

function why_line(    n) {
	n = ident("procs", "-n", 2)
	if (n != "")
		wakeup_line(n, why_wait())
}

function why_table(    n, r, i, k) {
	out("Wakeup latency and run-queue delay:")
	out(sprintf("%9s %9s %9s %14s", "Processes", "p50 us", "p99 us",
	    "wait us/token"))
	n = sorted_rows(r)
	for (i = 1; i <= n; i++) {
		split(r[i], k, SUBSEP)
		out(sprintf("%9d %9s %9s %14s", k[3], fig("p50", r[i]),
		    fig("p99", r[i]), fig("wait", r[i])))
	}
	lat_note()
	stats_note("wait", "wait/token: run-queue delay per token, summed over" \
	    " the herd, us.")
}
