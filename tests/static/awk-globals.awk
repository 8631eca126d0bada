# awk-globals.awk: the global variables of awk files, for t801 (make
# check): a name that is neither a function's, one of its parameters,
# nor a keyword or a builtin of awk, one a line ("NAME"), once, in the
# order met. Text in quotes, regular expressions and comments are left
# out; a function's head may take several lines.
#
# Input: the files. Output: the names.

BEGIN {
	n = split("BEGIN END function func if else while for do break" \
	    " continue next nextfile exit return delete in getline print" \
	    " printf length substr index split sub gsub match sprintf sin" \
	    " cos atan2 exp log sqrt int rand srand tolower toupper system" \
	    " close fflush NR NF FNR FS OFS ORS RS FILENAME SUBSEP RSTART" \
	    " RLENGTH ENVIRON ARGC ARGV CONVFMT OFMT", k, " ")
	for (i = 1; i <= n; i++)
		KW[k[i]] = 1
}

/^function / {
	while ($0 !~ /\)/ && (getline more) > 0)
		$0 = $0 " " more
	head = $0
	sub(/^[^(]*\(/, "", head)
	sub(/\).*/, "", head)
	gsub(/[ \t]/, "", head)
	split("", LOCAL)
	n = split(head, p, ",")
	for (i = 1; i <= n; i++)
		LOCAL[p[i]] = 1
	name = $0
	sub(/^function[ \t]+/, "", name)
	sub(/[ \t]*\(.*/, "", name)
	FUNC[name] = 1
	sub(/^[^)]*\)/, "")
}

{
	line = plain($0)
	while (match(line, /[A-Za-z_][A-Za-z_0-9]*/)) {
		id = substr(line, RSTART, RLENGTH)
		pre = substr(line, 1, RSTART - 1)
		line = substr(line, RSTART + RLENGTH)
		if (id in KW || id in LOCAL || pre ~ /[0-9.$]$/ || line ~ /^\(/)
			continue
		if (!(id in SEEN)) {
			SEEN[id] = 1
			ORDER[++NORDER] = id
		}
	}
}

END {
	for (i = 1; i <= NORDER; i++)
		if (!(ORDER[i] in FUNC))
			print ORDER[i]
}

# plain(s): s without its strings, regular expressions and comment.
function plain(s,    out, c, i, q) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (q != "") {
			if (c == "\\")
				i++
			else if (c == q)
				q = ""
			continue
		}
		if (c == "#")
			break
		if (c == "\"" || c == "/" && out ~ /(^|[~(,!&|=]|in)[ \t]*$/) {
			q = c
			out = out " "
			continue
		}
		out = out c
	}
	return out
}
