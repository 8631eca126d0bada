# compare-head.awk: the header of compare's report, said once above
# its tables (the headline after it is compare-headline.awk's).
#
# Input: what compare.awk read of every run (head mode: the columns
# LABEL, CNAME, CRUNS, CRUN; the runs' env RENV, names RUNNAME, HIST;
# their problems PTEXT, PHARD) and what each table said of itself
# (table_said() and those after it, below).
# Output, through emit() (text.awk): print_head(), lines of at most 72 columns: the
# columns, one line each (label, kernel, machine, profile, runs and
# repeats, date; what they all share on one line of its own), what
# differs between them (kernel settings and CPU limits, the host's
# speed, doubts about a run), the caveat of one run a side, what a cell
# holds and the legend of the marks the tables show; and, through
# print_headline() (compare-headline.awk), the headline, kept apart
# (OUT_SEC "headline").
# No rules: loaded with compare.awk.

# print_head(): the header; the headline (print_headline()) kept apart,
# as OUT_SEC "headline".
function print_head(    g, s, i) {
	if (parsable)
		return print_p_head()
	OUT_SEC = "headline"
	print_headline()
	OUT_SEC = "head"
	columns()
	differs()
	machines_booted()
	if (FACTS["one-run"])
		wrap("One run a side: a mark says these two runs differ; that" \
		    " the kernels do takes several runs a side (run -R 3).")
	s = "Cells: the median of the repeats" (POOLED != "" ? " (the" \
	    " runs' medians, where a column pools runs)" : "") " and their" \
	    " spread (cv)"
	if (FACTS["bimodal"])
		s = s ", or (k/n): two clusters, k of n repeats in the better"
	if (NCOL > 1)
		s = s "; change: median / first median - 1"
	if (FACTS["tiny"])
		s = s ", the difference where one is zero"
	if (FACTS["odd"])
		s = s "; n: a cell's repeats, where fewer than its column's"
	wrap(s ".")
	legend_line()
}

# What each table says of itself for the header and the headline, as
# it is made (compare-table.awk's facts_out()), kept for the report:
# FACTS[key] set, MARKS the marks shown, HOSTS and HOSTU the host lines,
# DOUBT the doubts to group (doubts()); of the workloads' own tables,
# each column's counts (COLN[g, k]: tested worse better placement, in
# doubt worse and better, few, and in doubt: smpb-stat's counts,
# compare-verdict.awk's COL_COUNT) and its marked cells (CELL_W,
# CELL_ROW, CELL_DIR, CELL_CH, CELL_I, CELL_P of CELLS[g,
# 1..NCELLS[g]]).

# table_said(k): a fact a table says of itself (FACTS[k]).
function table_said(k) {
	FACTS[k] = 1
}

# said_reps(name, mode, odd): column name's usual repeats a cell in a
# table, and how many of its cells have another.
function said_reps(name, mode, odd) {
	table_said("reps")
	if (!(name in REPS_SEEN) || mode > REPS_SEEN[name])
		REPS_SEEN[name] = mode
	REPS_ODDS[name] += odd
}

# said_host(name, said): how column name's host ran under a workload,
# "herd 57% slower (+5% to +110%)".
function said_host(name, said) {
	table_said("host")
	HOSTS[name] = HOSTS[name] (HOSTS[name] == "" ? "" : ", ") said
}

# said_host_unknown(name, w, why): column name's host of unknown speed
# under workload w, and why.
function said_host_unknown(name, w, why) {
	table_said("host-unknown")
	if (!((name, why) in HOSTU)) {
		HOSTU_WHY[name, ++HOSTU_N[name]] = why
		HOSTU[name, why] = ""
	}
	HOSTU[name, why] = HOSTU[name, why] (HOSTU[name, why] == "" ? "" : \
	    ", ") w
}

# said_doubt(say, w): a doubt of a run under workload w that the header
# says once for every table: say, "settle|steal TAB run TAB value".
function said_doubt(say, w,    a, k) {
	split(say, a, "\t")
	k = a[1] SUBSEP a[2]
	if (!(k in DOUBT)) {
		DOUBT_K[++NDOUBT] = k
		DOUBT[k] = ""
	}
	DOUBT[k] = DOUBT[k] (DOUBT[k] == "" ? "" : ", ") w \
	    (a[3] ~ /^[0-9.]+$/ ? " (" (a[1] == "steal" ? a[3] "%" : \
	    "waited " a[3] " s") ")" : "")
}

# said_col(g, counts): column g's cells of a workload's own table as
# smpb-stat counted them (COL_COUNT: tab-separated), summed.
function said_col(g, counts,    a, k) {
	split(counts, a, "\t")
	for (k = 1; k <= 8; k++)
		COLN[g, k] += a[k]
}

# columns(): a line per column, and what they all share on one.
function columns(    g, keys, nk, i, k, same, s, t) {
	nk = split("cpu_model cpus_online profile", keys, " ")
	for (i = 1; i <= nk; i++) {
		k = keys[i]
		same[k] = NCOL > 1
		for (g = 2; g <= NCOL; g++)
			if (distinct(g, k, "?") != distinct(1, k, "?"))
				same[k] = 0
	}
	s = ""
	if (same["cpu_model"])
		s = s ", " distinct(1, "cpu_model", "unknown CPU")
	if (same["cpus_online"])
		s = s ", " cpus_text(RENV[CRUN[1, 1], "cpus_online"])
	if (same["profile"] && !HIST[CRUN[1, 1]])
		s = s ", " distinct(1, "profile", "unknown")
	t = (NCOL > 1 ? "Against the first column" : "Columns") \
	    (PREFIX != "" ? " (names after " PREFIX ")" : "") \
	    (s == "" ? "" : ", " (NCOL == 2 ? "both" : "all") " on " substr(s, 3)) ":"
	wrap(t)
	for (g = 1; g <= NCOL; g++)
		indented(column_text(g, same) ".")
	if (NCOL == 1 && POOLED != "")
		wrap("One column: every run is " CNAME[1] ", so nothing is" \
		    " compared; runs of other kernels, or labelled apart" \
		    " (smpbench run -l, or named here: compare a1=DIR" \
		    " a2=DIR), stand side by side.")
	sources()
}

# sources(): where the historical runs come from, once per post.
function sources(    j, k, src, who_src) {
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

# indented(s): s wrapped, two blanks before every line.
function indented(s,    t) {
	t = wrap_text(s, 70)
	gsub(/\n  /, "\n    ", t)
	emit("  " t)
}

# column_text(g, same): column g in a few words: its label, kernel,
# machine and profile where the columns differ in them, runs and
# repeats, dates.
function column_text(g, same,    j, s, reps) {
	j = CRUN[g, 1]
	s = LABEL[g] ": " (RENV[j, "label"] == "" || LABEL[g] == CNAME[g] ? \
	    "" : "label " CNAME[g] ", ") "kernel " distinct(g, "kernel", "unknown")
	if (!same["cpu_model"])
		s = s ", " distinct(g, "cpu_model", "unknown CPU")
	if (!same["cpus_online"])
		s = s ", " cpus_text(RENV[j, "cpus_online"])
	if (!same["profile"] && !HIST[j])
		s = s ", " distinct(g, "profile", "unknown") " profile"
	# The repeats a cell has, as the tables counted them (not as asked
	# for): a run cut short has fewer in some cells; pooled, each run's.
	reps = CRUNS[g] == 1 && CNAME[g] in REPS_SEEN ? REPS_SEEN[CNAME[g]] : \
	    distinct(g, "repeats", "")
	if (!HIST[j])
		s = s ", " CRUNS[g] " run" (CRUNS[g] > 1 ? "s" : "") \
		    (reps ~ /^[0-9]+(, [0-9]+)*$/ ? " x " reps " repeat" \
		    (reps == 1 ? "" : "s") : "")
	if (REPS_ODDS[CNAME[g]])
		s = s " (other numbers in " REPS_ODDS[CNAME[g]] " cell" \
		    (REPS_ODDS[CNAME[g]] == 1 ? "" : "s") ", under n)"
	if (RENV[j, "date"] != "")
		s = s ", " distinct(g, "date", "", 10)
	if (distinct(g, "note", "") != "")
		s = s "; note: " distinct(g, "note", "")
	return s
}

# differs(): what differs between the columns: the kernel settings and
# CPU limits (context_notes()), the hosts' speeds the tables found, and
# the doubts about a run ("? ..." lines), each said once.
function differs(    g, i, s, k) {
	context_notes()
	for (g = 2; g <= NCOL; g++) {
		if (HOSTS[CNAME[g]] != "")
			wrap("The host's CPU itself ran at another speed under " \
			    LABEL[g] " than under " LABEL[1] " (timed after every" \
			    " measurement; " LEVEL_PCT "% intervals): " HOSTS[CNAME[g]] ".")
		s = ""
		for (k = 1; k <= HOSTU_N[CNAME[g]]; k++)
			if (HOSTU_WHY[CNAME[g], k] != "spread")
				s = s "; in " HOSTU[CNAME[g], HOSTU_WHY[CNAME[g], k]] \
				    " (" HOSTU_WHY[CNAME[g], k] ")"
			else
				wrap(host_spread(g, HOSTU[CNAME[g], "spread"]))
		if (s != "")
			wrap("The host's speed under " LABEL[g] " is unknown " \
			    substr(s, 3) ": a change the host made is marked" \
			    " as the kernel's.")
	}
	if ((s = no_host_file()) != "" && NCOL > 1)
		wrap("Older runs, with no timing of the host's CPU: " s ": a" \
		    " change the host made is marked as the kernel's.")
	for (i = 1; i <= NPROB; i++)
		wrap("? " PTEXT[i] (PHARD[i] ? "; no change in its column is" \
		    " marked" : "") ".")
	doubts()
}

# doubts(): the doubts of the runs that several tables share, once
# each, with the workloads they hold in: steal time a point or more
# above another run's, a start that was not quiet. Runs whose doubt
# reads alike share its line, named by their column where it holds for
# all of its runs.
function doubts(    d, e, a, b, kind, runs, done, j, k) {
	for (j = 1; j <= nruns; j++)
		RUN_OF[RUNNAME[j]] = j
	for (d = 1; d <= NDOUBT; d++) {
		if (d in done)
			continue
		split(DOUBT_K[d], a, SUBSEP)
		kind = a[1]
		runs = RUN_OF[a[2]]
		for (e = d + 1; e <= NDOUBT; e++) {
			split(DOUBT_K[e], b, SUBSEP)
			if (b[1] == kind && DOUBT[DOUBT_K[e]] == DOUBT[DOUBT_K[d]]) {
				runs = runs " " RUN_OF[b[2]]
				done[e] = 1
			}
		}
		if (kind == "steal")
			wrap("? " names_of(runs) ": its host took time from it" \
			    " (steal) in " DOUBT[DOUBT_K[d]] ", a point or more" \
			    " above another run: its changes are in doubt.")
		else
			wrap("? " names_of(runs) ": the machine was not quiet at the" \
			    " start of " DOUBT[DOUBT_K[d]] ": its changes are in doubt.")
	}
}

# legend_line(): the legend of the marks the tables show, the rule of
# * and + and how the change is tested.
function legend_line(    s) {
	s = ""
	if (NCOL > 1 && FACTS["method"])
		s = s "; *\001worse, +\001better: a change of " threshold \
		    "% or more (-t) whose " LEVEL_PCT "% interval (" shift_method() \
		    ")" \
		    " leaves out zero"
	if (index(MARKS, "@"))
		s = s "; @\001the sides ran on one CPU and on more: the" \
		    " scheduler's placement, not marked as a change"
	if (index(MARKS, "?") || any_doubt())
		s = s "; ?\001in doubt (the ? lines)"
	if (index(MARKS, "!"))
		s = s "; !\001a repeat lost"
	if (s == "")
		return
	s = wrap_text("Marks: " substr(s, 3) ".")
	gsub(/\001/, " ", s)
	emit(s)
}

# any_doubt(): true where a column's changes are in doubt (its runs',
# or the first column's, on a ? line), a ? cell or not.
function any_doubt(    g) {
	for (g = 2; g <= NCOL; g++)
		if (COLN[g, 8])
			return 1
	return 0
}

# shift_method(): how the tables tested their changes.
function shift_method(    s) {
	s = ""
	if (FACTS["method-repeats"])
		s = "Hodges-Lehmann, of the repeats"
	if (FACTS["method-runs"])
		s = s (s == "" ? "" : "; ") "Welch's t, of the runs' medians"
	return s == "" ? "none tested" : s
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

# context_notes(): the kernel settings and CPU limits in which runs
# differ from the first run that has them, a line for each way they
# differ (runs that differ alike share it): single values as "key value
# where <run> has value", lists (command line, scheduler features,
# config options) as the words added (+) and taken away (-); CPU lists
# as the sets of CPUs they name (CPUSET_AS, smpb-stat's: the first run
# whose cpuset is the same set, 0-1 as 0,1).
# Unknown or unrecorded values are skipped.
function context_notes(    keys, nk, j, b, i, k, s, t, n, text, grp, g) {
	nk = split("preempt sched_ext governor boost smt cmdline" \
	    " sched_features config cgroup_cpu_max cgroup_cpu_weight" \
	    " cgroup_cpuset_cpus cgroup_cfs_quota_us cgroup_cfs_period_us" \
	    " cgroup_cpu_shares", keys, " ")
	b = 0
	for (j = 1; j <= nruns; j++)
		if (!b && (j, "cmdline") in RENV)
			b = j
	n = 0
	for (j = 1; b && j <= nruns; j++) {
		if (j == b)
			continue
		s = ""
		for (i = 1; i <= nk; i++) {
			k = keys[i]
			if (!known(b, k) || !known(j, k) || RENV[j, k] == \
			    RENV[b, k] || k == "cgroup_cpuset_cpus" && \
			    CPUSET_AS[j] != "" && CPUSET_AS[j] == CPUSET_AS[b])
				continue
			if (k == "cmdline" || k == "sched_features" ||
			    k == "config")
				t = word_diff(RENV[b, k], RENV[j, k])
			else
				t = RENV[j, k] " where " base_name(b, keys, nk) " has " \
				    RENV[b, k]
			s = s "; " k " " t
		}
		if (known(b, "config_hash") && known(j, "config_hash") &&
		    RENV[j, "config_hash"] != RENV[b, "config_hash"] &&
		    RENV[j, "config"] == RENV[b, "config"])
			s = s "; other config options differ"
		if (s == "")
			continue
		for (g = 1; g <= n && text[g] != s; g++)
			;
		if (g > n)
			text[++n] = s
		grp[g] = grp[g] " " j
	}
	for (g = 1; g <= n; g++)
		wrap("Differs in " names_of(grp[g]) " from " base_name(b, keys, \
		    nk) ": " \
		    substr(text[g], 3) ".")
}

# names_of(list): the runs of list (their numbers, blank-separated) by
# name, a column's label where the list holds every run of it.
function names_of(list,    a, n, i, in_list, g, k, all, s, said) {
	n = split(list, a, " ")
	for (i = 1; i <= n; i++)
		in_list[a[i]] = 1
	s = ""
	for (i = 1; i <= n; i++) {
		g = COL[a[i]]
		all = 1
		for (k = 1; k <= CRUNS[g]; k++)
			if (!(CRUN[g, k] in in_list))
				all = 0
		if (!all)
			s = s ", " RUNNAME[a[i]]
		else if (!(g in said)) {
			said[g] = 1
			s = s ", " LABEL[g]
		}
	}
	return substr(s, 3)
}

# base_name(b, keys, nk): the run the others are set against, by its
# column's label where every run of its column has its settings (keys).
function base_name(b, keys, nk,    g, k, i) {
	g = COL[b]
	for (k = 1; k <= CRUNS[g]; k++)
		for (i = 1; i <= nk; i++)
			if (RENV[CRUN[g, k], keys[i]] != RENV[b, keys[i]])
				return RUNNAME[b]
	return LABEL[g]
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
