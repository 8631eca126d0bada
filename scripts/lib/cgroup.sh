# shellcheck shell=sh
# lib/cgroup.sh: the CPU limits of the cgroup a run is in, as env lines
# (see results/README), read under SMPBENCH_PROC like the rest of the
# machine. Sourced by smpbench.

# cgroup_limits: the CPU limits of the cgroup this process is in (its
# line of proc/self/cgroup for each hierarchy, found where
# proc/self/mountinfo says the hierarchy is mounted, else at the usual
# places under sys/fs/cgroup), as env lines: cgroup v2's cpu.max and
# cpu.weight, v1's cpu.cfs_quota_us, cpu.cfs_period_us and cpu.shares,
# and the CPUs of its cpuset in either (v2's cpuset.cpus.effective, v1's
# cpuset.cpus). Each is "none" where its controller is not there (the v1
# keys on a v2 machine, the v2 keys where cpu is a v1 controller),
# "unknown" where it cannot be read.
cgroup_limits() {
	cgl_cg=$SMPB_ROOT/proc/self/cgroup
	cgl_mi=$SMPB_ROOT/proc/self/mountinfo
	[ -r "$cgl_cg" ] || cgl_cg=/dev/null
	[ -r "$cgl_mi" ] || cgl_mi=/dev/null
	LC_ALL=C awk -v root="$SMPB_ROOT" -v cg="$cgl_cg" -v mi="$cgl_mi" '
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
			print "cgroup_cpu_max=unknown"
			print "cgroup_cpu_weight=unknown"
			print "cgroup_cpuset_cpus=unknown"
			print "cgroup_cfs_quota_us=unknown"
			print "cgroup_cfs_period_us=unknown"
			print "cgroup_cpu_shares=unknown"
			exit
		}
		# Without mountinfo, the usual places.
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
		v2dir = v2 ? join(v2mnt, v2root, v2path) : ""
		# The controllers of the v2 cgroup: read (v2ok), even if none.
		v2ok = 0
		if (v2dir != "") {
			r = (getline v2ctl < (root v2dir "/cgroup.controllers"))
			close(root v2dir "/cgroup.controllers")
			if (r >= 0) {
				v2ok = 1
				v2ctl = " " (r > 0 ? v2ctl : "") " "
			}
		}
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
		print "cgroup_cpu_max=" max
		print "cgroup_cpu_weight=" weight
		print "cgroup_cpuset_cpus=" cpus
		print "cgroup_cfs_quota_us=" quota
		print "cgroup_cfs_period_us=" period
		print "cgroup_cpu_shares=" shares
	}' "$cgl_cg" "$cgl_mi" 2>/dev/null | while IFS= read -r cgl_line; do
		printf '%s\n' "$(printable "$cgl_line")"
	done
}
