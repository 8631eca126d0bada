# shellcheck shell=sh disable=SC2034
# 16-compare: compare of the tiny runs of 16-6.1 and 16-6.12 (run in the
# same make vmtest): it exits 0, a column a kernel, and names SMT, which
# 6.12 sees on the emulated CPU and 6.1 does not, as a difference (the
# first column headed 6.1? under TCG: its speed in doubt).
vm_after="16-6.1 16-6.12"

# vm_compare_expect OUT: compare's report has both columns and the SMT.
vm_compare_expect() {
	grep -Eq ' : +6\.1\?? +6\.12$' "$1" ||
	    { echo "compare: no column for each kernel"; return 1; }
	grep -q 'smt on where 6\.1 has not supported' "$1" ||
	    { echo "compare: SMT not named as a difference"; return 1; }
}
