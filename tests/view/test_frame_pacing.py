"""Fewer frames while nothing on screen moves (game.view.frame_pacing): the pacer's rule, the game screen's idea
of idle, and the game's window skipping draws (in a subprocess: the test session's window stays the only one)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.view.bench import build_world
from game.view.frame_pacing import IDLE_AFTER, IDLE_EVERY, FramePacer
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

ROOT = Path(__file__).resolve().parents[2]


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _frames(pacer: FramePacer, clock: FakeClock, count: int, still: bool) -> list[bool]:
    drawn = []
    for _ in range(count):
        clock.now += 1 / 60
        drawn.append(pacer.draw_now(still))
    return drawn


def test_frames_thin_out_only_when_still_and_quiet_and_come_back_at_an_event() -> None:
    clock = FakeClock()
    pacer = FramePacer(clock)
    assert all(_frames(pacer, clock, 120, still=False))  # something moves: every frame
    pacer.event()
    assert all(_frames(pacer, clock, int(IDLE_AFTER * 60) - 2, still=True))  # still, but an event was recent
    clock.now += IDLE_AFTER
    idle = _frames(pacer, clock, 60, still=True)
    assert sum(idle) == 60 // IDLE_EVERY and not any(idle[:IDLE_EVERY - 1])  # one frame in IDLE_EVERY
    pacer.event()  # a key: the next frame is drawn, and every one after while the event is recent
    assert all(_frames(pacer, clock, 30, still=True))
    clock.now += IDLE_AFTER
    assert not _frames(pacer, clock, 1, still=True)[0]
    assert _frames(pacer, clock, 1, still=False)[0]  # a moving screen never waits


def test_the_game_screen_is_idle_only_when_nothing_moves(window: arcade.Window, helpers: ModuleType) -> None:
    world, events = build_world()
    view = GameView(Session(world), Settings(animation_speed=1.0), lambda _r: None, reveal_all=True)
    view.log.add_events(world.state, events)
    window.show_view(view)
    helpers.advance(window, 90)
    assert view.idle()
    pending = world.state.pending
    assert pending is not None and pending.kind == "declare" and view.menu_model is not None
    helpers.press(window, arcade.key.ENTER)  # the suggested declaration: the exchange is fought
    helpers.advance(window, 1)
    assert not view.idle()  # the exchange plays out on screen
    for _ in range(600):
        helpers.advance(window, 1)
        if view.idle():
            break
    assert view.idle() and view.animator.settled
    window.hide_view()


PROBE = """
import json
import arcade
import pytest
from game.view.frame_pacing import FramePacer, GameWindow

class Still(arcade.View):
    drawn = 0
    def idle(self) -> bool:
        return True
    def on_draw(self) -> None:
        Still.drawn += 1
        self.clear()

STEP = 0.125
now = [0.0]
window = GameWindow(320, 240, "pacing", visible=False)
window._enable_event_queue = False
window.pacer = FramePacer(lambda: now[0])
window.show_view(Still())
counts = []
for phase in ("quiet", "after a key"):
    if phase == "after a key":
        window.dispatch_event("on_key_press", arcade.key.SPACE, 0)
    Still.drawn = 0
    for _ in range(60):
        now[0] += STEP  # the key's second of full rate ends part way
        window.draw(1 / 60)
    counts.append(Still.drawn)
print(json.dumps(counts))
"""


def test_the_game_window_skips_drawing_an_idle_view() -> None:
    env = dict(os.environ, ARCADE_HEADLESS="1", ARCADE_SOUND_BACKENDS="silent")
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    quiet, after_key = json.loads(result.stdout.strip().splitlines()[-1])
    full = round(IDLE_AFTER / 0.125) - 1  # frames within the second after the last event
    assert quiet == full + (60 - full) // IDLE_EVERY
    assert after_key == full + (60 - full) // IDLE_EVERY  # the key brought the full rate back


def test_menus_are_idle_and_the_title_once_its_work_ahead_is_done(window: arcade.Window, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from game.view import gl_warm, glyphs
    from game.view.app import App
    from game.view.settings import SettingsStore
    from game.view.views.game_over import GameOverView, RunSummary
    from game.view.views.title import TitleView

    monkeypatch.setenv("STEELSTEP_DATA_DIR", str(tmp_path / "data"))
    app = App(window, SettingsStore(tmp_path / "config"), Settings(), game_view_factory=None)
    over = GameOverView(app, RunSummary("victory", 5, 1, "Corridor chase", ()))
    assert over.idle()  # an end screen left open drew 60 frames a second of the same picture
    title = TitleView(app)
    warmer = type(glyphs.WARMER)
    monkeypatch.setattr(warmer, "pending", property(lambda _self: 3))  # glyphs still to make ahead: busy frames
    assert not title.idle()
    monkeypatch.setattr(warmer, "pending", property(lambda _self: 0))
    monkeypatch.setattr(gl_warm.PICTURE_WARM, "pending", lambda _window: True)
    assert not title.idle()
    monkeypatch.setattr(gl_warm.PICTURE_WARM, "pending", lambda _window: False)
    assert title.idle()
