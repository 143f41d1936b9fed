"""The game screen hosting Gold & Glory (issue 16): the HUD's clock speaks the system's words (`r1`, the
stage), the leader's decisions (the ap/mp declaration first) open the generic prompt from their data, Enter
answers them, and the system's table (initiative, ap, mp, mod stack, hp, facing) is on screen; a screenshot
of the fight for the eye."""

from __future__ import annotations

from types import ModuleType

import arcade

from game.sim.player_view import bout_clock
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from tests.view.system_screen import show_at_prompt, until_decide


def test_the_fight_on_screen_and_enter_answers(window: arcade.Window, helpers: ModuleType) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=3, combat_system="gold_and_glory")
    until_decide(world, "Gold & Glory")
    clock = bout_clock(world.state, world.state.leader)
    assert clock is not None and clock[0].startswith("r")
    view, decision = show_at_prompt(world, window, helpers)
    assert decision.kind.startswith("gg_")
    rows = view.system_table.rows()
    assert "Knight" in [h for h, _ in rows] and all(" ap " in text and " hp " in text for _, text in rows)
    assert view.system_table.rect[2] > 0  # drawn
    helpers.screenshot(f"gold_and_glory_{window.width}x{window.height}")
    ticks = len(world.commands)
    helpers.press(window, arcade.key.ENTER)
    helpers.advance(window, 2)
    assert len(world.commands) == ticks + 1
    assert world.commands[-1][1] == {"cmd": "answer", "kind": decision.kind, "value": decision.default}
