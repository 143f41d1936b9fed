"""A player's answer that the system refuses inside the tick (after this tick's shots landed and felled the
man it named) is answered as Enter would answer it now, never refused mid-tick: by then the tick has folded
events, and a refusal would leave the state changed with the events dropped (`DecisionFlow.players_answer`)."""

from __future__ import annotations

import pytest

from game.sim.commands import Confirm
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from rules.bout import IllegalAction


def leader_asked(system: str, seed: int) -> World:
    world = World(load_named_scenario("arena_three_way"), seed=seed, player_ai=False, combat_system=system)
    for _ in range(300):
        pending = world.state.pending
        if pending is not None and any(d.who == world.state.leader and d.options for d in pending.asks
                                       if d.kind not in ("step", "bump", "first_aid")):
            return world
        world.apply(Confirm())
    raise AssertionError(f"{system} seed {seed}: the leader was never asked a system decision")


@pytest.mark.parametrize("system", ["sophias_children", "combat_basics"])
def test_a_refused_answer_inside_the_tick_becomes_the_default(system: str) -> None:
    world = leader_asked(system, 1)
    s = world.state
    assert s.pending is not None
    decision = next(d for d in s.pending.asks if d.who == s.leader and d.options)
    bout = s.bout_of(s.leader)
    assert bout is not None
    with pytest.raises(IllegalAction):  # the system itself refuses it ...
        world.system.answer(bout.rules, decision, "no such choice")
    events = world.decisions.players_answer(bout, decision, "no such choice")  # ... the tick does not
    assert events, "the default answer made no events"
    assert decision not in world.system.due(bout.rules)
