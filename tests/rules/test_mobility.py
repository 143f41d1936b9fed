"""Issue 13 item 1 (design doc "Mobility Manuever rolls", Version 1): Thread the Needle, declared at s2
with the exchange's maneuvers and rolled before any blow (docs/rules_rulings.md). Shipped scenario:
content/scenarios/bouts/thread_the_needle.yaml."""

from __future__ import annotations

from importlib.resources import files

from rules.ai import suggest_declaration
from rules.bout import ATTACK, MOBILITY, Action, Bout
from rules.dice import SeededStream
from rules.events import Attack, AttackCancelled, ReflexContest, Refunded, Untargeted
from rules.log import describe
from rules.scenario import load_scenario, run_scenario
from tests.rules.helpers import bout, declare_all, setup, sheet

SCENARIO = files("content") / "scenarios" / "bouts" / "thread_the_needle.yaml"


def test_threading_past_a_foe_cancels_his_blow_and_his_target() -> None:
    r = run_scenario(load_scenario(str(SCENARIO)))
    (contest,) = [e for e in r.events if isinstance(e, ReflexContest) and e.kind == "thread_the_needle"]
    assert (contest.a, contest.b, contest.a_dice, contest.a_tn, contest.b_dice, contest.b_tn) == (
        "T", "B", 4, 7, 5, 7)
    assert contest.winner == "T"
    assert describe(contest, r.names).endswith("→ Tomas threads past Bruno")
    assert [(e.attacker, e.defender) for e in r.events if isinstance(e, AttackCancelled)] == [("B", "T")]
    assert [(e.fighter, e.dice) for e in r.events if isinstance(e, Refunded)] == [("B", 4)]
    assert [e.fighter for e in r.events if isinstance(e, Untargeted)] == ["B"]
    assert [(a.attacker, a.defender) for a in r.events if isinstance(a, Attack)] == [("A", "T")]
    assert r.bout.fighters["T"].cp == 12 - 8  # the threading dice are spent


def test_a_failed_threading_lets_the_blow_through() -> None:
    scenario = load_scenario(str(SCENARIO))
    r = run_scenario(scenario.model_copy(update={"dice": [9, 1, 1, 1, 7, 7, 1, 1, 1]}))
    (contest,) = [e for e in r.events if isinstance(e, ReflexContest) and e.kind == "thread_the_needle"]
    assert contest.winner == "B"
    assert not [e for e in r.events if isinstance(e, AttackCancelled)]
    assert sorted(a.attacker for a in r.events if isinstance(a, Attack)) == ["A", "B"]


def _two_on_one() -> Bout:
    b = bout(sheet("A", side="red"), sheet("B", side="red"), sheet("T", side="blue", prof={"cut_and_thrust": 12}))
    setup(b, SeededStream(1, "combat"), {"A": "aggressive", "B": "aggressive", "T": "cautious"},
          {"A": "T", "B": "T", "T": "A"})
    declare_all(b, {"A": [Action(ATTACK, "cut", "T", 4, "III")], "B": [Action(ATTACK, "cut", "T", 4, "III")]})
    return b


def test_the_ai_threads_the_needle_against_two_attackers() -> None:
    b = _two_on_one()
    chosen = suggest_declaration(b, "T")
    assert (chosen[0].action, chosen[0].maneuver, chosen[0].opponent) == (MOBILITY, "thread_the_needle", "B")
    assert chosen[0].dice == 5 + 2 and [a.opponent for a in chosen[1:]] == ["A"]  # B's Reflex 5, + 2


def test_the_ai_does_not_thread_when_the_rest_could_not_meet_its_targets_blow() -> None:
    b = bout(sheet("A", side="red"), sheet("B", side="red"), sheet("T", side="blue", prof={"cut_and_thrust": 8}))
    setup(b, SeededStream(1, "combat"), {"A": "aggressive", "B": "aggressive", "T": "cautious"},
          {"A": "T", "B": "T", "T": "A"})
    declare_all(b, {"A": [Action(ATTACK, "cut", "T", 4, "III")], "B": [Action(ATTACK, "cut", "T", 4, "III")]})
    assert all(a.maneuver != "thread_the_needle" for a in suggest_declaration(b, "T"))  # 9 CP: 7 + 4 > 9


def test_the_ai_does_not_thread_against_one_attacker() -> None:
    b = bout(sheet("A"), sheet("T", prof={"cut_and_thrust": 8}))
    setup(b, SeededStream(1, "combat"), {"A": "aggressive", "T": "cautious"})
    declare_all(b, {"A": [Action(ATTACK, "cut", "T", 4, "III")]})
    assert all(a.maneuver != "thread_the_needle" for a in suggest_declaration(b, "T"))


OUT = files("content") / "scenarios" / "bouts" / "outmaneuver.yaml"


def test_outmaneuver_flanks_the_target_for_a_companion() -> None:
    r = run_scenario(load_scenario(str(OUT)))
    (contest,) = [e for e in r.events if isinstance(e, ReflexContest) and e.kind == "outmaneuver"]
    assert (contest.a, contest.b, contest.a_tn, contest.b_dice, contest.b_tn) == ("A", "T", 7, 5, 7)
    assert contest.winner == "A"
    assert describe(contest, r.names).endswith("→ Aldo gets to Tomas's flank")
    (cut,) = [e for e in r.events if isinstance(e, Attack)]
    assert cut.attacker == "B" and cut.defence is not None and cut.defence.tn == 6 + 2 and cut.hit
    # beaten, the flank is not reached: the parry keeps its TN 6
    lost = run_scenario(load_scenario(str(OUT)).model_copy(update={"dice": [9, 1, 1, 1, 7, 7, 1, 1, 1]}))
    (cut,) = [e for e in lost.events if isinstance(e, Attack)]
    assert cut.defence is not None and cut.defence.tn == 6


def test_outmaneuver_without_a_companion_gives_its_dice_back() -> None:
    b = bout(sheet("A", side="red"), sheet("T", side="blue"))
    setup(b, SeededStream(1, "combat"), {"A": "aggressive", "T": "cautious"})
    from rules.menu import available_actions
    om = available_actions(b, "A").opponent("T")
    assert om is not None and om.action(MOBILITY) is None  # not offered: nobody to flank with


def test_the_ai_outmaneuvers_with_a_companion_on_the_same_foe() -> None:
    b = bout(sheet("A", side="red", prof={"cut_and_thrust": 12}), sheet("B", side="red"), sheet("T", side="blue"))
    setup(b, SeededStream(1, "combat"), {"A": "aggressive", "B": "aggressive", "T": "cautious"},
          {"A": "T", "B": "T", "T": "B"})
    chosen = suggest_declaration(b, "A")
    assert [(a.action, a.maneuver) for a in chosen][:1] == [(MOBILITY, "outmaneuver")]
    assert [a.action for a in chosen[1:]] == [ATTACK]
    from rules.declare import commit_declaration
    commit_declaration(b, "A", chosen)  # the attack stays legal after the mobility maneuver
    assert [c.action.action for c in b.declarations["A"]] == [MOBILITY, ATTACK]
