# vm-closing.awk: smpbench vm's last two lines: where its time went, and
# the line a reader can rerun.
#
# Input: none on stdin; the runs' directories from the file SMPB_RUNS
# names (one a line: lib.awk's run_dirs()), of which it reads complete
# (finished, seconds). -v version: the suite's version (suite_version);
# -v command: the command as the user typed it (quoted words,
# lib/reproduce.sh); -v start and -v end, the command's start and end
# (UTC, 2026-01-02T10:00:00Z); -v kernels, how many it named.
# Output, two lines:
#	vm: 38 s in all, 16 s from the command to the first measurement;
#	  boots and setup 25 s (66%), measuring 13 s (34%)
#	reproduce: smpbench VERSION; runs and compare: COMMAND
# (runs: COMMAND with one kernel, which vm does not compare). A run
# measures from its start (its complete's finished less its seconds,
# by the guest's clock, which qemu sets from the host's) to its end.
# Needs the awk library (see lib.awk) loaded first.

BEGIN {
	vm_time()
	if (kernels + 0 >= 2)
		print "reproduce: smpbench " version "; runs and compare: " command
	else
		print "reproduce: smpbench " version "; runs: " command
	exit 0
}

# vm_time(): where vm's time went, one line: its whole, from start to
# end; the first measurement of the runs, from the start; the time
# measuring, the runs' seconds, and the rest, booting and setting up.
function vm_time(    dir, n, i, t0, t1, first, meas, s, f, all, boot) {
	t0 = iso_secs(start)
	t1 = iso_secs(end)
	n = run_dirs(dir)
	first = ""
	meas = 0
	for (i = 1; i <= n; i++) {
		load_env(dir[i] "/complete")
		s = ENV["seconds"]
		f = iso_secs(ENV["finished"])
		if (s !~ /^[0-9]+$/ || f == "")
			continue
		meas += s
		if (first == "" || f - s < first)
			first = f - s
	}
	if (t0 == "" || t1 == "" || t1 < t0 || first == "")
		return
	all = t1 - t0
	first = first < t0 ? 0 : first - t0
	if (first > all)
		first = all
	if (meas > all)
		meas = all
	boot = all - meas
	printf "vm: %s in all, %s from the command to the first measurement; boots and setup %s (%d%%), measuring %s (%d%%)\n",
	    secs_said(all), secs_said(first), secs_said(boot),
	    share(boot, all), secs_said(meas), 100 - share(boot, all)
}

# secs_said(s): seconds, as "38 s" or, from 90 s, "4 min 10 s".
function secs_said(s) {
	if (s < 90)
		return s " s"
	return int(s / 60) " min " (s % 60) " s"
}

# share(part, all): part of all, a whole percentage (the rest is the
# other part's, so that the two add up to 100).
function share(part, all) {
	return all > 0 ? int(100 * part / all + 0.5) : 0
}

# iso_secs(t): a UTC time, 2026-01-02T10:00:00Z, as seconds since 1970
# (the days from the civil date); "" for anything else.
function iso_secs(t,    y, m, d, era, yoe, doy, doe) {
	if (t !~ /^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z$/)
		return ""
	y = substr(t, 1, 4) + 0
	m = substr(t, 6, 2) + 0
	d = substr(t, 9, 2) + 0
	if (m <= 2)
		y--
	era = int(y / 400)
	yoe = y - era * 400
	doy = int((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1
	doe = yoe * 365 + int(yoe / 4) - int(yoe / 100) + doy
	return (era * 146097 + doe - 719468) * 86400 + \
	    substr(t, 12, 2) * 3600 + substr(t, 15, 2) * 60 + substr(t, 18, 2)
}
