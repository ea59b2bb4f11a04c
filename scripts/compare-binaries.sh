#!/usr/bin/env bash
# Compares the output of two sudoku-dlx binaries byte for byte: solve,
# count --limit 2, check and rate on every collection of puzzles/ and of
# ../shared/puzzles (when present), and seeded generation at every size.
#
#   scripts/compare-binaries.sh OLD [NEW]
#
# NEW is target/release/sudoku-dlx unless given. Prints one line per run
# that differs and a summary; exits 1 when any run differs. Neither the
# tests nor CI need this script: it guards a change that must not alter
# what users see.
set -uo pipefail
cd "$(dirname "$0")/.."

old=${1:?usage: scripts/compare-binaries.sh OLD [NEW]}
new=${2:-target/release/sudoku-dlx}
runs=0
differ=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

compare() {
    runs=$((runs + 1))
    if ! cmp -s <("$old" "$@" 2>&1; echo "exit $?") <("$new" "$@" 2>&1; echo "exit $?"); then
        differ=$((differ + 1))
        echo "differs: $*"
    fi
}

files=(puzzles/*.txt)
if [ -d ../shared/puzzles ]; then
    files+=(../shared/puzzles/*.txt)
fi
for file in "${files[@]}"; do
    compare solve "$file"
    compare count --limit 2 "$file"
    compare check "$file"
    case "$file" in
        # Rating searches every puzzle twice; the two largest collections
        # are rated on their first 5,000 puzzles.
        *17_clue* | *1905_11plus*)
            head -n 5000 "$file" > "$scratch/$(basename "$file")"
            compare rate "$scratch/$(basename "$file")"
            ;;
        *) compare rate "$file" ;;
    esac
done
for size in 4 9 16; do
    compare generate -n 20 --seed 7 --size "$size"
    compare generate --solved -n 20 --seed 7 --size "$size"
done
compare generate -n 5 --seed 3 --rate --symmetry none
echo "$runs runs, $differ differ (old: $old, new: $new)"
[ "$differ" -eq 0 ]
