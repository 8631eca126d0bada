# lib.awk: reading a saved run, for every awk program of smpbench.
#
# The awk library is loaded first, in this order, then a workload's
# hooks (below) where the program is about one workload, then the
# program:
#	awk -f awk/lib.awk -f awk/cells.awk -f awk/text.awk \
#	    -f awk/why-lib.awk -f awk/workload.awk -f workloads/ring.awk \
#	    -f awk/compare.awk
# lib.awk reads a run (this file), cells.awk keeps a cell's repeats and
# gives its median, mark and clusters (smpb-stat's), text.awk lays out
# what tables share (heading, footnotes, placements), why-lib.awk is
# what the why tables share (common.sh's awk_run and awk_workload load
# them). They have no rules,
# no -v variables and print nothing by themselves; lib.awk has a BEGIN
# that sets CONVFMT. What a comparison decides is smpb-stat's
# (awk/stat.awk hands it the table).
#
# Input it understands:
#   - a raw line of a saved run: key=value pairs separated by single spaces,
#     the driver's own keys first (place=free, one, smt, llc, spread, xllc,
#     node or cores, see topology.awk; rep=K; argv=the program's options
#     joined by commas; cpulist=L when pinned), then either the program's
#     -p line or exit=N when the measurement failed;
#   - an env file: key=value lines, the value running to the end of the line.
# Output: nothing by itself; the callers print through out() (text.awk).
#
# Arrays it fills: F (the fields of the last parse()), ENV (load_env()).
#
# Saved runs are data from elsewhere: every value is checked before it is
# used (num(), raw()), and what is wrong is reported on stderr with its
# file and line (complain()), left out, and its cell marked "!".
#
# Workloads. What the shared programs (compare.awk, plot.awk, why.awk)
# need to know of a workload, they ask of its hooks: workloads/<w>.awk,
# loaded after the library and before the program, defines the same
# functions for every workload, and the shared programs never test a
# workload's name. Every awk file of the driver shares one namespace:
# a workload's files define its hooks, and helpers named <w>_... only,
# none of them a name of a shared file (make check: t801). A hook reads the line parse() made (F) and calls the
# library only (lib.awk, cells.awk, text.awk, why-lib.awk, workload.awk,
# which gives span_s(), plot_x() and plot_y() from the facts, and
# count_row() and count_why_line() to a workload whose rows are a
# count of workers):
#   facts(D)        fills D with the workload's words and constants:
#                   what (its figure and unit, "switches / second"),
#                   figure (its short name in compare -p, a -p key
#                   where there is one: "switches_per_s"),
#                   aside (said after which way is better, or ""),
#                   higher (1 when a higher figure is better, else 0),
#                   host_moves ("either" where a slower CPU can move
#                   the figure either way; else "", and a slower CPU
#                   makes it worse: compare-host.awk),
#                   fmt (the figure's printf format; "" is secs()),
#                   head (compare's heading of the rows),
#                   fast (what the better cluster of a bimodal cell is
#                   called), skip (the options that make the rows,
#                   " -n -c ", left out when runs' options are compared),
#                   note (compare's footnote on the figure, or ""),
#                   fold_place and fold_why (a placement whose rows
#                   cannot differ by construction, the pipe's pair on
#                   one CPU, and why: compare folds them into one line;
#                   "" for none),
#                   per_count and per_count_what (where the figure is
#                   for a count, the herd's 5000000 iterations: that
#                   count, and the figure's words for another,
#                   "seconds for %d iterations"; the figure() hook then
#                   sets COUNT, the count its line measured),
#                   wait_per and wait_unit (what the run-queue delay is
#                   counted per, and its unit, us or ms),
#                   plot_xlabel (its plots' x axis: their shape,
#                   curve or map, is workloads/<w>.sh's plots_<w>); a
#                   heat map's plot_ylabel, plot_xunit and plot_yunit
#                   (after each tic),
#                   plot_columns (its data's columns), plot_palette and
#                   plot_range (gnuplot's colours and their range);
#                   span, plot_x, plot_y and count, the keys
#                   awk/workload.awk makes span_s(), plot_x(), plot_y()
#                   and count_row() of, for every workload alike
#   figure()        the figure compare and plot show, or "" (reported)
#   why_wait()      the run-queue delay per wait_per, in wait_unit, or
#                   "" (NUM_BAD set when a value was there but not a
#                   figure; an absent key is silent)
#   row_key(pn, l2) compare's row: a number that orders the rows of one
#                   placement, ROW_NAME set to its heading (pn: " " and
#                   the placement, "" unpinned; l2: the run's L2 KiB);
#                   "" when its parameters are not numbers (reported)
#   why_line()      take the line into the why table (why-lib.awk)
#   why_table()     print the why table, under the heading why.awk
#                   prints: a title line, the header, the rows, a
#                   footnote line per column (why.awk then says what ran
#                   and how many repeats the medians are of)
# The workload's table (workloads/<w>-table.awk) is its own program,
# loaded with its hooks.

# Numbers kept as text (a cell's repeats, add()) keep ten significant
# digits, not awk's six. What parse() takes of a line: PARSE_CHUNK bytes
# of it split into words at a time; at most PARSE_KEYS keys (smpb-bind's
# line of 1024 workers, the most a run makes, holds about 4200), an
# argv (the options a program ran with, a few dozen bytes) of at most
# PARSE_ARGV bytes. The driver refuses a line over 1 MiB
# (lib/checks.sh). compare keeps the runs' raw lines for its tables
# (compare-runs.awk's raw_next()) where each is at most RAW_KEEP bytes,
# RAW_BUDGET in all, every workload's together.
BEGIN {
	CONVFMT = "%.10g"
	PARSE_CHUNK = 16384
	PARSE_KEYS = 10000
	PARSE_ARGV = 65536
	RAW_KEEP = PARSE_CHUNK
	RAW_BUDGET = 4194304
}

# parse(line): split a raw line into F[key] = value, its keys in order
# in FKEY[1..NFKEY]; true when it is one. A line that is none for its
# keys (a key twice, more than PARSE_KEYS) or its argv (PARSE_ARGV) says
# why in PARSE_WHY, else "" (a line with no place=, say).
# Memory is in proportion to the keys kept, not to the words: the line
# is split PARSE_CHUNK bytes at a time, cut between words (a word longer
# than that taken whole), and a word that is no pair is passed over, and
# a chunk with no "=" all at once.
# Time is in proportion to its bytes, in any awk (no gsub() over the
# line: busybox's awk took seconds for one of 1 MiB).
function parse(line,    len, pos, c, m, n, i, a, eq, k) {
	split("", F)
	NFKEY = 0
	PARSE_WHY = ""
	len = length(line)
	for (pos = 1; pos <= len; pos += m) {
		c = substr(line, pos, PARSE_CHUNK)
		m = length(c)
		n = split(c, a, " ")
		if (n > 0 && pos + m <= len && !split_blank(substr(c, m, 1)) &&
		    !split_blank(substr(line, pos + m, 1))) {
			# The chunk ends within a word: the word is the next
			# chunk's; where it is the whole chunk, it is taken
			# whole, to its end.
			m -= length(a[n])
			if (m > 0) {
				n--
			} else {
				c = substr(line, pos)
				m = match(c, /[ \t\n]/) ? RSTART - 1 : length(c)
				a[1] = substr(c, 1, m)
				n = 1
			}
		}
		# A chunk with no "=" has no pair to look for.
		if (!index(c, "="))
			n = 0
		for (i = 1; i <= n; i++) {
			eq = index(a[i], "=")
			if (eq < 2)
				continue
			# A key said twice: which value is the line's? None:
			# the line is refused.
			k = substr(a[i], 1, eq - 1)
			if (k in F) {
				PARSE_WHY = excerpt(k "=") " twice"
				return 0
			}
			if (NFKEY == PARSE_KEYS) {
				PARSE_WHY = "more than " PARSE_KEYS " keys"
				return 0
			}
			F[k] = substr(a[i], eq + 1)
			FKEY[++NFKEY] = k
		}
	}
	if (("argv" in F) && length(F["argv"]) > PARSE_ARGV) {
		PARSE_WHY = "argv= of " length(F["argv"]) " bytes"
		return 0
	}
	return ("place" in F)
}

# split_blank(ch): true when ch is one of the blanks split() splits at.
function split_blank(ch) {
	return ch == " " || ch == "\t" || ch == "\n"
}

# raw(line, file, lineno): parse a raw line and check the driver's keys
# (place a lower-case word, rep a number; exit, if there, a number);
# report a line that is none, and return false for it.
function raw(line, file, lineno) {
	WHERE_FILE = file
	WHERE_LINE = lineno
	if (parse(line) && F["place"] ~ /^[a-z]+$/ && F["rep"] ~ /^[0-9]+$/ &&
	    (!("exit" in F) || F["exit"] ~ /^[0-9]+$/))
		return 1
	complain("not a measurement: " (PARSE_WHY != "" ? PARSE_WHY ": " : "") \
	    excerpt(line))
	return 0
}

# excerpt(s): s, printable and at most 40 characters, to quote it.
function excerpt(s,    t) {
	t = printable(substr(s, 1, 41))
	if (length(s) > 40)
		t = substr(t, 1, 37) "..."
	return "'" t "'"
}

# printable(s): s as one line of printable ASCII: the one rule for every
# text of a saved run that awk prints (its directory's name, keys,
# values; common.sh's printable is the same rule in the shell). A
# newline or a tab becomes a blank; a character beyond ASCII (of UTF-8,
# the C1 controls U+0080-U+009F among them, or a byte of another
# encoding) becomes one ?: each byte from 0xC0 up does, and a byte
# 0x80-0xBF (which follows one in UTF-8, or stands alone), a C0
# control and DEL go.
function printable(s) {
	gsub(/[\t\n]/, " ", s)
	gsub(/[\300-\377]/, "?", s)
	gsub(/[\001-\037\177-\277]/, "", s)
	return s
}

# complain(msg): report a problem of the current raw line (WHERE_FILE,
# WHERE_LINE) on stderr; three a file, then a count at the end (finish).
function complain(msg) {
	COMPLAINTS++
	if (++BADLINES[WHERE_FILE] <= 3)
		warn(WHERE_FILE ":" WHERE_LINE ": " msg)
}

# warn(msg): one line on stderr, said once (compare reads a run's lines
# for each of its tables: a bad line is said for the first); none while
# MUTED is set (a program reading what it will read again, and say then).
function warn(msg) {
	if (MUTED || msg in WARNED)
		return
	WARNED[msg] = 1
	print "smpbench: " shown(msg) | "cat 1>&2"
}

# shown(s): s with the path of each run's snapshot (see lib/runs.sh) put
# back as the run was named, printable.
function shown(s,    snap, line, i, k, out) {
	snap = ENVIRON["SMPB_SNAP"]
	if (snap == "" || !index(s, snap "/"))
		return printable(s)
	if (!SNAPS_READ) {
		SNAPS_READ = 1
		while ((getline line < (snap "/names")) > 0)
			if ((i = index(line, "\t")) > 1) {
				SNAP_OF[++NSNAPS] = substr(line, 1, i - 1)
				SNAP_NAME[NSNAPS] = substr(line, i + 1)
			}
		close(snap "/names")
	}
	for (i = 1; i <= NSNAPS; i++)
		for (k = 0; k < 8 && (out = index(s, SNAP_OF[i])); k++)
			s = substr(s, 1, out - 1) SNAP_NAME[i] \
			    substr(s, out + length(SNAP_OF[i]))
	return printable(s)
}

# finish(status): report what complain() left unsaid, flush stderr, and
# give the exit status: status, or 3 when a saved value was bad.
function finish(status,    f) {
	for (f in BADLINES)
		if (BADLINES[f] > 3)
			warn(f ": " BADLINES[f] - 3 " more bad lines")
	close("cat 1>&2")
	if (status == 0 && COMPLAINTS > 0)
		return 3
	return status
}

# num(key): F[key] as a number, when it is one we can use: plain decimal
# digits with at most one point, below 1e15 (so not "-5", "1e400", "nan"
# or "inf"); else "". NUM_BAD says whether the key was there, with a
# bad value, or absent.
function num(key,    v) {
	NUM_BAD = 0
	if (!(key in F))
		return ""
	v = F[key]
	if (v ~ /^[0-9]+(\.[0-9]+)?$/ && length(v) <= 24 && v + 0 < 1e15)
		return v + 0
	NUM_BAD = 1
	return ""
}

# bad(key): report the current line's key as unusable (absent or bad).
function bad(key) {
	if (key in F)
		complain(key "=" excerpt(F[key]) " is not a figure; left out")
	else
		complain("no " key "=; left out")
}

# argval(flag, dflt): the value after flag in F["argv"], else dflt: the
# option after its first occurrence as an option, found without an array.
function argval(flag, dflt,    s, i) {
	s = "," F["argv"] ","
	i = index(s, "," flag ",")
	if (i == 0)
		return dflt
	s = substr(s, i + length(flag) + 2)
	if (s == "")
		return dflt
	return substr(s, 1, index(s, ",") - 1)
}

# argflag(flag): 1 when the boolean flag is in F["argv"], else 0.
function argflag(flag) {
	return index("," F["argv"] ",", "," flag ",") > 0
}

# ident(key, flag, dflt): a cell's parameter: the program's -p key when the
# line has it, else the option in argv (a failed run has no -p keys);
# "" (reported) when it is not a number.
function ident(key, flag, dflt,    v) {
	if (key in F)
		v = F[key]
	else
		v = argval(flag, dflt)
	if (v ~ /^[0-9]+(\.[0-9]+)?$/ && length(v) <= 24)
		return v + 0
	complain(key "=" excerpt(v) " is not a number; line left out")
	return ""
}

# argrest(skip): argv as the command line, without the options in skip
# (a list like " -n -c "), for a table's footnote.
function argrest(skip,    n, i, a, s) {
	n = split(F["argv"], a, ",")
	s = ""
	for (i = 1; i <= n; i++) {
		if (index(skip, " " a[i] " ") > 0) {
			if (i < n && a[i + 1] !~ /^-/)
				i++
			continue
		}
		s = s (s == "" ? "" : " ") a[i]
	}
	return s
}

# need(key): num(key), reported when it is not a figure.
function need(key,    v) {
	v = num(key)
	if (v == "")
		bad(key)
	return v
}

# scaled(v, k): v * k, or "" for "".
function scaled(v, k) {
	return v == "" ? "" : v * k
}

# run_dirs(dir): the runs' directories, from the file SMPB_RUNS names
# (one a line, lib/runs.sh's run_dirs), into dir[1..n]; return n.
function run_dirs(dir,    n, path, line) {
	path = ENVIRON["SMPB_RUNS"]
	n = 0
	while ((getline line < path) > 0)
		if (line != "")
			dir[++n] = line
	close(path)
	return n
}

# marked_complete(d): true when the run d (a snapshot: lib/checks.sh's
# whole_runs marks one that is not whole incomplete) is marked complete.
function marked_complete(d,    r, line) {
	r = (getline line < (d "/complete")) >= 0
	close(d "/complete")
	return r
}

# load_env(path): read an env file into ENV. A saved run may come from
# anywhere: its values are kept printable (printable()), so tables stay
# ASCII and aligned.
function load_env(path,    line, eq) {
	split("", ENV)
	while ((getline line < path) > 0) {
		eq = index(line, "=")
		if (eq > 1)
			ENV[substr(line, 1, eq - 1)] = printable(substr(line, eq + 1))
	}
	close(path)
}

# who(): the name of the run: its label, or else its kernel.
function who() {
	if (ENV["label"] != "")
		return ENV["label"]
	if (ENV["kernel"] != "")
		return ENV["kernel"]
	return "unknown kernel"
}

