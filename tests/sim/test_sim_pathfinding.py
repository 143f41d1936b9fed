"""game.sim.pathfinding: A* and breadth-first distance maps."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from game.sim.geometry import Pos, is_adjacent
from game.sim.pathfinding import distance_map, find_path
from game.sim.tilemap import Tile, TileMap, parse_ascii

MAZE = parse_ascii(
    [
        "#########",
        "#.......#",
        "#.#####.#",
        "#.#...#.#",
        "#.#.#.#.#",
        "#...#...#",
        "#########",
    ]
).tilemap


def _valid(m: TileMap, start: Pos, path: list[Pos], adjacency: int) -> bool:
    squares = [start, *path]
    return all(is_adjacent(a, b, adjacency) for a, b in itertools.pairwise(squares)) and all(
        m.passable(p) for p in path
    )


def test_shortest_path_through_a_maze() -> None:
    path = find_path(MAZE, Pos(3, 3), Pos(7, 5))
    assert path is not None
    assert len(path) == distance_map(MAZE, [Pos(3, 3)]).get(Pos(7, 5))
    assert path[-1] == Pos(7, 5)
    assert _valid(MAZE, Pos(3, 3), path, 4)
    assert path[:4] == [Pos(4, 3), Pos(5, 3), Pos(5, 4), Pos(5, 5)]
    assert len(path) == 6


def test_start_is_goal_and_bad_goals() -> None:
    assert find_path(MAZE, Pos(1, 1), Pos(1, 1)) == []
    assert find_path(MAZE, Pos(1, 1), Pos(0, 0)) is None  # wall
    assert find_path(MAZE, Pos(1, 1), Pos(40, 1)) is None  # off the map


def test_blocked_squares_and_no_path() -> None:
    open_room = TileMap.filled(5, 3, Tile.FLOOR)
    wall = {Pos(2, 0), Pos(2, 1), Pos(2, 2)}
    assert find_path(open_room, Pos(0, 1), Pos(4, 1), blocked=wall) is None
    assert find_path(open_room, Pos(0, 1), Pos(4, 1), blocked=lambda p: p in wall) is None
    detour = find_path(open_room, Pos(0, 1), Pos(4, 1), blocked={Pos(2, 1)})
    assert detour is not None and len(detour) == 6 and Pos(2, 1) not in detour
    walled = parse_ascii(["..#.."]).tilemap
    assert find_path(walled, Pos(0, 0), Pos(4, 0)) is None


def test_occupied_goal_option() -> None:
    corridor = TileMap.filled(6, 1, Tile.FLOOR)
    enemy = Pos(5, 0)
    assert find_path(corridor, Pos(0, 0), enemy, blocked={enemy}) is None
    path = find_path(corridor, Pos(0, 0), enemy, blocked={enemy}, allow_occupied_goal=True)
    assert path == [Pos(1, 0), Pos(2, 0), Pos(3, 0), Pos(4, 0), enemy]
    # Only the goal may be occupied: another blocker still stops the path.
    assert find_path(corridor, Pos(0, 0), enemy, blocked={enemy, Pos(3, 0)}, allow_occupied_goal=True) is None
    # The start square is never checked.
    assert find_path(corridor, Pos(0, 0), Pos(2, 0), blocked={Pos(0, 0)}) == [Pos(1, 0), Pos(2, 0)]


def test_max_nodes() -> None:
    big = TileMap.filled(60, 40, Tile.FLOOR)
    assert find_path(big, Pos(0, 0), Pos(59, 39), max_nodes=50) is None
    path = find_path(big, Pos(0, 0), Pos(59, 39))
    assert path is not None and len(path) == 98


def test_eight_way() -> None:
    room = TileMap.filled(6, 6, Tile.FLOOR)
    path = find_path(room, Pos(0, 0), Pos(5, 5), adjacency=8)
    assert path == [Pos(i, i) for i in range(1, 6)]
    corner = parse_ascii(
        [
            "..",
            "#.",
        ]
    ).tilemap
    # (0,1) is a wall, so (0,0) -> (1,1) would cut its corner.
    cut = find_path(corner, Pos(0, 0), Pos(1, 1), adjacency=8)
    assert cut == [Pos(1, 0), Pos(1, 1)]


def test_deterministic() -> None:
    room = TileMap.filled(12, 9, Tile.FLOOR)
    blocked = {Pos(5, y) for y in range(1, 9)}
    paths = [find_path(room, Pos(0, 8), Pos(11, 0), blocked=set(blocked)) for _ in range(5)]
    assert all(p == paths[0] for p in paths)
    assert paths[0] == find_path(room, Pos(0, 8), Pos(11, 0), blocked=lambda p: p in blocked)


@st.composite
def maps_with_ends(draw: st.DrawFn) -> tuple[TileMap, Pos, Pos, frozenset[Pos]]:
    w = draw(st.integers(min_value=1, max_value=10))
    h = draw(st.integers(min_value=1, max_value=10))
    kinds = st.sampled_from([Tile.FLOOR, Tile.FLOOR, Tile.DOOR, Tile.WALL])
    m = TileMap(w, h, draw(st.lists(kinds, min_size=w * h, max_size=w * h)))
    square = st.builds(Pos, st.integers(0, w - 1), st.integers(0, h - 1))
    return m, draw(square), draw(square), frozenset(draw(st.lists(square, max_size=6)))


@settings(max_examples=300)
@given(maps_with_ends(), st.sampled_from([4, 8]))
def test_astar_is_as_short_as_a_flood(case: tuple[TileMap, Pos, Pos, frozenset[Pos]], adjacency: int) -> None:
    m, start, goal, occupied = case
    blocked = occupied - {start, goal}
    path = find_path(m, start, goal, adjacency=adjacency, blocked=blocked)
    flood = distance_map(m, [start], adjacency=adjacency, blocked=blocked)
    expected = flood.get(goal) if m.passable(goal) or start == goal else None
    if expected is None:
        assert path is None
    else:
        assert path is not None and len(path) == expected
        assert _valid(m, start, path, adjacency)
        assert not blocked & set(path)
        assert path == find_path(m, start, goal, adjacency=adjacency, blocked=blocked)


def test_distance_map() -> None:
    dm = distance_map(MAZE, [Pos(1, 1)])
    assert dm.get(Pos(1, 1)) == 0
    assert dm.get(Pos(7, 1)) == 6
    assert dm.get(Pos(0, 0)) is None
    assert dm.get(Pos(-1, 0)) is None
    assert distance_map(MAZE, [Pos(1, 1)], max_distance=3).get(Pos(7, 1)) is None
    two = distance_map(MAZE, [Pos(1, 1), Pos(7, 1)])
    assert two.get(Pos(4, 1)) == 3
    assert set(dm.reachable()) == set(MAZE.passable_positions())


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=6), st.integers(min_value=0, max_value=8), st.sampled_from([4, 8]),
       st.integers(min_value=0, max_value=20))
def test_lazy_distance_map_agrees_with_the_full_flood_up_to_the_square_it_reached(
    y: int, x: int, adjacency: int, limit: int
) -> None:
    from game.sim.pathfinding import LazyDistanceMap

    goal = Pos(1, 1)
    full = distance_map(MAZE, [goal], adjacency=adjacency, max_distance=limit).steps
    lazy = LazyDistanceMap(MAZE, goal, adjacency=adjacency, max_distance=limit)
    index = y * MAZE.width + x
    lazy.reach(index)
    assert lazy.steps[index] == max(full[index], -1)
    bound = full[index] if full[index] >= 0 else limit
    for got, want in zip(lazy.steps, full, strict=True):
        if 0 <= want <= bound:
            assert got == want
        else:
            assert got < 0 or got == want
