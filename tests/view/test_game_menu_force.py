"""The maneuver menu's force-enter controls (terrain dice, Reflex bought back; SPEC §4.7), its CP with an arrow
coming at the leader (the CP kept against it lands first, SPEC §4.9), and the combat log's force-enter line.
Model tests need no window; the screen tests drive a headless GameView with keys and clicks and save
screenshots to tests/screenshots/ (menu_force_enter*.png, menu_arrow_reserve.png)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.sim import events as wev
from game.sim.commands import Declare
from game.sim.log import describe
from game.sim.world import World
from game.view.maneuver_menu import ManeuverMenu, MenuModel, Row
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from rules.bout import BUY_INITIATIVE, DO_NOTHING, Bout
from rules.declare import force_enter_reflex_max
from rules.events import ActionRecord, Declared
from rules.log import describe as describe_rules
from tests.world.test_world_force_enter import _to_declaration
from tests.world.worlds import under_fire

from .worlds import menu_model

Show = Callable[[arcade.View], arcade.View]


def _bout(w: World) -> Bout:
    bout = w.state.bout_of("player")
    assert bout is not None
    return bout.rules


def _force_entering(seed: int = 1) -> tuple[World, MenuModel]:
    """The leader arrived mid-round next to the bandit (e2s2) and picks the force-enter buy."""
    w = _to_declaration(seed)
    model = menu_model(w)
    model.set_action("b1", BUY_INITIATIVE)
    assert model.force_enter("b1")
    return w, model


def _total(model: MenuModel, opp: str) -> int:
    """CP the choice spends out of its maneuver's dice_max (dice + terrain + Reflex, no aim in these zones)."""
    c = model.choices[opp]
    return c.dice + c.terrain_dice + c.reflex_buy


# --- model ----------------------------------------------------------------------------------------------------
def test_force_enter_rows_change_terrain_and_reflex_with_keys_and_the_world_accepts_it() -> None:
    w, model = _force_entering()
    rows = model.rows()
    assert Row("terrain") in rows and Row("reflex") in rows
    mo = model.maneuver_option("b1")
    assert mo is not None
    full = _total(model, "b1")
    model.focus_row(Row("terrain"))
    model.cycle(1)  # ▶ on the terrain row
    assert model.choices["b1"].terrain_dice == 3
    model.adjust_dice(-1)  # − key on the terrain row
    model.adjust_dice(-1)
    assert model.choices["b1"].terrain_dice == 1
    model.focus_row(Row("reflex"))
    model.cycle(1)
    model.adjust_dice(1)  # + key on the Reflex row
    assert model.choices["b1"].reflex_buy == 2
    assert _total(model, "b1") <= mo.dice_max  # paid out of the attack's CP
    assert _total(model, "b1") == full  # the attack kept every die it could
    ordering, reflex = model.ordering_reflex("b1")
    assert ordering == reflex // 2 + 2
    # the Reflex buy stops at what halving took; the terrain dice leave the attack its fewest dice
    model.set_extra("b1", "reflex", 99)
    assert model.choices["b1"].reflex_buy == force_enter_reflex_max(_bout(w), "player")
    model.set_extra("b1", "terrain", 99)
    c = model.choices["b1"]
    assert c.dice == mo.dice_min and _total(model, "b1") == mo.dice_max
    model.set_extra("b1", "terrain", 2)
    model.set_extra("b1", "reflex", 1)
    model.set_dice("b1", 99)
    decl = model.declaration()
    assert decl[0].terrain_dice == 2 and decl[0].reflex_buy == 1
    assert model.cp_left() >= 0 and model.check() is None
    events = w.apply(Declare(decl))
    assert [e for e in events if isinstance(e, wev.Rejected)] == []
    declared = [e.event for e in events if isinstance(e, wev.RulesEvent) and isinstance(e.event, Declared)
                and e.event.fighter == "player"]
    record = declared[0].actions[0]
    assert (record.flavour, record.terrain_dice, record.reflex_buy) == ("force_enter", 2, 1)


def test_other_actions_have_no_force_enter_rows() -> None:
    _, model = _force_entering()
    model.set_extra("b1", "reflex", 1)
    model.set_action("b1", DO_NOTHING)
    assert Row("terrain") not in model.rows() and "b1" not in model.choices
    model.set_action("b1", BUY_INITIATIVE)  # back again: the preselected terrain dice, no Reflex bought
    assert (model.choices["b1"].terrain_dice, model.choices["b1"].reflex_buy) == (2, 0)


def test_the_menu_leaves_out_the_cp_kept_for_the_arrow() -> None:
    w = under_fire()
    plain = menu_model(w)
    opp = plain.opponents[0]
    lo, hi, _ = plain.dice_range(opp)
    kept = menu_model(w, reserve=3)
    assert kept.base.cp == plain.base.cp - 3  # and the default is planned on that
    assert kept.dice_range(opp)[1] == max(lo, hi - 3)
    plain.set_dice(opp, 99)
    plain.set_reserve(3)  # raising the reserve trims a choice already made
    assert plain.dice_range(opp)[2] <= hi - 3 and plain.cp_left() >= 0
    events = w.apply(Declare(plain.declaration(), shot_defence_cp=3))
    assert [e for e in events if isinstance(e, wev.Rejected)] == []


# --- log ------------------------------------------------------------------------------------------------------
def test_the_declaration_line_names_a_force_enter() -> None:
    names = {"player": "Ann", "b1": "Bandit"}
    fe = ActionRecord(BUY_INITIATIVE, "swing", "b1", 5, 12, "IV", flavour="force_enter", terrain_dice=2,
                      reflex_buy=1)
    line = describe_rules(Declared(2, "player", (fe,), 1), names)
    assert line == ("Ann force-enters against Bandit: Swing 5d at IV, terrain roll 2d, Reflex +1 bought back"
                    " (cost 12) (CP 1 left)")
    plain = ActionRecord("attack", "swing", "b1", 5, 6, "IV")
    line = describe_rules(Declared(1, "player", (plain,), 4), names)
    assert line == "Ann declares Swing Bandit 5d at IV (cost 6) (CP 4 left)"
    # and through the world's log (the combat log panel and `python -m game.sim run --log`)
    w, model = _force_entering()
    events = w.apply(Declare(model.declaration()))
    lines = [describe(e, {a.id: a.name for a in w.state.actors.values()}) for e in events]
    assert any(line and "force-enters against" in line and "terrain roll 2d" in line for line in lines), lines


# --- screen ---------------------------------------------------------------------------------------------------
@pytest.fixture
def game(window: arcade.Window, show: Show, helpers: ModuleType) -> Iterator[Callable[[World], GameView]]:
    def make(w: World) -> GameView:
        view = GameView(Session(w), Settings(animation_speed="instant"), lambda _name: None, interactive=True)
        show(view)
        helpers.advance(window, 2)
        return view

    yield make


def _hit(menu: ManeuverMenu, action: object) -> tuple[float, float]:
    for hit in menu.hits:
        if hit.action == action:
            left, bottom, w, h = hit.rect
            return left + w / 2, bottom + h / 2
    raise AssertionError(f"no button {action!r}")


def _shown(panel: ManeuverMenu) -> str:
    """The panel's texts on screen now, joined."""
    pool = panel.texts
    return " | ".join(t.text for key, t in pool._texts.items() if key in pool._used and t.visible)


def _click(window: arcade.Window, helpers: ModuleType, view: GameView, action: object) -> None:
    helpers.advance(window, 1)  # the panel rebuilds its hits on draw
    helpers.click(window, *_hit(view.menu, action))


def test_force_enter_controls_by_click_and_key_then_declare(window: arcade.Window, game: Callable[[World], GameView],
                                                            helpers: ModuleType,
                                                            screenshot: Callable[[str], Path]) -> None:
    assert (window.width, window.height) == (1280, 720)
    w = _to_declaration(1)
    view = game(w)
    m = view.menu_model
    assert m is not None
    m.focus_row(Row("action"))
    for _ in range(len(m.actions("b1"))):
        if m.action_of("b1") == BUY_INITIATIVE:
            break
        helpers.press(window, arcade.key.RIGHT)
    assert m.force_enter("b1")
    _click(window, helpers, view, ("menu", "terrain", 1))
    assert m.choices["b1"].terrain_dice == 3 and m.row == Row("terrain")
    _click(window, helpers, view, ("menu", "reflex", 1))
    assert m.choices["b1"].reflex_buy == 1 and m.row == Row("reflex")
    helpers.press(window, arcade.key.EQUAL)  # + on the focused Reflex row
    assert m.choices["b1"].reflex_buy == 2
    _click(window, helpers, view, ("menu", "reflex", -1))
    _click(window, helpers, view, ("menu", "terrain", -1))
    assert (m.choices["b1"].terrain_dice, m.choices["b1"].reflex_buy) == (2, 1)
    assert m.row == Row("terrain")
    helpers.press(window, arcade.key.DOWN)  # keys go row by row: terrain, then Reflex on the same line
    assert m.row == Row("reflex")
    helpers.press(window, arcade.key.RIGHT)
    helpers.press(window, arcade.key.LEFT)
    helpers.press(window, arcade.key.UP)
    helpers.press(window, arcade.key.RIGHT)
    assert m.choices["b1"].terrain_dice == 3 and m.choices["b1"].reflex_buy == 1
    helpers.advance(window, 2)
    screenshot("menu_force_enter")
    texts = _shown(view.menu)
    assert "Terrain dice" in texts and "Buy back Reflex" in texts and "Force-enter" in texts
    _click(window, helpers, view, ("menu", "confirm", None))
    cmd = w.commands[-1][1]
    assert cmd["cmd"] == "declare"
    actions = cmd["actions"]
    assert isinstance(actions, list)
    assert (actions[0]["terrain_dice"], actions[0]["reflex_buy"]) == (3, 1)
    assert not any("refused" in line.text for line in view.log.model.lines)


def test_the_menu_shows_and_keeps_the_arrow_cp(window: arcade.Window, game: Callable[[World], GameView],
                                               helpers: ModuleType, screenshot: Callable[[str], Path]) -> None:
    w = under_fire()
    view = game(w)
    m = view.menu_model
    assert m is not None and view.incoming.shooters
    suggested = view.incoming.value()
    assert m.reserve == suggested
    opp = m.opponent
    assert opp is not None
    full = menu_model(w)
    hi_full = full.dice_range(opp)[1]
    helpers.press(window, arcade.key.BRACKETRIGHT)  # one more CP against the arrow
    assert m.reserve == suggested + 1 and m.base.cp == full.base.cp - suggested - 1
    assert m.dice_range(opp)[1] == max(m.dice_range(opp)[0], hi_full - suggested - 1)
    helpers.advance(window, 2)
    screenshot("menu_arrow_reserve")
    texts = _shown(view.menu)
    assert f"({suggested + 1} kept for the arrow)" in texts
    helpers.press(window, arcade.key.EQUAL)  # max dice: still fits
    helpers.press(window, arcade.key.ENTER)
    assert w.commands[-1][1].get("shot_defence_cp") == suggested + 1
    assert not any(line.text.startswith("refused") for line in view.log.model.lines)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_on_do_nothing_the_option_list_still_lists_every_action_type(
        window: arcade.Window, game: Callable[[World], GameView], helpers: ModuleType, scale: float) -> None:
    """A declaration of Do Nothing has two rows on the left; the menu shrank with them and its list of action
    types had no room for one row (a playtest: "Action types vs Bandit 2" and nothing under it)."""
    view = game(_to_declaration(1))
    m = view.menu_model
    assert m is not None and m.opponent is not None
    opp = m.opponent
    m.nothing()
    m.focus_row(Row("action"))
    view.menu.layout(window.width, window.height, scale)
    helpers.advance(window, 3)
    listed = [h.action[2] for h in view.menu.hits
              if isinstance(h.action, tuple) and h.action[:2] == ("menu", "pick_action")]
    assert len(m.actions(opp)) >= 2 and listed == [a.action for a in m.actions(opp)]
    assert view.menu.rect[1] >= 0  # still on screen
