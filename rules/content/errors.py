"""Content errors: one `ContentError` per problem, `ContentErrors` carries all of them at once.

Every problem found while loading content names the file, the 1-based line and column of the
offending value (when known), the field path inside the file and a message, so an editor can jump
straight to it: `file:line:column: path: message`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ContentError:
    """One problem in one content file. `line`/`column` are 1-based; None when there is no position
    (a missing file, a house-rule override given in code)."""

    file: str
    line: int | None
    column: int | None
    path: str
    message: str

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.file}: {self.path}: {self.message}"
        return f"{self.file}:{self.line}:{self.column or 1}: {self.path}: {self.message}"

    def sort_key(self) -> tuple[str, int, int]:
        return (self.file, self.line or 0, self.column or 0)


class ContentErrors(Exception):
    """Every error found in one load, sorted by file and position."""

    def __init__(self, errors: Iterable[ContentError]) -> None:
        unique = dict.fromkeys(errors)  # keep the first of exact duplicates, in order
        self.errors: tuple[ContentError, ...] = tuple(sorted(unique, key=ContentError.sort_key))
        super().__init__(str(self))

    def __str__(self) -> str:
        count = len(self.errors)
        head = f"{count} content error{'s' if count != 1 else ''}"
        return "\n".join([head, *(str(e) for e in self.errors)])
