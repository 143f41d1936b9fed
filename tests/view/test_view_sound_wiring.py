"""Sound wired into the game: the game view plays steps, blows, impacts, bout starts, refusals and menu sounds
through one bank; the menu screens play move / select / back; the settings screen sets the app's bank's
volumes and mute. A recording loader stands in for the audio device."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.sim import events as wev
from game.sim.commands import Step
from game.view.app import App
from game.view.session import Session
from game.view.settings import Settings, SettingsStore
from game.view.sound import MENU_BACK, MENU_MOVE, MENU_SELECT, SoundBank, impact_sound
from game.view.views.game import GameView
from game.view.views.settings_view import SettingsView

from .worlds import DUEL, aggressive_waits, play_until, world_from_ascii

Show = Callable[[arcade.View], arcade.View]
IMPACTS = ("hit", "heavy_hit", "parry", "block")


class Heard:
    """A loader whose sounds write down their names when played."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []

    def __call__(self, path: str) -> _Sound:
        return _Sound(self, Path(path).stem)

    @property
    def names(self) -> list[str]:
        return [n for n, _ in self.played]


class _Sound:
    def __init__(self, heard: Heard, name: str) -> None:
        self.heard, self.name = heard, name

    def play(self, volume: float = 1.0, pan: float = 0.0, loop: bool = False, speed: float = 1.0) -> object:
        self.heard.played.append((self.name, volume))
        return None


def bank(heard: Heard, master: float = 1.0, effects: float = 1.0, muted: bool = False) -> SoundBank:
    ticks = itertools.count(0, 1)
    return SoundBank(master, effects, muted, loader=heard, clock=lambda: float(next(ticks)))


@pytest.fixture
def heard() -> Heard:
    return Heard()


@pytest.fixture
def make(window: arcade.Window, show: Show, helpers: ModuleType, heard: Heard) -> Iterator[Callable[..., GameView]]:
    def _make(world: object, speed: float | str = "instant") -> GameView:
        view = GameView(Session(world), Settings(animation_speed=speed), lambda reason: None,  # type: ignore[arg-type]
                        sounds=bank(heard))
        show(view)
        helpers.advance(window, 2)
        return view

    yield _make


def test_a_step_a_bout_and_blows_are_heard(window: arcade.Window, make: Callable[..., GameView],
                                           helpers: ModuleType, heard: Heard) -> None:
    world = world_from_ascii("#########\n#.......#\n#..@..g.#\n#.......#\n#########\n", seed=3)
    view = make(world)
    view.apply(Step("W"))
    helpers.advance(window, 2)
    assert "step" in heard.names
    # play on until blows fall: the view shows every event the world makes
    for _ in range(200):
        if any(n in heard.names for n in ("hit", "heavy_hit", "parry", "block")) or world.state.over:
            break
        view.apply(aggressive_waits(world))
        helpers.advance(window, 2)
    assert "bout_start" in heard.names
    assert "swing" in heard.names
    assert any(n in heard.names for n in ("hit", "heavy_hit", "parry", "block")), heard.names


def test_impact_comes_at_the_lunge_peak(window: arcade.Window, make: Callable[..., GameView],
                                        helpers: ModuleType, heard: Heard) -> None:
    world = world_from_ascii(DUEL, seed=3)
    view = make(world, speed=1.0)
    for _ in range(200):
        pending = world.state.pending
        if pending is None or world.state.over:
            break
        events = view.session.apply(aggressive_waits(world))
        if any(isinstance(e, wev.RulesEvent) and type(e.event).__name__ == "Attack" for e in events):
            attacks = [e for e in events if isinstance(e, wev.RulesEvent) and type(e.event).__name__ == "Attack"]
            expected = [impact_sound(e.to_dict()) for e in attacks]
            heard.played.clear()
            view.show_events(events)
            assert heard.names[:1] == ["swing"]  # the first blow's lunge starts now (no move before it)
            assert not [n for n in heard.names if n in IMPACTS]  # its impact waits for the lunge's peak
            for _ in range(300):
                helpers.advance(window, 1)
                if not view.busy:
                    break
            assert heard.names.count("swing") == len(attacks)
            assert [n for n in heard.names if n in IMPACTS] == [n for n in expected if n is not None]
            return
        view.show_events(events)
        view.fast_forward()
    pytest.fail("no attack in 200 commands")


def test_a_refused_step_bumps(window: arcade.Window, make: Callable[..., GameView], helpers: ModuleType,
                              heard: Heard) -> None:
    world = world_from_ascii("#####\n#@..#\n#####\n", seed=1)
    view = make(world)
    view.show_events([wev.Rejected({"type": "step", "direction": "W"}, "a wall is in the way")])
    assert heard.names == ["bump"]


def test_menu_keys_make_menu_sounds(window: arcade.Window, make: Callable[..., GameView], helpers: ModuleType,
                                    heard: Heard) -> None:
    world = world_from_ascii(DUEL, seed=1)
    assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "declare",
                      choose=aggressive_waits)
    view = make(world)
    assert view.menu_model is not None
    heard.played.clear()
    helpers.press(window, arcade.key.DOWN)
    assert heard.names == [MENU_MOVE]
    helpers.press(window, arcade.key.ENTER)
    assert heard.names[1] == MENU_SELECT


def test_muted_bank_is_silent_and_volume_is_the_product(heard: Heard) -> None:
    b = bank(heard, master=0.5, effects=0.4)
    assert b.play("step")
    assert heard.names == ["step"] and heard.played[0][1] == pytest.approx(0.2)
    b.set_volumes(0.5, 0.4, True)
    assert not b.play("step")
    assert len(heard.played) == 1


def test_real_bank_is_silent_and_harmless_headless() -> None:
    b = SoundBank()
    assert b.load_all() == [] or all("not loaded" in p for p in b.problems)
    for name in ("step", "swing", "hit", MENU_MOVE):
        b.play(name)  # never raises, with or without a device


@pytest.fixture
def app(window: arcade.Window, tmp_path: Path, heard: Heard) -> Iterator[App]:
    a = App(window, SettingsStore(tmp_path), Settings(), game_view_factory=False, autosave=tmp_path / "auto.jsonl")
    a.sounds = bank(heard)
    yield a
    window.hide_view()


def test_menu_screens_move_select_and_back(window: arcade.Window, app: App, helpers: ModuleType,
                                           heard: Heard) -> None:
    back: list[str] = []
    view = app.show_settings(back=lambda: back.append("back"))
    helpers.advance(window, 1)
    heard.played.clear()
    helpers.press(window, arcade.key.DOWN)
    assert heard.names == [MENU_MOVE]
    helpers.press(window, arcade.key.ESCAPE)
    assert heard.names[-1] == MENU_BACK and back == ["back"]
    assert isinstance(view, SettingsView)


def _focus_row(view: SettingsView, key: str) -> None:
    index = next(i for i, opt in enumerate(view.options) if opt is not None and opt.key == key)
    view.focus(index)


def test_settings_rows_set_the_banks_volume_and_mute(window: arcade.Window, app: App, helpers: ModuleType,
                                                     heard: Heard) -> None:
    view = app.show_settings(back=lambda: None)
    helpers.advance(window, 1)
    assert {"master_volume", "effects_volume", "muted"} <= set(view.rows)
    _focus_row(view, "master_volume")
    before = app.settings.master_volume
    helpers.press(window, arcade.key.LEFT)  # keyboard
    assert app.settings.master_volume < before
    assert app.sounds.master == pytest.approx(app.settings.master_volume)
    label = view.rows["master_volume"].value_label
    assert label is not None and f"{round(app.settings.master_volume * 100)} %" in label.text
    _focus_row(view, "muted")
    helpers.press(window, arcade.key.ENTER)  # Enter / a click / a tap cycle the row
    assert app.settings.muted and app.sounds.muted and app.sounds.volume == 0.0
    saved = SettingsStore(app.store.config_dir).load().settings
    assert saved.muted and saved.master_volume == app.settings.master_volume
    # the mouse: a click on the row cycles it back
    box = view.rows["muted"].rect
    helpers.click(window, box.center_x, box.center_y)
    assert not app.settings.muted and not app.sounds.muted
