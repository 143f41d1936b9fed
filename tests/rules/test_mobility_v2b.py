"""Issue 13 item 1, Version 2b (house rule `mobility_version: v2b`; rules.mobility): the mobility
maneuver modifier is committed with its dice at `s0`, resolved once the targets of `s1` are settled, and
`s2` offers no mobility maneuver. Shipped scenarios: content/scenarios/bouts/mobility_v2b_thread.yaml,
mobility_v2b_outmaneuver.yaml."""

from __future__ import annotations

from importlib.resources import files

from rules import mobility
from rules.bout import ATTACK_ACTIONS, MOBILITY, Bout
from rules.decisions import MOBILITY_CHOICE, MOBILITY_DICE, ORIENTATION, TARGET
from rules.dice import ScriptedStream
from rules.events import (
    Attack,
    Flanked,
    MobilityCommitted,
    ReflexContest,
    Refunded,
    ThreadedPast,
    Untargeted,
)
from rules.menu import available_actions
from rules.scenario import load_scenario, run_scenario
from rules.tros_sos import TrosSos
from tests.rules.helpers import bout, catalog, sheet

BOUTS = files("content") / "scenarios" / "bouts"
SYSTEM = TrosSos()


def test_v2b_thread_resolves_at_s1_and_bars_the_foes_attack() -> None:
    r = run_scenario(load_scenario(str(BOUTS / "mobility_v2b_thread.yaml")))
    events = r.events
    (committed,) = [e for e in events if isinstance(e, MobilityCommitted)]
    assert (committed.fighter, committed.maneuver, committed.dice) == ("T", "thread_the_needle", 4)
    (contest,) = [e for e in events if isinstance(e, ReflexContest) and e.kind == "thread_the_needle"]
    assert (contest.a, contest.b, contest.winner) == ("T", "B", "T")
    first_attack = min(i for i, e in enumerate(events) if isinstance(e, Attack))
    assert events.index(contest) < first_attack  # resolved before the declarations' blows
    assert [e.fighter for e in events if isinstance(e, Untargeted)] == ["B"]
    assert [(e.fighter, e.foe) for e in events if isinstance(e, ThreadedPast)] == [("T", "B")]
    assert [(a.attacker, a.defender) for a in events if isinstance(a, Attack)] == [("A", "T")]


def test_v2b_outmaneuver_flanks_the_target_for_the_exchange() -> None:
    r = run_scenario(load_scenario(str(BOUTS / "mobility_v2b_outmaneuver.yaml")))
    events = r.events
    assert [(e.fighter, e.by, e.dtn) for e in events if isinstance(e, Flanked)] == [("T", "A", 2)]
    (blow,) = [e for e in events if isinstance(e, Attack)]
    assert blow.defence is not None and blow.defence.tn == 6 + 2
    assert not r.bout.flanked  # an exchange's own: gone with the next clock step


def _three(version: str) -> Bout:
    b = bout(sheet("A", side="red"), sheet("B", side="red"), sheet("T", side="blue"),
             cat=catalog(mobility_version=version))
    return b


def _orient(b: Bout) -> None:
    for d in SYSTEM.due(b):
        assert d.kind == ORIENTATION
        SYSTEM.answer(b, d, "aggressive" if d.who != "T" else "cautious")


def _to_s2(b: Bout, stream: ScriptedStream, targets: dict[str, str]) -> None:
    assert not SYSTEM.due(b)
    b.fold(SYSTEM.advance(b, stream).events)
    while due := SYSTEM.due(b):
        for d in due:
            assert d.kind == TARGET
            SYSTEM.answer(b, d, targets[d.who])
    SYSTEM.settle(b, stream)
    SYSTEM.advance(b, stream)


def test_v2b_is_asked_at_s0_and_s2_offers_no_mobility_maneuver() -> None:
    b = _three("v2b")
    _orient(b)
    due = SYSTEM.due(b)
    assert {(d.kind, d.who) for d in due} == {(MOBILITY_CHOICE, "A"), (MOBILITY_CHOICE, "B"),
                                              (MOBILITY_CHOICE, "T")}
    (t,) = [d for d in due if d.who == "T"]
    assert set(t.values()) == {"none", "thread_the_needle"} and t.default == "none"  # no companion
    for d in due:
        SYSTEM.answer(b, d, "thread_the_needle" if d.who == "T" else "none")
    (dice,) = SYSTEM.due(b)
    assert (dice.kind, dice.who, dice.low, dice.high) == (MOBILITY_DICE, "T", 1, 11)
    SYSTEM.answer(b, dice, "3")
    assert b.fighters["T"].cp == 11 - 3
    _to_s2(b, ScriptedStream([1, 1, 1] + [9] * 5), {"A": "T", "B": "T", "T": "A"})
    assert b.clock.step == 2 and b.fighters["T"].cp == 11 - 3  # beaten: spent, no refund
    for fid in ("A", "B", "T"):
        menu = available_actions(b, fid)
        assert not any(ao.action == MOBILITY for om in menu.opponents for ao in om.actions)


def test_under_v1_no_modifier_is_asked() -> None:
    b = _three("v1")
    _orient(b)
    assert SYSTEM.due(b) == []


def test_a_modifier_that_cannot_execute_gives_its_dice_back() -> None:
    b = bout(sheet("A", side="red"), sheet("B", side="red"), sheet("T", side="blue"), sheet("U", side="blue"),
             cat=catalog(mobility_version="v2b"))
    for d in SYSTEM.due(b):
        SYSTEM.answer(b, d, "aggressive" if d.who in ("A", "B") else "cautious")  # no Reflex contests
    for d in SYSTEM.due(b):
        SYSTEM.answer(b, d, "thread_the_needle" if d.who == "T" else "none")
    SYSTEM.answer(b, SYSTEM.due(b)[0], 4)
    assert b.fighters["T"].cp == 11 - 4
    b.fold(SYSTEM.advance(b, ScriptedStream([])).events)
    while due := SYSTEM.due(b):
        for d in due:  # only Aldo, his own target, targets Tomas: nobody to thread past
            SYSTEM.answer(b, d, {"A": "T", "B": "U", "T": "A", "U": "B"}[d.who])
    events = SYSTEM.settle(b, ScriptedStream([]))
    assert [(e.fighter, e.dice) for e in events if isinstance(e, Refunded)] == [("T", 4)]
    assert not [e for e in events if isinstance(e, ReflexContest) and e.kind == "thread_the_needle"]
    assert b.fighters["T"].cp == 11


def test_a_threaded_foe_is_offered_no_attack_on_the_threader() -> None:
    b = _three("v2b")
    _orient(b)
    for d in SYSTEM.due(b):
        SYSTEM.answer(b, d, "thread_the_needle" if d.who == "T" else "none")
    SYSTEM.answer(b, SYSTEM.due(b)[0], 5)
    _to_s2(b, ScriptedStream([9] * 5 + [1] * 5), {"A": "T", "B": "T", "T": "A"})
    assert ("B", "T") in b.threaded and b.targets["B"] is None
    menu = available_actions(b, "B")
    om = menu.opponent("T")
    assert om is not None and not any(ao.action in ATTACK_ACTIONS for ao in om.actions)
    assert any(ao.action in ATTACK_ACTIONS for o in available_actions(b, "A").opponents for ao in o.actions)


def test_the_ai_threads_when_two_foes_target_him() -> None:
    b = bout(sheet("A", side="red"), sheet("B", side="red"),
             sheet("T", side="blue", prof={"cut_and_thrust": 8}), cat=catalog(mobility_version="v2b"))
    b.targets.update({"A": "T", "B": "T", "T": "A"})
    assert mobility.suggest(b, "T") == ("thread_the_needle", 5 + 2)  # B's Reflex 5 + 2; 13 - 7 >= 5 kept
    assert mobility.suggest(b, "A")[0] == "none"  # 11 CP: too poor to Outmaneuver
    b.fighters["T"].cp = 11
    assert mobility.suggest(b, "T")[0] == "none"  # 11 - 7 < 5: he keeps his dice for the blows
