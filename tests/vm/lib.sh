# shellcheck shell=sh
# tests/vm/lib.sh: make vmtest's host side (sourced by tests/vm/run):
# the tools it needs, the kernels in the cache, the static build and the
# initramfs, and booting one case under qemu-system-x86_64.

# vm_all_cases: every case, in the order they run (the file names of
# tests/vm/cases/ sort so: a case read by another comes before it).
vm_all_cases() {
	for vac_f in "$VM_DIR"/cases/*.sh; do
		vac_f=${vac_f##*/}
		printf '%s\n' "${vac_f%.sh}"
	done
}

# vm_tools: the tools make vmtest needs; false, with what is missing,
# where one is (the static busybox, vm_busybox, is fetched if need be).
vm_tools() {
	for vt_c in qemu-system-x86_64 cpio gzip base64 timeout make cc; do
		command -v "$vt_c" >/dev/null 2>&1 || {
			echo "$vt_c is not installed"
			return 1
		}
	done
}

# vm_busybox: the path of a static busybox for the guests: the one
# installed where it is static (busybox-static), else busybox-static's
# fetched into the cache with apt-get download and unpacked there (the
# two packages conflict, and the shell tests run the dynamic one). A
# dynamic busybox names its loader (/lib64/ld-linux...): the guest has
# none. False, with why, where none can be had. After vm_cache.
vm_busybox() {
	vb=$(command -v busybox 2>/dev/null)
	if [ -n "$vb" ] && ! LC_ALL=C grep -q '/lib64/ld-linux' "$vb" 2>/dev/null; then
		printf '%s\n' "$vb"
		return 0
	fi
	vb_cache=$VM_CACHE
	vb=$vb_cache/busybox-static/bin/busybox
	[ -x "$vb" ] && { printf '%s\n' "$vb"; return 0; }
	if ! command -v apt-get >/dev/null 2>&1 ||
	    ! command -v dpkg-deb >/dev/null 2>&1; then
		echo "no static busybox, and no apt-get to fetch busybox-static"
		return 1
	fi
	vb_tmp=$(mktemp -d "$vb_cache/busybox.XXXXXX") || return 1
	if (cd "$vb_tmp" && apt-get download busybox-static) >/dev/null 2>&1 &&
	    dpkg-deb -x "$vb_tmp"/busybox-static_*.deb "$vb_tmp/x" &&
	    rm -rf "$vb_cache/busybox-static" &&
	    mv "$vb_tmp/x" "$vb_cache/busybox-static"; then
		rm -rf "$vb_tmp"
		[ -x "$vb" ] && { printf '%s\n' "$vb"; return 0; }
	fi
	rm -rf "$vb_tmp"
	echo "apt-get download busybox-static failed"
	return 1
}

# vm_cache: the directory the kernels and the static busybox are kept
# in, into VM_CACHE: SMPB_VM_CACHE, else $XDG_CACHE_HOME/smpbench-vm,
# else $HOME/.cache/smpbench-vm, made (mode 0700) where it is missing.
# A kernel found there is booted as it is, so the cache is used only
# where no other user can have put anything in it or swap it: it is
# this user's own directory, which neither its group nor others can
# write, and every directory above it (links followed) is this user's
# or root's, which no one else can write unless it is sticky (as /tmp
# is: none can then rename what another made there). What is there of
# the path is looked at before anything is made in it. With no HOME
# there is no default: a directory of /tmp's could be anyone's. False,
# with why in vm_why, where the cache cannot be used.
vm_cache() {
	vm_why=
	VM_CACHE=${SMPB_VM_CACHE:-}
	if [ -z "$VM_CACHE" ] && [ -n "${XDG_CACHE_HOME:-}" ]; then
		VM_CACHE=$XDG_CACHE_HOME/smpbench-vm
	elif [ -z "$VM_CACHE" ] && [ -n "${HOME:-}" ]; then
		VM_CACHE=$HOME/.cache/smpbench-vm
	fi
	case $VM_CACHE in
	'')
		vm_why="no kernels' cache: HOME is not set; name one with SMPB_VM_CACHE"
		return 1
		;;
	/*) ;;
	*)
		vm_why="the kernels' cache $VM_CACHE is not an absolute path"
		return 1
		;;
	esac
	VM_CACHE=${VM_CACHE%/}
	vca_have=$VM_CACHE
	while [ -n "$vca_have" ] && [ ! -d "$vca_have" ]; do
		vca_have=${vca_have%/*}
	done
	vm_why=$(vm_trusted "${vca_have:-/}" "$VM_CACHE")
	if [ -z "$vm_why" ] && [ ! -d "$VM_CACHE" ] &&
	    ! (umask 077 && mkdir -p "$VM_CACHE") 2>/dev/null; then
		vm_why="cannot make the kernels' cache $VM_CACHE"
		return 1
	fi
	[ -n "$vm_why" ] || vm_why=$(vm_trusted "$VM_CACHE" "$VM_CACHE")
	[ -n "$vm_why" ] || return 0
	vm_why="the kernels' cache is not safe: $vm_why; name another with SMPB_VM_CACHE"
	return 1
}

# vm_trusted DIR CACHE: nothing when the directory DIR (the cache
# CACHE, or the part of its path there is yet) and the directories
# above it, as they are on disk (links followed), are as vm_cache says;
# else what is wrong, naming the directory.
vm_trusted() {
	vt_dir=$(cd -P -- "$1" 2>/dev/null && pwd -P) ||
	    { echo "$1 cannot be entered"; return; }
	[ "$vt_dir" != / ] || vt_dir=
	vt_me=$(id -u)
	vt_self=0
	[ "$1" != "$2" ] || vt_self=1
	while :; do
		# shellcheck disable=SC2012 # ls -ldn: the mode and owner, POSIX
		vt_ls=$(LC_ALL=C ls -ldn "${vt_dir:-/}/" 2>/dev/null)
		set -f
		# shellcheck disable=SC2086 # the fields of ls, split on purpose
		set -- $vt_ls
		set +f
		if [ $# -lt 3 ]; then
			echo "${vt_dir:-/} cannot be looked at"
			return
		fi
		if [ "$vt_self" = 1 ]; then
			# The cache itself: this user's, and no one else's to write.
			[ "$3" = "$vt_me" ] ||
			    { echo "$vt_dir is owned by uid $3, not $vt_me"; return; }
			case $1 in
			d????[!w]??[!w]*) ;;
			*) echo "$vt_dir can be written by other users, mode $1"; return ;;
			esac
			vt_self=0
		else
			[ "$3" = "$vt_me" ] || [ "$3" = 0 ] ||
			    { echo "${vt_dir:-/}, above it, is owned by uid $3"; return; }
			case $1 in
			d????????[tT]* | d????[!w]??[!w]*) ;;
			*)
				echo "${vt_dir:-/}, above it, can be written by other users, mode $1"
				return
				;;
			esac
		fi
		[ -n "$vt_dir" ] || return
		vt_dir=${vt_dir%/*}
	done
}

# vm_kernel SERIES: the path of a vmlinuz of Debian's kernel series
# SERIES (6.1, 6.12) for amd64, fetched into the cache with its config
# the first time: the newest such package apt knows, unpacked there with
# dpkg-deb. False, with why, where none can be had. After vm_cache.
vm_kernel() {
	vk_cache=$VM_CACHE
	for vk_f in "$vk_cache"/"$1".*/boot/vmlinuz-* \
	    "$vk_cache"/"$1"-*/boot/vmlinuz-*; do
		[ -f "$vk_f" ] && { printf '%s\n' "$vk_f"; return 0; }
	done
	if ! command -v apt-get >/dev/null 2>&1 ||
	    ! command -v dpkg-deb >/dev/null 2>&1; then
		echo "no $1 kernel in $vk_cache, and no apt-get to fetch one"
		return 1
	fi
	vk_re=$(printf '%s\n' "$1" | sed 's/\./\\./g')
	vk_pkg=$(apt-cache search --names-only "^linux-image-${vk_re}[.-]" 2>/dev/null |
	    awk '{ print $1 }' | grep -E '^linux-image-[0-9.]+[-+][0-9a-z.+-]*-amd64$' |
	    grep -Ev -e '-(cloud|rt)-amd64$' | sort -V | tail -n 1)
	[ -n "$vk_pkg" ] ||
	    { echo "apt knows no linux-image-$1.*-amd64 (run apt-get update)"; return 1; }
	vk_rel=${vk_pkg#linux-image-}
	vk_tmp=$(mktemp -d "$vk_cache/fetch.XXXXXX") || return 1
	if ! (cd "$vk_tmp" && apt-get download "$vk_pkg") >/dev/null 2>&1; then
		rm -rf "$vk_tmp"
		echo "apt-get download $vk_pkg failed"
		return 1
	fi
	mkdir -p "$vk_tmp/$vk_rel"
	if ! dpkg-deb --fsys-tarfile "$vk_tmp"/*.deb |
	    tar -xf - -C "$vk_tmp/$vk_rel" "./boot/vmlinuz-$vk_rel" \
	    "./boot/config-$vk_rel"; then
		rm -rf "$vk_tmp"
		echo "cannot unpack $vk_pkg"
		return 1
	fi
	rm -rf "${vk_cache:?}/$vk_rel"
	mv "$vk_tmp/$vk_rel" "$vk_cache/$vk_rel" && rm -rf "$vk_tmp"
	printf '%s\n' "$vk_cache/$vk_rel/boot/vmlinuz-$vk_rel"
}

# vm_build WORK: the programs, statically linked, built in a copy of the
# tree (WORK/tree: the tree's bin/ is left alone), and the initramfs's
# common part in WORK/root.
vm_build() {
	mkdir -p "$1/tree/tests" "$1/root/bin" "$1/root/smpbench/results" \
	    "$1/root/boot" "$1/root/proc" "$1/root/sys" "$1/root/dev" \
	    "$1/root/tmp" || return 1
	cp -R Makefile src scripts "$1/tree/" && cp -R tests/bench "$1/tree/tests/" ||
	    return 1
	# From clean: the tree's objects may be another compiler's.
	make -C "$1/tree" -s clean >/dev/null 2>&1
	make -C "$1/tree" -s LDFLAGS='-static -Wl,-z,now' all >"$1/build.log" 2>&1 || {
		tail -n 3 "$1/build.log"
		return 1
	}
	cp "$VM_BUSYBOX" "$1/root/bin/busybox" &&
	    ln -s busybox "$1/root/bin/sh" &&
	    cp -R "$1/tree/scripts" "$1/tree/bin" "$1/root/smpbench/" &&
	    : >"$1/root/smpbench/results/README" &&
	    cp "$VM_DIR/init" "$1/root/init" &&
	    cp "$VM_DIR/guest.sh" "$1/root/guest.sh" &&
	    chmod 755 "$1/root/init"
}

# vm_case_reset: the case variables, before a case's file sets its own:
#   vm_kernel_series  6.1 or 6.12
#   vm_cpus vm_smp    the CPUs, and qemu's -smp for them
#   vm_nodes          the NUMA nodes' CPUs, as ranges, blank-separated
#   vm_append         kernel arguments beyond the console's
#   vm_run            full (env, run -n and a tiny run) or plan (env and
#                     run -n only)
#   vm_runs           the tiny runs a full case makes (run -R), default 1
#   vm_wrap           a command the guest runs smpbench under (taskset)
#   vm_refuse         CPUs -c must refuse (exit 2, one line)
#   vm_label          the tiny run's label
#   vm_after          cases whose runs this one reads (compare)
# and what the emulated machine is, which the results must show:
#   vm_online vm_usable  the online and the usable CPUs, as lists
#   vm_topology       env's topology= line
#   vm_places         place_NAME=CPUS pairs env must have, and no others
#                     ("" for: do not look)
#   vm_smt            env's smt= value
#   vm_expect         more KEY=VALUE lines env must have, one a line
# vm_setup (a function) is what the guest does first, as root.
# shellcheck disable=SC2034,SC2317 # for the case's file and vm_check
vm_case_reset() {
	vm_kernel_series=6.12
	vm_cpus=16 vm_smp=16,sockets=2,cores=4,threads=2 vm_nodes="0-7 8-15"
	vm_append='' vm_run=full vm_wrap='' vm_refuse='' vm_label='' vm_after=''
	vm_runs=1
	vm_online=0-15 vm_usable=0-15
	vm_topology="2 packages, 8 cores, 2 threads per core, 2 L3 caches of 16 MiB, 2 NUMA nodes"
	vm_places="one=0 smt=0,1 llc=0,2 node=0,8 cores=0,2,4,6,8,10,12,14"
	vm_smt=on vm_expect=''
	vm_setup() { :; }
}

# vm_case_file: the case's variables and its vm_setup, as the guest
# sources them (/case.sh).
vm_case_file() {
	printf 'vm_run=%s\nvm_runs=%s\nvm_wrap=%s\nvm_refuse=%s\nvm_label=%s\n' \
	    "$vm_run" "$vm_runs" "'$vm_wrap'" "'$vm_refuse'" "$vm_label"
	# The case's vm_setup, as the shell prints a function, where it
	# does; else the case file's text of it.
	sed -n '/^vm_setup() {$/,/^}$/p' "$VM_DIR/cases/$1.sh"
}

# vm_qemu_args: qemu's machine for the case: CPUs, memory split over the
# nodes, one backend a node.
vm_qemu_args() {
	vq_n=$(printf '%s\n' "$vm_nodes" | wc -w | tr -d ' ')
	vq_mem=$((256 * vq_n + vm_cpus * 16))
	printf '%s\n' -m "$vq_mem" -smp "$vm_smp"
	vq_i=0
	for vq_cpus in $vm_nodes; do
		printf '%s\n' -object \
		    "memory-backend-ram,id=m$vq_i,size=$((vq_mem / vq_n))M" \
		    -numa "node,nodeid=$vq_i,cpus=$vq_cpus,memdev=m$vq_i"
		vq_i=$((vq_i + 1))
	done
}

# The accelerator. KVM runs the guest on the host's CPUs, as they are
# (-cpu host); TCG emulates them, one host thread for all (under
# emulation a thread each, qemu's default, fight over a host of few
# CPUs: a 64-CPU machine took five times as long to come back). KVM is
# chosen where its device can be written, unless SMPB_VM_ACCEL says.
# A device that can be written is no proof that KVM works: on a host
# that is itself a guest, KVM may stop the machine at once ("KVM
# internal error. Suberror: 1") or hang it after its firmware, and
# qemu then waits, printing nothing more. Each boot is therefore
# watched (vm_watch), and a case whose KVM machine stopped, died, or
# said nothing past its firmware is booted again under TCG when the
# accelerator was not chosen (vm_boot_case).
VM_KVM_DEV=/dev/kvm

# The lines qemu prints when KVM stops a guest (an internal error, an
# entry or a run that failed, an exit it does not know): the machine is
# then kept paused, and qemu alive.
VM_KVM_STOPPED='KVM internal error|KVM: entry failed|KVM: unknown exit|kvm run failed'

# vm_accel: the accelerator, into VM_ACCEL (kvm or tcg), and
# VM_ACCEL_SET (1 when SMPB_VM_ACCEL chose it, else 0). Its status:
# 0; 2, with why in vm_why, when SMPB_VM_ACCEL is neither word; 1 when
# it is kvm and there is no KVM here.
vm_accel() {
	vm_why=
	VM_ACCEL_SET=1
	case ${SMPB_VM_ACCEL:-} in
	kvm)
		VM_ACCEL=kvm
		[ -w "$VM_KVM_DEV" ] || {
			vm_why="SMPB_VM_ACCEL=kvm, but $VM_KVM_DEV cannot be opened for writing: no KVM here"
			return 1
		}
		;;
	tcg) VM_ACCEL=tcg ;;
	'')
		VM_ACCEL_SET=0 VM_ACCEL=tcg
		[ ! -w "$VM_KVM_DEV" ] || VM_ACCEL=kvm
		;;
	*)
		vm_why="SMPB_VM_ACCEL=$SMPB_VM_ACCEL: not kvm or tcg"
		return 2
		;;
	esac
}

# vm_accel_args ACCEL: qemu's arguments for the accelerator, one a line.
vm_accel_args() {
	case $1 in
	kvm) printf '%s\n' -accel kvm -cpu host ;;
	*) printf '%s\n' -accel tcg,thread=single ;;
	esac
}

# vm_seconds NAME VALUE: true when VALUE, the setting NAME's, is a whole
# number of seconds from 1 to 86400; else false, with why in vm_why.
vm_seconds() {
	case $2 in
	'' | *[!0-9]* | 0*) ;;
	*) [ "${#2}" -le 5 ] && [ "$2" -le 86400 ] && return 0 ;;
	esac
	vm_why="$1=$2: not a number of seconds (1..86400)"
	return 1
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
	mkdir -p "$vb_d/root" || { vm_why="cannot make $vb_d"; return 1; }
	rm -rf "$vb_d/console" "$vb_d/watch" "$vb_d/out.b64" "$vb_d/out"
	vb_rel=${3##*/vmlinuz-}
	cp "${3%/vmlinuz-*}/config-$vb_rel" "$vb_d/root/config-$vb_rel" 2>/dev/null
	vm_case_file "$2" >"$vb_d/case.sh"
	{
		(cd "$1/root" && find . | cpio -o -H newc 2>/dev/null)
		# A second archive: the case's files over the common ones.
		mkdir -p "$vb_d/root/boot"
		[ ! -f "$vb_d/root/config-$vb_rel" ] ||
		    mv "$vb_d/root/config-$vb_rel" "$vb_d/root/boot/"
		cp "$vb_d/case.sh" "$vb_d/root/case.sh"
		(cd "$vb_d/root" && find . | cpio -o -H newc 2>/dev/null)
	} | gzip >"$vb_d/initrd.gz" || { vm_why="cannot make the initramfs"; return 1; }
	vb_args=$(vm_qemu_args && vm_accel_args "$4")
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
	wait "$vm_qemu" 2>/dev/null
	vb_rc=$?
	vm_qemu=
	# The watcher ends by itself within a second of the machine.
	wait "$vm_watcher"
	vm_watcher=
	# shellcheck disable=SC2034 # for tests/vm/run's line
	vm_boot_s=$(($(date +%s) - vb_t0))
	vb_last=$(tr -d '\r' <"$vb_d/console" | grep -v '^ *$' | tail -n 1 |
	    cut -c 1-100)
	vb_watch=$(cat "$vb_d/watch" 2>/dev/null)
	vm_init_s=$(printf '%s\n' "$vb_watch" | sed -n 's/^init //p')
	case $vb_watch in
	*"stopped "*)
		vm_why="the machine stopped: $(printf '%s\n' "$vb_watch" |
		    sed -n 's/^stopped //p' | cut -c 1-100)"
		return 3
		;;
	*"silent "*)
		vm_why="nothing from the guest past its firmware in $(printf '%s\n' \
		    "$vb_watch" | sed -n 's/^silent //p') s (last line: $vb_last)"
		return 3
		;;
	esac
	# (A machine that ended before the watcher's first look.)
	if [ -z "$vm_init_s" ]; then
		grep -q SMPB-VM-INIT "$vb_d/console" || {
			vm_why="the guest died before its init (qemu exit $vb_rc; last line: $vb_last)"
			return 3
		}
	fi
	tr -d '\r' <"$vb_d/console" | sed -n '/SMPB-VM-BEGIN/,/SMPB-VM-END/p' |
	    sed '1d;$d' >"$vb_d/out.b64"
	if [ ! -s "$vb_d/out.b64" ]; then
		vm_why="no results on the console (qemu exit $vb_rc; last line: $vb_last)"
		return 1
	fi
	base64 -d <"$vb_d/out.b64" | gzip -dc | (cd "$vb_d" && tar -xf -) ||
	    { vm_why="the results on the console do not unpack"; return 1; }
}

# vm_watch DIR PID ACCEL: watch the console DIR/console of the machine
# PID (timeout(1), running qemu) while it runs, once a second, and kill
# it as soon as it will print nothing more: under KVM, when qemu says
# KVM stopped it ("stopped LINE" into DIR/watch); when the guest's init
# has not said it started (SMPB-VM-INIT, its first line) within
# SMPB_VM_BOOT_TIMEOUT seconds ("silent SECONDS"). When it does, "init
# SECONDS" into DIR/watch; under TCG the watch ends there.
vm_watch() {
	vw_t0=$(date +%s)
	vw_init=
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

# vm_boot_case WORK CASE KERNEL: vm_boot under VM_ACCEL. Where KVM was
# not chosen (SMPB_VM_ACCEL) and the machine stopped, died or said
# nothing under it, the case is booted again under TCG, saying so on
# stdout, and so are the cases after it (VM_ACCEL=tcg): on such a host
# KVM works for none. Its status and why (vm_why) are vm_boot's last.
vm_boot_case() {
	vm_boot "$1" "$2" "$3" "$VM_ACCEL"
	vbc_rc=$?
	[ "$vbc_rc" -eq 3 ] && [ "$VM_ACCEL" = kvm ] || return "$vbc_rc"
	if [ "$VM_ACCEL_SET" = 1 ]; then
		vm_why="$vm_why (under KVM, as SMPB_VM_ACCEL=kvm says: not booted again under TCG)"
		return 3
	fi
	printf 'vm %s: under KVM, %s; booting it again under TCG (and the cases after it)\n' \
	    "$2" "$vm_why"
	VM_ACCEL=tcg
	vm_boot "$1" "$2" "$3" tcg
}
