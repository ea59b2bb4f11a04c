#!/usr/bin/env bash
# Counts the instructions two sudoku-dlx binaries execute (valgrind's
# cachegrind, stable from run to run whatever the load of the machine) on
# the five benchmark sets of puzzles/, for solve and count --limit 2, and
# prints the ratio new/old of each.
#
#   scripts/instructions.sh OLD [NEW]
#
# NEW is target/release/sudoku-dlx unless given. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."

old=${1:?usage: scripts/instructions.sh OLD [NEW]}
new=${2:-target/release/sudoku-dlx}
count() {
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*I *refs: *//p' | tr -d ,
}
printf '%-28s %-16s %14s %14s %7s\n' set command old new ratio
for file in puzzles/bench-*.txt; do
    for command in solve "count --limit 2"; do
        # shellcheck disable=SC2086
        a=$(count "$old" $command "$file")
        # shellcheck disable=SC2086
        b=$(count "$new" $command "$file")
        printf '%-28s %-16s %14s %14s %7.4f\n' "$(basename "$file")" "$command" "$a" "$b" \
            "$(echo "$b / $a" | bc -l)"
    done
done
