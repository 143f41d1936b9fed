"""The layout test (issue 11): every screen at 800x600, 1280x720 and 1920x1080 and UI scale 0.75, 1, 1.5 and 2
— no panels overlapping, no text clipped by its panel or the window — and "UI scale" scales the panels too.

Headless windows cannot change size (tech_notes §1.2), so each size is laid out through ``on_resize``; the
checks are geometry (panel rects, arcade's text measurements), the screenshots crop the framebuffer to it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.view.app import App
from game.view.settings import Settings, SettingsStore
from game.view.views import TitleView, WatchView
from game.view.views.common import MenuView
from game.view.views.game import GameView

from .layout_check import fight_problems, game_problems, inside, menu_problems, overlap
from .tutorial_driver import next_key

SIZES = ((800, 600), (1280, 720), (1920, 1080))
SCALES = (0.75, 1.0, 1.5, 2.0)


@pytest.fixture
def make_app(window: arcade.Window, tmp_path: Path) -> Iterator[object]:
    made: list[App] = []

    def build(scale: float) -> App:
        a = App(window, SettingsStore(tmp_path / "config"), Settings(animation_speed="instant", ui_scale=scale),
                autosave=tmp_path / "autosave.jsonl")
        a.on_quit = lambda: None
        made.append(a)
        return a

    yield build
    window._width, window._height = 1280, 720
    window.dispatch_event("on_resize", 1280, 720)
    window.hide_view()


def _resize(window: arcade.Window, helpers: ModuleType, size: tuple[int, int]) -> None:
    """Make the window ``size`` and lay the current view out for it. A headless window ignores ``set_size``
    (tech_notes §1.2), so its size fields are set directly; ``window_size`` puts them back."""
    window._width, window._height = size
    window.dispatch_event("on_resize", *size)
    helpers.advance(window, 2)


def _shot(helpers: ModuleType, name: str, size: tuple[int, int]) -> None:
    helpers.screenshot(name, helpers.grab())


def _game_over(app: App) -> object:
    """The end screen of a fight the AI played to its end (as ``./play --smoke`` does)."""
    from game.sim.commands import Confirm
    from game.sim.scenario_file import load_named_scenario
    from game.sim.world import World
    from game.view.session import Session

    session = Session(World(load_named_scenario("arena_three_way"), seed=3, player_ai=True))
    for _ in range(2000):
        if session.over is not None:
            break
        session.apply(Confirm())
    assert session.over is not None
    app.session = session
    return app.show_game_over()


def _menu_screens(app: App) -> list[tuple[str, object]]:
    return [("title", app.show_title), ("settings", lambda: app.show_settings(back=app.show_title)),
            ("arena", lambda: app.show_arena(1)),
            ("recordings", app.show_watch_picker), ("game_over", lambda: _game_over(app))]


def _game_states(app: App, window: arcade.Window, helpers: ModuleType) -> Iterator[tuple[str, GameView]]:
    """The tutorial's first lesson: its first callout, then the target prompt, the maneuver menu, the legend."""
    assert app.start_tutorial() is None
    helpers.advance(window, 2)
    view = app.game_view
    assert isinstance(view, GameView)
    yield "callout", view
    wanted = ["target", "declare"]
    for _ in range(80):
        decision = view.player_view.decision
        kind = decision.kind if decision is not None else None
        if wanted and kind == wanted[0] and (view.tutorial is None or view.tutorial.current is None
                                             or not view.tutorial.current.waits_for_next):
            yield wanted.pop(0), view
            if not wanted:
                break
        helpers.press(window, next_key(view))
        helpers.advance(window, 1)
    assert not wanted, f"never reached {wanted}"
    view.open_legend()
    yield "legend", view
    view.close_legend()
    view.open_overview()
    yield "overview", view
    view.close_overview()


def _watch_problems(app: App, window: arcade.Window, helpers: ModuleType, size: tuple[int, int]) -> list[str]:
    """The watch view (an AI fight): its control bar clear of the game's log and inside the window."""
    assert app.demo("arena_three_way", 3) is None
    _resize(window, helpers, size)
    helpers.advance(window, 40)
    watch = window.current_view
    assert isinstance(watch, WatchView) and isinstance(watch.game, GameView)
    r = watch.panel.rect
    bar = (r.left, r.bottom, r.width, r.height)
    out = game_problems(watch.game, size)
    if overlap(bar, watch.game.log.rect):
        out.append(f"the control bar {bar} overlaps the log {watch.game.log.rect}")
    if not inside(bar, (0.0, 0.0, float(size[0]), float(size[1]))):
        out.append(f"the control bar {bar} leaves the window")
    if size != (1920, 1080):
        _shot(helpers, f"layout_watch_{size[0]}x{size[1]}", size)
    app.show_title()
    return out


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_screen_at_each_size_and_ui_scale(size: tuple[int, int], make_app, window: arcade.Window,  # type: ignore[no-untyped-def]
                                                 helpers: ModuleType) -> None:
    problems: list[str] = []
    for scale in SCALES:
        app: App = make_app(scale)
        for name, show in _menu_screens(app):
            view = show()  # type: ignore[operator]
            _resize(window, helpers, size)
            assert isinstance(view, MenuView)
            problems += [f"{size} x{scale} {name}: {p}" for p in menu_problems(view, size)]
            if scale in (0.75, 1.0) and size != (1920, 1080):
                _shot(helpers, f"layout_{name}_{size[0]}x{size[1]}_{scale}", size)
        for name, view in _game_states(app, window, helpers):
            _resize(window, helpers, size)
            problems += [f"{size} x{scale} game/{name}: {p}" for p in game_problems(view, size)]
            helpers.advance(window, 30)  # the camera eases to the fight
            problems += [f"{size} x{scale} game/{name}: {p}" for p in fight_problems(view)]
            if size != (1920, 1080):
                _shot(helpers, f"layout_game_{name}_{size[0]}x{size[1]}_{scale}", size)
        app.show_pause()
        _resize(window, helpers, size)
        pause = window.current_view
        assert isinstance(pause, MenuView)
        problems += [f"{size} x{scale} pause: {p}" for p in menu_problems(pause, size)]
        assert app.tutorial is not None
        app.tutorial.finish(None)
        assert isinstance(window.current_view, TitleView)
        problems += [f"{size} x{scale} watch: {p}" for p in _watch_problems(app, window, helpers, size)]
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(problems[:60])


def test_ui_scale_scales_the_panels_text_and_pad_not_only_the_map(make_app, window: arcade.Window,  # type: ignore[no-untyped-def]
                                                                   helpers: ModuleType) -> None:
    seen: list[tuple[float, float, float, float]] = []
    for scale in SCALES:
        app: App = make_app(scale)
        assert app.start_tutorial() is None
        _resize(window, helpers, (1920, 1080))
        view = app.game_view
        assert isinstance(view, GameView)
        name = view.hud.texts._texts["name"]
        seen.append((view.scale, view.hud.bar_height, view.pad.extent, float(name.font_size)))
        assert app.tutorial is not None
        app.tutorial.finish(None)
    for smaller, bigger in itertools.pairwise(seen):  # each step up: bigger panels and text (the bar and the
        # pad never go under the 72 px touch size, so at the small end they may stay the same)
        assert bigger[0] > smaller[0] and bigger[3] > smaller[3], seen
        assert bigger[1] >= smaller[1] and bigger[2] >= smaller[2], seen
    assert seen[0][0] == 0.75 and seen[1][0] == 1.0 and seen[2][0] == 1.5
