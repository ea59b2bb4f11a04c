"""Type stubs of the native module sudoku_dlx._native (see its docstrings)."""

from collections.abc import Iterable
from typing import Any, Literal, TypeAlias, TypedDict, overload

import pandas

Puzzle: TypeAlias = str | dict[str, Any]
Errors: TypeAlias = Literal["raise", "none", "status"]

DEFAULT_MAX_NODES: int

class SearchRating(TypedDict):
    score: int
    level: Literal["easy", "medium", "hard", "expert"]

class TechniqueRating(TypedDict):
    score: float
    level: Literal["simple", "easy", "intermediate", "expert"]
    hardest: str | None

class CellDigit(TypedDict):
    cell: str
    digit: int

class Step(TypedDict):
    technique: str
    clue: str
    placements: list[CellDigit]
    eliminations: list[CellDigit]

class Explanation(TypedDict):
    status: Literal["solved", "stalled"]
    steps: list[Step]
    solved: bool
    unique: bool
    bifurcations: int
    hardest: str | None
    score: float
    level: Literal["simple", "easy", "intermediate", "expert"]

def solve(
    puzzle: Puzzle,
    *,
    unique: bool = False,
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> str: ...
def count(
    puzzle: Puzzle,
    *,
    limit: int = 100000,
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> int: ...
def check(
    puzzle: Puzzle,
    *,
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> Literal["valid", "unique", "multiple", "unsolvable", "invalid", "mismatch", "undecided"]: ...
def candidates(
    puzzle: Puzzle,
    *,
    limit: int = 100000,
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> list[str]: ...
@overload
def rate(
    puzzle: Puzzle,
    *,
    method: Literal["search"] = "search",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> SearchRating: ...
@overload
def rate(
    puzzle: Puzzle,
    *,
    method: Literal["techniques"],
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> TechniqueRating: ...
def explain(
    puzzle: Puzzle,
    *,
    variant: list[str] | None = None,
    boxes: str | None = None,
) -> Explanation: ...
@overload
def solve_many(
    puzzles: pandas.Series,
    *,
    unique: bool = False,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> pandas.Series: ...
@overload
def solve_many(
    puzzles: Iterable[Puzzle],
    *,
    unique: bool = False,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> list[str | None]: ...
@overload
def count_many(
    puzzles: pandas.Series,
    *,
    limit: int = 100000,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> pandas.Series: ...
@overload
def count_many(
    puzzles: Iterable[Puzzle],
    *,
    limit: int = 100000,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> list[int | str | None]: ...
@overload
def check_many(
    puzzles: pandas.Series,
    *,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> pandas.Series: ...
@overload
def check_many(
    puzzles: Iterable[Puzzle],
    *,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> list[str | None]: ...
@overload
def candidates_many(
    puzzles: pandas.Series,
    *,
    limit: int = 100000,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> pandas.Series: ...
@overload
def candidates_many(
    puzzles: Iterable[Puzzle],
    *,
    limit: int = 100000,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> list[list[str] | str | None]: ...
@overload
def rate_many(
    puzzles: pandas.Series,
    *,
    method: Literal["search", "techniques"] = "search",
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> pandas.Series: ...
@overload
def rate_many(
    puzzles: Iterable[Puzzle],
    *,
    method: Literal["search", "techniques"] = "search",
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = ...,
) -> list[SearchRating | TechniqueRating | str | None]: ...
def generate(
    count: int = 1,
    *,
    seed: int | None = None,
    size: int = 9,
    symmetry: Literal["none", "rot180", "rot90", "mirror", "diagonal"] = "rot180",
    min_givens: int | None = None,
    max_givens: int | None = None,
    difficulty: str | None = None,
    method: Literal["search", "techniques"] = "search",
    variant: list[str] | None = None,
    boxes: str | None = None,
    solved: bool = False,
    threads: int | None = None,
) -> list[str]: ...
def read_puzzles(
    text: str,
    *,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
) -> list[str | None]: ...
