# herd.awk: the herd's hooks, what the shared awk programs ask of smpb-herd.
#
# The hook interface every workload file gives (facts, figure, why_wait,
# row_key, why_line, why_table) is described in lib.awk; awk/workload.awk
# makes the rest of its facts.
# Input: the parsed raw line, F (lib.awk's parse()). Output: only
# why_table() prints. No rules and no -v variables.
# The herd's figure is the seconds for the seed's iterations, per_count
# (shorter runs scaled); its rows are numbers of processes, P; its plot
# the figure against P; its why table the wakeup latency (-l) and the
# run-queue delay per token.

# per_count, the seed's iterations, is written here alone: the table,
# and herd.sh's full sweep and cost (lib/sweep.sh's awk_fact), read it.
function facts(D) {
	D["per_count"] = 5000000
	D["per_count_what"] = "seconds for %d iterations"
	D["what"] = sprintf(D["per_count_what"], D["per_count"])
	D["figure"] = "seconds"
	D["higher"] = 0
	D["fmt"] = "%.3f"
	D["head"] = "Processes"
	D["fast"] = "fast"
	D["skip"] = " -n -c -l "
	D["wait_per"] = "token"
	D["wait_unit"] = "us"
	D["plot_xlabel"] = "processes sharing the pipe, P"
	D["span"] = "wall_s"
	D["count"] = "procs -n 2"
	D["plot_x"] = D["count"]
}

# figure(): the seconds for the seed's iterations (the fact per_count);
# COUNT, the iterations the line measured (compare shows the seconds of
# those where every run measured as many).
function figure(    i, v, seed) {
	seed = fact("per_count")
	COUNT = ident("iterations", "-i", seed)
	if ("us_per_iteration" in F)
		return scaled(need("us_per_iteration"), seed / 1000000)
	v = need("wall_s")
	i = COUNT
	if (v == "" || i == "" || i == 0)
		return ""
	return v * seed / i
}

# why_wait(): the run-queue delay per token, summed over the herd, us.
function why_wait(    wait) {
	if ((wait = num("wait_s")) == "")
		return ""
	return per_unit(wait, num("tokens"))
}

function row_key(pn, l2) {
	return count_row(pn)
}

function why_line() {
	count_why_line()
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
