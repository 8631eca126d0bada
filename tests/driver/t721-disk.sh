# t721-disk: smpbench run on a small tmpfs that fills up, or turns
# read-only, under every POSIX shell we can find: every write is checked;
# the run stops, says what was lost and what is kept (on one line, and
# nothing else: no complaint of rm), and exits 1; it is
# marked incomplete when it can be, and says so when it cannot; a run that
# cannot even save its env leaves nothing. The tmpfs is mounted in a mount
# namespace of its own (unshare -m as root, unshare -rm otherwise); the
# test skips where neither can mount, unless SMPB_MOUNT_REQUIRED=1.
# shellcheck disable=SC2086 # $sh and $NS are command lines, split on purpose
# shellcheck disable=SC2016 # the fakes' code is expanded when they run
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "runs on a tmpfs that fills up or turns read-only"
SB=$PWD/scripts/smpbench
need_cmd unshare || skip_all "no unshare(1) to mount a tmpfs of the test's own"
MNT=$TMPDIR_T/mnt
mkdir "$MNT"
# CI sets SMPB_MOUNT_REQUIRED=1: there the test must run.
tmpfs_ns "$MNT" || skip_all "$NS_WHY"

# inner MNT COPY FILL CMD...: in the namespace: mount a 64 KiB tmpfs on
# MNT, fill it first when FILL is 1, run CMD (status, stdout and stderr in
# COPY.rc, COPY.out, COPY.err), then copy the run it made to COPY.
cat >"$TMPDIR_T/inner" <<'EOF_INNER'
mnt=$1 copy=$2 fill=$3
shift 3
mount -t tmpfs -o size=64k smpbench-test "$mnt" || exit 1
[ "$fill" = 1 ] && cat /dev/zero >"$mnt/fill" 2>/dev/null
"$@" >"$copy.out" 2>"$copy.err"
echo $? >"$copy.rc"
if [ -d "$mnt/run" ]; then
	cp -R "$mnt/run" "$copy"
else
	: >"$copy.none"
fi
EOF_INNER

# inner-compare MNT OUT CMD...: in the namespace: mount a 128 KiB tmpfs
# on MNT, then for each fill of 0 to 128 KiB, 8 KiB a step, run CMD with
# TMPDIR=MNT: a line each in OUT, "FILL STATUS LINES FIRST|LAST", its
# stderr's lines, its first and its last.
cat >"$TMPDIR_T/inner-compare" <<'EOF_INNER'
mnt=$1 out=$2
shift 2
mount -t tmpfs -o size=128k smpbench-test "$mnt" || exit 1
k=0
while [ "$k" -le 128 ]; do
	rm -f "$mnt/fill"
	[ "$k" -eq 0 ] ||
	    dd if=/dev/zero of="$mnt/fill" bs=1024 count="$k" 2>/dev/null
	TMPDIR=$mnt "$@" >/dev/null 2>"$out.err"
	printf '%s %s %s %s|%s\n' "$k" "$?" \
	    "$(wc -l <"$out.err" | tr -d ' ')" "$(head -n 1 "$out.err")" \
	    "$(tail -n 1 "$out.err")" >>"$out"
	k=$((k + 8))
done
EOF_INNER

# The herd measures (its 2 cells); the ring fills the disk (FULL) or
# makes the run's directory read-only (RO: a read-only bind mount over
# it, as a remount of the whole tmpfs is refused while files are open for
# writing) before it prints its line.
FAKE=$TMPDIR_T/fake
fake_prog "$FAKE" herd
fake_prog "$FAKE" ring '[ -n "${FULL:-}" ] && cat /dev/zero >"$FULL/fill" 2>/dev/null
[ -n "${RO:-}" ] && mount --bind "$RO" "$RO" && mount -o remount,bind,ro "$RO"'
export SMPBENCH_BIN="$FAKE" SMPBENCH_SWEEP=tiny
# The measurements a run of the herd and the ring plans here (run -n).
total=$(sh "$SB" run -n -r 1 herd ring 2>&1 >/dev/null |
    sed -n 's/.*: \([0-9]*\) measurements .*/\1/p')

# lost_ring CASE VAR=VALUE WHY END: under $sh, a run of the herd, then
# the ring, which spoils the disk as VAR says; the checks common to the
# cases: exit 1, the message (the write failed for WHY, and END), the
# herd's measurements kept, no raw/ring. Sets c, the copy of the run.
lost_ring() {
	c=$TMPDIR_T/$s-$1
	$NS env "$2" sh "$TMPDIR_T/inner" "$MNT" "$c" 0 \
	    $sh "$SB" run -r 1 -o "$run_dir" herd ring
	is "$(cat "$c.rc")" 1 "$s: $1: exit 1"
	is "$(tail -n 1 "$c.err")" "smpbench: cannot write $run_dir/.work/raw ($3): the measurement ring -n 2 -T 0.05 -l (run 1) is lost; measurements saved: 2 in raw/herd; 3 of $total measurements made; $4" \
	    "$s: $1: says what was lost, what is kept, and where"
	is "$(grep -vc '^smpbench: ' "$c.err")" 0 \
	    "$s: $1: and says nothing else (no complaint of rm, say)"
	is "$(wc -l <"$c/raw/herd" | tr -d ' ')" 2 "$s: $1: the herd's measurements are kept"
	check "$s: $1: no empty raw/ring is published" test ! -e "$c/raw/ring"
}

run_dir=$MNT/run
for s in $SHELLS; do
	use_shell $s || continue

	# The disk fills up during the ring's first measurement.
	lost_ring full FULL="$MNT" "No space left on device" \
	    "the run is kept, incomplete, in $run_dir"
	like "$(cat "$c/incomplete")" '^cannot write .*No space left on device' \
	    "$s: full: the run is marked incomplete, with why"
	check "$s: full: and not complete" test ! -e "$c/complete"
	is "$(find "$c" -name '.*' | wc -l | tr -d ' ')" 0 "$s: full: no temporary file left"

	# The run's directory turns read-only: not even the marker can be
	# written.
	lost_ring read-only RO="$run_dir" "Read-only file system" \
	    "the run is kept in $run_dir, but not marked incomplete (cannot write $run_dir/incomplete: Read-only file system)"
	check "$s: read-only: no marker" test ! -e "$c/incomplete" -a ! -e "$c/complete"

	# A disk full from the start: the env cannot be saved; nothing is left.
	c=$TMPDIR_T/$s-nospace
	$NS sh "$TMPDIR_T/inner" "$MNT" "$c" 1 \
	    $sh "$SB" run -r 1 -o "$run_dir" herd
	is "$(cat "$c.rc")" 1 "$s: no room for the env: exit 1"
	is "$(tail -n 1 "$c.err")" "smpbench: cannot write $run_dir/env (No space left on device); nothing was saved" \
	    "$s: says so"
	check "$s: and leaves no directory" test -e "$c.none"

	# compare with TMPDIR on a tmpfs of 128 KiB, filled 0 to 128 KiB
	# first, 8 KiB a step: it prints its report or fails on one line
	# saying which of its files could not be written there and why; its
	# own (smpb-stat's answers, the awk's stderr) among them, never
	# "cannot compare" with no reason. (posh and mksh keep a here-document
	# in TMPDIR: where theirs cannot be written, the shell says so and
	# why, and the driver that the runs could not be read.)
	c=$TMPDIR_T/$s-compare
	$NS sh "$TMPDIR_T/inner-compare" "$MNT" "$c" \
	    $sh "$SB" compare "$PWD/tests/fixtures/run-a" "$PWD/tests/fixtures/run-b"
	is "$(awk -v m="$MNT" '{
		rc = $2
		n = $3
		msg = $0
		sub(/^[^ ]* [^ ]* [^ ]* ?/, "", msg)
		first = msg
		sub(/\|.*/, "", first)
		sub(/.*\|/, "", msg)
		full = " in " m " \\(No space left on device\\)$"
		if (rc == 0 && n == 0)
			print "report"
		else if (rc == 1 && n == 2 && first ~ (m "/[^ ]*: No space left on device$") &&
		    msg == "smpbench: the saved runs could not be read")
			print "copy"
		else if (rc != 1 || n != 1)
			print "?" NR ": exit " rc ", " n " lines"
		else if (msg ~ ("^smpbench: compare: cannot write its temporary files" full))
			print "own"
		else if (msg ~ (" cannot be written" full) ||
		    msg ~ ("^smpbench: cannot make a temporary directory" full))
			print "copy"
		else
			print "?" NR ": " msg
	}' "$c" | sort -u | tr '\n' ' ')" "copy own report " \
	    "$s: compare on a TMPDIR that fills: its report, or one line saying what could not be written there, and why"
done

done_testing
