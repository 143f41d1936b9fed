"""The arena (title → Arena): a combat system and a scenario chosen by keys or clicks start that fight as
a run, the run file records both, and every listed pair can be played."""

from __future__ import annotations

import json
from types import ModuleType

import arcade

from game.sim.arena import arena_scenarios, arena_systems
from game.view.app import App
from game.view.views import TitleView
from game.view.views.arena import ArenaView

from . import app_support
from .app_support import FakeGameView

K = arcade.key
app = app_support.app  # fixtures
data_dirs = app_support.data_dirs


def header_setup_scenario(origin: object) -> object:
    assert isinstance(origin, dict) and origin.get("kind") == "scenario"
    return origin.get("scenario")


def _header(app: App) -> dict[str, object]:
    first = app.autosave.read_text().splitlines()[0]
    header = json.loads(first)
    assert isinstance(header, dict)
    return header


def test_title_arena_by_keys_starts_the_chosen_system_and_scenario(app: App, window: arcade.Window,
                                                                  helpers: ModuleType) -> None:
    title = app.show_title(seed=77)
    helpers.advance(window, 2)
    assert isinstance(title, TitleView)
    title.focus(TitleView.ARENA)
    helpers.press(window, K.ENTER)
    arena = window.current_view
    assert isinstance(arena, ArenaView)
    helpers.advance(window, 2)
    helpers.screenshot("app_arena")
    assert arena.focus_index == ArenaView.FIGHT
    assert arena.system.id == "tros_sos" and arena.scenario.id == "arena_three_way"
    helpers.press(window, K.UP)
    helpers.press(window, K.UP)
    assert arena.focus_index == ArenaView.SYSTEM
    helpers.press(window, K.RIGHT)  # the next system: its name and its description change on the row
    assert arena.system.id == arena_systems()[1].id
    while arena.system.id != "sophias_children":
        helpers.press(window, K.RIGHT)
    button, about = arena.rows["system"]
    assert "Sophia" in (button.value_label.text if button.value_label else "")
    assert "pool" in about.text.lower()
    helpers.press(window, K.DOWN)
    before = arena.scenario.id
    helpers.press(window, K.LEFT)
    assert arena.scenario.id != before
    chosen = arena.scenario.id
    helpers.press(window, K.DOWN)
    assert arena.focus_index == ArenaView.FIGHT
    helpers.press(window, K.ENTER)
    assert isinstance(window.current_view, FakeGameView)
    session = app.session
    assert session is not None and session.world.seed == 77
    assert session.world.system.name == "sophias_children"
    assert header_setup_scenario(session.world.setup.origin) == chosen
    header = _header(app)
    assert header["system"] == "sophias_children"
    assert header_setup_scenario(header["setup"]) == chosen


def test_escape_goes_back_to_the_title(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    app.show_arena(5)
    helpers.advance(window, 2)
    helpers.press(window, K.ESCAPE)
    assert isinstance(window.current_view, TitleView)


def test_the_lists_offer_every_hosted_system_and_every_world_scenario() -> None:
    systems = [c.id for c in arena_systems()]
    assert systems[0] == "tros_sos" and "sophias_children" in systems
    assert all(c.title and c.about for c in arena_systems())
    scenarios = {c.id for c in arena_scenarios()}
    assert {"arena_three_way", "guards_and_bandits", "merry_thieves", "francis_and_the_assassins"} <= scenarios
    assert all(c.title and c.about for c in arena_scenarios())
