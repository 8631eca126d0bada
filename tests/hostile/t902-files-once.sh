# t902-files-once: a saved run's files are read once, from a private
# snapshot of what was checked: another user (nobody) swapping a run's
# raw/yield for a fifo, again and again, while compare -p reads it, hangs
# no compare (each bounded here by timeout); the snapshot is gone after.
# Run as root, with nobody as the other user (as this user where there
# is none, unless SMPB_OTHER_USER_REQUIRED=1).
# shellcheck disable=SC2016 # the other user's code, expanded as it runs
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
long_battery "a run's file swapped for a fifo by another user, again and again, while compare reads it"
FIX=$PWD/tests/fixtures
SB=$PWD/scripts/smpbench
T=$TMPDIR_T
need_cmd timeout || skip_all "timeout is not installed: a hang would hang the test"
chmod 0755 "$T"
export TMPDIR="$T/tmp"
mkdir "$TMPDIR"

# The other user: nobody (tests/lib.sh's other_user), with a copy of
# the run it plants; where none can be had, this user plants it (under
# SMPB_OTHER_USER_REQUIRED=1 that fails instead).
if other_user tests/fixtures/run-a; then
	who=nobody
	plant_src=$OTHER_TREE/tests/fixtures/run-a
elif [ "${SMPB_OTHER_USER_REQUIRED:-0}" = 1 ]; then
	other_cannot "$OTHER_WHY"
else
	as_other() {
		"$@"
	}
	who="this user ($OTHER_WHY)"
	plant_src=$FIX/run-a
fi

# The compared run, the other user's, its raw/yield swapped with a fifo
# until $T/swap is gone.
mkdir "$T/runs"
chmod 0777 "$T/runs"
as_other cp -R "$plant_src" "$T/runs/b"
as_other sh -c 'sed "s/^label=.*/label=other/" "$1/env" >"$1/env.new" &&
	mv "$1/env.new" "$1/env" && cp "$1/raw/yield" "$1/real" &&
	mkfifo "$1/fifo"' sh "$T/runs/b"
# planted: the run and its fifo are there.
# shellcheck disable=SC2317 # called by check
planted() {
	[ -s "$T/runs/b/real" ] && [ -p "$T/runs/b/fifo" ]
}
check "the run planted by $who, and its fifo, are there" planted
mkdir "$T/swap"
as_other sh -c 'cd "$1/raw" || exit 1
	while [ -d "$2" ]; do
		ln -f ../fifo .y && mv -f .y yield
		ln -f ../real .y && mv -f .y yield
	done' sh "$T/runs/b" "$T/swap" &
swapper=$!
hung=0
bad=0
i=0
while [ "$i" -lt 10 ]; do
	i=$((i + 1))
	timeout 60 sh "$SB" compare -p "$FIX/run-a" "$T/runs/b" >"$T/out" 2>"$T/err"
	rc=$?
	case $rc in
	124 | 137) hung=$((hung + 1)) ;;
	0 | 1) ;;
	*) bad=$((bad + 1)) ;;
	esac
done
rmdir "$T/swap"
wait "$swapper"
is "$hung" 0 "raw/yield swapped with a fifo by $who: no compare of 10 hangs"
is "$bad" 0 "each ends with 0 or 1"
is "$(find "$TMPDIR" -mindepth 1 | wc -l | tr -d ' ')" 0 "no snapshot is left behind"

done_testing
