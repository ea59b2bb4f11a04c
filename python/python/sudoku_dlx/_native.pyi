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
@overload
def rate(
    puzzle: Puzzle,
    *,
    method: Literal["search"] = "search",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> SearchRating: ...
@overload
def rate(
    puzzle: Puzzle,
    *,
    method: Literal["techniques"],
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
) -> TechniqueRating: ...
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
    method: Literal["search", "techniques"] = "search",
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
    method: Literal["search", "techniques"] = "search",
    threads: int | None = None,
    errors: Errors = "raise",
    variant: list[str] | None = None,
    boxes: str | None = None,
    max_nodes: int = 20000000,
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
