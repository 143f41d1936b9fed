"""Issue 17, item 4: Settings with broken content shows a message instead of crashing the game."""

from __future__ import annotations

from types import ModuleType

import arcade
import pytest

from game.view.app import App
from game.view.views import SettingsView, settings_view
from rules.content import ContentError, ContentErrors

from . import app_support

K = arcade.key
app = app_support.app  # fixtures
data_dirs = app_support.data_dirs


def test_settings_with_broken_content_shows_a_message_and_still_works(
    app: App, window: arcade.Window, helpers: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> dict[str, object]:
        raise ContentErrors([ContentError("content/house_rules.yaml", 3, 1, "auto_chase", "bad value")])

    monkeypatch.setattr(settings_view, "house_rule_defaults", broken)
    view = app.show_settings(back=app.show_title)
    helpers.advance(window, 2)
    assert isinstance(view, SettingsView)
    assert window.current_view is view  # no crash, the settings are open
    assert view.message is not None
    text, tone = view.message
    assert tone == "danger" and "content has errors" in text and "house_rules.yaml:3:1" in text
    assert not any(o is not None and o.key.startswith("house_rules.") for o in view.options)
    # the display settings still work, and Back goes back
    helpers.press(window, K.RIGHT)
    helpers.advance(window, 1)
    helpers.press(window, K.ESCAPE)
    helpers.advance(window, 2)
    assert window.current_view is not view
