# report-check.awk: what compare's report must be, checked on its text,
# for t749-report. Input: the output of `smpbench compare` (no -p).
# Output: one line per finding, "FAIL what", and at the end one line
# "tables=N rows=N changes=N head=N".
#
# The report: a header (the first block, up to the first blank line),
# then tables, a blank line apart, each a title, two heads, a rule of
# dashes, its rows (each "row : cells"), then its own lines; then a
# summary block ("Summary: ..."). Checked:
#   - the header and the summary together take at most -v head_max
#     lines (blank lines between them and the tables included);
#   - a table takes at most -v own_max lines besides its title, heads,
#     rule and rows, its blank line before it included;
#   - no line besides a row, a head or a rule is said twice;
#   - every change printed is that of the figures printed beside it:
#     figure/first - 1, within what the rounding of both figures and of
#     the percentage allows.

BEGIN {
	if (head_max == "")
		head_max = 15
	if (own_max == "")
		own_max = 4
	block = 0
}

{
	lines[++nl] = $0
}

END {
	n = nl
	# Blocks: runs of lines between blank lines; a table's second block
	# (columns that did not fit) starts with a heads line.
	i = 1
	head = 0
	while (i <= n && lines[i] != "") {
		head++
		i++
	}
	heads = head
	tables = 0
	for (; i <= n; i++) {
		if (lines[i] == "")
			continue
		if (lines[i] ~ /^Summary: /) {
			for (; i <= n && lines[i] != ""; i++)
				heads++
			continue
		}
		i = table(i) - 1
	}
	if (heads + 1 > head_max)
		print "FAIL header and summary take " heads + 1 " lines, more than " head_max
	for (k in said)
		if (said[k] > 1)
			print "FAIL said " said[k] " times: " k
	printf "tables=%d rows=%d changes=%d head=%d\n", tables, rows, changes,
	    heads + 1
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
		if (lines[i] ~ /^Summary: /)
			break
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
function row(s,    t, pos, x, k, base, baseerr, fig, err, c, lo, hi, e) {
	rows++
	pos = index(s, " : ") + 2
	t = substr(s, pos + 1)
	base = fig = ""
	while (match(t, /[^ ]+/)) {
		x = substr(t, RSTART, RLENGTH)
		e = pos + RSTART + RLENGTH - 1
		pos = e
		t = substr(t, RSTART + RLENGTH)
		while (x ~ /[*@?!]$/) {
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
		} else if (k == "(cv)" && x ~ /^[0-9]+\/[0-9]+$/ || x == "bimodal")
			fig = ""
		else if (k == "change" && x ~ /^[-+][0-9.]+%$/) {
			if (base == "-" || fig == "" || base + 0 <= 0)
				continue
			c = substr(x, 1, length(x) - 1) + 0
			lo = (fig - err) / (base + baseerr) - 1
			hi = (fig + err) / (base - baseerr) - 1
			changes++
			if (c < lo * 100 - 0.5 - 1e-9 || c > hi * 100 + 0.5 + 1e-9)
				print "FAIL " s ": " x " is not " fig " against " base
		}
	}
}

# figure(x): the number a printed figure stands for; ERR, half its
# last digit.
function figure(x,    d) {
	sub(/%$/, "", x)
	d = index(x, ".") ? length(x) - index(x, ".") : 0
	ERR = 0.5 / (10 ^ d)
	return x + 0
}
