# whole.awk: whether each saved run read is whole, once for every run a
# command reads, before anything else reads them (lib/checks.sh's
# whole_runs): the one place that tells a cut run from a whole one.
#
# Input: on stdin, what smpb-snap counted in each copy ("BYTES NULS
# CONTROLS LINES LONGEST AT CUT COPY", a line each, src/snap.1); the
# runs' snapshots (lib/runs.sh) from the file the environment names,
# SMPB_RUNS (one per line), each run's env and complete marker read
# here; -v workloads, the suite's workloads.
# Output, on stdout, one line a run that is not whole though marked
# complete: "SNAPSHOT<tab>WHY", its snapshot as named in SMPB_RUNS and
# why, naming the file and line; the driver then marks that snapshot
# incomplete, so that every command says so. On stderr (warn()), a
# note for each line cut, whatever the run's marker. A run is not whole
# when
#   - a file of it ends in a line without its newline (CUT > 0: cut in
#     the middle of a line; smpb-snap left that line out of the copy);
#   - its env names in workloads= a workload it holds no raw/ file of;
#   - its raw/ files hold fewer lines than its complete marker's
#     measurements= (a file truncated between two lines: each
#     measurement is a line).
# A key said twice in an env (which one is the run's?) refuses the run:
# the line "refuse<tab>MESSAGE", nothing after it, exit 0.
# Needs the awk library (see lib.awk) loaded first.

BEGIN {
	nw = split(workloads, W, " ")
	for (i = 1; i <= nw; i++)
		IS_W[W[i]] = 1
	read_stats()
	runs = ENVIRON["SMPB_RUNS"]
	while ((getline d < runs) > 0) {
		if (d == "")
			continue
		if (!env_once(d))
			exit 0
		WHY = ""
		cuts(d)
		if (!(d in COMPLETE))
			continue
		missing(d)
		counted(d)
		if (WHY != "")
			print d "\t" WHY
	}
	close(runs)
	exit 0
}

# read_stats(): of each copy (stdin's lines), its lines (LINES_OF) and the bytes of
# a last line cut (CUT_OF); the raw lines of each run summed (RAW_LINES),
# the workloads it holds (HAS), and the runs with a complete marker.
function read_stats(    line, a, n, i, p, d, f) {
	while ((getline line) > 0) {
		n = split(line, a, " ")
		if (n < 8)
			continue
		p = line
		for (i = 1; i <= 7; i++)
			sub(/^[^ ]* /, "", p)
		d = p
		sub(/\/[^\/]*$/, "", d)
		f = substr(p, length(d) + 2)
		if (d ~ /\/raw$/) {
			d = substr(d, 1, length(d) - 4)
			f = "raw/" f
			RAW_LINES[d] += a[4]
			HAS[d, f] = 1
		}
		if (f == "complete")
			COMPLETE[d] = 1
		if (a[7] > 0)
			CUT[d, ++NCUT[d]] = f SUBSEP (a[4] + 1)
	}
}

# env_once(d): true when no key of d/env is said twice; else print the
# refusal, and false.
function env_once(d,    path, line, n, eq, k, first) {
	path = d "/env"
	split("", first)
	WL_LINE = 0
	WL = ""
	while ((getline line < path) > 0) {
		n++
		eq = index(line, "=")
		if (eq < 2)
			continue
		k = substr(line, 1, eq - 1)
		if (k in first) {
			print "refuse\t" path ":" n ": " excerpt(k "=") \
			    " said a second time (first at line " first[k] \
			    "): refused"
			close(path)
			return 0
		}
		first[k] = n
		if (k == "workloads") {
			WL_LINE = n
			WL = substr(line, eq + 1)
		}
	}
	close(path)
	return 1
}

# cuts(d): a note for each file of d cut in the middle of a line; the
# first, why d is not whole.
function cuts(d,    i, f, at) {
	for (i = 1; i <= NCUT[d]; i++) {
		split(CUT[d, i], f, SUBSEP)
		at = f[1] ":" f[2]
		warn("note: " d "/" at ": a line without its end (the file is cut): left out")
		if (WHY == "")
			WHY = "marked complete, but " at " is cut (a line without its end)"
	}
}

# missing(d): why d is not whole when its env's workloads= names a
# workload of the suite that it holds no raw/ file of.
function missing(d,    n, a, i) {
	n = split(WL, a, " ")
	for (i = 1; i <= n && WHY == ""; i++)
		if ((a[i] in IS_W) && !((d, "raw/" a[i]) in HAS))
			WHY = "marked complete, but env:" WL_LINE " names " \
			    a[i] " in workloads= and raw/" a[i] " is missing"
}

# counted(d): why d is not whole when its raw/ files hold fewer lines
# than the measurements its complete marker counts.
function counted(d,    path, line, n, m) {
	path = d "/complete"
	while ((getline line < path) > 0) {
		n++
		if (line ~ /^measurements=[0-9]+$/ && WHY == "") {
			m = substr(line, 14) + 0
			if (RAW_LINES[d] + 0 < m)
				WHY = "complete:" n ": measurements=" m ", but raw/ holds " \
				    RAW_LINES[d] + 0 " (a file is cut short)"
		}
	}
	close(path)
}
