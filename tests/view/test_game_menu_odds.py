"""Odds and descriptions in the maneuver menu: for the focused choice the menu shows the rules' odds (through
``game.sim.declaring``), live as dice, zone or maneuver change, and the plain description of the highlighted
maneuver, action type and option from the content."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Step
from game.sim.world import World
from game.view.maneuver_menu import LAYOUTS_PER_BUILD, MenuModel, Row
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from rules.odds import declaration_odds

from .worlds import DUEL, aggressive_waits, play_until, world_from_ascii

Show = Callable[[arcade.View], arcade.View]
THREE = "##########\n#........#\n#....wb..#\n#....@...#\n#........#\n##########\n"


def _declaring(rows: str, seed: int) -> World:
    world = world_from_ascii(rows, seed=seed)
    if rows is THREE:
        world.apply(Step(None, "aggressive"))
    assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "declare",
                      choose=aggressive_waits)
    return world


@pytest.fixture
def menu(window: arcade.Window, show: Show, helpers: ModuleType) -> Iterator[Callable[[World], GameView]]:
    def make(world: World) -> GameView:
        view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None)
        show(view)
        for _ in range(20):  # the menu's opening makes its texts a few a frame; it is drawn once whole
            helpers.advance(window, 1)
            if view.menu.shown_whole and view.menu_model is not None:
                break
        assert view.menu_model is not None and view.menu.shown_whole
        return view

    yield make


def _text(view: GameView, key: str) -> str:
    pool = view.menu.texts
    assert key in pool._used, f"{key} not drawn"
    return pool._texts[key].text


def _rules_odds(world: World, m: MenuModel):  # type: ignore[no-untyped-def]
    bout = world.state.bout_of(world.state.leader)
    assert bout is not None and m.opponent is not None
    choice = m.choices[m.opponent]
    return declaration_odds(bout.rules, m.fid, choice, m.pending_for(m.opponent), m.maneuver_option(m.opponent))


@pytest.mark.parametrize("rows,seed", [(DUEL, 1), (DUEL, 4), (THREE, 3)], ids=["duel1", "duel4", "three3"])
def test_the_menu_shows_the_rules_odds_of_the_focused_choice_live(window: arcade.Window, helpers: ModuleType,
                                                                  menu: Callable[[World], GameView],
                                                                  rows: str, seed: int) -> None:
    world = _declaring(rows, seed)
    view = menu(world)
    m = view.menu_model
    assert m is not None and m.opponent is not None and m.opponent in m.choices
    odds = m.odds()
    assert odds == _rules_odds(world, m)
    line = _text(view, "odds")
    _mine, _back, assumed = m.odds_lines()
    assert not any(fid in assumed for fid in world.state.actors)  # names, never raw ids
    if odds is not None and odds.land is not None:
        assert line.startswith(f"Lands {round(odds.land * 100)}%") or line.startswith("Lands <1%") \
            or line.startswith("Lands >99%")
    # fewer dice: the odds follow (the next frame redraws them)
    lo, _hi, dice = m.dice_range(m.opponent)
    if dice > lo:
        m.focus_row(Row("dice", 0))
        for _ in range(dice - lo):
            helpers.press(window, arcade.key.MINUS)
        helpers.advance(window, 1)
        fewer = m.odds()
        assert fewer == _rules_odds(world, m) and fewer is not None and odds is not None
        assert fewer.land is not None and odds.land is not None and fewer.land <= odds.land
        assert _text(view, "odds") != line or fewer.land == odds.land
    # another zone: odds for that zone
    m.focus_row(Row("zone", 0))
    before = m.choices[m.opponent].zone
    helpers.press(window, arcade.key.RIGHT)
    helpers.advance(window, 1)
    if m.choices[m.opponent].zone != before:
        assert m.odds() == _rules_odds(world, m)


def test_descriptions_follow_the_highlighted_row(window: arcade.Window, helpers: ModuleType,
                                                 menu: Callable[[World], GameView]) -> None:
    world = _declaring(DUEL, 1)
    view = menu(world)
    m = view.menu_model
    assert m is not None and m.opponent is not None
    catalog = world.state.catalog
    choice = m.choices[m.opponent]
    m.focus_row(Row("maneuver"))
    view.menu.invalidate()
    helpers.advance(window, 1)
    described = catalog.describe_maneuver(choice.maneuver)
    assert described and m.description() == described
    assert _text(view, "desc") == described
    m.focus_row(Row("action"))
    ao = m.action_option(m.opponent)
    assert ao is not None
    assert m.description().startswith(catalog.descriptions.actions[ao.action])
    m.focus_row(Row("dice", 0))
    assert m.description().startswith(catalog.descriptions.options["dice"])
    m.focus_row(Row("zone", 0))
    assert m.description() == catalog.descriptions.options["zone"]
    # the next maneuver: its own description
    m.focus_row(Row("maneuver"))
    helpers.press(window, arcade.key.RIGHT)
    helpers.advance(window, 1)
    now = m.choices[m.opponent].maneuver
    assert _text(view, "desc") == catalog.describe_maneuver(now)
    # Do Nothing: no odds, its own line
    m.set_action(m.opponent, "do_nothing")
    view.menu.invalidate()
    helpers.advance(window, 1)
    assert m.odds() is None and "Do Nothing" in _text(view, "odds")


def test_maneuvers_are_named_in_plain_words() -> None:
    from game.sim.declaring import ManeuverOption
    from game.view.maneuver_menu import plain_label

    def option(**kw: object) -> ManeuverOption:
        base: dict[str, object] = dict(maneuver="swing", name="Swing", role="attack", group="regular_attack", cost=0,
                                       conditional_cost=0, tn=6, dice_min=1, dice_max=9, zones=(),
                                       default_zone=None, hand="master")
        base.update(kw)
        return ManeuverOption(**base)  # type: ignore[arg-type]

    assert plain_label(option()) == "Swing · TN 6"
    assert plain_label(option(name="Void", tn=0)) == "Void · no roll"
    off = plain_label(option(cost=1, conditional_cost=2, hand="off"))
    assert off == "Swing (off hand) · TN 6 · 1 CP · ~2 CP if used"
    assert "tn" not in plain_label(option()).replace("TN", "")


def test_the_menu_opens_making_a_few_texts_a_frame_and_is_drawn_whole(
        window: arcade.Window, show: Show, helpers: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game view's first menu has no spare texts to take: its first build made some 30 at once (a 20-30 ms
    frame in the tick bench). It makes at most LAYOUTS_PER_BUILD a frame, is drawn only once whole, and a key
    press's rebuild is whole at once."""
    world = _declaring(DUEL, 1)
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None)
    made: list[str] = []
    real_text = arcade.Text

    def counting_text(label: str, *args: object, **kwargs: object) -> object:
        if kwargs.get("batch") is view.menu.texts.batch:
            made.append(label)
        return real_text(label, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(arcade, "Text", counting_text)
    show(view)
    per_frame: list[int] = []
    while not (view.menu.shown_whole and view.menu_model is not None) and len(per_frame) < 30:
        made.clear()
        helpers.advance(window, 1)
        per_frame.append(len(made))
    assert view.menu.shown_whole and view.menu.visible
    assert max(per_frame) <= LAYOUTS_PER_BUILD
    assert sum(per_frame) > 2 * LAYOUTS_PER_BUILD  # more than a frame's budget: the spread was needed
    m = view.menu_model
    assert m is not None and m.opponent is not None
    m.focus_row(Row("zone", 0))
    helpers.press(window, arcade.key.RIGHT)  # another zone: the rebuild is whole in the next frame
    helpers.advance(window, 1)
    assert view.menu.shown_whole and not view.menu.incomplete


def test_the_odds_assumptions_name_actors_in_one_pass_longest_id_first() -> None:
    from types import SimpleNamespace

    from game.view.maneuver_menu import MenuModel

    model = SimpleNamespace(names={"goblin_1": "Goblin 1", "goblin_10": "Goblin 10", "player": "Aldric"},
                            _names_pattern=None)
    text = "goblin_10 parries goblin_1; player waits; goblin_12 and xgoblin_1 are not ids"
    named = MenuModel._named(model, text)  # type: ignore[arg-type]
    assert named == "Goblin 10 parries Goblin 1; Aldric waits; goblin_12 and xgoblin_1 are not ids"
    pattern = model._names_pattern
    # one pattern for the cast (it was one a name, made again each time: 2 ms of a menu rebuild)
    assert pattern is not None and pattern[0] is model.names
    assert MenuModel._named(model, "goblin_1") == "Goblin 1"  # type: ignore[arg-type]
    assert model._names_pattern is pattern  # compiled once for the cast
