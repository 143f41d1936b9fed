"""Routes over the grid: `find_path` (A*) and `distance_map` (breadth-first flood from sources).

Both walk the map's cached step graph on flat indices (`TileMap.step_graph`), so each call only
allocates a few flat lists. Every step costs 1 (diagonal steps too, under ``adjacency=8``, where
cutting a wall corner is not allowed). Ties are broken by a fixed order, so the same input always
gives the same path.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Set
from typing import TypeAlias

from game.sim.geometry import Pos
from game.sim.tilemap import TileMap

Blocked: TypeAlias = Callable[[Pos], bool] | Set[Pos] | None
"""Squares that are terrain-passable but taken (actors): a predicate or a set of positions."""

DEFAULT_MAX_NODES = 4000

# A* heap keys pack (f, h, sequence) into one int: cheaper to compare than tuples.
_SEQ_BITS = 32
_H_BITS = 24


def find_path(
    tilemap: TileMap,
    start: Pos,
    goal: Pos,
    *,
    adjacency: int = 4,
    blocked: Blocked = None,
    allow_occupied_goal: bool = False,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> list[Pos] | None:
    """A shortest path from ``start`` to ``goal``: the squares after ``start``, ending with ``goal``.

    ``[]`` if ``start == goal``; ``None`` if there is no path, the goal is impassable terrain, or
    more than ``max_nodes`` squares would have to be expanded. ``blocked`` squares are never
    entered, except the goal when ``allow_occupied_goal`` (a path to an enemy: the last step is the
    bump). ``start`` itself is never checked. Among shortest paths the one found is fixed by the
    inputs: squares nearer the goal are expanded first, then the earliest discovered; neighbours are
    tried N, E, S, W (then NE, SE, SW, NW).
    """
    if not (tilemap.in_bounds(start) and tilemap.in_bounds(goal)):
        return None
    if start == goal:
        return []
    if not tilemap.passable(goal):
        return None
    w = tilemap.width
    positions = tilemap.positions_by_index
    graph = tilemap.step_graph(adjacency)
    s, g = start[1] * w + start[0], goal[1] * w + goal[0]
    mask, predicate = _blocked_test(tilemap, blocked)
    if not allow_occupied_goal and ((mask is not None and mask[g]) or (predicate is not None and predicate(goal))):
        return None

    gx, gy = goal
    eight = adjacency == 8
    size = w * tilemap.height
    cost = [-1] * size  # best known steps from start; -1 = not reached
    came = [-1] * size
    closed = bytearray(size)
    cost[s] = 0
    h0 = _h(start[0] - gx, start[1] - gy, eight)
    seq = 0
    heap = [(((h0 << _H_BITS) | h0) << _SEQ_BITS) << 32 | s]
    mask32 = (1 << 32) - 1
    expanded = 0
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        i = pop(heap) & mask32
        if closed[i]:
            continue
        if i == g:
            return _walk_back(came, positions, s, g)
        closed[i] = 1
        expanded += 1
        if expanded > max_nodes:
            return None
        step_cost = cost[i] + 1
        for j in graph[i]:
            if closed[j]:
                continue
            c = cost[j]
            if c != -1 and c <= step_cost:
                continue
            if j != g and ((mask is not None and mask[j]) or (predicate is not None and predicate(positions[j]))):
                continue
            cost[j] = step_cost
            came[j] = i
            p = positions[j]
            hx = p[0] - gx if p[0] >= gx else gx - p[0]
            hy = p[1] - gy if p[1] >= gy else gy - p[1]
            hj = (hx if hx > hy else hy) if eight else hx + hy
            seq += 1
            push(heap, (((((step_cost + hj) << _H_BITS) | hj) << _SEQ_BITS | seq) << 32) | j)
    return None


def _h(dx: int, dy: int, eight: bool) -> int:
    dx, dy = abs(dx), abs(dy)
    if eight:
        return dx if dx > dy else dy
    return dx + dy


def _walk_back(came: list[int], positions: tuple[Pos, ...], s: int, g: int) -> list[Pos]:
    path: list[Pos] = []
    i = g
    while i != s:
        path.append(positions[i])
        i = came[i]
    path.reverse()
    return path


def _blocked_test(tilemap: TileMap, blocked: Blocked) -> tuple[bytearray | None, Callable[[Pos], bool] | None]:
    """A set becomes a flat mask (1 = taken); a predicate is kept as it is."""
    if blocked is None:
        return None, None
    if isinstance(blocked, Set):
        if not blocked:
            return None, None
        mask = bytearray(tilemap.width * tilemap.height)
        w = tilemap.width
        for p in blocked:
            if tilemap.in_bounds(p):
                mask[p[1] * w + p[0]] = 1
        return mask, None
    return None, blocked


class DistanceMap:
    """Steps from the nearest source to every square (``None`` where unreachable)."""

    __slots__ = ("_steps", "tilemap")

    def __init__(self, tilemap: TileMap, steps: list[int]) -> None:
        self.tilemap = tilemap
        self._steps = steps  # flat; negative = unreachable (-1 never reached, -2 blocked)

    @property
    def steps(self) -> list[int]:
        """Per flat index, the distance (negative: unreachable; for a `LazyDistanceMap`, maybe not
        reached yet). The list itself, for hot loops: do not change it."""
        return self._steps

    def get(self, pos: Pos) -> int | None:
        if not self.tilemap.in_bounds(pos):
            return None
        d = self._steps[self.tilemap.index(pos)]
        return None if d < 0 else d

    def reachable(self) -> dict[Pos, int]:
        positions = self.tilemap.positions_by_index
        return {positions[i]: d for i, d in enumerate(self._steps) if d >= 0}

    @property
    def flat(self) -> tuple[int, ...]:
        """Per flat index, the distance or -1."""
        return tuple(s if s >= 0 else -1 for s in self._steps)


class LazyDistanceMap(DistanceMap):
    """A breadth-first flood from one goal that only grows as far as its readers need.

    `reach(index)` floods whole layers until that square is labelled or the flood is done (nothing
    left, or `max_distance` layers). After it, every square whose distance is at most the square's
    own is labelled exactly as `distance_map(..., max_distance=max_distance)` would label it; farther
    squares may still read as unreachable. A reader that only compares a square with neighbours
    that are nearer to the goal (`Brain.step_toward`) therefore decides exactly as with the full map.
    """

    __slots__ = ("_depth", "_frontier", "_graph", "_max")

    def __init__(self, tilemap: TileMap, goal: Pos, *, adjacency: int = 4, max_distance: int) -> None:
        steps = [-1] * (tilemap.width * tilemap.height)
        super().__init__(tilemap, steps)
        self._graph = tilemap.step_graph(adjacency)
        self._max = max_distance
        self._depth = 0
        self._frontier: list[int] = []
        if tilemap.in_bounds(goal):
            i = tilemap.index(goal)
            steps[i] = 0
            self._frontier.append(i)

    def reach(self, index: int) -> None:
        steps, graph, frontier, d = self._steps, self._graph, self._frontier, self._depth
        while steps[index] < 0 and frontier and d < self._max:
            d += 1
            nxt: list[int] = []
            for i in frontier:
                for j in graph[i]:
                    if steps[j] < 0:
                        steps[j] = d
                        nxt.append(j)
            frontier = nxt
        self._frontier, self._depth = frontier, d


def distance_map(
    tilemap: TileMap,
    sources: Iterable[Pos],
    *,
    adjacency: int = 4,
    blocked: Blocked = None,
    max_distance: int | None = None,
) -> DistanceMap:
    """Breadth-first distances from ``sources`` over passable, unblocked squares.

    One flood serves many movers heading for the same place (step to a neighbour with a smaller
    value) and measures how far apart rooms are. Sources are never checked against ``blocked``;
    an impassable source reaches nothing.
    """
    w = tilemap.width
    positions = tilemap.positions_by_index
    graph = tilemap.step_graph(adjacency)
    mask, predicate = _blocked_test(tilemap, blocked)
    steps = [-1] * (w * tilemap.height)
    frontier: list[int] = []
    for p in sources:
        if tilemap.in_bounds(p):
            i = p[1] * w + p[0]
            if steps[i] < 0:
                steps[i] = 0
                frontier.append(i)
    d = 0
    while frontier and (max_distance is None or d < max_distance):
        d += 1
        nxt: list[int] = []
        for i in frontier:
            for j in graph[i]:
                if steps[j] < 0:
                    if (mask is not None and mask[j]) or (predicate is not None and predicate(positions[j])):
                        steps[j] = -2  # blocked: never revisit, reported as unreachable
                        continue
                    steps[j] = d
                    nxt.append(j)
        frontier = nxt
    return DistanceMap(tilemap, steps)


def path_to_nearest(
    tilemap: TileMap,
    start: Pos,
    is_goal: Callable[[Pos], bool],
    *,
    adjacency: int = 4,
    blocked: Blocked = None,
    max_nodes: int = DEFAULT_MAX_NODES * 4,
) -> list[Pos] | None:
    """A shortest path from ``start`` to the nearest square where ``is_goal`` holds (breadth first): the
    squares after ``start``, ending with that square. ``[]`` if ``start`` itself is one; ``None`` if none is
    reachable over passable, unblocked squares within ``max_nodes`` squares. Ties go to the square found
    first (neighbours in the step graph's fixed order), so the same input always gives the same path."""
    if not tilemap.in_bounds(start):
        return None
    if is_goal(start):
        return []
    w = tilemap.width
    positions = tilemap.positions_by_index
    graph = tilemap.step_graph(adjacency)
    mask, predicate = _blocked_test(tilemap, blocked)
    s = start[1] * w + start[0]
    came = [-1] * (w * tilemap.height)
    came[s] = s
    frontier = [s]
    seen = 1
    while frontier and seen <= max_nodes:
        nxt: list[int] = []
        for i in frontier:
            for j in graph[i]:
                if came[j] != -1:
                    continue
                if (mask is not None and mask[j]) or (predicate is not None and predicate(positions[j])):
                    came[j] = -2
                    continue
                came[j] = i
                seen += 1
                if is_goal(positions[j]):
                    return _walk_back(came, positions, s, j)
                nxt.append(j)
        frontier = nxt
    return None
