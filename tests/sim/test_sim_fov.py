"""game.sim.fov: symmetric line of sight and the field of view that agrees with it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.sim.fov import field_of_view, line_of_sight, radius_contains
from game.sim.geometry import Pos
from game.sim.tilemap import Tile, TileMap, parse_ascii


@st.composite
def small_maps(draw: st.DrawFn) -> TileMap:
    w = draw(st.integers(min_value=1, max_value=12))
    h = draw(st.integers(min_value=1, max_value=12))
    kinds = st.sampled_from([Tile.FLOOR, Tile.FLOOR, Tile.FLOOR, Tile.WALL, Tile.WALL, Tile.DOOR])
    return TileMap(w, h, draw(st.lists(kinds, min_size=w * h, max_size=w * h)))


@st.composite
def map_and_two_squares(draw: st.DrawFn) -> tuple[TileMap, Pos, Pos]:
    m = draw(small_maps())
    square = st.builds(Pos, st.integers(0, m.width - 1), st.integers(0, m.height - 1))
    return m, draw(square), draw(square)


@settings(max_examples=400)
@given(map_and_two_squares())
def test_line_of_sight_is_symmetric(case: tuple[TileMap, Pos, Pos]) -> None:
    m, a, b = case
    assert line_of_sight(m, a, b) == line_of_sight(m, b, a)


@settings(max_examples=200)
@given(map_and_two_squares(), st.integers(min_value=0, max_value=14))
def test_field_of_view_agrees_with_line_of_sight(case: tuple[TileMap, Pos, Pos], radius: int) -> None:
    m, origin, _ = case
    seen = field_of_view(m, origin, radius)
    assert origin in seen
    for p in m.positions():
        if p == origin:
            continue
        in_radius = radius_contains(p.x - origin.x, p.y - origin.y, radius)
        if not m.blocks_sight(p):
            assert (p in seen) == (in_radius and line_of_sight(m, origin, p)), p
        elif p in seen:
            assert in_radius


@settings(max_examples=200)
@given(map_and_two_squares())
def test_field_of_view_is_symmetric_between_open_squares(case: tuple[TileMap, Pos, Pos]) -> None:
    m, a, b = case
    if not (m.blocks_sight(a) or m.blocks_sight(b)):
        assert (b in field_of_view(m, a, 20)) == (a in field_of_view(m, b, 20))


def test_walls_block_and_doors_do_not() -> None:
    m = parse_ascii(["a.#.b", "c.+.d"], {".": "floor", "#": "wall", "+": "door", **_letters("abcd")}).tilemap
    assert not line_of_sight(m, Pos(0, 0), Pos(4, 0))
    assert line_of_sight(m, Pos(0, 1), Pos(4, 1))
    assert line_of_sight(m, Pos(0, 0), Pos(1, 0))  # neighbours always see each other
    assert line_of_sight(m, Pos(1, 0), Pos(2, 0))  # a square sees a wall next to it


def test_diagonal_gaps() -> None:
    m = parse_ascii(
        [
            ".#..",
            "#...",
            "....",
        ]
    ).tilemap
    assert line_of_sight(m, Pos(0, 0), Pos(1, 1))  # diagonal neighbours see past two corners
    assert line_of_sight(m, Pos(0, 0), Pos(2, 2))  # an exact diagonal only touches corners
    assert line_of_sight(m, Pos(0, 0), Pos(3, 2))  # passes (1,1) and (2,1)
    assert line_of_sight(m, Pos(0, 0), Pos(2, 1))  # grazes the edge of the wall at (1,0)
    assert not line_of_sight(m, Pos(0, 0), Pos(3, 1))  # cuts through (1,0)
    assert not line_of_sight(m, Pos(0, 0), Pos(0, 2))  # straight through (0,1)
    seam = parse_ascii(
        [
            "..#.",
            "..#.",
        ]
    ).tilemap
    # The line from (1,0) to (3,1) runs exactly along the seam between the two walls: blocked.
    assert not line_of_sight(seam, Pos(1, 0), Pos(3, 1))


def test_field_of_view_in_a_room() -> None:
    rows = [
        "#########",
        "#.......#",
        "#...#...#",
        "#.......#",
        "#########",
        "#.......#",
    ]
    m = parse_ascii(rows).tilemap
    seen = field_of_view(m, Pos(2, 2), 8)
    assert Pos(2, 2) in seen
    assert Pos(4, 2) in seen  # the pillar itself
    assert Pos(5, 2) not in seen and Pos(6, 2) not in seen  # squares straight behind the pillar
    assert Pos(6, 1) in seen and Pos(6, 3) in seen  # lines that only graze the pillar's edge
    assert Pos(7, 1) not in seen and Pos(7, 3) not in seen  # lines that cut through it
    assert Pos(0, 0) in seen and Pos(8, 4) in seen  # visible walls, corners included
    assert not any(p.y == 5 for p in seen)  # the row beyond the wall
    assert field_of_view(m, Pos(2, 2), 0) == frozenset({Pos(2, 2)})
    assert Pos(5, 1) not in field_of_view(m, Pos(2, 2), 2)


def test_field_of_view_at_the_map_edge() -> None:
    m = TileMap.filled(5, 5, Tile.FLOOR)
    seen = field_of_view(m, Pos(0, 0), 30)
    assert seen == frozenset(m.positions())


def _letters(chars: str) -> dict[str, str]:
    return {c: f"actor_{c}" for c in chars}
