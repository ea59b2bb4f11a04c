#!/usr/bin/env bash
# Fans a one-puzzle-per-line stream out with GNU parallel and checks that the
# output is byte-identical to a plain run of the same command.
#
#   scripts/parallel-check.sh [PUZZLES]
#
# PUZZLES is a file with one puzzle per line; without it, the 9x9 sets of
# puzzles/bench-*.txt are repeated into a stream of about 3 MB, so that parallel
# cuts it into several 1 MB blocks. The command checked is
#
#   parallel --pipe --keep-order --block 1M sudoku-dlx solve < PUZZLES
#
# and the same with `count --limit 2`. On several hosts, add
# `--sshlogin host1,host2` (and `--sshlogin :` for this one) with sudoku-dlx
# installed on each. The binary is target/release/sudoku-dlx unless
# SUDOKU_DLX names another. Needs GNU parallel; skips (exit 0) without it.
# Neither the tests nor CI need this script.
set -euo pipefail

cd "$(dirname "$0")/.."
if ! command -v parallel >/dev/null 2>&1; then
    echo "parallel-check: skipped: GNU parallel is not installed (e.g. apt-get install parallel)"
    exit 0
fi
bin=${SUDOKU_DLX:-target/release/sudoku-dlx}
if [ ! -x "$bin" ]; then
    cargo build --release --quiet
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
input=${1:-}
if [ -z "$input" ]; then
    input=$work/puzzles.txt
    for _ in $(seq 8); do
        cat puzzles/bench-*.txt
    done >"$input"
fi

status=0
for task in "solve" "count --limit 2"; do
    # A failed puzzle makes sudoku-dlx exit with 1; only the output matters here.
    # shellcheck disable=SC2086
    "$bin" $task <"$input" >"$work/plain" || true
    # shellcheck disable=SC2086
    parallel --pipe --keep-order --block 1M "$bin" $task <"$input" >"$work/fanned" || true
    lines=$(wc -l <"$work/plain")
    if cmp -s "$work/plain" "$work/fanned"; then
        echo "parallel-check: $task: identical ($lines lines, $(wc -c <"$input") bytes in)"
    else
        echo "parallel-check: $task: OUTPUT DIFFERS from the plain run"
        status=1
    fi
done
exit $status
