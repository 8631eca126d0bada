# compare-numbers.awk: the numbers compared in compare's awk
# (scripts/awk/compare*.awk), which lays out what smpb-stat decided and
# so has no threshold, test or default of its own (t801).
#
# A finding is a comparison (< <= > >= == !=), outside strings, regexes
# and comments, of
#   - a number written with a point or an exponent (0.02, 1.5, 1e-9):
#     a threshold, a level, a gap, a limit, which smpb-stat holds; or
#   - a percentage: a side multiplied by 100 (ch * 100 >= 2).
# Whole numbers against counts, widths and indices are layout, and pass.
# The digits a figure is printed in are smpb-stat's too (its shown and
# change), so no function is let off.
#
# Input: awk programs. Output, on stdout: "FILE:LINE: TEXT" for each
# line with a finding; nothing where there is none.

FNR == 1 {
	STMT = ""
}

# A statement on several lines (a line ending in \, &&, || or a comma)
# is checked whole, and said by its first line.
{
	code = code_of($0)
	if (STMT == "")
		STMT_AT = FNR
	STMT = STMT " " code
	if (code ~ /(\\|&&|\|\||,)[ \t]*$/)
		next
	sub(/\\[ \t]*$/, "", STMT)
	if (compares_number(STMT))
		printf "%s:%d: %s\n", FILENAME, STMT_AT, STMT
	STMT = ""
}

# code_of(line): the line without its strings, regexes and comment.
function code_of(s) {
	gsub(/\\[^ \t]/, "", s)
	gsub(/"[^"]*"/, "\"\"", s)
	sub(/#.*/, "", s)
	gsub(/[~(,] *\/[^\/]*\//, "(R", s)
	return s
}

# compares_number(s): a comparison in s is of a number written with a
# point or an exponent, or of a percentage, in an operand of it.
function compares_number(s,    op, l, r) {
	gsub(/\\/, " ", s)
	while (match(s, /<=|>=|==|!=|<|>/)) {
		op = substr(s, RSTART, RLENGTH)
		l = operand(substr(s, 1, RSTART - 1), -1)
		s = substr(s, RSTART + RLENGTH)
		if (op == ">" && substr(s, 1, 1) == ">")
			return 0
		r = operand(s, 1)
		if (fraction(l) || fraction(r) || percent(l) || percent(r))
			return 1
	}
	return 0
}

# fraction(s): s holds a number written with a point or an exponent.
function fraction(s) {
	return s ~ /(^|[^A-Za-z_0-9.])[0-9]*(\.[0-9]+|[0-9][eE][-+]?[0-9]+)/
}

# percent(s): s multiplies by 100.
function percent(s) {
	return s ~ /\*[ \t]*100([^0-9.]|$)/ || s ~ /(^|[^0-9.])100[ \t]*\*/
}

# operand(s, dir): the operand of a comparison in s, its right (dir 1:
# s from its start) or its left (dir -1: s up to its end), as far as a
# ?, :, comma, && or || outside parentheses, or a parenthesis it does
# not open.
function operand(s, dir,    n, k, c, depth, t) {
	n = length(s)
	depth = 0
	for (k = dir > 0 ? 1 : n; k >= 1 && k <= n; k += dir) {
		c = substr(s, k, 1)
		if (c == (dir > 0 ? "(" : ")"))
			depth++
		else if (c == (dir > 0 ? ")" : "(") && depth-- == 0)
			break
		else if (depth == 0 && (c == "?" || c == ":" || c == "," ||
		    ((c == "&" || c == "|") &&
		    substr(s, k + (dir > 0 ? 1 : -1), 1) == c)))
			break
	}
	t = dir > 0 ? substr(s, 1, k - 1) : substr(s, k + 1)
	return t
}
