"""Title screen: keyboard navigation starts a run, Continue refuses a damaged autosave and keeps it."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import arcade

from game.paths import autosave_state
from game.sim.commands import Confirm
from game.view.app import App
from game.view.views import TitleView
from game.view.views.common import MenuButton, item_rect

from . import app_support
from .app_support import FakeGameView

K = arcade.key
app = app_support.app  # fixtures
data_dirs = app_support.data_dirs


def test_keyboard_starts_a_new_run_and_the_autosave_follows_every_command(
    app: App, window: arcade.Window, helpers: ModuleType
) -> None:
    title = app.show_title(seed=4242)
    helpers.advance(window, 2)
    assert isinstance(title, TitleView)
    assert title.focus_index == TitleView.NEW  # no autosave yet: New run is preselected
    cont = title.items[TitleView.CONTINUE].widget
    assert isinstance(cont, MenuButton) and cont.disabled  # nothing to continue
    helpers.screenshot("app_title")

    helpers.press(window, K.DOWN)  # arrows move the focus ...
    helpers.press(window, K.DOWN)
    assert title.focus_index == TitleView.REROLL
    helpers.press(window, K.S)  # ... and so does WASD
    assert title.focus_index == TitleView.TUTORIAL  # skipped the disabled Continue
    helpers.press(window, K.UP)
    helpers.press(window, K.UP)
    assert title.focus_index == TitleView.SEED
    window.dispatch_event("on_text", "7")  # typing goes into the seed field
    helpers.press(window, K.W)  # a letter is typing, not navigation, while the field has focus
    assert title.focus_index == TitleView.SEED
    window.dispatch_event("on_text", "w")
    assert title.seed == 42427  # digits only
    helpers.press(window, K.UP)
    assert title.focus_index == TitleView.NEW
    helpers.press(window, K.ENTER)

    assert isinstance(window.current_view, FakeGameView)
    assert app.session is not None and app.session.world.seed == 42427
    autosave = app.autosave
    before = autosave.read_text() if autosave.exists() else ""
    app.session.apply(Confirm())  # the first command
    assert autosave.is_file()
    after = autosave.read_text()
    assert after != before and '"command"' in after
    helpers.advance(window, 1)

    # Escape in the game pauses; Resume (focused by default) returns to the same game view
    helpers.press(window, K.ESCAPE)
    helpers.advance(window, 2)
    helpers.screenshot("app_pause")
    assert type(window.current_view).__name__ == "PauseView"
    helpers.press(window, K.ENTER)
    assert window.current_view is app.game_view


def test_continue_refuses_a_damaged_autosave_with_a_message_and_keeps_it(
    app: App, window: arcade.Window, helpers: ModuleType
) -> None:
    app.new_run(99)  # writes the autosave; play a few ticks
    assert app.session is not None
    for _ in range(3):
        app.session.apply(Confirm())
    path = app.autosave
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2][:-3]  # a line cut short in the middle of the file (a torn *last* line is dropped)
    truncated = b"\n".join(lines)
    path.write_bytes(truncated)
    app.session = None

    title = app.show_title()
    helpers.advance(window, 2)
    assert autosave_state(path) == "resumable"
    assert title.focus_index == TitleView.CONTINUE  # a run to continue is preselected
    helpers.press(window, K.ENTER)
    helpers.advance(window, 2)

    assert window.current_view is title  # still on the title, no crash
    assert title.status is not None
    text = title.status.text
    assert "Cannot continue" in text and "not JSON" in text and "kept" in text
    assert path.read_bytes() == truncated  # never deleted or rewritten
    image = helpers.grab()
    left, bottom, right, top = title.status_box()
    assert bottom > 30 and top < 200  # above the key hint, below the menu
    assert helpers.count_colour(image, (left, bottom, right, top), title.theme.danger, tol=40) > 50
    helpers.screenshot("app_title_continue_refused")

    # starting a new run instead keeps the damaged file in recordings/
    assert app.new_run(5) is None
    kept = list((path.parent / "recordings").glob("*unfinished*.jsonl"))
    assert len(kept) == 1 and kept[0].read_bytes() == truncated


def test_continue_refuses_an_autosave_of_another_version_in_two_lines_above_the_key_hint(
    app: App, window: arcade.Window, helpers: ModuleType
) -> None:
    import json

    from game.sim.recording import OLDEST_FORMAT

    app.new_run(99)
    assert app.session is not None
    app.session.apply(Confirm())
    path = app.autosave
    lines = path.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    header["format"] = OLDEST_FORMAT - 1  # an older Steelstep's run: whole, but it would not replay the same
    lines[0] = json.dumps(header).encode()
    old = b"\n".join(lines)
    path.write_bytes(old)
    app.session = None

    title = app.show_title()
    helpers.advance(window, 2)
    helpers.press(window, K.ENTER)
    helpers.advance(window, 2)
    assert window.current_view is title and title.status is not None
    text = title.status.text
    assert text.startswith("Cannot continue: the autosave is from another version") and "damaged" not in text
    assert path.read_bytes() == old  # kept as it was
    _left, bottom, _right, top = title.status_box()
    assert bottom > 30 and top < 200  # above the key hint, below the menu (three lines overlapped the hint)


def test_title_mouse_click_and_focus_frame(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    title = app.show_title()
    helpers.advance(window, 2)
    image = helpers.grab()
    left, bottom, right, top = item_rect(title, TitleView.NEW)
    assert helpers.pixel(image, left + 4, (bottom + top) / 2) == title.theme.accent[:3]  # the focus bar
    assert right - left >= 400 and top - bottom >= 60  # big, touch-sized
    # hovering another button moves the focus there; clicking it opens the settings
    title.seed_input.text = "777"
    sl, sb, sr, st = item_rect(title, TitleView.SETTINGS)
    window.dispatch_event("on_mouse_motion", int((sl + sr) / 2), int((sb + st) / 2), 0, 0)
    assert title.focus_index == TitleView.SETTINGS
    helpers.click(window, (sl + sr) / 2, (sb + st) / 2)
    assert type(window.current_view).__name__ == "SettingsView"
    helpers.press(window, K.ESCAPE)
    back = window.current_view
    assert isinstance(back, TitleView) and back.seed == 777  # the seed is kept while browsing the menus


def test_new_run_without_a_game_view_explains_and_keeps_the_autosave(
    app: App, window: arcade.Window, helpers: ModuleType, tmp_path: Path
) -> None:
    app.game_factory, app.game_factory_error = None, "the game view is not part of this build yet"
    title = app.show_title()
    helpers.advance(window, 1)
    helpers.press(window, K.ENTER)
    assert window.current_view is title
    assert title.status is not None and "not part of this build" in title.status.text
    assert not app.autosave.exists()


def test_command_line_starts_and_their_errors(app: App, window: arcade.Window, helpers: ModuleType) -> None:
    app.start(watch="missing.jsonl")
    title = window.current_view
    assert isinstance(title, TitleView) and title.message is not None
    assert title.message[0].startswith("Cannot watch missing.jsonl")
    app.start(scenario="no_such_place")
    title = window.current_view
    assert isinstance(title, TitleView) and title.message is not None
    assert title.message[0] == "Could not start the run: no_such_place.yaml: file not found"
    helpers.advance(window, 1)
    helpers.screenshot("app_title_bad_scenario")
    app.start(seed=12, scenario="corridor_chase")
    assert isinstance(window.current_view, FakeGameView)
    assert app.session is not None and app.session.world.seed == 12
    app.start(demo=True)
    assert type(window.current_view).__name__ == "WatchView"
