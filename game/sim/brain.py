"""Actor AI: what each non-player actor intends this tick (SPEC §3, issue 3 "AI").

Perception is line of sight within a radius; the goal is to attack the nearest visible hostile, to
flee when badly hurt (by the creature's profile), or, for companions, to follow the leader and obey
orders. Paths come from distance maps shared per tick. Bout decisions go through `rules.ai`.
AIs decide from the state before the tick and never see the player's intent.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.sim.fov import line_of_sight
from game.sim.geometry import Direction, Pos, directions, manhattan
from game.sim.pathfinding import DistanceMap, distance_map, find_path
from game.sim.state import Actor, WorldState

SIGHT = 8
PATH_RADIUS = 16  # chases and following stay local; longer walks use A* patrol paths
CELL = SIGHT + 2


@dataclass(slots=True)
class Patrol:
    """An actor's standing plan when no foe is in sight: walk a path to a goal square."""

    goal: Pos
    path: list[Pos]
    stuck: int = 0


class Brain:
    """Per-tick AI helper: caches distance maps so many actors chasing one foe share one flood.
    `memory` (patrol plans) lives in the world and outlasts the tick; it is derived from the state and
    the `ai` stream only, so a replay rebuilds it exactly."""

    def __init__(
        self, state: WorldState, memory: dict[str, Patrol] | None = None, squares: list[Pos] | None = None
    ) -> None:
        self.state = state
        self.squares = squares if squares is not None else list(state.tilemap.passable_positions())
        self.adjacency = state.house_rules.adjacency
        self._maps: dict[Pos, DistanceMap] = {}
        self._cells: dict[tuple[int, int, str], list[Actor]] | None = None
        self._factions: list[str] = []
        self._foe_factions: dict[str, list[str]] = {}
        self._seen: dict[str, list[Actor]] = {}
        self._sight: dict[tuple[str, str], bool] = {}
        self.memory: dict[str, Patrol] = {} if memory is None else memory

    def distances_to(self, goal: Pos) -> DistanceMap:
        found = self._maps.get(goal)
        if found is None:
            found = distance_map(self.state.tilemap, [goal], adjacency=self.adjacency, max_distance=PATH_RADIUS)
            self._maps[goal] = found
        return found

    # ----- perception -----------------------------------------------------------------------------
    def _near_hostiles(self, actor: Actor) -> Iterator[Actor]:
        """Living actors of factions hostile to his, in the grid cells around him (a coarse filter
        before line of sight)."""
        if self._cells is None:
            cells: dict[tuple[int, int, str], list[Actor]] = {}
            for a in self.state.actors.values():
                if a.alive:
                    cells.setdefault((a.pos.x // CELL, a.pos.y // CELL, a.faction), []).append(a)
            self._cells = cells
            self._factions = sorted({a.faction for a in self.state.actors.values()})
        foes = self._foe_factions.get(actor.faction)
        if foes is None:
            relations = self.state.relations
            foes = [f for f in self._factions if relations.hostile(actor.faction, f)]
            self._foe_factions[actor.faction] = foes
        cx, cy = actor.pos.x // CELL, actor.pos.y // CELL
        cells = self._cells
        for faction in foes:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    yield from cells.get((cx + dx, cy + dy, faction), ())

    def visible_hostiles(self, actor: Actor, limit: int = 3) -> list[Actor]:
        """The nearest hostiles he can see (at most `limit`), nearest first; cached for the tick."""
        cached = self._seen.get(actor.id)
        if cached is not None:
            return cached
        state = self.state
        x, y = actor.pos
        candidates = []
        for other in self._near_hostiles(actor):
            ox, oy = other.pos
            dist = abs(ox - x) + abs(oy - y)
            if dist <= SIGHT + 2:
                candidates.append((dist, other.id, other))
        candidates.sort(key=lambda c: (c[0], c[1]))
        out: list[Actor] = []
        seen = self._sight
        for _, _, other in candidates:
            key = (actor.id, other.id) if actor.id < other.id else (other.id, actor.id)
            visible = seen.get(key)
            if visible is None:  # sight is symmetric: one check serves both of them this tick
                visible = seen[key] = line_of_sight(state.tilemap, actor.pos, other.pos)
            if visible:
                out.append(other)
                if len(out) >= limit:
                    break
        self._seen[actor.id] = out
        return out

    def hurt_enough_to_flee(self, actor: Actor) -> bool:
        threshold = actor.flee_threshold
        if threshold is None or actor.party:
            return False
        f = actor.fighter
        full = f.sheet.level + f.reflex
        lost = max(f.pain, full - f.max_cp()) / max(1, full)
        return lost >= threshold or f.ht <= 2

    # ----- steps ----------------------------------------------------------------------------------
    def _free(self, pos: Pos) -> bool:
        return self.state.tilemap.passable(pos) and pos not in self.state.occupancy

    def _neighbours(self, pos: Pos) -> Iterator[tuple[Direction, Pos]]:
        for d in directions(self.adjacency):
            yield d, pos.step(d)

    def step_toward(self, actor: Actor, goal: Pos, allow_bump: bool = False) -> Direction | None:
        """A step that brings him closer: straight at the goal when a free square does (open ground),
        else along the shortest path (a distance map shared by everyone heading there this tick)."""
        here_gap = manhattan(actor.pos, goal)
        if here_gap <= SIGHT and line_of_sight(self.state.tilemap, actor.pos, goal):
            best_greedy: tuple[int, int, Direction] | None = None
            for order, (d, nxt) in enumerate(self._neighbours(actor.pos)):
                gap = manhattan(nxt, goal)
                if gap >= here_gap:
                    continue
                if not (self._free(nxt) or (nxt == goal and allow_bump and self.state.tilemap.passable(nxt))):
                    continue
                if best_greedy is None or (gap, order) < (best_greedy[0], best_greedy[1]):
                    best_greedy = (gap, order, d)
            if best_greedy is not None:
                return best_greedy[2]
        dmap = self.distances_to(goal)
        here = dmap.get(actor.pos)
        best: tuple[int, int, Direction] | None = None
        for order, (d, nxt) in enumerate(self._neighbours(actor.pos)):
            dist = dmap.get(nxt)
            if dist is None:
                continue
            if nxt != goal and not self._free(nxt):
                continue
            if nxt == goal and not allow_bump and not self._free(nxt):
                continue
            if here is not None and dist >= here:
                continue
            if best is None or (dist, order) < (best[0], best[1]):
                best = (dist, order, d)
        return None if best is None else best[2]

    def step_away(self, actor: Actor, threats: list[Actor]) -> Direction | None:
        best: tuple[int, int, Direction] | None = None
        for order, (d, nxt) in enumerate(self._neighbours(actor.pos)):
            if not self._free(nxt):
                continue
            gap = min(manhattan(nxt, t.pos) for t in threats)
            if best is None or (-gap, order) < (-best[0], best[1]):
                best = (gap, order, d)
        if best is None or best[0] <= min(manhattan(actor.pos, t.pos) for t in threats):
            return None
        return best[2]

    def ranged_intent(self, actor: Actor, tick: int) -> tuple[str, str] | None:
        """A shooter with a foe in sight but not next to him aims (up to 3 ticks when the foe is far)
        and shoots; a foe within 3 squares gets a quick shot."""
        if actor.missile is None or actor.planned or self.hurt_enough_to_flee(actor):
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
        if self.hurt_enough_to_flee(actor):
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
        """No foe in sight: walk to a goal picked from the `ai` stream, then pick another."""
        state = self.state
        plan = self.memory.get(actor.id)
        if plan is not None and plan.path and plan.path[0] == actor.pos:
            plan.path.pop(0)
        if plan is None or not plan.path or plan.stuck > 3:
            goal = self.squares[state.ai.randint(0, len(self.squares) - 1)]
            path = find_path(state.tilemap, actor.pos, goal, adjacency=self.adjacency, max_nodes=3000)
            plan = Patrol(goal, path or [])
            self.memory[actor.id] = plan
            if not plan.path:
                return None
        nxt = plan.path[0]
        if not self._free(nxt):
            plan.stuck += 1
            return None
        plan.stuck = 0
        return _direction_between(actor.pos, nxt)

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
        near = [h for h in hostiles if manhattan(actor.pos, h.pos) <= 4]
        if near and manhattan(actor.pos, near[0].pos) > 1:
            return self.step_toward(actor, near[0].pos, allow_bump=True)
        if leader is not None and leader.alive and manhattan(actor.pos, leader.pos) > 2:
            return self.step_toward(actor, leader.pos)
        return None

    def follows(self, actor: Actor, fled: Actor | None) -> bool:
        """A bumper whose square was vacated: chase a hostile that stepped away, follow an ally."""
        if fled is None:
            return True
        if not self.state.hostile(actor.id, fled.id):
            return True
        return not self.hurt_enough_to_flee(actor)


def _direction_between(a: Pos, b: Pos) -> Direction | None:
    dx, dy = b.x - a.x, b.y - a.y
    for d in Direction:
        if (d.dx, d.dy) == (dx, dy):
            return d
    return None
