# context.awk: the kernel's context of a saved run, under its tables.
#
# Input: none on stdin; the run's env file is named by SMPB_ENV.
# Output: nothing for a run that did not record it (historical runs,
# runs of older versions); else, at most 72 columns a line,
#	Context of <label>: preempt <model>; sched_ext <state>;
#	  sched_features <...>; governor <...>; boost <...>; SMT <...>;
#	  load average <l> at the start, <l> at the end; other work <n>
#	  CPUs; note: <text>.
#	Command line: <...>		(SMPB_CMDLINE=1: show -v)
#	Config (cksum <n>): <the options that matter to scheduling>
# No -v variables; SMPB_ENV and SMPB_CMDLINE from the environment. Needs the awk library (see lib.awk) loaded first.

BEGIN {
	load_env(ENVIRON["SMPB_ENV"])
	if (!("cmdline" in ENV))
		exit 0
	print ""
	s = "Context of " who() ": preempt " ENV["preempt"] "; sched_ext " \
	    ENV["sched_ext"] "; sched_features " ENV["sched_features"] \
	    "; governor " ENV["governor"] "; boost " ENV["boost"] "; SMT " \
	    ENV["smt"] "; load average " figure("loadavg", first(ENV["loadavg"])) \
	    " at the start"
	if ("loadavg_end" in ENV)
		s = s ", " figure("loadavg_end", first(ENV["loadavg_end"])) \
		    " at the end"
	if ((v = figure("load_other", ENV["load_other"])) != "unknown")
		s = s "; other work kept " v " CPUs busy"
	if (ENV["other_runs"] ~ /^[0-9]+$/ && ENV["other_runs"] > 0)
		s = s "; another smpbench measured beside it"
	if (ENV["note"] != "")
		s = s "; note: " ENV["note"]
	wrap(s ".")
	if (ENVIRON["SMPB_CMDLINE"] == 1)
		wrap("Command line: " ENV["cmdline"])
	wrap("Config (cksum " ENV["config_hash"] "): " ENV["config"])
}

# figure(key, v): v, a figure of the env (digits, at most one point);
# "unknown" for anything else (1.2.3, 5e9, -1), said once on stderr
# unless it is absent or "unknown" itself.
function figure(key, v) {
	if (v ~ /^[0-9]+(\.[0-9]+)?$/)
		return v
	if (v != "" && v != "unknown")
		warn(ENVIRON["SMPB_ENV"] ": " key "=" excerpt(v) " is not a figure: ignored")
	return "unknown"
}

# first(s): the first word of s (the 1-minute load average).
function first(s) {
	sub(/ .*/, "", s)
	return s
}
