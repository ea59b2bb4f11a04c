"""Solve a collection of puzzles on a Dask cluster, one partition a task.

The collection is read as text, one puzzle a line, and split in partitions
of about `blocksize` bytes (Dask splits files at line ends); each partition
is solved by one call of `sudoku_dlx.solve_many` on a worker, and the
answers come back in input order: the lines `sudoku-dlx solve -f line`
writes for the same files (a solution, or a status word such as
`unsolvable` or `invalid`), comment and blank lines left out as the
command line leaves them out.

On this machine (a LocalCluster of worker processes):

    python examples/dask_solve.py --workers 2 ../puzzles/bench-17-clue.txt

On a real cluster, the same code with the scheduler's address and files
every worker can read (a shared file system, or s3://, gs://, hdfs:// with
the matching fsspec package installed on every worker, as well as
sudoku-dlx itself):

    python examples/dask_solve.py --scheduler tcp://scheduler:8786 's3://bucket/puzzles/*.txt'
"""

from __future__ import annotations

import argparse
import sys

import dask.bag as db
from dask.distributed import Client, LocalCluster

import sudoku_dlx


def is_puzzle_line(line: str) -> bool:
    """Whether the command line would read the line as a puzzle: not blank,
    not a comment."""
    return bool(line.strip()) and not line.startswith("#")


def solve_partition(lines: list[str]) -> list[str]:
    """The answers to one partition, on the worker's own thread (the workers
    are the parallelism here)."""
    puzzles = [line.rstrip("\r\n") for line in lines if is_puzzle_line(line)]
    return sudoku_dlx.solve_many(puzzles, threads=1, errors="status")


def solve_collection(client: Client, paths: str | list[str], blocksize: int | str) -> list[str]:
    """The answers to every puzzle of `paths`, in order, solved on the
    workers of `client`."""
    lines = db.read_text(paths, blocksize=blocksize)
    return lines.map_partitions(solve_partition).compute(scheduler=client)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", help="puzzle files, one puzzle a line (globs and URLs too)")
    parser.add_argument("--scheduler", help="address of a running scheduler; default: a LocalCluster")
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the LocalCluster")
    parser.add_argument("--blocksize", default="1MiB", help="bytes of text a partition")
    args = parser.parse_args()
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True)
        client = Client(cluster)
    with client:
        for answer in solve_collection(client, args.paths, args.blocksize):
            print(answer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
