"""A hand-run benchmark for the geometry layer (not a test): ``python -m game.sim.geometry_bench``.

Prints microseconds per A* query (first party square to the spawn square farthest by path, 4- and
8-way, and with 50 occupied room squares), per FOV of radius 8 and per line-of-sight test, averaged
over ten 60 x 40 dungeons.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from game.sim.dungeon import Dungeon, generate_dungeon
from game.sim.fov import field_of_view, line_of_sight
from game.sim.geometry import Pos
from game.sim.pathfinding import distance_map, find_path
from game.sim.tilemap import TileMap

MAPS = 10


def _per_call_us(fn: Callable[[], object], calls: int) -> float:
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - t0) / calls)
    return best * 1e6


def _far_pair(d: Dungeon) -> tuple[Pos, Pos]:
    start = d.player_start[0]
    goals = [p for g in d.spawn_groups for p in g.squares]
    dm = distance_map(d.tilemap, [start])
    return start, max(goals, key=lambda p: (dm.get(p) or 0, p))


def _blockers(d: Dungeon, keep: tuple[Pos, Pos], count: int) -> set[Pos]:
    """``count`` room squares away from room edges (so no doorway is shut), never ``keep``."""
    squares = [p for r in d.rooms for p in r.squares() if p not in keep and r.x < p.x < r.x2 and r.y < p.y < r.y2]
    return set(squares[:: max(1, len(squares) // count)][:count])


def _fovs(tilemap: TileMap, origins: list[Pos]) -> None:
    for p in origins:
        field_of_view(tilemap, p, 8)


def _lines(tilemap: TileMap, pairs: list[tuple[Pos, Pos]]) -> None:
    for a, b in pairs:
        line_of_sight(tilemap, a, b)


def main() -> None:
    dungeons = [generate_dungeon(s, party_size=4, group_sizes=(4, 4, 4, 4)) for s in range(MAPS)]
    gen = partial(generate_dungeon, 0, party_size=4, group_sizes=(4, 4, 4, 4))
    print(f"{'generate_dungeon 60x40':26s}: {_per_call_us(gen, 5):9.1f} us")
    for d in dungeons:  # build the per-map caches (step graphs, position table) outside the timings
        d.tilemap.step_graph(4)
        d.tilemap.step_graph(8)
        _ = d.tilemap.positions_by_index

    for label, adjacency, blockers in (
        ("A* 4-way", 4, 0),
        ("A* 4-way, 50 occupied", 4, 50),
        ("A* 8-way", 8, 0),
    ):
        total, lengths = 0.0, []
        for d in dungeons:
            start, goal = _far_pair(d)
            blocked = _blockers(d, (start, goal), blockers) if blockers else None
            query = partial(find_path, d.tilemap, start, goal, adjacency=adjacency, blocked=blocked)
            path = query()
            lengths.append(len(path) if path is not None else -1)
            total += _per_call_us(query, 20)
        print(f"{label:26s}: {total / MAPS:9.1f} us per path   (lengths {lengths})")

    total = 0.0
    for d in dungeons:
        origins = list(d.tilemap.passable_positions())[::37]
        total += _per_call_us(partial(_fovs, d.tilemap, origins), 5) / len(origins)
    print(f"{'FOV radius 8':26s}: {total / MAPS:9.1f} us per call")

    total = 0.0
    for d in dungeons:
        points = list(d.tilemap.passable_positions())[::41][:30]
        pairs = [(a, b) for a in points for b in points]
        total += _per_call_us(partial(_lines, d.tilemap, pairs), 3) / len(pairs)
    print(f"{'line_of_sight':26s}: {total / MAPS:9.1f} us per call")

    total = 0.0
    for d in dungeons:
        total += _per_call_us(partial(distance_map, d.tilemap, [d.player_start[0]]), 20)
    print(f"{'distance_map (whole map)':26s}: {total / MAPS:9.1f} us per call")


if __name__ == "__main__":
    main()
