"""House rule `initiative_model` (SPEC §4.3, §9): `target_plus_global` and `red_white`.

Fighters have Toughness 15 where blows land, so every hit glances off and the scripted faces are
exactly: attack dice, defence dice, location d6 on a hit (and Reflex dice of a Cautious contest).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from rules.ai import suggest_orientation
from rules.bout import ATTACK, BUY_INITIATIVE, CHANGE_TARGET, DEFEND, Action, Bout, IllegalAction
from rules.declare import commit_declaration
from rules.dice import ScriptedStream, SeededStream
from rules.events import Event, GlobalInitiative, OrientationChosen
from rules.exchange import resolve_exchange
from rules.menu import OpponentMenu, available_actions
from rules.scenario import load_scenario, run_scenario
from tests.rules.helpers import attack_order, attacks, bout, catalog, exchange, setup, sheet

GLOBAL = "target_plus_global"


def _bout(model: str, *fighters: tuple[str, int]) -> Bout:
    """Fighters of separate sides: (id, AG and WT, hence Reflex)."""
    cat = catalog(initiative_model=model)
    return bout(*(sheet(fid, AG=r, WT=r, TO=15, cat=cat) for fid, r in fighters), cat=cat)


def _opponent(b: Bout, fid: str, opp: str) -> OpponentMenu:
    om = available_actions(b, fid).opponent(opp)
    assert om is not None
    return om


def _globals(events: Sequence[Event]) -> list[GlobalInitiative]:
    return [e for e in events if isinstance(e, GlobalInitiative)]


# ----- target_plus_global ---------------------------------------------------------------------------
def test_everyone_holds_global_initiative_at_bout_start_and_only_under_that_model() -> None:
    b = _bout(GLOBAL, ("A", 3), ("B", 3), ("C", 3))
    assert all(b.has_global(f) for f in "ABC")
    b.add_fighter(sheet("D", TO=15, cat=b.catalog))
    assert b.has_global("D")  # a joiner holds it, as at bout start
    plain = _bout("target", ("A", 3), ("B", 3))
    assert not plain.has_global("A") and not plain.has_global("B")


@pytest.mark.parametrize("model", ["target", GLOBAL])
def test_global_initiative_offers_an_attack_on_a_non_target_foe_in_the_initiative_queue(model: str) -> None:
    # A (Reflex 8) targets B, who targets A (B Defensive: A holds over him); C targets B, D targets A.
    # A attacks C, who is not his target; D overwatches A and still strikes first.
    b = _bout(model, ("A", 8), ("B", 3), ("C", 3), ("D", 2))
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "defensive", "C": "aggressive", "D": "aggressive"},
          {"A": "B", "B": "A", "C": "B", "D": "A"})
    assert b.relation("A", "C") == "none" and b.relation("D", "A") == "you_hold"
    om = _opponent(b, "A", "C")
    if model == "target":
        assert om.action(ATTACK) is None and om.action(CHANGE_TARGET) is not None
        return
    attack = om.action(ATTACK)
    assert attack is not None and attack.flavour == "global"
    decl = {"A": [Action(ATTACK, "cut", "C", 3, "III")], "D": [Action(ATTACK, "cut", "A", 3, "III")]}
    while (fid := b.next_declarer()) is not None:
        commit_declaration(b, fid, decl.get(fid, []))
    assert b.targets["A"] == "B"  # his target does not change
    result = resolve_exchange(b, SeededStream(4, "combat"))
    assert attack_order(result.events) == ["D", "A"]
    on_c = next(a for a in attacks(result.events) if a.attacker == "A")
    assert on_c.defender == "C" and on_c.queue == "initiative"


def _hit_a_then_tie(model: str) -> tuple[Bout, list[Event]]:
    """Exchange 1: A and B (Aggressive, mutual targets) do nothing, C overwatches A and hits him.
    Exchange 2: A-B lulled, so the pair (no orientation now) rolls a Cautious contest that ties."""
    b = _bout(model, ("A", 2), ("B", 2), ("C", 2))
    result = exchange(
        b, [9, 9, 9, 1], {"C": [Action(ATTACK, "cut", "A", 3, "III")]},
        {"A": "aggressive", "B": "aggressive", "C": "aggressive"}, {"A": "B", "B": "A", "C": "A"},
    )
    assert b.clock.exchange == 2
    setup(b, ScriptedStream([1, 1, 1, 1]))
    assert b.relation("A", "B") == "none"
    return b, list(result.events)


def test_a_fighter_who_was_hit_loses_global_initiative_and_must_buy_against_a_none_pair() -> None:
    b, events = _hit_a_then_tie(GLOBAL)
    (glob,) = _globals(events)
    assert glob.holders == ("B", "C") and glob.lost == ("A",)
    assert not b.has_global("A") and b.has_global("B") and b.has_global("C")
    om = _opponent(b, "A", "B")
    assert om.action(ATTACK) is None
    buy = om.action(BUY_INITIATIVE)
    assert buy is not None and buy.flavour == "buy_attacker"
    # B, unhurt and idle, kept it: a plain Attack on his target, and on C who is not his target
    assert _opponent(b, "B", "A").action(ATTACK) is not None
    assert _opponent(b, "B", "C").action(ATTACK) is not None


def test_default_model_offers_a_plain_attack_against_a_none_pair_and_no_global_event() -> None:
    b, events = _hit_a_then_tie("target")
    assert not _globals(events)
    assert _opponent(b, "A", "B").action(ATTACK) is not None
    assert _opponent(b, "B", "C").action(ATTACK) is None


def test_a_miss_loses_global_initiative_a_landed_attack_regains_it() -> None:
    b = _bout(GLOBAL, ("A", 3), ("B", 3))
    b.global_holders.discard("B")  # as if B had been hit earlier
    # A cuts B and misses (B parries); B attacked nothing and was not hit: he keeps lacking it
    result = exchange(b, [2, 2, 2, 9, 9], {"A": [Action(ATTACK, "cut", "B", 3, "III")],
                                           "B": [Action(DEFEND, "parry", "A", 2)]},
                      {"A": "aggressive", "B": "cautious"})
    (glob,) = _globals(result.events)
    assert glob.holders == () and glob.lost == ("A",)
    # exchange 2: B (parried, so he holds over A) cuts A and lands: he regains it
    result = exchange(b, [9, 9, 9, 1], {"B": [Action(ATTACK, "cut", "A", 3, "III")]})
    (glob,) = _globals(result.events)
    assert glob.holders == ("B",) and glob.gained == ("B",)


def test_a_battle_pause_gives_everyone_global_initiative_again() -> None:
    # Aggressive vs Aggressive, the strike-first contest ties (simultaneous), both hit: "—", a pause
    b = _bout(GLOBAL, ("A", 3), ("B", 3))
    cut = {"A": [Action(ATTACK, "cut", "B", 3, "III")], "B": [Action(ATTACK, "cut", "A", 3, "III")]}
    result = exchange(b, [1] * 6 + [9] * 6 + [1, 1], cut, {"A": "aggressive", "B": "aggressive"})
    assert result.pause
    (glob,) = _globals(result.events)
    assert glob.holders == ("A", "B") and glob.lost == ()
    assert b.has_global("A") and b.has_global("B")


# ----- red_white ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ta", "tb", "holders", "contested"),
    [
        ("red", "white", {("A", "B")}, set()),
        ("white", "red", {("B", "A")}, set()),
        ("white", "white", set(), set()),
        ("red", "red", set(), {("A", "B")}),
    ],
)
def test_red_white_throws_decide_target_initiative(
    ta: str, tb: str, holders: set[tuple[str, str]], contested: set[tuple[str, str]]
) -> None:
    b = _bout("red_white", ("A", 3), ("B", 3))
    events = setup(b, ScriptedStream([]), {"A": ta, "B": tb})  # no dice: no Cautious contest
    assert b.holders == holders and b.contested == contested
    assert [e.orientation for e in events if isinstance(e, OrientationChosen)] == [ta, tb]
    assert (b.shown_orientation("A"), b.shown_orientation("B")) == (ta, tb)


def test_white_white_is_a_circle_the_throw_reopens_next_round() -> None:
    b = _bout("red_white", ("A", 3), ("B", 3))
    setup(b, ScriptedStream([]), {"A": "white", "B": "white"})
    assert _opponent(b, "A", "B").action(ATTACK) is None  # white defends
    while (fid := b.next_declarer()) is not None:
        commit_declaration(b, fid, [])
    resolve_exchange(b, ScriptedStream([]))
    assert (b.clock.round, b.clock.exchange) == (2, 1)
    assert sorted(b.orientation_due()) == ["A", "B"]
    setup(b, ScriptedStream([]), {"A": "red", "B": "white"})
    assert b.holders == {("A", "B")}


def test_orientation_vocabulary_follows_the_initiative_model() -> None:
    rw = _bout("red_white", ("A", 3), ("B", 3))
    assert rw.orientation_choices() == ("red", "white")
    for wrong in ("aggressive", "cautious", "defensive", "purple"):
        with pytest.raises(IllegalAction):
            rw.choose_orientation("A", wrong)
    assert suggest_orientation(rw, "A", SeededStream(1, "ai")) in ("red", "white")
    plain = _bout("target", ("A", 3), ("B", 3))
    assert plain.orientation_choices() == ("aggressive", "cautious", "defensive")
    for wrong in ("red", "white"):
        with pytest.raises(IllegalAction):
            plain.choose_orientation("A", wrong)
    assert suggest_orientation(plain, "A", SeededStream(1, "ai")) in plain.orientation_choices()


@pytest.mark.parametrize("model", [GLOBAL, "red_white"])
def test_shipped_scenarios_run_under_each_model(model: str) -> None:
    bouts = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "bouts"
    ran = 0
    for path in sorted(bouts.glob("*.yaml")):
        scenario = load_scenario(path)
        if model == "red_white":
            if any(not isinstance(x, str) and (x.orientations or x.declarations != "auto")
                   for x in scenario.exchanges):
                continue  # scripted orientations (default vocabulary) or declarations made for them
            auto = [f.model_copy(update={"orientation": "auto"}) for f in scenario.fighters]
            scenario = scenario.model_copy(update={"fighters": auto})
        scenario = scenario.model_copy(update={"house_rules": {**scenario.house_rules, "initiative_model": model}})
        result = run_scenario(scenario)
        assert result.exchanges_run >= 1
        ran += 1
        if model == GLOBAL:
            assert any(isinstance(e, GlobalInitiative) for e in result.events)
    assert ran >= 1


def test_house_rule_miss_loses_global_off_a_miss_keeps_global_initiative_a_hit_still_loses_it() -> None:
    """Issue 13 item 15 (design doc "In global initiative, there are 2 variants to this"): with
    `miss_loses_global: false` only a hit on him costs global initiative. Same dice as the test above:
    A's cut is parried (a miss), A keeps it; then B's cut lands on A, who loses it."""
    cat = catalog(initiative_model=GLOBAL, miss_loses_global=False)
    b = bout(*(sheet(fid, AG=3, WT=3, TO=15, cat=cat) for fid in "AB"), cat=cat)
    b.global_holders.discard("B")
    result = exchange(b, [2, 2, 2, 9, 9], {"A": [Action(ATTACK, "cut", "B", 3, "III")],
                                           "B": [Action(DEFEND, "parry", "A", 2)]},
                      {"A": "aggressive", "B": "cautious"})
    (glob,) = _globals(result.events)
    assert glob.holders == ("A",) and glob.lost == ()
    result = exchange(b, [9, 9, 9, 1], {"B": [Action(ATTACK, "cut", "A", 3, "III")]})
    (glob,) = _globals(result.events)
    assert glob.holders == ("B",) and glob.lost == ("A",) and glob.gained == ("B",)
