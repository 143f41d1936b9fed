"""When the pool comes back out of a fight (game.sim.breath, issue 11): the steps the HUD shows are the steps the
world takes to rest the leader (its `Rested` comes exactly then), and nothing shows in a fight or on a full pool."""

from __future__ import annotations

import pytest

from game.sim import events as ev
from game.sim.breath import pool_back, steps_to_rest
from game.sim.commands import Step
from game.sim.world_core import ROUND_TICKS
from tests.world.worlds import world

WALLED = ["#########", "#@...#..#", "#....#.g#", "#########"]  # the goblin cannot reach him


def test_steps_to_rest_counts_to_the_next_resting_tick() -> None:
    # the world rests in the ticks t > 1 with t % ROUND_TICKS == 1 (7, 13, ...)
    assert [steps_to_rest(t) for t in range(0, 14)] == [7, 6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1, 6]
    for tick in range(0, 40):
        resting = tick + steps_to_rest(tick)
        assert resting > 1 and resting % ROUND_TICKS == 1
        assert all(not (t > 1 and t % ROUND_TICKS == 1) for t in range(tick + 1, resting))


@pytest.mark.parametrize("ticks_first", [0, 1, 4, 6])
def test_the_pool_comes_back_exactly_when_the_hud_says(ticks_first: int) -> None:
    w = world(WALLED)
    for _ in range(ticks_first):
        w.apply(Step(None))
    fighter = w.state.actors["player"].fighter
    fighter.cp = 3
    back = pool_back(w.state, "player")
    assert back is not None and back.cp == 3 and back.full == fighter.rested_cp() > 3
    for step in range(1, back.steps + 1):
        rested = [e for e in w.apply(Step(None)) if isinstance(e, ev.Rested) and e.actor == "player"]
        assert bool(rested) == (step == back.steps), step
    assert rested[0].cp == back.full
    assert pool_back(w.state, "player") is None  # full again: nothing to say


def test_nothing_to_say_in_a_fight() -> None:
    w = world(["#######", "#@g...#", "#######"])
    w.apply(Step(None))
    assert w.state.bout_of("player") is not None
    w.state.actors["player"].fighter.cp = 2
    assert pool_back(w.state, "player") is None
