"""800 x 600 (issue 11): the default UI scale there is at least 0.8 (the arrow pad collapses while the maneuver
menu is open, instead of both shrinking to fit side by side), the pad stays beside the menu where there is
room, and every combat system's table and its prompt fit the small window with nothing overlapping."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Confirm
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from game.view.bench import build_world
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from rules.systems import DEFAULT_SYSTEM, WORLD_SYSTEMS

from .layout_check import game_problems

SIZES = ((800, 600), (1280, 720))
Resize = Callable[[tuple[int, int]], None]


@pytest.fixture
def resize(window: arcade.Window, helpers: ModuleType) -> Iterator[Resize]:
    def to(size: tuple[int, int]) -> None:
        window._width, window._height = size
        window.dispatch_event("on_resize", *size)
        helpers.advance(window, 2)

    yield to
    to((1280, 720))
    window.hide_view()


def test_the_default_scale_at_800x600_is_legible(window: arcade.Window, helpers: ModuleType,
                                                 resize: Resize) -> None:
    world, _ = build_world()  # the maneuver menu open
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None)
    window.show_view(view)
    resize((800, 600))
    assert view.menu_model is not None
    assert view.scale >= 0.8
    assert not _pad(view) and game_problems(view, (800, 600)) == []
    helpers.screenshot("small_window_menu_800x600")
    resize((1280, 720))
    assert view.scale == 1.0 and _pad(view) and game_problems(view, (1280, 720)) == []
    view.act_confirm()  # the menu answered: the pad is back at any size (until the next menu)
    helpers.advance(window, 2)
    resize((800, 600))
    assert _pad(view) is not _menu_open(view)


def _pad(view: GameView) -> bool:
    return view.pad_shown


def _menu_open(view: GameView) -> bool:
    return view.menu_model is not None


def _until_table(world: World) -> None:
    for _ in range(120):
        pending = world.state.pending
        assert pending is not None and world.state.over is None
        bout = world.state.bout_of(world.state.leader)
        if pending.kind == "decide" and bout is not None and world.state.system.table(bout.rules):
            return
        world.apply(Confirm())
    raise AssertionError("no decision with a table in 120 ticks")


@pytest.mark.parametrize("system", sorted(WORLD_SYSTEMS - {DEFAULT_SYSTEM}))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_systems_table_fits(window: arcade.Window, helpers: ModuleType, resize: Resize, system: str,
                                  size: tuple[int, int]) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=3, combat_system=system)
    _until_table(world)
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None)
    window.show_view(view)
    resize(size)
    helpers.advance(window, 2)
    assert view.system_table.rows() and view.system_table.rect[2] > 0
    assert view.prompt is not None
    assert game_problems(view, size) == []
    helpers.screenshot(f"table_{system}_{size[0]}x{size[1]}")
