# compare-plan.awk: the plan of a report's tables, and what each round
# of judging hands to smpb-stat: a table read from the runs, to be read
# again when it is made from its answers (compare.awk's report()).
#
# Input: the -v variable plan (compare.awk's); the runs, as
# compare-runs.awk reads them.
# Output: nothing printed; the plan's tables in PLAN_W[k] (the workload)
# and PLAN_M[k] (its why figure, "" for its own table); the tables
# handed over (judge_send(): compare-verdict.awk); the sections of the
# report in order, TAB_SEC[1..TABLES].
# No rules: loaded with compare.awk.

# plan_tables(): the plan's tables, PLAN_W[k] the workload and
# PLAN_M[k] the why figure ("" for its own table) of the k-th; their
# number.
function plan_tables(    n, k, t, i) {
	n = split(plan, t, " ")
	for (k = 1; k <= n; k++) {
		PLAN_W[k] = t[k]
		PLAN_M[k] = ""
		if ((i = index(t[k], ":")) > 0) {
			PLAN_W[k] = substr(t[k], 1, i - 1)
			PLAN_M[k] = substr(t[k], i + 1)
		}
	}
	return n
}

# why_made(k): 1 where the k-th table, a why table, is made: the
# kernel's counters always; another only where its workload's table
# marked a row, or with verbose or parsable.
function why_made(k) {
	return PLAN_M[k] == "ss" || verbose || parsable ||
	    (PLAN_W[k] in MARKED_IN)
}

# sections(n): the sections printed, in the plan's order,
# TAB_SEC[1..TABLES]: each table made (TAB_MADE[k]), and after a
# workload's last one the line saying which of its why tables were
# folded (folds_line()).
function sections(n,    k) {
	TABLES = 0
	for (k = 1; k <= n; k++) {
		if (k in TAB_MADE)
			TAB_SEC[++TABLES] = k
		if ((k == n || PLAN_W[k + 1] != PLAN_W[k]) &&
		    (PLAN_W[k] in FOLDS)) {
			folds_line(PLAN_W[k], "f" k)
			TAB_SEC[++TABLES] = "f" k
		}
	}
}

# send_head(w) and send_table(k): the runs' checks, with the hooks of
# workload w, or the plan's k-th table, read and handed to smpb-stat
# (judge_send()); what the reading would say on stderr is said when the
# table is made from the answers (head_table(), one_table()), which
# reads it again.
function send_head(w) {
	MUTED = 1
	head_read(w)
	MUTED = 0
	judge_send(1)
}

function send_table(k,    judged) {
	MUTED = 1
	judged = table_read(k)
	MUTED = 0
	if (judged)
		judge_send(0)
}

# head_read(w): the runs' envs read, with the hooks of workload w.
function head_read(w) {
	table_begin()
	workload = w
	metric = ""
	head = 1
	setup(workload)
	read_envs()
}

# table_read(k): the plan's k-th table read from the runs; 1 where it is
# judged, 0 where fewer than two of the runs hold it.
function table_read(k) {
	table_begin()
	workload = PLAN_W[k]
	metric = PLAN_M[k]
	head = 0
	setup(workload)
	read_runs()
	if (metric == "ss")
		ss_rows()
	return !(NROWK == 0 || NHAVE < 2 && nruns > 1)
}
