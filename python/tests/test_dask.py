"""The distributed example: a collection split in partitions, solved on a
Dask LocalCluster of several worker processes, answers identical to the
binary's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from dask.distributed import Client, LocalCluster

from conftest import puzzle_file, run

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
import dask_solve  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, Client(cluster) as client:
        yield client


def test_distributed_run_is_identical_to_the_binary(binary, client, tmp_path):
    # Puzzles with and without solutions, comments and a line that is no
    # puzzle, over two files.
    first = tmp_path / "first.txt"
    first.write_text(
        puzzle_file("bench-17-clue.txt").read_text()
        + puzzle_file("unsolvable.txt").read_text()
    )
    second = tmp_path / "second.txt"
    second.write_text(
        puzzle_file("multiple.txt").read_text()
        + "not a puzzle\n"
        + puzzle_file("conflicting.txt").read_text()
        + puzzle_file("bench-top1465.txt").read_text()
    )
    expected = run(binary, ["solve", "-q", "-f", "line", str(first), str(second)], "")
    expected = expected.stdout.splitlines()
    answers = dask_solve.solve_collection(client, [str(first), str(second)], blocksize=20_000)
    assert len(client.scheduler_info()["workers"]) == 2
    assert answers == expected
    assert {"unsolvable", "invalid"} <= set(answers)


def test_the_collection_is_split_in_partitions(tmp_path):
    import dask.bag as db

    path = puzzle_file("bench-17-clue.txt")
    assert db.read_text(str(path), blocksize=20_000).npartitions > 3
