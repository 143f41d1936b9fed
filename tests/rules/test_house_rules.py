"""House rules of SPEC §9 that change declarations: `stance_bonus`, `quick_attack`, `declare_roots_only`.

Fighters have Toughness 15 where blows land, so every hit glances off and the scripted faces are
exactly: attack dice, defence dice, location d6 on a hit.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.ai import suggest_declaration
from rules.bout import (
    ATTACK,
    BUY_INITIATIVE,
    DEFEND,
    DEFEND_PREEMPTIVE,
    NO_INITIATIVE,
    QUICK_ATTACK,
    Action,
    Bout,
    IllegalAction,
    visible_declaration,
)
from rules.catalog import Catalog
from rules.costs import stance_cost, stance_shift
from rules.declare import commit_declaration
from rules.dice import ScriptedStream
from rules.events import Attack, Declared, InitiativeAfter, RoundEnded
from rules.fighter import Attributes, FighterSheet
from rules.menu import available_actions
from tests.rules.helpers import attacks, bout, catalog, exchange, setup, sheet
from tests.rules.test_properties import LOADOUTS, play

A_ATTACKS = {"A": "aggressive", "B": "defensive"}
A_HOLDS = {"A": "aggressive", "B": "cautious"}


# ----- stance_bonus -------------------------------------------------------------------------------
def _spear_duel(**rules: object) -> Bout:
    """A (sword, cut & thrust) against B (spear: Counter costs 4 CP for polearm)."""
    cat = catalog(**rules)
    return bout(
        sheet("A", prof={"cut_and_thrust": 6}, TO=15, cat=cat),
        sheet("B", weapon="spear", prof={"polearm": 6}, TO=15, cat=cat),
        cat=cat,
    )


def _costs(b: Bout, fid: str, opponent: str, action: str) -> dict[str, int]:
    om = available_actions(b, fid).opponent(opponent)
    assert om is not None
    ao = om.action(action)
    assert ao is not None
    return {o.maneuver: o.cost for o in ao.maneuvers}


def _sword_duel(**rules: object) -> Bout:
    cat = catalog(**rules)
    prof = {"cut_and_thrust": 6}
    return bout(sheet("A", prof=prof, cat=cat), sheet("B", prof=prof, cat=cat), cat=cat)


def test_stance_bonus_is_off_by_default() -> None:
    b = _sword_duel()
    setup(b, ScriptedStream([]), A_ATTACKS)
    assert _costs(b, "A", "B", ATTACK)["murder_stroke"] == 1
    spear = _spear_duel()
    setup(spear, ScriptedStream([]), A_ATTACKS)
    commit_declaration(spear, "A", [Action(ATTACK, "cut", "B", 3, "III")])
    assert _costs(spear, "B", "A", DEFEND)["counter"] == 4


def test_stance_aggressive_attacks_cost_two_less_never_below_zero() -> None:
    b = _sword_duel(stance_bonus=True)
    setup(b, ScriptedStream([]), A_ATTACKS)
    costs = _costs(b, "A", "B", ATTACK)
    assert costs["murder_stroke"] == 0  # 1 - 2, floored at 0
    assert costs["cut"] == 0
    cp = b.fighters["A"].cp
    commit_declaration(b, "A", [Action(ATTACK, "murder_stroke", "B", 3, "III")])
    assert cp - b.fighters["A"].cp == 3  # the dice only


def test_stance_defensive_defences_cost_two_less_and_are_charged_so() -> None:
    b = _spear_duel(stance_bonus=True)
    setup(b, ScriptedStream([]), A_ATTACKS)
    commit_declaration(b, "A", [Action(ATTACK, "cut", "B", 3, "III")])
    costs = _costs(b, "B", "A", DEFEND)
    assert costs["counter"] == 2  # polearm Counter 4 - 2
    assert costs["full_evasion"] == 0
    cp = b.fighters["B"].cp
    # what is left for a second item counts the shifted cost too
    assert available_actions(b, "B", [Action(DEFEND, "counter", "A", 3)]).cp == cp - 2 - 3
    (declared,) = commit_declaration(b, "B", [Action(DEFEND, "counter", "A", 3)])
    assert isinstance(declared, Declared) and declared.actions[0].cost == 2 + 3
    assert cp - b.fighters["B"].cp == 5


def test_stance_applies_only_in_the_exchange_that_has_orientations() -> None:
    b = _spear_duel(stance_bonus=True)
    # exchange 1: A's cut hits (glances off), so A holds initiative into exchange 2
    exchange(b, [9, 9, 9, 2, 2, 2, 1], {"A": [Action(ATTACK, "cut", "B", 3, "III")],
                                         "B": [Action(DEFEND, "counter", "A", 3)]}, A_ATTACKS)
    assert b.clock.exchange == 2 and ("A", "B") in b.holders and b.orientation["B"] is None
    b.finish_targeting(ScriptedStream([]))
    commit_declaration(b, "A", [Action(ATTACK, "cut", "B", 1, "III")])
    assert _costs(b, "B", "A", DEFEND)["counter"] == 4  # no orientation, no stance


def test_stance_shift_and_its_exemptions() -> None:
    b = _spear_duel(stance_bonus=True)
    setup(b, ScriptedStream([]), A_ATTACKS)
    maneuvers = b.catalog.maneuvers
    assert (stance_shift(b, "A", "attack"), stance_shift(b, "A", "defense")) == (-2, 2)
    assert (stance_shift(b, "B", "attack"), stance_shift(b, "B", "defense")) == (2, -2)
    assert stance_cost(0, 2, maneuvers["parry"]) == 2  # an Aggressive parry would cost 2 more
    assert stance_cost(0, 2, maneuvers["full_evasion"]) == 0  # Full Evasion ignores stance
    assert stance_cost(1, -2, maneuvers["murder_stroke"]) == 0
    cautious = _spear_duel(stance_bonus=True)
    setup(cautious, ScriptedStream([]), {"A": "cautious", "B": "defensive"})
    assert stance_shift(cautious, "A", "attack") == stance_shift(cautious, "A", "defense") == 0


# ----- quick_attack -------------------------------------------------------------------------------
def _duel(**rules: object) -> Bout:
    cat = catalog(**rules)
    return bout(sheet("A", AG=2, WT=2, TO=15, cat=cat), sheet("B", AG=2, WT=2, TO=15, cat=cat), cat=cat)


def test_quick_attack_is_offered_only_with_the_house_rule_once_the_holder_forfeits() -> None:
    plain = _duel()
    setup(plain, ScriptedStream([]), A_HOLDS)
    commit_declaration(plain, "A", [])
    assert available_actions(plain, "B").opponent("A").action(QUICK_ATTACK) is None
    with pytest.raises(IllegalAction, match="not available"):
        commit_declaration(plain, "B", [Action(QUICK_ATTACK, "cut", "A", 2, "III")])

    b = _duel(quick_attack=True)
    setup(b, ScriptedStream([]), A_HOLDS)
    assert b.next_declarer() == "A"  # the holder declares first ...
    assert available_actions(b, "B").opponent("A").action(QUICK_ATTACK) is None  # ... so not yet
    commit_declaration(b, "A", [])
    om = available_actions(b, "B").opponent("A")
    quick = om.action(QUICK_ATTACK)
    assert quick is not None and quick.label == "Quick Attack" and quick.option("cut") is not None
    assert om.action(BUY_INITIATIVE) is not None  # buying (force-enter) stays possible


def test_no_quick_attack_against_a_holder_who_attacks_you() -> None:
    b = _duel(quick_attack=True)
    setup(b, ScriptedStream([]), A_HOLDS)
    commit_declaration(b, "A", [Action(ATTACK, "cut", "B", 2, "III")])
    om = available_actions(b, "B").opponent("A")
    assert om.action(QUICK_ATTACK) is None
    assert om.action(NO_INITIATIVE) is not None


def test_a_quick_attack_that_hits_gains_no_initiative_and_reopens_orientation() -> None:
    b = _duel(quick_attack=True)
    result = exchange(b, [9, 9, 2], {"A": [], "B": [Action(QUICK_ATTACK, "cut", "A", 2, "III")]}, A_HOLDS)
    (attack,) = attacks(result.events)
    assert attack.hit and attack.queue == "non_initiative"
    after = next(e for e in result.events if isinstance(e, InitiativeAfter))
    assert [(r.symbol, r.holder) for r in after.results] == [("quick_hit", None)]
    assert after.holders == () and set(after.paused) == {"A", "B"}
    end = next(e for e in result.events if isinstance(e, RoundEnded))
    assert end.pause  # nobody holds anything: battle pause, orientation again
    assert b.orientation_due() == ["A", "B"]


def test_a_failed_quick_attack_leaves_the_target_holding_initiative() -> None:
    b = _duel(quick_attack=True)
    result = exchange(b, [2, 2], {"A": [], "B": [Action(QUICK_ATTACK, "cut", "A", 2, "III")]}, A_HOLDS)
    after = next(e for e in result.events if isinstance(e, InitiativeAfter))
    assert [(r.symbol, r.holder) for r in after.results] == [("miss", "A")]
    assert b.holders == {("A", "B")}


def test_a_preemptive_defence_meets_the_quick_attack() -> None:
    b = _duel(quick_attack=True)
    # Cautious vs Cautious: A wins the Reflex contest [9 9] vs [2 2], holds, and only prepares a parry
    decl = {"A": [Action(DEFEND_PREEMPTIVE, "parry", "B", 3)], "B": [Action(QUICK_ATTACK, "cut", "A", 2, "III")]}
    result = exchange(b, [9, 9, 2, 2] + [2, 2] + [9, 9, 9], decl, {"A": "cautious", "B": "cautious"})
    (attack,) = attacks(result.events)
    assert attack.defence is not None and attack.defence.maneuver == "parry" and not attack.hit
    assert b.holders == {("A", "B")}  # a successful parry: the defender (and holder) keeps it


def test_the_ai_strikes_back_with_a_quick_attack() -> None:
    b = _duel(quick_attack=True)
    setup(b, ScriptedStream([]), A_HOLDS)
    commit_declaration(b, "A", [])
    (action,) = suggest_declaration(b, "B")
    assert action.action == QUICK_ATTACK and action.opponent == "A"
    commit_declaration(b, "B", [action])
    plain = _duel()
    setup(plain, ScriptedStream([]), A_HOLDS)
    commit_declaration(plain, "A", [])
    assert suggest_declaration(plain, "B") == []


# ----- declare_roots_only -------------------------------------------------------------------------
def test_later_declarers_see_only_the_root_with_the_house_rule() -> None:
    for roots_only, seen_cut, seen_counter in ((False, "cut", "counter"), (True, "swing", "parry")):
        cat = catalog(declare_roots_only=roots_only)
        b = bout(sheet("A", cat=cat), sheet("B", cat=cat), sheet("C", cat=cat), cat=cat)
        # A holds over B and cuts; C (defensive, targeted by nobody) prepares a Counter against B
        setup(b, ScriptedStream([]), {"A": "aggressive", "B": "cautious", "C": "cautious"},
              {"A": "B", "B": "A", "C": "B"})
        while (fid := b.next_declarer()) is not None:
            decl = {"A": [Action(ATTACK, "cut", "B", 3, "III")], "C": [Action(DEFEND_PREEMPTIVE, "counter", "B", 2)]}
            commit_declaration(b, fid, decl.get(fid, []))
        (seen,) = visible_declaration(b, "B", "A")
        assert (seen.action, seen.maneuver, seen.opponent, seen.dice, seen.zone) == (ATTACK, seen_cut, "B", 3, "III")
        assert visible_declaration(b, "B", "C")[0].maneuver == seen_counter
        assert visible_declaration(b, "A", "A")[0].maneuver == "cut"  # your own, exactly


def _disguised_catalog(roots_only: bool) -> Catalog:
    """Cut turned into a thrust at TN +3: a hidden detail that the menus and the AI would react to."""
    cat = catalog(declare_roots_only=roots_only)
    cut = cat.maneuvers["cut"]
    disguised = dataclasses.replace(cut, attack_kind="thrust", tn=dataclasses.replace(cut.tn, modifier=3))
    return dataclasses.replace(cat, maneuvers={**cat.maneuvers, "cut": disguised})


def _defender_view(cat: Catalog, maneuver: str, zone: str) -> tuple[list[str], list[Action]]:
    b = bout(sheet("A", prof={"cut_and_thrust": 6}, cat=cat), sheet("B", prof={"cut_and_thrust": 8}, cat=cat), cat=cat)
    setup(b, ScriptedStream([]), A_HOLDS)
    commit_declaration(b, "A", [Action(ATTACK, maneuver, "B", 4, zone)])
    om = available_actions(b, "B").opponent("A")
    assert om is not None
    defend = om.action(DEFEND)
    assert defend is not None
    return sorted(o.maneuver for o in defend.maneuvers), suggest_declaration(b, "B")


def test_menus_and_ai_of_later_declarers_cannot_tell_a_child_from_its_root() -> None:
    exact = _disguised_catalog(False)
    # without the house rule the hidden details matter: Rota (against swings only) goes, and the AI
    # expects a harder attack and defends with fewer dice
    cut_menu, cut_ai = _defender_view(exact, "cut", "XI")
    swing_menu, swing_ai = _defender_view(exact, "swing", "III")
    assert "rota" not in cut_menu and "rota" in swing_menu
    assert cut_ai[0].dice < swing_ai[0].dice
    roots = _disguised_catalog(True)
    assert _defender_view(roots, "cut", "XI") == _defender_view(roots, "swing", "III")
    menu, _ = _defender_view(roots, "cut", "XI")
    assert "rota" in menu  # offered against what looks like a Swing (it will not fit the real thrust)


def test_attack_events_still_record_the_exact_maneuver() -> None:
    cat = catalog(declare_roots_only=True)
    b = bout(sheet("A", TO=15, cat=cat), sheet("B", TO=15, cat=cat), cat=cat)
    result = exchange(b, [2, 2], {"A": [Action(ATTACK, "cut", "B", 2, "III")]}, A_HOLDS)
    assert [a.maneuver for a in result.events if isinstance(a, Attack)] == ["cut"]


# ----- all three together, over random automatic bouts ---------------------------------------------
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**31), st.integers(min_value=2, max_value=4))
def test_cp_accounting_and_determinism_hold_with_the_house_rules(seed: int, n: int) -> None:
    cat = catalog(stance_bonus=True, quick_attack=True, declare_roots_only=True)

    def run() -> list[str]:
        rng = random.Random(seed)
        sheets = []
        for i in range(n):
            weapon, shield, prof = LOADOUTS[rng.randrange(len(LOADOUTS))]
            sheets.append(FighterSheet.build(
                cat, id=f"F{i}", side=f"s{i % max(2, n - 1)}", weapon=weapon, shield=shield, proficiencies=prof,
                attributes=Attributes(*[rng.randint(2, 9) for _ in range(8)]),
            ))
        return [json.dumps(e.to_dict(), sort_keys=True) for e in play(Bout(cat, sheets), seed, 10)]

    assert run() == run()


def test_partial_evade_seize_cost_is_the_one_source_of_the_seize_cost() -> None:
    """House rule `partial_evade_seize_cost` sets both the menu's conditional cost ("~N") and the CP a
    successful Partial Evasion pays to seize initiative (defense.yaml only marks it `can_seize`)."""
    from rules.bout import ATTACK, DEFEND, Action
    from rules.declare import commit_declaration
    from rules.dice import ScriptedStream
    from rules.events import CpSpent, InitiativeAfter
    from rules.exchange import resolve_exchange
    from rules.menu import available_actions
    from tests.rules.helpers import bout, catalog, setup, sheet

    for cost in (2, 3):
        b = bout(sheet("A", AG=6, WT=6), sheet("B"), cat=catalog(partial_evade_seize_cost=cost))
        setup(b, ScriptedStream([]), {"A": "aggressive", "B": "cautious"})
        commit_declaration(b, "A", [Action(ATTACK, "cut", "B", 3, "III")])
        evade = available_actions(b, "B").opponent("A").action(DEFEND).option("partial_evasion")
        assert evade is not None and evade.label.startswith(f"Partial Evasion (~{cost}): tn")
        commit_declaration(b, "B", [Action(DEFEND, "partial_evasion", "A", 5, seize=True)])
        result = resolve_exchange(b, ScriptedStream([1, 1, 2, 9, 9, 9, 9, 9]))  # A: 0 successes, B: 5
        spent = [e for e in result.events if isinstance(e, CpSpent) and e.fighter == "B"]
        assert [e.amount for e in spent] == [cost]
        after = next(e for e in result.events if isinstance(e, InitiativeAfter))
        assert ("B", "A") in after.holders


def test_declaration_order_by_the_design_docs_variations() -> None:
    """Issue 13 item 15 (design doc's variations of the declaration order): within a group the lowest
    declares first; house rule `declaration_order` picks the stat (Reflex by default)."""
    from rules.dice import ScriptedStream
    from tests.rules.helpers import bout, catalog, setup, sheet

    # A: Reflex 7, Perception 2, Wit 7; B: Reflex 3, Perception 9, Wit 3
    expected = {"reflex": ["B", "A"], "perception": ["A", "B"], "wit": ["B", "A"], "agility": ["B", "A"],
                "perception_wit": ["A", "B"], "perception_reflex": ["A", "B"]}
    for rule, order in expected.items():
        b = bout(sheet("A", AG=7, WT=7, PER=2), sheet("B", AG=3, WT=3, PER=9), cat=catalog(declaration_order=rule))
        setup(b, ScriptedStream([]), {"A": "defensive", "B": "defensive"})  # nobody holds initiative
        assert not b.holders
        assert b.declaration_order() == order, rule
