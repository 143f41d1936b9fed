"""The map's marks for mobility maneuvers (issue 13 item 1): the leader's view carries them
(game.sim.player_view.MobilityView), the indicators turn them into a threading arrow past a foe or a flank
mark (game.view.indicators.MobilityMark), the map draws them and the legend explains them. Screenshots:
tests/screenshots/mobility_thread_committed.png, mobility_thread_legend.png, mobility_thread_resolved.png."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Answer, Confirm
from game.sim.player_view import player_view
from game.sim.world import World
from game.view.indicators import compute
from game.view.legend import MOBILITY_COLOUR, Kind, MarkKey, legend_for, marks_in
from game.view.palette import DEFAULT
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import world_from_ascii

Show = Callable[[arcade.View], arcade.View]
BETWEEN = "#########\n#.......#\n#..g@g..#\n#.......#\n#########\n"


def threading(seed: int = 1) -> World:
    """The leader between two goblins, Version 2b: he commits Thread the Needle (3 dice) at each s0."""
    return world_from_ascii(BETWEEN, seed=seed, house_rules={"mobility_version": "v2b"})


def play(w: World, until: Callable[[World], bool], limit: int = 30) -> None:
    for _ in range(limit):
        if until(w):
            return
        choice = player_view(w.state).decision
        asked = choice.choice if choice is not None else None
        if asked is not None and asked.kind == "mobility_choice":
            w.apply(Answer("mobility_choice", "thread_the_needle"))
        elif asked is not None and asked.kind == "mobility_dice":
            w.apply(Answer("mobility_dice", 3))
        else:
            w.apply(Confirm())
    raise AssertionError("the situation never came")


def _state(w: World) -> str | None:
    bout = player_view(w.state).my_bout
    return next((m.state for m in bout.mobility), None) if bout is not None else None


def test_a_committed_thread_shows_arrows_past_the_foes_then_its_outcome() -> None:
    w = threading()
    play(w, lambda w: _state(w) == "committed")
    marks = compute(w.state).mobility
    assert {(m.actor, m.foe, m.kind) for m in marks} == {("player", "goblin_1", "thread"),
                                                        ("player", "goblin_2", "thread")}
    play(w, lambda w: _state(w) in ("worked", "failed"))
    resolved = compute(w.state).mobility
    assert resolved and all(m.state in ("worked", "failed") for m in resolved)
    keys = marks_in(compute(w.state))
    assert MarkKey(Kind.MOBILITY, "thread") in keys
    (entry,) = [e for e in legend_for(keys, DEFAULT) if e.key.kind is Kind.MOBILITY]
    assert "Thread the Needle" in entry.meaning


def test_no_mark_without_a_mobility_maneuver() -> None:
    w = world_from_ascii(BETWEEN, seed=1)  # Version 1, nobody declares one
    for _ in range(6):
        assert compute(w.state).mobility == ()
        w.apply(Confirm())


@pytest.fixture
def game(window: arcade.Window, show: Show, helpers: ModuleType) -> Iterator[Callable[[World], GameView]]:
    def make(world: World) -> GameView:
        view = GameView(Session(world), Settings(animation_speed="instant"), lambda _: None, interactive=True)
        show(view)
        helpers.advance(window, 2)
        return view

    yield make


def test_the_map_draws_the_threading_arrow(window: arcade.Window, game: Callable[[World], GameView],
                                           helpers: ModuleType, screenshot: Callable[[str], Path]) -> None:
    w = threading()
    play(w, lambda w: _state(w) == "committed")
    view = game(w)
    helpers.advance(window, 2)
    assert MarkKey(Kind.MOBILITY, "thread") in view.render.drawn_marks()
    img = helpers.grab()
    screenshot("mobility_thread_committed")
    foe = view.render.actors["goblin_2"]
    x, y = view.camera.project(view.render.foot_xy(*foe.pos))
    box = (x - 60, y - 20, x + 60, y + 60)
    assert helpers.count_colour(img, box, MOBILITY_COLOUR[:3], tol=40) > 30  # violet strokes over the foe
    helpers.press(window, arcade.key.SLASH, arcade.key.MOD_SHIFT)  # "?": the legend explains the arrow
    helpers.advance(window, 2)
    assert any(e.key == MarkKey(Kind.MOBILITY, "thread") for e in view.legend.entries)
    screenshot("mobility_thread_legend")
    helpers.press(window, arcade.key.SLASH, arcade.key.MOD_SHIFT)
    play(w, lambda w: _state(w) in ("worked", "failed"))
    helpers.advance(window, 4)
    screenshot("mobility_thread_resolved")
