"""Grid geometry: positions, the eight directions and adjacency (4-way by default, 8-way by house rule).

Coordinates: x grows east, y grows DOWN (south), matching the row order of ASCII maps.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class Pos(NamedTuple):
    """A square on the grid. Hashable, immutable, compares like the tuple ``(x, y)``."""

    x: int
    y: int

    def step(self, direction: Direction) -> Pos:
        """The neighbouring square one step in ``direction``."""
        return Pos(self.x + direction.dx, self.y + direction.dy)

    def offset(self, dx: int, dy: int) -> Pos:
        return Pos(self.x + dx, self.y + dy)


class Direction(Enum):
    """A compass step. ``dy`` is +1 for south (y grows down)."""

    N = (0, -1)
    E = (1, 0)
    S = (0, 1)
    W = (-1, 0)
    NE = (1, -1)
    SE = (1, 1)
    SW = (-1, 1)
    NW = (-1, -1)

    # set just after the class (mypyc cannot compile an Enum's __init__): the deltas, and `label`,
    # the member's name as a plain attribute (an Enum's `name` is a Python-level property)
    dx: int
    dy: int
    label: str

    @property
    def is_diagonal(self) -> bool:
        return self.dx != 0 and self.dy != 0

    @property
    def opposite(self) -> Direction:
        return _BY_DELTA[(-self.dx, -self.dy)]

    @classmethod
    def from_delta(cls, dx: int, dy: int) -> Direction:
        """The direction of a unit step; ``ValueError`` unless ``dx, dy`` are in -1..1 and not both 0."""
        try:
            return _BY_DELTA[(dx, dy)]
        except KeyError:
            raise ValueError(f"not a unit step: ({dx}, {dy})") from None


for _direction in Direction:
    _direction.dx, _direction.dy = _direction.value
    _direction.label = _direction.name

_BY_DELTA: dict[tuple[int, int], Direction] = {(d.dx, d.dy): d for d in Direction}

ORTHOGONAL: tuple[Direction, ...] = (Direction.N, Direction.E, Direction.S, Direction.W)
DIAGONAL: tuple[Direction, ...] = (Direction.NE, Direction.SE, Direction.SW, Direction.NW)
# Orthogonal first: whoever iterates ALL8 in order prefers straight steps on ties.
ALL8: tuple[Direction, ...] = ORTHOGONAL + DIAGONAL


def directions(adjacency: int) -> tuple[Direction, ...]:
    """The step directions for house rule ``adjacency`` (4 or 8)."""
    if adjacency == 4:
        return ORTHOGONAL
    if adjacency == 8:
        return ALL8
    raise ValueError(f"adjacency must be 4 or 8, not {adjacency!r}")


def neighbours(pos: Pos, adjacency: int = 4) -> tuple[Pos, ...]:
    """The squares adjacent to ``pos`` (no bounds check), in ``directions(adjacency)`` order."""
    x, y = pos
    return tuple(Pos(x + d.dx, y + d.dy) for d in directions(adjacency))


def manhattan(a: Pos, b: Pos) -> int:
    return abs(a.x - b.x) + abs(a.y - b.y)


def chebyshev(a: Pos, b: Pos) -> int:
    return max(abs(a.x - b.x), abs(a.y - b.y))


def distance(a: Pos, b: Pos, adjacency: int = 4) -> int:
    """Steps between ``a`` and ``b`` on an empty grid: Manhattan for 4-way, Chebyshev for 8-way."""
    if adjacency == 4:
        return manhattan(a, b)
    if adjacency == 8:
        return chebyshev(a, b)
    raise ValueError(f"adjacency must be 4 or 8, not {adjacency!r}")


def is_adjacent(a: Pos, b: Pos, adjacency: int = 4) -> bool:
    """True if ``b`` is one step from ``a`` (a square is not adjacent to itself)."""
    return distance(a, b, adjacency) == 1


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def direction_to(a: Pos, b: Pos, adjacency: int = 8) -> Direction | None:
    """The direction to face/step from ``a`` towards ``b``; ``None`` if ``a == b``.

    8-way: the signs of the offset (so anything off-axis is diagonal). 4-way: the dominant axis,
    ties (exact diagonals) go to the east/west axis.
    """
    dx, dy = b.x - a.x, b.y - a.y
    if dx == 0 and dy == 0:
        return None
    if adjacency == 8:
        return _BY_DELTA[(_sign(dx), _sign(dy))]
    if adjacency == 4:
        if abs(dx) >= abs(dy):
            return Direction.E if dx > 0 else Direction.W
        return Direction.S if dy > 0 else Direction.N
    raise ValueError(f"adjacency must be 4 or 8, not {adjacency!r}")
