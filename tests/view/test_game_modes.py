"""The game screen's input is a stack of modes (issue 9 item 6): each decision, the party and inspect open a
mode at their layer, each mode takes its own keys and clicks, and each has its way back."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Step
from game.sim.world import World
from game.view.modes import InspectMode, MapMode, MenuMode, PartyMode, PromptMode
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import DUEL, defensive_waits, play_until, world_from_ascii

K = arcade.key
Show = Callable[[arcade.View], arcade.View]
Make = Callable[[World], tuple[GameView, list[str]]]


@pytest.fixture
def make(window: arcade.Window, show: Show, helpers: ModuleType) -> Iterator[Make]:
    def build(world: World) -> tuple[GameView, list[str]]:
        exits: list[str] = []
        view = GameView(Session(world), Settings(animation_speed="instant"), exits.append)
        show(view)
        helpers.advance(window, 2)
        return view, exits

    yield build


def _kinds(view: GameView) -> list[type]:
    return [type(m) for m in view.modes]


def test_a_target_prompt_inspect_over_it_and_each_way_back(make: Make, window: arcade.Window,
                                                           helpers: ModuleType) -> None:
    world = world_from_ascii(DUEL, seed=2)
    world.apply(Step(None, "defensive"))
    view, exits = make(world)
    assert _kinds(view) == [MapMode, PromptMode] and view.prompt is not None and view.prompt.kind == "target"
    helpers.press(window, K.I)  # inspect opens under the prompt's layer: the prompt still takes the arrows
    assert _kinds(view) == [MapMode, InspectMode, PromptMode] and view.inspect.visible
    helpers.press(window, K.ESCAPE)  # Esc: the prompt does not use it, so it goes down and closes inspect
    assert _kinds(view) == [MapMode, PromptMode] and not view.inspect.visible and exits == []
    helpers.press(window, K.ESCAPE)  # nothing left to close: the map mode's way back is the pause menu
    assert exits == ["pause"] and _kinds(view) == [MapMode, PromptMode]
    helpers.press(window, K.ENTER)  # the prompt answers the decision and closes
    assert world.state.pending is not None and world.state.pending.kind == "declare"
    assert _kinds(view) == [MapMode, MenuMode] and view.menu_model is not None


def test_the_menu_is_modal_and_keeps_its_keys(make: Make, window: arcade.Window, helpers: ModuleType) -> None:
    world = world_from_ascii(DUEL, seed=1)
    assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "declare",
                      choose=defensive_waits)
    view, exits = make(world)
    assert _kinds(view) == [MapMode, MenuMode]
    tick = world.state.tick
    helpers.press(window, K.LEFT)  # an arrow goes to the menu (a foe that way, or nothing): never a step
    helpers.press(window, K.DOWN)
    assert world.state.tick == tick and _kinds(view) == [MapMode, MenuMode]
    helpers.click(window, 5, 5, button=arcade.MOUSE_BUTTON_RIGHT)  # no way back out of a decision
    assert _kinds(view) == [MapMode, MenuMode] and exits == []
    helpers.press(window, K.ENTER)  # declared: the menu closes
    assert MenuMode not in _kinds(view) and world.state.tick == tick + 1


def test_a_companion_selected_is_the_party_mode(make: Make, window: arcade.Window, helpers: ModuleType) -> None:
    world = world_from_ascii("########\n#......#\n#.@s...#\n#......#\n########\n", party={"s": "companion_spearman"})
    view, exits = make(world)
    companion = view.companions()[0]
    helpers.press(window, K.KEY_1)
    assert _kinds(view) == [MapMode, PartyMode] and view.selected_companion == companion and view.party.visible
    helpers.press(window, K.RIGHT)  # the arrows set his next step, not the leader's
    assert world.state.actors[companion].planned and world.state.tick == 0
    helpers.press(window, K.I)  # inspect replaces the party selection
    assert _kinds(view) == [MapMode, InspectMode] and view.selected_companion is None
    helpers.click(window, 5, 300, button=arcade.MOUSE_BUTTON_RIGHT)  # right click: inspect's way back
    assert _kinds(view) == [MapMode]
    helpers.press(window, K.KEY_1)
    helpers.press(window, K.ESCAPE)  # Esc: the party mode's way back (deselect), not the pause menu
    assert _kinds(view) == [MapMode] and exits == []
