# shape.awk: the usable CPUs' shape, as smpbench vm -t takes one: NUMA
# nodes x last-level caches a node x cores a cache x threads a core.
#
# Not a program of its own: run after topology.awk (awk -f topology.awk
# -f shape.awk), whose arrays it reads once that has read sysfs: USE,
# NUSE (the usable CPUs), NODE, LLC, CORE and KNOWN.
# Output: one env line (see results/README):
#	topo_shape=2x2x4x2	(the usable CPUs, 32 here: every node
#				holds as many caches, every cache as many
#				cores, every core as many threads)
#	topo_shape=irregular	(they make no such shape: a cpuset of 3
#				threads of 2 cores)
#	topo_shape=unknown	(sysfs does not tell the nodes, the caches
#				or the cores)

END {
	if (NUSE < 1 || !KNOWN["node"] || !KNOWN["llc"] || !KNOWN["core"])
		print "topo_shape=unknown"
	else
		print "topo_shape=" usable_shape()
}

# usable_shape(): the usable CPUs counted a node, a cache and a core:
# NxLxCxT where each count is the same throughout, else irregular.
function usable_shape(    i, c, n, l, k, nodes) {
	for (i = 1; i <= NUSE; i++) {
		c = USE[i]
		n = NODE[c]
		l = n SUBSEP LLC[c]
		k = l SUBSEP CORE[c]
		if (!(n in SHAPE_NODE)) {
			SHAPE_NODE[n] = 1
			nodes++
		}
		if (!(l in SHAPE_CORES)) {
			SHAPE_CORES[l] = 0
			SHAPE_LLCS[n]++
		}
		if (!(k in SHAPE_THREADS))
			SHAPE_CORES[l]++
		SHAPE_THREADS[k]++
	}
	l = all_same(SHAPE_LLCS)
	c = all_same(SHAPE_CORES)
	k = all_same(SHAPE_THREADS)
	if (l == "" || c == "" || k == "")
		return "irregular"
	return nodes "x" l "x" c "x" k
}

# all_same(a): the one value of every member of a, or "" where they differ.
function all_same(a,    k, v) {
	v = ""
	for (k in a) {
		if (v != "" && a[k] != v)
			return ""
		v = a[k]
	}
	return v
}

