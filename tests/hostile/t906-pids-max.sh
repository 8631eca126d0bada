# t906-pids-max: out of descriptors (ulimit -n 10), ring says so in
# one line, never "out of memory" after it (their memory is mapped
# with no descriptor). Out of processes under a cgroup's pids.max, the
# programs say to raise the cgroup's pids.max, not 'ulimit -u' (far
# above the count); under 'ulimit -u' (RLIMIT_NPROC, as nobody) they
# still say 'ulimit -u'. The cgroup's part runs as root where a pids
# cgroup can be made (cgroup v1's pids hierarchy or cgroup v2).
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
BIN=$PWD/bin
[ -x "$BIN/smpb-ring" ] || skip_all "bin/smpb-ring is not built (run make)"
run sh -c "ulimit -n 10 && exec '$BIN/smpb-ring' -n 8 -T 0.05"
is "$RC $(printf '%s\n' "$ERR" | wc -l | tr -d ' ')" "1 1" \
    "smpb-ring under ulimit -n 10: exit 1, one line"
like "$ERR" "^smpb-ring: cannot create pipe 1 of 8 \\(raise 'ulimit -n'\\): pipe: Too many open files\$" \
    "naming the limit"

[ "$(id -u)" -eq 0 ] || { t_skip "not root: no cgroup can be made"; done_testing; }
G=
for root in /sys/fs/cgroup/pids /sys/fs/cgroup/unified /sys/fs/cgroup; do
	[ -f "$root/cgroup.procs" ] || continue
	g=$root/smpbench-test-$$
	if mkdir "$g" 2>/dev/null; then
		if [ -f "$g/pids.max" ] && echo 6 >"$g/pids.max" 2>/dev/null; then
			G=$g
			break
		fi
		rmdir "$g"
	fi
done
[ -n "$G" ] || { t_skip "no pids cgroup can be made here"; done_testing; }
trap 'rmdir "$G" 2>/dev/null; rm -rf "$TMPDIR_T"' EXIT

# in_cgroup CMD...: CMD in the cgroup G.
# shellcheck disable=SC2317 # called below
in_cgroup() {
	sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$G" "$@"
}

for p in ring herd; do
	run in_cgroup "$BIN/smpb-$p" -n 16
	is "$RC" 1 "smpb-$p -n 16 under pids.max 6: exit 1"
	like "$ERR" "^smpb-$p: cannot start worker [0-9]+ of 16 \\(raise the cgroup's pids\\.max or use fewer\\): fork: " \
	    "smpb-$p: it names the cgroup's pids.max"
done
run in_cgroup "$BIN/smpb-yield" -n 16 -T 0.05
like "$ERR" "^smpb-yield: cannot start thread [0-9]+ of 16 \\(raise the cgroup's pids\\.max or 'ulimit -v', or use fewer\\): pthread_create: " \
    "smpb-yield: so do threads"
# As nobody, a copy of smpb-ring it can read (tests/lib.sh's other_user).
if ! need_cmd prlimit; then
	other_skip "prlimit is not installed: no 'ulimit -u' to be limited by"
elif ! other_user bin/smpb-ring; then
	other_skip "$OTHER_WHY: no 'ulimit -u' to be limited by"
else
	run prlimit --nproc=5 setpriv --reuid="$OTHER_UID" \
	    --regid="$OTHER_GID" --clear-groups "$OTHER_TREE/bin/smpb-ring" -n 16
	# nobody's other processes (another test's, in the other lane) may
	# leave no room for even the guardian: 'ulimit -u' all the same; or
	# none for the program itself, and then nothing of it can be seen.
	case $ERR in
	"setpriv: failed to execute"*)
		t_skip "nobody had no process left for smpb-ring itself (another test of nobody's beside it)"
		done_testing
		;;
	esac
	like "$ERR" "^smpb-ring: cannot start (worker [0-9]+ of 16 \\(raise 'ulimit -u' or use fewer\\)|the guardian process \\(raise 'ulimit -u'\\)): fork: " \
	    "under 'ulimit -u' alone: 'ulimit -u'"
fi

done_testing
