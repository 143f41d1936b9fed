"""The field of view a tick asks for repaints in the frame after the tick's (issue 11: the frame right after a
tick), never later than the next update, at once at the "instant" setting, and before any input is handled."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

import arcade
import pytest

from game.sim.geometry import Pos
from game.sim.world import World
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import world_from_ascii

# a long corridor: each step east brings a new column into view; a walled-in goblin keeps the run going
LONG = "##########################\n#@...................#g###\n##########################\n"


@pytest.fixture
def game(window: arcade.Window, show: Callable[[arcade.View], arcade.View],
         helpers: ModuleType) -> Iterator[Callable[[World, float | str], GameView]]:
    def make(world: World, speed: float | str) -> GameView:
        view = GameView(Session(world), Settings(animation_speed=speed), lambda _reason: None)  # type: ignore[arg-type]
        show(view)
        helpers.advance(window, 2)
        return view

    yield make


def _far_east(view: GameView) -> int:
    return max(p.x for p in view.render.visible)


def test_the_view_widens_in_the_frame_after_the_step(window: arcade.Window, helpers: ModuleType,
                                                    game: Callable[[World, float | str], GameView]) -> None:
    world = world_from_ascii(LONG)
    view = game(world, 1.0)
    before = _far_east(view)
    helpers.press(window, arcade.key.RIGHT)
    assert world.state.actors["player"].pos == Pos(2, 1)
    assert _far_east(view) == before and view.busy  # the step's frame: the tween starts, the light waits
    helpers.advance(window, 1)  # that frame is drawn as it was
    assert _far_east(view) == before
    helpers.advance(window, 1)  # the next frame's update repaints it
    assert _far_east(view) == before + 1 and Pos(before + 1, 1) in view.render.seen
    helpers.advance(window, 20)
    assert not view.busy


def test_input_and_instant_speed_never_see_a_stale_view(window: arcade.Window, helpers: ModuleType,
                                                       game: Callable[[World, float | str], GameView]) -> None:
    world = world_from_ascii(LONG)
    view = game(world, 1.0)
    before = _far_east(view)
    helpers.press(window, arcade.key.RIGHT)
    helpers.press(window, arcade.key.RIGHT)  # before any frame: the first step's light comes first
    assert world.state.actors["player"].pos == Pos(3, 1)
    assert Pos(before + 1, 1) in view.render.seen
    instant = game(world_from_ascii(LONG), "instant")
    start = _far_east(instant)
    helpers.press(window, arcade.key.RIGHT)
    assert _far_east(instant) == start + 1 and not instant.busy
