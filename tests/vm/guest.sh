# shellcheck shell=sh
# tests/vm/guest.sh: the end of every case's set-up script (sourced by
# smpbench vm's guest, scripts/vm/init, as root in the suite's
# directory, after the case's vm_refuse and vm_setup): the case's
# set-up, then, into VM_OUT (kept with the run, as its vm/), what every
# case looks at beside the run: smpbench env (env, env.err, env.rc), run
# -n (plan, plan.err, plan.rc), and, for each CPU of vm_refuse,
# smpb-ring -c CPU (refuse.CPU.rc, .err). A set-up that fails ends it,
# and the boot makes no run.
# shellcheck disable=SC2154 # vm_refuse: the case's

vm_setup || return 1
grep Cpus_allowed_list /proc/$$/status
sh scripts/smpbench env >"$VM_OUT/env" 2>"$VM_OUT/env.err"
echo $? >"$VM_OUT/env.rc"
sh scripts/smpbench run -n >"$VM_OUT/plan" 2>"$VM_OUT/plan.err"
echo $? >"$VM_OUT/plan.rc"
for vg_c in $vm_refuse; do
	bin/smpb-ring -p -T 0.01 -c "$vg_c" \
	    >"$VM_OUT/refuse.$vg_c.out" 2>"$VM_OUT/refuse.$vg_c.err"
	echo $? >"$VM_OUT/refuse.$vg_c.rc"
done
true
