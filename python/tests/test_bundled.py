"""The same answers as the binary on the bundled puzzles: each command's
JSON output against the Python function of the same name, puzzle by puzzle
(the answers of the batch functions, and for each puzzle without one, the
status and reason of the single function's exception)."""

from __future__ import annotations

import json

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


def compare(binary, case, args, many, one, answer_of) -> None:
    """The batch function `many` answers the puzzles of `case` as the binary
    does with `args` (`answer_of` reads the binary's answer from its JSON,
    None when it failed the puzzle), and for each failed puzzle the single
    function `one` raises with the binary's status and reason."""
    puzzles = puzzle_lines(*case)
    expected = run_json(binary, args, puzzles)
    got = many(puzzles, errors="none")
    for puzzle, answer, value in zip(puzzles, expected, got):
        assert value == answer_of(answer)
        if value is None:
            assert_failure(one, puzzle, answer)


@pytest.mark.parametrize("case", LINE_FILES, ids=file_id)
def test_solve(binary, case):
    def solution(answer):
        return answer["solution"] if answer["status"] == "solved" else None

    compare(binary, case, ["solve"], sudoku_dlx.solve_many, sudoku_dlx.solve, solution)


@pytest.mark.parametrize("case", LINE_FILES, ids=file_id)
def test_solve_unique(binary, case):
    puzzles = puzzle_lines(*case)
    expected = run_json(binary, ["solve", "--unique"], puzzles)
    got = sudoku_dlx.solve_many(puzzles, unique=True, errors="status")
    assert got == [a.get("solution", a["status"]) for a in expected]


@pytest.mark.parametrize("case", LINE_FILES, ids=file_id)
def test_count(binary, case):
    compare(
        binary,
        case,
        ["count", "--limit", "50"],
        lambda puzzles, errors: sudoku_dlx.count_many(puzzles, limit=50, errors=errors),
        lambda puzzle: sudoku_dlx.count(puzzle, limit=50),
        lambda answer: answer.get("count"),
    )


@pytest.mark.parametrize("case", LINE_FILES, ids=file_id)
def test_check(binary, case):
    puzzles = puzzle_lines(*case)
    expected = run_json(binary, ["check"], puzzles)
    assert sudoku_dlx.check_many(puzzles) == [answer["status"] for answer in expected]


def rating(answer: dict) -> dict | None:
    """The record of `rate -f json`, as `rate` returns it."""
    if answer["status"] != "rated":
        return None
    keys = ("level", "hardest", "branches")
    return {key: answer.get(key) for key in keys}


# Rating runs the logical solver after the search: the files of `explain`.
@pytest.mark.parametrize("case", LOGIC_FILES, ids=file_id)
def test_rate(binary, case):
    compare(binary, case, ["rate"], sudoku_dlx.rate_many, sudoku_dlx.rate, rating)


@pytest.mark.parametrize("method", ["techniques", "search"])
def test_rate_gives_one_record_whatever_the_method(binary, method):
    puzzles = puzzle_lines("inkala.txt") + puzzle_lines("multiple.txt")
    expected = run_json(binary, ["rate", "--method", method], puzzles)
    got = sudoku_dlx.rate_many(puzzles, method=method, errors="status")
    assert got == [rating(answer) or answer["status"] for answer in expected]
    assert got == sudoku_dlx.rate_many(puzzles, errors="status")


@pytest.mark.parametrize("case", LINE_FILES, ids=file_id)
def test_canon(binary, case):
    def form(answer):
        return answer.get("canonical")

    compare(binary, case, ["canon"], sudoku_dlx.canon_many, sudoku_dlx.canon, form)


def test_canon_of_a_disguised_puzzle():
    puzzle = puzzle_lines("inkala.txt")[0]
    swapped = puzzle[::-1].translate(str.maketrans("19", "91"))
    assert swapped != puzzle
    assert sudoku_dlx.canon(swapped) == sudoku_dlx.canon(puzzle)
    assert len(set(sudoku_dlx.canon_many([puzzle, swapped, puzzle]))) == 1


@pytest.mark.parametrize("case", CANDIDATE_FILES, ids=file_id)
def test_candidates(binary, case):
    many, one = sudoku_dlx.candidates_many, sudoku_dlx.candidates
    compare(binary, case, ["candidates"], many, one, lambda answer: answer.get("candidates"))


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


@pytest.mark.parametrize("name", BLOCK_FILES)
def test_grid_blocks(binary, name):
    """A whole file holding one grid block is one puzzle."""
    text = puzzle_file(name).read_text()
    count = run(binary, ["count", "-f", "json"], text).stdout
    check = run(binary, ["check", "-f", "json"], text).stdout
    assert [sudoku_dlx.count(text)] == [int(c) for c in _field(count, "count")]
    assert [sudoku_dlx.check(text)] == _field(check, "status")


def _field(output: str, key: str) -> list:
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


def test_a_shape_of_several_grids_as_a_json_description(binary):
    """A samurai, read by the binary from its frame, answers the same as its
    JSON description with `"shape"`; it has no canonical form."""
    framed = puzzle_file("samurai.txt").read_text()
    (rated,) = run_json(binary, ["rate"], [framed.rstrip("\n")])
    puzzle = {"givens": rated["puzzle"], "shape": "samurai"}
    assert sudoku_dlx.rate(puzzle) == rating(rated)
    (solved,) = _field(run(binary, ["solve", "-f", "json"], framed).stdout, "solution")
    assert sudoku_dlx.solve(puzzle) == solved
    assert sudoku_dlx.check(puzzle) == "unique"
    (refused,) = run_json(binary, ["canon"], [json.dumps(puzzle)])
    assert_failure(sudoku_dlx.canon, puzzle, refused)
    assert refused["status"] == "unsupported"
