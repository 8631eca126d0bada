# cgroup.awk: the CPU limits of the cgroup the driver runs in, as a run
# records them in its env: from /proc/self/cgroup, the cgroups it is
# in, and /proc/self/mountinfo, where each hierarchy is mounted, the
# cgroup's own files (v1: cpu.cfs_quota_us, cpu.cfs_period_us,
# cpu.shares, cpuset.cpus; v2: cpu.max, cpu.weight,
# cpuset.cpus.effective where the controllers are enabled).
#
# Input: the two files, -v cg and -v mi naming each (either may be
# /dev/null); -v root, the root made-up machines are read under.
# Output: six lines, cgroup_cpu_max= ... cgroup_cpu_shares=, each
# "none" where the cgroup has no such limit and "unknown" where it
# cannot be read. Loaded alone (lib/cgroup.sh's cgroup_limits()).

# value(DIR, FILE): the first line of DIR/FILE, or unknown.
function value(dir, file,    v, r) {
	if (dir == "")
		return "unknown"
	r = (getline v < (root dir "/" file))
	close(root dir "/" file)
	return r > 0 && v != "" ? v : "unknown"
}
function exists(path,    v, r) {
	r = (getline v < (root path))
	close(root path)
	return r >= 0
}
# join(MOUNT, MROOT, PATH): the directory of cgroup PATH in a
# hierarchy mounted at MOUNT from its MROOT; "" when PATH is not
# under MROOT.
function join(mount, mroot, path) {
	if (mount == "")
		return ""
	if (mroot == "/" || mroot == "")
		return mount (path == "/" ? "" : path)
	if (path == mroot)
		return mount
	if (index(path, mroot "/") == 1)
		return mount substr(path, length(mroot) + 1)
	return ""
}
FILENAME == cg {
	seen = 1
	i = index($0, ":")
	rest = substr($0, i + 1)
	i = index(rest, ":")
	if (i == 0)
		next
	ctl = substr(rest, 1, i - 1)
	path = substr(rest, i + 1)
	if (ctl == "") {
		v2 = 1
		v2path = path
	}
	n = split(ctl, c, ",")
	for (k = 1; k <= n; k++) {
		if (c[k] == "cpu") { v1cpu = 1; cpupath = path }
		if (c[k] == "cpuset") { v1set = 1; setpath = path }
	}
}
FILENAME == mi {
	for (k = 7; k < NF && $k != "-"; k++)
		;
	if ($k != "-")
		next
	if ($(k + 1) == "cgroup2") {
		v2mnt = $5; v2root = $4
	} else if ($(k + 1) == "cgroup") {
		n = split($(k + 3), o, ",")
		for (j = 1; j <= n; j++) {
			if (o[j] == "cpu") { cpumnt = $5; cpuroot = $4 }
			if (o[j] == "cpuset") { setmnt = $5; setroot = $4 }
		}
	}
}
END {
	if (!seen) {
		print_limits("unknown", "unknown", "unknown", "unknown", "unknown",
		    "unknown")
		exit
	}
	usual_mounts()
	v2dir = v2 ? join(v2mnt, v2root, v2path) : ""
	v2_controllers()
	max = weight = quota = period = shares = "none"
	if (v1cpu) {
		d = join(cpumnt, cpuroot, cpupath)
		quota = value(d, "cpu.cfs_quota_us")
		period = value(d, "cpu.cfs_period_us")
		shares = value(d, "cpu.shares")
	} else if (v2ok && index(v2ctl, " cpu ")) {
		max = value(v2dir, "cpu.max")
		weight = value(v2dir, "cpu.weight")
	} else if (v2 && !v2ok)
		max = weight = "unknown"
	if (v1set)
		cpus = value(join(setmnt, setroot, setpath), "cpuset.cpus")
	else if (v2ok && index(v2ctl, " cpuset "))
		cpus = value(v2dir, "cpuset.cpus.effective")
	else if (v2 && !v2ok)
		cpus = "unknown"
	else
		cpus = "none"
	print_limits(max, weight, cpus, quota, period, shares)
}

# usual_mounts(): without mountinfo, the usual places of the
# hierarchies.
function usual_mounts() {
	if (v2 && v2mnt == "") {
		if (exists("/sys/fs/cgroup/cgroup.controllers"))
			v2mnt = "/sys/fs/cgroup"
		else if (exists("/sys/fs/cgroup/unified/cgroup.controllers"))
			v2mnt = "/sys/fs/cgroup/unified"
	}
	if (v1cpu && cpumnt == "") {
		if (exists("/sys/fs/cgroup/cpu/cpu.shares"))
			cpumnt = "/sys/fs/cgroup/cpu"
		else if (exists("/sys/fs/cgroup/cpu,cpuacct/cpu.shares"))
			cpumnt = "/sys/fs/cgroup/cpu,cpuacct"
	}
	if (v1set && setmnt == "" &&
	    exists("/sys/fs/cgroup/cpuset/cpuset.cpus"))
		setmnt = "/sys/fs/cgroup/cpuset"
}

# v2_controllers(): the controllers of the v2 cgroup, v2ctl: read
# (v2ok), even if none.
function v2_controllers(    r) {
	v2ok = 0
	if (v2dir == "")
		return
	r = (getline v2ctl < (root v2dir "/cgroup.controllers"))
	close(root v2dir "/cgroup.controllers")
	if (r >= 0) {
		v2ok = 1
		v2ctl = " " (r > 0 ? v2ctl : "") " "
	}
}

function print_limits(max, weight, cpus, quota, period, shares) {
	print "cgroup_cpu_max=" max
	print "cgroup_cpu_weight=" weight
	print "cgroup_cpuset_cpus=" cpus
	print "cgroup_cfs_quota_us=" quota
	print "cgroup_cfs_period_us=" period
	print "cgroup_cpu_shares=" shares
}
