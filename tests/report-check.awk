# report-check.awk: what compare's report must be, checked on its text,
# for t749-report. Input: the output of `smpbench compare` (no -p), or
# of several, each starting with a line "=== NAME", each checked alone.
# Output: one line per finding, "FAIL what", and at the end one line
# "tables=N rows=N changes=N head=N headline=N".
#
# The report: a header (the first block, up to the first blank line),
# then the headline, what changed (a block whose first line is "X
# against Y: ..."), then tables, a blank line apart, each a title, two
# heads, a rule of dashes, its rows (each "row : cells"), then its own
# lines. Checked (the headline a column's part at a time, each from its
# line "X against Y" on):
#   - the header takes at most -v head_max lines, the headline at most
#     -v headline_max;
#   - a table takes at most -v own_max lines besides its title, heads,
#     rule and rows, its blank line before it included;
#   - no line besides a row, a head or a rule is said twice;
#   - every change printed follows from the figures printed beside it:
#     a percentage (0%, +5%, -12%, -99.6%) is figure/first - 1 of the
#     two printed figures, rounded to its own decimals; a factor
#     (x290) their ratio in three figures, as printed; never a factor
#     below one (x1/12: a fall is a percentage); a difference (+0.003)
#     within the last digit of their difference; never -0% or +0%;
#   - the report ends with its line to rerun, "reproduce: ..." after a
#     blank line (left out of the rest: the one line not held to 72
#     columns).

BEGIN {
	if (head_max == "")
		head_max = 16
	if (headline_max == "")
		headline_max = 12
	if (own_max == "")
		own_max = 4
}

/^=== / {
	if (nl)
		report()
	nl = 0
	next
}

{
	lines[++nl] = $0
	if ($0 ~ /[-+]0%/)
		print "FAIL a change of -0% or +0%: " $0
}

END {
	if (nl)
		report()
	printf "tables=%d rows=%d changes=%d head=%d headline=%d\n", tables,
	    rows, changes, heads, hls
}

# report(): the report in lines[1..nl].
function report(    i, k, item) {
	n = nl
	if (lines[n] ~ /^reproduce: smpbench [^;]+; runs: .+; compare: smpbench compare / &&
	    lines[n - 1] == "")
		n -= 2
	else
		print "FAIL no line to rerun it at its end: " lines[n]
	# Blocks: runs of lines between blank lines; a table's second block
	# (columns that did not fit) starts with a heads line.
	i = 1
	head = 0
	while (i <= n && lines[i] != "") {
		if (lines[i] !~ /^  /)
			seen(lines[i])
		head++
		i++
	}
	if (head > head_max)
		print "FAIL the header takes " head " lines, more than " head_max
	if (head > heads)
		heads = head
	hl = 0
	if (lines[i] == "" && lines[i + 1] ~ /^[^ :][^:]* against [^:]+: /) {
		# Each column's part, from its line "X against Y:" on, is one
		# thing said.
		item = ""
		for (i++; i <= n && lines[i] != ""; i++) {
			hl++
			if (lines[i] ~ /^[^ ]/ && item != "") {
				seen(item)
				item = ""
			}
			item = item (item == "" ? "" : "\n") lines[i]
		}
		if (item != "")
			seen(item)
		if (hl > headline_max)
			print "FAIL the headline takes " hl " lines, more than " \
			    headline_max
	}
	if (hl > hls)
		hls = hl
	for (; i <= n; i++) {
		if (lines[i] == "")
			continue
		i = table(i) - 1
	}
	for (k in said)
		if (said[k] > 1)
			print "FAIL said " said[k] " times: " k
	split("", said)
}

# table(i): the table (and its further blocks) from line i; returns the
# line after it.
function table(i,    own, t, note) {
	tables++
	t = lines[i]
	own = 1		# the blank line before it
	# The title: up to the first heads line (" : " with no figure).
	while (i <= n && lines[i + 2] !~ /^-+$/) {
		seen(lines[i])
		i++
	}
	for (;;) {
		head_kinds(lines[i + 1])
		i += 3		# the heads and the rule
		for (; i <= n && lines[i] ~ / : / && lines[i] != ""; i++)
			row(lines[i])
		# Another block of the same table: a blank line, then heads.
		if (lines[i] == "" && lines[i + 2] ~ /^-+$/) {
			own++
			i++
			continue
		}
		break
	}
	note = ""
	for (; i <= n && lines[i] != ""; i++) {
		own++
		# A note wrapped: its lines after the first are indented.
		if (lines[i] ~ /^  / && note != "")
			note = note " " substr(lines[i], 3)
		else {
			if (note != "")
				seen(note)
			note = lines[i]
		}
	}
	if (note != "")
		seen(note)
	if (own > own_max)
		print "FAIL " t ": " own " lines of its own, more than " own_max
	return i
}

function seen(s) {
	said[s]++
}

# head_kinds(s): the kinds of the head words of a block (median, figure,
# (cv), n, change) by the column each ends at: KIND[end].
function head_kinds(s,    pos) {
	split("", KIND)
	pos = index(s, " : ") + 2
	s = substr(s, pos + 1)
	while (match(s, /[^ ]+/)) {
		pos += RSTART + RLENGTH - 1
		KIND[pos] = substr(s, RSTART, RLENGTH)
		s = substr(s, RSTART + RLENGTH)
	}
}

# row(s): each column's figure and change, by the head each token ends
# under (marks after a change left out); the change against the block's
# first figure.
function row(s,    t, pos, x, k, base, baseerr, fig, err, e) {
	rows++
	pos = index(s, " : ") + 2
	t = substr(s, pos + 1)
	base = fig = ""
	while (match(t, /[^ ]+/)) {
		x = substr(t, RSTART, RLENGTH)
		e = pos + RSTART + RLENGTH - 1
		pos = e
		t = substr(t, RSTART + RLENGTH)
		while (x ~ /[*+@?!]$/ && x !~ /^[-+][0-9.]+$/ || x ~ /%[*+@?!]+$/) {
			x = substr(x, 1, length(x) - 1)
			e--
		}
		k = KIND[e]
		if (k == "median" || k == "figure") {
			fig = figure(x)
			err = ERR
			if (x !~ /^[0-9.]+%?$/)
				fig = ""
			if (base == "") {
				base = fig == "" ? "-" : fig
				baseerr = err
			}
		} else if (k == "change") {
			if (base == "-" || fig == "")
				continue
			change(s, x, base, fig, err > baseerr ? err : baseerr)
		}
	}
}

# change(s, x, a, b, err): the change x printed in row s, against the
# printed figures a (the first column's) and b; err, half the last digit
# of the finer of them.
function change(s, x, a, b, err,    c, r, h) {
	changes++
	if (x ~ /^(0|[-+][1-9][0-9]*|-[0-9]+\.[0-9]+)%$/) {
		if (a <= 0)
			return
		c = substr(x, 1, length(x) - 1) + 0
		r = (b / a - 1) * 100
		# Half its last digit: 0.5 for a whole percentage.
		h = x ~ /\./ ? 0.5 / 10 ^ (length(x) - index(x, ".") - 1) : 0.5
		if (c - r > h + 1e-9 || r - c > h + 1e-9)
			print "FAIL " s ": " x " is not " b " against " a
	} else if (x ~ /^x1\//)
		print "FAIL " s ": " x ", a factor below one"
	else if (x ~ /^x[0-9.]+$/) {
		if (a <= 0 || b <= 0)
			return
		r = b / a
		r = sprintf(r >= 99.95 ? "%.0f" : r >= 9.995 ? "%.1f" : "%.2f", r)
		if (substr(x, 2) != r)
			print "FAIL " s ": " x " is not " b " against " a " (x" r ")"
	} else if (x ~ /^[-+][0-9.]+$/) {
		c = x + 0
		r = b - a
		if (c - r > 2 * err + 1e-12 || r - c > 2 * err + 1e-12)
			print "FAIL " s ": " x " is not " b " against " a
	} else
		print "FAIL " s ": " x " is no change"
}

# figure(x): the number a printed figure stands for; ERR, half its
# last digit.
function figure(x,    d) {
	sub(/%$/, "", x)
	d = index(x, ".") ? length(x) - index(x, ".") : 0
	ERR = 0.5 / (10 ^ d)
	return x + 0
}
