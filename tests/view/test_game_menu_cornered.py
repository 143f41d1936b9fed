"""The maneuver menu's terrain row for a Full Evasion without room to evade (the leader cornered in a dead end,
`BoutCornered`): the row shows with the suggested terrain dice (at least 1, no Reflex row), they come out of
the evasion's dice, and the world accepts the declaration. Model tests: no window."""

from __future__ import annotations

from game.sim import events as wev
from game.sim.commands import Declare, Step
from game.sim.world import World
from game.view.maneuver_menu import MenuModel, Row
from rules.bout import DEFEND, DEFEND_PREEMPTIVE
from rules.events import Declared
from tests.world.worlds import setup

from .worlds import menu_model, play_until

DEAD_END = ["######", "#@b..#", "######"]  # the leader at a corridor's end, the bandit in its mouth


def _declaring(w: World) -> bool:
    return w.state.pending is not None and w.state.pending.kind == "declare"


def _cornered_declaring() -> tuple[World, MenuModel, str]:
    """The cornered leader, Defensive, at his declaration; the action type that offers Full Evasion."""
    w = World(setup(DEAD_END), player_ai=False)
    for actor in w.state.actors.values():
        actor.flee_threshold = None
    bout = w.state.bout_of("player")
    assert bout is not None and bout.rules.cornered == {"player"}
    w.apply(Step(None, "defensive"))
    assert play_until(w, _declaring, limit=6)
    model = menu_model(w)
    kinds = [a.action for a in model.actions("b1")]
    kind = DEFEND if DEFEND in kinds else DEFEND_PREEMPTIVE
    model.set_action("b1", kind)
    model.set_maneuver("b1", "full_evasion")
    return w, model, kind


def test_a_cornered_full_evasion_shows_the_terrain_row_and_the_world_accepts_it() -> None:
    w, model, _ = _cornered_declaring()
    choice = model.choices["b1"]
    assert choice.maneuver == "full_evasion"
    rows = model.rows()
    assert Row("terrain") in rows and Row("reflex") not in rows
    assert model.terrain_tn("b1") == 7
    assert choice.terrain_dice == 2  # the rules' suggestion: 2 dice at TN 7 fail 36% of the time
    mo = model.maneuver_option("b1")
    assert mo is not None and mo.terrain_tn == 7
    lo, hi, _ = model.extra_range("b1", "terrain")
    assert lo == 1 and hi == mo.dice_max + 1 - mo.dice_min  # never none: the roll is needed
    model.set_extra("b1", "terrain", 0)
    assert model.choices["b1"].terrain_dice == 1
    model.set_dice("b1", 99)
    c = model.choices["b1"]
    assert c.dice + c.terrain_dice == mo.dice_max + 1  # the evasion takes the rest of the CP
    model.set_extra("b1", "terrain", 3)
    assert model.choices["b1"].dice + 3 == mo.dice_max + 1 and model.check() is None
    events = w.apply(Declare(model.declaration()))
    assert [e for e in events if isinstance(e, wev.Rejected)] == []
    declared = [e.event for e in events if isinstance(e, wev.RulesEvent) and isinstance(e.event, Declared)
                and e.event.fighter == "player"]
    assert declared[0].actions[0].terrain_dice == 3

