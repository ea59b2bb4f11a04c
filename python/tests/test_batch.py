"""Batches: lists, iterables and pandas Series in, answers in input order,
the same on any number of threads, and the GIL released while they run."""

from __future__ import annotations

import json
import threading

import pandas as pd

import sudoku_dlx
from conftest import puzzle_file, puzzle_lines


def test_series_in_series_out():
    puzzles = puzzle_lines("bench-17-clue.txt", 50)
    series = pd.Series(puzzles, index=[f"p{i}" for i in range(50)], name="givens")
    solved = sudoku_dlx.solve_many(series)
    assert isinstance(solved, pd.Series)
    assert list(solved.index) == list(series.index) and solved.name == "givens"
    assert list(solved) == sudoku_dlx.solve_many(puzzles)
    counts = sudoku_dlx.count_many(series[series.index.isin(["p3", "p7"])])
    assert list(counts.index) == ["p3", "p7"] and list(counts) == [1, 1]


def test_series_apply_matches_batch():
    frame = pd.DataFrame({"puzzle": puzzle_lines("easy.txt")})
    frame["solution"] = sudoku_dlx.solve_many(frame["puzzle"])
    frame["rating"] = sudoku_dlx.rate_many(frame["puzzle"])
    assert list(frame["solution"]) == [sudoku_dlx.solve(p) for p in frame["puzzle"]]
    assert list(frame["rating"]) == [sudoku_dlx.rate(p) for p in frame["puzzle"]]


def test_any_iterable_and_threads_agree():
    puzzles = puzzle_lines("bench-top1465.txt", 300) + puzzle_lines("unsolvable.txt")
    one = sudoku_dlx.solve_many(puzzles, threads=1, errors="status")
    assert sudoku_dlx.solve_many(iter(puzzles), threads=2, errors="status") == one
    assert sudoku_dlx.solve_many(tuple(puzzles), threads=5, errors="status") == one
    assert one[-1] == "unsolvable" and len(one[0]) == 81
    assert sudoku_dlx.solve_many([]) == []


def test_dicts_are_json_descriptions():
    lines = puzzle_lines("variants/x.jsonl")
    described = [json.loads(line) for line in lines]
    assert "variants" in described[0]
    assert sudoku_dlx.solve_many(described) == sudoku_dlx.solve_many(lines)
    assert sudoku_dlx.solve(described[0]) == sudoku_dlx.solve(lines[0])
    # Under the classic rules alone, the same givens have other answers.
    assert sudoku_dlx.solve_many([d["givens"] for d in described]) != sudoku_dlx.solve_many(lines)


def test_every_batch_function_agrees_with_its_single_function():
    puzzles = puzzle_lines("cases.txt")[:20] + puzzle_lines("multiple.txt")[:3]
    for many, one in [
        (sudoku_dlx.count_many, sudoku_dlx.count),
        (sudoku_dlx.check_many, sudoku_dlx.check),
        (sudoku_dlx.candidates_many, sudoku_dlx.candidates),
    ]:
        assert many(puzzles) == [one(p) for p in puzzles]


def test_the_gil_is_released_while_a_batch_runs():
    """Another Python thread runs while solve_many works: with the GIL held
    for the whole batch, the loop below could not count while it runs."""
    puzzles = puzzle_lines("bench-forum-1106.txt") * 4
    running = threading.Event()
    answers = []

    def work():
        running.set()
        answers.extend(sudoku_dlx.solve_many(puzzles, threads=1))

    worker = threading.Thread(target=work)
    worker.start()
    running.wait()
    turns = 0
    while worker.is_alive():
        turns += 1
        worker.join(0.001)
    assert len(answers) == len(puzzles)
    assert turns > 3


def test_read_puzzles_feeds_batches():
    text = puzzle_file("cases.txt").read_text()
    puzzles = sudoku_dlx.read_puzzles(text)
    assert len(puzzles) == len(puzzle_lines("cases.txt"))
    assert all(len(p) == 81 for p in puzzles)
