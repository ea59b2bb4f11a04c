"""generate: the same lines as `sudoku-dlx generate` for the same seed and
options, on any number of threads."""

from __future__ import annotations

import re

import pytest

import sudoku_dlx
from conftest import run

CASES = [
    (["-n", "6", "--seed", "7"], dict(count=6, seed=7)),
    (["-n", "3", "--seed", "2", "--size", "4", "--symmetry", "none"],
     dict(count=3, seed=2, size=4, symmetry="none")),
    (["-n", "4", "--seed", "3", "--solved"], dict(count=4, seed=3, solved=True)),
    (["-n", "2", "--seed", "5", "--variant", "x,anti-king"],
     dict(count=2, seed=5, variant=["x", "anti-king"])),
    (["-n", "2", "--seed", "9", "--size", "6", "--boxes", "3x2"],
     dict(count=2, seed=9, size=6, boxes="3x2")),
    (["-n", "2", "--seed", "4", "--variant", "jigsaw"], dict(count=2, seed=4, variant=["jigsaw"])),
    (["-n", "3", "--seed", "4", "--size", "4", "--variant", "killer"],
     dict(count=3, seed=4, size=4, variant=["killer"])),
    (["-n", "2", "--seed", "11", "--difficulty", "expert"],
     dict(count=2, seed=11, difficulty="expert")),
    (["-n", "2", "--seed", "6", "--difficulty", "easy", "--min-givens", "30"],
     dict(count=2, seed=6, difficulty="easy", min_givens=30)),
    (["-n", "1", "--seed", "8", "--difficulty", "simple", "--method", "techniques",
      "--min-givens", "34"],
     dict(count=1, seed=8, difficulty="simple", method="techniques", min_givens=34)),
    # The level is judged under the puzzle's rules.
    (["-n", "2", "--seed", "3", "--variant", "x", "--difficulty", "easy", "--min-givens", "30"],
     dict(count=2, seed=3, variant=["x"], difficulty="easy", min_givens=30)),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: " ".join(case[0]))
def test_generate_matches_the_binary(binary, case):
    args, kwargs = case
    done = run(binary, ["generate", "-q", *args], "")
    assert done.returncode == 0, done.stderr
    # --difficulty judges each puzzle without printing a rating: the lines
    # are the puzzles alone (a rating, `LEVEL: HARDEST; N branches`, comes
    # only with --rate).
    expected = done.stdout.splitlines()
    assert not any(re.search(r"\d+ branches$", line) for line in expected)
    assert sudoku_dlx.generate(**kwargs, threads=1) == expected
    assert sudoku_dlx.generate(**kwargs, threads=2) == expected


def test_generated_puzzles_are_unique():
    puzzles = sudoku_dlx.generate(5, seed=1, variant=["hyper"])
    assert sudoku_dlx.check_many(puzzles, variant=["hyper"]) == ["unique"] * 5
    assert sudoku_dlx.generate(2) != sudoku_dlx.generate(2)


def test_the_levels_of_the_difficulty_are_rated_so(binary):
    puzzles = sudoku_dlx.generate(2, seed=6, difficulty="easy", min_givens=30)
    assert [rating["level"] for rating in sudoku_dlx.rate_many(puzzles)] == ["easy"] * 2


@pytest.mark.parametrize(
    "kwargs, flags",
    [
        (dict(difficulty="medium"), ["--difficulty", "medium"]),
        (dict(difficulty="hard"), ["--difficulty", "hard"]),
        (dict(method="search"), ["--method", "search"]),
    ],
)
def test_the_search_levels_are_refused_as_the_binary_refuses_them(binary, kwargs, flags):
    done = run(binary, ["generate", *flags], "")
    assert done.returncode == 2
    assert "replaced" in done.stderr
    with pytest.raises(ValueError, match="replaced"):
        sudoku_dlx.generate(**kwargs)


@pytest.mark.parametrize(
    "size, variant, message",
    [
        (12, ["jigsaw", "hyper"], "the hyper rule needs a 9x9 grid; found 12x12"),
        (9, ["jigsaw", "disjoint"], "the disjoint rule needs boxes"),
    ],
)
def test_rules_that_stand_on_no_jigsaw_are_refused_as_the_binary_refuses_them(
    binary, size, variant, message
):
    flags = ["--size", str(size), "--variant", ",".join(variant)]
    done = run(binary, ["generate", *flags], "")
    assert done.returncode == 2
    assert message in done.stderr
    with pytest.raises(ValueError, match=message):
        sudoku_dlx.generate(size=size, variant=variant, seed=1)


def test_generate_error_when_nothing_fits():
    with pytest.raises(sudoku_dlx.GenerateError) as raised:
        sudoku_dlx.generate(seed=1, max_givens=17)
    assert str(raised.value).startswith("sudoku-dlx: item 1: ")
