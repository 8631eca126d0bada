# shellcheck shell=sh
# tests/vm/guest.sh: what every case does in the guest (sourced by
# tests/vm/init, after the case's /case.sh), into /out: smpbench env
# (env, env.err, env.rc), run -n (plan, plan.err, plan.rc) and, for a
# full case, a tiny run of every workload in every placement, one repeat,
# saved in /out/run (run.out, run.err, run.rc), or, where the case asks
# for vm_runs of them, in /out/run/1 ... /out/run/N (run -R); for each
# CPU of vm_refuse, smpb-ring -c CPU (refuse.CPU.rc, .err). Each
# smpbench command under vm_wrap (taskset -c LIST, where the case asks
# for it). smpbench vm's boots (vm_run=bench) make one run alone.
# shellcheck disable=SC2154 # vm_*: the case's (/case.sh)

# in_wrap CMD...: CMD under the case's wrapper.
in_wrap() {
	# shellcheck disable=SC2086 # the wrapper's words, split on purpose
	$vm_wrap "$@"
}

vm_guest() {
	cd /smpbench || return 1
	if [ "$vm_run" = bench ]; then
		vm_bench
		return
	fi
	in_wrap sh scripts/smpbench env >/out/env 2>/out/env.err
	echo $? >/out/env.rc
	in_wrap sh scripts/smpbench run -n >/out/plan 2>/out/plan.err
	echo $? >/out/plan.rc
	if [ "$vm_run" = full ]; then
		SMPBENCH_SWEEP=tiny in_wrap sh scripts/smpbench run -r 1 \
		    -R "$vm_runs" -S 0 -P all -l "$vm_label" -o /out/run \
		    >/out/run.out 2>/out/run.err
		echo $? >/out/run.rc
	fi
	for vg_c in $vm_refuse; do
		in_wrap bin/smpb-ring -p -T 0.01 -c "$vg_c" \
		    >"/out/refuse.$vg_c.out" 2>"/out/refuse.$vg_c.err"
		echo $? >"/out/refuse.$vg_c.rc"
	done
}

# vm_bench: smpbench vm's boot: one run with the run options (vm_args,
# quoted), labelled as the kernel, saved in /out/run (run.out, run.err,
# run.rc).
# shellcheck disable=SC2120 # its arguments are vm_args's, set here
vm_bench() {
	eval "set -- $vm_args"
	[ -z "$vm_sweep" ] || { SMPBENCH_SWEEP=$vm_sweep; export SMPBENCH_SWEEP; }
	sh scripts/smpbench run -l "$vm_label" -o /out/run "$@" \
	    >/out/run.out 2>/out/run.err
	echo $? >/out/run.rc
}
