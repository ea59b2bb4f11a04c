"""Sudoku solving, rating, explaining and generating with Dancing Links.

The functions of the ``sudoku-dlx`` command line for Python: one puzzle at
a time (``solve``, ``count``, ``check``, ``candidates``, ``rate``,
``canon``, ``explain``), in batches over a list or a pandas Series that
release the GIL and run on every core (``solve_many``, ``count_many``,
``check_many``, ``candidates_many``, ``rate_many``, ``canon_many``),
``generate`` and ``read_puzzles``.

Puzzles are strings in any layout the command line reads, or dicts (JSON
descriptions with their rules). The answers and the error messages are the
command line's.
"""

from ._errors import (
    GenerateError,
    InvalidPuzzleError,
    MultipleSolutionsError,
    PuzzleParseError,
    SudokuError,
    UndecidedError,
    UnsolvableError,
)
from ._native import (
    DEFAULT_MAX_NODES,
    canon,
    canon_many,
    candidates,
    candidates_many,
    check,
    check_many,
    count,
    count_many,
    explain,
    generate,
    rate,
    rate_many,
    read_puzzles,
    solve,
    solve_many,
)

__all__ = [
    "DEFAULT_MAX_NODES",
    "GenerateError",
    "InvalidPuzzleError",
    "MultipleSolutionsError",
    "PuzzleParseError",
    "SudokuError",
    "UndecidedError",
    "UnsolvableError",
    "canon",
    "canon_many",
    "candidates",
    "candidates_many",
    "check",
    "check_many",
    "count",
    "count_many",
    "explain",
    "generate",
    "rate",
    "rate_many",
    "read_puzzles",
    "solve",
    "solve_many",
]
