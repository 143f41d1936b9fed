"""Travel by click and auto-explore (issue 11): the route the leader walks, one ordinary step a tick.

A :class:`Travel` is a goal (a square the player clicked, or "the nearest unexplored square") and the route to
it over the squares the party has seen (``MapRender.seen``), around the actors it can see (companions are
stepped into: that swaps). :meth:`Travel.next_step` gives the next step's direction, or why the walk stops:
a hostile came into view, a fight started, the way is blocked, the goal is reached, nothing is left to
explore. The view sends each step as the same ``Step`` command a key would (``game.view.modes.TravelMode``),
so a recording of a walk is a recording of steps and replays unchanged. Nothing here changes the world.

Foes in sight (issue 11: a fleeing bandit blocked exploring for good): exploring goes on when every foe in
sight flees (``player_view.flees``: he is left be, and the walk stops if one of them turns to fight); a foe
who stands his ground stops it, and the player is told how to go at him instead: a *chase*
(:meth:`Travel.start` with ``chase``) walks toward the nearest foe in sight, route replanned every tick as
he moves, its last step the bump into him that starts the fight. A foe who comes into view during any walk
stops it, unless he flees: he is left be like the fleeing foes in sight at the start (a wounded bandit running
about at the edge of sight stopped a chase after another foe again and again).
"""

from __future__ import annotations

from collections.abc import Callable, Set
from dataclasses import dataclass, field

from game.sim.geometry import Direction, Pos
from game.sim.pathfinding import find_path, path_to_nearest
from game.sim.player_view import flees
from game.sim.state import WorldState
from game.sim.tilemap import Tile

STAIRS = frozenset({Tile.STAIRS_DOWN, Tile.STAIRS_UP})
MAX_STALLS = 2  # ticks without progress (a blocked step, a companion in the way) before the walk stops


@dataclass(frozen=True, slots=True)
class Stop:
    """Why a walk ends: ``reason`` (``arrived``, ``explored``, ``foe``, ``fight``, ``blocked``, ``unknown``,
    ``lost``: the chased foe out of sight, ``nofoe``: no foe to chase) and a line for the player."""

    reason: str
    message: str

    def log_line(self) -> str | None:
        """The combat log's line for the stop, which stays when the toast fades ("You stop: Goblin comes into
        view."); None for one the player made himself (a key, a click)."""
        if self.reason in ("key", "click"):
            return None
        if self.reason == "arrived":
            return "You arrive."
        if self.reason == "fight":
            return "You stop: a fight begins."
        return f"You stop: {self.message.split(': ', 1)[-1]}."


def visible_foes(state: WorldState, visible: Set[Pos]) -> frozenset[str]:
    """The living hostiles of the leader standing where he can see."""
    leader = state.leader
    return frozenset(a.id for a in state.actors.values()
                     if a.alive and a.pos in visible and state.hostile(leader, a.id))


def _blocked(state: WorldState, seen: Set[Pos], visible: Set[Pos], goal: Pos | None = None) -> Callable[[Pos], bool]:
    """Squares a route may not cross: never seen, stairs that are not its ``goal`` (a step onto stairs takes
    them: exploring from the stairs a party arrived by went up and down between two depths), or taken by
    someone the party can see who is not one of its own (a companion is swapped with)."""
    at = state.occupancy
    tm = state.tilemap

    def blocked(p: Pos) -> bool:
        if p not in seen:
            return True
        if p != goal and tm.tile_at(p) in STAIRS:
            return True
        who = at.get(p)
        if who is None or p not in visible:
            return False
        actor = state.actors.get(who)
        return actor is not None and actor.alive and not actor.party
    return blocked


def frontier(state: WorldState, seen: Set[Pos]) -> Callable[[Pos], bool]:
    """A seen, passable square next to one never seen: where exploring goes next."""
    tm = state.tilemap

    def unexplored_beside(p: Pos) -> bool:
        if p not in seen or not tm.passable(p):
            return False
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                q = Pos(p.x + dx, p.y + dy)
                if (dx or dy) and tm.in_bounds(q) and q not in seen:
                    return True
        return False
    return unexplored_beside


def route_to(state: WorldState, seen: Set[Pos], visible: Set[Pos], goal: Pos) -> list[Pos] | None:
    """The leader's route to ``goal`` over seen squares (``None``: no such route)."""
    if goal not in seen or not state.tilemap.passable(goal):
        return None
    start = state.actors[state.leader].pos
    return find_path(state.tilemap, start, goal, adjacency=state.house_rules.adjacency,
                     blocked=_blocked(state, seen, visible, goal),
                     max_nodes=state.tilemap.width * state.tilemap.height)


def chase_route(state: WorldState, seen: Set[Pos], visible: Set[Pos], foes: Set[str]) -> list[Pos] | None:
    """The leader's route to the nearest of ``foes`` (ending on his square: the bump), or ``None``."""
    start = state.actors[state.leader].pos
    targets = {state.actors[f].pos for f in foes}
    tm = state.tilemap
    blocked = _blocked(state, seen, visible)
    return path_to_nearest(tm, start, lambda p: p in targets, adjacency=state.house_rules.adjacency,
                           blocked=lambda p: p not in targets and blocked(p), max_nodes=tm.width * tm.height)


def explore_route(state: WorldState, seen: Set[Pos], visible: Set[Pos]) -> list[Pos] | None:
    """The leader's route to the nearest seen square beside an unexplored one (``None``: none is left)."""
    start = state.actors[state.leader].pos
    tm = state.tilemap
    beside = frontier(state, seen)
    return path_to_nearest(tm, start, lambda p: p != start and beside(p), adjacency=state.house_rules.adjacency,
                           blocked=_blocked(state, seen, visible), max_nodes=tm.width * tm.height)


@dataclass(slots=True)
class Travel:
    """One walk: to ``goal`` (a clicked square), with ``explore`` from unexplored square to unexplored square
    until none is left, or, with ``chase``, after that foe. ``known_foes``: the hostiles in sight when it
    started (a new one stops it, unless he comes into view fleeing: he is then left be, as ``left_be``)."""

    goal: Pos | None
    explore: bool
    known_foes: frozenset[str]
    path: list[Pos] = field(default_factory=list)
    stalls: int = 0
    last: Pos | None = None  # where the leader stood when the last step was sent
    steps: int = 0
    chase: str | None = None
    left_be: tuple[str, ...] = ()  # the fleeing foes left be: in sight at an exploring start, or come into view

    @classmethod
    def start(cls, state: WorldState, seen: Set[Pos], visible: Set[Pos], goal: Pos | None,
              chase: bool = False) -> Travel | Stop:
        """A walk to ``goal`` (``None``: explore; ``chase``: after the nearest foe in sight), or why it
        cannot start."""
        foes = visible_foes(state, visible)
        if chase:
            return cls._chase(state, seen, visible, foes)
        left_be: tuple[str, ...] = ()
        if goal is None:
            standing = sorted(state.actors[f].name for f in foes if not flees(state, f))
            if standing:
                return Stop("foe", f"{standing[0]} is in sight: no exploring now")
            left_be = tuple(sorted(foes))
            path = explore_route(state, seen, visible)
            if path is None or not path:
                return Stop("explored", "Nothing left to explore here")
        else:
            if goal not in seen:
                return Stop("unknown", "You have not seen that square yet")
            if not state.tilemap.passable(goal):
                return Stop("blocked", "You cannot stand there")
            path = route_to(state, seen, visible, goal)
            if path is None:
                return Stop("blocked", "No known way there")
            if not path:
                return Stop("arrived", "You are there")
        return cls(goal, goal is None, foes, path, left_be=left_be)

    @classmethod
    def _chase(cls, state: WorldState, seen: Set[Pos], visible: Set[Pos], foes: frozenset[str]) -> Travel | Stop:
        if not foes:
            return Stop("nofoe", "No foe in sight to go at")
        path = chase_route(state, seen, visible, foes)
        if not path:
            return Stop("blocked", "No known way to a foe in sight")
        target = state.at(path[-1])
        assert target is not None
        return cls(None, False, foes, path, chase=target.id)

    def next_step(self, state: WorldState, seen: Set[Pos], visible: Set[Pos], in_fight: bool) -> Direction | Stop:
        """The next step, or why the walk ends now. Call once per tick, before sending the step."""
        leader = state.actors[state.leader]
        if in_fight or not leader.alive:
            return Stop("fight", "Stopped: a fight")
        new = visible_foes(state, visible) - self.known_foes
        fleeing = frozenset(f for f in new if flees(state, f))
        if fleeing:  # a foe who comes into view running is left be as one in sight at the start, until he turns
            self.known_foes |= fleeing
            self.left_be += tuple(sorted(fleeing))
            new -= fleeing
        if new:
            name = min(state.actors[f].name for f in new)
            return Stop("foe", f"Stopped: {name} comes into view")
        turned = sorted(state.actors[f].name for f in self.left_be
                        if f in state.actors and state.actors[f].alive and state.actors[f].pos in visible
                        and not flees(state, f))
        if turned:
            return Stop("foe", f"Stopped: {turned[0]} turns to fight")
        here = leader.pos
        if self.chase is not None:
            return self._chase_step(state, seen, visible, here)
        if self.last is not None:
            self.stalls = self.stalls + 1 if here == self.last else 0
            if self.stalls >= MAX_STALLS:
                return Stop("blocked", "Stopped: the way is blocked")
        if self.path and self.path[0] == here:
            self.path.pop(0)
        if not self.explore and here == self.goal:
            return Stop("arrived", "Arrived")
        if not self._on_route(state, seen, visible, here):
            self.path = self._replan(state, seen, visible) or []
            if not self.path:
                if self.explore:
                    return Stop("explored", "Explored: nothing left to explore here")
                return Stop("blocked", "Stopped: no known way on")
        nxt = self.path[0]
        self.last = here
        self.steps += 1
        return Direction.from_delta(nxt.x - here.x, nxt.y - here.y)

    def _chase_step(self, state: WorldState, seen: Set[Pos], visible: Set[Pos], here: Pos) -> Direction | Stop:
        """After the chased foe: the route to where he stands now (he moves), the last step the bump."""
        assert self.chase is not None
        foe = state.actors.get(self.chase)
        if foe is None or not foe.alive:
            return Stop("arrived", "Your foe is down")
        if foe.pos not in visible:
            return Stop("lost", f"Stopped: you lost sight of {foe.name}")
        if self.last is not None:
            self.stalls = self.stalls + 1 if here == self.last else 0
            if self.stalls >= MAX_STALLS:
                return Stop("blocked", "Stopped: the way is blocked")
        path = chase_route(state, seen, visible, {self.chase})
        if not path:
            return Stop("blocked", f"Stopped: no known way to {foe.name}")
        self.path = path
        self.last = here
        self.steps += 1
        nxt = path[0]
        return Direction.from_delta(nxt.x - here.x, nxt.y - here.y)

    def _on_route(self, state: WorldState, seen: Set[Pos], visible: Set[Pos], here: Pos) -> bool:
        """The route still starts beside the leader, its next square is free, and (exploring) it still ends
        beside something unexplored."""
        if not self.path:
            return False
        nxt = self.path[0]
        if max(abs(nxt.x - here.x), abs(nxt.y - here.y)) != 1 or _blocked(state, seen, visible)(nxt):
            return False
        return not self.explore or frontier(state, seen)(self.path[-1])

    def _replan(self, state: WorldState, seen: Set[Pos], visible: Set[Pos]) -> list[Pos] | None:
        if self.explore:
            return explore_route(state, seen, visible)
        assert self.goal is not None
        return route_to(state, seen, visible, self.goal)
