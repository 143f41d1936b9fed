"""A decision of a kind the world has no command of its own for reaches the player as data and comes back
as `Answer` (issue 9: "the view renders any decision from its data"; issues 14-16 build on it). The test
system `stance_call` (tests.world.stance_call) asks the design doc's orientation as a `stance`: the world
waits with `DecisionDue` kind `decide` carrying it, refuses wrong answers changing nothing, takes a right
one through the combat system, and the event log still rebuilds the world at every tick."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.sim.commands import Answer, CommandError, Confirm, Step, Target, from_dict, to_dict
from game.sim.digest import snapshot
from game.sim.events import Rejected
from game.sim.player_view import decision_view
from game.sim.scenario_file import WorldSetup
from game.sim.world import World
from tests.world.stance_call import NAME, STANCE, registered
from tests.world.test_world_history import Shadow
from tests.world.worlds import setup

DUEL = ["#######", "#.@b..#", "#######"]


@pytest.fixture(autouse=True)
def stance_call() -> Iterator[None]:
    with registered():
        yield


def duel(seed: int = 1) -> World:
    built: WorldSetup = setup(DUEL, seed=seed)
    w = World(built, combat_system=NAME)
    for a in w.state.actors.values():
        a.flee_threshold = None
    return w


def until_decide(w: World, shadow: Shadow | None = None, limit: int = 20) -> None:
    for _ in range(limit):
        pending = w.state.pending
        assert pending is not None and w.state.over is None
        if pending.kind == "decide":
            return
        if shadow is None:
            w.apply(Confirm())
        else:
            shadow.step(Confirm())
    raise AssertionError("no generic decision came")


def test_the_leader_is_asked_the_unknown_kind_as_data() -> None:
    w = duel()
    until_decide(w)
    pending = w.state.pending
    assert pending is not None and pending.bout is not None
    choice = decision_view(w.state).choice
    assert choice is not None
    assert choice.kind == STANCE and choice.who == w.state.leader
    assert set(choice.values()) == {"aggressive", "cautious", "defensive"}
    assert choice.default in choice.values()
    assert pending.options == choice.values()


@pytest.mark.parametrize("command, reason", [
    (Answer("orientation", "defensive"), "waits for your stance, not orientation"),
    (Answer(STANCE, "sideways"), "cannot answer 'sideways'"),
    (Answer(STANCE, 2), "cannot answer 2"),
    (Step("E", "aggressive"), "waits for your stance"),
    (Target("b1"), "waits for your stance"),
])
def test_a_wrong_answer_is_refused_and_changes_nothing(command: object, reason: str) -> None:
    w = duel()
    until_decide(w)
    before = snapshot(w.state)
    events = w.apply(command)  # type: ignore[arg-type]
    assert len(events) == 1 and isinstance(events[0], Rejected)
    assert reason in events[0].reason
    assert snapshot(w.state) == before


@pytest.mark.parametrize("stance", ["aggressive", "defensive"])
def test_the_answer_goes_through_the_combat_system(stance: str) -> None:
    w = duel()
    until_decide(w)
    pending = w.state.pending
    assert pending is not None and pending.bout is not None
    bout = w.state.bouts[pending.bout]
    events = w.apply(Answer(STANCE, stance))
    assert not any(isinstance(e, Rejected) for e in events)
    assert bout.rules.orientation[w.state.leader] == stance
    assert w.commands[-1][1] == {"cmd": "answer", "kind": STANCE, "value": stance}


def test_confirm_takes_the_default() -> None:
    w = duel()
    until_decide(w)
    pending = w.state.pending
    assert pending is not None and pending.bout is not None
    default = pending.default
    bout = w.state.bouts[pending.bout]
    w.apply(Confirm())
    assert bout.rules.orientation[w.state.leader] == default


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_event_log_rebuilds_a_fight_answered_by_answer(seed: int) -> None:
    """Every tick of a fight to its end, answering each stance by `Answer` (cycling the choices), the
    rest by `Confirm`: the state folded from the events equals the live one each tick."""
    w = duel(seed)
    shadow = Shadow(w)
    answered = 0
    for tick in range(120):
        if w.state.over is not None or not w.state.actors["b1"].alive:
            break
        pending = w.state.pending
        assert pending is not None
        if pending.kind == "decide":
            shadow.step(Answer(STANCE, ("defensive", "aggressive", "cautious")[tick % 3]))
            answered += 1
        else:
            shadow.step(Confirm())
    assert answered >= 2  # a fight of several rounds, each opened by a stance


@pytest.mark.parametrize("data", [
    {"cmd": "answer", "kind": "bid", "value": 3},
    {"cmd": "answer", "kind": "designate", "value": "b1"},
    {"cmd": "answer", "kind": "interrupt", "value": None, "shot_defence_cp": 1},
])
def test_answer_round_trips_through_the_run_file(data: dict[str, object]) -> None:
    assert to_dict(from_dict(data)) == data


@pytest.mark.parametrize("data, problem", [
    ({"cmd": "answer", "value": 3}, "bad answer command: kind: missing"),
    ({"cmd": "answer", "kind": "bid", "value": True}, "bad answer command: value: must be a whole number"),
    ({"cmd": "answer", "kind": "bid", "value": 2.5}, "bad answer command: value: must be a whole number"),
    ({"cmd": "answer", "kind": "bid", "value": 10**9}, "bad answer command: value: must be -10000 to 10000"),
    ({"cmd": "answer", "kind": "bid", "value": "x" * 200}, "bad answer command: value: must be 1 to 64"),
    ({"cmd": "answer", "kind": "bid", "extra": 1}, "bad answer command: extra: unknown key"),
])
def test_a_bad_answer_command_is_refused_in_one_line(data: dict[str, object], problem: str) -> None:
    with pytest.raises(CommandError) as caught:
        from_dict(data)
    assert str(caught.value).startswith(problem) and "\n" not in str(caught.value)
