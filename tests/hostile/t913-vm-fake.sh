# t913-vm-fake: smpbench vm end to end under every shell, its boots a
# fake qemu's: the programs built statically once (the first shell pays
# the build, the others find it in the kernels' cache, a cache of the
# test's own with a kernel of a series planted, so nothing is fetched),
# under TCG. The fake reads the boot's /vm.conf and set-up script from
# the initramfs, logs its kernel and -append, and prints what
# scripts/vm/init prints: a run (a fixture, its kernel= and label= the
# boot's kernel's), its status, the set-up script's log and status, the
# programs left running, as a gzipped tar in base64 between the
# markers. Two kernels, a series and an image, two boots each: four
# boots in the interleaved order, each saved as DATE-vm-LABEL-BOOT with
# the machine in its env (kernel, shape, TCG, not pinned, emulated, its
# boot, the order, -a, -s, the command), the set-up script's log as its
# vm/setup.log, -a on the kernel's command line, then compare's report
# of the two columns, each run a boot, ending with the command to rerun
# it. Then boots that fail, each said in a line naming the kernel with
# its last lines, no run saved for it, the others kept, exit 1: a
# set-up script that failed in the guest, a run that failed there, a
# console with no results; and programs left running in the guest,
# said, that boot's run kept though its set-up script removed VM_OUT
# (no vm/ came back). After each: no process of it left (the
# fake qemu, the watcher, timeout), nothing left in TMPDIR.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck disable=SC2016 # the fake's code, expanded as it runs
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "smpbench vm end to end with a fake qemu, under every shell"
need_cmd setsid || skip_all "no setsid(1) to give a command a session of its own"
T=$TMPDIR_T
SB=scripts/smpbench

# The fake qemu-system-x86_64 (FAKE_DIR: its log and work) prints the
# firmware's lines and the init's first at once (the watch on the
# machine looks for it); the Nth boot (its pid the Nth line of pids)
# takes the boot's own files, the initramfs's second archive, logs
# "LABEL|KERNEL|APPEND" into boots, then does what FAKE_HOW's word
# N:HOW,... says: ok (by default); setup, the set-up script failed
# (setup.rc 1, no run); run, the run failed (run.rc 2, no complete);
# left, a program left running; novm, no vm/ (the set-up script removed
# VM_OUT); nothing, no results.
mkdir "$T/fake" "$T/fq"
cat >"$T/fake/qemu-system-x86_64" <<'EOF_FAKE'
#!/bin/sh
printf 'SeaBIOS (version fake)\r\nBooting from ROM...\r\nSMPB-VM-INIT\r\n'
kernel='' initrd='' append=''
while [ $# -gt 0 ]; do
	case $1 in
	-kernel) kernel=$2; shift ;;
	-initrd) initrd=$2; shift ;;
	-append) append=$2; shift ;;
	esac
	shift
done
echo "$$" >>"$FAKE_DIR/pids"
n=$(($(wc -l <"$FAKE_DIR/pids")))
d=$FAKE_DIR/boot$n o=$FAKE_DIR/boot$n/out
mkdir -p "$d/initrd" "$o"
gzip -dc "$initrd" | (cd "$d/initrd" && cpio -it >/dev/null 2>&1 &&
    cpio -id '*vm.conf' '*setup.sh' 2>/dev/null)
vm_label=none
. "$d/initrd/vm.conf"
printf '%s|%s|%s\n' "$vm_label" "$kernel" "$append" >>"$FAKE_DIR/boots"
how=ok
for w in $FAKE_HOW; do
	case $w in "$n":*) how=${w#*:} ;; esac
done
does() {
	case ,$how, in *,"$1",*) return 0 ;; esac
	return 1
}
if does nothing; then
	printf 'fake %s: no more\r\n' "$vm_label"
	rm -rf "$d"
	exit 0
fi
if [ -f "$d/initrd/setup.sh" ]; then
	mkdir "$o/vm"
	{
		echo "$append"
		cat "$d/initrd/setup.sh"
		! does setup || echo "fake $vm_label: set-up failed"
	} >"$o/vm/setup.log"
	does setup && echo 1 >"$o/setup.rc" || echo 0 >"$o/setup.rc"
fi
if ! does setup; then
	case $vm_label in a) f=run-a ;; *) f=run-b ;; esac
	cp -R "$FAKE_FIX/$f" "$o/run"
	sed "s/^kernel=.*/kernel=fake-$vm_label/; s/^label=.*/label=$vm_label/" \
	    "$FAKE_FIX/$f/env" >"$o/run/env"
	echo "ran $vm_label" >"$o/run.err"
	echo 0 >"$o/run.rc"
fi
if does run; then
	rm "$o/run/complete"
	printf 'smpbench: ring: fake %s failed\n' "$vm_label" >>"$o/run.err"
	echo 2 >"$o/run.rc"
fi
! does left || echo "42 smpb-ring -n 2" >"$o/left"
! does novm || rm -rf "$o/vm"
printf 'SMPB-VM-BEGIN\r\n'
tar -C "$d" -cf - out | gzip | base64
printf 'SMPB-VM-END\r\n'
rm -rf "$d"
EOF_FAKE
chmod +x "$T/fake/qemu-system-x86_64"

# shellcheck source=scripts/lib/vm.sh
. scripts/lib/vm.sh
why=$(PATH=$T/fake:$PATH vm_tools) || skip_all "smpbench vm cannot run here: $why"
printf 'int main(void) { return 0; }\n' >"$T/static.c"
cc -static -o "$T/static" "$T/static.c" >/dev/null 2>&1 ||
    skip_all "no static build here (cc -static fails: no static libc)"
why=$(vm_trusted "$T" "$T")
[ -z "$why" ] || skip_all "the test's directory cannot hold a kernels' cache: $why"

# The cache: a kernel of the series 6.12, a static busybox (a stand-in:
# the guest is the fake's). The other kernel, an image with the boot
# protocol's header; a set-up script.
C=$T/cache
KA=$C/6.12.0-fake/boot/vmlinuz-6.12.0-fake
KB=$T/bzImage
mkdir -p "${KA%/*}" "$C/busybox-static/bin" "$T/tmp"
: >"$KA"
printf '#!/bin/sh\n' >"$C/busybox-static/bin/busybox"
chmod 0700 "$C" "$C/busybox-static/bin/busybox"
{ dd if=/dev/zero bs=514 count=1 2>/dev/null; printf 'HdrS'; } >"$KB"
printf 'echo set up\n' >"$T/setup.sh"
SETUP_ID="setup.sh $(cksum <"$T/setup.sh" | cut -d ' ' -f 1)"
APPEND="console=ttyS0 panic=-1 quiet loglevel=1 isolcpus=1 nohz_full=1"

# vm OUT HOW ARGS...: sh scripts/smpbench vm -o OUT ARGS... under $sh,
# in a session of its own, the fake first in PATH doing as HOW says;
# sets RC, OUT, ERR, SID (the session), BOOTS (the fake's log), PIDS
# (its processes), VM_CMD (the command, as its runs' env says it).
vm() {
	rm -rf "$T/fq" && mkdir "$T/fq" && : >"$T/fq/pids"
	vm_out=$1 FAKE_HOW=$2
	shift 2
	VM_CMD="smpbench vm -o $vm_out $*"
	PATH=$T/fake:$PATH FAKE_DIR=$T/fq FAKE_FIX=$PWD/tests/fixtures \
	    FAKE_HOW=$FAKE_HOW SMPB_VM_CACHE=$C SMPB_VM_ACCEL=tcg \
	    SMPB_VM_TIMEOUT=300 TMPDIR=$T/tmp setsid $sh $SB vm \
	    -o "$vm_out" "$@" >"$T/vm.out" 2>"$T/vm.err" &
	SID=$!
	wait "$SID"
	RC=$?
	slurp "$T/vm.out"
	OUT=$SLURPED
	slurp "$T/vm.err"
	ERR=$SLURPED
	BOOTS=$(cat "$T/fq/boots" 2>/dev/null)
	PIDS=$(cat "$T/fq/pids")
}

# all_gone: nothing of the command is running (its session, the fake's
# processes), nothing is left in its TMPDIR.
# shellcheck disable=SC2317 # called by check
all_gone() {
	# shellcheck disable=SC2046 # the fake's pids, split on purpose
	no_session "$SID" && none_alive $PIDS && [ -z "$(ls -A "$T/tmp")" ]
}

# saved DIR: the runs in DIR, LABEL-BOOT a word, each named as vm names
# one (DATE-vm-LABEL-BOOT), sorted; a name of another form as it is.
saved() {
	# shellcheck disable=SC2012 # ls: the names are vm's, made of its words
	ls "$1" | sed 's/^[0-9]\{4\}-[0-9][0-9]-[0-9][0-9]-[0-9]\{6\}-vm-//' |
	    LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//'
}

# machine DIR LABEL-BOOT: the run's kernel, then the keys of the machine
# in its env (vm's, emulated), a line each.
machine() {
	grep -E '^(kernel|label|emulated|vm_[a-z]+)=' "$1"/*-vm-"$2"/env
}

# want KERNEL LABEL BOOT: the lines machine prints for the boot BOOT
# (of 2) of the kernel labelled LABEL, the image KERNEL, with -a and -s,
# of the command VM_CMD.
want() {
	printf 'kernel=fake-%s\nlabel=%s\nvm_kernel=%s\n' "$2" "$2" "$1"
	printf 'vm_shape=1x1x2x1\nvm_accel=tcg\nvm_pinned=no: TCG\nemulated=1\n'
	printf 'vm_boot=%s of 2\nvm_order=1:1 1:2 2:2 2:1\n' "$3"
	printf 'vm_append=isolcpus=1 nohz_full=1\nvm_setup=%s\n' "$SETUP_ID"
	printf 'vm_command=%s\n' "$VM_CMD"
}

# bare RUN: RUN is a whole run, with no vm/.
# shellcheck disable=SC2317 # called by check
bare() {
	[ -f "$1/complete" ] && [ ! -e "$1/vm" ]
}

# said LINE NAME: LINE is a line of ERR, whole.
said() {
	if printf '%s\n' "$ERR" | grep -qFx -- "$1"; then
		t_result 0 "$2"
	else
		t_result 1 "$2"
		printf '#   got:  %s\n#   want a line: %s\n' "$ERR" "$1"
	fi
}

# tail_of LINE: the lines of ERR after the line LINE, up to the
# next line of smpbench's own.
tail_of() {
	printf '%s\n' "$ERR" | awk -v t="$1" 'f && /^smpbench: / { exit }
		f { print } $0 == t { f = 1 }'
}

for s in $SHELLS; do
	use_shell $s || continue
	R=$T/runs-$s
	vm "$R" "" -k a=6.12 -k "b=$KB" -R 2 -t 1x1x2x1 -a isolcpus=1 \
	    -a nohz_full=1 -s "$T/setup.sh" -- -r 1 ring
	is "$RC" 0 "$s: two kernels, two boots each: exit 0"
	is "$BOOTS" "a|$KA|$APPEND
b|$KB|$APPEND
b|$KB|$APPEND
a|$KA|$APPEND" "$s: booted a b b a, each its kernel, -a on its command line"
	is "$(saved "$R")" "a-1 a-2 b-1 b-2" "$s: four runs saved, each DATE-vm-LABEL-BOOT"
	is "$(machine "$R" a-1)" "$(want "$KA" a 1)" "$s: a's first boot: the machine in its env"
	is "$(machine "$R" a-2)" "$(want "$KA" a 2)" "$s: a's second boot"
	is "$(machine "$R" b-1)" "$(want "$KB" b 1)" "$s: b's first boot, the image"
	is "$(machine "$R" b-2)" "$(want "$KB" b 2)" "$s: b's second boot"
	is "$(cat "$R"/*-vm-b-2/vm/setup.log)" "$APPEND
echo set up" "$s: the set-up script's log, as the guest gave it, in vm/"
	like "$OUT" '^  a: kernel fake-a, 2 runs' "$s: compare's report on stdout: a's column"
	like "$OUT" '^  b: kernel fake-b, 2 runs' "$s: and b's"
	like "$OUT" '^Each run a boot of its own \(smpbench vm\)' \
	    "$s: each run a boot of its own"
	is "$(printf '%s\n' "$OUT" | tail -n 1 | sed 's/^reproduce: smpbench [^;]*; //')" \
	    "runs and compare: $VM_CMD" "$s: the report's last line: the command to rerun"
	like "$ERR" '^smpbench: vm: under TCG: the CPUs are emulated' \
	    "$s: TCG said before the boots"
	check "$s: nothing left running, nothing in TMPDIR" all_gone

	# Boots that fail: 2, b's set-up script; 3, b's run; 4, a's
	# console, with no results. 1, a's, comes back with a program left
	# running, and no vm/: its set-up script removed VM_OUT.
	F=$T/fail-$s
	vm "$F" "1:left,novm 2:setup 3:run 4:nothing" -k a=6.12 -k "b=$KB" \
	    -R 2 -t 1x1x2x1 -s "$T/setup.sh"
	is "$RC" 1 "$s: boots that failed: exit 1"
	is "$(printf '%s\n' "$BOOTS" | cut -d '|' -f 1 | tr '\n' ' ')" "a b b a " \
	    "$s: every boot booted, those after a failure too"
	is "$(saved "$F")" "a-1" "$s: the one that came back saved, no other"
	check "$s: whole, with no vm/, as the guest sent none" bare "$F"/*-vm-a-1
	l="smpbench: vm: b ($KB) failed: its set-up script (-s) failed (exit 1), its last lines:"
	said "$l" "$s: a set-up script that failed: named in a line"
	is "$(tail_of "$l")" "  | console=ttyS0 panic=-1 quiet loglevel=1 
  | echo set up
  | fake b: set-up failed" "$s: with its log's last lines"
	l="smpbench: vm: b ($KB) failed: its run in the guest failed (exit 2), its last lines:"
	said "$l" "$s: a run that failed: named in a line"
	is "$(tail_of "$l")" "  | ran b
  | smpbench: ring: fake b failed" "$s: with run.err's last lines"
	l="smpbench: vm: a ($KA) failed: no results on the console (qemu exit 0; last line: fake a: no more)"
	said "$l" "$s: a console with no results: the kernel named"
	is "$(tail_of "$l")" "  | SeaBIOS (version fake)
  | Booting from ROM...
  | SMPB-VM-INIT
  | fake a: no more" "$s: with its console's last lines"
	said "smpbench: vm: a: left running in the guest after its run: 42 smpb-ring -n 2" \
	    "$s: a program left running in the guest: said in a line"
	like "$ERR" '^smpbench: vm: 3 of 4 boots failed$' "$s: the failures counted"
	like "$OUT" '^Left out, as they failed \(why on stderr\): b \(its boot 1\), b \(its boot 2\), a \(its boot 2\)\.$' \
	    "$s: and named in the report, which a mail may take alone"
	check "$s: nothing left running, nothing in TMPDIR" all_gone
done

done_testing
