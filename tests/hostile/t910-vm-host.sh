# t910-vm-host: make vmtest's host side (tests/vm/lib.sh, tests/vm/run)
# on a host that cannot be trusted, with a fake qemu and no real boot.
# The kernels' cache is used only where no other user can have put a
# kernel: a cache of nobody's with a kernel planted in it, one others
# can write, one under a directory others can write or own, a link to
# such a one, and no cache at all where HOME is unset (not /tmp's), are
# each refused in one line, and nothing is booted or made there; a new
# cache is made mode 0700. The accelerator: SMPB_VM_ACCEL=kvm or tcg and
# no other word (exit 2), kvm refused where there is no KVM, KVM by
# default where its device can be written. A KVM machine that stops
# ("KVM internal error. Suberror: 1"), dies at once, or prints nothing
# past its firmware ("Booting from ROM...", then nothing) is noticed at
# once, killed, and the case booted again under TCG, saying so, as are
# the cases after it; where SMPB_VM_ACCEL=kvm chose KVM the case fails
# instead, saying why; under TCG a silent machine fails at the bound.
# The fake prints what such a machine prints, then exits or hangs as it
# would; nothing of it is left running. Results that hold a link are
# refused. The cache of nobody's needs
# root (tests/lib.sh's other_user).
# tests/run: early
# shellcheck disable=SC2016 # the fake's code, expanded as it runs
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
VM_DIR=tests/vm
# shellcheck source=tests/vm/lib.sh
. tests/vm/lib.sh
T=$TMPDIR_T
ME=$(id -u)

# The fake qemu-system-x86_64: it logs its pid, accelerator and -cpu
# (FAKE_LOG), prints the firmware's lines, then, under KVM, fails as
# FAKE_KVM says (stop: KVM's internal error, and the machine kept
# paused; silent: nothing more; die: qemu's error, exit 1; ok: as under
# TCG); under TCG, as FAKE_TCG says (silent; ok: the guest's first line
# and its results, FAKE_PAYLOAD, between the markers, then exit 0). A
# machine that hangs is a sleep in the fake's place, which timeout(1)
# then kills.
mkdir "$T/fake"
cat >"$T/fake/qemu-system-x86_64" <<'EOF_FAKE'
#!/bin/sh
accel='' cpu=none
while [ $# -gt 0 ]; do
	case $1 in
	-accel) accel=$2; shift ;;
	-cpu) cpu=$2; shift ;;
	esac
	shift
done
echo "$$ $accel/$cpu" >>"$FAKE_LOG"
# (The terminal's escapes SeaBIOS prints, which no line of vm shows.)
printf 'SeaBIOS (version fake)\r\nBooting from ROM...\033c\033[?7l\033[2J\r\n'
case $accel in
kvm) how=${FAKE_KVM:-ok} ;;
*) how=${FAKE_TCG:-ok} ;;
esac
case $how in
stop)
	printf 'KVM internal error. Suberror: 1\nemulation failure\n' >&2
	exec sleep 300
	;;
silent) exec sleep 300 ;;
die)
	echo "qemu-system-x86_64: failed to initialize kvm: Permission denied" >&2
	exit 1
	;;
esac
printf 'SMPB-VM-INIT\r\nSMPB-VM-BEGIN\r\n'
cat "$FAKE_PAYLOAD"
printf 'SMPB-VM-END\r\n'
EOF_FAKE
chmod +x "$T/fake/qemu-system-x86_64"
PATH=$T/fake:$PATH
FAKE_LOG=$T/qemu.log
FAKE_PAYLOAD=$T/payload.b64
export PATH FAKE_LOG FAKE_PAYLOAD
: >"$FAKE_LOG"
mkdir -p "$T/guest/out" "$T/tmp"
echo "topology=fake" >"$T/guest/out/env"
(cd "$T/guest" && tar -cf - out | gzip | base64) >"$FAKE_PAYLOAD"
unset SMPB_VM_ACCEL SMPB_VM_CACHE XDG_CACHE_HOME

# vmrun NAME=VALUE...: tests/vm/run 16-offline as make vmtest runs it,
# in that environment, with the fake qemu first in PATH and a TMPDIR of
# the test's.
vmrun() {
	run env TMPDIR="$T/tmp" "$@" sh tests/vm/run 16-offline
}

# --- A machine's shape (vm_shape): NODESxLLCSxCORESxTHREADS into qemu's
# -smp and the nodes' CPUs, an LLC a package; anything else refused.
vm_shape 2x2x4x2
is "$? $vm_cpus $vm_smp|$vm_nodes" "0 32 32,sockets=4,cores=4,threads=2|0-15 16-31" \
    "shape 2x2x4x2: 32 CPUs, 4 packages of 4 cores of 2 threads, 2 nodes of 16"
vm_shape 1x1x2x1
is "$? $vm_cpus $vm_smp|$vm_nodes" "0 2 2,sockets=1,cores=2,threads=1|0-1" \
    "shape 1x1x2x1: 2 CPUs, one node"
vm_shape 3x1x1x1
is "$vm_nodes" "0-0 1-1 2-2" "shape 3x1x1x1: a node a CPU"
for sh_bad in 2x2x4 2x2x4x2x1 0x1x1x1 2x01x1x1 x1x1x1 1x1x1x 1xx1x1 \
    2x-1x1x1 1x1x65x1 '1x1x2x1 ' '' a; do
	vm_shape "$sh_bad"
	is "$? $vm_why" "1 -t $sh_bad: not a shape NODESxLLCSxCORESxTHREADS, e.g. 2x2x4x2" \
	    "shape '$sh_bad' refused"
done
vm_shape 4x4x8x2
is "$? $vm_why" "1 -t 4x4x8x2: 256 CPUs, over the 255 a machine can have" \
    "shape 4x4x8x2: 256 CPUs refused"

# --- The accelerator.
vmrun SMPB_VM_ACCEL=bogus
is "$RC $ERR" "2 tests/vm/run: SMPB_VM_ACCEL=bogus: not kvm or tcg" \
    "SMPB_VM_ACCEL=bogus: exit 2, one line"
vmrun SMPB_VM_BOOT_TIMEOUT=0
is "$RC $ERR" "2 tests/vm/run: SMPB_VM_BOOT_TIMEOUT=0: not a number of seconds (1..86400)" \
    "SMPB_VM_BOOT_TIMEOUT=0: exit 2, one line"
VM_KVM_DEV=$T/kvm
: >"$VM_KVM_DEV"
vm_accel
is "$? $VM_ACCEL $VM_ACCEL_SET" "0 kvm 0" "KVM by default where its device can be written"
SMPB_VM_ACCEL=tcg
vm_accel
is "$? $VM_ACCEL $VM_ACCEL_SET" "0 tcg 1" "SMPB_VM_ACCEL=tcg: TCG all the same"
unset SMPB_VM_ACCEL
VM_KVM_DEV=$T/no-kvm
vm_accel
is "$? $VM_ACCEL $VM_ACCEL_SET" "0 tcg 0" "TCG by default where there is no KVM"
SMPB_VM_ACCEL=kvm
vm_accel
is "$? $vm_why" "1 SMPB_VM_ACCEL=kvm, but $T/no-kvm cannot be opened for writing: no KVM here" \
    "SMPB_VM_ACCEL=kvm where there is no KVM: refused, saying why"
unset SMPB_VM_ACCEL
VM_KVM_DEV=/dev/kvm

# --- The kernels' cache.
# cache DIR: vm_cache with SMPB_VM_CACHE=DIR; RC and vm_why.
cache() {
	SMPB_VM_CACHE=$1
	vm_cache
	RC=$?
	unset SMPB_VM_CACHE
}
# mode DIR: DIR's mode, as ls prints it.
mode() {
	# shellcheck disable=SC2012 # ls -ld: the mode, POSIX
	LC_ALL=C ls -ld "$1" | cut -c 1-10
}
mkdir -m 0777 "$T/open"
chmod 0777 "$T/open"
cache "$T/open"
is "$RC $vm_why" "1 the kernels' cache is not safe: $T/open can be written by other users, mode drwxrwxrwx; name another with SMPB_VM_CACHE" \
    "a cache others can write: refused"
cache "$T/open/cache"
is "$RC $vm_why" "1 the kernels' cache is not safe: $T/open, above it, can be written by other users, mode drwxrwxrwx; name another with SMPB_VM_CACHE" \
    "a cache in a directory others can write: refused"
is "$(ls -A "$T/open")" "" "and nothing made there"
ln -s "$T/open" "$T/link"
cache "$T/link"
is "$RC $vm_why" "1 the kernels' cache is not safe: $T/open can be written by other users, mode drwxrwxrwx; name another with SMPB_VM_CACHE" \
    "a link to such a cache: what it leads to refused"
# The accepted ones need the test's own directory to be one that could
# hold a cache (not under a directory others can write).
t_ok=$(vm_trusted "$T" "$T")
if [ -n "$t_ok" ]; then
	t_skip "the test's directory cannot hold a cache: $t_ok"
	t_skip "the test's directory cannot hold a cache: $t_ok"
	t_skip "the test's directory cannot hold a cache: $t_ok"
else
	mkdir -m 1777 "$T/sticky"
	chmod 1777 "$T/sticky"
	cache "$T/sticky/new/cache"
	is "$RC $VM_CACHE $(mode "$T/sticky/new/cache")" \
	    "0 $T/sticky/new/cache drwx------" \
	    "a new cache in a sticky directory (as /tmp): made, mode 0700"
	mkdir -m 0700 "$T/home"
	(HOME=$T/home && vm_cache && echo "$VM_CACHE") >"$T/vc"
	is "$(cat "$T/vc")" "$T/home/.cache/smpbench-vm" "by default in HOME's .cache"
	(HOME=$T/home XDG_CACHE_HOME=$T/home/xdg && vm_cache &&
	    echo "$VM_CACHE") >"$T/vc"
	is "$(cat "$T/vc")" "$T/home/xdg/smpbench-vm" "or XDG_CACHE_HOME's"
fi
# With no HOME: no cache, not a directory of /tmp's.
(unset HOME; vm_cache) >/dev/null
is "$?" 1 "no HOME: no cache"
if ! vm_tools >/dev/null; then
	t_skip "make vmtest's tools are not all here: $(vm_tools)"
else
	run sh -c 'unset HOME; TMPDIR=$1 exec sh tests/vm/run 16-offline' sh \
	    "$T/tmp"
	is "$RC $ERR" "1 tests/vm/run: no kernels' cache: HOME is not set; name one with SMPB_VM_CACHE" \
	    "make vmtest with no HOME: exit 1, one line"
fi
# A cache of another user's, with a kernel planted in it: refused, and
# the kernel not booted; under a directory of that user's, the same.
# shellcheck disable=SC2119 # nothing of the tree's is run as nobody
if ! other_user; then
	other_skip "$OTHER_WHY: no cache of another user's to be planted"
	other_skip "$OTHER_WHY: no cache of another user's to be planted"
	other_skip "$OTHER_WHY: no cache of another user's to be planted"
elif ! vm_tools >/dev/null; then
	t_skip "make vmtest's tools are not all here: $(vm_tools)"
	t_skip "make vmtest's tools are not all here: $(vm_tools)"
	t_skip "make vmtest's tools are not all here: $(vm_tools)"
else
	P=$T/planted
	mkdir -p "$P/6.12.99-planted/boot"
	: >"$P/6.12.99-planted/boot/vmlinuz-6.12.99-planted"
	chown -R "$OTHER_UID:$OTHER_GID" "$P"
	: >"$FAKE_LOG"
	vmrun SMPB_VM_CACHE="$P" SMPB_VM_ACCEL=tcg
	is "$RC $ERR" "1 tests/vm/run: the kernels' cache is not safe: $P is owned by uid $OTHER_UID, not $ME; name another with SMPB_VM_CACHE" \
	    "make vmtest with a cache of nobody's: exit 1, one line"
	is "$(cat "$FAKE_LOG")" "" "and the kernel planted there is not booted"
	cache "$P/mine"
	is "$RC $vm_why" "1 the kernels' cache is not safe: $P, above it, is owned by uid $OTHER_UID; name another with SMPB_VM_CACHE" \
	    "a cache in a directory of nobody's: refused"
fi
is "$(ls -A "$T/tmp")" "" "make vmtest leaves nothing in its TMPDIR"

# --- The machine, watched.
# A kernel of the fake cache, a work directory, the case 16-offline.
need_cmd cpio || { t_skip "cpio is not installed: no initramfs"; done_testing; }
KERNEL=$T/kernels/6.12.0-fake/boot/vmlinuz-6.12.0-fake
mkdir -p "${KERNEL%/*}" "$T/work/root"
: >"$KERNEL"
: >"${KERNEL%/*}/config-6.12.0-fake"
# shellcheck source=scripts/lib/child.sh
. scripts/lib/child.sh
# shellcheck source=scripts/lib/vmboot.sh
. scripts/lib/vmboot.sh
vm_shape 2x1x4x2
vm_append=''
VM_TIMEOUT=100
# The caller's hooks (smpbench vm has its own): the guest's /vm.conf,
# and the line that says a boot falls back to TCG.
vm_conf_file() { printf 'vm_label=fake\n'; }
vm_fallback_line() {
	printf 'vm %s: under KVM, %s; booting it again under TCG (and the cases after it)\n' \
	    "$1" "$2"
}

# boot ACCEL SET HOW [BOUND]: vm_boot_case of 16-offline under
# VM_ACCEL=ACCEL (SET=1: SMPB_VM_ACCEL chose it), the fake's KVM failing
# as HOW says, the init given BOUND seconds (default 100: what is
# noticed is noticed before it); sets RC, OUT (what it printed), WHY,
# RUNS (the fake's accelerators and CPUs, in order) and PIDS (its
# processes).
boot() {
	VM_ACCEL=$1 VM_ACCEL_SET=$2 FAKE_KVM=$3 VM_BOOT_TIMEOUT=${4:-100}
	export FAKE_KVM
	: >"$FAKE_LOG"
	vm_boot_case "$T/work" 16-offline "$KERNEL" >"$T/boot.out"
	RC=$?
	OUT=$(cat "$T/boot.out")
	WHY=$vm_why
	RUNS=$(awk '{ printf "%s%s", (NR > 1 ? " " : ""), $2 }' "$FAKE_LOG")
	PIDS=$(awk '{ print $1 }' "$FAKE_LOG")
}
# unpacked: the guest's results are in the case's out/.
# shellcheck disable=SC2317 # called by check
unpacked() {
	[ "$(cat "$T/work/16-offline/out/env" 2>/dev/null)" = topology=fake ]
}
again="booting it again under TCG (and the cases after it)"
again_re="booting it again under TCG \\(and the cases after it\\)"

boot kvm 0 stop
is "$RC $RUNS" "0 kvm/host tcg,thread=single/none" \
    "KVM stops the machine: booted again under TCG (-cpu host under KVM)"
is "$OUT" "vm 16-offline: under KVM, the machine stopped: KVM internal error. Suberror: 1; $again" \
    "noticed at once, not at the bound, and said"
check "the results of the TCG boot unpacked" unpacked
# shellcheck disable=SC2086 # the pids, split on purpose
check "the stopped machine is gone" wait_gone 5 $PIDS
boot "$VM_ACCEL" 0 stop
is "$RC $RUNS $OUT" "0 tcg,thread=single/none " \
    "the case after it: straight under TCG"

# (The bound is three seconds, for both boots: a loaded host may start
# the fake only after one, and the machine is then killed before it
# prints, or logs, a line; under TCG too, which then fails the case.)
boot kvm 0 silent 3
like "$RC $RUNS" "^0 (kvm/host )?tcg,thread=single/none\$" \
    "nothing past the firmware under KVM: booted again under TCG"
like "$OUT" "^vm 16-offline: under KVM, nothing from the guest past its firmware in [0-9]+ s \\(last line: (Booting from ROM\\.\\.\\.)?\\); $again_re\$" \
    "at the bound, saying so, the firmware's last line without its escapes"
# shellcheck disable=SC2086 # the pids, split on purpose
check "the silent machine is gone" wait_gone 5 $PIDS

boot kvm 0 die
is "$RC $RUNS" "0 kvm/host tcg,thread=single/none" \
    "qemu dies at once under KVM: booted again under TCG"
is "$OUT" "vm 16-offline: under KVM, the guest died before its init (qemu exit 1; last line: qemu-system-x86_64: failed to initialize kvm: Permission denied); $again" \
    "saying why"

boot kvm 1 stop
is "$RC $RUNS $OUT" "3 kvm/host " \
    "SMPB_VM_ACCEL=kvm: not booted again"
is "$WHY" "the machine stopped: KVM internal error. Suberror: 1 (under KVM, as SMPB_VM_ACCEL=kvm says: not booted again under TCG)" \
    "the case fails, saying why"
# shellcheck disable=SC2086 # the pids, split on purpose
check "the stopped machine is gone" wait_gone 5 $PIDS

boot kvm 0 ok
is "$RC $RUNS $OUT" "0 kvm/host " "a KVM that works: once, under KVM"
check "its results unpacked" unpacked

# A guest whose results hold a link (out/run leading out of them): not
# unpacked into use, the boot failed, saying so; nothing written there.
mkdir -p "$T/outside"
ln -s "$T/outside" "$T/guest/out/run"
(cd "$T/guest" && tar -cf - out | gzip | base64) >"$FAKE_PAYLOAD"
boot tcg 0 ok
is "$RC $WHY" "1 the guest's results hold a link, out/run: refused" \
    "a link in the guest's results: refused"
rm "$T/guest/out/run"
(cd "$T/guest" && tar -cf - out | gzip | base64) >"$FAKE_PAYLOAD"

FAKE_TCG=silent
export FAKE_TCG
boot tcg 0 ok 1
like "$RC $RUNS $WHY" "^3 (tcg,thread=single/none )?nothing from the guest past its firmware in [0-9]+ s" \
    "under TCG, a silent machine fails at the bound, once"
# shellcheck disable=SC2086 # the pids, split on purpose
check "and is gone" wait_gone 5 $PIDS

done_testing
