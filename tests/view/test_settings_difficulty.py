"""The difficulty (issue 12): a setting saved with the others, a row on the settings screen that new runs take
and their run files record, and the maneuver menu opening on the planner's suggestion with its reason."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import arcade

from game.sim.commands import Confirm
from game.sim.declaring import declaration_source
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from game.view.app import App
from game.view.maneuver_menu import MenuModel
from game.view.session import Session
from game.view.settings import Settings, SettingsStore
from game.view.views import SettingsView
from game.view.views.game import GameView

from . import app_support

K = arcade.key
app = app_support.app  # fixtures
data_dirs = app_support.data_dirs


def test_the_difficulty_round_trips_and_a_bad_one_falls_back(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    assert Settings().difficulty == "normal"
    store.save(Settings(difficulty="hard"))
    assert store.load().settings.difficulty == "hard"
    (tmp_path / "settings.json").write_text(json.dumps({"difficulty": "nightmare", "ui_scale": 1.5}), encoding="utf-8")
    loaded = store.load()
    assert loaded.settings.difficulty == "normal" and loaded.settings.ui_scale == 1.5
    assert loaded.problems == ["difficulty: 'nightmare' is not one of easy, normal, hard; using 'normal'"]
    (tmp_path / "settings.json").write_text(json.dumps({"ui_scale": 1.25}), encoding="utf-8")  # an older file
    assert store.load().problems == [] and store.load().settings.difficulty == "normal"


def test_the_settings_row_sets_the_difficulty_of_new_runs(
    app: App, window: arcade.Window, helpers: ModuleType, data_dirs: tuple[Path, Path]
) -> None:
    _, config = data_dirs
    view = app.show_settings(back=app.show_title)
    helpers.advance(window, 1)
    assert isinstance(view, SettingsView)
    index = next(i for i, o in enumerate(view.options) if o is not None and o.key == "difficulty")
    r = view.items[index].widget.rect
    assert r.left >= 0 and r.bottom >= 0 and r.right <= 1280 and r.top <= 720 and r.height >= 44
    view.focus(index)
    helpers.press(window, K.RIGHT)
    assert app.settings.difficulty == "hard"
    assert SettingsStore(config).load().settings.difficulty == "hard"
    helpers.press(window, K.ESCAPE)
    assert app.new_run(11, "arena_three_way") is None
    assert app.session is not None and app.session.world.deciding.difficulty == "hard"
    assert '"difficulty":"hard"' in app.autosave.read_text()


def test_the_menu_opens_on_the_planners_suggestion_and_says_why() -> None:
    world = World(load_named_scenario("arena_three_way"), seed=2, difficulty="normal")
    while world.state.pending is not None and world.state.pending.kind != "declare":
        world.apply(Confirm())
    source = declaration_source(world.state)
    assert source is not None
    model = MenuModel(source, {a.id: a.name for a in world.state.actors.values()})
    assert model.is_default() and model.declaration() == source.menu().default
    assert model.why() == source.explain() != ""
    model.nothing()
    assert model.why() == ""  # changed: no longer the suggestion
    model.reset()
    assert model.why() == source.explain()


def _shown(pool: object) -> list[str]:
    texts = getattr(pool, "_texts", {})
    return [t.text for t in texts.values() if t.visible]


def test_the_game_screen_shows_why_in_the_menu_and_the_inspect_panel(
    window: arcade.Window, show: Callable[[arcade.View], arcade.View], helpers: ModuleType
) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=2, difficulty="normal")
    while world.state.pending is not None and world.state.pending.kind != "declare":
        world.apply(Confirm())
    source = declaration_source(world.state)
    assert source is not None
    why = source.explain()
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None)
    show(view)
    helpers.advance(window, 3)
    assert view.menu_model is not None and view.menu_model.is_default()
    assert any(text.startswith("Suggested: ") and why[:40] in text for text in _shown(view.menu.texts))
    view.inspect.show(world.state.leader)
    helpers.advance(window, 2)
    assert any(text.startswith("Suggested: ") for text in _shown(view.inspect.texts))
