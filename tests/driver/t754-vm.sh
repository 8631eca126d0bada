# t754-vm: smpbench vm's words, before anything is booted: each option
# that is wrong (no kernel, a shape, boots or memory out of range, two
# kernels of one label, an accelerator that is not one) refused in one
# line, exit 2; a file that is not a kernel image refused in one line,
# exit 1; with no qemu, one line, exit 3. Nothing is built, fetched or
# booted here: the boots themselves are make vmtest's (its case
# 16-vm) and, with a fake qemu, t910's.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib.sh
. tests/lib.sh
SB=scripts/smpbench
T=$TMPDIR_T
# An image that is not one, and one with the boot protocol's header.
printf 'not a kernel\n' >"$T/bad"
{ dd if=/dev/zero bs=514 count=1 2>/dev/null; printf 'HdrS'; } >"$T/image"
NOQEMU=$(path_without qemu-system-x86_64)
SEE="(see smpbench -h)"

for s in $SHELLS; do
	use_shell $s || continue
	run $sh $SB vm
	is "$RC $ERR" "2 smpbench: vm: name a kernel to boot (-k) $SEE" \
	    "$s: no kernel: exit 2, one line"
	run $sh $SB vm -k
	is "$RC $ERR" "2 smpbench: vm: -k: needs an argument $SEE" \
	    "$s: -k with no kernel"
	run $sh $SB vm -k 6.1 -x
	is "$RC $ERR" "2 smpbench: vm: -x: unknown option $SEE" \
	    "$s: an unknown option"
	run $sh $SB vm -k nonsense
	is "$RC $ERR" "2 smpbench: vm: -k nonsense: not a kernel image's path nor a Debian series (6.12) $SEE" \
	    "$s: -k of neither a path nor a series"
	run $sh $SB vm -k 6.1 -k 6.1
	is "$RC $ERR" "2 smpbench: vm: two kernels labelled 6.1 (name them: -k LABEL=KERNEL) $SEE" \
	    "$s: two kernels of one label"
	run $sh $SB vm -k 'a b=6.1'
	is "$RC $ERR" "2 smpbench: vm: -k a b=6.1: a label is letters, digits, . _ + - $SEE" \
	    "$s: a label with a blank"
	for bad in 2x2 0x1x1x1 1x1x65x1 2x2x4x2x1; do
		run $sh $SB vm -k 6.1 -t $bad
		is "$RC $ERR" "2 smpbench: vm: -t $bad: not a shape NODESxLLCSxCORESxTHREADS, e.g. 2x2x4x2 $SEE" \
		    "$s: -t $bad refused"
	done
	run $sh $SB vm -k 6.1 -t 4x4x8x2
	is "$RC $ERR" "2 smpbench: vm: -t 4x4x8x2: 256 CPUs, over the 255 a machine can have $SEE" \
	    "$s: a shape of too many CPUs"
	run $sh $SB vm -k 6.1 -R 0
	is "$RC $ERR" "2 smpbench: vm: -R: '0' is not a number of boots (1..100) $SEE" \
	    "$s: -R 0"
	run $sh $SB vm -k 6.1 -M 64
	is "$RC $ERR" "2 smpbench: vm: -M: '64' is not a number of MiB (128..65536) $SEE" \
	    "$s: -M under 128"
	run env SMPB_VM_ACCEL=bogus $sh $SB vm -k 6.1
	is "$RC $ERR" "2 smpbench: vm: SMPB_VM_ACCEL=bogus: not kvm or tcg $SEE" \
	    "$s: an accelerator that is not one"
	run $sh $SB vm -k "$T/bad"
	is "$RC $ERR" "1 smpbench: vm: $T/bad: not a kernel image (no bzImage header)" \
	    "$s: a file that is no kernel image: exit 1, one line"
	run $sh $SB vm -k "$T/missing"
	is "$RC $ERR" "1 smpbench: vm: $T/missing: not a file that can be read" \
	    "$s: an image that is not there"
	run env PATH="$NOQEMU" $sh $SB vm -k "x=$T/image" -o "$T/runs"
	is "$RC $ERR" "3 smpbench: vm: qemu-system-x86_64 is not installed" \
	    "$s: no qemu: exit 3, one line"
	check "$s: and no run saved" test ! -e "$T/runs/"*
	run $sh $SB vm -h
	like "$RC $OUT" '^0 usage: smpbench vm -k kernel ' "$s: vm -h: its usage, exit 0"
done

done_testing
