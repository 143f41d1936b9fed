"""Steps on the map that a combat system's own events ask for (`CombatSystem.map_moves`): a maneuver that
closes or opens the range to one foe (`dew_sequence`), walked square by square as `Moved` events.

Each step goes to the first free, passable square (in `directions(adjacency)` order) that brings the mover
nearer to the other (closing; never onto him) or farther (opening); where there is none he stops. The
system reads the ranges back from the squares (its `enter`), so the map stays the truth.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.sim import events as ev
from game.sim.geometry import Pos, directions, distance
from game.sim.world_core import WorldCore
from rules.systems import MapMove


def walk(core: WorldCore, moves: Iterable[MapMove]) -> None:
    """Walk each (mover, other, change of distance) on the map (see the module docstring)."""
    s = core.state
    adjacency = s.house_rules.adjacency
    for mover, other, change in moves:
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
