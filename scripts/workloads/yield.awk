# yield.awk: the yield's hooks, what the shared awk programs ask of
# smpb-yield.
#
# The hook interface every workload file gives (facts, figure, why_wait,
# row_key, why_line, why_table) is described in lib.awk; awk/workload.awk
# makes the rest of its facts.
# Input: the parsed raw line, F (lib.awk's parse()). Output: only
# why_table() prints. No rules and no -v variables.
# The yield's figure is microseconds per yield across the machine,
# 1e6 / (yields/s in total); its rows are numbers of threads, N; its
# plot the figure against N; its why table the run-queue delay per yield
# and the migrations.

function facts(D) {
	D["what"] = "microseconds per yield"
	D["figure"] = "us_per_yield"
	D["higher"] = 0
	D["fmt"] = "%.3f"
	D["head"] = "#T"
	D["fast"] = "fast"
	D["skip"] = " -n -c "
	D["note"] = "across the machine, all threads' yields together"
	D["wait_per"] = "yield"
	D["wait_unit"] = "us"
	D["plot_xlabel"] = "threads, N"
	D["span"] = "seconds"
	D["count"] = "threads -n 1"
	D["plot_x"] = D["count"]
}

function figure(    v) {
	if ("us_per_yield" in F)
		return need("us_per_yield")
	v = need("total_per_s")
	if (v == "" || v == 0)
		return ""
	return 1e6 / v
}

# why_wait(): the run-queue delay per yield, summed over the threads, us.
function why_wait(    wait, n, v) {
	if ((wait = num("wait_s")) == "")
		return ""
	n = (v = num("total_per_s")) == "" ? "" : v * num("seconds")
	return per_unit(wait, n)
}

function row_key(pn, l2) {
	return count_row(pn)
}

function why_line(    n, k) {
	n = ident("threads", "-n", 1)
	if (n == "")
		return
	k = sprintf("%d", n) SUBSEP F["place"] SUBSEP n
	row_of(k)
	keep("wait" SUBSEP k, why_wait())
	keep("migr" SUBSEP k, num("migrations"))
}

function why_table(    n, r, i, k) {
	out("Run-queue delay and migrations:")
	out(sprintf("%7s %15s %11s", "threads", "wait us/yield", "migrations"))
	n = sorted_rows(r)
	for (i = 1; i <= n; i++) {
		split(r[i], k, SUBSEP)
		out(sprintf("%7d %15s %11s", k[3], fig("wait", r[i]),
		    NVALS["migr" SUBSEP r[i]] ? sprintf("%.0f",
		    median("migr" SUBSEP r[i])) : "-"))
	}
	stats_note("wait", "wait/yield: run-queue delay per yield, summed over" \
	    " the threads, us.")
	stats_note("migr", "migrations: moves to another CPU, all threads" \
	    " (the kernel's count).")
}
