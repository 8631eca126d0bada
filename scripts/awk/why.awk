# why.awk: the "why" table of a workload, beside its seed-layout table:
# what the kernel says the figure is made of.
#
# Input: raw/WORKLOAD of a saved run (see lib.awk for its lines), with
# -v workload, the workload whose hooks (workloads/<w>.awk) are loaded.
# Output: nothing when no measurement says sched_stats= or holds -l's
# keys (a historical run, a run before these keys); else the workload's
# why table, which stands alone as the workload's table does: the
# heading (text.awk's, "ring, why: 6.18.0 (second), AMD EPYC, 2 CPUs"),
# then its why_table() hook's title line, a header naming each column's
# unit, one row per cell (medians of the repeats), and a footnote line
# for each figure's column (p50 and p99 share one); last, what ran and
# how many repeats the medians are of. The figures, by workload:
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
# Needs the awk library (see lib.awk) and the workload's hooks loaded
# first.

BEGIN {
	load_env(ENVIRON["SMPB_ENV"])
	facts(FACT)
}

{
	if (!raw($0, FILENAME, FNR))
		next
	note_rep()
	if ("exit" in F)
		next
	if (OPTS == "")
		OPTS = argrest(FACT["skip"])
	if (F["sched_stats"] == "kernel")
		KERNEL = 1
	else if (F["sched_stats"] == "none")
		NOSTATS = 1
	if ("lat_p50_us" in F)
		LAT = 1
	why_line()
}

END {
	if (!KERNEL && !NOSTATS && !LAT)
		exit finish(0)
	print heading(workload ", why")
	why_table()
	wrap(ran_text("smpb-" workload, OPTS) ".")
	exit finish(0)
}
