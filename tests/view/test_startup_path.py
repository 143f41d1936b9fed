"""The start-up path (issue 17, item 9): the title imports nothing of the simulation, the rest follows the
first frame, and the audio probing that `game.view.startup.begin` defers comes back afterwards."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import arcade
import pyglet
import pytest

from game import logs
from game.view import startup
from game.view.app import LATER, App, startup_steps
from game.view.settings import Settings, SettingsStore

from . import app_support

ROOT = Path(__file__).resolve().parents[2]
data_dirs = app_support.data_dirs  # fixture


class FakeClock:
    """Stands in for pyglet's ``schedule_once``: callbacks wait until `tick` runs them."""

    def __init__(self) -> None:
        self.pending: list[Callable[[float], None]] = []

    def schedule(self, callback: Callable[[float], None], delay: float) -> None:
        assert delay == 0
        self.pending.append(callback)

    def tick(self) -> int:
        due, self.pending = self.pending, []
        for callback in due:
            callback(1 / 60)
        return len(due)


def test_steps_run_one_per_tick_in_order_and_a_failing_one_is_skipped(caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    ran: list[str] = []

    def broken() -> None:
        ran.append("broken")
        raise RuntimeError("no icon here")

    steps: list[startup.Step] = [("a", lambda: ran.append("a")), ("broken", broken), ("c", lambda: ran.append("c"))]
    startup.run_steps(steps, done=lambda: ran.append("done"), schedule=clock.schedule)
    assert ran == []  # nothing before the next tick
    clock.tick()
    assert ran == ["a"]
    clock.tick()
    assert ran == ["a", "broken"]
    assert "start-up step 'broken' failed" in caplog.text
    clock.tick()
    clock.tick()
    assert ran == ["a", "broken", "c", "done"]
    assert clock.tick() == 0  # finished: nothing left scheduled


class FakeWindow(pyglet.event.EventDispatcher):
    """Only the event machinery of a window: `Window.draw` dispatches on_draw, on_refresh, then flips."""

    def draw(self) -> None:
        self.dispatch_event("on_draw")
        self.dispatch_event("on_refresh", 1 / 60)


FakeWindow.register_event_type("on_draw")
FakeWindow.register_event_type("on_refresh")


def test_after_first_frame_calls_back_once_on_the_tick_after_the_first_frame() -> None:
    clock = FakeClock()
    window = FakeWindow()
    calls: list[str] = []
    startup.after_first_frame(window, lambda: calls.append("shown"), schedule=clock.schedule)  # type: ignore[arg-type]
    assert clock.tick() == 0 and calls == []  # no frame yet
    window.draw()
    assert calls == []  # not inside the frame: after it was flipped
    clock.tick()
    assert calls == ["shown"]
    window.draw()
    window.draw()
    clock.tick()
    assert calls == ["shown"]  # once


def test_seconds_since_start_counts_from_the_process_start() -> None:
    first = logs.seconds_since_start()
    time.sleep(0.05)
    second = logs.seconds_since_start()
    assert 0.0 < first <= second < 24 * 3600
    assert second - first >= 0.02  # (clock ticks of 1/100 s)


def test_the_game_view_is_imported_when_first_needed(window: arcade.Window,
                                                    data_dirs: tuple[Path, Path]) -> None:
    app = App(window, SettingsStore(data_dirs[1]), Settings(), game_view_factory=LATER)
    app.on_quit = lambda: None
    assert app.game_factory is None and app.game_factory_error is None  # not yet
    try:
        assert app.new_run(5, "corridor_chase") is None  # imports it on demand
        assert app.game_factory is not None and app.game_factory_error is None
        assert type(window.current_view).__name__ == "GameView"
    finally:
        if app.session is not None:
            app.session.close()
        window.hide_view()


def test_the_deferred_steps_load_the_game_view_and_the_content(window: arcade.Window,
                                                              data_dirs: tuple[Path, Path]) -> None:
    app = App(window, SettingsStore(data_dirs[1]), Settings(), game_view_factory=LATER)
    names = [name for name, _ in startup_steps(app)]
    assert names == ["audio", "sounds", "window icon", "simulation", "game view", "content"]
    for _name, step in startup_steps(app):
        step()  # none raises here (the window icon only logs on a headless window)
    assert app.game_factory is not None


def _python(code: str, **env: str) -> dict[str, object]:
    """Run ``code`` in a fresh interpreter (headless); it prints one JSON line, returned here."""
    clean = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_SOUND_BACKENDS")}
    clean.update({"ARCADE_HEADLESS": "1", **env})
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True,
                            timeout=180)
    assert result.returncode == 0, result.stderr
    return dict(json.loads(result.stdout.strip().splitlines()[-1]))


TITLE_PATH = """
import gc, json, sys
from game.view import startup
startup.begin()
gc_paused = not gc.isenabled()
import game.view.app
import pyglet
heavy = sorted(m for m in ("game.sim.world", "game.sim.runfile", "game.view.session", "game.view.views.game",
                           "rules.content", "rules.bout", "pydantic", "yaml") if m in sys.modules)
driver = type(pyglet.media.drivers.get_audio_driver()).__name__
blocked = sys.modules.get(startup.FFMPEG_LIB, "absent") is None
startup.first_frame_shown()
name = startup.start_audio()
print(json.dumps({"heavy": heavy, "gc_paused": gc_paused, "gc_after": gc.isenabled(), "driver_before": driver,
                  "ffmpeg_blocked": blocked, "audio": name, "again": startup.start_audio(),
                  "ffmpeg_after": sys.modules.get(startup.FFMPEG_LIB, "absent") is not None,
                  "options": list(pyglet.options.audio)}))
"""


def test_the_title_path_imports_no_simulation_and_defers_the_audio_probing() -> None:
    out = _python(TITLE_PATH)
    assert out["heavy"] == []  # the simulation, the content, pydantic and the game view wait
    assert out["gc_paused"] is True and out["gc_after"] is True
    assert out["driver_before"] == "SilentDriver" and out["ffmpeg_blocked"] is True
    assert isinstance(out["audio"], str)  # a driver was chosen afterwards ("silent" where none starts)
    assert out["again"] is None  # once
    assert out["ffmpeg_after"] is True  # the import is no longer blocked
    assert out["options"] == ["openal", "xaudio2", "directsound", "pulse", "silent"]  # arcade's own order


def test_a_players_silent_choice_is_kept_without_probing() -> None:
    out = _python(TITLE_PATH + """
print(json.dumps({"loaded": sorted(m for m in sys.modules if m.startswith("pyglet.media.drivers.")
                                   and m.split(".")[3] in ("openal", "pulse"))}))
""", ARCADE_SOUND_BACKENDS="silent")
    assert out["loaded"] == []  # neither OpenAL nor PulseAudio was even tried
