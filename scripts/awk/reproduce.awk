# reproduce.awk: how a report was made, in the line that ends it, a line
# a reader can rerun (smpbench vm's own, vm-closing.awk).
#
# Input: none on stdin; the runs' directories from the file SMPB_RUNS
# names (one a line: lib.awk's run_dirs()), of which it reads env
# (run_command, vm_command, suite_version). -v version: the suite's
# version making the report (suite_version); -v command: the command
# that made it, as the user typed it (quoted words, lib/reproduce.sh).
# Output: compare_said(), the line, which compare.awk prints:
#	reproduce: smpbench VERSION; runs: CMD (3 runs), CMD (1 run,
#	  smpbench OTHER), and 5 more runs of 2 other commands, 2 runs
#	  without a recorded command; compare: COMMAND
# (one line, however long)
# the runs grouped by the command that made them (vm_command before
# run_command: a boot's run is made by smpbench vm), in their order,
# with the version that made them where it is not VERSION; at most
# MAX_GROUPS commands, the rest counted.
# Needs the awk library (see lib.awk) loaded first.

BEGIN {
	MAX_GROUPS = 4
}

# compare_said(): compare's line, which compare.awk prints too.
function compare_said() {
	return "reproduce: smpbench " version "; runs: " runs_said() \
	    "; compare: " command
}

# runs_said(): the runs, grouped by the command that made them.
function runs_said(    dir, n, i, cmd, key, groups, cnt, ord, ver,
    said, s, k, more_runs, more_cmds, bare) {
	n = run_dirs(dir)
	groups = 0
	bare = 0
	for (i = 1; i <= n; i++) {
		load_env(dir[i] "/env")
		cmd = ENV["vm_command"] != "" ? ENV["vm_command"] : ENV["run_command"]
		if (cmd == "" || cmd == "unknown") {
			bare++
			continue
		}
		key = cmd SUBSEP ENV["suite_version"]
		if (!(key in cnt)) {
			ord[++groups] = key
			ver[key] = ENV["suite_version"]
			said[key] = cmd
		}
		cnt[key]++
	}
	s = ""
	more_runs = more_cmds = 0
	for (k = 1; k <= groups; k++) {
		key = ord[k]
		if (k > MAX_GROUPS) {
			more_runs += cnt[key]
			more_cmds++
			continue
		}
		s = s (s == "" ? "" : ", ") said[key] " (" runs_n(cnt[key]) \
		    (ver[key] != version ? ", smpbench " ver_said(ver[key]) : "") ")"
	}
	if (more_cmds)
		s = s ", and " more_runs " more " (more_runs == 1 ? "run" : "runs") \
		    " of " more_cmds " other " (more_cmds == 1 ? "command" : "commands")
	if (bare)
		s = s (s == "" ? "" : ", ") runs_n(bare) " without a recorded command"
	return s
}

# runs_n(n): "1 run", "3 runs".
function runs_n(n) {
	return n " run" (n == 1 ? "" : "s")
}

# ver_said(v): a run's version, or what stands for none.
function ver_said(v) {
	return v == "" ? "unknown" : v
}
