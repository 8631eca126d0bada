# compare-ss.awk: the why table of the kernel's scheduler counters
# (compare.awk's metric ss): for the rows the workload's table marked
# (every row with -v), each counter the runs' measurements kept
# (the ss_ keys of their raw lines, awk/schedstat.awk), per second of a
# measurement, the first column's median beside another's.
#
# Input: the parsed raw lines of compare-runs.awk's read_raw() (F), for
# ss_keep(); the verdicts' records of compare-verdict.awk (RHAS, RVAL,
# RCHT) and SHOW[i], smpb-stat's answer whether row i is worth a line
# (its table has counters=1).
# Output, on stdout, through ss_print(): the title, then for each column
# from the second, a block of it beside the first: a row a counter of a
# marked row worth a line, its medians and change; a footnote.
# No rules, no -v variables of its own: loaded with compare.awk.

# ss_keep(j, g, key): the counters of the parsed line, a repeat of row
# key of run j in column g, each per second of the measurement, as the
# cells key SUBSEP counter (ss_rank()); the names of its domain levels.
function ss_keep(j, g, key,    s, k, ci, v, c) {
	if ((s = num("ss_s")) == "" || s <= 0)
		return
	for (k in F) {
		if (k ~ /^ss_d[0-9]+_name$/ && F[k] ~ /^[a-z]+$/) {
			SSNAME[g, substr(k, 5, index(k, "_name") - 5)] = F[k]
			continue
		}
		if ((ci = ss_rank(k)) == "" || (v = num(k)) == "")
			continue
		c = key SUBSEP ci
		add(j SUBSEP c, v / s)
		add("c" g SUBSEP c, v / s)
		SSROW[c] = 1
		if (!((j, c) in PARAM)) {
			ROW_RUNS[c] = ROW_RUNS[c] " " j
			PARAM[j, c] = PARAM[j, key]
			LFLAG[j, c] = LFLAG[j, key]
		}
	}
}

# ss_rank(k): where counter key k goes among a row's: the CPUs' own
# first (1 to 4), then each domain level's (100 + 10 level + 1 to 6);
# "" for a key that is none of them.
function ss_rank(k,    m, lvl, i) {
	if (!SS_INIT) {
		SS_INIT = 1
		split("sched goidle ttwu ttwu_local", SS_CPU, " ")
		split("lb lb_failed lb_gained alb_pushed wake_remote move_affine", \
		    SS_DOM, " ")
		split("schedule() calls|to go idle|wakeups|on the waking CPU",
		    SS_CPU_TEXT, "|")
		split("balancings|failed|tasks pulled|active pushes|" \
		    "remote wakeups|affine moves", SS_DOM_TEXT, "|")
	}
	for (i = 1; i <= 4; i++)
		if (k == "ss_" SS_CPU[i])
			return i
	if (k !~ /^ss_d[0-9]_[a-z_]+$/)
		return ""
	lvl = substr(k, 5, 1)
	m = substr(k, 7)
	for (i = 1; i <= 6; i++)
		if (m == SS_DOM[i])
			return 100 + lvl * 10 + i
	return ""
}

# ss_rows(): the table's rows made the counters of the rows read: each
# row (in its order) followed by its counters in theirs, each named by
# the row and the counter (ss_text()).
function ss_rows(    i, n, key, ci, c, r) {
	n = 0
	for (i = 1; i <= NROWK; i++) {
		key = ROWK[i]
		for (ci = 1; ci < 200; ci++) {
			c = key SUBSEP ci
			if (!(c in SSROW))
				continue
			r[++n] = c
			NAME[c] = NAME[key] (NAME[key] == "" ? "" : " ") ss_text(ci)
			FREE[c] = 0
		}
	}
	for (i = 1; i <= n; i++)
		ROWK[i] = r[i]
	NROWK = n
}

# ss_text(ci): counter ci as a row names it: "wakeups", "d0 SMT
# balancings" (the level's name where the first column's runs, or
# another's, gave it: schedstat version 17).
function ss_text(ci,    lvl, g, name) {
	if (ci < 100)
		return SS_CPU_TEXT[ci]
	lvl = int((ci - 100) / 10)
	name = ""
	for (g = 1; g <= NCOL && name == ""; g++)
		name = SSNAME[g, lvl]
	return "d" lvl (name == "" ? "" : " " toupper(name)) " " \
	    SS_DOM_TEXT[ci - 100 - lvl * 10]
}

# ss_print(): the table, a block for each column from the second beside
# the first, of the rows worth a line (every row with -v); the number of
# rows printed, 0 where none (then nothing is printed).
function ss_print(    g, i, n, kw, vw, pw, head, out_n) {
	out_n = 0
	for (g = 2; g <= NCOL; g++) {
		kw = 7
		vw = length(LABEL[1])
		pw = length(LABEL[g])
		n = 0
		for (i = 1; i <= NROWK; i++) {
			if (!ss_shown(i, g))
				continue
			n++
			if (length(NAME[ROWK[i]]) > kw) kw = length(NAME[ROWK[i]])
			if (length(RVAL[i, 1]) > vw) vw = length(RVAL[i, 1])
			if (length(RVAL[i, g]) > pw) pw = length(RVAL[i, g])
		}
		if (n == 0)
			continue
		if (out_n == 0)
			wrap(WHAT)
		else
			emit("")
		out_n += n
		head = sprintf("%-" kw "s  %" vw "s  %" pw "s  %6s", HEAD " counter",
		    LABEL[1], LABEL[g], "change")
		out(head)
		gsub(/./, "-", head)
		emit(head)
		for (i = 1; i <= NROWK; i++)
			if (ss_shown(i, g))
				out(sprintf("%-" kw "s  %" vw "s  %" pw "s  %6s",
				    NAME[ROWK[i]], RVAL[i, 1], RVAL[i, g], RCHT[i, g]))
	}
	if (out_n > 0)
		wrap("From /proc/schedstat, summed over the CPUs; dN: the" \
		    " scheduling domain's level, 0 the nearest CPUs, named" \
		    " where the kernel names it (schedstat version 17);" \
		    " balancings: load_balance() calls, every idle type.")
	return out_n
}

# ss_shown(i, g): row i is printed in column g's block: both columns
# have it and smpb-stat found it worth a line (or -v).
function ss_shown(i, g) {
	return ((i, 1) in RHAS) && ((i, g) in RHAS) && RHAS[i, 1] && \
	    RHAS[i, g] && (verbose || SHOW[i])
}
