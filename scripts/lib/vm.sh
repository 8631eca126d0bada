# shellcheck shell=sh disable=SC2034 # VM_*, vm_*: for lib/vmboot.sh and the callers
# lib/vm.sh: what booting the suite on an emulated machine needs on the
# host, for smpbench vm (cmd/vm.sh, which make vmtest's cases run): the
# tools, the cache of kernels and its safety, Debian's kernels fetched
# into it, a static busybox, the programs built statically, the
# machine's shape and the accelerator. Booting one machine is
# lib/vmboot.sh's.

# vm_tools: the tools smpbench vm needs; false, with what is missing,
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

# vm_build_cached WORK: vm_build's WORK/root, from the cache where this
# tree, compiler and busybox were built before (VM_CACHE/build-SUM, SUM
# the checksum of all three), else built and kept there (the newest
# only); vm_built says which.
vm_build_cached() {
	vbc_sum=$({ find Makefile src scripts tests/bench -type f | LC_ALL=C sort |
	    while IFS= read -r vbc_f; do cat "$vbc_f"; done
	    cc --version; cat "$VM_BUSYBOX"; } 2>/dev/null | cksum | tr ' ' -)
	vbc_dir=$VM_CACHE/build-$vbc_sum
	if [ -f "$vbc_dir/done" ] && cp -R "$vbc_dir/root" "$1/root"; then
		vm_built="kept from an earlier build"
		return 0
	fi
	rm -rf "$1/root"
	vm_build "$1" || return 1
	vm_built=built
	vbc_tmp=$(mktemp -d "$VM_CACHE/build.XXXXXX") || return 0
	if cp -R "$1/root" "$vbc_tmp/root" && : >"$vbc_tmp/done"; then
		rm -rf "$VM_CACHE"/build-*
		mv "$vbc_tmp" "$vbc_dir" 2>/dev/null || rm -rf "$vbc_tmp"
	else
		rm -rf "$vbc_tmp"
	fi
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
	    cp scripts/vm/init "$1/root/init" &&
	    chmod 755 "$1/root/init"
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

# vm_shape SHAPE: the machine of SHAPE, NODESxLLCSxCORESxTHREADS (NUMA
# nodes; last-level caches a node; cores an LLC; threads a core, e.g.
# 2x2x4x2, 32 CPUs), into vm_cpus, vm_smp (qemu's -smp) and vm_nodes
# (each node's CPUs, as ranges). qemu gives an x86 package one L3, so
# an LLC is a package of its own: a node holds LLCS packages, numbered
# on from the node before (qemu numbers CPUs package by package). False,
# with why in vm_why, where SHAPE is not four numbers from 1 to 64 or
# makes over VM_MAX_CPUS CPUs.
VM_MAX_CPUS=255
vm_shape() {
	vm_why="-t $1: not a shape NODESxLLCSxCORESxTHREADS, e.g. 2x2x4x2"
	case $1 in
	*[!0-9x]* | x* | *x | *xx*) return 1 ;;
	esac
	vs_old=$IFS
	IFS=x
	# shellcheck disable=SC2086 # the shape's four numbers, split on x
	set -- $1
	IFS=$vs_old
	[ $# -eq 4 ] || return 1
	for vs_n do
		case $vs_n in
		0* | ??? | ????*) return 1 ;;
		esac
		[ "$vs_n" -le 64 ] || return 1
	done
	vs_node=$(($2 * $3 * $4))
	vm_cpus=$(($1 * vs_node))
	[ "$vm_cpus" -le "$VM_MAX_CPUS" ] || {
		vm_why="-t $1x$2x$3x$4: $vm_cpus CPUs, over the $VM_MAX_CPUS a machine can have"
		return 1
	}
	vm_smp=$vm_cpus,sockets=$(($1 * $2)),cores=$3,threads=$4
	vm_nodes=
	vs_i=0
	while [ "$vs_i" -lt "$1" ]; do
		vm_nodes="$vm_nodes $((vs_i * vs_node))-$(((vs_i + 1) * vs_node - 1))"
		vs_i=$((vs_i + 1))
	done
	vm_nodes=${vm_nodes# }
	vm_why=
}
