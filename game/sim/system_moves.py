"""Steps on the map that a combat system's own events ask for (`CombatSystem.map_moves`): a maneuver that
closes or opens the range to one foe (`dew_sequence`), walked square by square as `Moved` events, or a
step onto a chosen square (`MapStep`: `gold_and_glory`, which moves on its own squares; `combat_basics`,
whose combat clusters share a square: `MapStep.share` lets him onto a square held only by his bout's members).

Each step goes to the first free, passable square (in `directions(adjacency)` order) that brings the mover
nearer to the other (closing; never onto him) or farther (opening); where there is none he stops. The
system reads the ranges back from the squares (its `enter`), so the map stays the truth.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.sim import events as ev
from game.sim.geometry import Pos, directions, distance
from game.sim.world_core import WorldCore
from rules.systems import MapMove, MapStep


def walk(core: WorldCore, moves: Iterable[MapMove]) -> None:
    """Walk each (mover, other, change of distance) on the map (see the module docstring)."""
    s = core.state
    adjacency = s.house_rules.adjacency
    for move in moves:
        if isinstance(move, MapStep):
            _step_to(core, move)
            continue
        mover, other, change = move
        actor, foe = s.actors.get(mover), s.actors.get(other)
        if actor is None or foe is None or not actor.alive or change == 0:
            continue
        for _ in range(abs(change)):
            here = actor.pos
            now = distance(here, foe.pos, adjacency)
            if change < 0 and now <= 1:
                break
            step = None
            for d in directions(adjacency):
                to = Pos(here.x + d.dx, here.y + d.dy)
                if not s.tilemap.passable(to) or to in s.occupancy:
                    continue
                far = distance(to, foe.pos, adjacency)
                if far < now if change < 0 else far > now:
                    step = (to, d.label)
                    break
            if step is None:
                break
            core.emit(ev.Moved(mover, (here.x, here.y), (step[0].x, step[0].y), step[1], actor.mp))


def _step_to(core: WorldCore, move: MapStep) -> None:
    """One step onto the square a system chose (`gold_and_glory`), if it is next to him, passable and free;
    else he stays (the system reads his square back from the map)."""
    s = core.state
    actor = s.actors.get(move.mover)
    if actor is None or not actor.alive:
        return
    here, to = actor.pos, Pos(*move.to)
    if not s.tilemap.passable(to) or (to in s.occupancy and not (move.share and _cluster(core, move.mover, to))):
        return
    for d in directions(s.house_rules.adjacency):
        if (here.x + d.dx, here.y + d.dy) == move.to:
            core.emit(ev.Moved(move.mover, (here.x, here.y), move.to, d.label, actor.mp))
            return


def _cluster(core: WorldCore, mover: str, to: Pos) -> bool:
    """Is everyone on `to` in the mover's own bout (a combat cluster he may join: `MapStep.share`)?"""
    s = core.state
    bout = s.bout_of(mover)
    return bout is not None and all(s.bout_of(o) is bout for o in s.occupants(to))
