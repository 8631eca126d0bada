# topology.awk: the machine's topology and the named placements.
#
# Input: none on stdin; the program reads sysfs itself, under
# ENVIRON["SMPB_SYS"] (the sys/devices/system directory, or a fake one):
# for every online CPU, cpu/cpuN/topology/ (physical_package_id, die_id,
# core_id, core_cpus_list or thread_siblings_list) and cpu/cpuN/cache/
# index*/ (level, type, shared_cpu_list, size); and node/nodeK/cpulist for
# the nodes named in -v nodes.
# -v variables: online, the online CPUs, allowed, the CPUs this process
# may use, and isolated, the CPUs the kernel keeps the scheduler's
# balancing off (isolcpus, nohz_full), as cpulists ("0-3,8"); nodes, the
# numbers of the node directories, blank-separated.
# Output: env lines (see results/README), in this order:
#	topology=2 packages, 16 cores, 2 threads per core, 4 L3 caches of
#	    16 MiB, 2 NUMA nodes		(one line: the summary)
#	topo_packages= topo_dies= topo_cores= topo_threads_per_core=
#	topo_llc_level= topo_llcs= topo_llc_kib= topo_l2_kib= topo_nodes=
#	topo_llc_cpus= topo_node_cpus=	(each group a cpulist, blank-separated)
#	place_one=0 place_smt=0,16 place_llc=0,1 place_xllc=0,4 place_node=0,8
#	place_spread=0,1			(only where the caches are unknown)
#	place_cores=0-15	(the first usable CPU of each core, for smpb-bind)
#	topo_usable_cpus=0-31	(allowed and online, less the isolated: the
#				CPUs an unpinned worker or hog may be
#				balanced to; all the allowed, online ones
#				where every one is isolated)
#	topo_confined_cpus=none	(the CPUs every measurement is confined
#				to, its program's -C: the usable ones where
#				some allowed, online CPU is isolated; none
#				where no such CPU is)
#	topo_placements=free one smt llc xllc node
#	topo_placements_quick=free one llc node
#	topo_note=...				(only when something is unknown)
# What sysfs does not give is "unknown"; a placement that does not exist
# here has no place_ line.
#
# The placements, nearest first, each two usable CPUs (one: one):
#	one	both on the first CPU
#	smt	two hardware threads of one core
#	llc	two cores sharing a last-level cache
#	spread	two cores, when the caches are unknown (it stands for llc
#		and xllc: which of the two it is cannot be told)
#	xllc	two cores in different last-level caches of one node
#	node	two NUMA nodes
# Each pair is the first in CPU order: the lowest CPU that has a partner,
# and its lowest partner. The quick profile keeps one, the nearest
# placement on two cores and the farthest placement; free (unpinned) is
# always listed first.

BEGIN {
	SYS = ENVIRON["SMPB_SYS"]
	NON = expand(canon(online), ON)
	for (i = 1; i <= NON; i++)
		ISON[ON[i]] = 1
	read_cpus()
	read_nodes()
	summary()
	choose()
}

# value(path): the first line of a file, "" when it cannot be read.
function value(path,    line, r) {
	r = (getline line < path)
	close(path)
	return r > 0 ? line : ""
}

# expand(list, a): a cpulist like "0-3,8" into a[1..n] in order; return n.
function expand(list, a,    n, m, i, part, r, c) {
	n = 0
	m = split(list, part, ",")
	for (i = 1; i <= m; i++) {
		if (split(part[i], r, "-") == 1)
			r[2] = r[1]
		# No kernel has CPU 8192 (NR_CPUS): a list naming one is not
		# a kernel's, and 0-99999999 would take minutes.
		if (r[1] !~ /^[0-9]+$/ || r[2] !~ /^[0-9]+$/ || r[2] + 0 >= 8192)
			continue
		for (c = r[1] + 0; c <= r[2] + 0; c++)
			a[++n] = c
	}
	return n
}

# canon(list): the cpulist in one spelling, ascending with ranges, so two
# spellings of one set compare equal ("" when it holds no CPU).
function canon(list,    a, n, i, j, t) {
	n = expand(list, a)
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--)
			a[j + 1] = a[j]
		a[j + 1] = t
	}
	return ranges(a, n)
}

# ranges(a, n): ascending a[1..n] as a cpulist, "0-3,16-19".
function ranges(a, n,    s, i, j) {
	s = ""
	for (i = 1; i <= n; i = j + 1) {
		for (j = i; j < n && a[j + 1] <= a[j] + 1; j++)
			;
		s = s (s == "" ? "" : ",") a[i] (a[j] > a[i] ? "-" a[j] : "")
	}
	return s
}

# kib(size): a cache size as sysfs writes it ("32768K") in KiB.
function kib(size) {
	if (size ~ /^[0-9]+K$/)
		return size + 0
	if (size ~ /^[0-9]+M$/)
		return size * 1024
	if (size ~ /^[0-9]+$/)
		return int(size / 1024)
	return ""
}

# read_cpus(): PKG, DIE, CORE (the core's CPUs), LLC (the last-level
# cache's CPUs), LLCKIB, LLCLEVEL of every online CPU; KNOWN[what] is 1
# when every online CPU told it.
function read_cpus(    i, c, d, s, k, lv, best, ty) {
	KNOWN["pkg"] = KNOWN["core"] = KNOWN["llc"] = 1
	for (i = 1; i <= NON; i++) {
		c = ON[i]
		d = SYS "/cpu/cpu" c
		PKG[c] = value(d "/topology/physical_package_id")
		DIE[c] = value(d "/topology/die_id")
		s = value(d "/topology/core_cpus_list")
		if (s == "")
			s = value(d "/topology/thread_siblings_list")
		if (s == "" && (s = value(d "/topology/core_id")) != "")
			s = PKG[c] ":" DIE[c] ":" s
		else
			s = canon(s)
		CORE[c] = s
		best = 0
		# The kernel numbers the caches of a CPU index0, index1, ...
		for (k = 0; (lv = value(d "/cache/index" k "/level")) != ""; k++) {
			ty = value(d "/cache/index" k "/type")
			if (lv == 2 && (ty == "Unified" || ty == "Data"))
				L2KIB[c] = kib(value(d "/cache/index" k "/size"))
			if (lv !~ /^[0-9]+$/ || lv + 0 <= best ||
			    (ty != "Unified" && ty != "Data"))
				continue
			s = canon(value(d "/cache/index" k "/shared_cpu_list"))
			if (s == "")
				continue
			best = lv + 0
			LLC[c] = s
			LLCKIB[c] = kib(value(d "/cache/index" k "/size"))
		}
		LLCLEVEL[c] = best
		if (PKG[c] == "")
			KNOWN["pkg"] = 0
		if (CORE[c] == "")
			KNOWN["core"] = 0
		if (best == 0)
			KNOWN["llc"] = 0
	}
}

# read_nodes(): NODE of every online CPU, from node/nodeK/cpulist.
function read_nodes(    n, k, i, m, a, c) {
	n = split(nodes, k, " ")
	for (i = 1; i <= n; i++) {
		m = expand(value(SYS "/node/node" k[i] "/cpulist"), a)
		for (c = 1; c <= m; c++)
			if (a[c] in ISON)
				NODE[a[c]] = k[i]
	}
	KNOWN["node"] = n > 0
	for (i = 1; i <= NON; i++)
		if (!(ON[i] in NODE))
			KNOWN["node"] = 0
}

# count(what, arr): distinct values of arr over the online CPUs, or
# "unknown"; GROUPS gets them as cpulists, blank-separated.
function count(what, arr,    i, c, n, seen, v, g, a, m, j, s) {
	GROUPS = ""
	if (!KNOWN[what])
		return "unknown"
	n = 0
	for (i = 1; i <= NON; i++) {
		c = ON[i]
		v = arr[c]
		if (!(v in seen)) {
			seen[v] = ++n
			g[n] = ""
		}
		g[seen[v]] = g[seen[v]] (g[seen[v]] == "" ? "" : ",") c
	}
	for (j = 1; j <= n; j++) {
		m = expand(g[j], a)
		s = s (j > 1 ? " " : "") ranges(a, m)
	}
	GROUPS = s
	return n
}

# plural(n, word): "1 core", "2 cores", "cores unknown".
function plural(n, word) {
	if (n == "unknown")
		return word "s unknown"
	return n " " word (n == 1 ? "" : "s")
}

# size_text(k): KiB as "16 MiB" or "512 KiB".
function size_text(k) {
	if (k >= 1024 && k % 1024 == 0)
		return (k / 1024) " MiB"
	return k " KiB"
}

# summary(): the topology= line and the topo_ lines.
function summary(    i, dies, cores, tpc, llcs, llc_groups, size, level,
    nodes_n, s) {
	# Dies: a die_id is counted within its package.
	for (i = 1; i <= NON; i++)
		DIEKEY[ON[i]] = PKG[ON[i]] ":" DIE[ON[i]]
	PACKAGES = count("pkg", PKG)
	dies = KNOWN["pkg"] ? count("pkg", DIEKEY) : "unknown"
	cores = count("core", CORE)
	tpc = threads_per_core()
	llcs = count("llc", LLC)
	llc_groups = GROUPS
	level = llc_level()
	size = llc_size()
	nodes_n = count("node", NODE)
	s = plural(PACKAGES, "package") ", " plural(cores, "core") ", "
	s = s (tpc == "unknown" ? "threads per core unknown" : \
	    tpc " thread" (tpc == 1 ? "" : "s") " per core") ", "
	s = s llc_text(llcs, level, size) ", "
	s = s (nodes_n == "unknown" ? "NUMA nodes unknown" : \
	    plural(nodes_n, "NUMA node"))
	print "topology=" s
	print "topo_packages=" PACKAGES
	print "topo_dies=" dies
	print "topo_cores=" cores
	print "topo_threads_per_core=" tpc
	print "topo_llc_level=" level
	print "topo_llcs=" llcs
	print "topo_llc_kib=" size
	print "topo_l2_kib=" (L2KIB[ON[1]] == "" ? "unknown" : L2KIB[ON[1]])
	print "topo_nodes=" nodes_n
	print "topo_llc_cpus=" (llcs == "unknown" ? "unknown" : llc_groups)
	count("node", NODE)
	print "topo_node_cpus=" (nodes_n == "unknown" ? "unknown" : GROUPS)
}

# threads_per_core(): the most online CPUs of one core, or "unknown".
function threads_per_core(    i, n, key, tpc) {
	if (!KNOWN["core"])
		return "unknown"
	tpc = 0
	for (i = 1; i <= NON; i++) {
		key = CORE[ON[i]]
		if (++n[key] > tpc)
			tpc = n[key]
	}
	return tpc
}

# llc_level(): the level of the online CPUs' last-level caches, "mixed"
# when they differ, or "unknown".
function llc_level(    i, level) {
	if (!KNOWN["llc"])
		return "unknown"
	level = LLCLEVEL[ON[1]]
	for (i = 2; i <= NON; i++)
		if (LLCLEVEL[ON[i]] != level)
			level = "mixed"
	return level
}

# llc_size(): the size in KiB of the online CPUs' last-level caches, as
# "MIN-MAX" when they differ, or "unknown".
function llc_size(    i, c, kmin, kmax, size) {
	if (!KNOWN["llc"])
		return "unknown"
	kmin = kmax = LLCKIB[ON[1]]
	for (i = 2; i <= NON; i++) {
		c = ON[i]
		if (LLCKIB[c] < kmin) kmin = LLCKIB[c]
		if (LLCKIB[c] > kmax) kmax = LLCKIB[c]
	}
	size = kmin == kmax ? kmin : kmin "-" kmax
	if (kmin == "")
		size = "unknown"
	return size
}

# llc_text(llcs, level, size): the last-level caches, as the topology=
# line says them: "4 L3 caches of 16 MiB", "last-level caches unknown".
function llc_text(llcs, level, size,    t) {
	if (llcs == "unknown")
		return "last-level caches unknown"
	t = llcs " " (level ~ /^[0-9]+$/ ? "L" level " " : \
	    "last-level ") "cache" (llcs == 1 ? "" : "s")
	if (size ~ /^[0-9]+$/)
		t = t " of " size_text(size)
	else if (size != "unknown")
		t = t " of " size " KiB"
	return t
}

# fits(kind, a, b): whether CPUs a and b make the placement kind.
function fits(kind, a, b) {
	if (kind == "smt")
		return CORE[a] == CORE[b]
	if (kind == "llc")
		return LLC[a] == LLC[b] && CORE[a] != CORE[b]
	if (kind == "xllc")
		return LLC[a] != LLC[b] && HOME[a] == HOME[b]
	if (kind == "node")
		return NODE[a] != NODE[b]
	if (kind == "spread")
		return !KNOWN["core"] || CORE[a] != CORE[b]
	return 0
}

# pair(kind): the first pair of usable CPUs that fits kind, "a,b", or "".
function pair(kind,    i, j) {
	for (i = 1; i <= NUSE; i++)
		for (j = i + 1; j <= NUSE; j++)
			if (fits(kind, USE[i], USE[j]))
				return USE[i] "," USE[j]
	return ""
}

# choose(): the place_ lines, the lists of placements, the note.
function choose(    i, list, quick, note, confined) {
	confined = usable_cpus()
	# xllc stays within a node; without nodes, within a package.
	for (i = 1; i <= NUSE; i++)
		HOME[USE[i]] = KNOWN["node"] ? NODE[USE[i]] : PKG[USE[i]]
	list = place_lines()
	if (KNOWN["core"] && NUSE >= 1)
		print "place_cores=" firsts()
	print "topo_usable_cpus=" ranges(USE, NUSE)
	print "topo_confined_cpus=" (confined ? ranges(USE, NUSE) : "none")
	quick = "free" (NUSE >= 1 ? " one" : "") (NEAR != "" ? " " NEAR : "")
	if (FAR != "" && FAR != NEAR)
		quick = quick " " FAR
	print "topo_placements=" list
	print "topo_placements_quick=" quick
	note = ""
	if (!KNOWN["llc"] && NUSE >= 2)
		note = "last-level caches unknown: no llc or xllc placement" \
		    (index(list, "spread") ? ", spread (two cores) instead" : "")
	if (!KNOWN["core"] && NUSE >= 2)
		note = (note == "" ? "" : note "; ") \
		    "cores unknown: no smt placement, spread may be two threads" \
		    " of one core"
	if (note != "")
		print "topo_note=" note
}

# usable_cpus(): USE[1..NUSE], the usable CPUs: allowed and online, less
# the isolated, ascending; where the process may run on isolated CPUs
# only, those. Return 1 when the run is to be confined to them (-C): it
# may use isolated CPUs beside them.
function usable_cpus(    n, a, i, confined) {
	expand(canon(isolated), iso)
	for (i in iso)
		ISO[iso[i]] = 1
	n = expand(canon(allowed), a)
	NUSE = 0
	confined = 0
	for (i = 1; i <= n; i++)
		if (a[i] in ISON && !(a[i] in ISO))
			USE[++NUSE] = a[i]
		else if (a[i] in ISON)
			confined = 1
	# Where the run may use an isolated CPU beside usable ones, every
	# measurement is confined to the usable ones: a worker forked onto
	# an isolated CPU, or woken there, would stay, as nothing balances
	# work off it. Where it may use isolated CPUs only, it runs on them.
	if (NUSE == 0) {
		confined = 0
		for (i = 1; i <= n; i++)
			if (a[i] in ISON)
				USE[++NUSE] = a[i]
	}
	return confined
}

# place_lines(): print the place_ lines of the placements that exist here,
# nearest first; return their list, free first; NEAR, the nearest on
# two cores, and FAR, the farthest ("" where there is none).
function place_lines(    list, kinds, nk, k, p) {
	list = "free"
	if (NUSE >= 1) {
		print "place_one=" USE[1]
		list = list " one"
	}
	NEAR = FAR = ""
	nk = split("smt llc spread xllc node", kinds, " ")
	for (k = 1; k <= nk; k++) {
		if (!usable(kinds[k]))
			continue
		p = pair(kinds[k])
		if (p == "")
			continue
		print "place_" kinds[k] "=" p
		list = list " " kinds[k]
		FAR = kinds[k]
		if (NEAR == "" && kinds[k] != "smt")
			NEAR = kinds[k]
	}
	return list
}

# firsts(): the first usable CPU of each core, as a cpulist.
function firsts(    i, seen, a, n) {
	n = 0
	for (i = 1; i <= NUSE; i++)
		if (!(CORE[USE[i]] in seen)) {
			seen[CORE[USE[i]]] = 1
			a[++n] = USE[i]
		}
	return ranges(a, n)
}

# usable(kind): whether the topology tells enough to choose kind.
function usable(kind) {
	if (kind == "smt")
		return KNOWN["core"]
	if (kind == "llc")
		return KNOWN["llc"] && KNOWN["core"]
	if (kind == "spread")
		return !(KNOWN["llc"] && KNOWN["core"])
	if (kind == "xllc")
		return KNOWN["llc"] && (KNOWN["node"] || KNOWN["pkg"])
	if (kind == "node")
		return KNOWN["node"]
	return 0
}
