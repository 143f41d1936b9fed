"""game.sim.tilemap: TileMap queries and the ASCII parser."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.sim.geometry import Pos
from game.sim.tilemap import DEFAULT_LEGEND, MapError, Placement, Tile, TileMap, parse_ascii

LEGEND = {"#": "wall", ".": "floor", "+": "door", ">": "stairs_down", "@": "player", "g": "goblin"}


def test_parse_tiles_and_placements() -> None:
    parsed = parse_ascii(
        [
            "#####",
            "#@.g#",
            "#.+>#",
            "#g..#",
            "#####",
        ],
        LEGEND,
    )
    m = parsed.tilemap
    assert (m.width, m.height) == (5, 5)
    assert m.tile_at(Pos(2, 2)) is Tile.DOOR
    assert m.tile_at(Pos(3, 2)) is Tile.STAIRS_DOWN
    assert parsed.placements == (
        Placement("player", "@", Pos(1, 1)),
        Placement("goblin", "g", Pos(3, 1)),
        Placement("goblin", "g", Pos(1, 3)),
    )
    assert parsed.placed("goblin") == [Pos(3, 1), Pos(1, 3)]
    for p in parsed.placements:
        assert m.tile_at(p.pos) is Tile.FLOOR


def test_passable_and_sight() -> None:
    m = parse_ascii(["#.+>"], LEGEND).tilemap
    assert [m.passable(Pos(x, 0)) for x in range(4)] == [False, True, True, True]
    assert [m.blocks_sight(Pos(x, 0)) for x in range(4)] == [True, False, False, False]
    outside = [Pos(-1, 0), Pos(4, 0), Pos(0, 1), Pos(0, -1)]
    assert not any(m.in_bounds(p) or m.passable(p) for p in outside)
    assert all(m.blocks_sight(p) and m.tile_at(p) is Tile.WALL for p in outside)


def test_ragged_rows_pad_with_wall() -> None:
    m = parse_ascii(["...", ".", ""], LEGEND).tilemap
    assert (m.width, m.height) == (3, 3)
    assert m.to_ascii() == ["...", ".##", "###"]


@pytest.mark.parametrize(
    ("rows", "row", "column"),
    [
        (["###", "#x#"], 2, 2),
        (["..", "...?"], 2, 4),
        (["%"], 1, 1),
    ],
)
def test_unknown_character_names_row_and_column(rows: list[str], row: int, column: int) -> None:
    with pytest.raises(MapError, match=f"row {row}, column {column}") as err:
        parse_ascii(rows, LEGEND)
    assert (err.value.row, err.value.column) == (row, column)
    assert "unknown character" in str(err.value)


@pytest.mark.parametrize("rows", [[], [""], ["", ""]])
def test_empty_map(rows: list[str]) -> None:
    with pytest.raises(MapError, match="row 1, column 1: empty map"):
        parse_ascii(rows, LEGEND)


def test_bad_legend_and_bad_rows() -> None:
    with pytest.raises(MapError, match="single characters"):
        parse_ascii(["."], {"..": "floor"})
    with pytest.raises(TypeError):
        parse_ascii("#.#", LEGEND)


def test_round_trip_and_equality() -> None:
    rows = ["#####", "#.+>#", "#####"]
    m = parse_ascii(rows).tilemap
    assert m.to_ascii() == rows
    assert parse_ascii(m.to_ascii(), DEFAULT_LEGEND).tilemap == m
    assert hash(parse_ascii(rows).tilemap) == hash(m)
    assert m != TileMap.filled(5, 3)


def test_immutable_and_with_tiles() -> None:
    m = TileMap.filled(3, 2, Tile.FLOOR)
    with pytest.raises(AttributeError):
        m.width = 4
    m2 = m.with_tiles({Pos(1, 1): Tile.WALL})
    assert m.tile_at(Pos(1, 1)) is Tile.FLOOR
    assert m2.tile_at(Pos(1, 1)) is Tile.WALL
    with pytest.raises(MapError):
        m.with_tiles({Pos(3, 0): Tile.WALL})
    with pytest.raises(MapError):
        TileMap(2, 2, b"\x00\x00\x00")
    with pytest.raises(MapError):
        TileMap(1, 1, b"\x09")


def test_iteration_helpers() -> None:
    m = parse_ascii(["#.", ">+"]).tilemap
    assert list(m.positions()) == [Pos(0, 0), Pos(1, 0), Pos(0, 1), Pos(1, 1)]
    assert dict(m.items())[Pos(0, 1)] is Tile.STAIRS_DOWN
    assert list(m.positions_of(Tile.DOOR, Tile.STAIRS_DOWN)) == [Pos(0, 1), Pos(1, 1)]
    assert list(m.passable_positions()) == [Pos(1, 0), Pos(0, 1), Pos(1, 1)]
    for i, p in enumerate(m.positions_by_index):
        assert m.index(p) == i


def test_step_graph_does_not_cut_corners() -> None:
    m = parse_ascii(
        [
            "...",
            ".#.",
            "...",
        ]
    ).tilemap
    centre_left = m.index(Pos(0, 1))
    top_left = m.index(Pos(0, 0))
    assert set(m.step_graph(4)[top_left]) == {m.index(Pos(1, 0)), centre_left}
    # (0,0) -> (1,1) is a wall; (0,1) -> (1,0) would cut the wall's corner.
    assert m.index(Pos(1, 0)) not in m.step_graph(8)[centre_left]
    assert m.step_graph(8)[m.index(Pos(1, 1))] == ()
    assert m.step_graph(8) is m.step_graph(8)


@settings(max_examples=300)
@given(st.integers(1, 10), st.integers(1, 10), st.data())
def test_clear_box_is_exactly_a_rectangle_without_walls(w: int, h: int, data: st.DataObject) -> None:
    kinds = st.sampled_from([Tile.FLOOR, Tile.FLOOR, Tile.FLOOR, Tile.WALL, Tile.DOOR])
    m = TileMap(w, h, data.draw(st.lists(kinds, min_size=w * h, max_size=w * h)))
    ax, bx = data.draw(st.integers(-1, w)), data.draw(st.integers(-1, w))
    ay, by = data.draw(st.integers(-1, h)), data.draw(st.integers(-1, h))
    on_map = all(0 <= x < w for x in (ax, bx)) and all(0 <= y < h for y in (ay, by))
    expected = on_map and not any(
        m.blocks_sight(Pos(x, y))
        for x in range(min(ax, bx), max(ax, bx) + 1)
        for y in range(min(ay, by), max(ay, by) + 1)
    )
    assert m.clear_box(ax, ay, bx, by) is expected
