# compare-reset.awk: the state of one table of compare forgotten before
# the next: compare's one awk (compare.awk) reads and makes every table
# of a report in turn, each as if alone.
#
# Every global of compare's awk files and of the library and hooks
# loaded with them is reset here, but those that hold for the whole
# report, listed on the "wide:" lines below (a check of make check,
# tests/static/t801-static.sh, finds a global that is neither): the -v
# variables (workload, metric and head: the table's own, set by
# compare.awk), the limits lib.awk's BEGIN sets, what the tables leave
# for the header, the headline and each other, the output kept for the
# end, smpb-stat, asked by every table, the plan and its sections
# (compare-plan.awk), the runs' list, env, state, host file and raw
# lines (read once for every table: compare-runs.awk's report_runs(),
# run_env(), read_host() and raw_next()), the warnings said, the
# report's own counts and its last line's (reproduce.awk).
# wide: check_with force head metric parsable plan stat threshold tmp
# wide: verbose workload PARSE_ARGV PARSE_CHUNK PARSE_KEYS
# wide: MARKED MARKED_IN FOLDS NFOLDS
# wide: FACTS MARKS REPS_SEEN REPS_ODDS HOSTS HOSTU HOSTU_WHY HOSTU_N
# wide: COLN NCELLS CELL_W CELL_I CELL_ROW CELL_DIR CELL_CH CELL_P
# wide: DOUBT DOUBT_K NDOUBT
# wide: OUTL OUTN OUT_SEC PRINTED TABLES TAB_SEC TAB_MADE PLAN_W PLAN_M
# wide: MUTED WARNED STAT_CMD STAT_MID STAT_ROUND RAWL RAWN RAWI RAW_BIG
# wide: RAW_BYTES RAW_LINE RAW_KEEP RAW_BUDGET
# wide: RUN_DIR RUN_DIRS RUN_ENVN RUN_ENVK RUN_ENVV RUN_INC RUN_HOSTN
# wide: RUN_HOSTL
# wide: reproduce version command MAX_GROUPS
# No rules; nothing printed.

# table_begin(): a table begun as by an awk of its own: every array
# emptied, every counter 0, every other scalar as awk leaves one it
# never set (u, never given a value: "" and 0 at once, in most awks).
function table_begin(    u) {
	table_arrays_1()
	table_arrays_2()
	COMPLAINTS = 0; NANS = 0; NBI = 0; NCOL = 0; NCOUNT = 0
	NFKEY = 0; NFOLD = 0; NHAVE = 0; NHL = 0
	NNAMES = 0; NOWN = 0; NPLACES = 0; NPROB = 0; NREPN = 0
	NROWK = 0; NROWS = 0; NSNAPS = 0; NUM_BAD = 0; nruns = 0
	ALPHA = u; BB = u; BH = u; BIMODAL = u; BIND_L2ROWS = u
	BI_FAILED = u; BI_HIGH = u; BI_HIGHMED = u; BI_LOW = u
	BI_LOWMED = u; BI_ROWS = u; BI_STOOD = u; BKIB = u; BW = u
	COUNT = u; CT = u; CUR_L2 = u
	FACTS_READ = u; FAST = u; FIGURE = u; FIG_SCALE = u; FMT = u
	FOLD_HI = u; FOLD_LO = u; FOLD_SHOWN = u; HEAD = u; HI = u; HIGHER = u
	KEYNAME = u; LETTERS = u; LEVEL_PCT = u; LO = u
	LOAD_LIMIT = u; MISSING = u; MT = u; NT = u
	ONECOUNT = u; ONE_RUN = u; PARSE_WHY = u; PINNED_READ = u
	PIPE_PLACES = u; PLACED = u; PLACES = u; POOLED = u
	PREFIX = u; PT = u; REFUSED = u; REFUSE_TEXT = u; ROW_NAME = u
	SAY_TEXT = u; SCALED = u; SKIP = u; SKIPPED = u
	SNAPS_READ = u; SS_INIT = u; TINY = u; VT = u; WHAT = u
	WHERE_FILE = u; WHERE_LINE = u; WHO = u; WHO_ROW = u
	WHY_NAME = u
}

function table_arrays_1() {
	delete ALLCOUNT; delete ANS; delete ANS_KIND; delete BAD
	delete BADLINES; delete BIW; delete BI_ANS; delete BI_ASKED
	delete BI_CELL; delete BI_SPLIT; delete BI_TEXT; delete BUSY
	delete CCOUNT; delete CNAME; delete COL; delete COL_COUNT
	delete COUNTS; delete CPUSET_AS; delete CRUN; delete CRUNS
	delete CW; delete ENV; delete ENVKEY; delete ENVN; delete F
	delete FACT; delete FAILED; delete FALL; delete FKEY
	delete FOLDED; delete FREE; delete HAS; delete HAS_HOST
	delete HAVE; delete HIST; delete HL; delete HL_CELLS
	delete HL_SPLIT; delete HOST; delete HOST_FILE
	delete HOST_MOVED; delete HOST_STATE; delete HOST_SAID
	delete HOST_UNKNOWN_WHY; delete HSP_EST; delete HSP_HI
	delete HSP_LO; delete HSP_RUNS; delete INCOMPLETE; delete KEYS
	delete KEYSEEN; delete LABEL; delete LBL; delete LFLAG
	delete MARKS_USED; delete METHOD_USED; delete MW; delete NA
	delete NAME; delete NAMEIDX; delete NAMEOF; delete NAMES
	delete NKEYS; delete NOSIG; delete NRUNS_OF; delete NV
	delete NVALS; delete NV_DIR
}

function table_arrays_2() {
	delete NW; delete ONE; delete ONE_AT; delete OWN; delete OWNL
	delete PARAM; delete PCODE; delete PHARD
	delete PIPE_PLACE_SEEN; delete PKIND; delete POTHER
	delete PROW; delete POOLBY; delete PORDER; delete PREFUSE
	delete PRUN; delete PSAY; delete PTEXT; delete PW; delete PWORK
	delete QCOL; delete PAST_FALL; delete PAST_RISE; delete RBI
	delete RCH; delete RCHT; delete RCV; delete RINT; delete RDIR
	delete REFUSAL; delete RENV; delete REPN; delete REPS
	delete REPS_MODE; delete REPS_ODD; delete RFAST; delete RHAS
	delete RHI; delete RISE; delete RLEV; delete RLO; delete RMED
	delete RMETH; delete RMISS; delete RMOVEF; delete RMOVES
	delete RNFAST; delete ROW; delete ROWK; delete ROWKEY
	delete ROWPLACE; delete ROW_G; delete ROW_RUNS; delete RP
	delete RPLACE; delete RREPS; delete RRUNS; delete RSH
	delete RSLOW; delete ROW_OFTEN; delete ROW_STOOD; delete RTINY
	delete RUNK; delete RUNNAME; delete RUN_OF; delete RVAL
	delete RVERD; delete SAID; delete SHOW; delete SNAP_NAME
	delete SNAP_OF; delete SORTED; delete SORT_T; delete SORT_TA
	delete SORT_TK; delete SORT_V; delete SPREAD_AT; delete SSNAME
	delete SSROW; delete SS_CPU; delete SS_CPU_TEXT; delete SS_DOM
	delete SS_DOM_TEXT; delete SVALS; delete VALS; delete VW
	delete W; delete WORKLOAD_FACT; delete dir
}
