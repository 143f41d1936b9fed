"""Headless Arcade fixtures for view tests (tech_notes §1.2): one session window, created only on request.

The window fixture lives here, so only tests under tests/view can create it; rules/sim tests in the same
pytest run never open a window. ``GAME_TEST_REAL_WINDOW=1 xvfb-run -a pytest tests/view`` uses a real window.
"""

from __future__ import annotations

import math
import os

if os.environ.get("GAME_TEST_REAL_WINDOW") != "1":
    os.environ["ARCADE_HEADLESS"] = "1"  # must happen before the first `import arcade`
os.environ.setdefault("ARCADE_SOUND_BACKENDS", "silent")

from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.view.gui_compat import apply_headless_workaround

from . import helpers as _helpers

apply_headless_workaround()  # so tests (and the views they load) may import arcade.gui

WIDTH, HEIGHT = 1280, 720


@pytest.fixture(autouse=True)
def layouts_by_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """The frame's layout and work caps (``game.view.layout_clock``) off: a test's frames lay texts out by the
    panels' counts alone, the same on a loaded machine as on a quiet one (with the caps on, a menu opening under
    load took more frames than a test waits). The caps have tests of their own, each with its own clock."""
    from game.view.layout_clock import LAYOUT_CLOCK

    monkeypatch.setattr(LAYOUT_CLOCK, "cap", math.inf)
    monkeypatch.setattr(LAYOUT_CLOCK, "work_cap", math.inf)


@pytest.fixture(scope="session")
def window() -> Iterator[arcade.Window]:
    """The one test window (1280x720, no MSAA). Never close it in a test."""
    win = arcade.Window(WIDTH, HEIGHT, "Steelstep tests", visible=False, vsync=False, antialiasing=False)
    win._enable_event_queue = False  # dispatch_event() becomes synchronous (tech_notes §0.2); instance only
    yield win
    win.close()


@pytest.fixture
def show(window: arcade.Window) -> Iterator[Callable[[arcade.View], arcade.View]]:
    """``show(view)`` makes ``view`` current; afterwards the view is hidden and the window reset."""
    arcade.set_window(window)
    window.switch_to()
    window.default_camera.use()

    def _show(view: arcade.View) -> arcade.View:
        window.show_view(view)
        return view

    yield _show
    window.hide_view()
    window.ctx.gc()


@pytest.fixture
def helpers() -> ModuleType:
    """The helpers module (advance, press, click, grab, pixel, count_colour, screenshot)."""
    return _helpers


@pytest.fixture
def screenshot(window: arcade.Window) -> Callable[[str], Path]:
    """``screenshot(name)`` saves the current framebuffer to tests/screenshots/<name>.png."""
    return _helpers.screenshot
