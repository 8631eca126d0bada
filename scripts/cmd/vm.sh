# shellcheck shell=sh
# cmd/vm.sh: smpbench vm: boot each kernel named on an emulated machine
# of a chosen shape under qemu, BOOTS times, the boots of the kernels
# interleaved (A B B A A B...), each boot one run of the suite saved as
# an ordinary run; then compare them, a column a kernel, each boot a
# run. The machines are lib/vm.sh's and lib/vmboot.sh's, the guest's
# /init is vm/init; booting needs the source tree, where the programs
# are built statically for the guest. make vmtest's cases are runs of
# this command, each with a set-up script of its own (-s).

# shellcheck disable=SC2034,SC2154 # vm_*, VM_*: lib/vm.sh's and vmboot.sh's
# shellcheck source=scripts/lib/vm.sh
. "$SMPB_LIB/lib/vm.sh"
# shellcheck source=scripts/lib/vmboot.sh
. "$SMPB_LIB/lib/vmboot.sh"
# shellcheck source=scripts/cmd/run.sh
. "$SMPB_LIB/cmd/run.sh"

# vm_fallback_line BOOT WHY: vmboot.sh's line for a boot that KVM could
# not bring back, said as vm's.
# shellcheck disable=SC2317 # called by vm_boot_case
vm_fallback_line() {
	say "vm: $1: under KVM, $2; booting it again, and the boots after it, under TCG (emulated)"
}

# Seconds a boot may run, by default: a quick run of every workload on a
# few emulated CPUs takes minutes under TCG.
VM_RUN_TIMEOUT=7200

# The machine being booted and the work directory, for vm_cleanup.
vm_qemu='' vm_watcher='' vm_work=''

# vm_cleanup: the machine killed, its watcher ended, the work directory
# removed (on any exit).
vm_cleanup() {
	[ -z "$vm_qemu" ] || kill "$vm_qemu" 2>/dev/null
	[ -z "$vm_qemu" ] || wait_child "$vm_qemu" 2>/dev/null
	[ -z "$vm_watcher" ] || wait_child "$vm_watcher" 2>/dev/null
	[ -z "$vm_work" ] || rm -rf "$vm_work"
}

# vm_conf_file: the guest's /vm.conf (vm/init sources it): its run's
# label (the kernel's), options and sweep.
# shellcheck disable=SC2317 # called by vm_initrd
vm_conf_file() {
	opt_quote "$vm_label"
	printf 'vm_label=%s\n' "$oq"
	opt_quote "$vm_args"
	printf 'vm_args=%s\n' "$oq"
	opt_quote "${SMPBENCH_SWEEP:-}"
	printf 'vm_sweep=%s\n' "$oq"
}

# vm_kernel_add SPEC: one -k: [LABEL=]KERNEL, a kernel image's path
# (with a /) or a Debian series (6.12). Counted in vm_nk, its label and
# image in vm_label_N and vm_spec_N; its label by default the series,
# or kN for an image, which must be one (vm_image).
vm_kernel_add() {
	vm_nk=$((vm_nk + 1))
	vka_label=
	vka_spec=$1
	case $1 in
	*=*) case ${1%%=*} in
		*/*) ;;
		*) vka_label=${1%%=*} vka_spec=${1#*=} ;;
		esac ;;
	esac
	[ ! -f "$vka_spec" ] || case $vka_spec in */*) ;; *) vka_spec=./$vka_spec ;; esac
	case $vka_spec in
	*/*) vka_spec=$(cd -P -- "$(dirname -- "$vka_spec")" 2>/dev/null &&
	    printf '%s/%s' "$(pwd -P)" "${vka_spec##*/}") ||
	    usage_error "vm: -k $(printable "$1"): no such directory" ;;
	[0-9]*.[0-9]*) [ -n "$vka_label" ] || vka_label=$vka_spec ;;
	*) usage_error "vm: -k $(printable "$1"): not a kernel image's path nor a Debian series (6.12)" ;;
	esac
	[ -n "$vka_label" ] || vka_label=k$vm_nk
	case $vka_label in
	*[!A-Za-z0-9._+-]* | '') usage_error "vm: -k $(printable "$1"): a label is letters, digits, . _ + -" ;;
	esac
	vka_i=1
	while [ "$vka_i" -lt "$vm_nk" ]; do
		eval "[ \"\$vm_label_$vka_i\" != \"\$vka_label\" ]" ||
		    usage_error "vm: two kernels labelled $vka_label (name them: -k LABEL=KERNEL)"
		vka_i=$((vka_i + 1))
	done
	case $vka_spec in
	/*) vm_image "$vka_spec" ;;
	esac
	eval "vm_label_$vm_nk=\$vka_label vm_spec_$vm_nk=\$vka_spec"
}

# vm_options ARGS...: vm's options into vm_nk and the kernels, vm_boots,
# vm_mem, vm_shape_arg, vm_out, vm_append, vm_setup_arg; what follows --
# into vm_args, quoted.
vm_options() {
	vm_nk=0 vm_boots=3 vm_mem='' vm_shape_arg='' vm_out='' opt_bad=
	vm_append='' vm_setup_arg=''
	OPTIND=1
	while getopts :a:hk:M:o:R:s:t: opt; do
		case $opt in
		a) vm_append_add "$OPTARG" ;;
		k) vm_kernel_add "$OPTARG" ;;
		M) vm_mem=$(decimal "$OPTARG" 128 65536) ||
		    usage_error "vm: -M: '$(printable "$OPTARG")' is not a number of MiB (128..65536)" ;;
		o) vm_out=$OPTARG ;;
		R) vm_boots=$(decimal "$OPTARG" 1 100) ||
		    usage_error "vm: -R: '$(printable "$OPTARG")' is not a number of boots (1..100)" ;;
		s) vm_setup_arg=$OPTARG; vm_setup_check ;;
		t) vm_shape_arg=$OPTARG ;;
		h) opt_bad=h; break ;;
		*) opt_bad=$opt${OPTARG-}; break ;;
		esac
	done
	opt_check vm :a:hk:M:o:R:s:t: "$opt_bad"
	shift $((OPTIND - 1))
	[ "$vm_nk" -ge 1 ] || usage_error "vm: name a kernel to boot (-k)"
	vm_host
	vm_shape "$vm_shape_arg" || usage_error "vm: $vm_why"
	vm_run_options ${1+"$@"}
	vm_args=
	for va_a do
		opt_quote "$va_a"
		vm_args="$vm_args $oq"
	done
}

# vm_append_add ARGS: one -a, kernel arguments for every boot, added to
# vm_append: printable ASCII, and the whole within what the kernel takes
# beside the console's (1900 bytes of its 2048).
vm_append_add() {
	case $1 in
	*[!\ -~]*) usage_error "vm: -a '$(printable "$1")': kernel arguments are printable ASCII" ;;
	esac
	vm_append=${vm_append:+$vm_append }$1
	[ "${#vm_append}" -le 1900 ] ||
	    usage_error "vm: -a: the kernel arguments pass 1900 bytes"
}

# vm_setup_check: the set-up script (-s) is a file that can be read;
# else die in one line.
vm_setup_check() {
	if [ ! -f "$vm_setup_arg" ] || [ ! -r "$vm_setup_arg" ]; then
		die 1 "vm: -s $(printable "$vm_setup_arg"): not a file that can be read"
	fi
}

# vm_setup_copy: the set-up script (-s) copied once into the
# work directory, vm_setup_file, so that every boot has the same; its
# name and checksum into vm_setup_id for the runs' env.
vm_setup_copy() {
	vm_setup_file='' vm_setup_id=''
	[ -n "$vm_setup_arg" ] || return 0
	vm_setup_file=$vm_work/setup.sh
	cp "$vm_setup_arg" "$vm_setup_file" ||
	    die 1 "vm: -s $(printable "$vm_setup_arg"): cannot copy it"
	vm_setup_id="$(printable "${vm_setup_arg##*/}") $(cksum <"$vm_setup_file" |
	    cut -d ' ' -f 1)"
}

# vm_run_options ARGS...: the guests' run options, read by run's own
# parser and checks (cmd/run.sh's run_parse, run_check_options: their
# opt_ variables are not vm's), so that a bad one is refused here, in one
# line, before any boot; and those vm sets itself or that make no run of
# one boot refused: -o, -l, -R, -n, -h.
vm_run_options() {
	run_parse ${1+"$@"}
	case $opt_bad$opt_seen in
	*[olRnh]*)
		vro_f=$(printf '%s\n' "$opt_bad$opt_seen" | tr -cd olRnh | cut -c 1)
		usage_error "vm: run option -$vro_f: vm sets it, or it makes no run of one boot"
		;;
	esac
	opt_check run "$RUN_OPTSTRING" "$opt_bad"
	eval "set -- $opt_words"
	shift $((OPTIND - 1))
	run_check_options
	for vro_w do
		is_workload "$vro_w" ||
		    usage_error "vm: run: unknown workload '$(printable "$vro_w")' (one of: $WORKLOADS)"
	done
}

# vm_image PATH: true when PATH is an x86 kernel image (bzImage: "HdrS"
# at byte 514, the boot protocol's header); else die in one line.
vm_image() {
	if [ ! -f "$1" ] || [ ! -r "$1" ]; then
		die 1 "vm: $1: not a file that can be read"
	fi
	vi_magic=$(dd if="$1" bs=1 skip=514 count=4 2>/dev/null)
	[ "$vi_magic" = HdrS ] ||
	    die 1 "vm: $1: not a kernel image (no bzImage header)"
}

# vm_prepare: the tools, the cache, the kernels (vm_kern_N, fetched for
# a series), the shape, the static build into vm_work. Dies, in one
# line, where any is missing: 3 for a tool or a kernel that cannot be
# had, 1 for the rest.
vm_prepare() {
	if [ ! -f "$SMPB_TOP/Makefile" ] || [ ! -d "$SMPB_TOP/src" ] ||
	    [ ! -f "$SMPB_TOP/scripts/vm/init" ]; then
		die 1 "vm: needs the source tree (run scripts/smpbench from a checkout): the guest's programs are built there"
	fi
	if vp_why=$(vm_tools); then :; else die 3 "vm: $vp_why"; fi
	[ -z "$vm_shape_said" ] || say "vm: the machine: $vm_shape_arg, $vm_shape_said"
	vm_cache || die 1 "vm: $vm_why"
	VM_BUSYBOX=$(vm_busybox) || die 3 "vm: $VM_BUSYBOX"
	vp_i=1
	while [ "$vp_i" -le "$vm_nk" ]; do
		eval "vp_spec=\$vm_spec_$vp_i"
		case $vp_spec in
		/*) vp_k=$vp_spec ;;
		*) vp_k=$(vm_kernel "$vp_spec") || die 3 "vm: $vp_k" ;;
		esac
		eval "vm_kern_$vp_i=\$vp_k"
		vp_i=$((vp_i + 1))
	done
	vm_work=$(mktemp -d "${TMPDIR:-/tmp}/smpbench-vm.XXXXXX") ||
	    die 1 "vm: cannot make a temporary directory"
	vm_setup_copy
	vp_err=$(cd "$SMPB_TOP" && vm_build_cached "$vm_work" 2>&1 &&
	    printf '%s\n' "$vm_built") ||
	    die 1 "vm: the static build failed: $(printf '%s' "$vp_err" | tail -n 1)"
	say "vm: the programs for the guests, statically linked: ${vp_err##*"$NL"}"
}

# vm_host: this host's usable CPUs (allowed, online, less the isolated:
# topology's), a list in vm_host_cpus; and, where -t named no machine,
# their shape (topo_shape) into vm_shape_arg, or, where they make none
# that vm takes, one node of one cache of a core each (at most 64), with
# which it is in vm_shape_said.
vm_host() {
	vh_shape=unknown vm_host_cpus='' vm_shape_said=''
	while IFS='=' read -r vh_k vh_v; do
		case $vh_k in
		topo_usable_cpus) vm_host_cpus=$vh_v ;;
		topo_shape) vh_shape=$vh_v ;;
		esac
	done <<EOF_VH
$(topology)
EOF_VH
	[ -z "$vm_shape_arg" ] || return 0
	cpulist_count "$vm_host_cpus"
	vh_n=$cpu_count
	if vm_shape "$vh_shape"; then
		vm_shape_arg=$vh_shape
		vm_shape_said="this host's shape over its $vh_n usable CPUs ($vm_host_cpus)"
		return 0
	fi
	[ "$vh_n" -ge 1 ] || vh_n=1
	[ "$vh_n" -le 64 ] || vh_n=64
	vm_shape_arg=1x1x${vh_n}x1
	vm_shape_said="a core for each of this host's $cpu_count usable CPUs ($vm_host_cpus), which make no shape of nodes, caches, cores and threads (topo_shape=$vh_shape)"
}

# vm_order: the boots, "I:K" (boot I of kernel K) a word, in vm_plan:
# round R boots every kernel, in order in odd rounds and the other way
# in even ones (A B B A A B...), so that a drift of the host falls on
# every kernel alike.
vm_order() {
	vm_plan=
	vo_r=1
	while [ "$vo_r" -le "$vm_boots" ]; do
		vo_k=1
		while [ "$vo_k" -le "$vm_nk" ]; do
			vo_which=$vo_k
			[ $((vo_r % 2)) -eq 1 ] || vo_which=$((vm_nk + 1 - vo_k))
			vm_plan="$vm_plan $vo_r:$vo_which"
			vo_k=$((vo_k + 1))
		done
		vo_r=$((vo_r + 1))
	done
	vm_plan=${vm_plan# }
}

# vm_boot_one N R K: boot N of the plan, round R of kernel K: its
# machine booted (vm_boot_case), its run saved (vm_save). True when it
# came back with a whole run; else says why in one line, with the last
# lines of its console, and is false.
vm_boot_one() {
	eval "vm_label=\$vm_label_$3 vbo_kern=\$vm_kern_$3"
	vbo_case=boot$1
	say "vm: boot $1 of $vm_nboots: $vm_label, its boot $2 of $vm_boots, under $VM_ACCEL"
	if ! vm_boot_case "$vm_work" "$vbo_case" "$vbo_kern" >&2; then
		vm_failed "$vbo_case" "$vm_why"
		return 1
	fi
	# A machine came back: KVM works here, and a boot that fails after
	# is its kernel's, not booted again under TCG.
	VM_ACCEL_SET=1 VM_KVM_KEPT="which has brought a machine back here"
	vm_pin_now=$(vm_pin_fact "$vm_work/$vbo_case" "$VM_ACCEL")
	[ -z "$vm_pin_to" ] || [ "$VM_ACCEL" != kvm ] ||
	    [ "$vm_pin_now" = "$vm_pinned" ] ||
	    say "vm: boot $1: its vCPUs not pinned: ${vm_pin_now#no: }"
	vbo_out=$vm_work/$vbo_case/out
	[ ! -s "$vbo_out/left" ] ||
	    say "vm: $vm_label: left running in the guest after its run: $(printable "$(head -n 1 "$vbo_out/left")")"
	vm_guest_failed "$vbo_out" || return 1
	vm_save "$vbo_out" "$2" "$vbo_kern"
}

# vm_guest_failed OUT: false, saying why in one line with the last lines
# of what failed, where the guest's set-up script or its run failed
# (what the guest left in OUT).
vm_guest_failed() {
	vgf_rc=$(cat "$1/setup.rc" 2>/dev/null)
	if [ -n "$vgf_rc" ] && [ "$vgf_rc" != 0 ]; then
		say "vm: $vm_label ($vbo_kern) failed: its set-up script (-s) failed (exit $vgf_rc), its last lines:"
		vm_tail "$1/vm/setup.log"
		return 1
	fi
	vgf_rc=$(cat "$1/run.rc" 2>/dev/null)
	if [ "$vgf_rc" != 0 ] || [ ! -f "$1/run/complete" ]; then
		say "vm: $vm_label ($vbo_kern) failed: its run in the guest failed (exit ${vgf_rc:-none}), its last lines:"
		vm_tail "$1/run.err"
		return 1
	fi
}

# vm_tail FILE: FILE's last five lines that are not blank, without a
# terminal's escape sequences (vm_console_text), indented, on stderr,
# printable.
vm_tail() {
	vm_console_text "$1" | tail -n 5 |
	    while IFS= read -r vt_l; do
		printf '  | %s\n' "$(printable "$vt_l")" >&2
	done
}

# vm_failed CASE WHY: a boot that failed, in one line, naming the
# kernel, then the last lines of its console.
vm_failed() {
	say "vm: $vm_label ($vbo_kern) failed: $2"
	vm_tail "$vm_work/$1/console"
}

# vm_save OUT R KERNEL: the guest's run OUT/run, boot R of its kernel
# KERNEL, saved as a new run in the results (or -o), with what the
# set-up script left (OUT/vm) as its vm/: its env gains what the machine
# was (vm_kernel, vm_shape, vm_accel, vm_pinned, vm_boot, vm_order, and
# vm_append, vm_setup where they were given); the path into vm_saved.
vm_save() {
	{
		printf 'vm_kernel=%s\n' "$(printable "$3")"
		printf 'vm_shape=%s\nvm_accel=%s\n' "$vm_shape_arg" "$VM_ACCEL"
		printf 'vm_pinned=%s\n' "$vm_pin_now"
		[ "$VM_ACCEL" != tcg ] || printf 'emulated=1\n'
		printf 'vm_boot=%s of %s\nvm_order=%s\n' "$2" "$vm_boots" "$vm_plan"
		[ -z "$vm_append" ] || printf 'vm_append=%s\n' "$vm_append"
		[ -z "$vm_setup_id" ] || printf 'vm_setup=%s\n' "$vm_setup_id"
		printf 'vm_command=%s\n' "$SMPB_COMMAND"
	} >>"$1/run/env" || die 1 "vm: cannot write $1/run/env"
	[ -z "$vm_setup_id" ] || [ ! -d "$1/vm" ] || mv "$1/vm" "$1/run/vm" ||
	    die 1 "vm: cannot keep what the set-up script left"
	vs_name=$(date +%Y-%m-%d-%H%M%S)-vm-$vm_label-$2
	vs_dir=$vm_dest/$vs_name
	vs_k=1
	until mkdir "$vs_dir" 2>/dev/null; do
		if [ "$vs_k" -ge 99 ] || { [ ! -e "$vs_dir" ] && [ ! -h "$vs_dir" ]; }; then
			die 1 "vm: cannot create $vs_dir"
		fi
		vs_k=$((vs_k + 1))
		vs_dir=$vm_dest/$vs_name-$vs_k
	done
	for vs_f in "$1"/run/* "$1"/run/.[!.]*; do
		[ -e "$vs_f" ] || [ -h "$vs_f" ] || continue
		mv "$vs_f" "$vs_dir/" || die 1 "vm: cannot save the run in $vs_dir"
	done
	vm_saved="$vm_saved $vs_dir"
	say "vm: saved $vs_dir"
}

# vm_destination: where the runs go, made and checked as a run's
# (out_dir): -o DIR, else the results' directory; into vm_dest.
vm_destination() {
	if [ -n "$vm_out" ]; then
		vm_dest=$(path_arg "$vm_out")
		out_dir "$vm_dest" "-o $vm_out" vm
	else
		vm_dest=$(path_arg "$SMPB_RESULTS")
		out_dir "$vm_dest" "$SMPB_RESULTS" vm
	fi
}

cmd_vm() {
	trap 'vm_st=$?; vm_cleanup; smpbench_exit "$vm_st"' EXIT
	vm_start=$(date -u +%Y-%m-%dT%H:%M:%SZ)
	vm_options ${1+"$@"}
	VM_TIMEOUT=${SMPB_VM_TIMEOUT:-$VM_RUN_TIMEOUT}
	vm_seconds SMPB_VM_TIMEOUT "$VM_TIMEOUT" || usage_error "vm: $vm_why"
	VM_BOOT_TIMEOUT=${SMPB_VM_BOOT_TIMEOUT:-300}
	vm_seconds SMPB_VM_BOOT_TIMEOUT "$VM_BOOT_TIMEOUT" ||
	    usage_error "vm: $vm_why"
	vm_accel
	case $? in
	0) ;;
	2) usage_error "vm: $vm_why" ;;
	*) die 3 "vm: $vm_why" ;;
	esac
	vm_prepare
	vm_destination
	vm_order
	vm_nboots=$((vm_nk * vm_boots))
	[ "$VM_ACCEL" != tcg ] ||
	    say "vm: under TCG: the CPUs are emulated; the runs show placement and topology, not speed"
	vm_pin_plan "$vm_cpus" "$vm_host_cpus"
	if [ "$VM_ACCEL" = kvm ] && [ -n "$vm_pin_to" ]; then
		say "vm: under KVM, pinned one to one: $vm_pinned"
	elif [ "$VM_ACCEL" = kvm ]; then
		say "vm: under KVM, not pinned: ${vm_pinned#no: }"
	fi
	vm_saved='' vm_bad=0 vm_n=0 vm_failed=
	for vm_step in $vm_plan; do
		vm_n=$((vm_n + 1))
		vm_boot_one "$vm_n" "${vm_step%:*}" "${vm_step#*:}" && continue
		vm_bad=$((vm_bad + 1))
		eval "vm_failed=\"\$vm_failed, \$vm_label_${vm_step#*:}\""
		vm_failed="$vm_failed (its boot ${vm_step%:*})"
	done
	vm_report
}

# vm_report: compare of the runs saved, where two kernels or more came
# back, without its line to rerun it, after a line naming the boots that
# failed (vm_failed), so that the report pasted says them too: vm's own
# two end the report (vm_closing: where the time went, this command);
# the status: 0 when every boot came back, else 1.
# shellcheck disable=SC2086 # the runs saved, split on purpose
vm_report() {
	vr_st=0
	[ "$vm_bad" -eq 0 ] || { say "vm: $vm_bad of $vm_nboots boots failed"; vr_st=1; }
	[ -n "$vm_saved" ] || die 1 "vm: no boot came back with a run"
	[ -z "$vm_failed" ] ||
	    to_out printf 'Left out, as they failed (why on stderr): %s.\n\n' \
	    "${vm_failed#, }"
	if [ "$vm_nk" -ge 2 ]; then
		SMPB_REPRODUCE=0 sh "$SMPB_SELF" compare $vm_saved || vr_st=1
		to_out echo
	fi
	printf '%s\n' $vm_saved >"$vm_work/saved" ||
	    die 1 "vm: cannot write in $vm_work"
	to_out vm_closing "$vm_start" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
	    "$vm_nk" "$vm_work/saved"
	return "$vr_st"
}
