"""The tutorial's callout has its own key (issue 11, seen under Xvfb): over the maneuver menu or a prompt Enter
answers the game, N moves the callout on; with nothing open Enter moves it on too. And the lesson's first
frame shows the goblin clear of the arrow pad."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.view.app import App
from game.view.settings import Settings, SettingsStore
from game.view.tutorial_callout import nearest_foe
from game.view.views.game import GameView

from .layout_check import overlap
from .tutorial_driver import next_key

K = arcade.key


@pytest.fixture
def app(window: arcade.Window, tmp_path: Path) -> Iterator[App]:
    a = App(window, SettingsStore(tmp_path / "config"), Settings(animation_speed="instant"),
            autosave=tmp_path / "autosave.jsonl")
    a.on_quit = lambda: None
    yield a
    window.hide_view()


def _lesson(app: App, window: arcade.Window, helpers: ModuleType) -> GameView:
    assert app.start_tutorial() is None
    helpers.advance(window, 2)
    view = app.game_view
    assert isinstance(view, GameView) and view.tutorial is not None
    return view


def test_over_the_menu_enter_declares_and_n_moves_the_callout_on(app: App, window: arcade.Window,
                                                                 helpers: ModuleType) -> None:
    view = _lesson(app, window, helpers)
    guide = view.tutorial
    assert guide is not None and guide.current is not None and guide.current.waits_for_next
    assert view.callout.next_hint == "Enter / N"
    first = guide.current
    helpers.press(window, K.ENTER)  # nothing open: Enter is Next
    assert guide.current is not first and view.state.tick == 0
    for _ in range(80):  # on to a callout that waits for Next over the open menu
        step = guide.current
        if view.menu_model is not None and step is not None and step.waits_for_next:
            break
        helpers.press(window, next_key(view))
        helpers.advance(window)
    else:
        raise AssertionError("no callout waited for Next over the menu")
    helpers.advance(window)
    assert view.callout.next_hint == "N"
    shown = guide.current
    helpers.press(window, K.N)
    assert guide.current is not shown and view.menu_model is not None  # N: the callout only
    while guide.current is not None and guide.current.waits_for_next and view.menu_model is not None:
        shown = guide.current
        tick = view.state.tick
        helpers.press(window, K.ENTER)  # Enter: the declaration, whatever the callout says
        assert view.menu_model is None and view.state.tick == tick + 1 and guide.current is shown
        break


def test_the_lesson_starts_with_the_goblin_clear_of_the_pad(app: App, window: arcade.Window,
                                                            helpers: ModuleType) -> None:
    view = _lesson(app, window, helpers)
    helpers.advance(window, 30)  # the camera eases
    foe = nearest_foe(view)
    assert foe is not None
    size = 64 * view.render.zoom / 2
    for actor in (view.state.leader, foe):
        x, y = view.project(view.render.world_xy(*view.render.actors[actor].pos))
        (cx, cy), e = view.pad.centre, view.pad.extent
        assert not overlap((x - size / 2, y - size / 2, size, size), (cx - e / 2, cy - e / 2, e, e)), actor
