"""Benchmark: solve_many against the binary's `solve -j N` on one file.

Times, alternately, `sudoku-dlx solve -j N FILE > /dev/null` and the same
work in Python: read the file, split it into lines, `solve_many` them on N
threads, write the answers to /dev/null. Prints each run, the medians and
their ratio (Python / binary). A measurement, not a test: nothing fails.

    python python/bench/bench_17_clue.py [--threads N] [--runs R] [FILE]

FILE defaults to ../shared/puzzles/puzzles2_17_clue.txt beside the
checkout (49,158 puzzles); the binary is target/release/sudoku-dlx.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import sudoku_dlx

ROOT = Path(__file__).resolve().parents[2]


def time_binary(binary: Path, path: Path, threads: int) -> float:
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        subprocess.run(
            [binary, "solve", "-q", "-j", str(threads), path], stdout=sink, check=False
        )
    return time.perf_counter() - start


def time_python(path: Path, threads: int) -> tuple[float, list]:
    start = time.perf_counter()
    lines = [
        line
        for line in path.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    answers = sudoku_dlx.solve_many(lines, threads=threads, errors="status")
    with open(os.devnull, "w") as sink:
        sink.write("\n".join(answers))
        sink.write("\n")
    return time.perf_counter() - start, answers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path,
                        default=ROOT.parent / "shared/puzzles/puzzles2_17_clue.txt")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--binary", type=Path, default=ROOT / "target/release/sudoku-dlx")
    args = parser.parse_args()
    if not args.file.is_file() or not args.binary.is_file():
        print(f"missing {args.file} or {args.binary} (cargo build --release)", file=sys.stderr)
        return 2
    binary_times, python_times = [], []
    for run in range(args.runs):
        binary_times.append(time_binary(args.binary, args.file, args.threads))
        seconds, answers = time_python(args.file, args.threads)
        python_times.append(seconds)
        print(f"run {run + 1}: binary {binary_times[-1]:.3f} s, python {seconds:.3f} s",
              file=sys.stderr)
    binary, python = statistics.median(binary_times), statistics.median(python_times)
    print(f"{len(answers)} puzzles, {args.threads} threads, {args.runs} runs")
    print(f"binary solve -j {args.threads}: median {binary:.3f} s")
    print(f"python solve_many(threads={args.threads}): median {python:.3f} s")
    print(f"ratio python / binary: {python / binary:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
