"""The exceptions of sudoku_dlx.

Every error of the package is a ``SudokuError``. Its message is the one
the command line writes on standard error: ``SOURCE:LINE[:COLUMN]: REASON``,
where SOURCE is ``<string>`` for one puzzle and ``puzzles[i]`` for the
i-th puzzle of a batch.
"""

from __future__ import annotations


class SudokuError(Exception):
    """A puzzle got no answer; the base of every error of the package.

    Attributes: ``source`` (``"<string>"`` or ``"puzzles[i]"``), ``line``
    and ``column`` (where in the puzzle's text, ``None`` when they do not
    apply), ``reason`` (the message without its place), ``status`` (the
    command line's status word: ``invalid``, ``unsolvable``, ``multiple``,
    ``undecided``, ``unsupported``, ``failed``) and ``index`` (the
    puzzle's position in a batch, else ``None``).
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        reason: str | None = None,
        status: str | None = None,
        index: int | None = None,
    ) -> None:
        super().__init__(message)
        self.source = source
        self.line = line
        self.column = column
        self.reason = message if reason is None else reason
        self.status = status
        self.index = index


class PuzzleParseError(SudokuError, ValueError):
    """The text is no puzzle the reader can read (``line`` and ``column`` say where)."""


class InvalidPuzzleError(SudokuError, ValueError):
    """The givens break the rules, or the rules themselves are impossible."""


class UnsolvableError(SudokuError):
    """The puzzle has no solution."""


class MultipleSolutionsError(SudokuError):
    """The puzzle has more than one solution where one is needed."""


class UndecidedError(SudokuError):
    """The search ran out of its node budget (``max_nodes``) before the answer was known."""


class GenerateError(SudokuError):
    """No puzzle met the constraints asked of ``generate``."""


__all__ = [
    "SudokuError",
    "PuzzleParseError",
    "InvalidPuzzleError",
    "UnsolvableError",
    "MultipleSolutionsError",
    "UndecidedError",
    "GenerateError",
]
