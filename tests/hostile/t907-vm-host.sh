# t907-vm-host: make vmtest's host side (tests/vm/lib.sh, tests/vm/run)
# on a host that cannot be trusted, with a fake qemu and no real boot.
# The kernels' cache is used only where no other user can have put a
# kernel: a cache of nobody's with a kernel planted in it, one others
# can write, one under a directory others can write or own, a link to
# such a one, and no cache at all where HOME is unset (not /tmp's), are
# each refused in one line, and nothing is booted or made there; a new
# cache is made mode 0700. The cache of nobody's needs root
# (tests/lib.sh's other_user).
# shellcheck disable=SC2016 # the fake's code, expanded as it runs
# shellcheck source=tests/lib.sh
. tests/lib.sh
VM_DIR=tests/vm
# shellcheck source=tests/vm/lib.sh
. tests/vm/lib.sh
T=$TMPDIR_T
ME=$(id -u)

# The fake qemu-system-x86_64: it logs its pid (FAKE_LOG), and fails.
mkdir "$T/fake"
cat >"$T/fake/qemu-system-x86_64" <<'EOF_FAKE'
#!/bin/sh
echo "$$" >>"$FAKE_LOG"
exit 1
EOF_FAKE
chmod +x "$T/fake/qemu-system-x86_64"
PATH=$T/fake:$PATH
FAKE_LOG=$T/qemu.log
export PATH FAKE_LOG
: >"$FAKE_LOG"
mkdir "$T/tmp"
unset SMPB_VM_CACHE XDG_CACHE_HOME

# vmrun NAME=VALUE...: tests/vm/run 16-offline as make vmtest runs it,
# in that environment, with the fake qemu first in PATH and a TMPDIR of
# the test's.
vmrun() {
	run env TMPDIR="$T/tmp" "$@" sh tests/vm/run 16-offline
}

# --- The kernels' cache.
# cache DIR: vm_cache with SMPB_VM_CACHE=DIR; RC and vm_why.
cache() {
	SMPB_VM_CACHE=$1
	vm_cache
	RC=$?
	unset SMPB_VM_CACHE
}
# mode DIR: DIR's mode, as ls prints it.
mode() {
	# shellcheck disable=SC2012 # ls -ld: the mode, POSIX
	LC_ALL=C ls -ld "$1" | cut -c 1-10
}
mkdir -m 0777 "$T/open"
chmod 0777 "$T/open"
cache "$T/open"
is "$RC $vm_why" "1 the kernels' cache is not safe: $T/open can be written by other users, mode drwxrwxrwx; name another with SMPB_VM_CACHE" \
    "a cache others can write: refused"
cache "$T/open/cache"
is "$RC $vm_why" "1 the kernels' cache is not safe: $T/open, above it, can be written by other users, mode drwxrwxrwx; name another with SMPB_VM_CACHE" \
    "a cache in a directory others can write: refused"
is "$(ls -A "$T/open")" "" "and nothing made there"
ln -s "$T/open" "$T/link"
cache "$T/link"
is "$RC $vm_why" "1 the kernels' cache is not safe: $T/open can be written by other users, mode drwxrwxrwx; name another with SMPB_VM_CACHE" \
    "a link to such a cache: what it leads to refused"
# The accepted ones need the test's own directory to be one that could
# hold a cache (not under a directory others can write).
t_ok=$(vm_trusted "$T" "$T")
if [ -n "$t_ok" ]; then
	t_skip "the test's directory cannot hold a cache: $t_ok"
	t_skip "the test's directory cannot hold a cache: $t_ok"
	t_skip "the test's directory cannot hold a cache: $t_ok"
else
	mkdir -m 1777 "$T/sticky"
	chmod 1777 "$T/sticky"
	cache "$T/sticky/new/cache"
	is "$RC $VM_CACHE $(mode "$T/sticky/new/cache")" \
	    "0 $T/sticky/new/cache drwx------" \
	    "a new cache in a sticky directory (as /tmp): made, mode 0700"
	mkdir -m 0700 "$T/home"
	(HOME=$T/home && vm_cache && echo "$VM_CACHE") >"$T/vc"
	is "$(cat "$T/vc")" "$T/home/.cache/smpbench-vm" "by default in HOME's .cache"
	(HOME=$T/home XDG_CACHE_HOME=$T/home/xdg && vm_cache &&
	    echo "$VM_CACHE") >"$T/vc"
	is "$(cat "$T/vc")" "$T/home/xdg/smpbench-vm" "or XDG_CACHE_HOME's"
fi
# With no HOME: no cache, not a directory of /tmp's.
(unset HOME; vm_cache) >/dev/null
is "$?" 1 "no HOME: no cache"
if ! vm_tools >/dev/null; then
	t_skip "make vmtest's tools are not all here: $(vm_tools)"
else
	run sh -c 'unset HOME; TMPDIR=$1 exec sh tests/vm/run 16-offline' sh \
	    "$T/tmp"
	is "$RC $ERR" "1 tests/vm/run: no kernels' cache: HOME is not set; name one with SMPB_VM_CACHE" \
	    "make vmtest with no HOME: exit 1, one line"
fi
# A cache of another user's, with a kernel planted in it: refused, and
# the kernel not booted; under a directory of that user's, the same.
# shellcheck disable=SC2119 # nothing of the tree's is run as nobody
if ! other_user; then
	other_skip "$OTHER_WHY: no cache of another user's to be planted"
	other_skip "$OTHER_WHY: no cache of another user's to be planted"
	other_skip "$OTHER_WHY: no cache of another user's to be planted"
elif ! vm_tools >/dev/null; then
	t_skip "make vmtest's tools are not all here: $(vm_tools)"
	t_skip "make vmtest's tools are not all here: $(vm_tools)"
	t_skip "make vmtest's tools are not all here: $(vm_tools)"
else
	P=$T/planted
	mkdir -p "$P/6.12.99-planted/boot"
	: >"$P/6.12.99-planted/boot/vmlinuz-6.12.99-planted"
	chown -R "$OTHER_UID:$OTHER_GID" "$P"
	: >"$FAKE_LOG"
	vmrun SMPB_VM_CACHE="$P"
	is "$RC $ERR" "1 tests/vm/run: the kernels' cache is not safe: $P is owned by uid $OTHER_UID, not $ME; name another with SMPB_VM_CACHE" \
	    "make vmtest with a cache of nobody's: exit 1, one line"
	is "$(cat "$FAKE_LOG")" "" "and the kernel planted there is not booted"
	cache "$P/mine"
	is "$RC $vm_why" "1 the kernels' cache is not safe: $P, above it, is owned by uid $OTHER_UID; name another with SMPB_VM_CACHE" \
	    "a cache in a directory of nobody's: refused"
fi
is "$(ls -A "$T/tmp")" "" "make vmtest leaves nothing in its TMPDIR"

done_testing
