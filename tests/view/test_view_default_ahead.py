"""The maneuver menu's preselected declaration is worked out off the main thread before the menu opens (issue 11:
16-23 ms of planner in the tick's frame): the menu opens in the first update after it is done, on the same default
as a menu built at once; a key pressed before then answers that menu, and the world's events are the same."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade

from game.sim.commands import Step
from game.sim.events import WorldEvent
from game.view.modes import MenuMode
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import DUEL, world_from_ascii

K = arcade.key


def _at_declare(window: arcade.Window, helpers: ModuleType, show: Callable[[arcade.View], arcade.View],
                ahead: bool) -> tuple[GameView, list[dict[str, object]]]:
    """A duel at its target prompt, answered with Enter: the leader owes a declaration."""
    world = world_from_ascii(DUEL, seed=2)
    world.apply(Step(None, "defensive"))
    session = Session(world)
    log: list[dict[str, object]] = []

    def record(events: list[WorldEvent]) -> None:
        log.extend(e.to_dict() for e in events)

    session.listeners.append(record)
    view = GameView(session, Settings(animation_speed="instant"), lambda _reason: None)
    view.prepare_defaults = ahead
    show(view)
    helpers.advance(window, 2)
    assert view.prompt is not None and view.prompt.kind == "target"
    helpers.press(window, K.ENTER)
    assert world.state.pending is not None and world.state.pending.kind == "declare"
    return view, log


def test_the_menu_opens_after_its_default_is_worked_out_and_it_is_the_same_default(
        window: arcade.Window, helpers: ModuleType, show: Callable[[arcade.View], arcade.View]) -> None:
    at_once, _ = _at_declare(window, helpers, show, ahead=False)
    assert at_once.menu_model is not None and not at_once.preparing
    expected = at_once.menu_model.declaration()
    view, _ = _at_declare(window, helpers, show, ahead=True)
    assert view.preparing and view.menu_model is None and view.find(MenuMode) is None  # the tick's frame: no menu
    shown, key = view.indicators, view._ind_key
    assert view.refresh_indicators() is shown and view._ind_key == key  # the marks wait for the menu's default
    ahead = view._default_ahead
    assert ahead is not None
    ahead.wait()
    assert ahead.error is None
    helpers.advance(window, 1)  # the first update after it is done opens the menu
    assert not view.preparing and view.menu_model is not None and view.find(MenuMode) is not None
    assert view.menu_model.declaration() == expected and view.menu_model.is_default()
    assert view.menu_model.source.explain() == at_once.menu_model.source.explain()
    assert view.refresh_indicators() == at_once.refresh_indicators()  # then the marks show it


def test_a_key_before_the_menu_opens_answers_it_with_the_same_events(
        window: arcade.Window, helpers: ModuleType, show: Callable[[arcade.View], arcade.View]) -> None:
    at_once, expected = _at_declare(window, helpers, show, ahead=False)
    helpers.press(window, K.ENTER)  # the default declared
    view, log = _at_declare(window, helpers, show, ahead=True)
    assert view.preparing
    helpers.press(window, K.ENTER)  # before any frame: the menu opens first, then Enter declares its default
    assert not view.preparing
    assert log == expected and len(log) > 0
    assert view.state.tick == at_once.state.tick
