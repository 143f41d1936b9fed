"""The maneuver menu model (no window): it offers exactly what rules.menu.available_actions offers, its default
is the rules' default declaration, and every declaration it builds is accepted by the world."""

from __future__ import annotations

import pytest

from game.sim.commands import Declare
from game.sim.world import World
from game.view.maneuver_menu import Row
from rules.bout import DO_NOTHING
from rules.menu import available_actions

from .worlds import DUEL, aggressive_waits, defensive_waits, menu_model, play_until, world_from_ascii

THREE = """\
#######
#.....#
#..@g.#
#..b..#
#######
"""


def _declaring(rows: str, seed: int, choose=defensive_waits) -> World:  # type: ignore[no-untyped-def]
    world = world_from_ascii(rows, seed=seed)
    assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "declare",
                      choose=choose)
    return world


@pytest.mark.parametrize(("rows", "seed"), [(DUEL, 1), (DUEL, 5), (THREE, 5), (THREE, 2)])
def test_default_is_the_rules_default(rows: str, seed: int) -> None:
    world = _declaring(rows, seed)
    model = menu_model(world)
    bout = world.state.bout_of("player")
    assert bout is not None
    assert model.declaration() == available_actions(bout.rules, "player").default
    assert model.is_default()
    assert model.check() is None


@pytest.mark.parametrize(("rows", "seed", "aggressive"), [(DUEL, 1, False), (DUEL, 2, True), (THREE, 5, False),
                                                          (THREE, 2, True)])
def test_menu_offers_only_what_available_actions_offers(rows: str, seed: int, aggressive: bool) -> None:
    world = _declaring(rows, seed, aggressive_waits if aggressive else defensive_waits)
    bout = world.state.bout_of("player")
    assert bout is not None
    model = menu_model(world)
    assert model.opponents == [o.opponent for o in available_actions(bout.rules, "player").opponents]
    checked = 0
    for opp in model.opponents:
        model.select_opponent(opp)
        pending = model.pending_for(opp)
        rules_menu = available_actions(bout.rules, "player", pending).opponent(opp)
        assert rules_menu is not None
        offered = [a.action for a in model.actions(opp)]
        assert offered == [a.action for a in rules_menu.actions]
        assert DO_NOTHING in offered  # Do Nothing is always there
        for action in offered:
            model.set_action(opp, action)
            if action == DO_NOTHING:
                assert opp not in model.choices
                continue
            ao = rules_menu.action(action)
            assert ao is not None
            ours = model.action_option(opp)
            assert ours is not None and [m.label for m in ours.maneuvers] == [m.label for m in ao.maneuvers]
            for mo in ao.maneuvers:
                model.set_maneuver(opp, mo.maneuver)
                choice = model.choices[opp]
                assert choice.maneuver == mo.maneuver and choice.action == action
                lo, hi, dice = model.dice_range(opp)
                assert lo >= 1 and dice <= hi
                if mo.zones and not mo.parts:
                    assert choice.zone in dict(mo.zones)
                assert model.check() is None
                checked += 1
        model.reset()
    assert checked >= 5


def test_dice_are_clamped_and_zones_cycle() -> None:
    world = _declaring(DUEL, 5, choose=aggressive_waits)
    model = menu_model(world)
    opp = model.opponents[0]
    actions = [a.action for a in model.actions(opp)]
    attack = next((a for a in actions if a not in (DO_NOTHING, "defend", "defend_preemptive", "quick_defense")),
                  None)
    assert attack is not None, "an Aggressive fighter facing a waiting foe must be offered an attack"
    model.set_action(opp, attack)
    mo = model.maneuver_option(opp)
    assert mo is not None
    model.set_dice(opp, 999)
    assert model.choices[opp].dice == mo.dice_max
    model.set_dice(opp, -5)
    assert model.choices[opp].dice == mo.dice_min
    model.focus_row(Row("dice"))
    model.cycle(1)
    assert model.choices[opp].dice == mo.dice_min + 1
    model.adjust_dice(-1)
    assert model.choices[opp].dice == mo.dice_min
    zones = model.zones(opp)
    if len(zones) > 1:
        model.focus_row(Row("zone"))
        before = model.zone_of(opp)
        model.cycle(1)
        assert model.zone_of(opp) != before


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_built_declarations_are_accepted_by_the_world(seed: int) -> None:
    world = _declaring(THREE, seed)
    model = menu_model(world)
    # walk to some non-default choice on every opponent: the next action type, the next maneuver
    for opp in model.opponents:
        model.select_opponent(opp)
        model.focus_row(Row("action"))
        model.cycle(1)
        if opp in model.choices:
            model.focus_row(Row("maneuver"))
            model.cycle(1)
    decl = model.declaration()
    assert model.check() is None
    events = world.apply(Declare(decl))
    assert not [e for e in events if e.type == "rejected"], events


def test_nothing_and_reset() -> None:
    world = _declaring(DUEL, 1)
    model = menu_model(world)
    default = model.declaration()
    model.nothing()
    assert model.declaration() == ()
    model.reset()
    assert model.declaration() == default
    rows = [r.kind for r in model.rows()]
    assert rows[0] == "opponent" and rows[-1] == "buttons"
    assert "Declaring" in model.summary()


def test_a_force_enter_preselects_terrain_dice_and_the_world_accepts_it() -> None:
    # the leader arrives mid-round next to a bout busy in exchange (tests/world/test_world_force_enter.py)
    from tests.world.test_world_force_enter import _to_declaration

    world = _to_declaration(1)
    model = menu_model(world)
    model.set_action("b1", "buy_initiative")
    choice = model.choices["b1"]
    assert choice.terrain_dice == 2  # two dice at TN 7 fail 36% of the time
    _low, high, _dice = model.dice_range("b1")
    model.set_dice("b1", high + 5)
    assert model.choices["b1"].dice == high and model.cp_left() >= 0
    assert model.check() is None
    events = world.apply(Declare(model.declaration()))
    assert [e.type for e in events if e.type == "rejected"] == []
