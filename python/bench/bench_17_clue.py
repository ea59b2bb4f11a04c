"""Benchmark: solve_many against the binary's `solve -j N` on one file.

Times (wall clock, and CPU time of all threads, which a busy machine
disturbs less), alternately, `sudoku-dlx solve -j N FILE > /dev/null` and the same
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
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import sudoku_dlx

ROOT = Path(__file__).resolve().parents[2]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_binary(binary: Path, path: Path, threads: int) -> tuple[float, float]:
    start, cpu = time.perf_counter(), children_cpu()
    with open(os.devnull, "wb") as sink:
        subprocess.run(
            [binary, "solve", "-q", "-j", str(threads), path], stdout=sink, check=False
        )
    return time.perf_counter() - start, children_cpu() - cpu


def time_python(path: Path, threads: int) -> tuple[float, float, float, list]:
    """Wall and CPU time of the whole run, wall time of solve_many alone."""
    start, cpu = time.perf_counter(), time.process_time()
    lines = [
        line
        for line in path.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    solving = time.perf_counter()
    answers = sudoku_dlx.solve_many(lines, threads=threads, errors="status")
    solving = time.perf_counter() - solving
    with open(os.devnull, "w") as sink:
        sink.write("\n".join(answers))
        sink.write("\n")
    return time.perf_counter() - start, time.process_time() - cpu, solving, answers


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
    binary_runs, python_runs = [], []
    for run in range(args.runs):
        binary_runs.append(time_binary(args.binary, args.file, args.threads))
        *python_run, answers = time_python(args.file, args.threads)
        python_runs.append(python_run)
        print(f"run {run + 1}: binary {binary_runs[-1][0]:.3f} s ({binary_runs[-1][1]:.3f} s CPU), "
              f"python {python_run[0]:.3f} s ({python_run[1]:.3f} s CPU)", file=sys.stderr)
    print(f"{len(answers)} puzzles, {args.threads} threads, {args.runs} runs")
    for k, what in enumerate(["wall", "CPU"]):
        binary = statistics.median(run[k] for run in binary_runs)
        python = statistics.median(run[k] for run in python_runs)
        print(f"{what}: binary solve -j {args.threads} median {binary:.3f} s, "
              f"python solve_many(threads={args.threads}) median {python:.3f} s, "
              f"ratio {python / binary:.3f}")
    alone = statistics.median(run[2] for run in python_runs)
    print(f"wall of solve_many alone (the list already read): median {alone:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
