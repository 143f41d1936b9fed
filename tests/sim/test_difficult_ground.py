"""Difficult ground on the maps (issue 13 item 5): the tile kinds and their TN, the glyphs, the generator's
patches (counts per theme, never on stairs, doors or a room's ways in, deterministic) and the run's levels."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from pathlib import Path

import pytest

from game.sim.creatures import CreatureTemplate, Relations, load_creatures, load_factions
from game.sim.dungeon import Dungeon, DungeonError, Ground, generate_dungeon
from game.sim.geometry import Pos
from game.sim.levels import generate_level, plan_run
from game.sim.run_content import RunContent, default_run_content
from game.sim.scenario_file import load_scenario
from game.sim.tilemap import (
    DEFAULT_LEGEND,
    DIFFICULT_TILES,
    PASSABLE_TILES,
    TERRAIN_TN,
    Tile,
    TileMap,
    ground_note,
    parse_ascii,
)
from rules.catalog import Catalog

MUD = Ground(Tile.MUD, (3, 3), (4, 4))


def _ground(m: TileMap) -> list[Pos]:
    return list(m.positions_of(*DIFFICULT_TILES))


def test_the_kinds_are_passable_have_a_tn_and_a_glyph() -> None:
    assert TERRAIN_TN == {Tile.RUBBLE: 7, Tile.MUD: 8}
    assert DIFFICULT_TILES <= PASSABLE_TILES
    rows = ["#####", "#.:~#", "#####"]
    m = parse_ascii(rows).tilemap
    assert [m.tile_at(Pos(x, 1)) for x in (1, 2, 3)] == [Tile.FLOOR, Tile.RUBBLE, Tile.MUD]
    assert [m.footing_tn(Pos(x, 1)) for x in (0, 1, 2, 3)] == [0, 0, 7, 8]
    assert m.footing_tn(Pos(-1, 1)) == 0 and m.footing_tn(Pos(9, 9)) == 0
    assert m.passable(Pos(2, 1)) and m.passable(Pos(3, 1)) and not m.blocks_sight(Pos(3, 1))
    assert m.to_ascii() == rows and DEFAULT_LEGEND[":"] == "rubble" and DEFAULT_LEGEND["~"] == "mud"
    assert m.step_graph(4)[m.index(Pos(1, 1))] == (m.index(Pos(2, 1)),)  # walked over like floor
    assert ground_note(m, Pos(3, 1)) == "On mud: difficult ground (TN 8): terrain roll at s0"
    assert ground_note(m, Pos(2, 1)) == "On rubble: difficult ground (TN 7): terrain roll at s0"
    assert ground_note(m, Pos(1, 1)) is None


def test_the_tile_glyphs_in_a_world_scenario(tmp_path: Path, stub_catalog: Catalog) -> None:
    relations: Relations = load_factions()
    creatures: Mapping[str, CreatureTemplate] = load_creatures(stub_catalog, relations=relations)
    path = tmp_path / "world.yaml"
    path.write_text(textwrap.dedent("""\
        name: Test
        map: |
          #######
          #@.::g#
          #..~~.#
          #######
        legend:
          g: {creature: goblin}
        actors:
          - {creature: goblin, at: [3, 2]}
        """), encoding="utf-8")
    setup = load_scenario(path, creatures=creatures, relations=relations, display="world.yaml")
    m = setup.tilemap
    assert sorted(m.positions_of(Tile.RUBBLE)) == [Pos(3, 1), Pos(4, 1)]
    assert sorted(m.positions_of(Tile.MUD)) == [Pos(3, 2), Pos(4, 2)]
    assert m.tile_at(Pos(5, 1)) is Tile.FLOOR  # the legend goblin's square is floor ...
    assert Pos(3, 2) in {a.pos for a in setup.actors}  # ... one placed by coordinates stands in the mud


def _entries(m: TileMap, d: Dungeon) -> set[Pos]:
    """Doors, stairs and the room squares next to them or to a corridor mouth (8 ways)."""
    out: set[Pos] = set()
    for room in d.rooms:
        for p in room.squares():
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    n = Pos(p.x + dx, p.y + dy)
                    way = m.tile_at(n) in (Tile.DOOR, Tile.STAIRS_DOWN, Tile.STAIRS_UP)
                    if way or (m.passable(n) and not room.contains(n)):
                        out.add(p)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_patches_stay_in_rooms_off_stairs_doors_and_ways_in(seed: int) -> None:
    plain = generate_dungeon(seed, 60, 40, party_size=4, group_sizes=(3, 3), depth=3, stairs_up=True)
    d = generate_dungeon(seed, 60, 40, party_size=4, group_sizes=(3, 3), depth=3, stairs_up=True, ground=MUD)
    m = d.tilemap
    ground = _ground(m)
    # the rest of the map, stairs, starts and groups are those the seed gives without ground
    assert (d.rooms, d.player_start, d.stairs_down, d.stairs_up, d.spawn_groups) == (
        plain.rooms, plain.player_start, plain.stairs_down, plain.stairs_up, plain.spawn_groups)
    changed = [p for p in m.positions() if m.tile_at(p) != plain.tilemap.tile_at(p)]
    assert sorted(changed) == sorted(ground)
    assert all(plain.tilemap.tile_at(p) is Tile.FLOOR for p in ground)
    assert all(m.tile_at(p) is Tile.MUD for p in ground)
    assert 1 <= len(ground) <= 3 * 4  # three patches of at most four squares
    home = d.rooms[d.player_room]
    assert not any(home.contains(p) for p in ground)  # the arrival room stays firm
    assert all(any(r.contains(p) for r in d.rooms) for p in ground)  # never in a corridor
    assert not set(ground) & _entries(m, d)
    assert generate_dungeon(seed, 60, 40, party_size=4, group_sizes=(3, 3), depth=3, stairs_up=True,
                            ground=MUD) == d  # deterministic


def test_patch_counts_and_sizes_follow_the_ranges() -> None:
    none = generate_dungeon(4, 60, 40, party_size=2, group_sizes=(2,), ground=Ground(Tile.RUBBLE, (0, 0), (3, 3)))
    assert _ground(none.tilemap) == []
    for seed in range(8):
        one = generate_dungeon(seed, 60, 40, party_size=2, group_sizes=(2,), ground=Ground(Tile.RUBBLE, (1, 1), (1, 1)))
        assert len(_ground(one.tilemap)) == 1
    with pytest.raises(DungeonError, match="floor is not difficult ground"):
        generate_dungeon(1, ground=Ground(Tile.FLOOR, (1, 1), (1, 1)))


@pytest.fixture(scope="module")
def content() -> RunContent:
    return default_run_content()


def test_every_theme_has_its_ground_and_the_first_depth_is_light(content: RunContent) -> None:
    specs = {t.id: t.ground for t in content.themes.values()}
    assert all(spec is not None for spec in specs.values())
    kinds = {tid: spec.kind for tid, spec in specs.items() if spec is not None}
    assert kinds == {"cellars": "rubble", "caves": "rubble", "bandit_hold": "rubble", "goblin_warren": "mud",
                     "crypt": "rubble"}
    cellars = specs["cellars"]
    assert cellars is not None and cellars.patches[1] <= 1 and cellars.size[1] <= 3  # a newcomer's depth 1
    counts: dict[str, list[int]] = {}
    for seed in range(6):
        plan = plan_run(seed, content)
        for depth in range(1, plan.last + 1):
            level = generate_level(plan, depth, content)
            spec = content.themes[level.theme].ground
            assert spec is not None
            m = level.dungeon.tilemap
            ground = _ground(m)
            assert {m.tile_at(p).label for p in ground} <= {spec.kind}
            assert len(ground) <= spec.patches[1] * spec.size[1], (seed, depth)
            taken = {c.pos for c in level.chests} | {f.pos for f in level.floor_items} | {level.dungeon.stairs_down}
            assert not taken & set(ground), (seed, depth)  # chests, piles and stairs stand on firm ground
            counts.setdefault(level.theme, []).append(len(ground))
    assert max(counts["cellars"]) <= 3
    assert min(sum(v) / len(v) for tid, v in counts.items() if tid != "cellars") >= 4  # the deeper themes have it
