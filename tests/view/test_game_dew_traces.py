"""Dew's movement traces on the map (issue 15: "traces drawn on the map"): the leader steps away by a
trace, the player view carries it as plain data (`system_traces`) and the map draws it (`game.view.traces`)
in his colour over the squares he crossed; a screenshot for the eye."""

from __future__ import annotations

from types import ModuleType

import arcade

from game.sim.player_view import system_traces
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView


def _open_by_a_trace(world: World) -> None:
    from tests.world.test_world_dew_traces import _open_by_a_trace as open_by_a_trace

    open_by_a_trace(world)


def test_the_leaders_trace_is_drawn_on_the_map(window: arcade.Window, helpers: ModuleType) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=25, combat_system="dew_sequence")
    _open_by_a_trace(world)
    traces = system_traces(world.state)
    mine = [t for t in traces if t.actor == world.state.leader]
    assert mine and len(mine[0].squares) > 2, traces
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None)
    window.show_view(view)
    helpers.advance(window, 3)
    image = helpers.grab()
    helpers.screenshot(f"dew_traces_{window.width}x{window.height}", image)
    # halfway between two dots of the trace, on its line, the ally's trace colour shows (blue over the floor)
    (ax, ay), (bx, by) = mine[0].squares[-3], mine[0].squares[-2]
    first, second = view.render.world_xy(ax, ay), view.render.world_xy(bx, by)
    sx, sy = view.project(((first[0] + second[0]) / 2, (first[1] + second[1]) / 2))
    r, g, b = helpers.pixel(image, sx, sy)
    assert b > r + 40 and b > 120, (r, g, b)
