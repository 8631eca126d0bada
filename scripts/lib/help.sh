# shellcheck shell=sh
# lib/help.sh: the driver's usage and help, one text of each command
# (its usage lines, then its options, each with its default), from which
# smpbench -h prints every command's and smpbench CMD -h that command's
# alone. The usage lines are the SYNOPSIS of smpbench(1), and each
# command's of its page, smpbench-CMD(1), as make check holds them; every
# line is within 80 columns. Sourced by smpbench.

# The commands, in the order of the help.
COMMANDS="run show compare plot export validate env vm"

# command_text CMD: CMD's usage lines (each starting with CMD or, when
# continued, with spaces), a line "--", then its options.
command_text() {
	case $1 in
	run | show | compare | plot | export | validate | env | vm) "help_$1" ;;
	esac
}

# help_CMD: CMD's text, as command_text gives it.
help_run() {
	cat <<EOF
run [-fnq] [-l label] [-m note] [-o dir] [-P placements]
    [-R runs] [-r repeats] [-S seconds] [workload ...]
--
run         sweep each workload, repeat every cell, print its table,
            save the run
  -q        quick profile: the whole suite in under 3 minutes on 2
            CPUs (default)
  -f        full profile: the seeds' own parameters (default: quick)
  -r N      repeats of every cell, 1 to 100 (default: 5)
  -l label  the run's name, beside its kernel in the tables, and in
            its directory's name (default: none)
  -m note   a note saved with the run, shown by show and compare
            (default: none)
  -n        measure nothing: print the measurements the run would make
            (default: measure)
  -o dir    save the run in dir, which must be new or empty; with -R
            N of 2 or more, its runs in dir/1 ... dir/N
            (default: results/<date>-<host>-<kernel>[-<label>])
  -P list   the placements of the pipe matrix and the rings of 2, names
            separated by commas, or all (default: the profile's)
  -R N      make N runs, 1 to 100, one after the other, each saved as a
            run of its own (default: 1)
  -S secs   before the run and each workload, wait at most secs, 0 to
            3600, for a quiet machine; 0: do not wait (default: 60; 0
            under SMPBENCH_SWEEP=tiny)
  workload  $WORKLOADS (default: all that are built)
EOF
}

help_show() {
	cat <<'EOF'
show [-rv] dir ...
--
show        print a saved run's tables, then its kernel's context
  -r        make the tables again from the raw measurements
            (default: print them as saved, and those an incomplete
            run did not save)
  -v        the kernel's boot command line too
EOF
}

help_compare() {
	cat <<'EOF'
compare [-fpv] [-t threshold] [-w workload] [name=]dir ...
--
compare     set each workload of saved runs side by side, runs of one
            label (or kernel release) pooled into one column;
            name=dir names dir's column name (./a=b: the directory)
  -f        compare runs that are not comparable, marked
            (default: refuse them)
  -p        one key=value line per cell and column (default: tables)
  -t pct    the smallest change marked, 0 to 100 percent
            (default: 2)
  -v        every change's interval under its table (default: the
            marked ones')
  -w name   one workload's tables (default: every workload's)
EOF
}

help_plot() {
	cat <<'EOF'
plot [-o dir] dir ...
--
plot        draw the runs with gnuplot, one PNG per workload
  -o dir    where the plots go, a new directory (default: a new
            plots/ here, or plots-2/...)
EOF
}

help_export() {
	cat <<'EOF'
export dir ...
--
export      print every measurement of the runs as CSV
EOF
}

help_validate() {
	cat <<'EOF'
validate [-r runs]
--
validate    measure smpbench against the floor, one table
  -r N      runs of each side, 2 to 100 (default: 10)
EOF
}

help_env() {
	cat <<'EOF'
env
--
env         print what a run would record; warn about what makes
            figures unreliable
EOF
}

help_vm() {
	cat <<'EOF'
vm -k kernel [-k kernel ...] [-a args] [-M MiB] [-o dir]
    [-R boots] [-s script] [-t shape] [-- run-option ...]
--
vm          boot each kernel on an emulated machine, each boot a run,
            the boots interleaved; then compare them
  -k K      a kernel: [label=]image (a bzImage's path) or a Debian
            series (6.12), fetched once into the cache
  -a ARGS   kernel arguments for every boot (isolcpus=2-5 ...)
  -M MiB    the machine's memory (default: 256 a node, 16 a CPU)
  -o DIR    save the runs in DIR (default: the results)
  -R N      boots of each kernel, 1 to 100 (default: 3)
  -s FILE   a script each guest sources as root before its run
  -t SHAPE  nodes x LLCs x cores x threads, as 2x2x4x2 (default:
            1x1xNx1, N the CPUs here)
EOF
}

# usage_lines CMD: CMD's usage lines, "smpbench CMD ...", continued
# lines indented under CMD.
usage_lines() {
	command_text "$1" | sed '/^--$/,$d; s/^[a-z]/smpbench &/'
}

# usage [CMD]: the usage of every command, or of CMD alone.
usage() {
	if [ -n "${1:-}" ]; then
		usage_lines "$1"
	else
		for uc in $COMMANDS; do
			usage_lines "$uc"
		done
		echo "smpbench -h | -V"
	fi | sed '1s/^/usage: /; 2,$s/^/       /'
}

# help [CMD]: the usage, then every command's options with their
# defaults; or CMD's usage and options alone.
# A write that fails is help's failure (to_out says so).
help() {
	usage ${1:+"$1"} || return
	echo || return
	for hc in ${1:-$COMMANDS}; do
		command_text "$hc" | sed '1,/^--$/d' || return
	done
	[ -z "${1:-}" ] || return 0
	cat <<'EOF'
-h, -V      this help; the suite's version
dir         a saved run; historical/NAME is one of the seeds' runs
EOF
}
