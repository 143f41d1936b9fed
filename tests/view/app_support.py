"""Shared pieces of the app/screen tests: a stand-in game view (tests only) and an App in temporary dirs.

``FakeGameView`` has GameView's documented constructor ``(session, settings, on_exit)``: it draws a plain
map-coloured screen with the leader as a square, sends ``Confirm`` on Space (never while watching) and calls
``on_exit("pause")`` on Escape. It exists so the screens around the game can be tested before (and
independently of) the real game view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import ClassVar

import arcade
import pytest

from game.sim.commands import Confirm
from game.sim.events import WorldEvent
from game.sim.state import WorldState
from game.view.app import App
from game.view.session import Session
from game.view.settings import Settings, SettingsStore

MAP_GREEN = (34, 58, 40)
LEADER = (220, 200, 120)


class FakeGameView(arcade.View):
    instances: ClassVar[list[FakeGameView]] = []

    def __init__(self, session: Session, settings: Settings, on_exit: Callable[[str], None]) -> None:
        super().__init__()
        self.session = session
        self.settings = settings
        self.on_exit = on_exit
        self.events: list[WorldEvent] = []
        self.state = session.world.state
        self.jumps: list[int] = []
        self.busy = False
        self.draws = 0
        FakeGameView.instances.append(self)

    def show_events(self, events: list[WorldEvent]) -> None:
        """GameView's entry point for events the watch view (or the game itself) got from the session."""
        self.events.extend(events)

    def rebind(self, state: WorldState, *, jump: bool = False, history: object = None) -> None:
        """GameView's entry point for the watch view's time travel: another state of the same run."""
        self.state = state
        if jump:
            self.jumps.append(state.tick)

    def on_draw(self) -> None:
        self.draws += 1
        self.clear(color=(*MAP_GREEN, 255))
        s = self.state
        leader = s.actors[s.leader]
        x = 300 + leader.pos.x * 24
        y = 200 + leader.pos.y * 24
        arcade.draw_lbwh_rectangle_filled(x, y, 22, 22, (*LEADER, 255))

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.ESCAPE:
            self.on_exit("pause")
        elif symbol == arcade.key.SPACE and not self.session.watching:
            self.show_events(self.session.apply(Confirm()))
            if self.session.over is not None:
                self.on_exit("game_over")


@pytest.fixture
def data_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    data, config = tmp_path / "data", tmp_path / "config"
    monkeypatch.setenv("STEELSTEP_DATA_DIR", str(data))
    monkeypatch.setenv("STEELSTEP_CONFIG_DIR", str(config))
    return data, config


@pytest.fixture
def app(window: arcade.Window, show: Callable[[arcade.View], arcade.View],
        data_dirs: tuple[Path, Path]) -> Iterator[App]:
    """An App on the test window with temporary data/config dirs and the stand-in game view."""
    _, config = data_dirs
    FakeGameView.instances.clear()
    a = App(window, SettingsStore(config), Settings(), game_view_factory=FakeGameView)
    quits: list[bool] = []
    a.on_quit = lambda: quits.append(True)
    yield a
    window.hide_view()
