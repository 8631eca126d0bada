# shellcheck shell=sh disable=SC2034
# lib-globals.sh: tests/lib.sh as shellcheck takes it in a test, never
# sourced: the names that lib.sh sets for a test to read, those in lower
# case (shellcheck takes a name in capitals to come from the
# environment) and those in capitals like one in lower case. A test's
# "shellcheck source=" names this file, not lib.sh: lib.sh followed
# into each of the tests was most of make check's time (half a second
# of CPU a test), and lib.sh is checked whole on its own. t801 checks
# that lib.sh sets every name here; a test that reads one of lib.sh's
# names not here fails shellcheck (SC2154, referenced but not assigned).
sh='' s=''			# use_shell, first_shell
SHELLS=''			# the shells installed
want_rc='' want_out='' want_err=''	# floor_of: the clean runs'
limit=''			# floor_of: the memory bound, in KiB
