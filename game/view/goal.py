"""What the player is after, in one line (issue 11): the goal the HUD states and the overview's title.

:func:`goal_of` reads it off the world's state: in a run, find the stairs down (depth d/N); on the last depth,
take the relic from the goal's leader; with the relic, carry it out by the stairs. In a scenario, defeat
every foe or rout them (a foe hurt enough to flee counts as beaten, `game.sim.brain.routed`). Plain data;
nothing here changes the world.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.state import WorldState


@dataclass(frozen=True, slots=True)
class Goal:
    """``text``: what to do; ``where``: where the party is (``"depth 2/8"``, or the scenario's nothing);
    ``short``: the words to show where ``text`` does not fit (800 x 600 beside the HUD's Enter line)."""

    text: str
    where: str = ""
    short: str = ""


def goal_of(state: WorldState) -> Goal:
    run = state.run
    if run is None:
        return Goal("Defeat or rout all foes", short="Beat every foe")
    last = run.plan.last
    where = f"depth {run.depth}/{last}"
    spec = run.content.run.goal
    item = run.content.items.get(spec.relic)
    relic = item.name if item is not None else spec.relic.replace("_", " ")
    inventory = run.inventories.get(state.leader)
    if inventory is not None and inventory.count(spec.relic):
        way = "stairs down" if run.depth == last else "stairs up" if run.depth == 1 else "stairs"
        return Goal(f"Carry the {relic} out by the {way}", where)
    if run.depth < last:
        return Goal("Find the stairs down", where)
    return Goal(f"Take the {relic} from {spec.title}", where)
