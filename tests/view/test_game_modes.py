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


def test_a_step_into_a_wall_is_not_sent_and_says_why(make: Make, window: arcade.Window,
                                                      helpers: ModuleType) -> None:
    world = world_from_ascii("#####\n#@..#\n#####\n")
    view, _exits = make(world)
    tick = world.state.tick
    helpers.press(window, K.UP)  # a wall to the north: no command, no tick, a toast saying why
    assert world.state.tick == tick and "wall" in view.toast.message
    helpers.press(window, K.RIGHT)  # a free square: the step is taken
    assert world.state.tick == tick + 1


def test_the_orientation_prompt_names_the_wait_key(make: Make, window: arcade.Window,
                                                   helpers: ModuleType) -> None:
    world = world_from_ascii(DUEL, seed=2)
    view, _exits = make(world)
    for _ in range(6):  # walk up to the goblin until the round asks for an orientation
        decision = view.player_view.decision
        if decision is not None and decision.orientation_due:
            break
        helpers.press(window, K.RIGHT)
    helpers.press(window, K.SPACE)  # wait: the prompt's help names the key that waits
    prompt = view.prompt
    assert prompt is not None and prompt.kind == "orientation"
    assert prompt.help.startswith("Space/.: wait"), prompt.help


def test_stepping_into_a_companion_swaps_places_with_him(make: Make, window: arcade.Window,
                                                         helpers: ModuleType) -> None:
    world = world_from_ascii("########\n#......#\n#.@s...#\n#......#\n########\n", party={"s": "companion_spearman"})
    view, _exits = make(world)
    s = world.state
    companion = view.companions()[0]
    me, him = s.actors[s.leader].pos, s.actors[companion].pos
    tick = s.tick
    helpers.press(window, K.RIGHT)  # into the spearman: the two change squares, one tick
    assert s.tick == tick + 1
    assert (s.actors[s.leader].pos, s.actors[companion].pos) == (him, me)
