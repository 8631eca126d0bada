# t614-snap: smpb-snap, the copies the driver reads saved runs from: a
# plain file copied and counted (bytes, NULs, control bytes, lines, the
# longest line and where it is, a last line with no newline too, and
# that line's bytes, left out of the copy, which ends at its newline); a
# link, a fifo (without waiting on it) and a device refused; no more
# than MAX and a 64 KiB block copied; the first failure ends it, exit 1,
# after the lines of the copies made; bad operands and options exit 2,
# in one line; the operands on stdin where none are given; a copy's
# directories made where missing; -h and -V, as smpb-stat's.
# shellcheck source=tests/lib-globals.sh
. tests/lib.sh
snap=bin/smpb-snap
[ -x "$snap" ] || skip_all "bin/smpb-snap is not built (make)"
T=$TMPDIR_T

printf 'key=1\n\tx\000\n\377z\n' >"$T/f"
run $snap 100 "$T/f" "$T/f.copy"
is "$RC:$OUT" "0:13 1 3 3 5 1 0 $T/f.copy" \
    "a plain file: 13 bytes, a NUL, 3 control bytes (tab, NUL, 0xff), 3 lines, the longest the first, of 5 bytes"
check "its copy is the file" cmp -s "$T/f" "$T/f.copy"

# The longest line: the first of its length; the last one, with no
# newline, counted too; none in a file of empty lines or none.
printf 'ab\nabcd\nabcd\nx' >"$T/l1"
printf 'a\nbb\nccc' >"$T/l2"
printf '\n\n' >"$T/l3"
: >"$T/l4"
run $snap 100 "$T/l1" "$T/l1.copy" 100 "$T/l2" "$T/l2.copy" \
    100 "$T/l3" "$T/l3.copy" 100 "$T/l4" "$T/l4.copy"
is "$RC:$OUT" "0:14 0 0 3 4 2 1 $T/l1.copy
8 0 0 2 3 3 3 $T/l2.copy
2 0 0 2 0 0 0 $T/l3.copy
0 0 0 0 0 0 0 $T/l4.copy" \
    "the longest line: the first of its length, the last with no newline, none; the bytes of a line cut"
is "$(od -An -c "$T/l2.copy" | tr -d ' \n')" 'a\nbb\n' \
    "a line cut: left out of the copy, which ends at its last newline"
check "a file that ends in a newline: copied whole" cmp -s "$T/l3" "$T/l3.copy"

ln -s f "$T/link"
run $snap 100 "$T/link" "$T/link.copy"
is "$RC" 1 "a link: exit 1"
like "$ERR" "^smpb-snap: $T/link: " "a link: said on one line"
check "a link: nothing copied" test ! -e "$T/link.copy"

mkfifo "$T/fifo"
run $snap 100 "$T/fifo" "$T/fifo.copy"
is "$RC:$ERR" "1:smpb-snap: $T/fifo: not a plain file" \
    "a fifo with no writer: refused at once"
run $snap 100 /dev/null "$T/null.copy"
is "$RC:$ERR" "1:smpb-snap: /dev/null: not a plain file" "a device: refused"

# 200000 bytes, MAX 1000: one block of 64 KiB copied, the most a file of
# 1000 bytes could give and a block more.
dd if=/dev/zero of="$T/big" bs=1000 count=200 2>/dev/null
run $snap 1000 "$T/big" "$T/big.copy"
is "$RC:$OUT" "0:65536 65536 65536 0 65536 1 65536 $T/big.copy" \
    "a file beyond MAX: a block copied, and told by its size"

# Two copies, the second refused: the first one's line, then exit 1.
run $snap 100 "$T/f" "$T/f.two" 100 "$T/fifo" "$T/fifo.two"
is "$RC:$OUT" "1:13 1 3 3 5 1 0 $T/f.two" "the first failure ends it, after the lines of the copies made"
run $snap 100 "$T/f" "$T/f.copy"
is "$RC:$ERR" "1:smpb-snap: $T/f.copy: File exists" "a copy that exists is not written over"

# A copy's directories: made where missing; one that is a file, refused.
run $snap 100 "$T/f" "$T/d1/d2/f.copy" 100 "$T/f" "$T/d1/f.copy"
is "$RC:$OUT" "0:13 1 3 3 5 1 0 $T/d1/d2/f.copy
13 1 3 3 5 1 0 $T/d1/f.copy" "a copy's missing directories: made"
check "and the copies there" cmp -s "$T/f" "$T/d1/d2/f.copy"
run $snap 100 "$T/f" "$T/f/x.copy"
is "$RC:$ERR" "1:smpb-snap: $T/f/x.copy: Not a directory" \
    "a copy whose directory is a file: exit 1, said"

run $snap 100 "$T/f"
is "$RC:$ERR" "2:smpb-snap: operands come in threes, MAX SOURCE COPY: not '$T/f' (see smpb-snap -h)" \
    "operands not in threes: exit 2, said"
run $snap x "$T/f" "$T/x"
is "$RC:$ERR" "2:smpb-snap: MAX is not a number of bytes: 'x' (see smpb-snap -h)" \
    "a MAX that is no number: exit 2, said"
check "and nothing copied" test ! -e "$T/x"
# No operands: they are read from stdin, one a line, a last line with
# no newline too; all read before anything is copied.
run sh -c 'printf "100\n%s\n%s\n100\n%s\n%s" "$1" "$1.in1" "$2" "$2.in2" | "$0"' \
    $snap "$T/f" "$T/l2"
is "$RC:$OUT" "0:13 1 3 3 5 1 0 $T/f.in1
8 0 0 2 3 3 3 $T/l2.in2" "no operands: the triples read from stdin, one operand a line"
check "and copied" cmp -s "$T/f" "$T/f.in1"
run sh -c 'printf "100\n%s\n%s\n100\n%s\n" "$1" "$1.in3" "$1" | "$0"' $snap "$T/f"
is "$RC:$ERR" "2:smpb-snap: operands come in threes, MAX SOURCE COPY: not '$T/f' (see smpb-snap -h)" \
    "stdin's operands not in threes: exit 2, said"
check "and nothing copied before it" test ! -e "$T/f.in3"
run sh -c 'printf "100\n%s\n\n" "$1" | "$0"' $snap "$T/f"
is "$RC:$OUT:$ERR" "1::smpb-snap: : an empty name" \
    "an empty copy's name: exit 1, said (read within the name)"
run sh -c ': | "$0"' $snap
is "$RC:$OUT:$ERR" "0::" "an empty stdin: nothing to copy"
run $snap -x
is "$RC:$ERR" "2:smpb-snap: -x: unknown option (see smpb-snap -h)" \
    "an unknown option: exit 2, one line"
run $snap -h
is "$RC:$OUT" "0:usage: smpb-snap [-hV] [--] [max source copy ...]" \
    "-h: usage on stdout, exit 0"
run $snap -V
like "$RC:$OUT" '^0:smpb-snap \(smpbench\) [0-9]+\.[0-9]+' "-V: version, exit 0"
run $snap -- 100 "$T/f" "$T/dash"
is "$RC" 0 "-- ends the options"
done_testing
