"""Errors: the exception classes, their attributes, and messages that are
the command line's (with `<string>` for `<stdin>`)."""

from __future__ import annotations

import pytest

import sudoku_dlx
from conftest import puzzle_lines, run

INKALA = puzzle_lines("inkala.txt")[0]
CONFLICTING = puzzle_lines("conflicting.txt")[0]
UNSOLVABLE = puzzle_lines("unsolvable.txt")[0]
MULTIPLE = puzzle_lines("multiple.txt")[0]

# (puzzle text, command line arguments, Python call, exception class)
CASES = [
    ("12", ["solve"], sudoku_dlx.solve, sudoku_dlx.PuzzleParseError),
    (INKALA[:40] + "x" + INKALA[41:], ["solve"], sudoku_dlx.solve, sudoku_dlx.PuzzleParseError),
    ("", ["solve"], sudoku_dlx.solve, sudoku_dlx.PuzzleParseError),
    ('{"givens": "' + INKALA + '", "variants": ["zz"]}', ["solve"], sudoku_dlx.solve,
     sudoku_dlx.PuzzleParseError),
    (CONFLICTING, ["solve"], sudoku_dlx.solve, sudoku_dlx.InvalidPuzzleError),
    (UNSOLVABLE, ["solve"], sudoku_dlx.solve, sudoku_dlx.UnsolvableError),
    (MULTIPLE, ["solve", "--unique"], lambda p: sudoku_dlx.solve(p, unique=True),
     sudoku_dlx.MultipleSolutionsError),
    (MULTIPLE, ["rate"], sudoku_dlx.rate, sudoku_dlx.MultipleSolutionsError),
    (CONFLICTING, ["canon"], sudoku_dlx.canon, sudoku_dlx.InvalidPuzzleError),
    (UNSOLVABLE, ["candidates"], sudoku_dlx.candidates, sudoku_dlx.UnsolvableError),
    (CONFLICTING, ["count"], sudoku_dlx.count, sudoku_dlx.InvalidPuzzleError),
    ("." * 81, ["count", "--max-nodes", "5"], lambda p: sudoku_dlx.count(p, max_nodes=5),
     sudoku_dlx.UndecidedError),
    (INKALA, ["solve", "--max-nodes", "1", "--unique"],
     lambda p: sudoku_dlx.solve(p, unique=True, max_nodes=1), sudoku_dlx.UndecidedError),
    (INKALA, ["solve", "--variant", "x"], lambda p: sudoku_dlx.solve(p, variant=["x"]),
     sudoku_dlx.SudokuError),
    ("1" + "." * 35, ["solve", "--variant", "hyper"],
     lambda p: sudoku_dlx.solve(p, variant=["hyper"]), sudoku_dlx.InvalidPuzzleError),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case[1]}-{case[3].__name__}")
def test_message_is_the_command_lines(binary, case):
    text, args, call, error = case
    done = run(binary, args, text + "\n")
    lines = [
        line.removeprefix("sudoku-dlx: ")
        for line in done.stderr.splitlines()
        if "<stdin>" in line
    ]
    assert len(lines) == 1, done.stderr
    with pytest.raises(error) as raised:
        call(text)
    assert str(raised.value) == lines[0].replace("<stdin>", "<string>", 1)
    assert isinstance(raised.value, sudoku_dlx.SudokuError)


def test_parse_errors_name_line_and_column():
    with pytest.raises(sudoku_dlx.PuzzleParseError) as raised:
        sudoku_dlx.solve("# a comment\n" + INKALA[:10] + "?" + INKALA[11:])
    error = raised.value
    assert (error.line, error.column, error.status) == (2, 11, "invalid")
    assert isinstance(error, ValueError)
    assert str(error).startswith("<string>:2:11: ")


def test_more_than_one_puzzle_is_refused():
    with pytest.raises(sudoku_dlx.PuzzleParseError, match="more than one"):
        sudoku_dlx.solve(INKALA + "\n" + INKALA)


def test_batch_error_names_the_puzzle():
    puzzles = [INKALA, INKALA, UNSOLVABLE, CONFLICTING]
    with pytest.raises(sudoku_dlx.UnsolvableError) as raised:
        sudoku_dlx.solve_many(puzzles)
    assert raised.value.index == 2
    assert str(raised.value) == "puzzles[2]:1: no solution"
    assert sudoku_dlx.solve_many(puzzles, errors="status")[2:] == ["unsolvable", "invalid"]
    assert sudoku_dlx.solve_many(puzzles, errors="none")[2:] == [None, None]


@pytest.mark.parametrize(
    "call",
    [
        lambda: sudoku_dlx.solve(INKALA, variant=["diagonal"]),
        lambda: sudoku_dlx.solve(INKALA, boxes="3y3"),
        lambda: sudoku_dlx.solve(INKALA, variant=["jigsaw"], boxes="3x3"),
        lambda: sudoku_dlx.solve(INKALA, max_nodes=0),
        lambda: sudoku_dlx.count(INKALA, limit=0),
        lambda: sudoku_dlx.rate(INKALA, method="guess"),
        lambda: sudoku_dlx.solve_many([INKALA], errors="ignore"),
        lambda: sudoku_dlx.solve_many([INKALA], threads=0),
        lambda: sudoku_dlx.generate(size=3),
        lambda: sudoku_dlx.generate(difficulty="medium"),
        lambda: sudoku_dlx.generate(difficulty="hard"),
        lambda: sudoku_dlx.generate(method="search"),
        lambda: sudoku_dlx.generate(difficulty="guess"),
        lambda: sudoku_dlx.generate(variant=["killer"], solved=True),
        lambda: sudoku_dlx.generate(variant=["killer"], size=16),
    ],
)
def test_bad_arguments_are_value_errors(call):
    with pytest.raises(ValueError):
        call()


def test_a_puzzle_of_another_type_is_a_type_error():
    with pytest.raises(TypeError, match="found int"):
        sudoku_dlx.solve(5)
    with pytest.raises(TypeError):
        sudoku_dlx.solve_many([INKALA, None])


def test_defaults_are_the_command_lines(binary):
    import inspect

    solve_help = run(binary, ["solve", "--help"], "").stdout
    count_help = run(binary, ["count", "--help"], "").stdout
    max_nodes = inspect.signature(sudoku_dlx.solve).parameters["max_nodes"].default
    limit = inspect.signature(sudoku_dlx.count).parameters["limit"].default
    assert max_nodes == sudoku_dlx.DEFAULT_MAX_NODES
    assert f"[default: {max_nodes}]" in solve_help
    assert f"[default: {limit}]" in count_help
