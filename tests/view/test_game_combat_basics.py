"""The game screen hosting Combat basics (issue 14): a combat cluster shares one square and its fighters
stand apart on it (each his own footbase), the leader's turn opens the generic prompt from its data (move,
attack, charge, ready, delay, wait), Enter answers it, and the system's table (the order, the clusters,
readied triggers, stumble and daze) is on screen; a screenshot of the fight for the eye."""

from __future__ import annotations

from types import ModuleType

import arcade

from game.sim.commands import Confirm
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from tests.view.system_screen import show_at_prompt


def _until_clustered_decide(world: World) -> None:
    s = world.state
    for _ in range(200):
        pending = s.pending
        assert pending is not None and s.over is None
        leader = s.actors[s.leader]
        if pending.kind == "decide" and len(s.occupants(leader.pos)) > 1:
            return
        world.apply(Confirm())
    raise AssertionError("the leader was never asked in a combat cluster in 200 ticks")


def test_a_cluster_on_screen_and_enter_answers(window: arcade.Window, helpers: ModuleType) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=5, combat_system="combat_basics")
    _until_clustered_decide(world)
    view, decision = show_at_prompt(world, window, helpers)
    headings = [h for h, _ in view.system_table.rows()]
    assert headings[:2] == ["Order", "Clusters"]
    assert view.system_table.rect[2] > 0  # drawn
    square = world.state.actors[world.state.leader].pos
    places = {view.render.actors[a].pos for a in world.state.occupants(square)}
    assert len(places) == len(world.state.occupants(square)) > 1  # each of the cluster stands apart
    helpers.screenshot(f"combat_basics_{window.width}x{window.height}")
    ticks = len(world.commands)
    helpers.press(window, arcade.key.ENTER)
    helpers.advance(window, 2)
    assert len(world.commands) == ticks + 1
    assert world.commands[-1][1] == {"cmd": "answer", "kind": decision.kind, "value": decision.default}
