# t607-layers: the harness's files call downwards only, and the programs
# see its API alone.
#
# 1. From the symbols of src/lib/*.o (nm -P), the calls between the
#    harness's files: each may call only files before it in the order
#    that harness.h declares ("layers:" lines), and no two may call each
#    other around a cycle. Every file is in the order, and every name in
#    the order is a file. The check is first shown to fail on made-up
#    objects with a cycle, a call upwards and a file out of the order.
# 2. No program includes harness.h, and every function or variable of
#    the harness that smpb.h declares is used by some program: smpb.h is
#    the workloads' API and nothing else.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
need_cmd nm || skip_all "nm is not installed"

# The declared order, lowest first.
ORDER=$(sed -n 's/^ \*[[:space:]]*layers:[[:space:]]*//p' src/lib/harness.h |
    tr '\n' ' ' | sed 's/ *$//')

# layer_check ORDER: read "FILE TYPE SYMBOL" lines (nm -P's type: U for
# undefined, an upper-case letter for a global defined); print one line
# for each call out of order, each cycle and each file not in ORDER (or
# name of ORDER that is no file); fail if there was any.
layer_check() {
	LC_ALL=C awk -v order="$1" '
	function visit(f,    i, to) {
		state[f] = 1
		path[++depth] = f
		for (i = 1; i <= nout[f]; i++) {
			to = out[f, i]
			if (state[to] == 1) {
				cyc = to
				for (j = depth; j >= 1 && path[j] != to; j--)
					cyc = path[j] " -> " cyc
				print "a cycle: " to " -> " cyc
				bad = 1
			} else if (state[to] == 0)
				visit(to)
		}
		depth--
		state[f] = 2
	}
	BEGIN {
		n = split(order, name, " ")
		for (i = 1; i <= n; i++)
			rank[name[i]] = i
	}
	{ file[$1] = 1 }
	$2 == "U" { use[$1, $3] = 1; next }
	$2 ~ /^[A-TV-Z]$/ { def[$3] = $1 }
	END {
		for (f in file)
			if (!(f in rank)) {
				print f ": not in the declared order"
				bad = 1
			}
		for (i = 1; i <= n; i++)
			if (!(name[i] in file)) {
				print name[i] ": in the order, but no such file"
				bad = 1
			}
		for (k in use) {
			split(k, p, SUBSEP)
			if (!(p[2] in def) || def[p[2]] == p[1])
				continue
			to = def[p[2]]
			if (!((p[1], to) in edge)) {
				edge[p[1], to] = p[2]
				out[p[1], ++nout[p[1]]] = to
			}
		}
		for (k in edge) {
			split(k, p, SUBSEP)
			if (rank[p[1]] <= rank[p[2]]) {
				print p[1] " calls " p[2] " (" edge[k] \
				    "), which is not below it"
				bad = 1
			}
		}
		for (f in file)
			if (state[f] == 0)
				visit(f)
		exit bad
	}'
}

# The check itself: each of these made-up sets must fail, and say why.
printf '%s\n' "a T fa" "a U fb" "b T fb" "b U fa" >"$TMPDIR_T/cycle"
why=$(layer_check "a b" <"$TMPDIR_T/cycle")
is "$?" 1 "the check fails on two files that call each other"
like "$why" '^a calls b \(fb\), which is not below it$' "naming the call upwards"
like "$why" '^a cycle: ' "and the cycle"
printf '%s\n' "a T fa" "b T fb" "c T fc" "a U fb" "b U fc" "c U fa" \
    >"$TMPDIR_T/loop"
why=$(layer_check "c b a" <"$TMPDIR_T/loop")
is "$?" 1 "the check fails on a cycle of three files"
like "$why" '^a cycle: (a -> b -> c -> a|b -> c -> a -> b|c -> a -> b -> c)$' "and names the three"
printf '%s\n' "a T fa" "b T fb" "b U fa" "c U fa" >"$TMPDIR_T/extra"
why=$(layer_check "a b d" <"$TMPDIR_T/extra")
is "$?" 1 "the check fails on files out of the order"
like "$why" '^c: not in the declared order$' "naming a file the order lacks"
like "$why" '^d: in the order, but no such file$' "and a name with no file"
printf '%s\n' "a T fa" "b T fb" "b U fa" "b U printf" >"$TMPDIR_T/good"
layer_check "a b" <"$TMPDIR_T/good" >/dev/null
is "$?" 0 "and passes a file that calls below it and outside the harness"

# The harness's objects, each named by its file.
check "the order is declared in harness.h" test -n "$ORDER"
: >"$TMPDIR_T/syms"
missing=
set --
for c in src/lib/*.c; do
	o=${c%.c}.o
	if [ ! -f "$o" ]; then
		missing="$missing $o"
		continue
	fi
	set -- "$@" "$o"
done
is "$missing" "" "every file of src/lib is built (make)"
# One nm for them all, each line led by its object's name (-A).
[ "$#" -eq 0 ] || nm -P -A "$@" | awk 'NF >= 3 {
	f = $1; sub(/:$/, "", f); sub(/.*\//, "", f); sub(/\.o$/, "", f)
	print f, $3, $2 }' >"$TMPDIR_T/syms"
why=$(layer_check "$ORDER" <"$TMPDIR_T/syms")
is "$?" 0 "src/lib: every call goes to a file below, no cycle ($ORDER)"
[ -n "$why" ] && printf '%s\n' "$why" | sed 's/^/# /'

# No program includes the private header.
is "$(grep -l 'harness\.h' src/*.c | tr '\n' ' ')" "" \
    "no program includes harness.h"

# What smpb.h declares of the harness, comments taken out, each used by
# some program.
api=$(LC_ALL=C awk '
	{ line = $0
	  while (line != "") {
		if (incomment) {
			if ((i = index(line, "*/")) == 0) { line = ""; break }
			line = substr(line, i + 2); incomment = 0
		} else if ((i = index(line, "/*")) > 0) {
			printf "%s ", substr(line, 1, i - 1)
			line = substr(line, i + 2); incomment = 1
		} else { print line; line = "" }
	  }
	  if (incomment) print "" }' src/lib/smpb.h |
    tr -c 'A-Za-z0-9_' '\n' | LC_ALL=C sort -u)
awk '$2 ~ /^[A-TV-Z]$/ { print $3 }' "$TMPDIR_T/syms" | LC_ALL=C sort -u \
    >"$TMPDIR_T/defined"
set --
for p in $PROGRAMS; do
	${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -c -o "$TMPDIR_T/$p.o" \
	    "src/$p.c" && set -- "$@" "$TMPDIR_T/$p.o"
done
used=$([ "$#" -eq 0 ] || nm -P -A "$@" 2>/dev/null |
    awk '$3 == "U" { print $2 }' | sort -u)
unused=
n=0
for s in $(printf '%s\n' "$api" | LC_ALL=C comm -12 - "$TMPDIR_T/defined"); do
	n=$((n + 1))
	printf '%s\n' "$used" | grep -qx "$s" || unused="$unused $s"
done
check "smpb.h declares some of the harness ($n names)" test "$n" -gt 20
is "$unused" "" "every name smpb.h declares is used by a program"

done_testing
