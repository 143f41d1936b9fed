"""The map's scale, shared by the map view and the screens that prepare for it (light: no simulation imports):
world units per square, the zoom at UI scale 1, and the bold label sizes at a zoom."""

from __future__ import annotations

TILE = 32.0  # world units per square
BASE_ZOOM = 2.0  # screen pixels per world unit at UI scale 1 (64 px squares)


def label_font_sizes(zoom: float) -> tuple[float, float]:
    """The map's bold label sizes at ``zoom``: the bout clocks', the floating numbers'."""
    return max(8.0, 0.27 * TILE * zoom), max(10.0, 0.4 * TILE * zoom)
