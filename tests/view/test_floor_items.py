"""The floor's piles on the map (game/view/floor_items.py): a marker on each pile the party has seen, the
relic's crown where the relic lies, rebuilt when a pile is taken; the game view draws them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import arcade

from game.sim.geometry import Pos
from game.sim.run_world import run_setup
from game.sim.world import World
from game.view.floor_items import FloorItems, shown_piles
from game.view.legend import Kind, MarkKey, legend_for
from game.view.palette import palette

from . import app_support
from .test_run_screens import real_app  # noqa: F401  (the fixture)

data_dirs = app_support.data_dirs  # fixture


def test_only_seen_piles_are_shown_and_the_relic_has_its_own_marker(window: arcade.Window) -> None:
    world = World(run_setup(3), seed=3)
    state = world.state
    run = state.run
    assert run is not None and run.floor
    squares = sorted(run.floor)
    assert shown_piles(state, set()) == ()
    assert [p for p, _pile in shown_piles(state, set(squares[:2]))] == squares[:2]
    items = FloorItems(32.0, 32, state.tilemap.height)
    items.sync(state, set(squares))
    assert len(items.sprites) == len(squares) and items.relic_at is None
    assert items.drawn_marks() == {MarkKey(Kind.FLOOR, "pile")}
    first = items.sprites[0]
    x, y = squares[0]
    assert (first.center_x, first.center_y) == ((x + 0.5) * 32, (state.tilemap.height - y - 0.5) * 32)
    run.floor[squares[0]] = ((run.content.run.goal.relic, 1),)  # the relic lies here (depth 8's, in a test)
    items.sync(state, set(squares))
    assert items.relic_at == squares[0]
    assert items.drawn_marks() == {MarkKey(Kind.FLOOR, "pile"), MarkKey(Kind.FLOOR, "relic")}
    for name in ("default", "colour_blind"):  # the legend has a line for each, with the map's own picture
        lines = legend_for(items.drawn_marks(), palette(name == "colour_blind"))
        assert [(e.key.variant, e.image) for e in lines] == [("pile", "pile"), ("relic", "relic")]
    del run.floor[squares[1]]  # a pile taken: its marker goes
    items.sync(state, set(squares))
    assert len(items.sprites) == len(squares) - 1
    assert Pos(-1, -1) not in {p for p, _ in items.shown}


def test_outside_a_run_nothing_lies_on_the_floor(window: arcade.Window) -> None:
    from game.sim.scenario_file import dungeon_setup

    world = World(dungeon_setup(3, party=("player_fighter",)), seed=3)
    items = FloorItems(32.0, 32, world.state.tilemap.height)
    items.sync(world.state, set(world.state.tilemap.positions()))
    assert len(items.sprites) == 0 and items.drawn_marks() == set()


def test_the_game_view_draws_a_pile_in_sight(real_app: object,  # noqa: F811
                                               window: arcade.Window, helpers: ModuleType,
                                               screenshot: Callable[[str], Path]) -> None:
    from game.view.app import App
    from game.view.views.game import GameView
    from tests.world.test_world_run import walk_to

    assert isinstance(real_app, App)
    assert real_app.new_run(3) is None and real_app.session is not None
    game = real_app.game_view
    world = real_app.session.world
    run = world.state.run
    assert isinstance(game, GameView) and run is not None
    leader = world.state.actors[world.state.leader]
    pile = min(run.floor, key=lambda p: (abs(p.x - leader.pos.x) + abs(p.y - leader.pos.y), p.x, p.y))
    def in_sight() -> bool:
        game.show_events([])  # the map view sees what the leader sees now
        return pile in game.render.visible

    walk_to(world, pile, until=in_sight)
    helpers.advance(window, 2)
    assert pile in {p for p, _ in game.render.floor_items.shown}
    sprite = next(s for s in game.render.floor_items.sprites
                  if game.render.square_at(s.center_x, s.center_y) == pile)
    assert sprite.width == sprite.height > 0
    assert MarkKey(Kind.FLOOR, "pile") in game.legend_marks()  # the legend lists the pile drawn on screen
    game.open_legend()
    assert MarkKey(Kind.FLOOR, "pile") in {e.key for e in game.legend.entries}
    helpers.advance(window, 2)
    screenshot("legend_floor_pile")
    game.close_legend()
