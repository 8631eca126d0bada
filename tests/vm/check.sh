# shellcheck shell=sh
# tests/vm/check.sh: make vmtest's runs of smpbench vm for a case, and
# the checks of what it saved (sourced by tests/vm/run): each check is
# quiet and true when the results are right, else prints the first thing
# wrong and is false.
# shellcheck disable=SC2154 # vm_*: the case's (tests/vm/lib.sh)

# vm_env KEY: the value of KEY in the case's env.
vm_env() {
	sed -n "s/^$1=//p" "$vc_out/env" | head -n 1
}

# env_is KEY WANT: env's KEY is WANT.
env_is() {
	ei_got=$(vm_env "$1")
	[ "$ei_got" = "$2" ] && return 0
	echo "env: $1=$ei_got, not $2"
	return 1
}

# cpus_in LIST SET: every CPU of the cpulist LIST is in the cpulist SET.
cpus_in() {
	awk -v a="$1" -v b="$2" '
	function expand(list, arr,    n, i, p, r, c) {
		n = split(list, p, ",")
		for (i = 1; i <= n; i++) {
			if (split(p[i], r, "-") == 1)
				r[2] = r[1]
			for (c = r[1] + 0; c <= r[2] + 0; c++)
				arr[c] = 1
		}
	}
	BEGIN {
		if (a !~ /^[0-9,-]+$/ || b !~ /^[0-9,-]+$/)
			exit 1
		expand(a, A)
		expand(b, B)
		for (c in A)
			if (!(c in B))
				exit 1
	}'
}

# cpus_count LIST: how many CPUs the cpulist LIST names.
cpus_count() {
	printf '%s\n' "$1" | awk -F, '{
		for (i = 1; i <= NF; i++) {
			if (split($i, r, "-") == 1)
				r[2] = r[1]
			n += r[2] - r[1] + 1
		}
		print n + 0
	}'
}

# check_places: the placements are the case's, and all usable.
check_places() {
	for cp_p in $vm_places; do
		env_is "place_${cp_p%%=*}" "${cp_p#*=}" || return 1
	done
	sed -n 's/^place_\([a-z]*\)=\(.*\)/\1 \2/p' "$vc_out/env" >"$vc_dir/places"
	while read -r cp_name cp_cpus; do
		case " $vm_places " in
		*" $cp_name="*) ;;
		*)
			[ -z "$vm_places" ] || {
				echo "env: place_$cp_name=$cp_cpus, not on this machine"
				return 1
			}
			;;
		esac
		cpus_in "$cp_cpus" "$vm_usable" || {
			echo "env: place_$cp_name=$cp_cpus is not within the usable $vm_usable"
			return 1
		}
	done <"$vc_dir/places"
}

# check_plan: run -n said how many measurements and about how long.
check_plan() {
	[ "$(cat "$vc_out/plan.rc")" = 0 ] ||
	    { echo "run -n: exit $(cat "$vc_out/plan.rc"): $(head -n 1 "$vc_out/plan.err")"; return 1; }
	cpl_line=$(grep 'measurements' "$vc_out/plan.err" | head -n 1)
	printf '%s\n' "$cpl_line" |
	    grep -Eq 'quick run: [0-9]+ measurements .*about [0-9]+ (s|min|h)' ||
	    { echo "run -n: no count and time: '$cpl_line'"; return 1; }
	cpl_n=$(printf '%s\n' "$cpl_line" | sed 's/.*quick run: \([0-9]*\) measurements.*/\1/')
	cpl_cells=$(grep -c . "$vc_out/plan")
	[ "$cpl_n" -eq $((cpl_cells * 5)) ] ||
	    { echo "run -n: $cpl_n measurements said, $cpl_cells cells listed (x5)"; return 1; }
}

# check_raw RUN: every measurement of the tiny run RUN ran, on usable
# CPUs (its cpus_seen; a pinned one's within its -c), confined to them
# where env says the run was (cpus_confined, their count), and
# smpb-bind's hogs and one-per-core workers are no more than the usable
# CPUs.
check_raw() {
	cr_usable_n=$(cpus_count "$vm_usable")
	cr_cores_n=$(cpus_count "$(vm_env place_cores)")
	cr_conf=$(vm_env topo_confined_cpus)
	cr_conf_n=0
	[ "$cr_conf" = none ] || cr_conf_n=$(cpus_count "$cr_conf")
	for cr_f in "$1"/raw/*; do
		[ -f "$cr_f" ] || { echo "run: no raw measurements"; return 1; }
		while read -r cr_line; do
			cr_seen=$(printf '%s\n' "$cr_line" | sed -n 's/.* cpus_seen=\([^ ]*\).*/\1/p')
			cr_pin=$(printf '%s\n' "$cr_line" | sed -n 's/.* cpulist=\([^ ]*\).*/\1/p')
			cr_cn=$(printf '%s\n' "$cr_line" | sed -n 's/.* cpus_confined=\([^ ]*\).*/\1/p')
			cr_what="${1##*/} ${cr_f##*/} $(printf '%s\n' "$cr_line" | cut -d ' ' -f 1-3)"
			case $cr_line in
			*' exit='*) echo "run: $cr_what failed"; return 1 ;;
			esac
			[ -n "$cr_seen" ] || { echo "run: $cr_what: no cpus_seen"; return 1; }
			cpus_in "$cr_seen" "${cr_pin:-$vm_usable}" || {
				echo "run: $cr_what ran on $cr_seen, outside ${cr_pin:-the usable $vm_usable}"
				return 1
			}
			[ "$cr_cn" = "$cr_conf_n" ] || {
				echo "run: $cr_what: cpus_confined=$cr_cn, not $cr_conf_n (env: topo_confined_cpus=$cr_conf)"
				return 1
			}
		done <"$cr_f"
	done
	[ ! -f "$1/raw/bind" ] ||
	    awk -v usable="$cr_usable_n" -v cores="$cr_cores_n" '{
		n = 2; h = 0; place = ""
		for (i = 1; i <= NF; i++)
			if ($i ~ /^place=/)
				place = substr($i, 7)
			else if ($i ~ /^argv=/) {
				k = split(substr($i, 6), a, ",")
				for (j = 1; j < k; j++) {
					if (a[j] == "-n") n = a[j + 1]
					if (a[j] == "-H") h = a[j + 1]
				}
			}
		if (h + 0 >= usable + 0 || (place == "cores" &&
		    (n + h > usable + 0 || n + 0 > cores + 0))) {
			printf "bind: -n %d -H %d (%s) on %d usable CPUs\n", n, h,
			    place, usable
			exit 1
		}
	}' "$1/raw/bind"
}

# check_run: the case's run is complete, nothing failed, its lines
# right.
check_run() {
	[ -f "$vc_run/complete" ] || { echo "run: not complete"; return 1; }
	grep -qx 'failed=0' "$vc_run/complete" ||
	    { echo "run: $(grep failed= "$vc_run/complete")"; return 1; }
	check_raw "$vc_run"
}

# check_refuse: -c naming each CPU of vm_refuse: exit 2, one line.
check_refuse() {
	for cf_c in $vm_refuse; do
		cf_rc=$(cat "$vc_out/refuse.$cf_c.rc")
		cf_n=$(wc -l <"$vc_out/refuse.$cf_c.err" | tr -d ' ')
		[ "$cf_rc" = 2 ] && [ "$cf_n" = 1 ] && continue
		echo "smpb-ring -c $cf_c: exit $cf_rc, $cf_n lines: $(head -n 1 "$vc_out/refuse.$cf_c.err")"
		return 1
	done
}

# vm_check DIR: the case's run (the one in DIR/runs) and what its
# set-up script left (its vm/) against the case.
vm_check() {
	vc_dir=$1
	vc_run=$(vm_case_run "$1")
	vc_out=$vc_run/vm
	[ -f "$vc_run/env" ] || { echo "no run: $(tail -n 1 "$1/err")"; return 1; }
	[ -f "$vc_out/env" ] || { echo "no env: $(tail -n 1 "$vc_out/setup.log" 2>/dev/null)"; return 1; }
	[ "$(cat "$vc_out/env.rc")" = 0 ] ||
	    { echo "env: exit $(cat "$vc_out/env.rc"): $(head -n 1 "$vc_out/env.err")"; return 1; }
	! grep -q 'not found' "$vc_out/env.err" ||
	    { echo "env: $(grep 'not found' "$vc_out/env.err" | head -n 1)"; return 1; }
	env_is topology "$vm_topology" || return 1
	env_is cpus_online_list "$vm_online" || return 1
	env_is cpus_usable_list "$vm_usable" || return 1
	env_is smt "$vm_smt" || return 1
	while IFS= read -r vcx_line; do
		[ -z "$vcx_line" ] || env_is "${vcx_line%%=*}" "${vcx_line#*=}" ||
		    return 1
	done <<EOF_EXPECT
$vm_expect
EOF_EXPECT
	check_places || return 1
	check_plan || return 1
	check_run || return 1
	check_refuse || return 1
	! grep -q 'left running in the guest' "$1/err" ||
	    { grep 'left running in the guest' "$1/err" | head -n 1; return 1; }
}

# vm_case_run DIR: the run a case's smpbench vm saved (in DIR/runs).
vm_case_run() {
	for vcr_d in "$1"/runs/*/; do
		[ -d "$vcr_d" ] && { printf '%s\n' "${vcr_d%/}"; return 0; }
	done
	printf '%s\n' "$1/runs/none"
}

# vm_boot_never_began ERR: true where smpbench vm's stderr ERR says its
# machine stopped, stayed silent or died before the guest's init began
# (lib/vmboot.sh's words for a boot that did not get that far).
vm_boot_never_began() {
	grep -q -E ' failed: (the machine stopped|nothing from the guest past its firmware|the guest died before its init)' "$1"
}

# vm_check_case DIR CASE: the case booted by smpbench vm (its set-up
# script DIR/setup.sh, the run in DIR/runs, what vm says in DIR/out,
# DIR/err, its status DIR/rc), then checked (vm_check).
vm_check_case() {
	mkdir -p "$1" || { echo "cannot make $1"; return 1; }
	vm_case_script "$2" >"$1/setup.sh" || { echo "cannot write $1/setup.sh"; return 1; }
	set -- "$1" -k "${vm_label:-$vm_kernel_series}=$vm_kernel_series" \
	    -t "$vm_machine" -s "$1/setup.sh" -R 1 -o "$1/runs"
	[ -z "$vm_append" ] || set -- "$@" -a "$vm_append"
	# shellcheck disable=SC2086 # the run options' words, split on purpose
	vm_command "$@" -- $vm_run_options
	# An emulated machine that never reached the guest's init (hung or
	# died in its kernel's boot: a many-CPU machine emulated on a loaded
	# host) is booted once more, what it said kept in DIR/err.first; a
	# guest whose init or run failed is not.
	if [ "$(cat "$1/rc")" != 0 ] && vm_boot_never_began "$1/err"; then
		# shellcheck disable=SC2086 # as above
		mv "$1/err" "$1/err.first" && rm -rf "$1/runs" &&
		    vm_command "$@" -- $vm_run_options
	fi
	[ "$(cat "$1/rc")" = 0 ] ||
	    { echo "vm: exit $(cat "$1/rc"): $(grep -v '^  |' "$1/err" | tail -n 1)"; return 1; }
	vm_check "$1"
}

# vm_command DIR ARGS...: smpbench vm ARGS with the tiny sweep, what it
# says in DIR/out and DIR/err, its status in DIR/rc; told the
# accelerator where SMPB_VM_ACCEL chose it, or where an earlier case fell
# back to TCG; else it chooses, and falls back, itself.
vm_command() {
	vcm_d=$1
	shift
	if [ "$VM_ACCEL_SET" = 1 ] || [ "$VM_ACCEL" = tcg ]; then
		SMPB_VM_ACCEL=$VM_ACCEL SMPBENCH_SWEEP=tiny \
		    sh scripts/smpbench vm "$@" >"$vcm_d/out" 2>"$vcm_d/err"
	else
		(unset SMPB_VM_ACCEL; SMPBENCH_SWEEP=tiny \
		    sh scripts/smpbench vm "$@" >"$vcm_d/out" 2>"$vcm_d/err")
	fi
	echo $? >"$vcm_d/rc"
}

# vm_accels DIR: the accelerators the runs in DIR/runs say they had;
# where there is none, those vm said it booted under (DIR/err).
vm_accels() {
	{
		cat "$1"/runs/*/env 2>/dev/null | sed -n 's/^vm_accel=//p'
		ls "$1"/runs/*/env >/dev/null 2>&1 ||
		    sed -n 's/^smpbench: vm: boot .*, under \([a-z]*\)$/\1/p' "$1/err"
	} | sort -u | tr '\n' ' ' | sed 's/ $//'
}

# vm_fell_back DIR: where smpbench vm fell back from KVM to TCG for the
# case in DIR, the cases after it are told TCG (VM_ACCEL).
vm_fell_back() {
	[ "$VM_ACCEL" = kvm ] && [ "$VM_ACCEL_SET" != 1 ] || return 0
	grep -q 'booting it again, and the boots after it, under TCG' \
	    "$1/err" 2>/dev/null || return 0
	VM_ACCEL=tcg
	echo "vm: KVM failed for a machine here: the cases after it under TCG"
}

# vm_check_after WORK CASE: a case of other cases' runs: compare of the
# runs of the cases in vm_after, which must have run and passed here.
vm_check_after() {
	vca_dirs=
	for vca_c in $vm_after; do
		vca_r=$(vm_case_run "$1/$vca_c")
		[ -f "$vca_r/complete" ] ||
		    { echo "needs the run of case $vca_c (sh tests/vm/run $vm_after $2)"; return 1; }
		vca_dirs="$vca_dirs $vca_r"
	done
	# shellcheck disable=SC2086 # the runs, split on purpose
	sh scripts/smpbench compare $vca_dirs >"$1/$2.out" 2>"$1/$2.err" ||
	    { echo "compare: exit $?: $(head -n 1 "$1/$2.err")"; return 1; }
	vm_compare_expect "$1/$2.out"
}

# vm_command_case DIR [CASE]: a case of smpbench vm as a user runs it: the
# case's vm_command_run DIR, then its vm_command_expect DIR.
vm_command_case() {
	mkdir -p "$1" || { echo "cannot make $1"; return 1; }
	vm_command_run "$1"
	vm_command_expect "$1"
}
