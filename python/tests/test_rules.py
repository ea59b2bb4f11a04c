"""The rules beyond "once per unit" (thermometers, kropki dots, XV, arrows)
in JSON descriptions: the package answers them as the binary does."""

from __future__ import annotations

import pytest

import sudoku_dlx
from conftest import run, run_json

RULES = ["thermometer", "kropki", "xv", "arrow"]


@pytest.mark.parametrize("rule", RULES)
def test_described_rules_are_solved_and_counted_as_the_binary_does(binary, rule):
    made = run(binary, ["generate", "--variant", rule, "--seed", "12", "-n", "3"], "")
    assert made.returncode == 0, made.stderr
    puzzles = made.stdout.splitlines()
    assert len(puzzles) == 3
    solved = run_json(binary, ["solve"], puzzles)
    counted = run_json(binary, ["count", "--limit", "2"], puzzles)
    for puzzle, answer, count in zip(puzzles, solved, counted):
        assert sudoku_dlx.solve(puzzle) == answer["solution"]
        assert sudoku_dlx.count(puzzle, limit=2) == count["count"] == 1
    # The same givens without their rules have other solutions.
    assert all(sudoku_dlx.count(answer["puzzle"], limit=2) == 2 for answer in solved)
