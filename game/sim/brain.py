"""Actor AI: what each non-player actor intends this tick (SPEC §3, issue 3 "AI").

Perception is line of sight within a radius; the goal is to attack the nearest visible hostile, to
flee when badly hurt (by the creature's profile), or, for companions, to follow the leader and obey
orders. Paths come from distance maps shared per tick. Bout decisions go through `rules.ai`.
AIs decide from the state before the tick and never see the player's intent.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import cast

from game.sim.fov import line_of_sight
from game.sim.geometry import Direction, Pos, directions, manhattan
from game.sim.pathfinding import DistanceMap, LazyDistanceMap, distance_map
from game.sim.state import Actor, WorldState
from game.sim.tilemap import TileMap

SIGHT = 8
PATH_RADIUS = 16  # chases and following stay local; patrols walk the waypoints' route maps
CELL = SIGHT + 2
FEW_ACTORS = 24  # at most this many living actors: one cell for the whole map (see `_build_cells`)
SIGHT_CACHE_LIMIT = 200_000  # line-of-sight pairs kept across ticks (see `Brain.sees`)


COMPANION_REACH = 4  # a companion goes for a foe this close to him (manhattan) ...
COMPANION_LEASH = 4  # ... and for one who flees only within this many squares of the leader, in his sight

WAYPOINT_BLOCK = 8  # one patrol waypoint per 8x8 block of the map that has floor in it


@dataclass(slots=True)
class Patrol:
    """An actor's standing plan when no foe is in sight: walk to a waypoint (down its route map)."""

    goal: Pos
    stuck: int = 0


def waypoints(tilemap: TileMap) -> list[Pos]:
    """Patrol goals: in every WAYPOINT_BLOCK-square block holding passable squares, the passable
    square nearest the block's centre (ties: the first in reading order). Every room and corridor
    stretch of the map is within a few squares of one, and there are few enough of them that each
    one's route map (a full flood) is computed once per world and reused by every patrol."""
    best: dict[tuple[int, int], tuple[int, Pos]] = {}
    half = WAYPOINT_BLOCK // 2
    for p in tilemap.passable_positions():
        bx, by = p.x // WAYPOINT_BLOCK, p.y // WAYPOINT_BLOCK
        gap = abs(p.x - (bx * WAYPOINT_BLOCK + half)) + abs(p.y - (by * WAYPOINT_BLOCK + half))
        known = best.get((bx, by))
        if known is None or (gap, p.y, p.x) < (known[0], known[1].y, known[1].x):
            best[(bx, by)] = (gap, p)
    return sorted((p for _, p in best.values()), key=lambda p: (p.y, p.x))


def hurt_enough_to_flee(actor: Actor) -> bool:
    """The AI's rule for breaking off, by the creature's ``ai`` profile: a foe (never the party) whose
    share of his pool lost to pain or a lower ceiling reaches his `flee_threshold`, or who is down to
    HT 2. The one copy of the rule: the brain flees by it, the log tells a flight by it and the world
    counts a scenario's rout by it (`routed`)."""
    threshold = actor.flee_threshold
    if threshold is None or actor.party:
        return False
    f = actor.fighter
    full = f.sheet.level + f.reflex
    lost = max(f.pain, full - f.max_cp()) / max(1, full)
    return lost >= threshold or f.ht <= 2


def wounded(actor: Actor) -> bool:
    """Whether he carries any harm from a blow: pain, bleeding, health lost or a wound on him (a pool
    held down by a shield, a load or a knockdown alone is no harm)."""
    f = actor.fighter
    return f.pain > 0 or f.blood_loss > 0 or f.ht < f.sheet.attributes.HT or any(w.level > 0 for w in f.wounds)


def routed(actor: Actor) -> bool:
    """A foe beaten off the field: on his feet, hurt enough to flee by the AI's own rule and actually
    hurt (a foe told to flee at once, `flee_threshold` 0.0, is not routed while he is unhurt). A
    scenario whose every living foe is routed is won (`World._check_over`)."""
    return actor.alive and hurt_enough_to_flee(actor) and wounded(actor)


class Brain:
    """Per-tick AI helper: caches distance maps so many actors chasing one foe share one flood.

    The world keeps four things across ticks and hands them to each tick's Brain: `memory` (patrol
    plans, derived from the state and the `ai` stream only, so a replay rebuilds it exactly), `goals`
    (the patrol waypoints, fixed by the map), `sight` (line of sight between two squares, see `sees`)
    and `routes` (a full distance map to each waypoint). The last two depend only on the immutable
    tile map, so they never go stale; they change nothing but speed. `living` is this tick's list
    of the actors still in the fight when the world has it (see `WorldCore.living`); `quiet` (per
    actor, the last tick he surely has no hostile in reach) is kept across ticks too, see
    `visible_hostiles`."""

    def __init__(
        self,
        state: WorldState,
        memory: dict[str, Patrol] | None = None,
        goals: list[Pos] | None = None,
        sight: dict[int, bool] | None = None,
        routes: dict[Pos, DistanceMap] | None = None,
        living: list[Actor] | None = None,
        quiet: dict[str, int] | None = None,
    ) -> None:
        self.state = state
        self.living = living  # the actors still in the fight (`WorldCore.living`), if known
        self.goals = goals if goals is not None else waypoints(state.tilemap)
        self.routes: dict[Pos, DistanceMap] = {} if routes is None else routes
        self.adjacency = state.house_rules.adjacency
        self._maps: dict[Pos, LazyDistanceMap] = {}
        self._cells: dict[tuple[int, int, str], list[tuple[int, int, str, Actor]]] | None = None
        self._cell = CELL  # the cells' width this tick (set by `_build_cells`)
        self._factions: list[str] = []
        self._foe_factions: dict[str, list[str]] = {}
        self._around: dict[tuple[int, int, str], list[tuple[int, int, str, Actor]]] = {}
        self._seen: dict[str, list[Actor]] = {}
        self._far: dict[str, list[tuple[int, int]]] = {}  # per faction: its living hostiles' squares
        self.sight: dict[int, bool] = {} if sight is None else sight
        self._sums = state.tilemap.opaque_sums()  # see `sees`
        self._row = state.tilemap.width + 1
        self.memory: dict[str, Patrol] = {} if memory is None else memory
        self.quiet: dict[str, int] = {} if quiet is None else quiet  # see `visible_hostiles`

    def distances_to(self, goal: Pos) -> LazyDistanceMap:
        """Steps to `goal` (up to PATH_RADIUS), one flood per goal per tick; it grows only as far as
        its readers ask (`LazyDistanceMap.reach`)."""
        found = self._maps.get(goal)
        if found is None:
            found = LazyDistanceMap(self.state.tilemap, goal, adjacency=self.adjacency, max_distance=PATH_RADIUS)
            self._maps[goal] = found
        return found

    # ----- perception -----------------------------------------------------------------------------
    def sees(self, a: Pos, b: Pos) -> bool:
        """`line_of_sight(a, b)` for two squares on the map (actors' squares), through `self.sight`, a
        cache keyed by the unordered pair of squares.
        Sight depends on the two squares and the (immutable) tile map only, and it is symmetric, so
        an entry never goes stale: the world keeps the cache across ticks and only empties it when it
        grows past `SIGHT_CACHE_LIMIT` entries (which changes nothing but speed)."""
        ax, ay = a
        bx, by = b
        # `TileMap.clear_box`, inlined (a hot path): no wall in the box between them (open rooms,
        # arenas) means they see each other, with no cache entry needed; both squares are on the map
        x0, x1 = (ax, bx + 1) if ax <= bx else (bx, ax + 1)
        y0, y1 = (ay, by + 1) if ay <= by else (by, ay + 1)
        sums, row = self._sums, self._row
        if sums[y1 * row + x1] - sums[y0 * row + x1] - sums[y1 * row + x0] + sums[y0 * row + x0] == 0:
            return True
        tilemap = self.state.tilemap
        w = tilemap.width
        i, j = ay * w + ax, by * w + bx
        key = (i << 32 | j) if i < j else (j << 32 | i)
        cache = self.sight
        found = cache.get(key)
        if found is None:
            if len(cache) >= SIGHT_CACHE_LIMIT:
                cache.clear()
            found = cache[key] = line_of_sight(tilemap, a, b)
        return found

    def _build_cells(self) -> dict[tuple[int, int, str], list[tuple[int, int, str, Actor]]]:
        """Living actors bucketed by (cell x, cell y, faction), built once per tick (the Brain lives
        one tick: positions and deaths only change after every intent is decided). Cells are CELL
        squares wide; with FEW_ACTORS or fewer living actors one cell covers the whole map, so each
        faction's hostiles are gathered once and shared by all (scanning a few far actors costs less
        than a cell lookup per actor). Either way no hostile within reach is missed."""
        cells: dict[tuple[int, int, str], list[tuple[int, int, str, Actor]]] = {}
        factions: set[str] = set()
        living = [a for a in (self.state.actors.values() if self.living is None else self.living)
                  if not a.fighter.out_of_fight]
        cell = self._cell = CELL if len(living) > FEW_ACTORS else 1 << 30
        for a in living:
            x, y = a.pos
            cells.setdefault((x // cell, y // cell, a.faction), []).append((x, y, a.id, a))
            factions.add(a.faction)
        self._cells = cells
        self._factions = sorted(factions)
        return cells

    def _hostiles_around(self, cx: int, cy: int, faction: str) -> list[tuple[int, int, str, Actor]]:
        """Living actors hostile to `faction` in the 3x3 cells around cell (cx, cy); built once per
        cell and faction per tick (the actors of a group share it)."""
        key = (cx, cy, faction)
        found = self._around.get(key)
        if found is None:
            cells = self._cells if self._cells is not None else self._build_cells()
            foes = self._foes_of(faction)
            found = []
            for foe in foes:
                for kx in (cx - 1, cx, cx + 1):
                    for ky in (cy - 1, cy, cy + 1):
                        bucket = cells.get((kx, ky, foe))
                        if bucket is not None:
                            found += bucket
            self._around[key] = found
        return found

    def visible_hostiles(self, actor: Actor, limit: int = 3) -> list[Actor]:
        """The nearest hostiles he can see (at most `limit`), nearest first; cached for the tick.
        Candidates are living hostiles within Manhattan distance SIGHT + 2 found in the 3x3 grid cells
        around him (cells are SIGHT + 2 wide, so none is missed), ordered by (distance, id).

        `quiet` (kept by the world across ticks) skips the scan: when no hostile is within reach,
        the nearest one's distance D bounds how soon one can be (each of the two moves at most
        `_CLOSING[adjacency]` / 2 Manhattan squares a tick: a step and a bonus square), so he is
        marked quiet, with none in reach, up to tick `state.tick + (D - reach - 1) // closing`.
        Nothing else brings a hostile nearer: the cast and the relations are fixed and the fallen
        only drop out. With none in the 3x3 cells either, D is measured over every living hostile."""
        cached = self._seen.get(actor.id)
        if cached is not None:
            return cached
        now = self.state.tick
        if self.quiet.get(actor.id, -1) >= now:
            out: list[Actor] = []
            self._seen[actor.id] = out
            return out
        x, y = actor.pos
        reach = SIGHT + 2
        candidates: list[tuple[int, str, Actor]] = []
        if self._cells is None:
            self._build_cells()
        cell = self._cell
        nearest = 1 << 30 if cell != CELL else reach + 1  # one cell covers every living hostile
        for ox, oy, oid, other in self._hostiles_around(x // cell, y // cell, actor.faction):
            dist = (ox - x if ox >= x else x - ox) + (oy - y if oy >= y else y - oy)
            if dist <= reach:
                candidates.append((dist, oid, other))
            elif dist < nearest:
                nearest = dist
        if not candidates:
            if cell == CELL:  # the 3x3 cells only say "beyond reach": measure the nearest anywhere
                nearest = self._nearest_hostile(x, y, actor.faction)
            self.quiet[actor.id] = now + (nearest - reach - 1) // _CLOSING[self.adjacency]
        out = []
        if candidates:
            candidates.sort(key=_by_distance_then_id)
            sees = self.sees
            here = actor.pos
            for _, _, other in candidates:
                if sees(here, other.pos):
                    out.append(other)
                    if len(out) >= limit:
                        break
        self._seen[actor.id] = out
        return out

    def _nearest_hostile(self, x: int, y: int, faction: str) -> int:
        """Manhattan distance to the nearest living hostile of `faction` anywhere (1 << 30: none). The
        hostiles' squares are gathered once per faction per tick."""
        squares = self._far.get(faction)
        if squares is None:
            cells = self._cells if self._cells is not None else self._build_cells()
            foes = set(self._foes_of(faction))
            squares = self._far[faction] = [(ox, oy) for (_, _, f), bucket in cells.items() if f in foes
                                            for ox, oy, _, _ in bucket]
        return min((abs(ox - x) + abs(oy - y) for ox, oy in squares), default=1 << 30)

    def _foes_of(self, faction: str) -> list[str]:
        """The factions hostile to `faction` among the living this tick."""
        foes = self._foe_factions.get(faction)
        if foes is None:
            if self._cells is None:
                self._build_cells()
            hostile = self.state.factions_hostile
            foes = self._foe_factions[faction] = [f for f in self._factions if hostile(faction, f)]
        return foes

    def hurt_enough_to_flee(self, actor: Actor) -> bool:
        """The AI's rule for breaking off (`hurt_enough_to_flee`, the one copy of it)."""
        return hurt_enough_to_flee(actor)

    # ----- steps ----------------------------------------------------------------------------------
    def step_toward(self, actor: Actor, goal: Pos, allow_bump: bool = False) -> Direction | None:
        """A step that brings him closer: straight at the goal when a free square does (open ground),
        else along the shortest path (a distance map shared by everyone heading there this tick).
        Ties go to the first direction in `directions(adjacency)` order."""
        tilemap = self.state.tilemap
        w, h, passable = tilemap.width, tilemap.height, tilemap.passable_mask
        occupied = cast("dict[tuple[int, int], str]", self.state.occupancy)  # a Pos hashes as its tuple
        x, y = actor.pos
        gx, gy = goal
        here_gap = abs(x - gx) + abs(y - gy)
        if here_gap <= SIGHT and self.sees(actor.pos, goal):
            best_gap, best_dir = here_gap, None
            for d, dx, dy in _STEPS[self.adjacency]:
                nx, ny = x + dx, y + dy
                gap = (nx - gx if nx >= gx else gx - nx) + (ny - gy if ny >= gy else gy - ny)
                if gap >= best_gap or not (0 <= nx < w and 0 <= ny < h and passable[ny * w + nx]):
                    continue
                if (nx, ny) in occupied and not (allow_bump and gap == 0):
                    continue
                best_gap, best_dir = gap, d
            if best_dir is not None:
                return best_dir
        dmap = self.distances_to(goal)
        dmap.reach(y * w + x)
        steps = dmap.steps
        here = steps[y * w + x]
        best_dist, best = (here if here >= 0 else 1 << 30), None
        for d, dx, dy in _STEPS[self.adjacency]:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h):
                continue
            dist = steps[ny * w + nx]
            if dist < 0 or dist >= best_dist:
                continue
            free = passable[ny * w + nx] == 1 and (nx, ny) not in occupied
            if not free and not (allow_bump and nx == gx and ny == gy):
                continue
            best_dist, best = dist, d
        return best

    def step_away(self, actor: Actor, threats: list[Actor]) -> Direction | None:
        """The free step that leaves the nearest threat farthest away (ties: the first direction),
        or None when no step gains distance."""
        tilemap = self.state.tilemap
        w, h, passable = tilemap.width, tilemap.height, tilemap.passable_mask
        occupied = cast("dict[tuple[int, int], str]", self.state.occupancy)  # a Pos hashes as its tuple
        spots = [t.pos for t in threats]
        x, y = actor.pos
        best_gap, best = -1, None
        for d, dx, dy in _STEPS[self.adjacency]:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h and passable[ny * w + nx]) or (nx, ny) in occupied:
                continue
            gap = min(abs(nx - tx) + abs(ny - ty) for tx, ty in spots)
            if gap > best_gap:
                best_gap, best = gap, d
        if best is None or best_gap <= min(abs(x - tx) + abs(y - ty) for tx, ty in spots):
            return None
        return best

    def ranged_intent(self, actor: Actor, tick: int) -> tuple[str, str] | None:
        """A shooter with a foe in sight but not next to him aims (up to 3 ticks when the foe is far)
        and shoots; a foe within 3 squares gets a quick shot."""
        if actor.missile is None or actor.planned or hurt_enough_to_flee(actor):
            return None
        seen = self.visible_hostiles(actor)
        if not seen or manhattan(actor.pos, seen[0].pos) <= 1:
            return None
        foe = seen[0]
        if tick < actor.ready_tick:
            return ("aim", foe.id)
        aimed = actor.aim_ticks if actor.aim_target == foe.id and actor.aim_tick == tick - 1 else 0
        if aimed >= 3 or manhattan(actor.pos, foe.pos) <= 3:
            return ("shoot", foe.id)
        return ("aim", foe.id)

    def step_intent(
        self, actor: Actor, engaged: bool, orientation: str | None = None, foe: Actor | None = None
    ) -> Direction | None:
        """The actor's step this tick: a direction (move or bump) or None (wait). An engaged fighter
        at `s0` who chose Aggressive bumps his foe (and so chases him if he steps away); others hold
        their ground."""
        if actor.planned:
            return actor.planned_dir
        if hurt_enough_to_flee(actor):
            threats = self.visible_hostiles(actor)
            if threats:
                return self.step_away(actor, threats)
        if engaged:
            if orientation == "aggressive" and foe is not None:
                return _direction_between(actor.pos, foe.pos)
            return None
        hostiles = self.visible_hostiles(actor)
        if actor.party and not actor.leader:
            return self._companion_step(actor, hostiles)
        if hostiles:
            self.memory.pop(actor.id, None)
            foe = hostiles[0]
            if manhattan(actor.pos, foe.pos) == 1:
                return None  # adjacent to a foe busy in another bout: wait for its round to end
            return self.step_toward(actor, foe.pos, allow_bump=True)
        return self.patrol(actor)

    def patrol(self, actor: Actor) -> Direction | None:
        """No foe in sight: walk to a waypoint picked from the `ai` stream, then pick another. The
        step is the first free one (in `directions` order) down the waypoint's route map, so a
        patroller goes around whoever blocks the way when there is a way round; after more than 3
        blocked ticks he picks a new waypoint."""
        state = self.state
        plan = self.memory.get(actor.id)
        if plan is None or plan.goal == actor.pos or plan.stuck > 3:
            goal = self.goals[state.ai.randint(0, len(self.goals) - 1)]
            plan = Patrol(goal)
            self.memory[actor.id] = plan
            if goal == actor.pos:
                return None
        route = self.routes.get(plan.goal)
        if route is None:
            route = self.routes[plan.goal] = distance_map(state.tilemap, [plan.goal], adjacency=self.adjacency)
        tilemap = state.tilemap
        w, h, passable = tilemap.width, tilemap.height, tilemap.passable_mask
        occupied = cast("dict[tuple[int, int], str]", state.occupancy)  # a Pos hashes as its tuple
        steps = route.steps
        x, y = actor.pos
        i = y * w + x
        here = steps[i]
        best_dist, best = (here if here >= 0 else 0), None  # unreachable goal: no step, soon a new one
        if self.adjacency == 4 and w > 1:  # (on a one-square-wide map N and W would share an offset)
            # the map's step graph lists the passable neighbours in N, E, S, W order (= directions(4))
            positions, toward = tilemap.positions_by_index, _ORTHOGONAL_BY_OFFSET[w]
            for j in tilemap.step_graph(4)[i]:
                dist = steps[j]
                if 0 <= dist < best_dist and positions[j] not in occupied:
                    best_dist, best = dist, toward[j - i]
        else:
            for d, dx, dy in _STEPS[self.adjacency]:
                nx, ny = x + dx, y + dy
                if not (0 <= nx < w and 0 <= ny < h):
                    continue
                dist = steps[ny * w + nx]
                if 0 <= dist < best_dist and passable[ny * w + nx] and (nx, ny) not in occupied:
                    best_dist, best = dist, d
        if best is None:
            plan.stuck += 1
            return None
        plan.stuck = 0
        return best

    def _companion_step(self, actor: Actor, hostiles: list[Actor]) -> Direction | None:
        state = self.state
        leader = state.actors.get(state.leader)
        if actor.order == "hold":
            return None
        if actor.order == "move_to" and actor.order_at is not None:
            return None if actor.pos == actor.order_at else self.step_toward(actor, actor.order_at)
        if actor.order == "attack" and actor.order_target in state.actors:
            foe = state.actors[actor.order_target]
            if foe.alive:
                return self.step_toward(actor, foe.pos, allow_bump=True)
        near = [h for h in hostiles
                if manhattan(actor.pos, h.pos) <= COMPANION_REACH and self._at_leaders_side(h, leader)]
        if not near and leader is not None and leader.alive:
            near = self._leaders_foes(actor, leader)  # (out of his sight, round a corner: he knows of them)
        if near and manhattan(actor.pos, near[0].pos) > 1:
            step = self.step_round(actor, near[0].pos)  # round whoever stands in the way, where there is a way
            return step if step is not None else self.step_toward(actor, near[0].pos, allow_bump=True)
        if leader is not None and leader.alive and manhattan(actor.pos, leader.pos) > 2:
            return self.step_toward(actor, leader.pos)
        return None

    def _at_leaders_side(self, foe: Actor, leader: Actor | None) -> bool:
        """Whether a companion goes for `foe`: one who stands his ground, yes; one who flees only while he is
        within `COMPANION_LEASH` squares of the leader and in his sight (chasing fleeing giant rats across
        the level into the unknown left the AI leader to fight alone, docs/run.md); with no leader, yes."""
        if leader is None or not leader.alive or not hurt_enough_to_flee(foe):
            return True
        return manhattan(foe.pos, leader.pos) <= COMPANION_LEASH and self.sees(leader.pos, foe.pos)

    def _leaders_foes(self, actor: Actor, leader: Actor) -> list[Actor]:
        """The foes fighting in the leader's bout, nearest to `actor` first (his companion comes to his
        aid, seen or not, within `PATH_RADIUS`)."""
        bout = self.state.bout_of(leader.id)
        if bout is None:
            return []
        actors, hostile = self.state.actors, self.state.hostile
        foes = [(manhattan(actor.pos, f.pos), f.id, f) for m in bout.members
                if (f := actors[m]).alive and not f.fighter.out_of_fight and hostile(actor.id, m)
                and manhattan(actor.pos, f.pos) <= PATH_RADIUS]
        return [f for _d, _id, f in sorted(foes, key=_by_distance_then_id)]

    def step_round(self, actor: Actor, goal: Pos) -> Direction | None:
        """A step on the shortest way to a free square beside `goal` that goes round everyone standing (the
        plain route maps go through them, so a companion behind the leader in a corridor stood there, or
        stepped to and fro, while the fight went on ahead): the way round a loop, if there is one within
        `PATH_RADIUS`; None when there is none (or he is beside `goal` already)."""
        state = self.state
        tilemap = state.tilemap
        occupied = {p for p in state.occupancy if p != actor.pos}
        sources = [n for d in directions(self.adjacency)
                   if tilemap.in_bounds(n := goal.step(d)) and tilemap.passable(n) and n not in occupied]
        if not sources:
            return None
        route = distance_map(tilemap, sources, adjacency=self.adjacency, blocked=occupied, max_distance=PATH_RADIUS)
        w = tilemap.width
        here = route.steps[actor.pos.y * w + actor.pos.x]
        if here <= 0:
            return None
        for d in directions(self.adjacency):
            n = actor.pos.step(d)
            if tilemap.in_bounds(n) and n not in occupied and route.steps[n.y * w + n.x] == here - 1:
                return d
        return None

    def follows(self, actor: Actor, fled: Actor | None) -> bool:
        """A bumper whose square was vacated: chase a hostile that stepped away, follow an ally."""
        if fled is None:
            return True
        if not self.state.hostile(actor.id, fled.id):
            return True
        return not hurt_enough_to_flee(actor)


def _direction_between(a: Pos, b: Pos) -> Direction | None:
    dx, dy = b.x - a.x, b.y - a.y
    for d in Direction:
        if (d.dx, d.dy) == (dx, dy):
            return d
    return None


_by_distance_then_id = itemgetter(0, 1)
# How much nearer two actors can get in one tick (Manhattan): each takes at most a step and a bonus
# square, and a diagonal step (8-way adjacency) counts two.
_CLOSING = {4: 4, 8: 8}


class _OrthogonalByOffset(dict[int, dict[int, Direction]]):
    """Per map width: the orthogonal direction of each flat-index offset (-width: N, 1: E, ...)."""

    def __missing__(self, width: int) -> dict[int, Direction]:
        found = self[width] = {d.dy * width + d.dx: d for d in directions(4)}
        return found


_ORTHOGONAL_BY_OFFSET = _OrthogonalByOffset()
_STEPS: dict[int, tuple[tuple[Direction, int, int], ...]] = {
    n: tuple((d, d.dx, d.dy) for d in directions(n)) for n in (4, 8)
}
