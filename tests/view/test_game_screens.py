"""Every state of the game screen rendered headless and saved to tests/screenshots/ for people to look at
(exploring, each prompt, the menu, inspect, party orders, the log's filters, three-way fights, game over,
colour-blind, left-handed, UI scale 1.5). Each also checks the state it shows."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Confirm, Step
from game.sim.scenario_file import dungeon_setup, load_named_scenario
from game.sim.world import World
from game.view.combat_log import LogFilter
from game.view.maneuver_menu import Row
from game.view.prompts import BumpPrompt, FirstAidPrompt
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from rules.fighter import Wound

from .worlds import DUEL, aggressive_waits, defensive_waits, play_until, world_from_ascii

Shot = Callable[[str], Path]


@pytest.fixture
def game(window: arcade.Window, show: Callable[[arcade.View], arcade.View],
         helpers: ModuleType) -> Iterator[Callable[..., GameView]]:
    def make(world: World, *, frames: int = 3, interactive: bool = True, **settings: object) -> GameView:
        s = Settings(animation_speed="instant", **settings)  # type: ignore[arg-type]
        view = GameView(Session(world), s, lambda _r: None, interactive=interactive)
        show(view)
        helpers.advance(window, frames)
        return view

    yield make


def _until_declare(world: World, choose=defensive_waits) -> World:  # type: ignore[no-untyped-def]
    assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "declare",
                      choose=choose)
    return world


def test_screen_exploring_dungeon(window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType,
                                  screenshot: Shot) -> None:
    world = World(dungeon_setup(11, party=("player_fighter", "companion_spearman")), seed=11)
    view = game(world)
    for key in (arcade.key.RIGHT, arcade.key.RIGHT, arcade.key.DOWN, arcade.key.DOWN, arcade.key.LEFT):
        helpers.press(window, key)
        helpers.advance(window, 2)
    assert view.render.seen > view.render.visible  # remembered squares, dimmed
    screenshot("game_explore_dungeon")


def test_screen_three_way_arena(window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType,
                                screenshot: Shot) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=3)
    view = game(world)
    screenshot("game_arena_start")
    for _ in range(8):
        if world.state.over is not None:
            break
        helpers.press(window, arcade.key.SPACE)
        helpers.press(window, arcade.key.ENTER)
        helpers.advance(window, 2)
    assert view.indicators.arcs
    screenshot("game_arena_three_way")


def test_screen_menu_attack_and_composite(window: arcade.Window, game: Callable[..., GameView],
                                          helpers: ModuleType, screenshot: Shot) -> None:
    world = _until_declare(world_from_ascii(DUEL, seed=2), aggressive_waits)
    view = game(world)
    m = view.menu_model
    assert m is not None
    screenshot("game_s2_menu_attack")
    opp = m.opponent
    assert opp is not None
    composite = [mo for a in m.actions(opp) for mo in a.maneuvers if mo.parts]
    if composite:
        action = next(a.action for a in m.actions(opp) if composite[0] in a.maneuvers)
        m.set_action(opp, action)
        m.set_maneuver(opp, composite[0].maneuver)
        m.focus_row(Row("dice", 1))
        view.menu.invalidate()
        helpers.advance(window, 1)
        assert len(m.choices[opp].parts) == 2
        screenshot("game_s2_menu_composite")
    m.reset()
    m.focus_row(Row("zone"))
    view.menu.invalidate()
    helpers.advance(window, 1)
    screenshot("game_s2_menu_zones")


def test_screen_menu_three_way(window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType,
                               screenshot: Shot) -> None:
    world = _until_declare(world_from_ascii("#######\n#.....#\n#..@g.#\n#..b..#\n#######\n", seed=2))
    view = game(world)
    helpers.press(window, arcade.key.TAB)  # the other opponent: single circle on him, primary's inner fades
    helpers.advance(window, 1)
    kinds = {f.kind for f in view.indicators.footbases}
    assert "secondary" in kinds
    screenshot("game_s2_menu_three_way_second_opponent")


def test_screen_bump_frame(window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType,
                           screenshot: Shot) -> None:
    # an Aggressive bumper bump-rushes without a frame (house rule aggressive_bump_rush, rules.footwork):
    # the frame is shown here with the rule off, the Enter below keeping the contextual Aggressive
    world = world_from_ascii("#######\n#.....#\n#.@b..#\n#.....#\n#######\n", seed=1,
                             house_rules={"aggressive_bump_rush": False})
    world.state.actors["bandit_1"].flee_threshold = 0.0  # he runs from anyone (tests/world does the same)
    view = game(world)
    helpers.press(window, arcade.key.RIGHT)
    helpers.press(window, arcade.key.ENTER)  # Aggressive, into him: he steps away
    helpers.advance(window, 2)
    assert world.state.pending is not None and world.state.pending.kind == "bump"
    assert isinstance(view.prompt, BumpPrompt)
    screenshot("game_bump_frame")
    helpers.press(window, arcade.key.ENTER)  # follow
    assert world.state.pending is not None and world.state.pending.kind != "bump"


def test_screen_first_aid(window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType,
                          screenshot: Shot) -> None:
    world = world_from_ascii("############\n#@.......#g#\n#........###\n############\n")
    world.state.actors["player"].fighter.add_wound(Wound("thigh", "cut", 2, 2, 3))
    view = game(world)
    for _ in range(8):
        if isinstance(view.prompt, FirstAidPrompt):
            break
        helpers.press(window, arcade.key.SPACE)
        helpers.advance(window, 1)
    assert isinstance(view.prompt, FirstAidPrompt)
    screenshot("game_first_aid_offer")
    helpers.press(window, arcade.key.ENTER)
    assert view.prompt is None
    assert any("first aid" in line.text for line in view.log.model.lines)


def test_screen_inspect_and_log_filters(window: arcade.Window, game: Callable[..., GameView],
                                        helpers: ModuleType, screenshot: Shot) -> None:
    world = world_from_ascii(DUEL, seed=5)
    view = game(world)
    while world.state.tick < 7 and world.state.over is None:  # played through the view: the log sees it all
        view.apply(aggressive_waits(world))
    helpers.advance(window, 2)
    helpers.press(window, arcade.key.I)
    helpers.advance(window, 1)
    assert view.inspect.visible and view.inspect.actor is not None
    screenshot("game_inspect")
    helpers.press(window, arcade.key.ESCAPE)
    assert not view.inspect.visible
    helpers.press(window, arcade.key.V)
    helpers.press(window, arcade.key.V)
    assert view.log.filter is LogFilter.ROLLS
    helpers.press(window, arcade.key.GRAVE)  # expanded log
    helpers.advance(window, 1)
    screenshot("game_log_rolls_expanded")
    lines = view.log.model.filtered(LogFilter.ROLLS)
    assert lines and all(line.roll for line in lines)


def test_screen_party_orders(window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType,
                             screenshot: Shot) -> None:
    world = world_from_ascii("############\n#.........##\n#.@s......g#\n#.........##\n############\n",
                             party={"s": "companion_spearman"})
    view = game(world)
    helpers.press(window, arcade.key.KEY_1)
    assert view.selected_companion is not None
    helpers.press(window, arcade.key.UP)  # plan his next step: north
    helpers.advance(window, 1)
    assert view.indicators.planned
    screenshot("game_party_orders")
    helpers.press(window, arcade.key.TAB)  # next order: hold
    assert world.state.actors[view.selected_companion].order == "hold"
    helpers.press(window, arcade.key.ESCAPE)
    assert view.selected_companion is None


def test_screen_game_over(window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType,
                          screenshot: Shot) -> None:
    world = world_from_ascii(DUEL, seed=7)
    assert play_until(world, lambda w: w.state.over is not None, choose=aggressive_waits, limit=300)
    game(world)
    screenshot(f"game_over_{world.state.over}")


@pytest.mark.parametrize(("name", "settings"), [
    ("colour_blind", {"colour_blind": True}),
    ("left_handed", {"handedness": "left"}),
    ("ui_scale_1_5", {"ui_scale": 1.5}),
    ("ui_scale_0_75", {"ui_scale": 0.75}),
])
def test_screen_settings_variants(window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType,
                                  screenshot: Shot, name: str, settings: dict[str, object]) -> None:
    world = _until_declare(world_from_ascii("#######\n#.....#\n#..@g.#\n#..b..#\n#######\n", seed=2))
    view = game(world, **settings)
    screenshot(f"game_s2_{name}")
    world2 = world_from_ascii(DUEL, seed=2)
    world2.apply(Step(None, "cautious"))
    view = game(world2, **settings)
    screenshot(f"game_s1_{name}")
    assert view.prompt is not None
    for rect in (hit.rect for hit in view.prompt.hits):
        assert rect[3] >= 72 - 1e-6  # touch-sized in every variant


def test_screen_watch(window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType,
                      screenshot: Shot) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=3, player_ai=True)
    view = game(world, interactive=False)
    for _ in range(10):
        view.show_events(view.session.apply(Confirm()))
        helpers.advance(window, 2)
    screenshot("game_watch_arena")
    assert view.prompt is None and view.menu_model is None
