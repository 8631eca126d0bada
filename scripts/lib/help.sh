# shellcheck shell=sh
# lib/help.sh: the driver's usage (smpbench(1)'s SYNOPSIS, as make check
# holds it) and -h, every subcommand and option with its default.
# Sourced by smpbench.

usage() {
	cat <<'EOF'
usage: smpbench run [-fnq] [-l label] [-m note] [-o dir] [-P placements]
           [-R runs] [-r repeats] [-S seconds] [workload ...]
       smpbench show [-r] dir ...
       smpbench compare [-fpv] [-t threshold] [-w workload] dir ...
       smpbench plot [-o dir] dir ...
       smpbench export dir ...
       smpbench validate [-r runs]
       smpbench env
       smpbench -h | -V
EOF
}

# help: usage, then every subcommand and option with its default.
help() {
	usage
	cat <<EOF

run         sweep each workload, repeat every cell, print its table,
            save the run
  -q        quick profile: the whole suite in about 2 minutes on 2 CPUs
            (default)
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
show        print a saved run's tables, then its kernel's context
  -r        make the tables again from the raw measurements
            (default: print them as saved, and those an incomplete
            run did not save)
compare     set each workload of saved runs side by side, runs of one
            label (or kernel release) pooled into one column
  -f        compare runs that are not comparable, marked
            (default: refuse them)
  -p        one key=value line per cell and column (default: tables)
  -t pct    the smallest change marked, 0 to 100 percent
            (default: 2)
  -v        every change's interval under its table (default: the
            marked ones')
  -w name   one workload's tables (default: every workload's)
plot        draw the runs with gnuplot, one PNG per workload
  -o dir    where the plots go, a new directory (default: a new
            plots/ here, or plots-2/...)
export      print every measurement of the runs as CSV
validate    measure smpbench against the floor, one table
  -r N      runs of each side, 2 to 100 (default: 10)
env         print what a run would record; warn about what makes
            figures unreliable
-h, -V      this help; the suite's version
dir         a saved run; historical/NAME is one of the seeds' runs
EOF
}
