"""Seeded procedural dungeons: rooms, corridors, doors, stairs, and where the party and factions start.

Randomness comes only from the ``mapgen`` stream: a private ``random.Random`` seeded from
``"mapgen:<seed>"`` (string seeding is stable across runs and platforms), and only its ``random()``
method is called, the one output Python promises to keep identical across versions. No global
random state is touched, so the same seed and parameters always give the same `Dungeon`.

Layout: non-overlapping rectangular rooms (at least two walls apart); L-shaped corridors along a
minimum spanning tree of room centres (every room is connected), plus a few extra corridors for
loops; a door wherever a corridor leaves a room through a one-square gap; stairs down in the room
farthest (by path) from the party's room; with ``stairs_up``, stairs up in the party's room (where a
party coming down arrives); a run's stairs (with ``depth``) never cut a square off the rest (a square
drawn that would, in front of a room's only door, is drawn again among those that do not); faction
groups in rooms picked greedily to be as far as possible (by path) from the party and from each other;
last, with ``ground``, patches of difficult ground (`Ground`: rubble or mud) in the rooms other than the
party's, never on stairs or doors, nor next to a room's way in or out (a door, a corridor mouth, the
stairs), so no entrance or chokepoint is difficult; drawn after everything else, so the rest of a
seed's map is the same with or without it.

A run's levels (``game.sim.levels``) pass ``depth``: the stream is then ``"mapgen:<seed>:<depth>"``, so
every depth of one seed has its own map, while a plain dungeon (no depth) keeps the maps it always had.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.sim.geometry import Pos
from game.sim.pathfinding import DistanceMap, distance_map
from game.sim.tilemap import DIFFICULT_TILES, Tile, TileMap

MAPGEN_STREAM = "mapgen"


class DungeonError(ValueError):
    """The parameters cannot be met (map too small for the rooms or groups asked for)."""


@dataclass(frozen=True, slots=True)
class Room:
    """The floor rectangle of a room: ``width`` x ``height`` squares from (``x``, ``y``)."""

    x: int
    y: int
    width: int
    height: int

    @property
    def x2(self) -> int:
        """Last floor column (inclusive)."""
        return self.x + self.width - 1

    @property
    def y2(self) -> int:
        """Last floor row (inclusive)."""
        return self.y + self.height - 1

    @property
    def center(self) -> Pos:
        return Pos(self.x + (self.width - 1) // 2, self.y + (self.height - 1) // 2)

    @property
    def area(self) -> int:
        return self.width * self.height

    def contains(self, pos: Pos) -> bool:
        return self.x <= pos[0] <= self.x2 and self.y <= pos[1] <= self.y2

    def squares(self) -> tuple[Pos, ...]:
        """Every floor square, row by row."""
        return tuple(Pos(x, y) for y in range(self.y, self.y2 + 1) for x in range(self.x, self.x2 + 1))

    def near(self, other: Room, gap: int) -> bool:
        """True if the two floor rectangles come closer than ``gap`` wall squares apart."""
        return (
            self.x - gap <= other.x2
            and other.x <= self.x2 + gap
            and self.y - gap <= other.y2
            and other.y <= self.y2 + gap
        )


@dataclass(frozen=True, slots=True)
class Ground:
    """Difficult ground for a map: ``patches`` (low, high) patches of ``tile`` (a `DIFFICULT_TILES` kind),
    each of ``size`` (low, high) squares grown orthogonally inside one room."""

    tile: Tile
    patches: tuple[int, int]
    size: tuple[int, int]


@dataclass(frozen=True, slots=True)
class SpawnGroup:
    """Start squares for the faction group ``index`` (its place in ``group_sizes``), all in one room."""

    index: int
    room: int  # index into Dungeon.rooms
    squares: tuple[Pos, ...]


@dataclass(frozen=True, slots=True)
class Dungeon:
    seed: int
    tilemap: TileMap
    rooms: tuple[Room, ...]
    player_room: int  # index into rooms
    player_start: tuple[Pos, ...]  # one square per party member
    stairs_down: Pos
    spawn_groups: tuple[SpawnGroup, ...]  # in the order of group_sizes
    stairs_up: Pos | None = None  # in the party's room, when asked for

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description of everything generated (for comparisons, debugging, tools)."""
        return {
            "seed": self.seed,
            "width": self.tilemap.width,
            "height": self.tilemap.height,
            "rows": self.tilemap.to_ascii(),
            "rooms": [[r.x, r.y, r.width, r.height] for r in self.rooms],
            "player_room": self.player_room,
            "player_start": [list(p) for p in self.player_start],
            "stairs_down": list(self.stairs_down),
            "spawn_groups": [
                {"index": g.index, "room": g.room, "squares": [list(p) for p in g.squares]} for g in self.spawn_groups
            ],
            **({"stairs_up": list(self.stairs_up)} if self.stairs_up is not None else {}),
        }

    def render(self) -> list[str]:
        """ASCII rows with the party as ``@`` and group ``i`` as the digit ``i % 10``."""
        rows = [list(r) for r in self.tilemap.to_ascii()]
        for p in self.player_start:
            rows[p.y][p.x] = "@"
        for g in self.spawn_groups:
            for p in g.squares:
                rows[p.y][p.x] = str(g.index % 10)
        return ["".join(r) for r in rows]


def mapgen_rng(seed: int, depth: int | None = None) -> random.Random:
    """The ``mapgen`` stream for a run seed (and a depth of a run, see the module docstring)."""
    return random.Random(f"{MAPGEN_STREAM}:{seed}" if depth is None else f"{MAPGEN_STREAM}:{seed}:{depth}")


def _int(rng: random.Random, lo: int, hi: int) -> int:
    """Uniform-enough integer in ``lo..hi`` built on ``random()`` alone (version-stable)."""
    return lo + min(int(rng.random() * (hi - lo + 1)), hi - lo)


def _sample(rng: random.Random, items: Sequence[Pos], k: int) -> tuple[Pos, ...]:
    """``k`` distinct items, by a partial Fisher-Yates shuffle on ``random()``."""
    pool = list(items)
    for i in range(k):
        j = _int(rng, i, len(pool) - 1)
        pool[i], pool[j] = pool[j], pool[i]
    return tuple(pool[:k])


def generate_dungeon(
    seed: int,
    width: int = 60,
    height: int = 40,
    *,
    party_size: int = 1,
    group_sizes: Sequence[int] = (),
    max_rooms: int = 12,
    room_min: int = 4,
    room_max: int = 10,
    extra_corridors: int = 2,
    placement_tries: int = 300,
    depth: int | None = None,
    stairs_up: bool = False,
    ground: Ground | None = None,
) -> Dungeon:
    """Build the dungeon for ``seed``; see the module docstring for the layout rules.

    ``party_size`` start squares go in one room; each entry of ``group_sizes`` gets a room of its
    own (never the party's), all squares distinct and free of the stairs. ``depth`` picks the stream
    (see the module docstring); ``stairs_up`` puts stairs up in the party's room; ``ground`` lays patches
    of difficult ground (see the module docstring). Raises `DungeonError` if the map cannot hold that
    many rooms or a group is larger than every free room.
    """
    if party_size < 1 or any(n < 1 for n in group_sizes):
        raise DungeonError("party and group sizes must be at least 1")
    if not 3 <= room_min <= room_max:
        raise DungeonError(f"need 3 <= room_min <= room_max, got {room_min}, {room_max}")
    if width < room_min + 2 or height < room_min + 2:
        raise DungeonError(f"a {width} x {height} map cannot hold a {room_min} x {room_min} room")
    rng = mapgen_rng(seed, depth)
    need_rooms = len(group_sizes) + 1
    rooms = _place_rooms(rng, width, height, max(max_rooms, need_rooms), room_min, room_max, placement_tries)
    if len(rooms) < need_rooms:
        raise DungeonError(f"only {len(rooms)} rooms fit on a {width} x {height} map; {need_rooms} are needed")

    tiles = bytearray([Tile.WALL]) * (width * height)
    for room in rooms:
        for y in range(room.y, room.y2 + 1):
            start = y * width + room.x
            tiles[start : start + room.width] = bytes([Tile.FLOOR]) * room.width
    carved: set[int] = set()
    for a, b in _connections(rng, rooms, extra_corridors):
        _carve_corridor(rng, tiles, width, rooms[a].center, rooms[b].center, carved)
    _place_doors(tiles, width, rooms, carved)

    tilemap = TileMap(width, height, tiles)
    spare = 2 if stairs_up else 1  # squares for the stairs
    fits_party = [i for i, r in enumerate(rooms) if r.area >= party_size + spare]
    if not fits_party:
        raise DungeonError(f"no room holds a party of {party_size}")
    player_room = fits_party[_int(rng, 0, len(fits_party) - 1)]
    nav = tilemap  # stairs are passable like floor: distances on the map before them are the same
    dist: dict[int, DistanceMap] = {player_room: distance_map(nav, [rooms[player_room].center])}

    def room_distance(src: int, dst: int) -> int:
        if src not in dist:
            dist[src] = distance_map(nav, [rooms[src].center])
        d = dist[src].get(rooms[dst].center)
        assert d is not None, "rooms are connected by construction"
        return d

    others = [i for i in range(len(rooms)) if i != player_room] or [player_room]
    stairs_room = max(others, key=lambda i: (room_distance(player_room, i), -i))
    stairs = rooms[stairs_room].squares()[_int(rng, 0, rooms[stairs_room].area - 1)]
    if depth is not None and _cuts(tilemap, {stairs}):  # (a run's stairs take the party off: never a way through)
        stairs = _uncut(rng, tilemap, rooms[stairs_room].squares(), set()) or stairs
    tilemap = tilemap.with_tiles({stairs: Tile.STAIRS_DOWN})

    up: Pos | None = None
    if stairs_up:
        home = [p for p in rooms[player_room].squares() if p != stairs]
        up = home[_int(rng, 0, len(home) - 1)]
        if depth is not None and _cuts(tilemap, {stairs, up}):
            up = _uncut(rng, tilemap, home, {stairs}) or up
        tilemap = tilemap.with_tiles({up: Tile.STAIRS_UP})
    player_start = _sample(rng, [p for p in rooms[player_room].squares() if p not in (stairs, up)], party_size)
    used = {player_room}
    groups: list[SpawnGroup] = []
    for index, size in enumerate(group_sizes):
        candidates = [
            i for i in range(len(rooms)) if i not in used and rooms[i].area - rooms[i].contains(stairs) >= size
        ]
        if not candidates:
            raise DungeonError(f"no free room holds group {index} of {size}")
        best = max(candidates, key=lambda i: (min(room_distance(u, i) for u in used), -i))
        used.add(best)
        free = [p for p in rooms[best].squares() if p != stairs]
        groups.append(SpawnGroup(index, best, _sample(rng, free, size)))
    if ground is not None:
        tilemap = _lay_ground(rng, tilemap, rooms, player_room, ground)

    return Dungeon(seed, tilemap, rooms, player_room, player_start, stairs, tuple(groups), up)


def _lay_ground(
    rng: random.Random, tilemap: TileMap, rooms: Sequence[Room], player_room: int, ground: Ground
) -> TileMap:
    """`ground`'s patches (see the module docstring): each in a room drawn among those with a square
    for it, from a square drawn among the allowed ones, grown one allowed orthogonal neighbour at a time."""
    if ground.tile not in DIFFICULT_TILES:
        raise DungeonError(f"{ground.tile.label} is not difficult ground")
    allowed: dict[int, list[Pos]] = {}
    for i, r in enumerate(rooms):
        firm = _stays_firm(tilemap, r)
        allowed[i] = [p for p in r.squares() if p not in firm]
    laid: set[Pos] = set()
    for _ in range(_int(rng, *ground.patches)):
        options = [i for i in range(len(rooms)) if i != player_room and any(p not in laid for p in allowed[i])]
        if not options:
            break
        room = options[_int(rng, 0, len(options) - 1)]
        free = set(allowed[room]) - laid
        start = sorted(free)[_int(rng, 0, len(free) - 1)]
        patch = [start]
        for _ in range(_int(rng, *ground.size) - 1):
            edge = sorted({n for p in patch for n in _beside(p)} & (free - set(patch)))
            if not edge:
                break
            patch.append(edge[_int(rng, 0, len(edge) - 1)])
        laid.update(patch)
    return tilemap.with_tiles({p: ground.tile for p in laid}) if laid else tilemap


def _beside(p: Pos) -> tuple[Pos, ...]:
    return (Pos(p.x, p.y - 1), Pos(p.x + 1, p.y), Pos(p.x, p.y + 1), Pos(p.x - 1, p.y))


def _stays_firm(tilemap: TileMap, room: Room) -> set[Pos]:
    """The squares of `room` that stay firm: stairs, and every square next to (8 ways) a door, stairs or
    a passable square outside the room (a corridor mouth)."""
    out: set[Pos] = set()
    for p in room.squares():
        if tilemap.tile_at(p) is not Tile.FLOOR:
            out.add(p)
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = Pos(p.x + dx, p.y + dy)
                kind = tilemap.tile_at(n)
                if kind in (Tile.DOOR, Tile.STAIRS_DOWN, Tile.STAIRS_UP) or (
                    tilemap.passable(n) and not room.contains(n)
                ):
                    out.add(p)
    return out


def _cuts(tilemap: TileMap, squares: set[Pos]) -> bool:
    """Whether standing `squares` in the way (stairs a run's leader never walks over, or the party
    leaves the level) cuts some passable square off the rest (a stairs square in front of a room's
    only door: seed 30's arrival room, whose only way out was over its stairs up)."""
    free = [p for p in tilemap.positions_by_index if tilemap.passable(p) and p not in squares]
    if not free:
        return False
    steps = distance_map(tilemap, [free[0]], adjacency=4, blocked=squares).steps
    return any(steps[p.y * tilemap.width + p.x] < 0 for p in free)


def _uncut(rng: random.Random, tilemap: TileMap, squares: Sequence[Pos], placed: set[Pos]) -> Pos | None:
    """A square of `squares` (not in `placed`) that cuts nothing off with `placed`, drawn from `rng`
    (None: every one does)."""
    fine = [p for p in squares if p not in placed and not _cuts(tilemap, placed | {p})]
    return fine[_int(rng, 0, len(fine) - 1)] if fine else None


def _place_rooms(
    rng: random.Random, width: int, height: int, max_rooms: int, room_min: int, room_max: int, tries: int
) -> tuple[Room, ...]:
    rooms: list[Room] = []
    for _ in range(tries):
        if len(rooms) >= max_rooms:
            break
        rw = _int(rng, room_min, min(room_max, width - 2))
        rh = _int(rng, room_min, min(room_max, height - 2))
        room = Room(_int(rng, 1, width - rw - 1), _int(rng, 1, height - rh - 1), rw, rh)
        if not any(room.near(other, 2) for other in rooms):
            rooms.append(room)
    return tuple(rooms)


def _connections(rng: random.Random, rooms: Sequence[Room], extra: int) -> list[tuple[int, int]]:
    """A minimum spanning tree over room centres (Prim, Manhattan; ties by index), then extra loops."""

    def gap(a: int, b: int) -> int:
        ca, cb = rooms[a].center, rooms[b].center
        return abs(ca.x - cb.x) + abs(ca.y - cb.y)

    n = len(rooms)
    edges: list[tuple[int, int]] = []
    linked = {0}
    while len(linked) < n:
        a, b = min(
            ((a, b) for a in sorted(linked) for b in range(n) if b not in linked),
            key=lambda e: (gap(*e), e),
        )
        edges.append((a, b))
        linked.add(b)
    existing = {frozenset(e) for e in edges}
    for _ in range(extra if n > 2 else 0):
        a = _int(rng, 0, n - 1)
        options = [b for b in range(n) if b != a and frozenset((a, b)) not in existing]
        if options:
            b = min(options, key=lambda b: (gap(a, b), b))
            existing.add(frozenset((a, b)))
            edges.append((a, b))
    return edges


def _carve_corridor(rng: random.Random, tiles: bytearray, width: int, a: Pos, b: Pos, carved: set[int]) -> None:
    """An L-shaped corridor from ``a`` to ``b``, horizontal or vertical leg first at random."""
    corner = Pos(b.x, a.y) if rng.random() < 0.5 else Pos(a.x, b.y)
    for (x0, y0), (x1, y1) in ((a, corner), (corner, b)):
        dx = (x1 > x0) - (x1 < x0)
        dy = (y1 > y0) - (y1 < y0)
        x, y = x0, y0
        while True:
            i = y * width + x
            if tiles[i] == Tile.WALL:
                tiles[i] = Tile.FLOOR
                carved.add(i)
            if (x, y) == (x1, y1):
                break
            x, y = x + dx, y + dy


def _place_doors(tiles: bytearray, width: int, rooms: Sequence[Room], carved: set[int]) -> None:
    """Turn a carved square into a door if it touches a room's floor side-on and is a 1-wide gap."""
    wall = Tile.WALL
    for i in sorted(carved):
        x, y = i % width, i // width
        beside_room = any(
            (r.x <= x <= r.x2 and y in (r.y - 1, r.y2 + 1)) or (r.y <= y <= r.y2 and x in (r.x - 1, r.x2 + 1))
            for r in rooms
        )
        if not beside_room:
            continue
        n, s, w, e = tiles[i - width], tiles[i + width], tiles[i - 1], tiles[i + 1]
        if (n == wall and s == wall and w != wall and e != wall) or (
            w == wall and e == wall and n != wall and s != wall
        ):
            tiles[i] = Tile.DOOR
