"""The same answers as the binary on the bundled puzzles: each command's
JSON output against the Python function of the same name, puzzle by puzzle
(the answers of the batch functions, and for each puzzle without one, the
status and reason of the single function's exception)."""

from __future__ import annotations

import pytest

import sudoku_dlx
from conftest import puzzle_file, puzzle_lines, run, run_json

# Every one-puzzle-a-line file but the samurai, whose layout the package
# does not read; the non-consecutive variants are slow to search, so only
# their first line is taken (and the logical solver is not run on it).
LINE_FILES = [
    ("inkala.txt", None),
    ("easy.txt", None),
    ("cases.txt", None),
    ("unsolvable.txt", None),
    ("conflicting.txt", None),
    ("multiple.txt", None),
    ("hex-16x16.txt", None),
    ("standard-16x16.txt", None),
    ("puzzle-25x25.txt", None),
    ("bench-17-clue.txt", None),
    ("bench-top1465.txt", None),
    ("bench-forum-11plus.txt", None),
    ("bench-forum-1106.txt", None),
    ("bench-serg.txt", None),
    ("variants/anti-king.jsonl", None),
    ("variants/anti-knight.jsonl", None),
    ("variants/classic-6x6.jsonl", None),
    ("variants/disjoint.jsonl", None),
    ("variants/hyper.jsonl", None),
    ("variants/jigsaw.jsonl", None),
    ("variants/killer.jsonl", None),
    ("variants/non-consecutive.jsonl", 1),
    ("variants/public.jsonl", None),
    ("variants/x.jsonl", None),
]

# The logical solver is slower: the first lines of each file, fewer of the
# variants whose paths are long.
SLOW_LOGIC = ("killer", "anti-knight", "jigsaw")
LOGIC_FILES = [
    (name, first or (8 if any(slow in name for slow in SLOW_LOGIC) else 25))
    for name, first in LINE_FILES
    if "non-consecutive" not in name
]

# Candidates take a search per candidate: the first 300 of the big files.
CANDIDATE_FILES = [(name, first or 300) for name, first in LINE_FILES]

BLOCK_FILES = ["seed-4x4-printed.txt", "seed-4x4-six.txt", "seed-4x4-filled.txt"]


def file_id(case) -> str:
    return case[0]


def assert_failure(function, puzzle: str, answer: dict, reason_key: str = "error") -> None:
    """The single function raises for `puzzle` as the binary failed it."""
    with pytest.raises(sudoku_dlx.SudokuError) as raised:
        function(puzzle)
    assert (raised.value.status, raised.value.reason) == (answer["status"], answer[reason_key])


@pytest.mark.parametrize("case", LINE_FILES, ids=file_id)
def test_solve(binary, case):
    puzzles = puzzle_lines(*case)
    expected = run_json(binary, ["solve"], puzzles)
    got = sudoku_dlx.solve_many(puzzles, errors="none")
    for puzzle, answer, solution in zip(puzzles, expected, got):
        if answer["status"] == "solved":
            assert solution == answer["solution"]
        else:
            assert solution is None
            assert_failure(sudoku_dlx.solve, puzzle, answer)


@pytest.mark.parametrize("case", LINE_FILES, ids=file_id)
def test_solve_unique(binary, case):
    puzzles = puzzle_lines(*case)
    expected = run_json(binary, ["solve", "--unique"], puzzles)
    got = sudoku_dlx.solve_many(puzzles, unique=True, errors="status")
    assert got == [a.get("solution", a["status"]) for a in expected]


@pytest.mark.parametrize("case", LINE_FILES, ids=file_id)
def test_count(binary, case):
    puzzles = puzzle_lines(*case)
    expected = run_json(binary, ["count", "--limit", "50"], puzzles)
    got = sudoku_dlx.count_many(puzzles, limit=50, errors="none")
    for puzzle, answer, count in zip(puzzles, expected, got):
        if "count" in answer:
            assert count == answer["count"]
        else:
            assert count is None
            assert_failure(lambda p: sudoku_dlx.count(p, limit=50), puzzle, answer)


@pytest.mark.parametrize("case", LINE_FILES, ids=file_id)
def test_check(binary, case):
    puzzles = puzzle_lines(*case)
    expected = run_json(binary, ["check"], puzzles)
    assert sudoku_dlx.check_many(puzzles) == [answer["status"] for answer in expected]


@pytest.mark.parametrize("case", LINE_FILES, ids=file_id)
def test_rate(binary, case):
    puzzles = puzzle_lines(*case)
    expected = run_json(binary, ["rate"], puzzles)
    got = sudoku_dlx.rate_many(puzzles, errors="none")
    for puzzle, answer, rating in zip(puzzles, expected, got):
        if answer["status"] == "rated":
            assert rating == {"score": answer["score"], "level": answer["level"]}
        else:
            assert rating is None
            assert_failure(sudoku_dlx.rate, puzzle, answer)


@pytest.mark.parametrize("case", CANDIDATE_FILES, ids=file_id)
def test_candidates(binary, case):
    puzzles = puzzle_lines(*case)
    expected = run_json(binary, ["candidates"], puzzles)
    got = sudoku_dlx.candidates_many(puzzles, errors="none")
    for puzzle, answer, cells in zip(puzzles, expected, got):
        if "candidates" in answer:
            assert cells == answer["candidates"]
        else:
            assert cells is None
            assert_failure(sudoku_dlx.candidates, puzzle, answer)


@pytest.mark.parametrize("case", LOGIC_FILES, ids=file_id)
def test_explain(binary, case):
    puzzles = puzzle_lines(*case)
    expected = run_json(binary, ["explain"], puzzles)
    for puzzle, answer in zip(puzzles, expected):
        if "reason" in answer:
            assert_failure(sudoku_dlx.explain, puzzle, answer, "reason")
            continue
        del answer["source"], answer["line"]
        assert sudoku_dlx.explain(puzzle) == answer


@pytest.mark.parametrize("case", LOGIC_FILES, ids=file_id)
def test_rate_techniques(binary, case):
    puzzles = puzzle_lines(*case)
    expected = run_json(binary, ["rate", "--method", "techniques"], puzzles)
    got = sudoku_dlx.rate_many(puzzles, method="techniques", errors="status")
    for answer, rating in zip(expected, got):
        if "reason" in answer:
            assert rating == answer["status"]
        elif not (answer["solved"] and answer["unique"]):
            assert rating == "multiple"
        else:
            keys = ("score", "level", "hardest")
            assert rating == {key: answer[key] for key in keys}


@pytest.mark.parametrize("name", BLOCK_FILES)
def test_grid_blocks(binary, name):
    """A whole file holding one grid block is one puzzle."""
    text = puzzle_file(name).read_text()
    count = run(binary, ["count", "-f", "json"], text).stdout
    check = run(binary, ["check", "-f", "json"], text).stdout
    assert [sudoku_dlx.count(text)] == [int(c) for c in _field(count, "count")]
    assert [sudoku_dlx.check(text)] == _field(check, "status")


def _field(output: str, key: str) -> list:
    import json

    return [json.loads(line)[key] for line in output.splitlines()]


@pytest.mark.parametrize("name", ["cases.txt", "hex-16x16.txt", "easy.txt"] + BLOCK_FILES)
def test_read_puzzles(binary, name):
    """read_puzzles splits a whole file into the puzzles the binary reads."""
    text = puzzle_file(name).read_text()
    expected = _field(run(binary, ["check", "-f", "json"], text).stdout, "puzzle")
    assert sudoku_dlx.read_puzzles(text) == expected


def test_read_puzzles_keeps_rules(binary):
    """Puzzles with rules of their own come back as JSON descriptions that
    solve as the originals do."""
    text = puzzle_file("variants/jigsaw.jsonl").read_text()
    puzzles = sudoku_dlx.read_puzzles(text)
    assert all(p.startswith("{") for p in puzzles)
    expected = run_json(binary, ["solve"], text.splitlines())
    assert sudoku_dlx.solve_many(puzzles) == [a["solution"] for a in expected]
