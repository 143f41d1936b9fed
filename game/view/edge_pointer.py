"""Pointers at the window's edge toward companions fighting off-screen (issue 11).

:class:`EdgePointers` is given, each frame, the window pixels of the companions who are in a bout and the part
of the window the map shows (under the top bar); for each one outside it, it draws a triangle on the edge of
that part, on the line from its centre toward him, with his name beside it. Rebuilt only when a pointer moves
by a pixel or more (``Panel``'s content key).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

from game.view.widgets import Panel, Rect

EDGE = (250, 204, 36, 255)
INK = (18, 20, 26, 255)
PLATE = (18, 20, 26, 220)
INSET = 26.0  # px at scale 1 between the pointer's tip and the edge


class EdgePointers(Panel):
    """Hit actions: none (the pointers only point)."""

    cached = False  # their names lie on see-through plates, and they move with the camera

    def __init__(self) -> None:
        super().__init__()
        self.region: Rect = (0.0, 0.0, 0.0, 0.0)
        self.pointers: tuple[tuple[str, str, float, float, float], ...] = ()  # id, name, x, y, angle

    def aim(self, targets: Sequence[tuple[str, str, float, float]], region: Rect) -> None:
        """``targets``: (actor id, name, window x, window y) of each companion fighting; ``region``: the map's
        part of the window (left, bottom, width, height). Keeps a pointer for each one outside it."""
        self.region = region
        left, bottom, w, h = region
        k = self.scale
        inset = INSET * k
        cx, cy = left + w / 2, bottom + h / 2
        half_w, half_h = w / 2 - inset, h / 2 - inset
        out: list[tuple[str, str, float, float, float]] = []
        for actor, name, x, y in targets:
            if left <= x <= left + w and bottom <= y <= bottom + h:
                continue
            dx, dy = x - cx, y - cy
            if half_w <= 0 or half_h <= 0 or (dx == 0 and dy == 0):
                continue
            t = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
            out.append((actor, name, round(cx + dx * t), round(cy + dy * t), round(math.atan2(dy, dx), 2)))
        self.pointers = tuple(out)

    def content_key(self) -> Hashable:
        return (self.pointers, self.region)

    def build(self) -> None:
        k = self.scale
        left, _bottom, w, _h = self.region
        size = 16 * k
        for actor, name, x, y, angle in self.pointers:
            ux, uy = math.cos(angle), math.sin(angle)
            self.mesh.convex(_triangle(x, y, ux, uy, size + 3 * k), INK)
            self.mesh.convex(_triangle(x, y, ux, uy, size), EDGE)
            # the name above the arrow (below it at the top edge), on a dark plate, kept inside the region
            above = y < self.region[1] + self.region[3] - 3 * size
            ly = y + (1 if above else -1) * size * 1.7
            text = self.texts.put(("name", actor), f"{name} fighting", x, ly, size=max(9.0, 11 * k), bold=True,
                                  colour=EDGE, anchor_x="center", anchor_y="center")
            if text.left < left + 6 * k:
                text.x += left + 6 * k - text.left
            elif text.right > left + w - 6 * k:
                text.x -= text.right - (left + w - 6 * k)
            pad = 5 * k
            self.box((text.left - pad, text.bottom - pad / 2, text.right - text.left + 2 * pad,
                      text.top - text.bottom + pad), PLATE, 6)


def _triangle(x: float, y: float, ux: float, uy: float, size: float) -> list[tuple[float, float]]:
    """A triangle centred near ``(x, y)`` pointing along the unit vector ``(ux, uy)``."""
    px, py = -uy, ux
    tip = (x + ux * size, y + uy * size)
    bx, by = x - ux * size * 0.6, y - uy * size * 0.6
    return [tip, (bx + px * size * 0.8, by + py * size * 0.8), (bx - px * size * 0.8, by - py * size * 0.8)]
