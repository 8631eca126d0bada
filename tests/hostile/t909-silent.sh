# t909-silent: no silent exit. Under every 'ulimit -n' at which a shell
# can read a script at all, each command of the driver (show, compare,
# export, env, plot, run) under each shell exits 0, or 1 with one line
# of its own: under 32, "needs 32 open files; 'ulimit -n' allows N"; at
# 32 it works. Never 2, never nothing (12 and 13 used to exit 1 with
# nothing said, 11 exit 2). A limit under which the shell cannot open a
# script (a script of one line fails too) is the shell's, and counted
# apart. Then a TMPDIR that is full (a tmpfs of its own, filled): compare
# says that a copy it reads the runs from cannot be written, and why,
# naming the run's file, not blaming it; with no room even for the list
# of the runs, it says so. The tmpfs is mounted in a mount namespace of
# its own (unshare -m as root, unshare -rm otherwise); that part skips
# where neither can mount, unless SMPB_MOUNT_REQUIRED=1 (CI).
# shellcheck disable=SC2086 # $sh and $NS are command lines, split on purpose
# shellcheck disable=SC2016 # code run by sh -c, expanded as it runs
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "every command under every shell at every 'ulimit -n', and a full TMPDIR"
SB=$PWD/scripts/smpbench
FIX=$PWD/tests/fixtures
T=$TMPDIR_T
fake_prog "$T/fake" ring
export SMPBENCH_BIN="$T/fake" SMPBENCH_SWEEP=tiny
printf 'echo ok\n' >"$T/one.sh"

# limited N CMD...: CMD under 'ulimit -n N', with descriptors 3 to 9
# closed (those above are the shell's own, from 10 up).
limited() {
	sh -c 'ulimit -n "$1" && shift && exec "$@" 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-' \
	    sh "$@"
}

shells=0 cases=0 theirs=0 usage=0 silent=0 wrong=0 failed=0
for s in $SHELLS; do
	sh=$(shell_cmd $s)
	[ -n "$sh" ] || continue
	shells=$((shells + 1))
	for n in 8 10 11 12 13 16 24 31 32; do
		# The shell's own limit: it cannot open a script.
		if [ "$(limited "$n" $sh "$T/one.sh" 2>/dev/null)" != ok ]; then
			theirs=$((theirs + 1))
			continue
		fi
		for c in show compare export env plot run; do
			case $c in
			compare) set -- "$FIX/run-a" "$FIX/run-b" ;;
			plot) set -- -o "$T/plot.$s.$n" "$FIX/run-a" ;;
			run) set -- -S 0 -r 1 -o "$T/run.$s.$n" ring ;;
			env) set -- ;;
			*) set -- "$FIX/run-a" ;;
			esac
			limited "$n" $sh "$SB" "$c" "$@" >/dev/null 2>"$T/err"
			rc=$?
			cases=$((cases + 1))
			slurp "$T/err"
			[ "$rc" -eq 2 ] && usage=$((usage + 1))
			if [ "$rc" -ne 0 ] && ! grep -q '^smpbench: .' "$T/err"; then
				silent=$((silent + 1))
				printf '# %s, ulimit -n %s, %s: exit %s, nothing said: %s\n' \
				    "$s" "$n" "$c" "$rc" "$SLURPED"
			fi
			if [ "$n" -lt 32 ] && [ "$rc $SLURPED" != "1 smpbench: needs 32 open files; 'ulimit -n' allows $n" ]; then
				wrong=$((wrong + 1))
				printf '# %s, ulimit -n %s, %s: exit %s: %s\n' \
				    "$s" "$n" "$c" "$rc" "$SLURPED"
			fi
			if [ "$n" -ge 32 ] && [ "$rc" -ne 0 ]; then
				failed=$((failed + 1))
				printf '# %s, ulimit -n 32, %s: exit %s: %s\n' "$s" "$c" \
				    "$rc" "$SLURPED"
			fi
		done
	done
done
check "the driver was run: $cases cases under $shells shells ($theirs limits the shells' own)" \
    test "$cases" -ge $((shells * 6 * 3))
is "$usage" 0 "short of descriptors: no exit 2"
is "$silent" 0 "a failure says why"
is "$wrong" 0 "under 32: exit 1 and one line, the limit"
is "$failed" 0 "at 32: every command works"

# A full TMPDIR.
need_cmd unshare || { t_skip "no unshare(1) to mount a tmpfs of the test's own"; done_testing; }
MNT=$T/mnt
mkdir "$MNT"
tmpfs_ns "$MNT" || { t_skip "$NS_WHY"; done_testing; }

# full KIB: in the namespace, a tmpfs of 64 KiB on MNT, KIB of it filled
# (all of it: 64), then compare of two runs with TMPDIR in it; its status
# and stderr in full.rc and full.err.
full() {
	$NS sh -c 'mount -t tmpfs -o size=64k smpbench-test "$1" || exit 1
		head -c "$2" /dev/zero >"$1/fill" 2>/dev/null
		TMPDIR=$1 sh "$3" compare "$4" "$5" >/dev/null 2>"$6.err"
		echo $? >"$6.rc"' sh "$MNT" "$(($1 * 1024))" "$SB" "$FIX/run-a" \
	    "$FIX/run-b" "$T/full"
	RC=$(cat "$T/full.rc")
	slurp "$T/full.err"
	ERR=$SLURPED
}
# Room for the lists of the runs, their snapshots' names and their
# copies (a page each), none for a copy.
full 52
is "$RC" 1 "a full TMPDIR: compare exits 1"
like "$ERR" "^smpbench: $FIX/run-a/[a-z]+: its copy, which is read, cannot be written in $MNT \\(No space left on device\\)\$" \
    "and says, in one line, that a copy of a run's file cannot be written, and why"
full 64
is "$RC $ERR" "1 smpbench: the copies saved runs are read from cannot be written in $MNT (No space left on device)" \
    "no room at all: said so in one line"

done_testing
