# fact.awk: one fact of a workload's hooks, for its sh hooks (lib/sweep.sh's
# awk_fact).
#
# Input: none. Output: the fact named by -v key (workloads/<w>.awk's
# facts(D)), one line, empty for one it does not set. Needs the awk
# library (see lib.awk), awk/workload.awk and the workload's hooks
# loaded first.

BEGIN {
	print fact(key)
	exit
}
