# shellcheck shell=sh disable=SC2154 # vm_*: vm_shape's (lib/vm.sh) and the caller's
# lib/vmboot.sh: booting one emulated machine (after lib/vm.sh): qemu's
# arguments for its shape, the initramfs, the watch that kills a machine
# that stopped or says nothing, and the fall back from KVM to TCG. The
# caller (cmd/vm.sh) defines vm_conf_file, the guest's /vm.conf.

# vm_qemu_args: qemu's machine for the case: CPUs, memory (vm_mem MiB,
# else 256 a node and 16 a CPU) split evenly over the nodes, one backend
# a node.
vm_qemu_args() {
	vq_n=$(printf '%s\n' "$vm_nodes" | wc -w | tr -d ' ')
	vq_mem=${vm_mem:-$((256 * vq_n + vm_cpus * 16))}
	vq_mem=$((vq_mem / vq_n * vq_n))
	printf '%s\n' -m "$vq_mem" -smp "$vm_smp"
	vq_i=0
	for vq_cpus in $vm_nodes; do
		printf '%s\n' -object \
		    "memory-backend-ram,id=m$vq_i,size=$((vq_mem / vq_n))M" \
		    -numa "node,nodeid=$vq_i,cpus=$vq_cpus,memdev=m$vq_i"
		vq_i=$((vq_i + 1))
	done
}

# vm_boot WORK CASE KERNEL ACCEL: boot the case's machine on KERNEL with
# the initramfs, under the accelerator ACCEL, and unpack what the guest
# printed into WORK/CASE/out. vm_boot_s is how long the machine ran,
# vm_init_s when the guest's init said it had started (empty where it
# did not). Its status: 0; 1, with why in vm_why, when the guest came
# back without its results; 3, with why, when it did not get that far:
# the machine stopped (KVM's error), died, or said nothing past its
# firmware within SMPB_VM_BOOT_TIMEOUT seconds (what booting it again
# under TCG may mend).
vm_boot() {
	vb_d=$1/$2
	vm_why='' vm_init_s='' vm_boot_s=''
	vm_initrd "$1" "$2" "$3" || return 1
	vb_args=$(vm_qemu_args && vm_accel_args "$4" && vm_pin_args "$vb_d" "$4")
	vb_t0=$(date +%s)
	# The machine is killed after SMPB_VM_TIMEOUT seconds, or as soon
	# as vm_watch sees it stopped or silent. (The redirections inside
	# the subshell: yash forks once more for those outside, and $! is
	# then not timeout's.)
	# shellcheck disable=SC2086 # the machine's arguments, one a line
	(
		IFS='
'
		exec timeout -k 10 "$VM_TIMEOUT" qemu-system-x86_64 \
		    -nographic -no-reboot $vb_args \
		    -kernel "$3" -initrd "$vb_d/initrd.gz" \
		    -append "console=ttyS0 panic=-1 quiet loglevel=1 $vm_append" \
		    </dev/null >"$vb_d/console" 2>&1
	) &
	vm_qemu=$!
	vm_watch "$vb_d" "$vm_qemu" "$4" &
	vm_watcher=$!
	# (Quiet: a machine killed is said below, not as the shell's
	# "Terminated".)
	wait_child "$vm_qemu" 2>/dev/null
	vb_rc=$wc_rc
	vm_qemu=
	# The watcher ends by itself within a second of the machine.
	wait_child "$vm_watcher"
	vm_watcher=
	# shellcheck disable=SC2034 # for the caller
	vm_boot_s=$(($(date +%s) - vb_t0))
	vm_console "$vb_d" "$vb_rc"
}

# vm_initrd WORK CASE KERNEL: the case's initramfs, WORK/CASE/initrd.gz:
# the common part (WORK/root, vm_build's), then a second archive over it
# of the boot's own files: its /vm.conf (the caller's vm_conf_file), the
# set-up script vm_setup_file as /setup.sh where there is one, and the
# kernel's config as /boot/config-RELEASE, where the guest's env reads
# it (vm_kernel_config).
vm_initrd() {
	vi_d=$1/$2
	mkdir -p "$vi_d/root" || { vm_why="cannot make $vi_d"; return 1; }
	rm -rf "$vi_d/console" "$vi_d/watch" "$vi_d/out.b64" "$vi_d/out"
	vm_kernel_config "$3"
	vi_rel=$vm_cfg_rel
	[ -z "$vi_rel" ] ||
	    cp "$vm_cfg_path" "$vi_d/root/config-$vi_rel" 2>/dev/null
	vm_conf_file >"$vi_d/root/vm.conf" ||
	    { vm_why="cannot write $vi_d/root/vm.conf"; return 1; }
	if [ -n "${vm_setup_file:-}" ]; then
		cp "$vm_setup_file" "$vi_d/root/setup.sh" ||
		    { vm_why="cannot copy $vm_setup_file"; return 1; }
	fi
	{
		(cd "$1/root" && find . | cpio -o -H newc 2>/dev/null)
		mkdir -p "$vi_d/root/boot"
		[ ! -f "$vi_d/root/config-$vi_rel" ] ||
		    mv "$vi_d/root/config-$vi_rel" "$vi_d/root/boot/"
		(cd "$vi_d/root" && find . | cpio -o -H newc 2>/dev/null)
	} | gzip >"$vi_d/initrd.gz" || { vm_why="cannot make the initramfs"; return 1; }
}

# vm_kernel_config KERNEL: the config of the kernel image KERNEL and
# the kernel's release (uname -r), in vm_cfg_path and vm_cfg_rel (both
# empty where there is none): a Debian package's, boot/config-RELEASE
# beside boot/vmlinuz-RELEASE; a built tree's, .config three levels
# above arch/x86/boot/bzImage, the release read from the image's header
# (vm_image_release).
vm_kernel_config() {
	vm_cfg_path='' vm_cfg_rel=''
	case $1 in
	*/vmlinuz-*) vkc_rel=${1##*/vmlinuz-} vkc_cfg=${1%/vmlinuz-*}/config-$vkc_rel ;;
	*/arch/x86/boot/bzImage | */arch/x86_64/boot/bzImage)
		vkc_rel=$(vm_image_release "$1") vkc_cfg=${1%/arch/*/boot/bzImage}/.config ;;
	*) return 0 ;;
	esac
	case $vkc_rel in
	'' | *[!A-Za-z0-9._+-]*) return 0 ;;
	esac
	[ -f "$vkc_cfg" ] && [ -r "$vkc_cfg" ] || return 0
	vm_cfg_path=$vkc_cfg vm_cfg_rel=$vkc_rel
}

# vm_image_release IMAGE: the release a bzImage's kernel says (uname -r):
# the first word of the version string the boot protocol's header
# points to (its offset, less 512, at byte 0x20e, little-endian);
# nothing where there is none.
vm_image_release() {
	vir=$(od -An -tu1 -j 526 -N 2 "$1" 2>/dev/null) || return 0
	# shellcheck disable=SC2086 # the two bytes, split on purpose
	set -- "$1" $vir
	[ $# -eq 3 ] && [ $(($2 + $3)) -gt 0 ] || return 0
	dd if="$1" bs=1 skip=$(($2 + $3 * 256 + 512)) count=64 2>/dev/null |
	    tr '\000' '\n' | sed -n '1s/ .*//p'
}

# vm_console_text FILE: a console's lines as words to show: without its
# carriage returns, the terminal's escape sequences the firmware prints
# (ESC [ ... letter, ESC c) and blank lines.
vm_console_text() {
	vct_esc=$(printf '\033')
	tr -d '\r' <"$1" 2>/dev/null |
	    sed "s/$vct_esc\\[[0-9;?]*[A-Za-z]//g; s/${vct_esc}c//g" |
	    grep -v '^ *$'
}

# vm_console DIR QEMU_STATUS: what the machine whose console is
# DIR/console left: its results unpacked into DIR/out, vm_init_s set;
# vm_boot's status and why.
vm_console() {
	vco_last=$(vm_console_text "$1/console" | tail -n 1 | cut -c 1-100)
	# A panic's own line says why better than the trace after it.
	vco_panic=$(vm_console_text "$1/console" | grep -m 1 'Kernel panic - ' |
	    sed 's/.*\(Kernel panic - \)/\1/' | cut -c 1-100)
	[ -z "$vco_panic" ] || vco_last=$vco_panic
	vco_watch=$(cat "$1/watch" 2>/dev/null)
	vm_init_s=$(printf '%s\n' "$vco_watch" | sed -n 's/^init //p')
	case $vco_watch in
	*"stopped "*)
		vm_why="the machine stopped: $(printf '%s\n' "$vco_watch" |
		    sed -n 's/^stopped //p' | cut -c 1-100)"
		return 3
		;;
	*"silent "*)
		vm_why="nothing from the guest past its firmware in $(printf '%s\n' \
		    "$vco_watch" | sed -n 's/^silent //p') s (last line: $vco_last)"
		return 3
		;;
	esac
	# (A machine that ended before the watcher's first look.)
	if [ -z "$vm_init_s" ]; then
		grep -q SMPB-VM-INIT "$1/console" || {
			vm_why="the guest died before its init (qemu exit $2; ${vco_panic:+the panic: }${vco_panic:-last line: $vco_last})"
			return 3
		}
	fi
	tr -d '\r' <"$1/console" | sed -n '/SMPB-VM-BEGIN/,/SMPB-VM-END/p' |
	    sed '1d;$d' >"$1/out.b64"
	if [ ! -s "$1/out.b64" ]; then
		vm_why="no results on the console (qemu exit $2; ${vco_panic:+the panic: }${vco_panic:-last line: $vco_last})"
		return 1
	fi
	base64 -d <"$1/out.b64" | gzip -dc | (cd "$1" && tar -xf -) ||
	    { vm_why="the results on the console do not unpack"; return 1; }
	# Nothing the host then writes or moves may lead out of DIR/out.
	vco_link=$(find "$1/out" -type l 2>/dev/null | head -n 1)
	[ -z "$vco_link" ] ||
	    { vm_why="the guest's results hold a link, ${vco_link#"$1"/}: refused"; return 1; }
}

# vm_watch DIR PID ACCEL: watch the console DIR/console of the machine
# PID (timeout(1), running qemu) while it runs, once a second, and kill
# it as soon as it will print nothing more: under KVM, when qemu says
# KVM stopped it ("stopped LINE" into DIR/watch); when the guest's init
# has not said it started (SMPB-VM-INIT, its first line) within
# SMPB_VM_BOOT_TIMEOUT seconds ("silent SECONDS"). When it does, "init
# SECONDS" into DIR/watch; under TCG the watch ends there. Under KVM,
# it pins the vCPUs as vm_pin_plan said (vm_pin), once.
vm_watch() {
	vw_t0=$(date +%s)
	vw_init='' vw_pin=''
	while kill -0 "$2" 2>/dev/null; do
		vw_t=$(($(date +%s) - vw_t0))
		if [ "$3" = kvm ]; then
			vw_l=$(tr -d '\r' <"$1/console" | grep -E "$VM_KVM_STOPPED" |
			    head -n 1)
			if [ -n "$vw_l" ]; then
				printf 'stopped %s\n' "$vw_l" >>"$1/watch"
				kill "$2" 2>/dev/null
				return
			fi
		fi
		[ "$3" != kvm ] || [ -z "$vm_pin_to" ] || [ -n "$vw_pin" ] ||
		    ! vm_pin "$1" "$vw_init" || vw_pin=1
		if [ -z "$vw_init" ]; then
			if grep -q SMPB-VM-INIT "$1/console"; then
				vw_init=$vw_t
				printf 'init %s\n' "$vw_t" >>"$1/watch"
				[ "$3" = kvm ] || return
			elif [ "$vw_t" -ge "$VM_BOOT_TIMEOUT" ]; then
				printf 'silent %s\n' "$vw_t" >>"$1/watch"
				kill "$2" 2>/dev/null
				return
			fi
		fi
		sleep 1
	done
}

# Why a KVM boot that failed is not booted again under TCG, where
# VM_ACCEL_SET=1 (the caller may say its own reason).
VM_KVM_KEPT="as SMPB_VM_ACCEL=kvm says"

# vm_boot_case WORK CASE KERNEL: vm_boot under VM_ACCEL. Where KVM was
# not chosen (SMPB_VM_ACCEL) and the machine stopped, died or said
# nothing under it, the case is booted again under TCG, saying so (the
# caller's vm_fallback_line CASE WHY), and so are the cases after it
# (VM_ACCEL=tcg): on such a host KVM works for none. Its status and why (vm_why) are vm_boot's last.
vm_boot_case() {
	vm_boot "$1" "$2" "$3" "$VM_ACCEL"
	vbc_rc=$?
	[ "$vbc_rc" -eq 3 ] && [ "$VM_ACCEL" = kvm ] || return "$vbc_rc"
	if [ "$VM_ACCEL_SET" = 1 ]; then
		vm_why="$vm_why (under KVM, $VM_KVM_KEPT: not booted again under TCG)"
		return 3
	fi
	vm_fallback_line "$2" "$vm_why"
	VM_ACCEL=tcg
	vm_boot "$1" "$2" "$3" tcg
}

# Pinning, under KVM: vCPU i of a machine on the i-th of the host's
# usable CPUs, where there are as many (smpbench vm's plan; none where
# no plan was made). qemu names its vCPU threads "CPU N/KVM" (-name
# NAME,debug-threads=on), which the watch finds in proc (SMPB_ROOT, as
# the driver reads it) and pins with taskset(1) as soon as all are there.
vm_pin_to=''

# vm_pin_plan VCPUS CPUS: the plan for VCPUS vCPUs on the host's usable
# CPUS (a cpulist): the host's CPU of each vCPU in order, blank-separated,
# in vm_pin_to ("" where none is pinned), and the run's fact in
# vm_pinned: "vCPUs 0-7 on CPUs 0-7", or "no: " and why (fewer CPUs than
# vCPUs, no taskset).
vm_pin_plan() {
	vm_pin_to=''
	vpp=$(printf '%s\n' "$2" | awk -v n="$1" -F, '{
		for (i = 1; i <= NF; i++) {
			if (split($i, r, "-") == 1) r[2] = r[1]
			for (c = r[1] + 0; c <= r[2] + 0 && m < n; c++) {
				to = to (m ? " " : "") c
				cpu[++m] = c
			}
			if (m == n) break
		}
		for (i = 1; i <= m; i = j + 1) {
			for (j = i; j < m && cpu[j + 1] == cpu[j] + 1; j++) ;
			l = l (i > 1 ? "," : "") cpu[i] (j > i ? "-" cpu[j] : "")
		}
		print m ":" to ":" l }')
	vpp_n=${vpp%%:*} vpp_l=${vpp##*:}
	if [ "${vpp_n:-0}" -lt "$1" ]; then
		vm_pinned="no: $1 vCPUs on ${vpp_n:-0} usable CPUs"
	elif ! command -v taskset >/dev/null 2>&1; then
		vm_pinned="no: no taskset"
	elif [ "$1" -eq 1 ]; then
		vm_pin_to=$vpp_l vm_pinned="vCPU 0 on CPU $vpp_l"
	else
		vpp=${vpp#*:}
		vm_pin_to=${vpp%:*}
		vm_pinned="vCPUs 0-$(($1 - 1)) on CPUs $vpp_l"
	fi
}

# vm_pin_args DIR ACCEL: qemu's arguments for pinning, one a line: the
# vCPU threads named, qemu's pid into DIR/qemu.pid (under KVM, where the
# plan pins).
vm_pin_args() {
	[ "$2" = kvm ] && [ -n "$vm_pin_to" ] || return 0
	printf '%s\n' -name smpbench,debug-threads=on -pidfile "$1/qemu.pid"
}

# vm_vcpu_threads PID: the vCPU threads of the qemu PID, "N TID" a line
# (vCPU N), from SMPB_ROOT/proc/PID/task/*/comm.
vm_vcpu_threads() {
	for vvt_t in "${SMPB_ROOT:-}/proc/$1/task/"*; do
		vvt_c=
		{ IFS= read -r vvt_c <"$vvt_t/comm"; } 2>/dev/null
		case $vvt_c in
		'CPU '*/KVM) vvt_n=${vvt_c#CPU } vvt_n=${vvt_n%/KVM} ;;
		*) continue ;;
		esac
		case $vvt_n in
		'' | *[!0-9]*) ;;
		*) printf '%s %s\n' "$vvt_n" "${vvt_t##*/}" ;;
		esac
	done
}

# vm_pin_map PID: the plan made of the threads of the qemu PID: "CPU
# TID" a line, vCPU i's thread TID on the i-th CPU of vm_pin_to; or
# "missing N" where vCPU N has no thread (yet).
vm_pin_map() {
	vm_vcpu_threads "$1" | awk -v to="$vm_pin_to" '{ tid[$1] = $2 }
	END {
		n = split(to, cpu, " ")
		for (i = 0; i < n; i++)
			if (!(i in tid)) {
				print "missing " i
				exit
			}
		for (i = 0; i < n; i++)
			print cpu[i + 1], tid[i]
	}'
}

# vm_pin DIR INIT: pin the vCPU threads of the machine whose qemu wrote
# DIR/qemu.pid as vm_pin_map says, once every one is there: "pinned"
# into DIR/watch. True when done, or given up: taskset failed, or they
# are not all there though the guest's init has started (INIT, its
# second, not empty): "unpinned WHY" into DIR/watch. False while they
# may yet come.
vm_pin() {
	vpn_pid=
	{ read -r vpn_pid <"$1/qemu.pid"; } 2>/dev/null
	vpn_map=$(vm_pin_map "${vpn_pid:-none}")
	case $vpn_map in
	missing*)
		[ -n "$2" ] || return 1
		echo "unpinned vCPU ${vpn_map#missing }: no thread found" >>"$1/watch"
		return 0
		;;
	esac
	while read -r vpn_cpu vpn_tid; do
		taskset -p -c "$vpn_cpu" "$vpn_tid" >/dev/null 2>&1 || {
			echo "unpinned taskset -p -c $vpn_cpu $vpn_tid failed" >>"$1/watch"
			return 0
		}
	done <<EOF_PIN
$vpn_map
EOF_PIN
	echo pinned >>"$1/watch"
}

# vm_pin_fact DIR ACCEL: the fact a run's env keeps of its boot (its
# watch in DIR, under ACCEL): vm_pinned where it was pinned, else "no: "
# and why.
vm_pin_fact() {
	if [ "$2" != kvm ]; then
		echo "no: TCG"
	elif [ -z "$vm_pin_to" ]; then
		printf '%s\n' "$vm_pinned"
	elif grep -qx pinned "$1/watch" 2>/dev/null; then
		printf '%s\n' "$vm_pinned"
	else
		vpf=$(sed -n 's/^unpinned //p' "$1/watch" 2>/dev/null)
		printf 'no: %s\n' "${vpf:-the machine ended before its vCPUs were pinned}"
	fi
}
