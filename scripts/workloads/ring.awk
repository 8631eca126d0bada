# ring.awk: the ring's hooks, what the shared awk programs ask of smpb-ring.
#
# The hook interface every workload file gives (facts, figure, why_wait,
# row_key, why_line, why_table) is described in lib.awk; awk/workload.awk
# makes the rest of its facts.
# Input: the parsed raw line, F (lib.awk's parse()). Output: only
# why_table() prints. No rules and no -v variables.
# The ring's figure is switches per second; its rows are ring sizes,
# N, by placement; its plot the figure against N; its why table the
# wakeup latency (-l) and the run-queue delay per pass of the token.

function facts(D) {
	D["what"] = "switches / second"
	D["figure"] = "switches_per_s"
	D["higher"] = 1
	D["fmt"] = "%.0f"
	D["head"] = "N"
	D["fast"] = "fast"
	D["skip"] = " -n -c -l "
	D["wait_per"] = "pass"
	D["wait_unit"] = "us"
	D["plot_xlabel"] = "processes in the ring, N"
	D["span"] = "wall_s"
	D["count"] = "procs -n 2"
	D["plot_x"] = D["count"]
}

function figure() {
	return need("switches_per_s")
}

# why_wait(): the run-queue delay per pass, summed over the ring, us.
function why_wait(    wait, n, v) {
	if ((wait = num("wait_s")) == "")
		return ""
	n = (v = num("switches_per_s")) == "" ? "" : v * num("wall_s")
	return per_unit(wait, n)
}

function row_key(pn, l2) {
	return count_row(pn)
}

function why_line() {
	count_why_line()
}

function why_table(    n, r, i, k) {
	out("Wakeup latency and run-queue delay:")
	out(sprintf("%4s  %-8s %9s %9s %13s", "N", "place", "p50 us",
	    "p99 us", "wait us/pass"))
	n = sorted_rows(r)
	for (i = 1; i <= n; i++) {
		split(r[i], k, SUBSEP)
		out(sprintf("%4d  %-8s %9s %9s %13s", k[3], k[2],
		    fig("p50", r[i]), fig("p99", r[i]), fig("wait", r[i])))
	}
	lat_note()
	stats_note("wait", "wait/pass: run-queue delay per pass, summed over" \
	    " the ring, us.")
}
