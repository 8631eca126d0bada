# compare-headline.awk: the headline of compare's report, what changed,
# said after the header as patch reports on the list open.
#
# Input: what each table said of itself (compare-head.awk's table_said()...:
# each column's counts COLN[g, 1..8], tested, worse, better, placement,
# in doubt worse and better, few, and whether its changes are in doubt,
# as smpb-stat counted them; its marked cells CELL_W, CELL_I, CELL_ROW,
# CELL_DIR, CELL_CH, CELL_P of NCELLS[g]), the columns' LABEL, NCOL;
# Output: print_headline(), through emit() (text.awk): for each column against the
# first, its cells tested and changed, worse and better, where its
# changes are in doubt those that changed in doubt (said beside, in the
# same sentence, however many, none included), and what chance alone
# would mark; then its marked cells, a line a workload and direction
# ("worse (in doubt)" for a doubtful one), neighbouring rows of one
# placement that changed alike as one; at most headline_max() lines,
# the rest counted.
# No rules: loaded with compare.awk, after compare-head.awk.

# headline_max(): the lines the headline takes at most.
function headline_max() {
	return 12
}

# print_headline(): what changed, said first (emit()): for each column against the first, its cells tested and
# changed, worse and better, those in doubt, and what chance alone
# would mark (hl_counts()); then the
# marked cells of the workloads' tables, a line a workload and
# direction, runs of neighbouring rows that changed alike as one
# ("herd, worse: 2 to 50 (+49% to +51%)"); at most headline_max()
# lines, the rest counted.
function print_headline(    g, s, t) {
	if (NCOL < 2)
		return
	NHL = 0
	for (g = 2; g <= NCOL; g++) {
		s = LABEL[g] " against " LABEL[1] ": " hl_counts(g)
		t = ""
		if (COLN[g, 4])
			t = t "; " COLN[g, 4] " @, placement"
		if (COLN[g, 7])
			t = t "; " COLN[g, 7] " with too few repeats"
		hl_add(s t (NCELLS[g] ? ":" : "."))
		hl_cells(g)
	}
	hl_print()
}

# hl_counts(g): column g's cells tested and changed, worse and better,
# and where a change in it is in doubt, in the same words, those that
# changed in doubt (none, or how many worse and better); then what
# chance alone would mark (ALPHA of the cells tested: compare-check.awk's
# rules_of()). smpb-stat counted them (COLN).
function hl_counts(g,    n, d, s, chance) {
	n = COLN[g, 2] + COLN[g, 3]
	d = COLN[g, 5] + COLN[g, 6]
	if (COLN[g, 1] == 0)
		return "no cell tested"
	if (n == 0)
		s = "no cell of " COLN[g, 1] " tested changed"
	else
		s = n " of " COLN[g, 1] " cells tested changed"
	if (COLN[g, 8] || d)
		s = s " beyond doubt"
	if (n)
		s = s ", " COLN[g, 2] " worse, " COLN[g, 3] " better"
	if (COLN[g, 8] || d)
		s = s "; " (d ? d : "none") " changed in doubt (?)" (d ? \
		    ", " COLN[g, 5] " worse, " COLN[g, 6] " better" : "")
	chance = COLN[g, 1] * ALPHA
	return s " (chance alone: about " sprintf(chance < 10 ? "%.1f" : \
	    "%.0f", chance) " at " ALPHA * 100 "%)"
}

# hl_print(): the headline's lines (emit()), at
# most headline_max() of them, the cells of those left out counted.
function hl_print(    k, n, lines, left, used) {
	used = 0
	for (k = 1; k <= NHL; k++) {
		lines = split(HL[k], HL_SPLIT, "\n")
		left = NHL - k
		if (left > 0 && used + lines + 1 > headline_max() ||
		    used + lines > headline_max())
			break
		emit(HL[k])
		used += lines
	}
	if (k <= NHL) {
		n = 0
		for (; k <= NHL; k++)
			n += HL_CELLS[k]
		emit("  and " n " more marked cell" (n == 1 ? "" : "s") \
		    " (in the tables).")
	}
}

# hl_add(s, ncells): a line of the headline, wrapped (indented as s
# is, by two blanks or none), the cells it names.
function hl_add(s, ncells,    t) {
	if (substr(s, 1, 2) == "  ") {
		t = "  " wrap_text(substr(s, 3), 70)
		gsub(/\n  /, "\n    ", t)
	} else
		t = wrap_text(s)
	HL[++NHL] = t
	HL_CELLS[NHL] = ncells + 0
}

# hl_cells(g): the headline's lines of column g's marked cells: for each
# workload and direction in the order of the tables, its rows, runs of
# neighbouring rows of one placement as "first to last (lowest to
# highest change)".
function hl_cells(g,    c, d, s, n, k, first, last, i1, cnt, key, done,
    order, place) {
	n = 0
	for (c = 1; c <= NCELLS[g]; c++) {
		key = CELL_W[g, c] SUBSEP CELL_DIR[g, c]
		if (!(key in done)) {
			done[key] = 1
			order[++n] = key
		}
	}
	for (k = 1; k <= n; k++) {
		split(order[k], d, SUBSEP)
		s = ""
		cnt = 0
		i1 = -1
		for (c = 1; c <= NCELLS[g] + 1; c++) {
			if (c <= NCELLS[g] && (CELL_W[g, c] SUBSEP CELL_DIR[g, c]) != order[k])
				continue
			if (c <= NCELLS[g] && CELL_I[g, c] == i1 + 1 && i1 >= 0 &&
			    CELL_P[g, c] == place) {
				last = CELL_ROW[g, c]
				i1 = CELL_I[g, c]
				hl_range(CELL_CH[g, c])
				cnt++
				continue
			}
			if (i1 >= 0)
				s = s "; " (first == last ? first : first " to " last) \
				    " (" (LO == HI ? LO : LO " to " HI) ")"
			if (c > NCELLS[g])
				break
			first = last = CELL_ROW[g, c]
			place = CELL_P[g, c]
			i1 = CELL_I[g, c]
			LO = HI = ""
			hl_range(CELL_CH[g, c])
			cnt++
		}
		hl_add("  " d[1] ", " d[2] ": " substr(s, 3), cnt)
	}
}

# hl_range(ch): widen the run's range of changes (LO, HI) by the change
# printed ch: +5%, -12%, x290, x1/12, or a difference.
function hl_range(ch) {
	if (LO == "" || ch_value(ch) < ch_value(LO))
		LO = ch
	if (HI == "" || ch_value(ch) > ch_value(HI))
		HI = ch
}

# ch_value(ch): the change printed ch as a number, for its order.
function ch_value(ch) {
	if (ch ~ /^x1\//)
		return 1 / substr(ch, 4) - 1
	if (ch ~ /^x/)
		return substr(ch, 2) - 1
	sub(/%$/, "", ch)
	return ch / 100
}
