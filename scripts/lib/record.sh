# shellcheck shell=sh
# lib/record.sh: saving a run: its directory, claimed; each workload's raw
# lines and tables, published as they are made; a write that fails, a
# signal, and the end that stops the run, keeping what was measured.
# Sourced by smpbench; used by run.

# The state of a run, for the signal handler: its directory and work
# directory, the program measuring (also validate's), the workload
# being measured, the measurements made (of the run, of the workload)
# and to make, whether this run
# made the directory and has saved its env, and whether stdout is gone
# (1; 2: it was closed from the start, and is /dev/null).
run_dir=
run_work=
run_child=
run_current=
run_done=0
# shellcheck disable=SC2034 # counted by measure_program(), for progress_left()
run_done_w=0
run_total=0
run_made=0
run_saved=0
out_closed=0

# publish: copy the workload's raw lines (and the errors) into the run.
# shellcheck disable=SC2154 # m_lost: measure()'s (lib/measure.sh)
publish() {
	write_atomic "$run_dir/raw/$run_current" <"$run_work/raw" ||
	    write_lost "$run_dir/raw/$run_current" "$m_lost"
	if [ -f "$run_work/errors" ]; then
		write_atomic "$run_dir/errors" <"$run_work/errors" ||
		    write_lost "$run_dir/errors" "what $m_lost said"
	fi
}

# save_table WORKLOAD: make the workload's table from the run, print it
# and add it to the run's tables.
# shellcheck disable=SC2154 # cr_tables: the run's (cmd/run.sh)
save_table() {
	svt_err=$(
		{
			[ "$cr_tables" -gt 0 ] && echo
			make_table "$run_dir" "$1"
		} 2>&1 >"$run_work/table"
	) || run_abort 1 "cannot make the $1 table (${svt_err##*: })$(
	    [ -s "$run_dir/raw/$1" ] && echo "; raw/$1 is saved")"
	print_out "$run_work/table"
	cat "$run_work/table" 2>/dev/null >>"$run_work/tables" ||
	    write_lost "$run_work/tables" "the $1 table (show -r makes it from raw/$1)"
	write_atomic "$run_dir/tables" <"$run_work/tables" ||
	    write_lost "$run_dir/tables" "the $1 table (show -r makes it from raw/$1)"
}

# print_out FILE: FILE on stdout. When stdout cannot be written (its
# reader has gone: smpbench run | head; or it was closed, out_closed=2),
# say so once and go on without it: the tables are saved in the run all
# the same.
print_out() {
	[ "$out_closed" -eq 1 ] && return 0
	po_err=
	if [ "$out_closed" -eq 2 ]; then
		po_err="it is closed"
	else
		{ po_err=$(cat "$1" 2>&1 >&3); } 3>&1 && return 0
	fi
	out_closed=1
	po_err=$(printable "${po_err##*: }")
	say "cannot write to standard output (${po_err:-its reader has gone}): the run goes on, its tables saved in $run_dir/tables"
}

# cleanup_run: remove the run's temporary files, quietly: where they
# cannot be (a directory turned read-only) the run's end says why.
cleanup_run() {
	[ -n "$run_work" ] && rm -rf "$run_work" 2>/dev/null
	[ -n "$run_dir" ] &&
	    rm -f "$run_dir"/.*.tmp "$run_dir"/raw/.*.tmp 2>/dev/null
	return 0
}

# unclaim: undo make_run_dir before anything was saved: remove this run's
# files, raw/, and the directory when this run made it. The directory was
# empty when it was claimed, so what it holds is this run's; a run that
# lost the claim removes nothing but a directory of its own making that
# is still empty.
unclaim() {
	if [ -n "$run_work" ]; then
		rm -rf "$run_work" 2>/dev/null
		rm -f "$run_dir"/.*.tmp 2>/dev/null
		rmdir "$run_dir/raw" 2>/dev/null
	fi
	[ "$run_made" -eq 1 ] && rmdir "$run_dir" 2>/dev/null
	return 0
}

# saved_text: what the run's raw/ holds, for a message.
# shellcheck disable=SC2154 # cr_todo: the run's (cmd/run.sh)
saved_text() {
	sv=
	for sv_w in $cr_todo; do
		[ -f "$run_dir/raw/$sv_w" ] &&
		    sv="$sv, $(wc -l <"$run_dir/raw/$sv_w" | tr -d ' ') in raw/$sv_w"
	done
	printf '%s\n' "${sv#, }"
}

# saved_count: how many measurements the run holds, the lines of its
# raw/ files.
saved_count() {
	sc_n=0
	for sc_w in $cr_todo; do
		[ -f "$run_dir/raw/$sc_w" ] || continue
		sc_n=$((sc_n + $(wc -l <"$run_dir/raw/$sc_w" | tr -d ' ')))
	done
	echo "$sc_n"
}

# write_lost FILE WHAT: stop the run after a failed write to FILE, saying
# why, what was lost (WHAT) and what is kept.
write_lost() {
	wl_why=$(why_unwritable "$1")
	wl_saved=$(saved_text)
	run_abort 1 "cannot write $1 ($wl_why): $2 is lost; measurements saved: ${wl_saved:-none}"
}

# run_abort STATUS REASON: stop the run, keep what was measured, mark it
# incomplete, exit STATUS. Before the run's env is saved there is nothing
# to keep: what the run made is removed.
run_abort() {
	trap '' INT TERM HUP
	if [ -n "$run_child" ]; then
		kill -TERM "$run_child" 2>/dev/null
		wait_child "$run_child" 2>/dev/null
		run_child=
	fi
	measuring_end
	if [ "$run_saved" -eq 0 ]; then
		unclaim
		die "$1" "$2; nothing was saved"
	fi
	ra_why="$2; $run_done of $run_total measurements made"
	# The temporary files go first: on a full disk that makes room.
	cleanup_run
	write_atomic "$run_dir/incomplete" "$ra_why" &&
	    die "$1" "$ra_why; the run is kept, incomplete, in $run_dir"
	die "$1" "$ra_why; the run is kept in $run_dir, but not marked incomplete (cannot write $run_dir/incomplete: $(why_unwritable "$run_dir/incomplete"))"
}

# run_traps: stop the run on SIGINT, SIGTERM and SIGHUP (on_signal).
# SIGXFSZ, a write past the file-size limit (ulimit -f), is ignored, by
# the driver and all it starts: such a write then fails, and is said
# as a write that failed, where it would kill the writer without a word.
run_traps() {
	trap 'on_signal INT 130' INT
	trap 'on_signal TERM 143' TERM
	trap 'on_signal HUP 129' HUP
	trap '' XFSZ
}

# run_hold: hold SIGINT, SIGTERM and SIGHUP instead: the one that comes
# is kept in run_held ("NAME STATUS") for on_signal, after run_traps.
# shellcheck disable=SC2034 # run_held: for run_save_env (cmd/run.sh)
run_hold() {
	run_held=
	trap 'run_held="INT 130"' INT
	trap 'run_held="TERM 143"' TERM
	trap 'run_held="HUP 129"' HUP
}

# on_signal NAME STATUS: stop the run; the measurements it says it made
# are those it holds (saved_count), as the signal may have come between
# a measurement's end and its line.
on_signal() {
	[ "$run_saved" -eq 1 ] && run_done=$(saved_count)
	if [ -n "$run_current" ]; then
		run_abort "$2" "interrupted by SIG$1 during $run_current"
	fi
	run_abort "$2" "interrupted by SIG$1"
}

# make_run_dir: make the run's directory (or take the one -o names, if it
# is empty) and claim it; sets run_dir, run_work, and run_made=1 when
# this run made the directory. Runs are saved only where no other user
# can redirect what a run writes (out_dir, lib/dirs.sh).
# shellcheck disable=SC2154 # host_name...: host_names's, sanitise_v's
make_run_dir() {
	if [ -n "$opt_out" ]; then
		run_dir=$(path_arg "$opt_out")
		out_dir "$run_dir" "-o $opt_out"
		run_made=$od_made
		claim_run_dir "-o $opt_out"
		return 0
	fi
	mrd_res=$(path_arg "$SMPB_RESULTS")
	out_dir "$mrd_res" "$SMPB_RESULTS"
	host_names
	sanitise_v "$host_name"
	mrd_name=$(date +%Y-%m-%d-%H%M%S)-$sane
	sanitise_v "$kernel_release"
	mrd_name=$mrd_name-$sane
	if [ -n "$opt_label" ]; then
		sanitise_v "$opt_label"
		mrd_name=$mrd_name-$sane
	fi
	mrd_try=$mrd_name
	mrd_k=1
	# A new name in a directory of results checked by out_dir: the run's
	# own, once mkdir has made it, whoever else can make names there.
	until mrd_err=$(mkdir "$mrd_res/$mrd_try" 2>&1); do
		if [ ! -e "$mrd_res/$mrd_try" ] || [ "$mrd_k" -ge 99 ]; then
			die 1 "cannot create $SMPB_RESULTS/$mrd_try: ${mrd_err##*: }"
		fi
		mrd_k=$((mrd_k + 1))
		mrd_try=$mrd_name-$mrd_k
	done
	run_dir=$mrd_res/$mrd_try
	run_made=1
	claim_run_dir "$run_dir"
}

# claim_run_dir NAME: make run_dir this run's own (NAME in messages), or
# die. The claim is mkdir of DIR/.work, which only one process can win,
# and what DIR holds is looked at after it: of two runs started into
# one directory, one runs and the other stops without touching it.
claim_run_dir() {
	if ! crd_err=$(mkdir "$run_dir/.work" 2>&1); then
		unclaim
		if [ -e "$run_dir/.work" ] || [ -h "$run_dir/.work" ]; then
			die 1 "$1: exists and is not empty"
		fi
		die 1 "cannot write in $1: ${crd_err##*: }"
	fi
	run_work=$run_dir/.work
	# shellcheck disable=SC2034 # SMPB_WORK: cells.awk's (exported)
	SMPB_WORK=$run_work
	if ! only_work "$run_dir"; then
		rmdir "$run_work" 2>/dev/null
		run_work=
		unclaim
		die 1 "$1: exists and is not empty"
	fi
}

# only_work DIR: true when DIR holds nothing but .work.
only_work() {
	for ow in "$1"/* "$1"/.[!.]* "$1"/..?*; do
		[ -e "$ow" ] || [ -h "$ow" ] || continue
		[ "$ow" = "$1/.work" ] || return 1
	done
	return 0
}

