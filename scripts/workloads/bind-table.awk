# bind-table.awk: the table of smpb-bind runs, in seed 004's blocks.
#
# Input: raw/bind of a saved run (see lib.awk for its lines).
# Output: the heading line, then one block per configuration, headed as
# in the seed,
#	<label>; system idle
#	<label>; system running a CPU hog in background
#	<label>; system idle; binding enabled
#	<label>; system running a CPU hog in background; binding enabled
#	<label>; system idle; binding enabled; single process
# and, on machines of more than two cores, one worker bound to each core
# (the cores placement) with hogs on the other CPUs,
#	<label>; system running 16 CPU hogs in background; binding
#	  enabled; 16 processes, one per core (-c 0-15)
# (with "; N KiB array" when the run swept the array size), with one
# line per run giving each worker's user seconds (and, beside
# them, the CPU migrations of each worker: the kernel's count, or in runs
# before sched_stats=kernel the changes it was seen to make; when the
# workers are too many for one line, the two wrapped one after the
# other), and a last line with each worker's median; then the footnotes.
# Environment: SMPB_ENV, the run's env file. No -v variables.
# Needs the awk library (see lib.awk) and workloads/bind.awk loaded first.

BEGIN {
	load_env(ENVIRON["SMPB_ENV"])
}

{
	if (!raw($0, FILENAME, FNR))
		next
	note_rep()
	if (!bind_params(ENV["cache_l2_kib"]))
		next
	w = BW
	b = BB
	h = BH
	kib = BKIB
	# Blocks in the seed's order: idle, hog, bound idle, bound hog, single;
	# then one worker per core; the seed's array (L2) first, then the
	# other sizes of the sweep, smallest first.
	order = (w == 1) * 4 + b * 2 + (h > 0)
	if (F["place"] == "cores") {
		order = 8 + (h > 0)
		CORES_CPUS = F["cpulist"]
	}
	order += (kib == "L2" ? 0 : kib) * 16
	if (!(kib in KIBS)) {
		KIBS[kib] = 1
		NKIBS++
	}
	cfg = order SUBSEP w SUBSEP b SUBSEP h SUBSEP kib
	if (!(cfg in NLINES)) {
		keyadd("cfgs", order)
		CFG[order] = cfg
	}
	k = ++NLINES[cfg]
	if ("exit" in F) {
		fail(cfg, F["exit"])
		LINE[cfg, k] = F["exit"] == 4 ? "n/a (not supported here)" : \
		    "failed (exit " F["exit"] ")"
		next
	}
	u = m = ""
	for (i = 0; ("user_s_" i) in F; i++) {
		if (take(cfg SUBSEP i, "user_s_" i))
			u = u (i ? " " : "") secs(F["user_s_" i])
		else
			u = u (i ? " " : "") "?"
		if (("migrations_" i) in F) {
			v = num("migrations_" i)
			if (NUM_BAD)
				bad("migrations_" i)
			m = m (i ? " " : "") (v == "" ? "?" : v)
		}
		if (i + 1 > NW[cfg])
			NW[cfg] = i + 1
	}
	if (m != "") {
		if (length(u) > 24)
			u = u SUBSEP "migrations: " m
		else
			u = sprintf("%-24s migrations: %s", u, m)
		MIGR = F["sched_stats"] == "kernel" ? 2 : 1
	}
	LINE[cfg, k] = u
	if (OPTS == "") {
		OPTS = argrest(" -n -B -H ")
		OPTS_SIZES = argrest(" -n -B -H -s ")
	}
	if (!("hogs" in HOGS) && h > 0)
		HOGS["hogs"] = h
}

# bind_title(cfg): the seed's heading of a block.
function bind_title(cfg,    a, s, w) {
	split(cfg, a, SUBSEP)
	s = "; system "
	if (a[4] > 0)
		s = s "running " (a[4] == 1 ? "a CPU hog" : a[4] " CPU hogs") \
		    " in background"
	else
		s = s "idle"
	if (a[3])
		s = s "; binding enabled"
	if (a[2] == 1)
		s = s "; single process"
	if (a[1] % 16 >= 8)
		s = s "; " a[2] " processes, one per core" \
		    (CORES_CPUS != "" ? " (-c " CORES_CPUS ")" : "")
	if (NKIBS > 1)
		s = s "; " (a[5] == "L2" ? "L2 size" : a[5] " KiB") " array"
	w = who()
	if (length(w) > 40)
		w = substr(w, 1, 39) "~"
	return w s
}

# bind_lines(s): print a run's line, or its lines (SUBSEP between the user
# seconds and the migrations), each wrapped to 72 columns if need be.
function bind_lines(s,    n, a, i) {
	n = split(s, a, SUBSEP)
	for (i = 1; i <= n; i++)
		bind_fold(a[i])
}

# bind_fold(s): s as it is when it fits in 72 columns, else wrapped.
function bind_fold(s) {
	if (length(s) <= 72)
		out(s)
	else
		wrap(s)
}

END {
	print heading("bind")
	no = keysort("cfgs", ord)
	for (o = 1; o <= no; o++) {
		cfg = CFG[ord[o]]
		bind_fold(bind_title(cfg))
		for (k = 1; k <= NLINES[cfg]; k++)
			bind_lines(LINE[cfg, k])
		if (NLINES[cfg] < 2 || NW[cfg] == 0)
			continue
		s = "median:"
		for (i = 0; i < NW[cfg]; i++)
			s = s " " cellm(cfg SUBSEP i, "")
		bind_fold(s)
	}
	footnotes("smpb-bind", NKIBS > 1 ? OPTS_SIZES : OPTS)
	if (ENV["profile"] != "historical") {
		s = "User seconds of each worker, one line per run"
		if (MIGR == 2)
			s = s "; migrations: moves to another CPU, the kernel's count"
		else if (MIGR)
			s = s "; migrations: CPU changes each worker was seen to make"
		wrap(s ".")
	}
	exit finish(0)
}
