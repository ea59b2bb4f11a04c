"""Shared fixtures: the command-line binary the answers are compared with,
and the bundled puzzle files.

The binary is target/release/sudoku-dlx of this checkout (or the path in
SUDOKU_DLX_BINARY); when it is missing it is built with `cargo build
--release`. A missing puzzle file fails its test: nothing is skipped.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"


@pytest.fixture(scope="session")
def binary() -> Path:
    path = Path(os.environ.get("SUDOKU_DLX_BINARY", ROOT / "target/release/sudoku-dlx"))
    if not path.is_file():
        subprocess.run(
            ["cargo", "build", "--release", "--bin", "sudoku-dlx"], cwd=ROOT, check=True
        )
    assert path.is_file(), f"no binary at {path}"
    return path


def puzzle_file(name: str) -> Path:
    """A bundled puzzle file; fails the test when it is missing."""
    path = PUZZLES / name
    if not path.is_file():
        pytest.fail(f"bundled puzzle file missing: {path}")
    return path


def puzzle_lines(name: str, first: int | None = None) -> list[str]:
    """The puzzles of a one-puzzle-a-line file: its lines but comments and blanks."""
    text = puzzle_file(name).read_text()
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    assert lines, f"no puzzle in {name}"
    return lines[:first]


def run(binary: Path, args: list[str], stdin: str) -> subprocess.CompletedProcess:
    """Runs the binary on `stdin`, as text, whatever its exit status."""
    return subprocess.run(
        [binary, *args], input=stdin, capture_output=True, text=True, check=False
    )


def run_json(binary: Path, args: list[str], puzzles: list[str]) -> list[dict]:
    """The binary's JSON answers to `puzzles`, one per puzzle, in order."""
    done = run(binary, [*args, "-q", "-f", "json"], "\n".join(puzzles) + "\n")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(puzzles), done.stderr
    return answers
