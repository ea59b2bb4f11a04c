#!/usr/bin/env bash
# Checks the canonical form of filled grids against the `sudoku` crate's
# (peer-canon in ../shared/peers, a measuring tool: nothing in the project
# depends on it) on N random grids, then times both on the same file.
#
#   scripts/canon-vs-peer.sh [N] [PEER]
#
# N defaults to 100000; PEER to peer-canon in the peers' release build
# (cargo build --release --manifest-path ../shared/peers/Cargo.toml).
# Exits 1 when a form differs. Neither the tests nor CI need this script.
set -euo pipefail
cd "$(dirname "$0")/.."

count=${1:-100000}
peer=${2:-../shared/peers/target/release/peer-canon}
bin=target/release/sudoku-dlx
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

"$bin" generate --solved -n "$count" --seed 22 -j 2 > "$scratch/grids.txt"
"$bin" canon -j 1 "$scratch/grids.txt" > "$scratch/ours.txt"
"$peer" < "$scratch/grids.txt" > "$scratch/peer.txt"
if ! cmp -s "$scratch/ours.txt" "$scratch/peer.txt"; then
    differ=$(paste -d' ' "$scratch/ours.txt" "$scratch/peer.txt" | awk '$1 != $2' | wc -l)
    echo "canonical forms differ on $differ of $count grids; first:"
    paste -d'\n' "$scratch/grids.txt" "$scratch/ours.txt" "$scratch/peer.txt" \
        | paste - - - | awk '$2 != $3' | head -1 | tr '\t' '\n'
    exit 1
fi
echo "$count grids: the same canonical form as peer-canon"
if command -v hyperfine > /dev/null; then
    hyperfine --warmup 1 --runs 5 --export-json "$scratch/times.json" \
        "$bin canon -j 1 $scratch/grids.txt" "$peer < $scratch/grids.txt"
    python3 -c 'import json, sys
ours, peer = (r["median"] for r in json.load(open(sys.argv[1]))["results"])
print(f"medians: canon {ours:.3f} s, peer-canon {peer:.3f} s, ratio {peer / ours:.2f}")' "$scratch/times.json"
fi
