"""The log names everyone, also those on a depth the party left (`game.sim.log.known_names`): a line about a
companion left behind upstairs shows his name, not his id."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.log import describe, known_names
from game.sim.run_world import run_setup
from game.sim.state import LevelStash
from game.sim.world import World


def test_an_actor_on_a_depth_left_behind_is_named() -> None:
    state = World(run_setup(3), seed=3).state
    assert state.run is not None
    companion = next(a for a in state.actors.values() if a.party and not a.leader)
    upstairs = LevelStash(state.tilemap, {companion.id: companion}, {}, {}, {}, {}, [], {})
    del state.actors[companion.id]  # as if the party had gone down without him
    state.run.levels[0] = upstairs
    names = known_names(state)
    assert names[companion.id] == companion.name and names[state.leader] == state.actors[state.leader].name
    line = describe(ev.KnockedOut(companion.id, "out of the fight"), names)
    assert line == f"{companion.name} is down (out of the fight)"
