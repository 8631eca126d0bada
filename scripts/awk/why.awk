# why.awk: the "why" table of a workload, beside its seed-layout table:
# what the kernel says the figure is made of.
#
# Input: raw/WORKLOAD of a saved run (see lib.awk for its lines), with
# -v workload=ring, herd, yield, pipe or bind.
# Output: nothing when no measurement says sched_stats= or holds -l's
# keys (a historical run, a run before these keys); else a title line, a
# header naming each column's unit, one row per cell (medians of the
# repeats), and a footnote line for each figure's column (p50 and p99
# share one). The figures:
#	ring   by N and placement: wakeup latency p50 and p99 (us, the -l
#	       keys lat_p50_us, lat_p99_us), run-queue delay per pass of the
#	       token (us: wait_s / passes)
#	herd   by processes: wakeup p50 and p99 (us), run-queue delay per
#	       token (us: wait_s / tokens)
#	yield  by threads: run-queue delay per yield (us: wait_s / yields),
#	       migrations (the kernel's count, all threads)
#	pipe   by write size, for each placement (four a block) at the
#	       smallest and the largest think: the pair's run-queue delay
#	       per block (us: wait_s / transfers)
#	bind   by configuration and array size: user seconds, migrations
#	       and run-queue delay (ms) per worker (user_s_I, migrations_I,
#	       wait_s_I), so that one table shows at which size binding and
#	       a hog begin to matter
# A column the kernel could not fill (sched_stats=none) or that was not
# measured (no -l) shows "-" in its cells and says so once, in its
# footnote, as n/a.
# Environment: SMPB_ENV, the run's env file.
# Needs the awk library (see lib.awk) loaded first.

BEGIN {
	load_env(ENVIRON["SMPB_ENV"])
}

{
	if (!raw($0, FILENAME, FNR) || ("exit" in F))
		next
	note_rep()
	if (F["sched_stats"] == "kernel")
		KERNEL = 1
	else if (F["sched_stats"] == "none")
		NOSTATS = 1
	if ("lat_p50_us" in F)
		LAT = 1
	if (workload == "ring" || workload == "herd")
		wakeup_line(workload)
	else if (workload == "yield")
		yield_line()
	else if (workload == "pipe")
		pipe_line()
	else if (workload == "bind")
		bind_line()
}

# keep(cell, v): a repeat of cell, when v is a figure; HAVE notes that
# the column was filled somewhere.
function keep(cell, v,    col) {
	if (v == "")
		return
	add(cell, v)
	split(cell, col, SUBSEP)
	HAVE[col[1]] = 1
}

# row_of(key): remember a row in the order first seen.
function row_of(key) {
	if (!(key in ROW)) {
		ROW[key] = ++NROWS
		ROWKEY[NROWS] = key
	}
}

# wakeup_line(w): a ring's or a herd's line: its row by placement, then
# N; the wakeup p50 and p99 and the run-queue delay per pass or token.
function wakeup_line(w,    n, k) {
	n = ident("procs", "-n", 2)
	if (n == "")
		return
	k = sprintf("%d", place_rank(F["place"]) * 100000 + n) SUBSEP \
	    F["place"] SUBSEP n
	row_of(k)
	keep("p50" SUBSEP k, num("lat_p50_us"))
	keep("p99" SUBSEP k, why_figure(w, "p99"))
	keep("wait" SUBSEP k, why_figure(w, "wait"))
}

function yield_line(    n, k) {
	n = ident("threads", "-n", 1)
	if (n == "")
		return
	k = sprintf("%d", n) SUBSEP F["place"] SUBSEP n
	row_of(k)
	keep("wait" SUBSEP k, why_figure("yield", "wait"))
	keep("migr" SUBSEP k, num("migrations"))
}

function pipe_line(    s, t, k) {
	s = ident("write_kib", "-s", 16)
	t = ident("think", "-t", 1)
	if (s == "" || t == "")
		return
	PLACES_RUN = PLACES_RUN " " F["place"]
	SIZES = SIZES " " s
	THINKS = THINKS " " t
	k = F["place"] SUBSEP s SUBSEP t
	keep("wait" SUBSEP k, why_figure("pipe", "wait"))
}

function bind_line(    k, i, v) {
	if (!bind_params(ENV["cache_l2_kib"]))
		return
	# Rows by array size, L2 at its own size where the run knows it.
	k = sprintf("%d", (BKIB != "L2" ? BKIB : \
	    ENV["cache_l2_kib"] ~ /^[0-9]+$/ ? ENV["cache_l2_kib"] : 0) * 16 + \
	    (F["place"] == "cores") * 8 + (BW == 1) * 4 + (BB > 0) * 2 + \
	    (BH > 0)) SUBSEP (BKIB == "L2" ? "L2" : BKIB " KiB") SUBSEP \
	    bind_name()
	row_of(k)
	if (BKIB == "L2")
		L2ROWS = 1
	for (i = 0; ("user_s_" i) in F; i++) {
		keep("user" SUBSEP k, num("user_s_" i))
		if (F["sched_stats"] == "kernel")
			keep("migr" SUBSEP k, num("migrations_" i))
		v = num("wait_s_" i)
		keep("wait" SUBSEP k, v == "" ? "" : v * 1e3)
	}
}

# fig(col, key): the median of a column's cell, in three significant
# figures, or "-".
function fig(col, key,    v) {
	if (NVALS[col SUBSEP key] == 0)
		return "-"
	v = median(col SUBSEP key)
	if (v < 10)
		return sprintf("%.2f", v)
	if (v < 100)
		return sprintf("%.1f", v)
	return sprintf("%.0f", v)
}

# sorted_rows(r): the row keys, by their leading sort number, into
# r[1..n]; return n.
function sorted_rows(r,    i, j, t, a, b) {
	for (i = 1; i <= NROWS; i++)
		r[i] = ROWKEY[i]
	for (i = 2; i <= NROWS; i++) {
		t = r[i]
		split(t, a, SUBSEP)
		for (j = i - 1; j >= 1; j--) {
			split(r[j], b, SUBSEP)
			if (b[1] + 0 <= a[1] + 0)
				break
			r[j + 1] = r[j]
		}
		r[j + 1] = t
	}
	return NROWS
}

# stats_note(col, what): the one footnote line of a column of the
# kernel's statistics, or n/a when no measurement had them.
function stats_note(col, what) {
	if (HAVE[col])
		out(what)
	else
		out(substr(what, 1, index(what, ":")) " n/a: no scheduler" \
		    " statistics from the kernel (sched_stats=none).")
}

# lat_note(): the one footnote line of the latency columns.
function lat_note() {
	if (HAVE["p50"])
		out("p50, p99: wakeup latency, a message's send to its receipt" \
		    " (-l), us.")
	else
		out("p50, p99: n/a: not measured (runs without -l).")
}

END {
	if (!KERNEL && !NOSTATS && !LAT)
		exit finish(0)
	if (workload == "ring")
		ring_table()
	else if (workload == "herd")
		herd_table()
	else if (workload == "yield")
		yield_table()
	else if (workload == "pipe")
		pipe_table()
	else if (workload == "bind")
		bind_table()
	exit finish(0)
}

function ring_table(    n, r, i, k) {
	out("ring, why: wakeup latency and run-queue delay")
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

function herd_table(    n, r, i, k) {
	out("herd, why: wakeup latency and run-queue delay")
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

function yield_table(    n, r, i, k) {
	out("yield, why: run-queue delay and migrations")
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

function pipe_table(    ns, nt, np, size, think, places, p, p0, p1, i, line,
    head) {
	ns = split(numsort(SIZES), size, " ")
	nt = split(numsort(THINKS), think, " ")
	np = split(place_list(PLACES_RUN), places, " ")
	out("pipe, why: the pair's run-queue delay per block, us")
	# Four placements a block, to stay within 72 columns.
	for (p0 = 1; p0 <= np; p0 += 4) {
		p1 = p0 + 3 < np ? p0 + 3 : np
		head = sprintf("%6s", "think")
		line = sprintf("%6s", "")
		for (p = p0; p <= p1; p++) {
			line = line sprintf(" %15s", substr(places[p], 1, 15))
			head = head sprintf(" %7s %7s", think[1], think[nt])
		}
		out(line)
		out(head)
		for (i = 1; i <= ns; i++) {
			line = sprintf("%5dk", size[i])
			for (p = p0; p <= p1; p++)
				line = line sprintf(" %7s %7s",
				    fig("wait", places[p] SUBSEP size[i] SUBSEP \
				    think[1]), fig("wait", places[p] SUBSEP size[i] \
				    SUBSEP think[nt]))
			out(line)
		}
	}
	stats_note("wait", "wait/block: run-queue delay per block, writer and" \
	    " reader summed, us.")
}

function bind_table(    n, r, i, k) {
	out("bind, why: user time, migrations and run-queue delay per worker")
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
	if (L2ROWS)
		out("array: smpb-bind -s; L2: the seed's size, one L2 cache" \
		    (ENV["cache_l2_kib"] ~ /^[0-9]+$/ ? ", " \
		    ENV["cache_l2_kib"] " KiB" : "") ".")
	out("user s: a worker's user seconds, as in the table above.")
	stats_note("migr", "migrations: a worker's moves to another CPU (the" \
	    " kernel's count).")
	stats_note("wait", "wait: a worker's run-queue delay (schedstat), ms.")
}
