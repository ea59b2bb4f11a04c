#!/usr/bin/env python3
"""Feed mutated plain-text puzzle files to sudoku-dlx and report crashes, stalls and lost records.

Usage: python3 scripts/mutate-text.py [--bin PATH] [--seed S] [--files N] [--timeout T]

Two kinds of runs, both on standard input:
- N mutants of the sample files of every format (`tests/data/*`, the small files of `puzzles/`): one to four
  random edits (a line dropped, repeated or cut short; a character changed to, or a few inserted from, digits,
  blanks, separators, brackets, letters, a tab, a NUL or non-ASCII; a blank line added; line ends made CRLF),
  through `solve`, `count --limit 2`, `check`, `candidates` (each `-f json`) and `explain` (the first three only
  on the 36x36 file, where the last two are known to run long). Bad: a panic, a signal,
  an exit status other than 0, 1 or 2, or more than T seconds. A fifth of them go through `solve` once more in
  UTF-16 (after its byte-order mark, either byte order), which must answer exactly as for the UTF-8 text.
- N/10 files of 100 one-line puzzles of `puzzles/bench-top1465.txt`, thirty of their lines mistyped (a character
  changed, sometimes a few inserted; a line cut short would make a block of short rows with the next), through
  `solve -f json`. Bad as above, or when the answers do not name every line once, in order: each line of a one-line
  file is its own record, good or bad.

Each bad input is written to `/tmp/mutate-text-PID/` and named. Exits 1 when any run was bad. Not part of CI: a
run takes minutes, and a finding is something to look at, not a failure to gate on.
"""

import argparse
import glob
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHARACTERS = list(".0123456789ABCDEFG|-+=:,;\"{}[]#/\\ \txX*_") + ["\u00e9", "\u2502", "\x00"]
COMMANDS = [["solve", "-f", "json"], ["count", "--limit", "2", "-f", "json"], ["check", "-f", "json"],
            ["candidates", "-f", "json"], ["explain"]]


def mutate_lines(lines, rng, edits):
    """`lines` with `edits` random edits."""
    for _ in range(edits):
        if not lines:
            break
        i = rng.randrange(len(lines))
        line = lines[i]
        op = rng.random()
        if op < 0.2:
            del lines[i]
        elif op < 0.35:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op < 0.5:
            lines[i] = line[:rng.randrange(len(line) + 1)]
        elif op < 0.8 and line:
            j = rng.randrange(len(line))
            lines[i] = line[:j] + rng.choice(CHARACTERS) + line[j + 1:]
        elif op < 0.9:
            j = rng.randrange(len(line) + 1)
            lines[i] = line[:j] + "".join(rng.choice(CHARACTERS) for _ in range(rng.randint(1, 5))) + line[j:]
        else:
            lines.insert(i, "")
    return lines


def run(binary, command, data, timeout):
    """(why it is bad or None, the process)."""
    try:
        done = subprocess.run([binary] + command + ["-"], input=data, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"more than {timeout} s", None
    stderr = done.stderr.decode(errors="replace")
    if done.returncode not in (0, 1, 2) or "panicked" in stderr:
        return f"exit status {done.returncode}: {stderr[-300:].strip()}", done
    return None, done


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "target/release/sudoku-dlx"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    samples = [name for name in glob.glob(os.path.join(ROOT, "tests/data/*")) + glob.glob(os.path.join(ROOT, "puzzles/*.txt"))
               if os.path.getsize(name) < 100_000]
    top = os.path.join(ROOT, "puzzles/bench-top1465.txt")
    one_line = [line for line in open(top).read().split("\n") if line.strip()]
    if not samples or not one_line:
        sys.exit("no sample files found under tests/data and puzzles")
    work = f"/tmp/mutate-text-{os.getpid()}"
    os.makedirs(work, exist_ok=True)
    bad = 0
    wide_runs = 0

    def report(kind, k, why, data):
        nonlocal bad
        bad += 1
        path = os.path.join(work, f"{kind}-{k}.txt")
        with open(path, "wb") as out:
            out.write(data)
        print(f"BAD {kind} {k}: {why} ({path})", flush=True)

    for k in range(args.files):
        name = rng.choice(samples)
        lines = mutate_lines(open(name, encoding="utf-8", errors="replace").read().split("\n"), rng, rng.randint(1, 4))
        data = "\n".join(lines).encode("utf-8", errors="replace")
        if rng.random() < 0.1:
            data = data.replace(b"\n", b"\r\n")
        # candidates and explain on a 36x36 grid of several solutions run for
        # minutes to hours (reliability.md, known limits).
        for command in COMMANDS[:3] if "36x36" in name else COMMANDS:
            why, done = run(args.bin, command, data, args.timeout)
            if why:
                report("sample", k, f"{os.path.basename(name)}, {' '.join(command)}: {why}", data)
            elif command == COMMANDS[0] and rng.random() < 0.2:
                # The same text in UTF-16, either byte order: the same answers.
                wide_runs += 1
                big = rng.random() < 0.5
                wide = (b"\xfe\xff" if big else b"\xff\xfe") + data.decode("utf-8").encode(
                    "utf-16-be" if big else "utf-16-le")
                why, wide_done = run(args.bin, command, wide, args.timeout)
                if why is None and (wide_done.returncode, wide_done.stdout, wide_done.stderr) != (
                        done.returncode, done.stdout, done.stderr):
                    why = "its UTF-16 text was answered otherwise"
                if why:
                    report("utf16", k, f"{os.path.basename(name)}, {' '.join(command)}: {why}", wide)
    for k in range(max(1, args.files // 10)):
        lines = rng.sample(one_line, 100)
        for _ in range(30):
            i = rng.randrange(len(lines))
            line = lines[i]
            j = rng.randrange(len(line))
            line = line[:j] + rng.choice(CHARACTERS) + line[j + 1:]
            if rng.random() < 0.3:
                j = rng.randrange(len(line) + 1)
                line = line[:j] + "".join(rng.choice(CHARACTERS) for _ in range(rng.randint(1, 3))) + line[j:]
            lines[i] = line
        lines = [line.replace("\x00", ".") for line in lines if line.strip() and not line.lstrip().startswith("#")]
        data = ("\n".join(lines) + "\n").encode()
        why, done = run(args.bin, ["solve", "-f", "json"], data, args.timeout)
        if why is None:
            answered = [json.loads(line)["line"] for line in done.stdout.decode().splitlines() if line.startswith("{")]
            if answered != list(range(1, len(lines) + 1)):
                missing = sorted(set(range(1, len(lines) + 1)) - set(answered))
                why = f"{len(answered)} answers for {len(lines)} lines, lines {missing[:5]} not answered"
        if why:
            report("lines", k, why, data)
    print(f"seed {args.seed}: {args.files} mutated samples ({wide_runs} also in UTF-16), "
          f"{max(1, args.files // 10)} files of lines: {bad} bad runs")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
