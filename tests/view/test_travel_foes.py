"""A foe in sight and auto-explore (issue 11: a wounded bandit running about blocked exploring for good): O goes
on exploring when every foe in sight flees, and stops if one turns to fight; a foe who stands his ground stops
it with a line saying what to do, and Shift+O goes at him (plain steps, replanned as he moves, the last one
the bump that starts the fight)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade

from game.sim.commands import Step
from game.sim.world import World
from game.view.modes import TravelMode
from game.view.views.game import GameView

from .test_travel import recorded_view
from .worlds import world_from_ascii

K = arcade.key
Show = Callable[[arcade.View], arcade.View]

# a big room with more to explore round the corner; the goblin stands in the room in plain sight
ROOM = """\
##########
#g.......#
#......@.#
####.#####
#........#
#........#
##########
"""


_view = recorded_view


def _goblin(world: World) -> str:
    return next(a.id for a in world.state.actors.values() if a.name.lower().startswith("goblin"))


def _frames(window: arcade.Window, helpers: ModuleType, view: GameView, limit: int,
            until: Callable[[], bool]) -> None:
    for _ in range(limit):
        if until():
            return
        helpers.advance(window)
    raise AssertionError("it never happened")


def test_exploring_goes_on_when_the_only_foe_in_sight_flees(window: arcade.Window, show: Show,
                                                           helpers: ModuleType) -> None:
    world = world_from_ascii(ROOM, seed=3)
    goblin = _goblin(world)
    world.state.actors[goblin].flee_threshold = 0.0  # hurt enough to flee by the AI's rule: he runs
    view, sent = _view(world, window, show, helpers)
    helpers.press(window, K.O)
    assert view.find(TravelMode) is not None, view.toast.message
    assert "left to flee" in view.toast.message and "Shift+O" in view.toast.message
    _frames(window, helpers, view, 40, lambda: len(sent) >= 3)
    assert all(isinstance(c, Step) and c.direction is not None for c in sent)
    world.state.actors[goblin].flee_threshold = None  # he stops fleeing: the walk stops
    _frames(window, helpers, view, 40, lambda: view.find(TravelMode) is None)
    assert "turns to fight" in view.toast.message


def test_a_foe_who_stands_stops_exploring_and_shift_o_goes_at_him(window: arcade.Window, show: Show,
                                                                  helpers: ModuleType) -> None:
    world = world_from_ascii(ROOM, seed=3)
    goblin = _goblin(world)
    view, sent = _view(world, window, show, helpers)
    helpers.press(window, K.O)
    helpers.advance(window, 2)
    assert view.find(TravelMode) is None and sent == []
    assert "is in sight: no exploring now" in view.toast.message and "Shift+O: go at him" in view.toast.message
    helpers.press(window, K.O, arcade.key.MOD_SHIFT)
    mode = view.find(TravelMode)
    assert mode is not None and mode.travel.chase == goblin
    assert "Going at" in view.toast.message
    _frames(window, helpers, view, 400, lambda: view.find(TravelMode) is None)
    state = world.state
    assert state.bout_of(state.leader) is not None, view.toast.message  # he reached the goblin: a fight
    assert all(isinstance(c, Step) for c in sent) and len(sent) >= 2  # he comes too
    again = world_from_ascii(ROOM, seed=3)
    for command in sent:
        again.apply(command)
    assert again.state.tick == state.tick  # a chase replays as the same steps


def test_shift_o_with_no_foe_in_sight_says_so(window: arcade.Window, show: Show, helpers: ModuleType) -> None:
    world = world_from_ascii("##########\n#.......@#\n##########\n#g#\n###\n")
    view, sent = _view(world, window, show, helpers)
    helpers.press(window, K.O, arcade.key.MOD_SHIFT)
    assert view.find(TravelMode) is None and sent == [] and view.toast.message == "No foe in sight to go at"


AMBUSH_FAR = """\
##############################
#............................#
######.################.######
######g################@######
##############################
"""


def test_a_foe_who_comes_into_view_fleeing_does_not_stop_a_walk_until_he_turns(
        window: arcade.Window, show: Show, helpers: ModuleType) -> None:
    world = world_from_ascii(AMBUSH_FAR)
    goblin = _goblin(world)
    world.state.actors[goblin].flee_threshold = 0.0  # hurt enough to flee by the AI's rule: he runs
    view, sent = _view(world, window, show, helpers)
    assert world.state.actors[goblin].pos not in view.render.visible
    helpers.press(window, K.O)  # explore: the corridor, then round past the goblin's nook
    mode = view.find(TravelMode)
    assert mode is not None, view.toast.message
    _frames(window, helpers, view, 200, lambda: world.state.actors[goblin].pos in view.render.visible)
    helpers.advance(window, 4)
    assert view.find(TravelMode) is mode, view.toast.message  # he came into view running: the walk goes on
    assert goblin in mode.travel.left_be
    walked = len(sent)
    world.state.actors[goblin].flee_threshold = None  # he stops fleeing: the walk stops
    _frames(window, helpers, view, 40, lambda: view.find(TravelMode) is None)
    assert "turns to fight" in view.toast.message and len(sent) <= walked + 1
