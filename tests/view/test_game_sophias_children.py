"""The game screen hosting Sophia's Children (issue 14): the HUD's clock speaks the system's words (round
and phase, not `e1s0`), the leader's decisions of that system open the generic prompt from their data,
Enter answers them, and the system's own table (pools, Up, Tapped, ...) is on screen; a screenshot of the
fight for the eye."""

from __future__ import annotations

from types import ModuleType

import arcade

from game.sim.player_view import bout_clock
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from tests.view.system_screen import show_at_prompt, until_decide


def test_the_fight_on_screen_and_enter_answers(window: arcade.Window, helpers: ModuleType) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=3, combat_system="sophias_children")
    until_decide(world, "Sophia's Children")
    clock = bout_clock(world.state, world.state.leader)
    assert clock is not None and clock[0].startswith("Round ")
    view, decision = show_at_prompt(world, window, helpers)
    headings = [h for h, _ in view.system_table.rows()]
    assert headings[0] == "Pools" and "Up" in headings and "Tapped" in headings
    assert view.system_table.rect[2] > 0  # drawn
    helpers.screenshot(f"sophias_children_{window.width}x{window.height}")
    ticks = len(world.commands)
    helpers.press(window, arcade.key.ENTER)
    helpers.advance(window, 2)
    assert len(world.commands) == ticks + 1
    assert world.commands[-1][1] == {"cmd": "answer", "kind": decision.kind, "value": decision.default}
