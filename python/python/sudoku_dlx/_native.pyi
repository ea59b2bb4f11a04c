"""Type stubs of the native module sudoku_dlx._native (see its docstrings)."""

from collections.abc import Iterable, Iterator
from typing import Any, Literal, Protocol, TypeAlias, TypedDict, overload

Puzzle: TypeAlias = str | dict[str, Any]
Errors: TypeAlias = Literal["raise", "none", "status"]

DEFAULT_MAX_NODES: int

class _Series(Protocol):
    """A pandas Series, as the batch functions use it: answered as a Series
    with the same index and name (typed Any, as pandas is without its stubs)."""

    iloc: Any
    index: Any
    name: Any
    def __iter__(self) -> Iterator[Any]: ...

Level: TypeAlias = Literal["simple", "easy", "intermediate", "expert"]

class Rating(TypedDict):
    """The record of `sudoku-dlx rate -f json`: the level of the hardest
    technique, that technique ("none" for a filled grid), and the search's
    branches; level and hardest are None when the logical solver cannot
    take the puzzle."""

    level: Level | None
    hardest: str | None
    branches: int

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
    level: Level

def solve(
    puzzle: Puzzle,
    *,
    unique: bool = False,
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> str: ...
def count(
    puzzle: Puzzle,
    *,
    limit: int = 100000,
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> int: ...
def check(
    puzzle: Puzzle,
    *,
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> Literal["valid", "unique", "multiple", "unsolvable", "invalid", "mismatch", "undecided"]: ...
def candidates(
    puzzle: Puzzle,
    *,
    limit: int = 100000,
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> list[str]: ...
def rate(
    puzzle: Puzzle,
    *,
    method: Literal["techniques", "search"] = "techniques",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> Rating: ...
def canon(
    puzzle: Puzzle,
    *,
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> str: ...
def explain(
    puzzle: Puzzle,
    *,
    variant: list[str] | None = None,
    boxes: str | None = None,
) -> Explanation: ...
@overload
def solve_many(
    puzzles: _Series,
    *,
    unique: bool = False,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> Any: ...
@overload
def solve_many(
    puzzles: Iterable[Puzzle],
    *,
    unique: bool = False,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> list[str | None]: ...
@overload
def count_many(
    puzzles: _Series,
    *,
    limit: int = 100000,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> Any: ...
@overload
def count_many(
    puzzles: Iterable[Puzzle],
    *,
    limit: int = 100000,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> list[int | str | None]: ...
@overload
def check_many(
    puzzles: _Series,
    *,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> Any: ...
@overload
def check_many(
    puzzles: Iterable[Puzzle],
    *,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> list[str | None]: ...
@overload
def candidates_many(
    puzzles: _Series,
    *,
    limit: int = 100000,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> Any: ...
@overload
def candidates_many(
    puzzles: Iterable[Puzzle],
    *,
    limit: int = 100000,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> list[list[str] | str | None]: ...
@overload
def rate_many(
    puzzles: _Series,
    *,
    method: Literal["techniques", "search"] = "techniques",
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> Any: ...
@overload
def rate_many(
    puzzles: Iterable[Puzzle],
    *,
    method: Literal["techniques", "search"] = "techniques",
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> list[Rating | str | None]: ...
@overload
def canon_many(
    puzzles: _Series,
    *,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> Any: ...
@overload
def canon_many(
    puzzles: Iterable[Puzzle],
    *,
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> list[str | None]: ...
def generate(
    count: int = 1,
    *,
    seed: int | None = None,
    size: int = 9,
    symmetry: Literal["none", "rot180", "rot90", "mirror", "diagonal"] = "rot180",
    min_givens: int | None = None,
    max_givens: int | None = None,
    difficulty: Level | None = None,
    method: Literal["techniques"] | None = None,
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
