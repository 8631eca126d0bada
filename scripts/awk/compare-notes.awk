# compare-notes.awk: the lines under a compare table about its columns
# and runs: one line per column, where the historical runs come from,
# and the kernel settings in which the runs differ.
#
# Input: what compare.awk read (the columns LABEL, CNAME, CRUNS, CRUN;
# the runs' env RENV, names RUNNAME, repeats REPS, HIST) and the cvs of
# each column's cells ("cvs" SUBSEP g, compare-verdict.awk).
# Output, on stdout, through legends() and context_notes(), lines of at
# most 72 columns. No rules and no -v variables: loaded with compare.awk.

# legends(): one line per column: label, kernel, machine, profile, runs
# and repeats, the median coefficient of variation of its cells, dates
# and notes; then where the historical runs come from, once per source.
function legends(    g, j, k, s, who_src, src, reps) {
	for (g = 1; g <= NCOL; g++) {
		j = CRUN[g, 1]
		s = LABEL[g] ": " (RENV[j, "label"] == "" || \
		    LABEL[g] == CNAME[g] ? "" : "label " CNAME[g] ", ") \
		    "kernel " distinct(g, "kernel", "unknown") ", " \
		    distinct(g, "cpu_model", "unknown CPU") ", " \
		    cpus_text(RENV[j, "cpus_online"])
		if (!HIST[j])
			s = s ", " distinct(g, "profile", "unknown") " run"
		# The repeats a cell has, as counted (not as asked for): a
		# run cut short has fewer in some cells.
		reps = REPS_MODE[g] + 0
		s = s ", " (CRUNS[g] > 1 ? CRUNS[g] " runs, " : "") \
		    (reps > 1 ? reps " repeats" (CRUNS[g] > 1 ? " a cell" : "") : \
		    CRUNS[g] > 1 ? "one repeat a cell" : "one run")
		if (REPS_ODD[g])
			s = s " (other numbers in " REPS_ODD[g] " cell" \
			    (REPS_ODD[g] == 1 ? "" : "s") ", under n)"
		if (NVALS["cvs" SUBSEP g] > 0)
			s = s ", cv median " sprintf("%.0f%%", \
			    100 * median("cvs" SUBSEP g))
		if (RENV[j, "date"] != "")
			s = s ", " distinct(g, "date", "", 10)
		if (distinct(g, "note", "") != "")
			s = s "; note: " distinct(g, "note", "")
		wrap(s ".")
	}
	for (j = 1; j <= nruns; j++) {
		src = RENV[j, "source"]
		if (!HIST[j] || src == "" || (src in SAID))
			continue
		SAID[src] = 1
		who_src = ""
		for (k = j; k <= nruns; k++)
			if (HIST[k] && RENV[k, "source"] == src)
				who_src = who_src (who_src == "" ? "" : ", ") \
				    RUNNAME[k]
		wrap("From the post (" who_src "): " src ".")
	}
}

# distinct(g, key, dflt, len): the values of key in the env of column
# g's runs, each once, in the order of the runs, joined by ", " (their
# first len characters, when len is given); dflt when none has one.
function distinct(g, key, dflt, len,    k, v, s, seen) {
	s = ""
	for (k = 1; k <= CRUNS[g]; k++) {
		v = RENV[CRUN[g, k], key]
		if (len)
			v = substr(v, 1, len)
		if (v == "" || (v in seen))
			continue
		seen[v] = 1
		s = s (s == "" ? "" : ", ") v
	}
	return s == "" ? dflt : s
}

# context_notes(): the kernel settings and CPU limits in which a run
# differs from the first run that has them: single values as "key
# value where <run> has value", lists (command line, scheduler
# features, config options) as the words added (+) and taken away (-).
# Unknown or unrecorded values are skipped.
function context_notes(    keys, nk, j, b, i, k, s, t, head) {
	nk = split("preempt sched_ext governor boost smt cmdline" \
	    " sched_features config cgroup_cpu_max cgroup_cpu_weight" \
	    " cgroup_cpuset_cpus cgroup_cfs_quota_us cgroup_cfs_period_us" \
	    " cgroup_cpu_shares", keys, " ")
	b = 0
	for (j = 1; j <= nruns; j++)
		if (!b && (j, "cmdline") in RENV)
			b = j
	head = 0
	for (j = 1; b && j <= nruns; j++) {
		if (j == b)
			continue
		s = ""
		for (i = 1; i <= nk; i++) {
			k = keys[i]
			if (!known(b, k) || !known(j, k) ||
			    RENV[j, k] == RENV[b, k])
				continue
			if (k == "cmdline" || k == "sched_features" ||
			    k == "config")
				t = word_diff(RENV[b, k], RENV[j, k])
			else
				t = RENV[j, k] " where " RUNNAME[b] " has " RENV[b, k]
			s = s "; " k " " t
		}
		if (known(b, "config_hash") && known(j, "config_hash") &&
		    RENV[j, "config_hash"] != RENV[b, "config_hash"] &&
		    RENV[j, "config"] == RENV[b, "config"])
			s = s "; other config options differ"
		if (s == "")
			continue
		if (!head++)
			wrap("Kernel settings and CPU limits that differ from " \
			    RUNNAME[b] ":")
		wrap(RUNNAME[j] ": " substr(s, 3) ".")
	}
}

# known(j, key): run j recorded key, and knew it.
function known(j, key) {
	return (j, key) in RENV && RENV[j, key] != "" && \
	    RENV[j, key] != "unknown"
}

# word_diff(a, b): the words of b not in a (+word) and of a not in b
# (-word).
function word_diff(a, b,    wa, wb, na, nb, i, s, inA, inB) {
	na = split(a, wa, " ")
	nb = split(b, wb, " ")
	for (i = 1; i <= na; i++)
		inA[wa[i]] = 1
	for (i = 1; i <= nb; i++)
		inB[wb[i]] = 1
	s = ""
	for (i = 1; i <= nb; i++)
		if (!(wb[i] in inA))
			s = s " +" wb[i]
	for (i = 1; i <= na; i++)
		if (!(wa[i] in inB))
			s = s " -" wa[i]
	return substr(s, 2)
}
