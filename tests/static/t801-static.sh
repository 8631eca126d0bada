# t801-static: the static checks (make check): every sh file of the driver
# and the tests is clean under shellcheck -s sh; every awk program starts
# with the header that says what it reads and writes; no file of the
# driver is over 450 lines, nor a function of one over 60, nor a
# program's page over 200; no number is compared in compare's awk; the Makefile's programs are LIST's; a
# workload's awk names are its own, and every stack that loads them
# parses; every file a comment of the driver or the harness names
# exists; every man page lints clean under mandoc; each page's SYNOPSIS
# is its program's -h.
# Needs the programs built (their -h); nothing is run beyond that.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh

# sh_files: the tracked or present sh files of the driver, the tests and
# CI: *.sh, and files whose first line is #!/bin/sh.
sh_files() {
	find scripts tests .ci -type f ! -path 'tests/tmp/*' 2>/dev/null |
	    LC_ALL=C sort | while read -r f; do
		case $f in
		*.sh) printf '%s\n' "$f" ;;
		*.awk | *.c | *.h | *.[0-9] | *.o) ;;
		*)
			IFS= read -r sf_first <"$f" 2>/dev/null
			case $sf_first in
			'#!/bin/sh'*) printf '%s\n' "$f" ;;
			esac
			;;
		esac
	done
}

# The shellcheck of the sh files is most of make check's time, all of
# it CPU, and it is cheaper a file the more files one shellcheck takes
# (about a tenth, one process against a file each). So the files are
# dealt into chunks, the heaviest files first, each chunk a part of
# what is left (a file weighs its lines and those of the files its
# "shellcheck source=" lines name, which it is checked with): a few
# large chunks, then smaller ones down to about a second's. As many
# lanes as CPUs (1 to 4) take the chunks in turn, each one shellcheck,
# while the other checks run; a lane that ran slow takes fewer. Each
# chunk's findings, and its status if it is neither 0 nor 1, are read
# in the chunks' order at the end (sh_lint_findings); a lane left is
# stopped with its shellcheck at exit. Under make test (the driver's
# files alone, each following the libraries the driver sources) the
# files are one chunk: a chunk parses again every library its files
# source, and one shellcheck takes half the CPU that chunks take, while
# the other tests fill the CPUs.

# sh_lint_deal FILE...: the files, dealt into $TMPDIR_T/sc-chunk.NNN,
# one name a line, as many lanes as CPUs (1 to 4) in $SL_LANES; one
# chunk and one lane where SL_WHOLE=1.
sh_lint_deal() {
	SL_LANES=$(getconf _NPROCESSORS_ONLN 2>/dev/null) || SL_LANES=1
	case $SL_LANES in '' | *[!0-9]* | 0) SL_LANES=1 ;; esac
	[ "$SL_LANES" -le 4 ] || SL_LANES=4
	[ "${SL_WHOLE:-0}" = 1 ] && SL_LANES=1
	LC_ALL=C awk -v lanes="$SL_LANES" -v whole="${SL_WHOLE:-0}" \
	    -v dir="$TMPDIR_T" '
	BEGIN {
		for (i = 1; i < ARGC; i++)
			F[++nf] = ARGV[i]
	}
	{ LINES[FILENAME]++ }
	/^[ \t]*# shellcheck source=/ {
		s = $0
		sub(/.*source=/, "", s)
		sub(/[ \t].*/, "", s)
		d = FILENAME
		sub(/[^\/]*$/, "", d)
		SRC[FILENAME] = SRC[FILENAME] " " s " " d s
	}
	END {
		for (i = 1; i <= nf; i++) {
			W[i] = LINES[F[i]]
			n = split(SRC[F[i]], src, " ")
			for (k = 1; k <= n; k++)
				W[i] += LINES[src[k]]
			left += W[i]
		}
		least = left / (16 * lanes)
		# The heaviest file left, into the chunk, until it holds its
		# part of what is left: a half of a lane'"'"'s share.
		for (done = 0; done < nf; done++) {
			best = 0
			for (i = 1; i <= nf; i++)
				if (!(i in GONE) && (best == 0 || W[i] > W[best]))
					best = i
			GONE[best] = 1
			if (have == 0) {
				part = left / (2 * lanes)
				if (part < least)
					part = least
				if (whole)
					part = left
				chunk = sprintf("%s/sc-chunk.%03d", dir, ++chunks)
			}
			print F[best] > chunk
			have += W[best]
			left -= W[best]
			if (have >= part) {
				close(chunk)
				have = 0
			}
		}
	}' "$@" || echo "sh_lint_deal: the files were not dealt"
}

# sh_lint_lane: take the chunks in turn, each one not yet claimed by
# another lane (mkdir claims it), and run shellcheck -s sh -x on it into
# sc-out.NNN, its status into sc-rc.NNN; on TERM, stop that shellcheck.
sh_lint_lane() {
	sl_on=
	trap '[ -n "$sl_on" ] && kill -TERM "$!" 2>/dev/null && wait "$!" 2>/dev/null
	    exit 143' TERM
	for sl_c in "$TMPDIR_T"/sc-chunk.*; do
		sl_c=${sl_c##*.}
		mkdir "$TMPDIR_T/sc-claim.$sl_c" 2>/dev/null || continue
		sl_on=1
		# shellcheck disable=SC2046 # the chunk's files, split on purpose
		shellcheck -s sh -x -f gcc $(cat "$TMPDIR_T/sc-chunk.$sl_c") \
		    >"$TMPDIR_T/sc-out.$sl_c" 2>&1 &
		wait "$!"
		echo "$?" >"$TMPDIR_T/sc-rc.$sl_c"
		sl_on=
	done
}

# sh_lint_start FILE...: deal the files, and start the lanes; their
# pids in $SL_PIDS.
SL_PIDS=
sh_lint_start() {
	sh_lint_deal "$@"
	sl_i=0
	while [ "$sl_i" -lt "$SL_LANES" ]; do
		sh_lint_lane &
		SL_PIDS="$SL_PIDS $!"
		sl_i=$((sl_i + 1))
	done
}

# sh_lint_stop: at exit, each lane left stopped with the shellcheck it
# runs, then $TMPDIR_T removed (tests/lib.sh's trap, replaced); on
# HUP and PIPE (sh t801-static.sh | head) too, as on INT and TERM.
# shellcheck disable=SC2317 # run by the trap
sh_lint_stop() {
	for sl_p in $SL_PIDS; do
		kill -TERM "$sl_p" 2>/dev/null
	done
	for sl_p in $SL_PIDS; do
		wait "$sl_p"
	done
	rm -rf "$TMPDIR_T"
}
trap 'sh_lint_stop' EXIT
trap 'exit 129' HUP
trap 'exit 141' PIPE

# sh_lint_wait: wait for the lanes (in the shell that started them).
sh_lint_wait() {
	for sl_p in $SL_PIDS; do
		wait "$sl_p"
	done
	SL_PIDS=
}

# sh_lint_findings: once the lanes are done, every chunk's findings in
# the chunks' order, and a line for a chunk that was not checked or
# whose shellcheck ended with a status other than 0 (clean) or 1
# (findings, printed).
sh_lint_findings() {
	for sl_c in "$TMPDIR_T"/sc-chunk.*; do
		sl_c=${sl_c##*.}
		sl_rc=
		[ -f "$TMPDIR_T/sc-rc.$sl_c" ] && read -r sl_rc <"$TMPDIR_T/sc-rc.$sl_c"
		cat "$TMPDIR_T/sc-out.$sl_c" 2>/dev/null
		case $sl_rc in
		0 | 1) continue ;;
		'') sl_why="was not checked" ;;
		*) sl_why="ended with exit $sl_rc" ;;
		esac
		printf 'shellcheck of chunk %s %s: %s\n' "$sl_c" "$sl_why" \
		    "$(tr '\n' ' ' <"$TMPDIR_T/sc-chunk.$sl_c")"
	done
}

# Under make test, the driver's and CI's files and tests/lib.sh, followed
# whole; make check and make test-all (TEST_ALL=1) the tests' own files
# too, each taking tests/lib.sh as tests/lib-globals.sh says it (see
# below). Started here, read at the end.
if need_cmd shellcheck; then
	sc_files=$(sh_files)
	if [ "${TEST_ALL:-0}" != 1 ]; then
		sc_files=$(printf '%s\n' "$sc_files" | grep -v '^tests/')
		sc_files="$sc_files${T_NL}tests/lib.sh"
		SL_WHOLE=1
	fi
	# shellcheck disable=SC2086 # the file list, split on purpose
	sh_lint_start $sc_files
fi

# The tests' shellcheck takes tests/lib.sh as tests/lib-globals.sh says
# it: every name said there is one lib.sh sets (NAME= or a for loop's),
# and no test follows lib.sh itself (its half second a test, again).
lg_unset=
while read -r g; do
	[ -n "$g" ] || continue
	grep -q -E "(^|[ 	;])($g=|for $g in )" tests/lib.sh ||
	    lg_unset="$lg_unset $g"
done <<EOF_LG
$(awk '{ sub(/#.*/, ""); gsub(/=\047\047/, ""); for (i = 1; i <= NF; i++) print $i }' \
    tests/lib-globals.sh)
EOF_LG
is "$lg_unset" "" "every name tests/lib-globals.sh says is one tests/lib.sh sets"
is "$(grep -rl '^# shellcheck source=tests/lib\.sh$' tests)" "" \
    "no test has shellcheck follow tests/lib.sh: tests/lib-globals.sh"

# (Each first line read by the shell itself.)
for f in $(find scripts -name '*.awk' | LC_ALL=C sort); do
	first=
	IFS= read -r first <"$f"
	case $first in
	"# ${f##*/}: "*) t_result 0 "$f starts with its header" ;;
	*) t_result 1 "$f starts with its header"
	   printf '#   got:  %s\n#   want: /^# %s: /\n' "$first" "${f##*/}" ;;
	esac
done

# Sizes: no file of the driver (smpbench, lib/, cmd/, awk/, workloads/)
# over 450 lines, and no function of one, sh (NAME() {) or awk (function
# NAME(...) {), over 60 lines after the one that names it, down to its
# closing brace at the start of a line: past them a file or a function
# is split into parts named for what they do (tests/README). One awk
# over them all, naming each file and function too long.
# shellcheck disable=SC2046 # the files, split on purpose
sizes=$(LC_ALL=C awk -v max_file=450 -v max_fn=60 '
	function file_size() {
		if (last != "" && last_n > max_file)
			printf "%s: %d lines, over %d\n", last, last_n, max_file
	}
	FNR == 1 { file_size(); fn = "" }
	{ last = FILENAME; last_n = FNR }
	(FILENAME ~ /\.awk$/ && /^function[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/) ||
	    (FILENAME !~ /\.awk$/ && /^[A-Za-z_][A-Za-z0-9_]*[ \t]*\(\)/) {
		fn = $0
		sub(/^function[ \t]+/, "", fn)
		sub(/[ \t]*\(.*/, "", fn)
		fn_at = FNR
	}
	/^}/ && fn != "" {
		if (FNR - fn_at > max_fn)
			printf "%s: %s(): %d lines, over %d\n", FILENAME, fn,
			    FNR - fn_at, max_fn
		fn = ""
	}
	END { file_size() }' scripts/smpbench $(find scripts/lib scripts/cmd \
    scripts/awk scripts/workloads -type f | LC_ALL=C sort))
is "$sizes" "" "no file of the driver over 450 lines, no function of one over 60"

# compare's awk lays out what smpb-stat decided: no number compared in
# it (tests/compare-numbers.awk: a number with a point or an exponent,
# or a percentage, on a side of a comparison, in any function: the
# digits a figure is printed in are smpb-stat's too). The rule finds a
# threshold planted.
is "$(LC_ALL=C awk -f tests/compare-numbers.awk scripts/awk/compare*.awk)" "" \
    "no number compared in compare's awk: smpb-stat decides"
printf '%s\n' 'function marked(ch, i) {' '	if (ch > 0.02)' \
    '	x = ch * 100 >= 2 ? 1 : 0' '	for (i = 1; i <= 12; i++)' \
    '	if (v >= 10 && w < 4 && s ~ /^[0-9]+(\.[0-9]+)?$/)' '}' \
    >"$TMPDIR_T/planted.awk"
is "$(LC_ALL=C awk -f tests/compare-numbers.awk "$TMPDIR_T/planted.awk" |
    sed 's/:.*//; s/.*\///' | tr '\n' ' ')" "planted.awk planted.awk " \
    "a fraction and a percentage compared: found; counts and widths pass"

# Every program's page (src/NAME.1: a workload of LIST, hog, and the
# driver's smpb-stat and smpb-snap) within 200 lines: it holds the
# program's own options, keys and exit statuses, smpb-common(7) the
# rest, and smpb-stat(5) the tables smpb-stat reads and its answers.
# shellcheck disable=SC2046,SC2086 # the pages, split on purpose
is "$(LC_ALL=C awk '{ n[FILENAME]++ } END { for (f in n) if (n[f] > 200)
	printf "%s: %d lines, over 200\n", f, n[f] }' $(printf 'src/%s.1 ' $PROGRAMS) \
	src/stat.1 src/snap.1)" \
    "" "every program's page (src/NAME.1) within 200 lines"

# The Makefile's programs are the workloads of scripts/workloads/LIST
# and hog, read from LIST: make (which make check runs first) built each,
# each has its source and its page, and no line of the Makefile that is
# not a comment names a workload; and every workload has its driver
# files.
for p in $PROGRAMS; do
	check "make built bin/smpb-$p" test -x "bin/smpb-$p"
	check "$p: its source and page" test -f "src/$p.c" -a -f "src/$p.1"
done
# shellcheck disable=SC2086 # the workloads, split on purpose
is "$(grep -v '^#' Makefile | grep -n -w -F "$(printf '%s\n' $WORKLOADS)")" \
    "" "the Makefile names no workload: it reads them from LIST"
for w in $WORKLOADS; do
	check "$w: its driver files" test -f "scripts/workloads/$w.sh" \
	    -a -f "scripts/workloads/$w.awk" -a -f "scripts/workloads/$w-table.awk"
done

# One namespace: a workload's awk files define its hooks and helpers
# named <w>_..., and none of their names is a function or a parameter of
# a shared awk file (awk-names.awk says which and where); and each
# stack that loads them (its table, its why table, compare, plot, a
# fact for its sh) loads
# under awk, and busybox's where there is one, nothing run.
A=scripts/awk
LIBAWK="$A/lib.awk $A/cells.awk $A/text.awk $A/why-lib.awk $A/workload.awk"
SHARED="$LIBAWK $(ls $A/compare*.awk) $A/stat.awk $A/reproduce.awk $A/plot-gp.awk $A/plot.awk $A/why.awk $A/fact.awk"
printf 'BEGIN { exit 0 } END { exit 0 }\n' >"$TMPDIR_T/parse.awk"
# stacks W: the stacks of workload W, one a line, their files in order.
stacks() {
	W=scripts/workloads/$1
	printf '%s\n' "$LIBAWK $W.awk $W-table.awk" "$LIBAWK $W.awk $A/why.awk" \
	    "$LIBAWK $W.awk $A/compare-reset.awk $A/compare-runs.awk $A/compare-check.awk $A/stat.awk $A/compare-host.awk $A/compare-verdict.awk $A/compare-table.awk $A/compare-notes.awk $A/compare-head.awk $A/compare-headline.awk $A/compare-p.awk $A/compare-ss.awk $A/compare-plan.awk $A/reproduce.awk $A/compare.awk" \
	    "$LIBAWK $W.awk $A/plot-gp.awk $A/plot.awk" "$LIBAWK $W.awk $A/fact.awk"
}
for w in $WORKLOADS; do
	# shellcheck disable=SC2086 # file lists, split on purpose
	is "$(LC_ALL=C awk -v workload="$w" -v own="scripts/workloads/$w.awk scripts/workloads/$w-table.awk" \
	    -f tests/static/awk-names.awk scripts/workloads/$w.awk \
	    scripts/workloads/$w-table.awk $SHARED </dev/null)" "" \
	    "$w: its awk names its own, none a shared file's"
	bad=$(stacks "$w" | while read -r files; do
		for a in awk busybox_awk; do
			if [ $a = busybox_awk ]; then
				need_cmd busybox || continue
				set -- busybox awk
			else
				set -- awk
			fi
			args=
			for f in $files; do
				args="$args -f $f"
			done
			# shellcheck disable=SC2086 # the files, split on purpose
			err=$(LC_ALL=C "$@" -f "$TMPDIR_T/parse.awk" $args \
			    </dev/null 2>&1 >/dev/null) ||
			    printf '%s: %s\n' "$*" "$err"
		done
	done)
	is "$bad" "" "$w: every stack that loads its awk parses"
done

# compare's one awk makes every table in turn: each global of its files
# (and of the library and the hooks loaded with them) is reset when a
# table begins (compare-reset.awk's table_begin()) or is one of the
# report's, on its "wide:" lines: none leaks from a table to the next.
CA="$A/compare-reset.awk"
# shellcheck disable=SC2046,SC2086 # file lists, split on purpose
is "$(LC_ALL=C awk -f tests/static/awk-globals.awk $LIBAWK \
    $(ls $A/compare*.awk) $A/stat.awk $A/reproduce.awk \
    $(for w in $WORKLOADS; do printf 'scripts/workloads/%s.awk ' "$w"; done) |
    LC_ALL=C awk -v ca="$CA" 'BEGIN {
	while ((getline l < ca) > 0)
		CA[++n] = l
    }
    $0 != "" {
	re = "^# wide:.* " $0 "( |$)|(delete |\t|; )" $0 "( = |$|;)"
	for (i = 1; i <= n; i++)
		if (CA[i] ~ re)
			next
	printf "%s ", $0
    }')" "" "compare's globals: each reset by table_begin() or the report's"

# Every file a comment of the driver or the harness names is here (a
# header that names a file since removed misleads its reader): each
# name of an .awk, .sh, .c or .h file on a comment line, a path or a
# base name, is one of the tree's files.
find . -type f ! -path './.git/*' ! -path './tests/tmp/*' |
    sed 's|^\./||' >"$TMPDIR_T/known"
# shellcheck disable=SC2046 # the files, split on purpose
missing=$(LC_ALL=C awk -v known="$TMPDIR_T/known" '
	BEGIN {
		while ((getline f < known) > 0) {
			HERE[f] = 1
			n = split(f, part, "/")
			for (i = 2; i <= n; i++) {
				s = part[i]
				for (k = i + 1; k <= n; k++)
					s = s "/" part[k]
				HERE[s] = 1
			}
		}
	}
	FNR == 1 { c = FILENAME ~ /\.[ch]$/ ? "^[ /]\\*" : "^[ \t]*#" }
	$0 ~ c {
		s = $0
		while (match(s, /[a-z][a-z0-9_-]*(\/[a-z0-9_.-]+)*\.(awk|sh|c|h)([^a-zA-Z0-9_]|$)/)) {
			n = substr(s, RSTART, RLENGTH)
			sub(/[^a-zA-Z0-9_]$/, "", n)
			pre = RSTART > 1 ? substr(s, RSTART - 1, 1) : " "
			s = substr(s, RSTART + RLENGTH)
			if (pre !~ /[ ("`,]/ || (FILENAME SUBSEP n) in SAID)
				continue
			SAID[FILENAME, n] = 1
			if (!(n in HERE))
				printf "%s: names %s, which is not here\n", FILENAME, n
		}
	}' $(find scripts src/lib -type f \( -name '*.awk' -o -name '*.sh' \
    -o -name '*.[ch]' -o -name smpbench \) | LC_ALL=C sort))
is "$missing" "" "every file a comment of the driver or the harness names is here"

# Each -h is asked once, kept in a file, and read as often as needed:
# help NAME CMD...: CMD -h into $TMPDIR_T/help-NAME.
help() {
	h_name=$1
	shift
	"$@" -h >"$TMPDIR_T/help-$h_name"
}

# synopsis PAGE: the SYNOPSIS of PAGE as one line of words.
synopsis() {
	mandoc -Tascii "$1" | LC_ALL=C awk -v bs='\b' '{ gsub("." bs, "") }
		/^SYNOPSIS/ { on = 1; next } /^[A-Z]/ { on = 0 }
		on { s = s " " $0 }
		END { gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); print s }'
}

# usage_of NAME: the usage lines (up to the first blank line) of the -h
# kept as NAME, as one line of words.
usage_of() {
	awk '/^$/ { exit } { sub(/^usage: /, ""); s = s " " $0 }
		END { gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); print s }' \
	    "$TMPDIR_T/help-$1"
}

# The driver's commands, as its help lists them.
COMMANDS=$(sed -n 's/^COMMANDS="\(.*\)"$/\1/p' scripts/lib/help.sh)

# Every -h within 80 columns: each program's, the driver's and each of
# its commands', the last its usage alone, as the driver's -h has it.
wide=
for p in $PROGRAMS; do
	[ -x "bin/smpb-$p" ] || continue
	help "smpb-$p" "bin/smpb-$p"
done
help smpbench sh scripts/smpbench
# shellcheck disable=SC2086 # the commands, split on purpose
for c in $COMMANDS; do
	help "smpbench-$c" sh scripts/smpbench $c
done
# (One awk over every -h kept, naming each that is too wide.)
wide=$(cd "$TMPDIR_T" && awk 'length($0) > 80 && !(FILENAME in w) {
		w[FILENAME] = 1; n = FILENAME; sub(/^help-/, "", n); printf " %s", n }' help-*)
all_usage=$(usage_of smpbench)
# shellcheck disable=SC2086 # the commands, split on purpose
for c in $COMMANDS; do
	u=$(usage_of "smpbench-$c")
	case " $all_usage " in
	*" $u smpbench "*) t_result 0 "smpbench $c -h: its usage, as smpbench -h has it" ;;
	*) t_result 1 "smpbench $c -h: its usage, as smpbench -h has it"
	   printf '#   got: %s\n' "$u" ;;
	esac
	is "$(printf '%s\n' "$u" | grep -o 'smpbench [a-z-]*' | sort -u)" \
	    "smpbench $c" "smpbench $c -h: no other command's usage"
done
is "$wide" "" "every -h is within 80 columns"

if need_cmd mandoc; then
	# One mandoc over every page; each message names its page, and each
	# page's check is held to its own messages.
	pages=$(printf '%s\n' scripts/*.[17] src/*.[157])
	# shellcheck disable=SC2086 # the page list, split on purpose
	mandoc -Tlint -W warning $pages >"$TMPDIR_T/lint" 2>&1
	for page in $pages; do
		is "$(grep -F "$page:" "$TMPDIR_T/lint")" "" "$page lints clean"
	done
	# shellcheck disable=SC2086 # the page list, split on purpose
	is "$(printf ': %s:\n' $pages |
	    grep -v -F -f - "$TMPDIR_T/lint")" "" \
	    "mandoc -Tlint: no message but of a page named"
	is "$(synopsis scripts/smpbench.1)" "$(usage_of smpbench)" \
	    "scripts/smpbench.1: SYNOPSIS is smpbench -h"
	# shellcheck disable=SC2086 # the commands, split on purpose
	for c in $COMMANDS; do
		is "$(synopsis "scripts/smpbench-$c.1")" \
		    "$(usage_of "smpbench-$c")" \
		    "scripts/smpbench-$c.1: SYNOPSIS is smpbench $c -h"
	done
	for page in src/*.1; do
		name=${page##*/}
		name=${name%.1}
		if [ -x "bin/smpb-$name" ]; then
			[ -f "$TMPDIR_T/help-smpb-$name" ] ||
			    help "smpb-$name" "bin/smpb-$name"
			is "$(synopsis "$page")" "$(usage_of "smpb-$name")" \
			    "$page: SYNOPSIS is smpb-$name -h"
		else
			t_result 1 "bin/smpb-$name is built (make)"
		fi
	done
else
	t_skip "mandoc is not installed"
fi

if need_cmd shellcheck; then
	sh_lint_wait
	is "$(sh_lint_findings)" "" "shellcheck -s sh: $(printf '%s\n' \
	    "$sc_files" | wc -l | tr -d ' ') files clean"
else
	t_skip "shellcheck is not installed"
fi

done_testing
