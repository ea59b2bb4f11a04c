"""The rules beyond "once per unit" (thermometers, kropki dots, XV, arrows)
in JSON descriptions: the package answers them as the binary does."""

from __future__ import annotations

import json

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


def test_sums_lines_and_quadruples_are_answered_as_the_binary_does(binary):
    # Little killers, a sandwich, region-sum and between lines and a
    # quadruple drawn on one solution.
    puzzle = (
        '{"givens": "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", '
        '"little_killers": [{"clue": "r0c0", "direction": "DR", "sum": 39}], '
        '"sandwiches": [{"clue": "r1c0", "sum": 2}], '
        '"lines": [{"type": "region-sum", "cells": ["r2c3", "r2c4", "r2c5"]}], '
        '"between_lines": [["r1c2", "r2c2", "r3c2"]], '
        '"quadruples": [{"cells": ["r5c5", "r5c6", "r6c5", "r6c6"], "values": [4, 9]}]}'
    )
    solved = run_json(binary, ["solve"], [puzzle])[0]
    assert sudoku_dlx.solve(puzzle) == solved["solution"]
    assert sudoku_dlx.count(puzzle, limit=2) == 1


@pytest.mark.parametrize("rule", RULES)
def test_rules_on_a_shape_are_answered_as_the_binary_does(binary, rule):
    # A twodoku with rules drawn across its frame, as a dict too.
    made = run(binary, ["generate", "--shape", "twodoku", "--variant", rule, "--seed", "5"], "")
    assert made.returncode == 0, made.stderr
    puzzle = made.stdout.strip()
    solved = run_json(binary, ["solve"], [puzzle])[0]
    assert solved["shape"] == "twodoku"
    assert sudoku_dlx.solve(puzzle) == solved["solution"]
    assert sudoku_dlx.solve(json.loads(puzzle)) == solved["solution"]
    assert sudoku_dlx.count(puzzle, limit=2) == 1
