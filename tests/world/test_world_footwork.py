"""Issue 13 items 8 and 10 (rules.footwork, asked by the world's footwork at `e1s0`): an Aggressive fighter
bump-rushes a foe who steps away (no bump frame) and reverts to Cautious when he steps into an empty
square; house rule `aggressive_bump_rush: false` keeps the old way (the frame, Aggressive kept); under
`initiative_model: red_white` one who threw red never bump-rushes and keeps his throw."""

from __future__ import annotations

import pytest

from game.sim import events as ev
from game.sim.brain import Brain
from game.sim.commands import Bump, Step
from rules.events import OrientationChosen
from rules.footwork import REVERT_REASON
from tests.world.worlds import world

ROOM = ["#######", "#.....#", "#.@b..#", "#.....#", "#######"]


def _moved(events: list[ev.WorldEvent]) -> dict[str, tuple[int, int]]:
    return {e.actor: e.to for e in events if isinstance(e, ev.Moved)}


def _frames(events: list[ev.WorldEvent]) -> list[ev.BumpFrame]:
    return [e for e in events if isinstance(e, ev.BumpFrame)]


def _reverts(events: list[ev.WorldEvent]) -> list[OrientationChosen]:
    return [e.event for e in events if isinstance(e, ev.RulesEvent) and isinstance(e.event, OrientationChosen)
            and e.event.reason]


def test_an_aggressive_leader_bump_rushes_a_foe_who_steps_away_and_the_house_rule_off_asks() -> None:
    w = world(ROOM)
    w.state.actors["b1"].flee_threshold = 0.0
    events = w.apply(Step("E", "aggressive"))
    assert _moved(events).get("b1") is not None, "the bandit stepped away"
    assert not _frames(events)
    assert _moved(events)["player"] == (3, 2)  # into the square he left, at once
    assert w.state.pending is None or w.state.pending.kind != "bump"

    off = world(ROOM, house_rules={"aggressive_bump_rush": False})
    off.state.actors["b1"].flee_threshold = 0.0
    events = off.apply(Step("E", "aggressive"))
    assert [f.fled for f in _frames(events)] == ["b1"]
    assert "player" not in _moved(events)
    assert off.state.pending is not None and off.state.pending.kind == "bump"
    off.apply(Bump("stay"))


def test_stepping_aggressive_into_an_empty_square_reverts_to_cautious_and_the_house_rule_off_keeps_it() -> None:
    for rule, expected in ((True, "cautious"), (False, "aggressive")):
        w = world(ROOM, house_rules={"aggressive_bump_rush": rule})
        bout = w.state.bout_of("player")
        assert bout is not None and bout.step == 0
        events = w.apply(Step("N", "aggressive"))  # away from the bandit, into an empty square
        assert _moved(events)["player"] == (2, 1)
        assert bout.rules.orientation["player"] == expected, rule
        reverts = _reverts(events)
        assert [(e.fighter, e.orientation, e.reason) for e in reverts] == (
            [("player", "cautious", REVERT_REASON)] if rule else [])


def test_under_red_white_a_red_throw_never_bump_rushes_nor_reverts() -> None:
    w = world(ROOM, house_rules={"initiative_model": "red_white"})
    w.state.actors["b1"].flee_threshold = 0.0
    events = w.apply(Step("E", "red"))
    assert [f.fled for f in _frames(events)] == ["b1"]  # the choice stays his: no bump-rush on red
    assert not _reverts(events)
    bout = w.state.bout_of("player")
    assert bout is not None and bout.rules.shown_orientation("player") == "red"
    w.apply(Bump("stay"))

    w = world(ROOM, house_rules={"initiative_model": "red_white"})
    bout = w.state.bout_of("player")
    assert bout is not None
    events = w.apply(Step("N", "red"))
    assert _moved(events)["player"] == (2, 1)
    assert not _reverts(events)
    assert bout.rules.shown_orientation("player") == "red"


def test_an_aggressive_ai_bump_rushes_even_when_his_brain_would_not_follow(monkeypatch: pytest.MonkeyPatch) -> None:
    # the wolf bumps the leader, who steps away; the wolf's brain declines to follow (as a hurt one
    # does, brain.follows), but an Aggressive fighter must
    monkeypatch.setattr(Brain, "follows", lambda self, actor, fled: False)
    for rule, follows in ((True, True), (False, False)):
        w = world(["##########", "#.w@.....#", "##########"], house_rules={"aggressive_bump_rush": rule})
        bout = w.state.bout_of("w1")
        assert bout is not None and bout.step == 0
        bout.rules.orientation["w1"] = "aggressive"
        events = w.apply(Step("E", "defensive"))
        assert _moved(events).get("player") == (4, 1)
        assert (_moved(events).get("w1") == (3, 1)) is follows, rule
