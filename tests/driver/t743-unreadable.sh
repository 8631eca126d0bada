# t743-unreadable: what smpbench env records of a machine whose values
# cannot be had, under every POSIX shell we can find (fake machines,
# SMPBENCH_PROC). A value whose command fails (a cksum that says nothing):
# unknown, never empty.
# shellcheck disable=SC2086 # $sh is a command line, split on purpose
# shellcheck source=tests/lib.sh
. tests/lib.sh
SB=$PWD/scripts/smpbench
T=$TMPDIR_T

# A machine with a kernel config, and a cksum that fails saying nothing.
C=$T/config
mkdir -p "$C/proc/self" "$C/boot"
printf 'CONFIG_HZ=250\nCONFIG_PREEMPT=y\n' >"$C/boot/config-$(uname -r)"
BAD=$T/bad
mkdir "$BAD"
printf '#!/bin/sh\nexit 1\n' >"$BAD/cksum"
chmod +x "$BAD/cksum"

# key NAME: the value of NAME in what env printed.
key() {
	printf '%s\n' "$OUT" | sed -n "s/^$1=//p"
}

for s in $SHELLS; do
	use_shell $s || continue
	run env SMPBENCH_PROC="$C" PATH="$BAD:$PATH" $sh "$SB" env
	is "$(key config_hash)" unknown "$s: a checksum that cannot be had is unknown"
done

done_testing
