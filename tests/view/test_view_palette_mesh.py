"""Palettes: every indicator state distinct by colour and by shape; mesh dashing and glyph geometry."""

from __future__ import annotations

import math

import pytest

from game.view.mesh import Mesh, dash_segments, polyline_length, rounded_rect_points
from game.view.palette import (
    COLOUR_BLIND,
    DEFAULT,
    TONE_GLYPH,
    TONE_STROKE,
    ArcState,
    Initiative,
    Outline,
    Tone,
    palette,
)


@pytest.mark.parametrize("pal", [DEFAULT, COLOUR_BLIND], ids=lambda p: p.name)
def test_arc_states_differ_in_colour_and_in_shape(pal: object) -> None:
    from game.view.palette import Palette

    assert isinstance(pal, Palette)
    styles = [pal.arc(s) for s in ArcState]
    assert len({s.colour for s in styles}) == len(ArcState)
    assert len({s.stroke for s in styles}) == len(ArcState)  # nothing relies on colour alone
    assert len({s.glyph for s in styles}) == len(ArcState)
    assert len({pal.initiative(i).glyph for i in Initiative}) == 3
    assert pal.outline(Outline.AGGRESSIVE).colour == pal.colour(Tone.RED)
    assert pal.outline(Outline.DEFENCE_ONLY).colour == pal.colour(Tone.BLUE)
    assert pal.orientation("cautious").colour == pal.colour(Tone.YELLOW)


def test_shape_keys_do_not_depend_on_palette() -> None:
    for tone in Tone:
        assert DEFAULT.style(tone).stroke is COLOUR_BLIND.style(tone).stroke is TONE_STROKE[tone]
        assert DEFAULT.style(tone).glyph is COLOUR_BLIND.style(tone).glyph is TONE_GLYPH[tone]
    assert palette(True) is COLOUR_BLIND and palette(False) is DEFAULT
    assert DEFAULT.colour(Tone.RED) != COLOUR_BLIND.colour(Tone.RED)


def test_dash_segments_cover_the_on_parts() -> None:
    pieces = dash_segments([(0, 0), (100, 0)], (10, 5))
    assert len(pieces) == 7  # 0-10, 15-25, ..., 90-100
    assert pieces[0] == [(0, 0), (10.0, 0.0)] and pieces[-1][-1] == (100, 0)
    assert sum(polyline_length(p) for p in pieces) == pytest.approx(70)
    assert dash_segments([(0, 0), (5, 0)], ()) == [[(0, 0), (5, 0)]]
    corner = dash_segments([(0, 0), (10, 0), (10, 10)], (15, 100))
    assert corner == [[(0, 0), (10, 0), (10.0, 5.0)]]  # a dash follows the corner
    with pytest.raises(ValueError):
        dash_segments([(0, 0), (1, 0)], (0, 1))


def test_rounded_rect_points_stay_inside_the_box() -> None:
    pts = rounded_rect_points(50, 50, 40, 20, 8)
    assert all(30 - 1e-9 <= x <= 70 + 1e-9 and 40 - 1e-9 <= y <= 60 + 1e-9 for x, y in pts)
    assert max(x for x, _ in pts) == pytest.approx(70) and min(y for _, y in pts) == pytest.approx(40)


def test_mesh_glyphs_and_lines_build_triangles() -> None:
    mesh = Mesh()
    for tone in Tone:
        mesh.glyph(0, 0, 10, DEFAULT.style(tone), DEFAULT.ink)
        mesh.styled_line([(0, 0), (60, 0)], 8, DEFAULT.style(tone), DEFAULT.ink)
    assert len(mesh) > 50 and len(mesh.points) == len(mesh.colours) == 3 * len(mesh)
    assert all(math.isfinite(c) for p in mesh.points for c in p)
