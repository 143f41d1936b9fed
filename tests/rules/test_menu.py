"""Menus as data (SPEC §4.4): action types per opponent, labels, and the preselected defaults."""

from __future__ import annotations

from rules.bout import ATTACK, BUY_INITIATIVE, DEFEND, DO_NOTHING, NO_INITIATIVE, Action, Bout
from rules.declare import commit_declaration
from rules.dice import ScriptedStream
from rules.menu import available_actions
from tests.rules.helpers import bout, exchange, setup, sheet


def _duel(b_toughness: int = 5) -> Bout:
    return bout(sheet("A", AG=6, WT=6), sheet("B", shield="small_shield", prof={"sword_and_shield": 6}, TO=b_toughness))


def test_with_initiative_the_default_is_the_regular_attack_of_lowest_tn_with_half_the_pool() -> None:
    b = _duel()
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "cautious"})
    menu = available_actions(b, "A")
    (default,) = menu.default
    # the arming sword swings at ATN 6 and thrusts at 7: Swing, at the centre of mass
    assert (default.action, default.maneuver, default.opponent, default.zone) == (ATTACK, "swing", "B", "III")
    assert default.dice == (menu.cp + 1) // 2
    attack = menu.opponent("B").action(ATTACK)
    assert attack.default == "swing"


def test_in_exchange_two_the_default_attack_uses_the_whole_pool() -> None:
    b = _duel(b_toughness=15)
    exchange(b, [9, 9, 9, 1], {"A": [Action(ATTACK, "cut", "B", 3, "III")]}, {"A": "aggressive", "B": "cautious"})
    assert b.clock.exchange == 2 and ("A", "B") in b.holders
    b.finish_targeting(ScriptedStream([]))
    menu = available_actions(b, "A")
    (default,) = menu.default
    assert default.dice == menu.cp


def test_without_initiative_the_default_is_the_regular_defence_of_lowest_tn() -> None:
    b = _duel()
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "cautious"})
    commit_declaration(b, "A", [Action(ATTACK, "cut", "B", 4, "III")])
    menu = available_actions(b, "B")
    (default,) = menu.default
    # B's small shield blocks at DTN 6, his arming sword parries at 6: lowest TN, then lowest cost
    assert default.action == DEFEND and default.opponent == "A"
    assert default.maneuver in ("block", "parry")
    defend = menu.opponent("A").action(DEFEND)
    chosen = defend.option(default.maneuver)
    assert chosen.tn == min(o.tn for o in defend.maneuvers if o.maneuver in ("block", "parry"))


def test_menu_offers_steal_and_no_initiative_against_a_declared_assailant() -> None:
    b = _duel()
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "cautious"})
    commit_declaration(b, "A", [Action(ATTACK, "cut", "B", 4, "III")])
    om = available_actions(b, "B").opponent("A")
    kinds = [a.action for a in om.actions]
    assert kinds[-1] == DO_NOTHING
    assert {BUY_INITIATIVE, NO_INITIATIVE, DEFEND} <= set(kinds)
    assert om.action(BUY_INITIATIVE).flavour == "steal"
    steal = om.action(BUY_INITIATIVE)
    plain = om.action(NO_INITIATIVE)
    assert {o.maneuver: o.cost for o in steal.maneuvers}["cut"] == {o.maneuver: o.cost for o in plain.maneuvers}[
        "cut"] + b.rules.buy_cost(6)


def test_aggressive_cannot_defend_and_defensive_cannot_attack() -> None:
    b = _duel()
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "defensive"})
    assert not available_actions(b, "A").opponent("B").can_defend
    commit_declaration(b, "A", [Action(ATTACK, "cut", "B", 4, "III")])
    om = available_actions(b, "B").opponent("A")
    assert not om.can_attack and om.can_defend


def test_labels_show_cost_tn_and_conditional_costs() -> None:
    b = _duel()
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "cautious"})
    commit_declaration(b, "A", [Action(ATTACK, "cut", "B", 4, "III")])
    defend = available_actions(b, "B").opponent("A").action(DEFEND)
    labels = {o.maneuver: o.label for o in defend.maneuvers}
    assert labels["block"] == "Block (offhand) (0): tn6"
    assert labels["partial_evasion"].startswith("Partial Evasion (~2): tn")


def test_declaring_something_the_menu_does_not_offer_is_refused() -> None:
    import pytest

    from rules.bout import IllegalAction

    b = _duel()
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "cautious"})
    with pytest.raises(IllegalAction, match="not available"):
        commit_declaration(b, "A", [Action(DEFEND, "parry", "B", 2)])  # Aggressive: no defence
    with pytest.raises(IllegalAction, match="dice"):
        commit_declaration(b, "A", [Action(ATTACK, "cut", "B", 99, "III")])
    with pytest.raises(IllegalAction, match="zone"):
        commit_declaration(b, "A", [Action(ATTACK, "cut", "B", 2, "XI")])  # a thrust zone for a cut
    assert b.fighters["A"].cp == b.fighters["A"].max_cp()


def test_every_menu_entry_can_be_declared() -> None:
    """The menu never offers what declaration refuses: each offered option commits on a fresh bout."""
    for opp_ori in ("cautious", "defensive"):
        b = _duel()
        setup(b, ScriptedStream([]), {"A": "aggressive", "B": opp_ori})
        menu = available_actions(b, "A")
        for om in menu.opponents:
            for ao in om.actions:
                for opt in ao.maneuvers:
                    if opt.parts:
                        continue
                    fresh = _duel()
                    setup(fresh, ScriptedStream([]), {"A": "aggressive", "B": opp_ori})
                    commit_declaration(fresh, "A", [Action(ao.action, opt.maneuver, om.opponent, opt.dice_min,
                                                           opt.default_zone)])


def test_flee_in_auto_orientation_only_for_one_who_did_not_attack_last_exchange() -> None:
    """Issue 13 item 11 (design doc: Flee is "available in 'auto' orientation if you didn't attack during
    your last exchange"): in exchange 2 the one who attacked in exchange 1 is offered no Flee, the one who
    only defended is."""
    from rules.bout import DEFEND
    from rules.exchange import resolve_exchange

    b = _duel()
    setup(b, ScriptedStream([]), {"A": "aggressive", "B": "cautious"})
    commit_declaration(b, "A", [Action(ATTACK, "cut", "B", 3, "III")])
    commit_declaration(b, "B", [Action(DEFEND, "parry", "A", 3)])
    resolve_exchange(b, ScriptedStream([1, 1, 2, 9, 9, 9]))  # A misses, B parries: nobody is hurt
    assert b.clock.exchange == 2 and b.orientation == {"A": None, "B": None}

    def flee_offered(fid: str, foe: str) -> bool:
        om = available_actions(b, fid).opponent(foe)
        return om is not None and any(o.maneuver == "flee_away" for a in om.actions for o in a.maneuvers)

    assert b.attacked_last == {"A"}
    assert not flee_offered("A", "B")
    assert flee_offered("B", "A")
