# t757-vm-host: smpbench vm's host side that needs no boot
# (scripts/lib/vmboot.sh): under KVM, the plan that pins vCPU i to the
# i-th usable CPU where there are as many (one, eight, CPUs with gaps;
# 32 vCPUs on 2 CPUs, or no taskset: not pinned, saying why); qemu's
# vCPU threads ("CPU N/KVM") found in a made-up proc (SMPB_ROOT), in any
# order, beside qemu's other threads; each pinned with taskset (a fake
# that logs), by the watch as soon as they are all there, and given up,
# saying so, where one is missing once the guest's init has started or
# taskset fails; the fact each run's env keeps (vm_pinned), "no: TCG"
# under TCG; and qemu's arguments for it only under KVM. The kernel's
# config put in the initramfs where the guest's env reads it, for a
# built tree's bzImage and a Debian package's vmlinuz, none for others.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
# shellcheck source=scripts/lib/vm.sh
. scripts/lib/vm.sh
# shellcheck source=scripts/lib/child.sh
. scripts/lib/child.sh
# shellcheck source=scripts/lib/vmboot.sh
. scripts/lib/vmboot.sh
T=$TMPDIR_T

# --- The plan.
vm_pin_plan 8 0-7
is "$vm_pin_to|$vm_pinned" "0 1 2 3 4 5 6 7|vCPUs 0-7 on CPUs 0-7" \
    "8 vCPUs on 8 usable CPUs: one to one"
vm_pin_plan 4 0,3,8-9,19,24
is "$vm_pin_to|$vm_pinned" "0 3 8 9|vCPUs 0-3 on CPUs 0,3,8-9" \
    "4 vCPUs on 6 usable CPUs with gaps: the first 4"
vm_pin_plan 1 5
is "$vm_pin_to|$vm_pinned" "5|vCPU 0 on CPU 5" "one vCPU"
vm_pin_plan 32 0-1
is "$vm_pin_to|$vm_pinned" "|no: 32 vCPUs on 2 usable CPUs" \
    "32 vCPUs on 2 usable CPUs: not pinned, saying so"
# A PATH of awk alone, which the plan needs: no taskset on it.
AWK_ONLY=$T/awk-only
mkdir "$AWK_ONLY"
ln -s "$(command -v awk)" "$AWK_ONLY/awk"
OLDPATH=$PATH
PATH=$AWK_ONLY
vm_pin_plan 2 0-1
PATH=$OLDPATH
is "$vm_pin_to|$vm_pinned" "|no: no taskset" "no taskset: not pinned, saying so"

# --- qemu's arguments: the threads named and its pid, under KVM only.
vm_pin_plan 3 2,5-6
is "$(vm_pin_args "$T/d" kvm | tr '\n' ' ')" \
    "-name smpbench,debug-threads=on -pidfile $T/d/qemu.pid " \
    "under KVM: vCPU threads named, qemu's pid kept"
is "$(vm_pin_args "$T/d" tcg)" "" "under TCG: nothing"

# --- A made-up proc: qemu 4242, its threads in no order, vCPU 0-2.
SMPB_ROOT=$T/root
# thread TID COMM: a thread of qemu's.
thread() {
	mkdir -p "$SMPB_ROOT/proc/4242/task/$1" &&
	    printf '%s\n' "$2" >"$SMPB_ROOT/proc/4242/task/$1/comm"
}
thread 4242 qemu-system-x86
thread 4250 "CPU 1/KVM"
thread 4260 "IO mon_iothread"
thread 4252 "CPU 2/KVM"
is "$(vm_pin_map 4242)" "missing 0" "vCPU 0's thread not there yet: missing"
thread 4251 "CPU 0/KVM"
thread 4263 "CPU x/KVM"
is "$(vm_pin_map 4242 | tr '\n' ' ')" "2 4251 5 4250 6 4252 " \
    "every vCPU's thread found, on the i-th CPU"
is "$(vm_pin_map 999)" "missing 0" "no such qemu: nothing found"

# The fake taskset: logs its arguments; fails where FAKE_FAIL says.
mkdir -p "$T/fake" "$T/d"
cat >"$T/fake/taskset" <<'EOF_FAKE'
#!/bin/sh
echo "$*" >>"$FAKE_LOG"
[ "${FAKE_FAIL:-}" != "$4" ]
EOF_FAKE
chmod +x "$T/fake/taskset"
FAKE_LOG=$T/taskset.log
export FAKE_LOG
PATH=$T/fake:$PATH
echo 4242 >"$T/d/qemu.pid"
vm_pin "$T/d" ''
is "$? $(cat "$T/d/watch") $(tr '\n' ' ' <"$FAKE_LOG")" \
    "0 pinned -p -c 2 4251 -p -c 5 4250 -p -c 6 4252 " \
    "each vCPU's thread pinned to its CPU"
is "$(vm_pin_fact "$T/d" kvm)" "vCPUs 0-2 on CPUs 2,5-6" "the run says so"
is "$(vm_pin_fact "$T/d" tcg)" "no: TCG" "under TCG: no: TCG"
rm -f "$T/d/watch" "$FAKE_LOG"
FAKE_FAIL=4250 vm_pin "$T/d" ''
is "$? $(cat "$T/d/watch")" "0 unpinned taskset -p -c 5 4250 failed" \
    "taskset failing: given up, saying so"
is "$(vm_pin_fact "$T/d" kvm)" "no: taskset -p -c 5 4250 failed" \
    "and the run says why"
rm -f "$T/d/watch" "$FAKE_LOG"
rm -r "$SMPB_ROOT/proc/4242/task/4252"
vm_pin "$T/d" ''
is "$? $(cat "$T/d/watch" 2>/dev/null)" "1 " \
    "a vCPU's thread missing before the guest's init: waited for"
vm_pin "$T/d" 3
is "$? $(cat "$T/d/watch")" "0 unpinned vCPU 2: no thread found" \
    "missing once the init has started: given up, saying so"
check "and nothing pinned" test ! -e "$FAKE_LOG"
rm -f "$T/d/watch"
is "$(vm_pin_fact "$T/d" kvm)" "no: the machine ended before its vCPUs were pinned" \
    "a machine that ended first: not pinned, saying so"

# --- The watch pins a machine under KVM: a sleep stands for qemu.
thread 4252 "CPU 2/KVM"
: >"$T/d/console"
sleep 60 &
q=$!
VM_BOOT_TIMEOUT=60
vm_watch "$T/d" "$q" kvm &
w=$!
check "the watch pins the vCPUs of a running machine" wait_file 30 "$T/d/watch"
is "$(cat "$T/d/watch")" pinned "once"
kill "$q"
wait "$q" 2>/dev/null
wait "$w"

# --- The kernel's config in the initramfs, where the guest's env reads
# it (boot/config-RELEASE): a built tree's (.config three levels above
# arch/x86/boot/bzImage, the release from the image's header), a Debian
# package's (beside its vmlinuz); none for an image elsewhere.
# image FILE RELEASE: a bzImage's header pointing to RELEASE's version
# string (at 0x300: 0x100 at byte 0x20e), the rest zeros.
image() {
	{
		dd if=/dev/zero bs=514 count=1 2>/dev/null
		printf 'HdrS'
		dd if=/dev/zero bs=8 count=1 2>/dev/null
		printf '\000\001'
		dd if=/dev/zero bs=240 count=1 2>/dev/null
		printf '%s (me@box) #1 SMP PREEMPT_DYNAMIC\000' "$2"
		dd if=/dev/zero bs=256 count=1 2>/dev/null
	} >"$1"
}
mkdir -p "$T/linux/arch/x86/boot" "$T/cache/6.1.0-9-amd64/boot" "$T/work/root"
image "$T/linux/arch/x86/boot/bzImage" 6.13.0-rc1+
echo CONFIG_PREEMPT_LAZY=y >"$T/linux/.config"
image "$T/cache/6.1.0-9-amd64/boot/vmlinuz-6.1.0-9-amd64" 6.1.0-9-amd64
echo CONFIG_PREEMPT_VOLUNTARY=y >"$T/cache/6.1.0-9-amd64/boot/config-6.1.0-9-amd64"
image "$T/elsewhere" 6.14.0
echo CONFIG_PREEMPT=y >"$T/.config"
is "$(vm_image_release "$T/linux/arch/x86/boot/bzImage")" 6.13.0-rc1+ \
    "a bzImage's release, from its header"
printf 'not a kernel\n' >"$T/bad"
is "$(vm_image_release "$T/bad")" "" "none from a file of no header"
echo init >"$T/work/root/init"
# shellcheck disable=SC2317 # called by vm_initrd
vm_conf_file() { echo vm_label=k1; }
# initrd CASE KERNEL: the case's initramfs for KERNEL, its files listed
# (the names of boot/config-*) and what its configs say, as one line.
initrd() {
	vm_initrd "$T/work" "$1" "$2" || return 1
	gzip -dc "$T/work/$1/initrd.gz" | LC_ALL=C tr -c 'A-Za-z0-9_=+./-' '\n' |
	    sed -n 's|.*boot/config-|boot/config-|p; /^CONFIG_/p' | tr '\n' ' '
}
if ! command -v cpio >/dev/null 2>&1; then
	t_skip "no cpio"
	t_skip "no cpio"
	t_skip "no cpio"
else
	is "$(initrd tree "$T/linux/arch/x86/boot/bzImage")" \
	    "boot/config-6.13.0-rc1+ CONFIG_PREEMPT_LAZY=y " \
	    "a built tree's .config, as the guest's release names it"
	is "$(initrd deb "$T/cache/6.1.0-9-amd64/boot/vmlinuz-6.1.0-9-amd64")" \
	    "boot/config-6.1.0-9-amd64 CONFIG_PREEMPT_VOLUNTARY=y " \
	    "a Debian package's config"
	is "$(initrd else "$T/elsewhere")" "" "an image of no tree: no config"
fi

done_testing
