# t754-vm: smpbench vm's words, before anything is booted: each option
# that is wrong (no kernel, a shape, boots or memory out of range, two
# kernels of one label, an accelerator that is not one, kernel arguments
# not printable or too long) refused in one line, exit 2; a set-up
# script that cannot be read, exit 1; a file that is not a kernel image refused in one line,
# exit 1; with no qemu, one line, exit 3. With no -t, the machine is
# the host's shape over its usable CPUs (made-up machines whose process
# may use fewer CPUs than are online), or a core a usable CPU where they
# make no shape. compare of its runs (the
# fixtures, marked as vm marks them): an emulated run beside a native
# one refused unless forced; the header says every change of speed of
# emulated CPUs is in doubt (the headline none beyond it, no * or +),
# and, with several runs a side each a boot of its own, that a mark
# says the kernels differ. Nothing is built,
# fetched or booted here: the boots themselves are make vmtest's (its
# case 20-vm).
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
SB=scripts/smpbench
T=$TMPDIR_T
# An image that is not one, and one with the boot protocol's header.
printf 'not a kernel\n' >"$T/bad"
{ dd if=/dev/zero bs=514 count=1 2>/dev/null; printf 'HdrS'; } >"$T/image"
NOQEMU=$(path_without qemu-system-x86_64)
# Kernel arguments of 950 bytes: two make more than vm passes.
LONG=$(printf '%0950d' 0)
# Two runs a side as smpbench vm saves them: the fixtures, each a boot.
for r in a1 a2 b1 b2; do
	case $r in
	a*) cp -R tests/fixtures/run-a "$T/$r" &&
	    sed 's/^label=$/label=base/' tests/fixtures/run-a/env >"$T/$r/env" ;;
	b*) cp -R tests/fixtures/run-b "$T/$r" ;;
	esac
	printf 'run_id=%s\nemulated=1\nvm_accel=tcg\nvm_boot=%s of 2\n' \
	    "$r" "${r#?}" >>"$T/$r/env"
done
EMU='^\? Emulated CPUs \(smpbench vm under TCG\): a change of speed is the$'
BOOTS="Each run a boot of its own (smpbench vm): a mark says the kernels
  differ, the variation from boot to boot counted."
SEE="(see smpbench -h)"
# not_said RE: no line of OUT matches RE.
# shellcheck disable=SC2317 # called by check
not_said() {
	! printf '%s\n' "$OUT" | grep -q "$1"
}
# Made-up machines of fewer usable CPUs than online: box32 whose
# process may run on node 0 only (0-7,16-23), and box32's cpuset (0,3,8,
# 19,24 usable: no shape). The machine vm boots by default is said
# before anything is made; a cache others can write then stops it.
M=tests/fixtures/machines
cp -R "$M/box32" "$T/node0" &&
    sed 's/^Cpus_allowed_list:.*/Cpus_allowed_list:	0-7,16-23/' \
    "$M/box32/proc/self/status" >"$T/node0/proc/self/status" || exit 1
{ cp -R "$M/box32" "$T/cpuset" && cp -R "$M/cpuset/." "$T/cpuset/"; } || exit 1
mkdir -m 0777 "$T/open" && chmod 0777 "$T/open"
TOOLS=
for c in qemu-system-x86_64 cpio gzip base64 timeout make cc; do
	command -v "$c" >/dev/null 2>&1 || TOOLS="$TOOLS $c"
done
NL='
'
OPEN="smpbench: vm: the kernels' cache is not safe: $T/open can be written by other users, mode drwxrwxrwx; name another with SMPB_VM_CACHE"

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
	for bad in '-R 3' '-n' '-qo x' '-r 2 -l x' '-S1 -h'; do
		run $sh $SB vm -k 6.1 -- $bad
		like "$RC $ERR" "^2 smpbench: vm: run option -[olRnh]: vm sets it, or it makes no run of one boot" \
		    "$s: run option $bad refused"
	done
	for bad in '-r 0' '-P bogus' nosuch '-x'; do
		run env PATH="$NOQEMU" $sh $SB vm -k 6.1 -- $bad
		like "$RC $ERR" "^2 smpbench: (vm: )?run: [^ ]* ?'?[a-z0-9-]+'?:? .*\(see smpbench -h\)\$" \
		    "$s: run option $bad refused by run's own checks, before any boot"
	done
	run env PATH="$NOQEMU" $sh $SB vm -k "x=$T/image" -- -m -o -r2 -P one ring
	is "$RC" 3 "$s: -o as -m's note, -r2 joined: run options taken (then no qemu)"
	run $sh $SB vm -k 6.1 -a "$(printf 'isolcpus=2\033x')"
	is "$RC $ERR" "2 smpbench: vm: -a 'isolcpus=2x': kernel arguments are printable ASCII $SEE" \
	    "$s: -a with a control character"
	run $sh $SB vm -k 6.1 -a "$LONG" -a "$LONG"
	is "$RC $ERR" "2 smpbench: vm: -a: the kernel arguments pass 1900 bytes $SEE" \
	    "$s: -a: more kernel arguments than a boot takes"
	run $sh $SB vm -k 6.1 -s "$T/missing"
	is "$RC $ERR" "1 smpbench: vm: -s $T/missing: not a file that can be read" \
	    "$s: -s of no file: exit 1, one line"
	run env PATH="$NOQEMU" $sh $SB vm -k 6.1 -a "$LONG" -a x -s "$T/bad"
	is "$RC" 3 "$s: -a twice within the bound, -s of a file: taken (then no qemu)"
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
	check "$s: and nothing made for the runs" test ! -e "$T/runs"
	run $sh $SB compare tests/fixtures/run-a "$T/b1"
	is "$RC $ERR" "1 smpbench: compare: $T/b1 ran on emulated CPUs (TCG), tests/fixtures/run-a on real ones: not comparable (-f compares anyway)" \
	    "$s: compare: an emulated run beside a native one refused"
	run $sh $SB compare "$T/a1" tests/fixtures/run-b
	like "$RC $ERR" "^1 .*run-b ran on real CPUs, $T/a1 on emulated ones \(TCG\)" \
	    "$s: compare: and a native one beside an emulated base"
	run $sh $SB compare -f tests/fixtures/run-a "$T/b1"
	is "$RC" 0 "$s: compare -f compares them"
	like "$OUT" '^\? patched ran on emulated CPUs \(TCG\), 6\.1\.0-a on real ones; no change in$' \
	    "$s: saying so, with nothing marked in that column"
	run $sh $SB compare "$T/a1" "$T/a2" "$T/b1" "$T/b2"
	is "$RC" 0 "$s: compare of two boots a side: exit 0"
	like "$OUT" "$EMU" "$s: emulated CPUs: every change of speed in doubt"
	like "$OUT" '^patched against base: no cell of [0-9]+ tested changed beyond doubt; ' \
	    "$s: and the headline says none changed beyond it"
	check "$s: no change marked * or +" not_said '%[*+]$'
	like "$OUT" "$BOOTS" "$s: each run a boot: a mark says the kernels differ"
	run $sh $SB compare "$T/a1" "$T/b1"
	like "$OUT" "$EMU" "$s: one boot a side: emulated all the same"
	check "$s: but not that the kernels differ" not_said "^Each run a boot"
	if [ -n "$TOOLS" ]; then
		t_skip "not installed:$TOOLS"
		t_skip "not installed:$TOOLS"
	else
		run env SMPBENCH_PROC="$T/node0" SMPB_VM_CACHE="$T/open" \
		    $sh $SB vm -k "x=$T/image"
		is "$RC $ERR" "1 smpbench: vm: the machine: 1x2x4x2, this host's shape over its 16 usable CPUs (0-7,16-23)$NL$OPEN" \
		    "$s: by default the host's shape over its usable CPUs, not its online ones"
		run env SMPBENCH_PROC="$T/cpuset" SMPB_VM_CACHE="$T/open" \
		    $sh $SB vm -k "x=$T/image"
		is "$RC $ERR" "1 smpbench: vm: the machine: 1x1x5x1, a core for each of this host's 5 usable CPUs (0,3,8,19,24), which make no shape of nodes, caches, cores and threads (topo_shape=irregular)$NL$OPEN" \
		    "$s: usable CPUs of no shape: a core for each"
	fi
	run $sh $SB vm -h
	like "$RC $OUT" '^0 usage: smpbench vm -k kernel ' "$s: vm -h: its usage, exit 0"
done

done_testing
