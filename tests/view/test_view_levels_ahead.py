"""The run's next depths are made ahead in a background thread as a depth starts (issue 11: the stairs' frame),
and the level made there is the one the world would make itself: a run's events are the same either way."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade

from game.sim import run_world
from game.view.session import new_run
from game.view.settings import Settings
from game.view.views.game import GameView


def test_the_next_depth_is_made_ahead_and_is_the_level_of_that_depth(
        window: arcade.Window, helpers: ModuleType, show: Callable[[arcade.View], arcade.View]) -> None:
    run_world._level.cache_clear()
    session = new_run(97)
    run = session.world.state.run
    assert run is not None and run.depth == 1
    view = GameView(session, Settings(), lambda _reason: None)
    assert view.levels_ahead.asked == (97, 1)
    view.levels_ahead.wait(30.0)
    info = run_world._level.cache_info()
    assert info.currsize == 2  # depth 1 (the run's start) and depth 2, made by the thread
    ahead = run_world._level(97, 2)
    assert run_world._level.cache_info().hits == info.hits + 1  # found made
    run_world._level.cache_clear()
    assert run_world._level(97, 2) == ahead  # made again on the main thread: the same level
    assert not view.levels_ahead.ask(session.world.state)  # once per depth
