"""The square grid of Gold & Glory inside a bout: the eight facings, angles between a facing and another
square, base contact and reach distance, diagonal costs 1, 2, 1, 2 and round and sharp corners
("Movement", "Facing", "Turning", "Flanking attacks", "Attacking to the side", "Reach").

Squares are (x, y) with y growing to the south (the screen's way); facings are compass names.
"""

from __future__ import annotations

Square = tuple[int, int]
DIRS: dict[str, Square] = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
                           "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)}
ORDER = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # clockwise, 45 degrees apart


def step(sq: Square, d: str) -> Square:
    dx, dy = DIRS[d]
    return sq[0] + dx, sq[1] + dy


def diagonal(d: str) -> bool:
    return len(d) == 2


def distance(a: Square, b: Square) -> int:
    """Squares apart on the diagonal-friendly grid (1: base contact)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def reach_needed(a: Square, b: Square) -> int:
    """The reach a weapon needs from `a` to hit `b`: the empty squares between (0 in base contact)."""
    return distance(a, b) - 1


def toward(a: Square, b: Square) -> str:
    """The facing of the eight nearest the direction from `a` to `b`."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    if sx and sy and (abs(dx) >= 2 * abs(dy) or abs(dy) >= 2 * abs(dx)):  # nearer a side direction
        sx, sy = (sx, 0) if abs(dx) > abs(dy) else (0, sy)
    for name, v in DIRS.items():
        if v == (sx, sy):
            return name
    return "N"  # the same square: no direction


def turn_angle(a: str, b: str) -> int:
    """Degrees between two facings (0, 45, 90, 135 or 180)."""
    diff = abs(ORDER.index(a) - ORDER.index(b)) % 8
    return 45 * min(diff, 8 - diff)


def angle_to(pos: Square, facing: str, other: Square) -> int:
    """Degrees between `facing` and the direction from `pos` to `other`."""
    return turn_angle(facing, toward(pos, other))


def side_mod(angle: int) -> int:
    """The mod for attacking or parrying at an angle from one's facing: within 45 none, at 90 -3,
    at 135 -6, at 180 -9 ("Flanking attacks", "Attacking to the side")."""
    return 0 if angle <= 45 else -3 * ((angle - 45) // 45)


def in_arc(angle: int, arc: int) -> bool:
    """Is a direction `angle` degrees off the facing inside a vision arc of `arc` degrees (arc/2 each side)?"""
    return arc >= 360 or angle <= arc // 2
