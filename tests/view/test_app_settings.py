"""Settings screen: every change is saved at once and survives a restart; house rules reach new runs."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import arcade

from game.sim.house_rule_options import house_rule_choices
from game.view.app import App
from game.view.settings import SettingsStore
from game.view.views import SettingsView

from . import app_support

K = arcade.key
app = app_support.app  # fixtures
data_dirs = app_support.data_dirs


def _index(view: SettingsView, key: str) -> int:
    return next(i for i, o in enumerate(view.options) if o is not None and o.key == key)


def test_toggles_persist_and_house_rules_apply_to_new_runs(
    app: App, window: arcade.Window, helpers: ModuleType, data_dirs: tuple[Path, Path]
) -> None:
    _, config = data_dirs
    view = app.show_settings(back=app.show_title)
    helpers.advance(window, 2)
    assert isinstance(view, SettingsView)
    helpers.screenshot("app_settings")

    # keyboard: down to the colour-blind row, Right toggles it
    target = _index(view, "colour_blind")
    for _ in range(target - view.focus_index):
        helpers.press(window, K.DOWN)
    assert view.focus_index == target
    helpers.press(window, K.RIGHT)
    assert app.settings.colour_blind is True
    helpers.advance(window, 1)

    # mouse: click the auto_chase house rule (cycles it), Left on animation speed goes back one step
    chase = _index(view, "house_rules.auto_chase")
    r = view.items[chase].widget.rect
    helpers.click(window, r.center_x, r.center_y)
    assert app.settings.house_rules == {"auto_chase": True}
    speed = _index(view, "animation_speed")
    view.focus(speed)
    helpers.press(window, K.LEFT)
    assert app.settings.animation_speed == 0.5
    helpers.advance(window, 2)
    helpers.screenshot("app_settings_changed")

    loaded = SettingsStore(config).load()  # a fresh start reads what was saved
    assert loaded.problems == []
    assert loaded.settings.colour_blind is True
    assert loaded.settings.animation_speed == 0.5
    assert loaded.settings.house_rules == {"auto_chase": True}

    # a house rule set back to its default is not stored as an override
    helpers.click(window, r.center_x, r.center_y)
    assert app.settings.house_rules == {}
    helpers.click(window, r.center_x, r.center_y)

    # Escape goes back; the next new run records the house rule in its run file
    helpers.press(window, K.ESCAPE)
    assert type(window.current_view).__name__ == "TitleView"
    assert app.new_run(11) is None
    assert app.session is not None
    assert app.session.world.overrides.get("auto_chase") is True
    assert '"house_rules":{"auto_chase":true}' in app.autosave.read_text()


def test_every_bool_or_literal_house_rule_has_a_row(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    view = app.show_settings(back=app.show_title)
    helpers.advance(window, 1)
    names = [name for name, _ in house_rule_choices()]
    assert {"auto_chase", "mutual_hit_winner", "negative_pool", "stance_bonus", "quick_attack",
            "mobility_version"} <= set(names)  # mobility_version is read since issue 13 (rules.mobility)
    pages = -(-len(names) // view.HOUSE_PAGE)
    keys: set[str] = set()
    for page in range(pages):  # the house rules come a page at a time; the page button turns them
        assert view.house_page == page
        keys |= {o.key for o in view.options if o is not None}
        # every row fits in the 1280x720 window and is at least 44 px tall (touch)
        for it in view.items:
            r = it.widget.rect
            assert r.left >= 0 and r.bottom >= 0 and r.right <= 1280 and r.top <= 720
            assert r.height >= 44
        view.next_house_page()
        helpers.advance(window, 1)
    assert view.house_page == 0  # round again to the first page
    assert {f"house_rules.{n}" for n in names} <= keys


def test_one_hand_preset_changes_menu_keys(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    view = app.show_settings(back=app.show_title)
    helpers.advance(window, 1)
    view.focus(_index(view, "key_bindings"))
    helpers.press(window, K.ENTER)
    from game.view.input_map import PRESETS, InputMap

    assert app.settings.key_bindings == InputMap(PRESETS["one_hand"])
    helpers.advance(window, 1)
    before = view.focus_index
    helpers.press(window, K.S)  # still moves down with one hand
    assert view.focus_index == before + 1
    helpers.press(window, K.Z)  # one hand: Z is "back"
    assert type(window.current_view).__name__ == "TitleView"
