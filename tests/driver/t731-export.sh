# t731-export: smpbench export under every POSIX shell we can find: CSV
# as RFC 4180 has it, parsed back here by a parser of our own: a header,
# one record per raw line with the same fields as its raw line, labels
# and directory names with commas and quotes intact, CRLF after every
# record; fields that a spreadsheet would take for formulas quoted with
# a ' (numbers left as they are), keys that are not names refused, a key
# given twice its first value; and bad input.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
FIX=tests/fixtures
SB=scripts/smpbench

# csv_parse <CSV: each record as its fields joined by tabs, after its
# number of fields; "bad: why" for what RFC 4180 does not allow: a quote
# in an unquoted field, a quoted field followed by anything but a comma
# or the end of the record, a record not ended by CRLF.
csv_parse() {
	LC_ALL=C awk 'BEGIN { RS = "\001" } { text = text $0 } END {
		n = length(text)
		nf = 0; f = ""; q = 0; closed = 0
		for (i = 1; i <= n; i++) {
			c = substr(text, i, 1)
			if (q) {
				if (c != "\"") { f = f c; continue }
				if (substr(text, i + 1, 1) == "\"") { f = f c; i++; continue }
				q = 0; closed = 1; continue
			}
			if (c == ",") { rec[++nf] = f; f = ""; closed = 0; continue }
			if (c == "\r" && substr(text, i + 1, 1) == "\n") {
				rec[++nf] = f; line = nf
				for (k = 1; k <= nf; k++) line = line "\t" rec[k]
				print line
				nf = 0; f = ""; closed = 0; i++; continue
			}
			if (closed) { print "bad: text after a closing quote"; exit }
			if (c == "\"" && f == "") { q = 1; continue }
			if (c == "\"") { print "bad: a quote in an unquoted field"; exit }
			if (c == "\n" || c == "\r") { print "bad: a bare CR or LF"; exit }
			f = f c
		}
		if (q || nf > 0 || f != "") print "bad: the last record is not ended by CRLF"
	}'
}

# as_raw <PARSED: each parsed record but the header as "dir workload"
# and its raw line's fields, key=value sorted; from the header's names
# (complete, the run's, left out), the ' before a field that starts like
# a formula taken off.
as_raw() {
	awk -F '\t' 'NR == 1 { for (i = 2; i <= NF; i++) name[i] = $i; next }
	{
		s = ""
		for (i = 2; i <= NF; i++) {
			k = name[i]
			if ($i == "" || k == "run" || k == "dir" || k == "workload" ||
			    k == "complete")
				continue
			# A field a spreadsheet would take for a formula has a
			# quote before it.
			if ($i ~ /^\047[-=+@\t\r]/) $i = substr($i, 2)
			if (k == "repeat") k = "rep"
			if (k == "placement") k = "place"
			s = s " " k "=" $i
		}
		print $3, $4 "\t" s
	}' | sort_fields
}

# sort_fields: "head<TAB>k=v k=v ..." with the k=v sorted, the lines too.
sort_fields() {
	LC_ALL=C awk -F '\t' '{
		n = split($2, a, " ")
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
			}
		s = ""
		for (i = 1; i <= n; i++) s = s " " a[i]
		print $1 "\t" s
	}' | LC_ALL=C sort
}

# raw_of DIR...: every raw line of the runs, in as_raw's form.
raw_of() {
	for ro_d in "$@"; do
		for ro_w in $WORKLOADS; do
			[ -f "$ro_d/raw/$ro_w" ] || continue
			sed "s|^|$ro_d $ro_w	|" "$ro_d/raw/$ro_w"
		done
	done | sort_fields
}

# A run named with a comma and a quote, its label too.
odd=$TMPDIR_T/'a,b"c'
cp -R $FIX/run-b "$odd"
sed 's/^label=.*/label=x "y", z/' $FIX/run-b/env >"$odd/env"

for s in $SHELLS; do
	use_shell $s || continue
	run $sh $SB export $FIX/run-a $FIX/run-l "$odd"
	is "$RC" 0 "$s: export exits 0"
	is "$ERR" "" "$s: and says nothing on stderr"
	# The CSV as export wrote it (run keeps its stdout in a file).
	csv_parse <"$TMPDIR_T/out" >"$TMPDIR_T/parsed"
	is "$(grep -c '^bad: ' "$TMPDIR_T/parsed")" 0 "$s: the CSV parses as RFC 4180"
	like "$(head -n 1 "$TMPDIR_T/parsed")" \
	    '^[0-9]+	run	dir	workload	repeat	placement	cpulist	argv	exit	write_kib	think	' \
	    "$s: the header: run, dir, workload, repeat, placement, cpulist, argv, exit, then the -p keys"
	is "$(cut -f 1 "$TMPDIR_T/parsed" | sort -u | wc -l | tr -d ' ')" 1 \
	    "$s: every record has as many fields as the header"
	is "$(($(wc -l <"$TMPDIR_T/parsed") - 1))" \
	    "$(cat $FIX/run-a/raw/* $FIX/run-l/raw/* "$odd"/raw/* | wc -l | tr -d ' ')" \
	    "$s: one record per raw line"
	is "$(as_raw <"$TMPDIR_T/parsed")" "$(raw_of $FIX/run-a $FIX/run-l "$odd")" \
	    "$s: each record holds its raw line's fields, and only them"
	is "$(awk -F '\t' '$3 == "tests/fixtures/run-l" { print $2; exit }' "$TMPDIR_T/parsed")" \
	    "l, \"quoted\" 'run'" "$s: a label with a comma and quotes comes back"
	is "$(awk -F '\t' -v d="$odd" '$3 == d { print $2; exit }' "$TMPDIR_T/parsed")" \
	    'x "y", z' "$s: and a directory name with them too"
	is "$(awk -F '\t' '$3 == "tests/fixtures/run-a" { print $2 }' "$TMPDIR_T/parsed" |
	    sort -u)" "6.1.0-a" "$s: a run without a label is named by its kernel"
done

# The CSV itself, for a run: CRLF after every record, quotes where needed.
run sh $SB export $FIX/run-b
printf '%s\n' "$OUT" >"$TMPDIR_T/csv"
is "$(grep -vc "$(printf '\r')\$" "$TMPDIR_T/csv")" 0 "every record ends in CRLF"
like "$OUT" '^patched,tests/fixtures/run-b,ring,1,spread,"0,1","'"'"'-n,2,-T,0\.05",,2,' \
    "fields with commas are quoted, the others not"
like "$OUT" '^patched,tests/fixtures/run-b,ring,2,free,,"'"'"'-n,3,-T,0\.05",1,,,' \
    "a failed measurement: its exit status, the -p fields empty"
# Placements are as the raw lines name them, whatever the name.
mkdir -p "$TMPDIR_T/smt/raw"
cp $FIX/run-a/env "$TMPDIR_T/smt/"
echo "place=smt rep=1 argv=-n,2 cpulist=0,2 procs=2 switches_per_s=5" \
    >"$TMPDIR_T/smt/raw/ring"
run sh $SB export "$TMPDIR_T/smt"
like "$OUT" "^6\\.1\\.0-a,$TMPDIR_T/smt,ring,1,smt,\"0,2\",\"'-n,2\",,2,5" \
    "a placement of another name comes through"

# Formulas: a label, keys and values that a spreadsheet would run, as
# text; a negative number stays a number; a key that is not a name
# refuses its line (exit 1, said on stderr), and so does a key given
# twice (user_s, on a line of its own).
mkdir -p "$TMPDIR_T/formula/raw"
sed 's/^label=.*/label=@SUM(1,2)/; s/^workloads=.*/workloads=ring/' $FIX/run-a/env >"$TMPDIR_T/formula/env"
printf 'measurements=5\nfailed=0\n' >"$TMPDIR_T/formula/complete"
{
	echo "place=free rep=1 argv=-n,2 procs=2 switches_per_s=5 user_s=0.5 note=+1+cmd|calc neg=-0.5 pos=+2 exp=1e-06 tab=-"
	echo "place=free rep=2 argv=-n,2 procs=2 switches_per_s=6 =HYPERLINK(x)=1"
	echo "place=free rep=3 argv=-n,2 procs=2 switches_per_s=7 Run=x"
	echo "place=free rep=4 argv=-n,2 procs=2 switches_per_s=8 dir=/etc"
	echo "place=free rep=5 argv=-n,2 procs=2 switches_per_s=9 user_s=0.5 user_s==2+3"
} >"$TMPDIR_T/formula/raw/ring"
run sh $SB export "$TMPDIR_T/formula"
is "$RC" 1 "lines refused: exit 1"
is "$(printf '%s\n' "$ERR" | sed "s|$TMPDIR_T/formula/raw/ring|R|")" \
    "smpbench: R:3: refused: 'Run' is not a key of a measurement
smpbench: R:4: refused: 'dir' is not a key of a measurement
smpbench: R:5: refused: 'user_s=' twice" \
    "each said on stderr, with its line"
is "$(printf '%s\n' "$OUT" | csv_parse | sed 1d | cut -f 5 | tr '\n' ' ')" "1 2 " \
    "the other lines are exported"
like "$OUT" "^\"'@SUM\\(1,2\\)\",$TMPDIR_T/formula,ring,1,free,,\"'-n,2\",,2,5,0\\.5,\"'\\+1\\+cmd\\|calc\",-0\\.5,\\+2,1e-06,\"'-\"" \
    "formulas quoted with a ', numbers not"
is "$(printf '%s\n' "$OUT" | head -n 1 | tr -d '\r')" \
    "run,dir,workload,repeat,placement,cpulist,argv,exit,procs,switches_per_s,user_s,note,neg,pos,exp,tab,complete" \
    "no column for the keys refused"

# Bad input.
run sh $SB export
is "$RC" 2 "export without a run: exit 2"
is "$ERR" "smpbench: export: which saved runs? (see smpbench -h)" "and why"
run sh $SB export -x $FIX/run-a
is "$ERR" "smpbench: export: -x: unknown option (see smpbench -h)" "an unknown option"
run sh $SB export "$TMPDIR_T/none"
is "$RC" 1 "a missing run: exit 1"
is "$OUT" "" "and no CSV"
run sh $SB export $FIX/run-a "$TMPDIR_T/none"
is "$OUT" "" "a missing run among others: no CSV either"
if [ -w /dev/full ]; then
	run sh -c "sh $SB export $FIX/run-a >/dev/full"
	is "$RC" 1 "a CSV that cannot be written: exit 1"
else
	t_skip "no /dev/full"
fi

done_testing
