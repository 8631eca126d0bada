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
	vt_bb=$(vm_busybox) || {
		echo "$vt_bb"
		return 1
	}
}

# vm_busybox: the path of a static busybox for the guests: the one
# installed where it is static (busybox-static), else busybox-static's
# fetched into the cache with apt-get download and unpacked there (the
# two packages conflict, and the shell tests run the dynamic one). A
# dynamic busybox names its loader (/lib64/ld-linux...): the guest has
# none. False, with why, where none can be had.
vm_busybox() {
	vb=$(command -v busybox 2>/dev/null)
	if [ -n "$vb" ] && ! LC_ALL=C grep -q '/lib64/ld-linux' "$vb" 2>/dev/null; then
		printf '%s\n' "$vb"
		return 0
	fi
	vb_cache=$(vm_cache) || { echo "cannot make the cache directory"; return 1; }
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

# vm_cache: the directory the kernels are kept in, made if need be.
vm_cache() {
	vc=${SMPB_VM_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/smpbench-vm}
	mkdir -p "$vc" || return 1
	printf '%s\n' "$vc"
}

# vm_kernel SERIES: the path of a vmlinuz of Debian's kernel series
# SERIES (6.1, 6.12) for amd64, fetched into the cache with its config
# the first time: the newest such package apt knows, unpacked there with
# dpkg-deb. False, with why, where none can be had.
vm_kernel() {
	vk_cache=$(vm_cache) || { echo "cannot make the cache directory"; return 1; }
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

# vm_boot WORK CASE KERNEL: boot the case's machine on KERNEL with the
# initramfs and unpack what the guest printed into WORK/CASE/out; false,
# with why, when it did not come back.
vm_boot() {
	vb_d=$1/$2
	mkdir -p "$vb_d/root" || return 1
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
	} | gzip >"$vb_d/initrd.gz" || { echo "cannot make the initramfs"; return 1; }
	# Under emulation one host thread for every CPU: on a host of few
	# CPUs a thread each (qemu's default) fights over them, and a
	# 64-CPU machine took five times as long to come back.
	vb_accel=tcg,thread=single
	[ -w /dev/kvm ] && vb_accel=kvm
	# The machine is killed after SMPB_VM_TIMEOUT seconds.
	vb_args=$(vm_qemu_args)
	# shellcheck disable=SC2086 # the machine's arguments, one a line
	(
		IFS='
'
		exec timeout -k 10 "${SMPB_VM_TIMEOUT:-900}" qemu-system-x86_64 \
		    -nographic -no-reboot -accel "$vb_accel" $vb_args \
		    -kernel "$3" -initrd "$vb_d/initrd.gz" \
		    -append "console=ttyS0 panic=-1 quiet loglevel=1 $vm_append"
	) </dev/null >"$vb_d/console" 2>&1 &
	vm_qemu=$!
	wait "$vm_qemu"
	vb_rc=$?
	vm_qemu=
	tr -d '\r' <"$vb_d/console" | sed -n '/SMPB-VM-BEGIN/,/SMPB-VM-END/p' |
	    sed '1d;$d' >"$vb_d/out.b64"
	if [ ! -s "$vb_d/out.b64" ]; then
		vb_last=$(tr -d '\r' <"$vb_d/console" | grep -v '^ *$' | tail -n 1 |
		    cut -c 1-100)
		echo "no results on the console (qemu exit $vb_rc; last line: $vb_last)"
		return 1
	fi
	base64 -d <"$vb_d/out.b64" | gzip -dc | (cd "$vb_d" && tar -xf -) ||
	    { echo "the results on the console do not unpack"; return 1; }
}
