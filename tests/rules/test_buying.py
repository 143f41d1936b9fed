"""Buying, stealing and force-entering initiative (SPEC §4.7)."""

from __future__ import annotations

import pytest

from rules.bout import ATTACK, BUY_INITIATIVE, Action, Bout, IllegalAction
from rules.declare import commit_declaration
from rules.dice import ScriptedStream
from rules.events import AttackCancelled, ReflexContest, RoundEnded, TerrainRoll
from rules.menu import available_actions
from tests.rules.helpers import attack_order, bout, exchange, setup, sheet

A_FIRST = {"A": "aggressive", "B": "cautious"}


def test_steal_that_loses_its_contest_strikes_second() -> None:
    b = bout(sheet("A", AG=2, WT=2, TO=15), sheet("B", AG=2, WT=2, TO=15))
    cp_before = b.fighters["B"].cp
    decl = {"A": [Action(ATTACK, "cut", "B", 2, "III")], "B": [Action(BUY_INITIATIVE, "cut", "A", 2, "III")]}
    # contest: A [9 9] = 2 vs B [3 3] = 0 -> A first; A misses, B misses
    result = exchange(b, [9, 9, 3, 3, 2, 2, 2, 2], decl, A_FIRST)
    contest = next(e for e in result.events if isinstance(e, ReflexContest))
    assert contest.winner == "A"
    assert attack_order(result.events) == ["A", "B"]
    buy = b.rules.buy_cost(6)
    assert buy == 4  # proficiency 6-8 pays 4 (TFOB "3, 4 or 5")
    assert cp_before - b.fighters["B"].cp == buy + 2


def test_steal_that_wins_its_contest_strikes_first() -> None:
    b = bout(sheet("A", AG=2, WT=2, TO=15), sheet("B", AG=2, WT=2, TO=15))
    decl = {"A": [Action(ATTACK, "cut", "B", 2, "III")], "B": [Action(BUY_INITIATIVE, "cut", "A", 2, "III")]}
    result = exchange(b, [3, 3, 9, 9, 2, 2, 2, 2], decl, A_FIRST)
    assert attack_order(result.events) == ["B", "A"]


def test_tied_steal_goes_to_the_original_holder() -> None:
    b = bout(sheet("A", AG=2, WT=2, TO=15), sheet("B", AG=2, WT=2, TO=15))
    decl = {"A": [Action(ATTACK, "cut", "B", 2, "III")], "B": [Action(BUY_INITIATIVE, "cut", "A", 2, "III")]}
    result = exchange(b, [9, 3, 9, 3, 2, 2, 2, 2], decl, A_FIRST)
    contest = next(e for e in result.events if isinstance(e, ReflexContest))
    assert contest.winner == "A" and "TFOB" in contest.reason
    assert attack_order(result.events) == ["A", "B"]


def test_steal_is_offered_only_against_a_declared_assailant() -> None:
    b = bout(sheet("A", AG=2, WT=2), sheet("B", AG=2, WT=2))
    setup(b, ScriptedStream([]), A_FIRST)
    commit_declaration(b, "A", [])  # A holds initiative but forfeits his attack
    menu = available_actions(b, "B")
    om = menu.opponent("A")
    assert om is not None and om.action(BUY_INITIATIVE) is not None
    assert om.action(BUY_INITIATIVE).flavour == "force_enter"  # not under attack: force-enter, not steal


def _force_enter_bout() -> Bout:
    # D (Aggressive) holds initiative over C and forfeits; C, not under attack, force-enters.
    # F holds initiative over G and attacks; F's Reflex 5 sits between C's halved (4) and full (8).
    return bout(
        sheet("C", AG=8, WT=8, TO=15, prof={"cut_and_thrust": 10}),
        sheet("D", AG=2, WT=2, TO=15),
        sheet("F", AG=5, WT=5, TO=15),
        sheet("G", AG=2, WT=2, TO=15),
    )


FE_ORI = {"C": "cautious", "D": "aggressive", "F": "aggressive", "G": "defensive"}
FE_TARGETS = {"C": "D", "D": "C", "F": "G", "G": "F"}


def test_force_enter_pays_buy_cost_and_terrain_dice_and_halves_reflex() -> None:
    b = _force_enter_bout()
    cp = b.fighters["C"].cp
    decl = {
        "C": [Action(BUY_INITIATIVE, "cut", "D", 2, "III", terrain_dice=2)],
        "F": [Action(ATTACK, "cut", "G", 2, "III")],
    }
    result = exchange(b, [2, 2, 9, 9, 2, 2], decl, FE_ORI, FE_TARGETS)
    assert cp - b.fighters["C"].cp == 3 + 2 + 2  # level 10 buys for 3, plus terrain dice and attack dice
    assert attack_order(result.events) == ["F", "C"]  # C orders at Reflex 8 // 2 = 4 < 5
    terrain = next(e for e in result.events if isinstance(e, TerrainRoll))
    assert terrain.passed and terrain.tn == 7


def test_force_enter_reflex_can_be_bought_back() -> None:
    b = _force_enter_bout()
    decl = {
        "C": [Action(BUY_INITIATIVE, "cut", "D", 2, "III", reflex_buy=4, terrain_dice=1)],
        "F": [Action(ATTACK, "cut", "G", 2, "III")],
    }
    result = exchange(b, [9, 2, 2, 2, 2], decl, FE_ORI, FE_TARGETS)
    assert attack_order(result.events) == ["C", "F"]  # 4 + 4 = 8 again
    with pytest.raises(IllegalAction, match="Reflex can be bought back"):
        b2 = _force_enter_bout()
        setup(b2, ScriptedStream([]), FE_ORI, FE_TARGETS)
        commit_declaration(b2, "D", [])
        commit_declaration(b2, "F", [])
        commit_declaration(b2, "G", [])
        commit_declaration(b2, "C", [Action(BUY_INITIATIVE, "cut", "D", 2, "III", reflex_buy=5)])


def test_failed_terrain_roll_fails_the_attack() -> None:
    b = _force_enter_bout()
    decl = {"C": [Action(BUY_INITIATIVE, "cut", "D", 2, "III", terrain_dice=1)]}
    result = exchange(b, [6], decl, FE_ORI, FE_TARGETS)
    cancelled = [e for e in result.events if isinstance(e, AttackCancelled)]
    assert cancelled and "terrain" in cancelled[0].reason
    assert not [e for e in result.events if e.type == "attack"]


def test_force_entering_in_exchange_two_skips_the_next_refresh() -> None:
    b = _force_enter_bout()
    # exchange 1: D and F hit (glancing), so their initiative flows into exchange 2
    first = {"D": [Action(ATTACK, "cut", "C", 2, "III")], "F": [Action(ATTACK, "cut", "G", 2, "III")]}
    exchange(b, [9, 9, 1, 9, 9, 1], first, FE_ORI, FE_TARGETS)
    assert b.clock.exchange == 2 and ("D", "C") in b.holders
    decl = {"C": [Action(BUY_INITIATIVE, "cut", "D", 2, "III", terrain_dice=1)]}
    result = exchange(b, [9, 2, 2], decl, None, FE_TARGETS)
    end = next(e for e in result.events if isinstance(e, RoundEnded))
    refreshed = dict(end.refreshed)
    assert refreshed["C"] == b.fighters["C"].cp < b.fighters["C"].max_cp()
    assert refreshed["D"] == b.fighters["D"].max_cp()


def test_a_tied_steal_goes_to_the_holder_even_against_a_quicker_thief_and_buy_tie_reflex_keeps_the_old_order() -> None:
    """Issue 13 item 9 (design doc after TFOB): a tied buy/steal contest goes to the original holder;
    house rule `buy_tie: reflex` keeps the older order (the higher Reflex first). The shipped scenario
    content/scenarios/bouts/tfob_buy_tie.yaml shows it: Aldo (Reflex 4) holds, Bruno (Reflex 7) steals,
    one success each."""
    from importlib.resources import files

    from rules.scenario import load_scenario, run_scenario

    scenario = load_scenario(str(files("content") / "scenarios" / "bouts" / "tfob_buy_tie.yaml"))
    for rule, winner in (("holder", "A"), ("reflex", "B")):
        result = run_scenario(scenario.model_copy(update={"house_rules": {"buy_tie": rule}}))
        contest = next(e for e in result.events if isinstance(e, ReflexContest) and e.kind == "strike_first")
        assert (contest.a_successes, contest.b_successes) == (1, 1)
        assert contest.winner == winner, rule
        assert attack_order(result.events)[0] == winner


def _shipped(name: str) -> object:
    from importlib.resources import files

    from rules.scenario import load_scenario

    return load_scenario(str(files("content") / "scenarios" / "bouts" / name))


def test_buying_initiative_as_an_attacker_contests_the_queue_with_the_foe_holding_initiative_over_him() -> None:
    """Issue 13 item 3 (design doc "Buying Initiative as an Attacker"), shipped scenario
    content/scenarios/bouts/buy_initiative_as_attacker.yaml: Xander holds target initiative over Aldo, who
    attacks Tomas and buys initiative as an attacker. The buy is a strike-first contest with Xander (before
    this, the cost was charged and Xander still struck first, no contest); the scripted dice give it to
    Aldo (6 successes to 0), so Aldo's blow lands first."""
    from rules.scenario import run_scenario
    from rules.scenario.model import ScenarioFile

    scenario = _shipped("buy_initiative_as_attacker.yaml")
    assert isinstance(scenario, ScenarioFile)
    result = run_scenario(scenario)
    contests = [e for e in result.events if isinstance(e, ReflexContest) and e.kind == "strike_first"]
    assert [(c.a, c.b, c.a_successes, c.b_successes, c.winner) for c in contests] == [("A", "X", 6, 0, "A")]
    assert attack_order(result.events) == ["A", "X"]
    # every seed (no scripted dice): the contest always happens and the order follows its winner, a tie
    # going to Xander, the holder; a plain Attack instead (no buy) never contests and Xander goes first
    for seed in range(1, 13):
        free = run_scenario(scenario.model_copy(update={"dice": []}), seed=seed)
        contest = next(e for e in free.events if isinstance(e, ReflexContest) and e.kind == "strike_first")
        assert {contest.a, contest.b} == {"A", "X"}, seed
        if contest.a_successes == contest.b_successes:
            assert contest.winner == "X", seed
        assert attack_order(free.events)[:1] == [contest.winner], seed
    exchanges = scenario.exchanges
    first = exchanges[0]
    assert not isinstance(first, str) and not isinstance(first.declarations, str)
    plain = dict(first.declarations)
    spec = plain["A"]
    assert not isinstance(spec, str)
    plain["A"] = [spec[0].model_copy(update={"action": "attack"})]
    no_buy = scenario.model_copy(update={"exchanges": [first.model_copy(update={"declarations": plain})]})
    for seed in range(1, 5):
        late = run_scenario(no_buy.model_copy(update={"dice": []}), seed=seed)
        assert not [e for e in late.events if isinstance(e, ReflexContest) and e.kind == "strike_first"]
        assert attack_order(late.events) == ["X", "A"], seed


def test_the_ai_buys_initiative_as_an_attacker_when_a_holder_attacks_it_and_the_pool_allows() -> None:
    """The same scenario with Aldo's declaration left to the AI (rules.ai._buy_as_attacker): Xander, who
    holds initiative over him, has declared 4 dice on him; Aldo's pool pays the buy and keeps 3 dice."""
    from rules.events import Declared
    from rules.scenario import run_scenario
    from rules.scenario.model import ScenarioFile

    scenario = _shipped("buy_initiative_as_attacker.yaml")
    assert isinstance(scenario, ScenarioFile)
    first = scenario.exchanges[0]
    assert not isinstance(first, str) and not isinstance(first.declarations, str)
    auto = {**first.declarations, "A": "auto"}
    ai = scenario.model_copy(update={"dice": [], "exchanges": [first.model_copy(update={"declarations": auto})]})
    for seed in range(1, 5):
        result = run_scenario(ai, seed=seed)
        mine = [a for e in result.events if isinstance(e, Declared) and e.fighter == "A" for a in e.actions]
        assert [(a.action, a.flavour, a.opponent) for a in mine] == [("buy_initiative", "buy_attacker", "T")], seed
