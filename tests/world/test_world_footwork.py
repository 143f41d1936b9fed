"""Issue 13 items 8 and 10 (rules.footwork, asked by the world's footwork at `e1s0`): an Aggressive fighter
bump-rushes a foe who steps away (no bump frame) and reverts to Cautious when he steps into an empty
square; house rule `aggressive_bump_rush: false` keeps the old way (the frame, Aggressive kept); under
`initiative_model: red_white` one who threw red never bump-rushes and keeps his throw."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import Bump, Step
from game.sim.geometry import Direction
from rules.events import OrientationChosen
from rules.footwork import REVERT_REASON, bump_rushes
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


def test_an_aggressive_ai_bump_rushes_by_the_rule_not_by_his_brain() -> None:
    """Whether a fighter's bump turns into a rush is the rules' answer (`rules.footwork.bump_rushes`:
    Aggressive, the house rule on), whatever his brain would do; a healthy wolf also follows in the world.
    (The brain cannot be patched in the compiled build, so the rule is asked directly here.)"""
    for rule in (True, False):
        w = world(["##########", "#.w@.....#", "##########"], house_rules={"aggressive_bump_rush": rule})
        bout = w.state.bout_of("w1")
        assert bout is not None and bout.step == 0
        bout.rules.orientation["w1"] = "aggressive"
        assert bump_rushes(bout.rules, "w1") is rule
        bout.rules.orientation["w1"] = "cautious"
        assert bump_rushes(bout.rules, "w1") is False
        bout.rules.orientation["w1"] = "aggressive"
        events = w.apply(Step("E", "defensive"))
        assert _moved(events).get("player") == (4, 1)
        assert _moved(events).get("w1") == (3, 1)  # on by the rule, or by his brain (he is not hurt)


RING = ["#######", "#..b..#", "#.b@b.#", "#.....#", "#######"]  # b1 north, b2 west, b3 east of the leader


def _wait_bumps(facing: str, **rules: object) -> tuple[list[ev.Bumped], object]:
    w = world(RING, house_rules=rules)
    for a in w.state.actors.values():
        a.flee_threshold = None
    w.state.actors["player"].facing = Direction[facing]
    bout = w.state.bout_of("player")
    assert bout is not None and bout.step == 0 and set(bout.members) == {"player", "b1", "b2", "b3"}
    events = w.apply(Step(None, "cautious"))
    pending = w.state.pending
    assert pending is not None and pending.kind == "target"
    return [e for e in events if isinstance(e, ev.Bumped) and e.actor == "player"], pending.default


def test_a_wait_bumps_the_foe_in_front_then_the_sides_then_behind_and_he_is_the_default_target() -> None:
    """Issue 13 item 7 (design doc "Wait can also be considered bumping"; rules.footwork.wait_bump_order):
    all three bandits are in the leader's bout (synced): the one he faces first, then a side (the lowest
    id, nobody targeting him yet at s0), then behind; with house rule wait_bumps off a wait bumps nobody
    and the target's default is the rules' own."""
    for facing, bumped in (("N", "b1"), ("W", "b2"), ("E", "b3"), ("S", "b2")):
        bumps, default = _wait_bumps(facing)
        assert [(b.into, b.facing) for b in bumps] == [(bumped, {"b1": "N", "b2": "W", "b3": "E"}[bumped])], facing
        assert default == bumped, facing
    bumps, _ = _wait_bumps("E", wait_bumps=False)
    assert bumps == []


def test_a_mover_whose_square_was_taken_first_bumps_its_taker_under_blocked_movers_bump() -> None:
    """Issue 13 item 15 (design doc movement step 2: "House rules might allow them to be treated as
    bump-movers"): the companion, earlier in movement initiative, takes the square the leader steps into;
    by default the leader forfeits his step ("taken"), with `blocked_movers_bump` he bumps the companion."""
    from game.sim.commands import CompanionStep

    for rule in (False, True):
        w = world(["#####", "#@.s#", "#...#", "#####"], house_rules={"blocked_movers_bump": rule})
        w.state.actors["player"].move_init = 3
        w.state.actors["s1"].move_init = 9
        w.apply(CompanionStep("s1", "W"))
        events = w.apply(Step("E"))  # both into (2, 1): the companion first
        assert _moved(events) == {"s1": (2, 1)}
        forfeits = [(e.actor, e.reason) for e in events if isinstance(e, ev.Forfeited)]
        bumps = [(e.actor, e.into, e.hostile) for e in events if isinstance(e, ev.Bumped)]
        if rule:
            assert forfeits == [] and bumps == [("player", "s1", False)]
        else:
            assert forfeits == [("player", "taken")] and bumps == []
        assert w.state.actors["player"].facing == Direction.E
