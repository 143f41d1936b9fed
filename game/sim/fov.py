"""Sight: `line_of_sight` between two squares and `field_of_view` around one square.

Both implement one model, symmetric shadowcasting (Albert Ford, 2020) in exact integer arithmetic:
square tiles, sight runs centre to centre, walls block, open doors do not, and out-of-bounds blocks.
For two non-wall squares within the radius, ``b in field_of_view(m, a, r)`` is exactly
``line_of_sight(m, a, b)``, and ``line_of_sight(m, a, b) == line_of_sight(m, b, a)``.

The line test: walk the line along its major axis. A crossing through a square's interior is blocked
by a wall there. A crossing exactly on the seam between two squares is blocked only if both are
walls; but a line that grazes a wall on its low side somewhere and a wall on its high side
somewhere else is also blocked (it would squeeze through a diagonal gap in a wall, which the
shadowcaster never lets a beam do). Diagonally adjacent squares always see each other.
A field of view also contains the walls any beam touches, and always the origin.
"""

from __future__ import annotations

from game.sim.geometry import Pos
from game.sim.tilemap import TileMap

# Quadrants of the shadowcaster: x = ox + col*xc + depth*xd, y = oy + col*yc + depth*yd.
# ``col`` always runs along +x or +y, which is what makes the low/high side of a line absolute.
_QUADRANTS: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, -1),  # north
    (0, 1, 1, 0),  # east
    (1, 0, 0, 1),  # south
    (0, -1, 1, 0),  # west
)


def radius_contains(dx: int, dy: int, radius: int) -> bool:
    """The shape of a sight radius: ``dx² + dy² <= r(r+1)`` (a rounder disc than ``<= r²``)."""
    return dx * dx + dy * dy <= radius * (radius + 1)


def line_of_sight(tilemap: TileMap, a: Pos, b: Pos) -> bool:
    """True if ``a`` and ``b`` see each other. Only squares between them count, not their own tiles."""
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    w, h, opaque = tilemap.width, tilemap.height, tilemap.opaque_mask
    if abs(dx) >= abs(dy):
        n, step, minor = abs(dx), (1 if dx > 0 else -1), dy
        x_major = True
    else:
        n, step, minor = abs(dy), (1 if dy > 0 else -1), dx
        x_major = False
    if n <= 1 or tilemap.clear_box(ax, ay, bx, by):
        return True
    major0, minor0 = (ax, ay) if x_major else (ay, ax)
    low_graze = high_graze = False
    two_n = 2 * n
    for i in range(1, n):
        major = major0 + step * i
        twice = 2 * minor * i  # twice the minor offset, times n
        if twice % n == 0 and (twice // n) % 2 == 1:
            # The line passes exactly on the seam between two squares.
            lo = minor0 + (twice // n - 1) // 2
            lo_wall = _opaque(opaque, w, h, major, lo, x_major)
            hi_wall = _opaque(opaque, w, h, major, lo + 1, x_major)
            if lo_wall:
                if hi_wall or high_graze:
                    return False
                low_graze = True
            elif hi_wall:
                if low_graze:
                    return False
                high_graze = True
        elif _opaque(opaque, w, h, major, minor0 + (twice + n) // two_n, x_major):
            return False
    return True


def _opaque(opaque: bytes, w: int, h: int, major: int, minor: int, x_major: bool) -> bool:
    x, y = (major, minor) if x_major else (minor, major)
    return not (0 <= x < w and 0 <= y < h) or opaque[y * w + x] == 1


def field_of_view(tilemap: TileMap, origin: Pos, radius: int) -> frozenset[Pos]:
    """Every square ``origin`` sees within ``radius`` (see `radius_contains`), walls and origin included."""
    if radius < 0:
        raise ValueError(f"radius must be >= 0, not {radius}")
    w, h, opaque = tilemap.width, tilemap.height, tilemap.opaque_mask
    ox, oy = origin
    seen: set[int] = set()
    if 0 <= ox < w and 0 <= oy < h:
        seen.add(oy * w + ox)
    r2 = radius * (radius + 1)
    for xc, xd, yc, yd in _QUADRANTS:
        # Rows to scan: (depth, start slope num, den, end slope num, den); slopes are exact fractions.
        rows: list[tuple[int, int, int, int, int]] = [(1, -1, 1, 1, 1)]
        while rows:
            depth, sn, sd, en, ed = rows.pop()
            if depth > radius:
                continue
            dd = depth * depth
            lo = (2 * depth * sn + sd) // (2 * sd)  # round half up (depth * start)
            hi = -((ed - 2 * depth * en) // (2 * ed))  # round half down (depth * end)
            prev = -1  # -1 nothing yet, 0 floor, 1 wall
            for col in range(lo, hi + 1):
                x = ox + col * xc + depth * xd
                y = oy + col * yc + depth * yd
                if 0 <= x < w and 0 <= y < h:
                    i = y * w + x
                    wall = opaque[i]
                    if col * col + dd <= r2 and (wall or (col * sd >= depth * sn and col * ed <= depth * en)):
                        seen.add(i)
                else:
                    wall = 1
                if wall:
                    if prev == 0:
                        rows.append((depth + 1, sn, sd, 2 * col - 1, 2 * depth))
                elif prev == 1:
                    sn, sd = 2 * col - 1, 2 * depth
                prev = wall
            if prev == 0:
                rows.append((depth + 1, sn, sd, en, ed))
    positions = tilemap.positions_by_index
    return frozenset([positions[i] for i in seen])
