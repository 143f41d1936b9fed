"""Panels paint each pixel about once: the software rasterizer (llvmpipe) pays for every covered pixel and for
every long sliver triangle, so a box with an edge and a shadow, a rounded rect and a dimmed surround must not
stack full-size layers (the maneuver menu's mesh once covered 4.4 times its own area)."""

from __future__ import annotations

import math

import pytest

from game.view.mesh import Mesh, corner_steps
from game.view.widgets import PANEL, PANEL_EDGE, SHADOW, Panel


def _area(mesh: Mesh, colour: tuple[int, int, int, int] | None = None) -> float:
    d, total = mesh.data, 0.0
    for i in range(0, len(d), 18):
        if colour is not None and tuple(int(v) for v in d[i + 2:i + 6]) != colour:
            continue
        ax, ay, bx, by, cx, cy = d[i], d[i + 1], d[i + 6], d[i + 7], d[i + 12], d[i + 13]
        total += abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) / 2
    return total


def _rounded_area(w: float, h: float, r: float) -> float:
    return w * h - (4 - math.pi) * r * r


def _long_triangles(mesh: Mesh, length: float) -> int:
    """Triangles with an edge longer than ``length``."""
    d, count = mesh.data, 0
    for i in range(0, len(d), 18):
        pts = [(d[i + j], d[i + j + 1]) for j in (0, 6, 12)]
        count += max(math.dist(pts[a], pts[b]) for a, b in ((0, 1), (1, 2), (2, 0))) > length
    return count


@pytest.mark.parametrize("size", [(750.0, 460.0, 12.0), (86.0, 26.0, 7.0), (40.0, 40.0, 0.0)])
def test_a_rounded_rect_covers_its_area_once_without_slivers(size: tuple[float, float, float]) -> None:
    w, h, r = size
    mesh = Mesh()
    mesh.rounded_rect(100.0, 100.0, w, h, r, PANEL)
    assert _area(mesh) == pytest.approx(_rounded_area(w, h, r), rel=0.01)
    # the corners are small fans round their own centres, not slivers from one corner across the box
    assert _long_triangles(mesh, min(w, h) / 2) <= 6 and len(mesh) <= 6 + 4 * corner_steps(r)


def test_a_framed_box_paints_its_inside_once_and_opaque() -> None:
    panel = Panel()
    panel.scale = 1.0
    w, h, r = 750.0, 460.0, 12.0
    panel.box((12.0, 178.0, w, h), PANEL, r, edge=PANEL_EDGE, shadow=True)
    outer = _rounded_area(w + 2, h + 2, r + 1)
    assert _area(panel.mesh) <= 1.06 * outer  # box, edge and the strip of shadow beside them
    assert _area(panel.mesh, (*PANEL[:3], 255)) == pytest.approx(_rounded_area(w, h, r), rel=0.01)
    assert _area(panel.mesh, PANEL_EDGE) == pytest.approx(outer - _rounded_area(w, h, r), rel=0.05)
    assert 0 < _area(panel.mesh, SHADOW) < 0.04 * outer


def test_a_surround_fills_the_screen_but_the_panel() -> None:
    mesh = Mesh()
    dim = (6, 7, 10, 90)
    mesh.surround((0.0, 0.0, 1280.0, 720.0), 330.0, 360.0, 642.0, 690.0, 13.0, dim)
    assert _area(mesh) == pytest.approx(1280 * 720 - _rounded_area(642, 690, 13), rel=0.001)
