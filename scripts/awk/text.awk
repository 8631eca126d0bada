# text.awk: what every table prints besides its cells: its heading, the
# placements, the footnotes, the legend of its marks, lines of at most
# 72 columns.
#
# Part of the awk library (see lib.awk): no rules and no -v variables;
# it prints only when called (out(), wrap(), legend(), footnotes()). It
# reads ENV (load_env()), REPN (note_rep()), MARKS_USED (cells.awk), and
# the table's PLACES and SKIPPED, which place_notes() sets.
#
# Marks. A mark is one character after a cell, and means one thing in
# every table of smpbench, a run's (run, show) and compare's alike:
#	~  the repeats spread by more than 10% ((max - min) / median)
#	=  the repeats fall into two clusters far apart (bimodal)
#	!  a repeat failed, or its saved value was not a figure
#	*  the change against the first column is significant (compare)
#	@  the placement differed between the sides (compare)
#	?  the run is in doubt, for the reason given on its "?" line
#	   (compare, after a column's label)
# mark_text() says what each means, and legend() lists the marks a table
# shows, in this order, in one line under it (two if it must):
#	Marks: ~ the repeats spread by more than 10% ((max - min) /
#	  median); ! a repeat failed (see the run's errors) or ...
# so that a table pasted alone still says what its marks are.

# cpus_text(n): "1 CPU", "2 CPUs", "? CPUs".
function cpus_text(n) {
	if (n !~ /^[0-9]+$/)
		n = "?"
	return n " CPU" (n == 1 ? "" : "s")
}

# run_name(): the run as a table's heading names it: its kernel release,
# and its label beside it when it has one, "6.18.0 (second)".
function run_name(    k, l) {
	k = ENV["kernel"] == "" ? "unknown kernel" : ENV["kernel"]
	l = ENV["label"]
	return (l == "" || l == k) ? k : k " (" l ")"
}

# heading(what): the line above every table, saying where it came from:
# what it is (a workload, "ring, why"), the run's kernel and label (see
# run_name()), its CPU model and CPU count, "pipe: 6.18.0 (second), AMD
# EPYC, 2 CPUs". Wider than 72 columns, it is two lines, the machine on
# the second: the kernel and the label are never cut.
function heading(what,    s, t) {
	s = what ": " run_name() ","
	t = (ENV["cpu_model"] == "" ? "unknown CPU" : ENV["cpu_model"]) \
	    ", " cpus_text(ENV["cpus_online"])
	if (length(s) + 1 + length(t) <= 72)
		return s " " t
	if (length(t) > 70)
		t = substr(t, 1, 69) "~"
	return wrap_text(s) "\n  " t
}

# out(s): print a table line without trailing blanks.
function out(s) {
	sub(/ +$/, "", s)
	emit(s)
}

# emit(s): the line s printed; or, where OUT_SEC names a section of the
# output (compare's one awk, which says its header before its tables,
# and prints nothing where it fails), kept as the next line of that
# section, OUTL[OUT_SEC, 1..OUTN[OUT_SEC]].
function emit(s) {
	if (OUT_SEC == "")
		print s
	else
		OUTL[OUT_SEC, ++OUTN[OUT_SEC]] = s
}

# wrap(s): print s as lines of at most 72 columns (wrap_text()).
function wrap(s) {
	s = wrap_text(s)
	if (s != "")
		emit(s)
}

# wrap_text(s, width): s as lines of at most width columns (72 where
# width is not given), joined by newlines, broken at blanks (a word
# longer than a line in pieces, each ending its line); lines after the
# first are indented by two, no line ends in a blank.
function wrap_text(s, width,    n, i, a, line, w, room, t) {
	if (width == "")
		width = 72
	n = split(s, a, " ")
	line = t = ""
	for (i = 1; i <= n; i++) {
		w = a[i]
		if (line ~ /[^ ]/ && length(line) + 1 + length(w) > width) {
			t = t unblank(line) "\n"
			line = "  "
		}
		while (length(line) + (line ~ /[^ ]/) + length(w) > width) {
			room = width - length(line) - (line ~ /[^ ]/)
			t = t unblank(line (line ~ /[^ ]/ ? " " : "") \
			    substr(w, 1, room)) "\n"
			w = substr(w, room + 1)
			line = "  "
		}
		line = line (line ~ /[^ ]/ ? " " : "") w
	}
	if (line ~ /[^ ]/)
		t = t unblank(line)
	sub(/\n$/, "", t)
	return t
}

# unblank(s): s without its trailing blanks.
function unblank(s) {
	sub(/ +$/, "", s)
	return s
}

# note_rep(): count the parsed line as one repeat of its cell, the
# measurement its placement and options make (F["place"], F["argv"]),
# in REPN; whether it failed or not.
function note_rep(    c) {
	c = F["place"] SUBSEP F["argv"]
	if (!(c in REPN))
		NREPN++
	REPN[c]++
}

# reps_text(): how many repeats the table's cells (note_rep()) hold:
# "median of 3 repeats"; where cells hold different numbers (a run
# interrupted in the middle of a sweep), how many cells hold each, the
# most repeats first, "median of each cell's repeats: 4 cells have 3,
# 71 have 2".
function reps_text(    c, n, k, cnt, v, i, s) {
	k = 0
	for (c in REPN) {
		n = REPN[c]
		if (!(n in cnt))
			v[++k] = n
		cnt[n]++
	}
	if (k == 0)
		return "no measurement"
	if (k == 1)
		return v[1] == 1 ? "one measurement per cell" : \
		    "median of " v[1] " repeats"
	nsort(v, k)
	s = ""
	for (i = k; i >= 1; i--)
		s = s (i == k ? "" : ", ") cnt[v[i]] \
		    (i < k ? "" : cnt[v[i]] == 1 ? " cell" : " cells") \
		    (cnt[v[i]] == 1 ? " has " : " have ") v[i]
	return "median of each cell's repeats: " s
}

# ran_text(prog, opts): what made a table's cells, for its footnote:
# "smpb-ring -T 0.5; median of 5 repeats".
function ran_text(prog, opts) {
	return prog (opts == "" ? "" : " " opts) "; " reps_text()
}

# mark_text(m): what the mark m means (see Marks, above).
function mark_text(m) {
	if (m == "~")
		return "the repeats spread by more than 10% ((max - min) / median)"
	if (m == "=")
		return "the repeats fall into two clusters far apart (bimodal):" \
		    " the median of such a mixture says little; see smpbench" \
		    " compare"
	if (m == "!")
		return "a repeat failed (see the run's errors) or was not a figure"
	if (m == "*")
		return "the change's 95% interval excludes zero and it reaches" \
		    " the threshold" (threshold == "" ? "" : ", " threshold "%") \
		    " (compare -t)"
	if (m == "@")
		return "the sides ran in different placements (compare)"
	if (m == "?")
		return "the run is in doubt (see its ? line)"
	return "unknown mark"
}

# legend(marks): the legend of the marks in the string marks, in the
# order of Marks above, each once: one line (or more, wrapped), "Marks:
# ~ the repeats spread ...; ! a repeat failed ...". Nothing when marks is
# empty.
function legend(marks,    order, i, m, s) {
	order = "~=!*@?"
	s = ""
	for (i = 1; i <= length(order); i++) {
		m = substr(order, i, 1)
		# \001 for the blank after a mark: a line never ends with one.
		if (index(marks, m))
			s = s (s == "" ? "" : "; ") m "\001" mark_text(m)
	}
	if (s == "")
		return
	s = wrap_text("Marks: " s ".")
	gsub(/\001/, " ", s)
	print s
}

# busy_note(): a line under the table when the workload was measured on
# a busy machine, as the run recorded it when it printed the table (so
# that show -r makes the table run printed): its start not quiet, after
# the wait for a quiet machine (the run's host file, on the workload's
# line). The warning on stderr is gone once the table is pasted; this
# line goes with it.
function busy_note(    path, line, wait) {
	path = ENVIRON["SMPB_ENV"]
	if (!sub(/env$/, "host", path) || workload == "")
		return
	while ((getline line < path) > 0)
		if (index(line " ", "workload=" workload " ") == 1 &&
		    index(line " ", " settle_state=timeout ")) {
			wait = line
			sub(/.* settle_wait_s=/, "", wait)
			sub(/ .*/, "", wait)
			wrap("? Measured on a busy machine: not quiet at its start" \
			    (wait ~ /^[0-9]+(\.[0-9]+)?$/ ? " (waited " wait " s)" : "") \
			    ".")
		}
	close(path)
}

# place_rank(p): where placement p sorts, nearest first (free first).
function place_rank(p,    i) {
	i = index(" free one smt llc spread xllc node cores ", " " p " ")
	return i ? i : 999
}

# place_text(p): what placement p means, for a table.
function place_text(p) {
	if (p == "free")
		return "unpinned"
	if (p == "one")
		return "both on one CPU"
	if (p == "smt")
		return "two threads of one core"
	if (p == "llc")
		return "two cores sharing a last-level cache"
	if (p == "spread")
		return "two CPUs"
	if (p == "xllc")
		return "two last-level caches of one node"
	if (p == "node")
		return "two NUMA nodes"
	if (p == "cores")
		return "one CPU of each core"
	return "placement " p
}

# place_list(list): the placements of a blank-separated list, each once,
# nearest first (those of one rank in the order of the list).
function place_list(list,    n, a, i, k, s, seen) {
	n = split(list, a, " ")
	for (i = 1; i <= n; i++)
		k[i] = place_rank(a[i])
	sort_by(k, a, n)
	s = ""
	for (i = 1; i <= n; i++)
		if (!(a[i] in seen)) {
			seen[a[i]] = 1
			s = s (s == "" ? "" : " ") a[i]
		}
	return s
}

# place_notes(): the footnote of the pipe and ring tables on placement,
# in SKIPPED: that no placement on two CPUs existed (only one CPU was
# available), or else what the topology did not tell.
function place_notes() {
	if (ENV["topo_placements"] ~ /^free( one)?$/ ||
	    ("spread_cpus" in ENV && ENV["spread_cpus"] == "" &&
	    ENV["one_cpu"] != ""))
		SKIPPED = "No placement on two CPUs: only one CPU was available."
	else if (ENV["topo_note"] != "")
		SKIPPED = "Placements: " ENV["topo_note"] "."
}

# footnotes(prog, opts): the lines under every table: what ran, and the
# legend of the marks that appear.
function footnotes(prog, opts,    s) {
	busy_note()
	if (ENV["profile"] == "historical") {
		if (ENV["source"] != "")
			wrap("Source: " ENV["source"] ".")
	} else {
		s = ran_text(prog, opts)
		if (PLACES != "")
			s = s "; " PLACES
		wrap(s ".")
	}
	legend((MARKS_USED["~"] ? "~" : "") (MARKS_USED["="] ? "=" : "") \
	    (MARKS_USED["!"] || MARKS_USED["?"] ? "!" : ""))
	if (MARKS_USED["n"])
		wrap("n/a: not supported on this system (the program exited 4).")
	if (SKIPPED != "")
		wrap(SKIPPED)
}
