"""Issue 13 item 5 in the world: with house rule `stance_bonus`, the leader is asked his martial stance
(rules.stance) as data after his orientation, answers it with `Answer`, the AI answers its own, and the
event log still rebuilds the world."""

from __future__ import annotations

import pytest

from game.sim import events as ev
from game.sim.commands import Answer, Confirm
from game.sim.player_view import decision_view
from game.sim.world import World
from rules.decisions import STANCE
from rules.events import StanceChosen
from tests.world.test_world_history import Shadow
from tests.world.worlds import setup

DUEL = ["#######", "#.@b..#", "#######"]


def duel(seed: int = 1) -> World:
    w = World(setup(DUEL, seed=seed, house_rules={"stance_bonus": True}))
    for a in w.state.actors.values():
        a.flee_threshold = None
    return w


def stances(events: list[ev.WorldEvent]) -> list[tuple[str, str]]:
    return [(e.event.fighter, e.event.stance) for e in events
            if isinstance(e, ev.RulesEvent) and isinstance(e.event, StanceChosen)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_leader_and_the_ai_take_stances_and_the_log_rebuilds_the_world(seed: int) -> None:
    w = duel(seed)
    shadow = Shadow(w)
    asked = 0
    log: list[ev.WorldEvent] = []
    for _tick in range(80):
        if w.state.over is not None or not w.state.actors["b1"].alive:
            break
        pending = w.state.pending
        assert pending is not None
        choice = decision_view(w.state).choice
        if pending.kind == "decide" and choice is not None and choice.kind == STANCE:
            assert choice.title == "Your martial stance"
            assert set(choice.values()) == {"offensive", "neutral", "defensive"}
            log += shadow.step(Answer(STANCE, ("defensive", "offensive")[asked % 2]))
            asked += 1
        else:
            log += shadow.step(Confirm())
    assert asked >= 2
    mine = [s for f, s in stances(log) if f == "player"]
    assert mine[:2] == ["defensive", "offensive"]
    assert any(f == "b1" for f, _ in stances(log))
