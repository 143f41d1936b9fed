"""game.sim.dungeon: connectivity, spawn placement and determinism of generated dungeons."""

from __future__ import annotations

import json
import random

import pytest

from game.sim.dungeon import Dungeon, DungeonError, generate_dungeon
from game.sim.geometry import Pos
from game.sim.pathfinding import distance_map
from game.sim.tilemap import Tile, TileMap

PARTY = 4
GROUPS = (4, 3, 5, 2)


def _flood(m: TileMap, start: Pos) -> set[Pos]:
    """Plain flood fill, independent of game.sim.pathfinding."""
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for n in (Pos(x, y - 1), Pos(x + 1, y), Pos(x, y + 1), Pos(x - 1, y)):
            if n not in seen and m.passable(n):
                seen.add(n)
                todo.append(n)
    return seen


def _make(seed: int) -> Dungeon:
    return generate_dungeon(seed, party_size=PARTY, group_sizes=GROUPS)


@pytest.mark.parametrize("seed", range(50))
def test_dungeon_invariants(seed: int) -> None:
    d = _make(seed)
    m = d.tilemap
    assert (m.width, m.height) == (60, 40)

    # Connected: one orthogonal flood from the party reaches every passable square.
    assert _flood(m, d.player_start[0]) == set(m.passable_positions())

    # The border is solid, rooms do not overlap, and every room is floor.
    border = [p for p in m.positions() if p.x in (0, m.width - 1) or p.y in (0, m.height - 1)]
    assert all(m.tile_at(p) is Tile.WALL for p in border)
    room_squares = [p for r in d.rooms for p in r.squares()]
    assert len(room_squares) == len(set(room_squares))
    assert all(m.tile_at(p) in (Tile.FLOOR, Tile.STAIRS_DOWN) for p in room_squares)

    # Exactly one stairs down, and doors are one-square gaps beside a room.
    assert list(m.positions_of(Tile.STAIRS_DOWN)) == [d.stairs_down]
    for door in m.positions_of(Tile.DOOR):
        n, e, s, w = (m.passable(door.offset(dx, dy)) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)))
        assert (n and s and not e and not w) or (e and w and not n and not s)

    # Spawn squares: the right counts, all distinct, passable, not the stairs, inside their room.
    assert len(d.player_start) == PARTY
    assert [len(g.squares) for g in d.spawn_groups] == list(GROUPS)
    assert [g.index for g in d.spawn_groups] == list(range(len(GROUPS)))
    everyone = list(d.player_start) + [p for g in d.spawn_groups for p in g.squares]
    assert len(everyone) == len(set(everyone))
    assert all(m.passable(p) and p != d.stairs_down for p in everyone)
    assert all(d.rooms[d.player_room].contains(p) for p in d.player_start)
    for g in d.spawn_groups:
        assert all(d.rooms[g.room].contains(p) for p in g.squares)
    rooms_used = [d.player_room] + [g.room for g in d.spawn_groups]
    assert len(rooms_used) == len(set(rooms_used))


@pytest.mark.parametrize("seed", range(10))
def test_groups_start_far_from_the_party(seed: int) -> None:
    d = _make(seed)
    dm = distance_map(d.tilemap, [d.rooms[d.player_room].center])
    others = [i for i in range(len(d.rooms)) if i != d.player_room]
    distances = sorted((dm.get(d.rooms[i].center) or 0 for i in others), reverse=True)
    # The first group gets the room farthest from the party.
    assert dm.get(d.rooms[d.spawn_groups[0].room].center) == distances[0]
    # No group is in the room nearest the party unless there is no other choice.
    if len(others) > len(GROUPS):
        nearest = min(others, key=lambda i: (dm.get(d.rooms[i].center) or 0, i))
        assert nearest not in {g.room for g in d.spawn_groups}


def test_same_seed_same_dungeon() -> None:
    for seed in (0, 7, 123456789):
        a = json.dumps(_make(seed).to_dict(), sort_keys=True)
        random.seed(999)  # the global stream must not matter
        random.random()
        b = json.dumps(_make(seed).to_dict(), sort_keys=True)
        assert a == b
    assert _make(5) == _make(5)


def test_generation_leaves_global_random_alone() -> None:
    random.seed(42)
    expected = random.random()
    random.seed(42)
    _make(3)
    assert random.random() == expected


def test_different_seeds_differ() -> None:
    layouts = {"\n".join(_make(seed).tilemap.to_ascii()) for seed in range(20)}
    assert len(layouts) == 20


def test_render_shows_everyone() -> None:
    d = _make(1)
    text = "\n".join(d.render())
    assert text.count("@") == PARTY
    assert text.count(">") == 1
    assert text.count("2") == GROUPS[2]


def test_impossible_requests() -> None:
    with pytest.raises(DungeonError):
        generate_dungeon(1, 12, 12, group_sizes=(1, 1, 1, 1, 1))
    with pytest.raises(DungeonError):
        generate_dungeon(1, party_size=0)
    with pytest.raises(DungeonError):
        generate_dungeon(1, party_size=2, group_sizes=(500,))
    with pytest.raises(DungeonError):
        generate_dungeon(1, 5, 5)


def test_small_maps_and_custom_sizes() -> None:
    d = generate_dungeon(11, 30, 20, party_size=2, group_sizes=(3,), max_rooms=4, room_max=6)
    assert (d.tilemap.width, d.tilemap.height) == (30, 20)
    assert 2 <= len(d.rooms) <= 4
    assert _flood(d.tilemap, d.player_start[0]) == set(d.tilemap.passable_positions())


def test_one_room_dungeon_keeps_stairs_clear_of_the_party() -> None:
    for seed in range(30):
        d = generate_dungeon(seed, 9, 9, party_size=3)
        assert len(d.rooms) == 1
        assert d.stairs_down not in d.player_start
