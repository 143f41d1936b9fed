"""Issue 13 item 2: the design doc's appendix maneuvers ("Manuever Tree") that were placeholders are
playable, each with its TRoS cost, TN and effect (research §3.5; our rulings in docs/rules_rulings.md).
Each shipped scenario (content/scenarios/bouts/) scripts the dice and the test asserts what the rule
does; before the change every one of them was refused at declaration (status: planned)."""

from __future__ import annotations

from importlib.resources import files

import pytest

from rules.bout import ATTACK, DEFEND, Action, Bout
from rules.content import default_catalog
from rules.dice import ScriptedStream
from rules.events import Attack, AttackCancelled, CpLost, Declared, Event, InitiativeAfter, KnockCheck, Refunded
from rules.log import describe
from rules.menu import available_actions
from rules.scenario import load_scenario, run_scenario
from rules.scenario.runner import ScenarioResult
from tests.rules.helpers import bout, declare_all, setup, sheet


def _run(name: str, **update: object) -> ScenarioResult:
    scenario = load_scenario(str(files("content") / "scenarios" / "bouts" / f"{name}.yaml"))
    if update:
        scenario = scenario.model_copy(update=update)
    return run_scenario(scenario)


def _attacks(events: list[Event]) -> list[Attack]:
    return [e for e in events if isinstance(e, Attack)]


def _cp_lost(events: list[Event]) -> list[tuple[str, int]]:
    return [(e.fighter, e.amount) for e in events if isinstance(e, CpLost)]


def _holders(events: list[Event]) -> tuple[tuple[str, str], ...]:
    return next(e for e in events if isinstance(e, InitiativeAfter)).holders


def test_catalog_has_no_planned_maneuver_left() -> None:
    assert [m.id for m in default_catalog().maneuvers.values() if m.status == "planned"] == []


def test_toss_is_dodged_at_tn_7_whatever_the_defence() -> None:
    r = _run("toss")
    (a,) = _attacks(r.events)
    assert a.maneuver == "toss" and a.tn == 7
    assert a.defence is not None and a.defence.maneuver == "parry" and a.defence.tn == 7  # the sword's DTN is 6
    assert (a.mos, a.hit, a.wound) == (2, True, None)
    assert _cp_lost(r.events) == [("B", 2)]
    assert _holders(r.events) == (("A", "B"),)  # the thrower keeps the initiative


def test_stop_short_rolls_against_perception_and_the_defenders_reflex() -> None:
    r = _run("stop_short")
    (a,) = _attacks(r.events)
    assert a.tn == 4  # Bruno's Perception
    assert a.defence is not None and (a.defence.maneuver, a.defence.dice, a.defence.tn) == ("reflex", 5, 7)
    assert a.hit and a.wound is None and _cp_lost(r.events) == [("B", 2)]
    assert not [e for e in r.events if isinstance(e, Refunded)]  # the parry it drew is spent
    assert r.bout.fighters["B"].cp == 11 - 3 - 2


def test_feint_and_swing_fools_any_defence_by_two() -> None:
    r = _run("feint_and_swing")
    (a,) = _attacks(r.events)
    assert a.defence is not None and a.defence.tn == 8 and a.defence.successes == 0  # parry DTN 6 + 2
    assert a.hit
    declared = next(e for e in r.events if isinstance(e, Declared) and e.fighter == "A")
    assert declared.actions[0].cost == 2 + 4  # its 2 CP and the dice


def test_feint_and_thrust_fools_only_a_parry() -> None:
    r = _run("feint_and_thrust")
    (a,) = _attacks(r.events)
    assert a.defence is not None and a.defence.tn == 8 and a.hit
    # against a Partial Evasion (TN 7) it is a plain thrust: the same 7s now succeed
    scenario = load_scenario(str(files("content") / "scenarios" / "bouts" / "feint_and_thrust.yaml"))
    evade = scenario.exchanges[0]
    assert not isinstance(evade, str) and not isinstance(evade.declarations, str)
    evade = evade.model_copy(deep=True)
    assert not isinstance(evade.declarations, str)
    items = evade.declarations["B"]
    assert not isinstance(items, str)
    items[0] = items[0].model_copy(update={"maneuver": "partial_evasion"})
    r2 = run_scenario(scenario.model_copy(update={"exchanges": [evade]}))
    (b,) = _attacks(r2.events)
    assert b.defence is not None and b.defence.tn == 7 and b.defence.successes == 4 and not b.hit


def test_evasive_attack_raises_its_own_tn_by_one_and_the_foes_by_two() -> None:
    r = _run("evasive_attack")
    mine, his = _attacks(r.events)
    assert (mine.attacker, mine.tn, mine.hit) == ("A", 7, True)  # longsword swing 6 + 1
    assert (his.attacker, his.tn, his.successes, his.hit) == ("B", 8, 0, False)  # arming sword 6 + 2
    declared = next(e for e in r.events if isinstance(e, Declared) and e.fighter == "A")
    assert declared.actions[0].cost == 3 + 4


def test_draw_cut_is_one_level_weaker_and_bleeds_two_more() -> None:
    r = _run("draw_cut")
    (a,) = _attacks(r.events)
    w = a.wound
    assert w is not None and w.level >= 1
    cat = default_catalog()
    sword = cat.weapons["arming_sword"]
    assert w.raw == a.mos + 5 + (sword.damage_swing or 0) - 1 - 5  # ST 5, -1, TO 5
    table = cat.wounds[("cut", w.location)][w.level - 1]
    assert w.bl == table.bl + 2


def test_half_sword_thrusts_at_tn_5_one_level_weaker() -> None:
    r = _run("half_sword")
    (a,) = _attacks(r.events)
    assert (a.tn, a.successes) == (5, 4)  # the longsword thrusts at 6: the 5s would fail
    w = a.wound
    assert w is not None and w.zone == "XI" and w.damage_type == "puncture"
    sword = default_catalog().weapons["longsword"]
    assert w.raw == a.mos + 5 + (sword.damage_thrust or 0) - 1 - 5


@pytest.mark.parametrize(("name", "loser"), [("disarm_attack", "B"), ("disarm_defence", "A")])
def test_disarm_knocks_the_weapon_from_the_losers_hand(name: str, loser: str) -> None:
    r = _run(name)
    (check,) = [e for e in r.events if isinstance(e, KnockCheck)]
    assert (check.fighter, check.kind, check.dice, check.tn, check.failed) == (loser, "disarm", 5 - 2, 8, True)
    assert r.bout.fighters[loser].sheet.weapon is None
    assert not r.bout.fighters[loser].prone
    assert all(a.wound is None for a in _attacks(r.events))
    winner = "A" if loser == "B" else "B"
    assert _holders(r.events) == ((winner, loser),)
    assert describe(check, r.names).endswith("his weapon falls from his hand")
    # disarmed, he is offered no weapon maneuver any more
    menu = available_actions(r.bout, loser)
    offered = {o.maneuver for om in menu.opponents for ao in om.actions for o in ao.maneuvers}
    assert not offered & {"cut", "thrust", "parry"}


def test_hook_pulls_him_down_and_a_sweep_that_he_holds_does_not() -> None:
    r = _run("hook_swing")
    (check,) = [e for e in r.events if isinstance(e, KnockCheck)]
    assert (check.fighter, check.kind, check.dice, check.tn, check.failed) == ("B", "knockdown", 3, 8, True)
    assert r.bout.fighters["B"].prone and r.bout.fighters["B"].cp == (11 - 3) // 2
    assert _holders(r.events) == (("A", "B"),)
    r = _run("hook_sweep")
    (a,) = _attacks(r.events)
    assert a.tn == 6 and a.mos == 1  # the hand axe's swing TN
    (check,) = [e for e in r.events if isinstance(e, KnockCheck)]
    assert (check.dice, check.failed) == (4, False) and not r.bout.fighters["B"].prone


def test_grapple_pins_for_half_or_three_quarters_of_his_cp() -> None:
    r = _run("grapple")
    (a,) = _attacks(r.events)
    assert (a.tn, a.mos, a.wound) == (5, 2, None)
    assert _cp_lost(r.events) == [("B", 8 // 2)]
    from rules.exchange import _cp_loss
    assert [_cp_loss("pin", mos, 4, 8) for mos in (0, 1, 3, 4, 5)] == [0, 4, 4, 6, 6]


def test_expulsion_takes_the_initiative_and_his_cp() -> None:
    r = _run("expulsion")
    (a,) = _attacks(r.events)
    assert a.defence is not None and a.defence.maneuver == "expulsion" and a.mos == -2
    assert _cp_lost(r.events) == [("A", 2)]
    assert _holders(r.events) == (("B", "A"),)


def _defences_against(dice: int, maneuver: str) -> set[str]:
    b = bout(sheet("A", AG=7, WT=7), sheet("B"))
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "cautious"})
    declare_all(b, {"A": [Action(ATTACK, maneuver, "B", dice, "IV" if maneuver == "cut" else "XI")]})
    om = available_actions(b, "B").opponent("A")
    assert om is not None
    defend = om.action(DEFEND)
    assert defend is not None
    return {o.maneuver for o in defend.maneuvers}


def test_expulsion_is_offered_against_thrusts_and_small_swings_only() -> None:
    assert "expulsion" in _defences_against(6, "thrust")
    assert "expulsion" in _defences_against(4, "cut")
    assert "expulsion" not in _defences_against(5, "cut")
    assert "disarm_defense" in _defences_against(5, "cut")


def test_closing_void_moves_the_length_penalty_onto_the_longer_weapon() -> None:
    r = _run("closing_void")
    first = _attacks(r.events)[0]
    assert first.defence is not None and first.defence.maneuver == "closing_void" and first.defence.tn == 8
    assert _holders(r.events) == (("B", "A"),)  # unlike a Void, it takes the initiative
    declared = {e.fighter: e.actions[0].cost for e in r.events if isinstance(e, Declared) and e.exchange == 2}
    assert declared == {"B": 3, "A": 3 + 2}  # the longsword (4) now pays 2 against the short sword (2)


def test_overrun_stops_the_blow_costs_him_cp_and_opens_him() -> None:
    r = _run("overrun")
    (a,) = _attacks(r.events)
    assert a.defence is not None and a.defence.tn == 7 and a.mos == -2
    assert _cp_lost(r.events) == [("A", 2)]
    assert r.bout.fighters["B"].bonus_dice == 2
    assert _holders(r.events) == (("B", "A"),)


def test_master_strike_defence_carries_the_parry_margin_into_the_blow() -> None:
    r = _run("master_strike_defence")
    cut, blow = _attacks(r.events)
    assert cut.defence is not None and cut.defence.maneuver == "parry" and cut.mos == -2
    assert (blow.attacker, blow.dice, blow.hit) == ("B", 3 + 2, True)
    # a parry that fails spoils the blow
    failed = _run("master_strike_defence", dice=[9, 9, 9, 9, 1, 1, 1, 3])
    assert [(e.attacker, e.maneuver) for e in failed.events if isinstance(e, AttackCancelled)] == [("B", "cut")]
    assert [a.attacker for a in _attacks(failed.events)] == ["A"]


def test_master_strike_parries_and_strikes_with_one_weapon() -> None:
    r = _run("master_strike")
    mine, his = _attacks(r.events)
    assert (mine.attacker, mine.dice, mine.hit) == ("A", 4, True)
    assert his.defence is not None and (his.defence.maneuver, his.defence.dice) == ("parry", 3) and not his.hit


def test_twitching_splits_one_weapon_into_two_blows() -> None:
    r = _run("twitching")
    first, second = _attacks(r.events)
    assert (first.dice, second.dice) == (3, 3)
    assert first.defence is not None and not first.hit
    assert second.defence is None and second.hit


def _kit(prof: dict[str, int], weapon: str) -> set[str]:
    b: Bout = bout(sheet("A", prof=prof, weapon=weapon), sheet("B"))
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "cautious"})
    om = available_actions(b, "A").opponent("B")
    assert om is not None
    attack = om.action(ATTACK)
    assert attack is not None
    return {o.maneuver for o in attack.maneuvers}


def test_the_menu_offers_the_new_attacks_by_proficiency_level_and_weapon() -> None:
    assert {"draw_cut", "toss", "stop_short", "feint_and_thrust", "disarm_attack"} <= _kit(
        {"cut_and_thrust": 4}, "arming_sword")
    assert "feint_and_swing" not in _kit({"cut_and_thrust": 4}, "arming_sword")  # level 5
    assert {"feint_and_swing", "twitching"} <= _kit({"cut_and_thrust": 8}, "arming_sword")
    assert {"half_sword", "evasive_attack"} <= _kit({"longsword": 6}, "longsword")
    assert {"hook_swing", "hook_sweep"} <= _kit({"mass_weapon_shield": 6}, "hand_axe")
    assert "hook_swing" not in _kit({"mass_weapon_shield": 6}, "light_mace")  # no hook
    assert "grapple_attack" in _kit({"dagger": 3}, "dagger")
    assert "master_strike" in _kit({"cut_and_thrust": 15}, "arming_sword")
