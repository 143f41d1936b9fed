"""Party micromanagement (issue 13 item 6; house rule `party_orders`; rules.party_orders): the world pauses
with a prompt whenever a companion who attacks or comes under attack owes his orientation, target or
declaration; the player answers it as data (`Answer`, `Confirm` for what the AI would do), the answer goes
through the combat system like the leader's, and the event log still rebuilds the world."""

from __future__ import annotations

import pytest

from game.sim import events as ev
from game.sim.commands import Answer, Confirm
from game.sim.player_view import player_view
from game.sim.world import World
from rules.decisions import DECLARATION, ORIENTATION, TARGET
from rules.events import Declared, OrientationChosen
from tests.view.worlds import world_from_ascii
from tests.world.test_world_history import Shadow

SIDE_BY_SIDE = "#########\n#.......#\n#.gs@g..#\n#.......#\n#########\n"
COMPANION = "companion_spearman_1"


def fight(on: bool = True, seed: int = 1) -> World:
    return world_from_ascii(SIDE_BY_SIDE, seed=seed, house_rules={"party_orders": on},
                            party={"s": "companion_spearman"})


def asked(w: World) -> tuple[str, str, tuple[str, ...]] | None:
    view = player_view(w.state).decision
    choice = view.choice if view is not None else None
    if choice is None or choice.who == w.state.leader:
        return None
    return choice.kind, choice.who, choice.values()


def rules_events(events: list[ev.WorldEvent]) -> list[object]:
    return [e.event for e in events if isinstance(e, ev.RulesEvent)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_player_answers_his_companions_decisions(seed: int) -> None:
    w = fight(seed=seed)
    shadow = Shadow(w)
    kinds: list[str] = []
    mine: list[object] = []
    for _ in range(40):
        question = asked(w)
        if question is None:
            mine += rules_events(shadow.step(Confirm()))
        else:
            kind, who, values = question
            assert who == COMPANION
            kinds.append(kind)
            answer = {ORIENTATION: "defensive", TARGET: values[0], DECLARATION: "nothing"}[kind]
            assert answer in values
            mine += rules_events(shadow.step(Answer(kind, answer)))
        if w.state.over is not None:
            break
    assert {ORIENTATION, TARGET, DECLARATION} <= set(kinds)
    assert [e.orientation for e in mine if isinstance(e, OrientationChosen) and e.fighter == COMPANION][:1] == [
        "defensive"]
    declared = [e for e in mine if isinstance(e, Declared) and e.fighter == COMPANION]
    assert declared and all(e.actions == () for e in declared)  # "nothing", every time


def test_enter_takes_what_the_ai_would_declare() -> None:
    w = fight()
    for _ in range(20):
        question = asked(w)
        if question is not None and question[0] == DECLARATION:
            assert "attack:goblin_1" in question[2]
            events = rules_events(w.apply(Confirm()))
            (declared,) = [e for e in events if isinstance(e, Declared) and e.fighter == COMPANION]
            assert declared.actions  # the AI declares something against a goblin at his side
            return
        w.apply(Confirm())
    raise AssertionError("no declaration was asked")


def test_a_wrong_answer_is_refused() -> None:
    w = fight()
    assert asked(w) is not None
    events = w.apply(Answer(ORIENTATION, "sideways"))
    assert [e.type for e in events] == ["rejected"]


def test_without_the_house_rule_the_ai_answers_for_him() -> None:
    w = fight(on=False)
    for _ in range(10):
        assert asked(w) is None
        w.apply(Confirm())
