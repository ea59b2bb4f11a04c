#!/usr/bin/env python3
"""Times two sudoku-dlx binaries side by side on the same input.

    scripts/speed-ratio.py OLD NEW --rounds R [--input FILE] -- ARG...

Each round runs OLD then NEW (then NEW then OLD on the next round, so that
neither always goes first) with the same arguments, standard input from
FILE when given, output discarded. Prints the median of the per-round
ratios NEW/OLD of wall time, their range, and the median times. Needs no
package beyond Python's standard library; neither the tests nor CI use it.
"""
import argparse
import statistics
import subprocess
import sys
import time


def run(binary, args, input_path):
    stdin = open(input_path, "rb") if input_path else subprocess.DEVNULL
    start = time.perf_counter()
    subprocess.run([binary, *args], stdin=stdin, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    elapsed = time.perf_counter() - start
    if input_path:
        stdin.close()
    return elapsed


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        sys.exit("usage: speed-ratio.py OLD NEW [--rounds R] [--input FILE] -- ARG...")
    split = argv.index("--")
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--input")
    options = parser.parse_args(argv[:split])
    args = argv[split + 1:]
    ratios, olds, news = [], [], []
    for round_ in range(options.rounds):
        if round_ % 2 == 0:
            old = run(options.old, args, options.input)
            new = run(options.new, args, options.input)
        else:
            new = run(options.new, args, options.input)
            old = run(options.old, args, options.input)
        ratios.append(new / old)
        olds.append(old)
        news.append(new)
    print(f"{' '.join(args)}: ratio {statistics.median(ratios):.3f} "
          f"({min(ratios):.3f}-{max(ratios):.3f}), old {statistics.median(olds) * 1000:.0f} ms, "
          f"new {statistics.median(news) * 1000:.0f} ms, {options.rounds} rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
