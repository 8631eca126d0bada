# bind.awk: the bind's hooks, what the shared awk programs ask of
# smpb-bind, and its configurations, which its table reads too.
#
# The hook interface every workload file gives (facts, figure, why_wait,
# row_key, why_line, why_table) is described in lib.awk; awk/workload.awk
# makes the rest of its facts.
# Input: the parsed raw line, F (lib.awk's parse()). Output: only
# why_table() prints. No rules and no -v variables.
# The bind's figure is the workers' mean user seconds; its rows are
# configurations (idle or hog, bound, single, one worker per core) and
# array sizes; it has no plot; its why table gives user seconds,
# migrations and run-queue delay (ms) per worker, so that one table
# shows at which size binding and a hog begin to matter.

function facts(D) {
	D["what"] = "user seconds per worker (their mean)"
	D["figure"] = "user_s"
	D["higher"] = 0
	D["fmt"] = ""
	D["head"] = "configuration"
	D["fast"] = "fast"
	D["skip"] = " -n -B -H -s -c "
	D["wait_per"] = "worker"
	D["wait_unit"] = "ms"
	D["span"] = "wall_s"
}

function figure(    i, sum, v) {
	sum = 0
	for (i = 0; ("user_s_" i) in F; i++) {
		v = need("user_s_" i)
		if (v == "")
			return ""
		sum += v
	}
	if (i == 0)
		return need("user_s_0")
	return sum / i
}

# why_wait(): the workers' mean run-queue delay, ms.
function why_wait(    n, v, i, sum) {
	sum = n = 0
	for (i = 0; ("user_s_" i) in F; i++) {
		if ((v = num("wait_s_" i)) == "") {
			if (NUM_BAD)
				return ""
			continue
		}
		sum += v
		n++
	}
	return n ? sum / n * 1e3 : ""
}

function row_key(pn, l2,    kib) {
	if (!bind_params(l2))
		return ""
	ROW_NAME = bind_name() (F["place"] == "cores" ? "" : pn) \
	    (BKIB == "L2" ? "" : ", " BKIB " KiB")
	kib = BKIB == "L2" ? 0 : BKIB
	if (F["place"] == "cores")
		return kib * 64 + BW * 2 + (BH > 0)
	return kib * 64 + (BW == 1) * 4 + (BB > 0) * 2 + (BH > 0)
}

# why_line(): rows by array size, L2 at its own size where the run knows
# it.
function why_line(    k, i, v) {
	if (!bind_params(ENV["cache_l2_kib"]))
		return
	k = sprintf("%d", (BKIB != "L2" ? BKIB : \
	    ENV["cache_l2_kib"] ~ /^[0-9]+$/ ? ENV["cache_l2_kib"] : 0) * 16 + \
	    (F["place"] == "cores") * 8 + (BW == 1) * 4 + (BB > 0) * 2 + \
	    (BH > 0)) SUBSEP (BKIB == "L2" ? "L2" : BKIB " KiB") SUBSEP \
	    bind_name()
	row_of(k)
	if (BKIB == "L2")
		BIND_L2ROWS = 1
	for (i = 0; ("user_s_" i) in F; i++) {
		keep("user" SUBSEP k, num("user_s_" i))
		if (F["sched_stats"] == "kernel")
			keep("migr" SUBSEP k, num("migrations_" i))
		v = num("wait_s_" i)
		keep("wait" SUBSEP k, v == "" ? "" : v * 1e3)
	}
}

function why_table(    n, r, i, k) {
	out("User time, migrations and run-queue delay per worker:")
	out(sprintf("%-24s %9s %8s %11s %10s", "configuration", "array",
	    "user s", "migrations", "wait ms"))
	n = sorted_rows(r)
	for (i = 1; i <= n; i++) {
		split(r[i], k, SUBSEP)
		out(sprintf("%-24s %9s %8s %11s %10s", substr(k[3], 1, 24), k[2],
		    NVALS["user" SUBSEP r[i]] ? secs(median("user" SUBSEP r[i])) : \
		    "-", NVALS["migr" SUBSEP r[i]] ? sprintf("%.0f",
		    median("migr" SUBSEP r[i])) : "-", fig("wait", r[i])))
	}
	if (BIND_L2ROWS)
		out("array: smpb-bind -s; L2: the seed's size, one L2 cache" \
		    (ENV["cache_l2_kib"] ~ /^[0-9]+$/ ? ", " \
		    ENV["cache_l2_kib"] " KiB" : "") ".")
	out("user s: a worker's user seconds, smpb-bind's figure.")
	stats_note("migr", "migrations: a worker's moves to another CPU (the" \
	    " kernel's count).")
	stats_note("wait", "wait: a worker's run-queue delay (schedstat), ms.")
}

# bind_params(l2): the parsed line's workers, whether bound, hogs and
# array (bind_array_kib(l2)) into BW, BB, BH and BKIB; false when one is not
# a number (reported).
function bind_params(l2) {
	BW = ident("workers", "-n", 2)
	BB = ("bound" in F) ? ident("bound", "-B", 0) : argflag("-B")
	BH = ident("hogs", "-H", 0)
	BKIB = bind_array_kib(l2)
	return BW != "" && BB != "" && BH != "" && BKIB != ""
}

# bind_name(): the configuration of the line bind_params() parsed, as a
# row's name: "idle" or "hog", then ", bound", ", single", ", N per core".
function bind_name() {
	return (BH > 0 ? "hog" : "idle") (BB > 0 ? ", bound" : "") \
	    (BW == 1 ? ", single" : "") \
	    (F["place"] == "cores" ? ", " BW " per core" : "")
}

# bind_array_kib(l2): the array of a bind line: "L2" for the seed's size (no
# -s: the seed's runs, and smpb-bind's own choice, its L2; or -s of the
# run's L2, l2 from its env's cache_l2_kib), else its KiB; "" when the
# line's size is not a number (reported).
function bind_array_kib(l2,    kib) {
	if (argval("-s", "") == "")
		return "L2"
	kib = ident("cache_kib", "-s", "")
	if (kib == "")
		return ""
	return kib == l2 ? "L2" : kib
}
