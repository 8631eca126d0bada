# compare-table.awk: the table compare.awk prints, and what it says
# under it.
#
# Input: what compare.awk read and checked: the runs' cells (cells.awk,
# named run SUBSEP row), their labels, env (RENV) and problems (QCOL,
# NOSIG), the rows (NAME), the workload's format (FMT, HEAD, HIGHER,
# FAST, FACT).
# Output, on stdout, through print_table(): the table, one column per
# run and one row per cell, in blocks of at most 72 columns, each beside
# the first run; the notes on the cells, marks and test; one line per
# run; where the historical runs come from; the kernel settings that
# differ (see compare.awk for the whole form).
# -v variables: compare.awk's (workload, metric). No rules: loaded with
# compare.awk, after the awk library and the workload's hooks.

# cell(j, key): the cell of run j, in four parts: VT (the median, or
# what stands for it), CT (the coefficient of variation), PT (the change
# against the first run), MT (the marks).
function cell(j, key,    c, c1, m, m1, p, v) {
	VT = CT = PT = MT = ""
	c = j SUBSEP key
	c1 = 1 SUBSEP key
	if (FAILED[c] > 0 || BAD[c] > 0) {
		MT = "!"
		MISSING = 1
	}
	if (NVALS[c] == 0) {
		VT = NA[c] > 0 ? "n/a" : FAILED[c] > 0 ? "fail" : "-"
		return
	}
	if (bimodal(c)) {
		VT = "bimodal " (HIGHER ? BI_HIGH : BI_LOW) "/" NVALS[c] " " FAST
		BIMODAL = 1
		CLUSTERS = CLUSTERS "; " LABEL[j] " at " NAME[key] ": " \
		    fmt(HIGHER ? BI_HIGHMED : BI_LOWMED) " and " \
		    fmt(HIGHER ? BI_LOWMED : BI_HIGHMED)
		return
	}
	m = median(c)
	VT = fmt(m)
	v = cv(c)
	if (v != "") {
		CT = sprintf("(%.0f%%)", v * 100)
		add("cvs" SUBSEP j, v)
	}
	if (j == 1 || NVALS[c1] == 0 || bimodal(c1))
		return
	m1 = median(c1)
	if (m1 != 0)
		PT = sprintf("%+.0f%%", (m - m1) * 100 / m1)
	if (NOSIG[j] || NOSIG[1])
		return
	if (NVALS[c] < 5 || NVALS[c1] < 5) {
		FEW = 1
		return
	}
	p = mw_p(c1, c)
	TESTED = 1
	if (!MW_EXACT)
		APPROX = 1
	if (p < 0.05) {
		MT = "*" MT
		SIGNIFICANT = 1
	}
}

# fmt(v): a figure in the workload's format.
function fmt(v) {
	if (FMT == "sig3")
		return sprintf(v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v)
	return FMT == "" ? secs(v) : sprintf(FMT, v)
}

function pad(s, w) {
	return sprintf("%" w "s", s)
}

# block(nr, row, kw, first, last): the table for run 1 and runs
# first..last.
function block(nr, row, kw, first, last,    i, j, k, line, dash, s) {
	line = pad(HEAD, kw) " :"
	for (k = first - 1; k <= last; k++) {
		j = k == first - 1 ? 1 : k
		line = line " " pad(LABEL[j] (QCOL[j] ? "?" : ""), W[j])
	}
	out(line)
	dash = line
	gsub(/./, "-", dash)
	print dash
	for (i = 1; i <= nr; i++) {
		line = pad(NAME[row[i]], kw) " :"
		for (k = first - 1; k <= last; k++) {
			j = k == first - 1 ? 1 : k
			# The median and its spread right-aligned, so that
			# figures line up; a bimodal cell takes both places.
			if (C[i, j] == "" && V[i, j] ~ /^bimodal/)
				s = pad(V[i, j], VW[j] + (CW[j] ? CW[j] + 1 : 0))
			else {
				s = pad(V[i, j], VW[j])
				if (CW[j])
					s = s " " pad(C[i, j], CW[j])
			}
			if (PW[j])
				s = s " " pad(P[i, j], PW[j])
			if (MW[j])
				s = s sprintf("%-" MW[j] "s", M[i, j])
			line = line " " s
		}
		out(line)
	}
}

# widths(nr, row): fill V, C, P, M and the widths of each column's parts
# (VW, CW, PW, MW) and of the whole (W), wide enough for the label.
function widths(nr, row,    i, j, lw) {
	for (j = 1; j <= nruns; j++) {
		VW[j] = CW[j] = PW[j] = MW[j] = 0
		BW = 0
		for (i = 1; i <= nr; i++) {
			cell(j, row[i])
			V[i, j] = VT
			C[i, j] = CT
			P[i, j] = PT
			M[i, j] = MT
			if (VT ~ /^bimodal/) {
				if (length(VT) > BW) BW = length(VT)
			} else if (length(VT) > VW[j])
				VW[j] = length(VT)
			if (length(CT) > CW[j]) CW[j] = length(CT)
			if (length(PT) > PW[j]) PW[j] = length(PT)
			if (length(MT) > MW[j]) MW[j] = length(MT)
		}
		if (BW > VW[j] + (CW[j] ? CW[j] + 1 : 0))
			VW[j] = BW - (CW[j] ? CW[j] + 1 : 0)
		W[j] = VW[j] + (CW[j] ? CW[j] + 1 : 0) + (PW[j] ? PW[j] + 1 : 0) \
		    + MW[j]
		lw = length(LABEL[j]) + (QCOL[j] ? 1 : 0)
		if (lw > W[j]) {
			VW[j] += lw - W[j]
			W[j] = lw
		}
	}
}

# print_table(): the title, the problems, the table, the notes.
function print_table(    nr, i, kw, first, last, wd) {
	nr = NROWK
	kw = length(HEAD)
	for (i = 1; i <= nr; i++)
		if (length(NAME[ROWK[i]]) > kw)
			kw = length(NAME[ROWK[i]])
	widths(nr, ROWK)
	print WHAT
	for (i = 1; i <= NPROB && metric == ""; i++)
		wrap("? " PTEXT[i] (PHARD[i] ? "; no change in its column is" \
		    " marked significant" : "") ".")
	# Columns that do not fit in 72 go to further blocks, each again
	# beside the first run, which the changes are against.
	first = 2
	for (;;) {
		wd = kw + 2 + 1 + W[1]
		last = first - 1
		while (last < nruns && (last == first - 1 ||
		    wd + 1 + W[last + 1] <= 72)) {
			last++
			wd += 1 + W[last]
		}
		if (first > 2)
			print ""
		block(nr, ROWK, kw, first, last)
		first = last + 1
		if (last >= nruns)
			break
	}
	if (nr == 0)
		print "(no measurements)"
	notes()
	if (metric != "") {
		wrap("Cells, marks, test and runs as in the " workload " table" \
		    " above; runs without this figure are left out" \
		    (nruns > 1 ? ", changes are against " LABEL[1] : "") ".")
		return
	}
	legends()
	context_notes()
}

# notes(): what the cells and the marks mean, the test and its limits.
function notes(    s) {
	if (metric != "")
		;
	else if (nruns > 1)
		wrap("Cells: the median of each run's repeats (their coefficient" \
		    " of variation) and the change of the median against the" \
		    " first column.")
	else
		wrap("Cells: the median of the run's repeats (their coefficient" \
		    " of variation).")
	if (nruns > 1 && TESTED && metric == "")
		wrap("*: the change is significant at the 5% level by a" \
		    " two-sided Mann-Whitney U test of the repeats against the" \
		    " first column's, " (APPROX ? "exact up to 10 repeats a" \
		    " side, beyond by its normal approximation" : "exact") ".")
	if (nruns > 1 && FEW && metric == "")
		wrap((TESTED ? "Rows where a run has fewer than 5 repeats get" \
		    " no *" : "No change is marked significant: a run has" \
		    " fewer than 5 repeats a cell") ", too few for a test at" \
		    " the 5% level (3 against 3 cannot do better than p =" \
		    " 0.1).")
	if (BIMODAL) {
		s = "bimodal k/n " FAST ": the repeats fall into two clusters" \
		    " far apart, k of n in the " (HIGHER ? "higher" : "lower") \
		    "; where the scheduler put the workers decides such a" \
		    " cell, so it has no median and no change"
		if (PLACED != "")
			s = s "; compare the placed rows (" PLACED ")"
		wrap(s ". Medians of the clusters, " FAST " and " \
		    (FAST == "fast" ? "slow" : FAST == "high" ? "low" : "high") ": " substr(CLUSTERS, 3) ".")
	}
	if (MISSING)
		wrap("!: a repeat failed (see the run's errors file) or its saved" \
		    " value was not a figure (reported); the cell is of the" \
		    " others.")
	if (metric == "" && FACT["note"] != "")
		wrap(FACT["note"])
}

# legends(): one line per run: label, kernel, machine, profile, repeats,
# the median coefficient of variation of its cells, date and note; then
# where the historical runs come from, once per source.
function legends(    j, k, s, who_src, src) {
	for (j = 1; j <= nruns; j++) {
		s = LABEL[j] ": " (RENV[j, "label"] == "" || \
		    LABEL[j] == FULLNAME[j] ? "" : "label " FULLNAME[j] ", ") \
		    "kernel " renv(j, "kernel", "unknown") ", " \
		    renv(j, "cpu_model", "unknown CPU") ", " \
		    cpus_text(RENV[j, "cpus_online"])
		if (!HIST[j])
			s = s ", " renv(j, "profile", "unknown") " run"
		s = s ", " (REPS[j] > 1 ? REPS[j] " repeats" : "one run")
		if (NVALS["cvs" SUBSEP j] > 0)
			s = s ", cv median " sprintf("%.0f%%", \
			    100 * median("cvs" SUBSEP j))
		if (RENV[j, "date"] != "")
			s = s ", " substr(RENV[j, "date"], 1, 10)
		if (RENV[j, "note"] != "")
			s = s "; note: " RENV[j, "note"]
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
				    FULLNAME[k]
		wrap("From the post (" who_src "): " src ".")
	}
}

# renv(j, key, dflt): run j's env value, or dflt when empty.
function renv(j, key, dflt) {
	return RENV[j, key] == "" ? dflt : RENV[j, key]
}

# context_notes(): the kernel settings in which a run differs from the
# first run that has them: single values as "key value (first: value)",
# lists (command line, scheduler features, config options) as the words
# added (+) and taken away (-). Unknown or unrecorded values are skipped.
function context_notes(    keys, nk, j, b, i, k, s, t, head) {
	nk = split("preempt sched_ext governor boost smt cmdline" \
	    " sched_features config", keys, " ")
	b = 0
	for (j = 1; j <= nruns; j++)
		if (!b && (j, "cmdline") in RENV)
			b = j
	head = 0
	for (j = b + 1; b && j <= nruns; j++) {
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
				t = RENV[j, k] " where " LABEL[b] " has " RENV[b, k]
			s = s "; " k " " t
		}
		if (known(b, "config_hash") && known(j, "config_hash") &&
		    RENV[j, "config_hash"] != RENV[b, "config_hash"] &&
		    RENV[j, "config"] == RENV[b, "config"])
			s = s "; other config options differ"
		if (s == "")
			continue
		if (!head++)
			print "Kernel settings that differ from " LABEL[b] ":"
		wrap(LABEL[j] ": " substr(s, 3) ".")
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
