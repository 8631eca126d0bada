# awk-names.awk: the names a workload's awk files take, against those of
# the awk programs loaded with them, for t801 (make check). All of a
# driver's awk files share one namespace: a workload's helper named like
# a function or a parameter of a shared program is an error that awk
# reports against the shared program's file, or, under some awks, none.
#
# Input: the files, the workload's first (-v workload=W, -v own="FILE
# FILE...": its files), then every shared program that is ever loaded
# with them. Output: one line a finding, naming the workload's file:
#	FILE: NAME() is neither a hook nor W_NAME
#	FILE: NAME() is also a function of OTHER
#	FILE: NAME() is also a parameter of OTHER's FUNC()
# and nothing where there is none.

BEGIN {
	n = split(own, o, " ")
	for (i = 1; i <= n; i++)
		OWN[o[i]] = 1
	n = split("facts figure why_wait row_key why_line why_table", h, " ")
	for (i = 1; i <= n; i++)
		HOOK[h[i]] = 1
}

# A function's head, maybe over several lines: "function name(a, b,".
/^function / {
	head = $0
	while (head !~ /\)/ && (getline more) > 0)
		head = head " " more
	name = head
	sub(/^function[ \t]+/, "", name)
	sub(/[ \t]*\(.*/, "", name)
	params = head
	sub(/^[^(]*\(/, "", params)
	sub(/\).*/, "", params)
	gsub(/[ \t]/, "", params)
	if (FILENAME in OWN) {
		DEF[name] = FILENAME
		next
	}
	FUNC[name] = FILENAME
	np = split(params, p, ",")
	for (i = 1; i <= np; i++)
		if (p[i] != "" && !((p[i]) in PARAM))
			PARAM[p[i]] = FILENAME "'s " name "()"
}

END {
	for (name in DEF) {
		f = DEF[name]
		if (!(name in HOOK) && index(name, workload "_") != 1)
			printf "%s: %s() is neither a hook nor %s_%s\n", f, name,
			    workload, name
		if (name in FUNC)
			printf "%s: %s() is also a function of %s\n", f, name,
			    FUNC[name]
		if (name in PARAM)
			printf "%s: %s() is also a parameter of %s\n", f, name,
			    PARAM[name]
	}
}
