# t613-stat: smpb-stat's protocol, as compare drives it: tables, each
# answered whole when judged, in order, a line of one that is not one
# refusing it, and one without the rows and columns it declared refused
# in little memory; any other line refused (syntax), the program going on
# with the next; IDs of up to 64 characters, a line over the 16 MiB cap
# skipped and refused, a last line without its newline, a line answered
# before the input ends, and the exit status of each way it ends (141,
# quietly, where its reader went away); the figures answered as a
# table prints them where the table line gives their format, and a
# format that is none refused. And tests/stat-ask, which asks
# the same statistics a request a line for the tests: each test's keys
# in the documented order, the scale chosen, every refusal word (the
# tool going on after it), 1,000,001 figures. The numbers themselves are
# tests/unit/t020-stat.c's, the decisions t021 to t027's.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh

stat=bin/smpb-stat
[ -x "$stat" ] || { t_result 1 "$stat is built (make)"; done_testing; }

ask=tests/stat-ask

# ask LINE...: smpb-stat's answers to these lines.
ask() {
	printf '%s\n' "$@" | "$stat"
}

# The line protocol, on tables: an ID of 64 characters of every kind
# allowed, answered; IDs that are not, and an empty line, refused as
# '-'; an ID alone refused with it; a last line without its newline.
id64=Aa0_.:/-$(printf '%56s' '' | tr ' ' z)
is "$(ask "$id64 table runs=1 cols=1 rows=0" "$id64 run j=1 g=1" \
    "$id64 judge" | tr '\n' ' ')" \
    "$id64 rules level=0.95 alpha=0.05 threshold=2 load_limit=0.5 $id64 col g=1 runs=1 mode=0 odd=0 $id64 end " \
    "an ID of 64 characters, of every kind allowed: answered"
is "$(ask 'b@d judge' '' "${id64}z judge" | tr '\n' ' ')" \
    "- refused why=syntax - refused why=syntax - refused why=syntax " \
    "an ID not valid, an empty line, an ID of 65: '-' refused, syntax"
is "$(ask 'alone')" "alone refused why=syntax" "an ID alone: syntax"
is "$(printf 'l table runs=1 cols=1 rows=0\nl run j=1 g=1\nl judge' |
    "$stat" | tr '\n' ' ')" "l rules level=0.95 alpha=0.05 threshold=2 load_limit=0.5 l col g=1 runs=1 mode=0 odd=0 l end " \
    "a last line without its newline is answered"

# A line over 16 MiB: skipped, refused with its ID, the next answered.
awk 'BEGIN { s = ",1"; while (length(s) < 1048576) s = s s
	printf "huge table runs=1 cols=1 rows=1 v=1"
	for (i = 0; i < 17; i++) printf "%s", s
	print ""; print "n table runs=1 cols=1 rows=0"; print "n run j=1 g=1"
	print "n judge" }' >"$TMPDIR_T/huge"
run sh -c "$stat <'$TMPDIR_T/huge'"
is "$RC" 0 "a line of 17 MiB: exit 0"
is "$(printf '%s\n' "$OUT" | awk '{ print $1, $2 }' | tr '\n' ' ')" \
    "huge refused n rules n col n end " \
    "a line of 17 MiB: refused (syntax), then the next table"

# A caller that writes a table and waits for its answer gets it.
mkfifo "$TMPDIR_T/fifo"
"$stat" <"$TMPDIR_T/fifo" >"$TMPDIR_T/live" &
pid=$!
exec 3>"$TMPDIR_T/fifo"
printf 'live table runs=1 cols=1 rows=0\nlive run j=1 g=1\nlive judge\n' >&3
check "a table is answered before the input ends" within 10 test -s \
    "$TMPDIR_T/live"
exec 3>&-
wait "$pid"
is "$?" 0 "and the input's end ends it, exit 0"

# Options and failures.
run "$stat" -h
is "$RC:$OUT" "0:usage: smpb-stat [-hV]" "-h: usage on stdout, exit 0"
run "$stat" -V
like "$RC:$OUT" '^0:smpb-stat \(smpbench\) [0-9]+\.[0-9]+' "-V: version, exit 0"
run "$stat" -x
is "$RC:$ERR" "2:smpb-stat: -x: unknown option (see smpb-stat -h)" \
    "-x: exit 2, one line"
run "$stat" extra
is "$RC:$ERR" "2:smpb-stat: unexpected operand 'extra' (see smpb-stat -h)" \
    "an operand: exit 2, one line"
if [ -w /dev/full ]; then
	run sh -c "echo 'a judge' | $stat >/dev/full"
	is "$RC:$ERR" \
	    "1:smpb-stat: cannot write the output: No space left on device" \
	    "stdout full: exit 1, one line"
else
	t_skip "no /dev/full here"
fi
# A reader that goes away: a quiet end, 141, as cat in a pipeline.
awk 'BEGIN { for (i = 0; i < 20000; i++) print "r" i " judge" }' \
    >"$TMPDIR_T/lines"
{
	"$stat" <"$TMPDIR_T/lines" 2>"$TMPDIR_T/pipe-err"
	echo "$?" >"$TMPDIR_T/pipe-rc"
} | head -n 1 >/dev/null
is "$(cat "$TMPDIR_T/pipe-rc"):$(cat "$TMPDIR_T/pipe-err")" "141:" \
    "the reader gone (| head -n 1): exit 141, nothing on stderr"
run sh -c "$stat <tests"
like "$RC:$ERR" "^1:smpb-stat: cannot read the input: " \
    "stdin a directory: exit 1, one line"

# Tables: a comparison whole, answered only when judged, in order; a
# line of no table's kind (a request to stat-ask) refused, and the
# program going on.
run sh -c "printf '%s\n' 'c1 cv x=1,2,3,4' \
    't table runs=3 cols=2 rows=2 higher=1 moves=rate zero=5e-5' \
    't run j=1 g=1 id=a profile=quick' 't run j=2 g=2 id=b profile=quick' \
    't run j=3 g=2 id=c profile=quick' \
    't row i=1 free=0' 't row i=2 free=1' \
    't fig i=1 j=1 v=100,101,99,100,102' \
    't fig i=1 j=2 v=150,151,149,150,152' 't fig i=1 j=3 v=151,150,152' \
    't fig i=2 j=1 v=45,46,90,91,92' 't fig i=2 j=2 v=90,91,92,93,94' \
    't fig i=2 j=3 failed=1' \
    't judge' 'c2 cv x=1,2' | $stat"
is "$RC" 0 "a table between other lines: exit 0"
# first3 TEXT: each line's first three words (or fewer), one line.
first3() {
	printf '%s\n' "$1" | awk '{ print $1, $2 (NF > 2 ? " " $3 : "") }' |
	    tr '\n' ' '
}
is "$(first3 "$OUT")" \
    "c1 refused why=syntax t rules level=0.95 t col g=1 t col g=2 t cell i=1 t cell i=1 t cell i=2 t cell i=2 t end c2 refused why=syntax " \
    "its table answered when judged, in order; the lines around it refused"
like "$OUT" '^t col g=1 runs=1 mode=5 odd=0$' "the first column: its repeats"
like "$OUT" '^t col g=2 runs=2 mode=8 odd=1 host=unknown unknown=few bad=0 rise=2 fall=2 raised=00 doubt=0 tested=2 worse=0 better=1 dworse=0 dbetter=0 placed=0 few=0$' \
    "the second: its two runs pooled (a cell of 5 repeats odd), its host unknown (no canary)"
like "$OUT" '^t cell i=1 g=2 has=1 empty=none miss=0 runs=2 reps=8 med=150\.5 .* verd=changed meth=repeats .* dir=better' \
    "+50%, a rate: changed, better, by the repeats (one run a side)"
like "$OUT" '^t cell i=2 g=1 has=1 .* nlow=2 nhigh=3 lowmed=45\.5 highmed=91' \
    "45, 46 | 90, 91, 92: two clusters, their sizes and medians"
like "$OUT" '^t cell i=2 g=2 has=1 empty=fail miss=1 runs=1 reps=5 ' \
    "a run whose repeat failed: the cell lost a repeat"
# The figures as the table prints them, where the table line gives
# their format (fmt=, scale=): the pipe's 1.4% against 2.4% takes a
# decimal more, so that +71% follows from the figures printed; the range
# of the rows left out; a format that is not a figure's refused.
ask 'f table runs=2 cols=2 rows=1 higher=1 fmt=%25.0f%25%25 fold_lo=99.4 fold_hi=100.6' \
    'f run j=1 g=1' 'f run j=2 g=2' 'f row i=1 free=0' \
    'f fig i=1 j=1 v=1.4,1.4,1.4' 'f fig i=1 j=2 v=2.4,2.4,2.4' 'f judge' \
    'r table runs=1 cols=1 rows=0 fmt=%25s' 'r run j=1 g=1' 'r judge' \
    >"$TMPDIR_T/t"
like "$(cat "$TMPDIR_T/t")" '^f cell i=1 g=1 .* shown=1\.4%25$' \
    "fmt=: the first figure shown, a decimal more than its format's"
like "$(cat "$TMPDIR_T/t")" '^f cell i=1 g=2 .* shown=2\.4%25 change=\+71%25' \
    "and the second, and its change as it follows from the two"
like "$(cat "$TMPDIR_T/t")" '^f fold from=99%25 to=101%25$' \
    "the range of the rows left out, in the format"
like "$(cat "$TMPDIR_T/t")" '^r refused why=syntax$' \
    "a format that is not a figure's (%s): refused"
# Why a host is unknown, in the words the report prints: no timing of
# the workload in a host file (h), too few (k).
ask 'h table runs=2 cols=2 rows=0 fmt=' 'h run j=1 g=1 hostfile=1 hosthere=1' \
    'h run j=2 g=2 hostfile=1 hosthere=0' 'h judge' \
    'k table runs=2 cols=2 rows=0 fmt=' 'k run j=1 g=1 hostfile=1 hosthere=1' \
    'k run j=2 g=2 hostfile=1 hosthere=1 canary=1,2' 'k judge' >"$TMPDIR_T/t"
like "$(cat "$TMPDIR_T/t")" '^h col g=2 .* unknownwhy=no%20timing%20of%20its%20CPU%20in%20its%20host%20file' \
    "fmt=: a host unknown for want of timings in its host file, said so"
like "$(cat "$TMPDIR_T/t")" '^k col g=2 .* unknownwhy=too%20few%20timings%20of%20its%20CPU' \
    "and for too few of them"
ask 't run j=1 g=1' 't judge' >"$TMPDIR_T/t"
is "$(cat "$TMPDIR_T/t")" "t refused why=syntax" \
    "a table line before its table: the judge refuses it"
ask 't table runs=1 cols=1 rows=1' 't run j=1 g=1' 't row i=1 free=0' \
    't fig i=1 j=1 v=1,nan' 't judge' 'u table runs=1 cols=1 rows=0' \
    'u run j=1 g=1' 'u judge' >"$TMPDIR_T/t"
is "$(first3 "$(cat "$TMPDIR_T/t")")" \
    "t refused why=syntax u rules level=0.95 u col g=1 u end " \
    "a figure that is none: the table refused, then the next table"
# A table is judged only with what its table line declared: a row line
# for each row, a run for each column (a run of no column has none);
# else refused (missing), and nothing allocated for what was declared:
# 4096 runs by 976 rows in 64 MiB of memory.
# shellcheck disable=SC3045 # ulimit -v: dash, bash and busybox have it
run sh -c "ulimit -v 65536 && printf '%s\n' \
    'a table runs=4096 cols=4096 rows=976' 'a judge' | $stat"
is "$RC $OUT" "0 a refused why=missing" \
    "4096 runs, 976 rows declared, none given: refused (missing) in 64 MiB"
ask 't table runs=1 cols=1 rows=2' 't run j=1 g=1' 't row i=2 free=0' \
    't fig i=2 j=1 v=1,2' 't judge' >"$TMPDIR_T/t"
is "$(cat "$TMPDIR_T/t")" "t refused why=missing" \
    "a row declared without its row line: refused (missing)"
ask 't table runs=2 cols=2 rows=0' 't run j=1 g=1' 't judge' >"$TMPDIR_T/t"
is "$(cat "$TMPDIR_T/t")" "t refused why=missing" \
    "a column declared without a run: refused (missing)"
ask 't table runs=4 cols=2 rows=1' 't run j=4 g=2 id=b' 't run j=2 g=1 id=a' \
    't row i=1 free=0' 't fig i=1 j=4 v=3' 't judge' >"$TMPDIR_T/t"
is "$(first3 "$(cat "$TMPDIR_T/t")")" \
    "t rules level=0.95 t problem j=4 t col g=1 t col g=2 t cell i=1 t end " \
    "runs of no column (1, 3) need no run line: answered"
like "$(cat "$TMPDIR_T/t")" '^t cell i=1 g=2 has=1 ' "a cell a line gave: answered"
is "$(grep -c '^t cell i=1 g=1 ' "$TMPDIR_T/t")" 0 \
    "a cell no line gave a repeat of: not answered (no repeat at all)"
ask 't table runs=2 cols=2 rows=0 head=1' 't run j=1 g=1 id=x cpuset=0-1' \
    't run j=2 g=2 id=x cpuset=1%2C0' 't judge' >"$TMPDIR_T/t"
like "$(cat "$TMPDIR_T/t")" '^t problem j=2 kind=hard code=same-run other=1$' \
    "the same run_id twice: not comparable"
like "$(cat "$TMPDIR_T/t")" '^t set j=2 cpuset=0,1 same=1$' \
    "a cpuset as a set, its escaped comma read, the same set as run 1's"

# The rules a table is judged by, as in effect: the table line's, else
# smpb-stat's own; a problem of the table's own said so.
ask 't table runs=2 cols=2 rows=1 threshold=0.25' \
    't run j=1 g=1 id=a steal=0.0' 't run j=2 g=2 id=b steal=4.0' \
    't row i=1 free=0' 't judge' >"$TMPDIR_T/t"
is "$(head -n 1 "$TMPDIR_T/t")" \
    "t rules level=0.95 alpha=0.05 threshold=0.25 load_limit=0.5" \
    "the rules: the threshold given, the load limit smpb-stat's own"
like "$(cat "$TMPDIR_T/t")" '^t problem j=2 kind=busy code=steal own=1$' \
    "steal: a problem of the table's own"
# Clusters that stood where the first column's did, or moved; an
# interval short of the level.
ask 't table runs=3 cols=3 rows=2' 't run j=1 g=1 id=a' 't run j=2 g=2 id=b' \
    't run j=3 g=3 id=c' 't row i=1 free=0' 't row i=2 free=0' \
    't fig i=1 j=1 v=45,46,90,91,92' 't fig i=1 j=2 v=45,46,90,91,93' \
    't fig i=1 j=3 v=55,56,90,91,92' 't fig i=2 j=1 v=100,101' \
    't fig i=2 j=2 v=150' 't judge' >"$TMPDIR_T/t"
like "$(cat "$TMPDIR_T/t")" '^t cell i=1 g=2 .* stood=1' \
    "45.5 | 91 against 45.5 | 91: the clusters stood"
like "$(cat "$TMPDIR_T/t")" '^t cell i=1 g=3 .* stood=0' \
    "55.5 | 91 against 45.5 | 91: the lower moved"
like "$(cat "$TMPDIR_T/t")" '^t cell i=2 g=2 .* lev=0\.3+ .* short=1' \
    "two repeats against one: the interval short of the level"


# tests/stat-ask: the statistics, a request a line.
if [ ! -x "$ask" ]; then
	t_skip "tests/stat-ask is not built (make test)"
	done_testing
fi
# req LINE...: stat-ask's answers to these request lines.
req() {
	printf '%s\n' "$@" | "$ask"
}

# The answers in order, one a line, each test's keys in order.
run sh -c "printf '%s\n' 'c1 cv x=1,2,3,4' \
    'h1 hl x=1,1.1,0.9 y=1.5,1.65,1.35' \
    'w1 welch x=1,1.1,0.9 y=1.5,1.65,1.35' \
    'y1 yuen x=1,1.1,0.9,1.2,1.05 y=1.5,1.6,1.4,1.55,1.45 trim=0.1' \
    'y2 yuen x=1,1.1,0.9,1.2,1.05 y=1.5,1.6,1.4,1.55,1.45 scale=linear' \
    'm1 mw x=1,2,3 y=4,5,6' | $ask"
is "$RC" 0 "stat-ask: every line answered: exit 0"
is "$(printf '%s\n' "$OUT" | awk '{ print $1 }' | tr '\n' ' ')" \
    "c1 h1 w1 y1 y2 m1 " "stat-ask: one answer a line, in order"
keys() {
	printf '%s\n' "$OUT" | sed -n "s/^$1 //p" | tr ' ' '\n' |
	    sed 's/=.*//' | tr '\n' ' '
}
is "$(keys c1)" "ok n mean sd cv " "cv: its keys"
is "$(keys h1)" "ok nx ny est lo hi level p exact scale " "hl: its keys"
is "$(keys w1)" "ok est lo hi level p df scale " "welch: its keys"
is "$(keys y1)" "ok est lo hi level p df scale " "yuen: its keys"
is "$(keys m1)" "ok p u exact " "mw: its keys"
like "$OUT" '^c1 ok n=4 mean=2\.5 sd=1\.290994449 cv=0\.5163977795$' \
    "cv: the figures, %.10g"
like "$OUT" \
    '^h1 ok nx=3 ny=3 est=0\.5 .* level=0\.9 p=0\.1 exact=1 scale=log$' \
    "hl: +50%, 3 a side reach a level of 0.9, p 0.1, exact"
like "$OUT" '^m1 ok p=0\.1 u=0 exact=1$' "mw: exact p and U of x"
like "$OUT" '^y1 .* scale=log$' "positive figures: log scale"
like "$OUT" '^y2 .* scale=linear$' "scale=linear is kept"

# The scale: log when every figure is positive, else linear.
like "$(req 'a hl x=1,2 y=3,0')" 'scale=linear$' \
    "a zero figure: linear scale"
like "$(req 'a welch x=-1,-2 y=-3,-4')" ' est=-1\.333333333 .*scale=linear$' \
    "negative figures: linear, change against |x's mean|"
is "$(req 'a hl x=1,-0 y=3,4 scale=log')" "a refused why=not-positive" \
    "-0 on the log scale: not-positive"

# Every refusal word, and the line after it still answered.
NEXT="next ok n=2 mean=1.5 sd=0.7071067812 cv=0.4714045208"
refusal() {
	is "$(req "$1" 'next cv x=1,2' | tr '\n' ' ')" \
	    "${1%% *} refused why=$2 $NEXT " \
	    "'$(printf '%.40s' "$1")': $2, then the next line"
}
refusal 'a hl x=nan y=1,2' not-finite
refusal 'a hl x=1,2 y=-inf' not-finite
refusal 'a hl x=1,2 y=1e400' not-finite
refusal 'a hl x=1,2 y=1e300 max=1e10' range
refusal 'a cv x=1,0.5 min=0.6' range
refusal 'a hl x=1e-300,2e-300 y=1e300,2e300' range
refusal 'a welch x=1 y=1,2' too-few
refusal 'a cv x=1' too-few
refusal 'a yuen x=1,2,3 y=1,2,3 trim=0.45' too-few
refusal 'a cv x=-1,1' zero-centre
refusal 'a hl x=-1,0,1 y=1,2' zero-centre
refusal 'a median x=1,2' unknown-test
refusal 'a cv x=0x10,1' syntax
refusal 'a cv x=1,,2' syntax
refusal 'a cv x=1, 2' syntax
refusal 'a cv  x=1,2' syntax
refusal 'a cv x=1,2 level=0.9' syntax
refusal 'a hl x=1,2 y=3,4 level=1' syntax
refusal 'a hl x=1,2 y=3,4 scale=ln' syntax
refusal 'a cv x=1,2 x=3,4' syntax
refusal 'a hl x=1,2' syntax
refusal 'a cv x=1,2 ' syntax
is "$(req "$id64 cv x=1,2")" "$id64 ${NEXT#next }" \
    "stat-ask: an ID of 64 characters is answered"

# More than a million figures on a line: too-many.
awk 'BEGIN { printf "big cv x=1"; for (i = 0; i < 1000000; i++) printf ",1"
	print ""; print "next cv x=1,2" }' >"$TMPDIR_T/many"
run sh -c "$ask <'$TMPDIR_T/many'"
is "$(printf '%s\n' "$OUT" | cut -c 1-30 | tr '\n' ' ')" \
    "big refused why=too-many next ok n=2 mean=1.5 sd=0.7071 " \
    "1,000,001 figures: too-many, then the next line"

done_testing
