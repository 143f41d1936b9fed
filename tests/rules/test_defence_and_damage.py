"""Evasions against several attackers, hand limits, shock stripping a pending attack, damage."""

from __future__ import annotations

import pytest

from rules.bout import ATTACK, DEFEND, NO_INITIATIVE, Action, Bout, IllegalAction
from rules.content import default_catalog
from rules.declare import commit_declaration
from rules.dice import ScriptedStream, SeededStream
from rules.events import Attack, AttackCancelled, LeftBout, ShockApplied, Untargeted
from tests.rules.helpers import attacks, bout, exchange, setup, sheet


def _three_on_one() -> Bout:
    return bout(
        sheet("A", AG=4, WT=4, TO=15, side="gang"), sheet("B", AG=4, WT=4, TO=15, side="gang"),
        sheet("C", AG=4, WT=4, TO=15, side="gang"), sheet("D", AG=6, WT=6, TO=15, prof={"cut_and_thrust": 8}),
    )


ORI = {"A": "aggressive", "B": "aggressive", "C": "aggressive", "D": "defensive"}
TARGETS = {"A": "D", "B": "D", "C": "D", "D": "A"}


def test_one_full_evasion_covers_three_attackers_with_one_roll() -> None:
    b = _three_on_one()
    decl = {x: [Action(ATTACK, "cut", "D", 2, "III")] for x in "ABC"}
    decl["D"] = [Action(DEFEND, "full_evasion", None, 5)]
    # attacks A, B, C in order; D's single evasion roll comes right after A's attack dice
    result = exchange(b, [6, 6] + [5, 5, 5, 5, 5] + [7, 7] + [9, 2], decl, ORI, TARGETS)
    rolls = attacks(result.events)
    assert [a.attacker for a in rolls] == ["A", "B", "C"]
    assert {a.defence.maneuver for a in rolls if a.defence} == {"full_evasion"}
    assert len({a.defence.faces for a in rolls if a.defence}) == 1
    assert not any(a.hit for a in rolls)
    untargeted = {e.fighter for e in result.events if isinstance(e, Untargeted)}
    assert {"A", "D"} <= untargeted


def test_full_evasion_must_be_the_only_maneuver() -> None:
    b = _three_on_one()
    setup(b, ScriptedStream([]), ORI, TARGETS)
    for x in "ABC":
        commit_declaration(b, x, [Action(ATTACK, "cut", "D", 2, "III")])
    with pytest.raises(IllegalAction):
        commit_declaration(b, "D", [Action(DEFEND, "parry", "A", 2), Action(DEFEND, "full_evasion", None, 2)])
    assert "D" not in b.declarations  # nothing half-committed
    assert b.fighters["D"].cp == b.fighters["D"].max_cp()


def test_partial_evasion_is_declared_per_attacker() -> None:
    b = _three_on_one()
    decl = {x: [Action(ATTACK, "cut", "D", 2, "III")] for x in "AB"}
    decl["D"] = [Action(DEFEND, "partial_evasion", "A", 3), Action(DEFEND, "partial_evasion", "B", 3)]
    result = exchange(b, [6, 6, 7, 7, 7, 6, 6, 2, 2, 2, 1], decl, ORI, {**TARGETS, "C": "D"})
    rolls = attacks(result.events)
    assert [(a.attacker, a.defence.maneuver, a.defence.successes) for a in rolls if a.defence] == [
        ("A", "partial_evasion", 3), ("B", "partial_evasion", 0)]


def test_two_master_hand_maneuvers_are_refused() -> None:
    b = _three_on_one()
    setup(b, ScriptedStream([]), ORI, TARGETS)
    for x in "ABC":
        commit_declaration(b, x, [Action(ATTACK, "cut", "D", 2, "III")])
    with pytest.raises(IllegalAction):
        commit_declaration(b, "D", [Action(DEFEND, "parry", "A", 2), Action(DEFEND, "parry", "B", 2)])
    commit_declaration(b, "D", [Action(DEFEND, "parry", "A", 2), Action(DEFEND, "partial_evasion", "B", 2)])


def _plain_cut_wound(min_shock: int) -> tuple[str, int, int]:
    """A (zone, d6 face, level) whose cut wound has shock >= min_shock and no other rolls."""
    cat = default_catalog()
    for zone in (z for z in cat.zones.values() if z.attack_kind == "swing"):
        for face in range(1, 7):
            loc = zone.part_for(face, blunt=False)
            if loc == "miss":
                continue
            for level, cell in enumerate(cat.wounds[("cut", loc)], start=1):
                if (cell.shock >= min_shock and not cell.shock_minus_wp and not cell.shock_all
                        and cell.knockdown is None and cell.knockout is None and not cell.death):
                    return zone.id, face, level
    raise AssertionError("no plain wound in the table")


def test_shock_strips_the_victims_pending_attack_first() -> None:
    zone, face, level = _plain_cut_wound(3)
    # wound level = MoS + ST + 1 (arming sword swing) - TO; with ST 5, TO 5: MoS = level - 1
    mos = max(1, level - 1)
    b = bout(sheet("A", AG=6, WT=6), sheet("B", AG=2, WT=2))
    decl = {"A": [Action(ATTACK, "cut", "B", mos, zone)], "B": [Action(NO_INITIATIVE, "cut", "A", 2, "III")]}
    result = exchange(b, [9] * mos + [face], decl, {"A": "aggressive", "B": "cautious"})
    shock = next(e for e in result.events if isinstance(e, ShockApplied))
    assert shock.fighter == "B" and shock.from_attack == 2
    cancelled = [e for e in result.events if isinstance(e, AttackCancelled)]
    assert cancelled and cancelled[0].attacker == "B" and "shock" in cancelled[0].reason


def test_wound_level_uses_mos_strength_weapon_toughness_and_armour() -> None:
    b = bout(sheet("A", ST=6), sheet("B", TO=4, armour=["gambeson"]))
    cat = default_catalog()
    zone = cat.zones["III"]
    result = exchange(b, ScriptedStream([9, 9, 9, 2], fallback=SeededStream(0, "combat")),
                      {"A": [Action(ATTACK, "cut", "B", 3, "III")]}, {"A": "aggressive", "B": "cautious"})
    attack = next(e for e in result.events if isinstance(e, Attack))
    loc = zone.part_for(2, blunt=False)
    av = b.fighters["B"].sheet.av.get(loc, 0)
    expected = 3 + 6 + 1 - 4 - av
    assert attack.wound is not None and attack.wound.location == loc
    assert attack.wound.raw == expected and attack.wound.level == min(5, max(expected, 0))


def test_a_fighter_whose_pain_leaves_no_pool_collapses_at_round_end() -> None:
    from rules.fighter import Wound

    b = bout(sheet("A"), sheet("B"))
    victim = b.fighters["B"]
    victim.add_wound(Wound("chest", "cut", 5, victim.sheet.level + victim.reflex, 0))
    result = exchange(b, [], {}, {"A": "cautious", "B": "defensive"}, {"A": "B", "B": "A"})
    assert result.round_ended
    assert victim.unconscious and not b.active("B")
    assert any(isinstance(e, LeftBout) and e.fighter == "B" for e in result.events)


def test_the_length_penalty_moves_onto_the_longer_weapons_pending_attack_at_once() -> None:
    """Issue 13 item 12 (design doc "KEY HOUSE RULES"), content/scenarios/bouts/length_transfer_at_once.yaml:
    the short sword hits first; the longsword's cut loses the 2 length steps on top of shock before it is
    rolled. With house rule `length_transfer_at_once: false` it loses only what shock takes."""
    from importlib.resources import files

    from rules.events import LengthTransfer
    from rules.scenario import load_scenario, run_scenario

    scenario = load_scenario(str(files("content") / "scenarios" / "bouts" / "length_transfer_at_once.yaml"))
    for at_once in (True, False):
        result = run_scenario(scenario.model_copy(update={"house_rules": {"length_transfer_at_once": at_once}}))
        first, second = [e for e in result.events if isinstance(e, Attack)]
        assert (first.attacker, first.hit) == ("A", True) and first.wound is not None and first.wound.level > 0
        shock = next(e for e in result.events if isinstance(e, ShockApplied) and e.fighter == "B")
        moved = [e for e in result.events if isinstance(e, LengthTransfer)]
        assert second.attacker == "B"
        if at_once:
            assert moved == [LengthTransfer(1, "B", "A", 2, 2)]
            assert second.stripped == shock.from_attack + 2 and second.dice == 8 - second.stripped
        else:
            assert moved == [] and second.stripped == shock.from_attack
