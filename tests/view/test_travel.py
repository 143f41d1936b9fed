"""Travel by click and auto-explore (issue 11): a walk is plain steps, one a tick, over seen squares; it stops
when a hostile comes into view, when a fight starts, on any key or click, and when the way is blocked."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Command, Step
from game.sim.geometry import Pos
from game.sim.pathfinding import distance_map, path_to_nearest
from game.sim.tilemap import parse_ascii
from game.sim.world import World
from game.view.modes import TravelMode
from game.view.session import Session
from game.view.settings import Settings
from game.view.travel import explore_route, route_to
from game.view.views.game import GameView

from .worlds import world_from_ascii

K = arcade.key
Show = Callable[[arcade.View], arcade.View]
Make = Callable[[World], tuple[GameView, list[Command]]]

# a sealed-off goblin keeps each world from being won at once (a world without foes is a victory)
# the leader stands on the right: the squares he walks to are on the screen's left, clear of the arrow pad
HALL = """\
################
#.............@#
#..............#
################
#g#
###
"""

AMBUSH = """\
####################
#.................@#
###########.########
##########g#########
####################
"""

ROOMS = """\
#############
#.....#....@#
#.....#.....#
#...........#
#####.#######
#...........#
#############
#g#
###
"""


def recorded_view(world: World, window: arcade.Window, show: Show,
                  helpers: ModuleType) -> tuple[GameView, list[Command]]:
    """The game screen on `world`, shown, with every command it sends kept in the list returned."""
    sent: list[Command] = []
    session = Session(world)
    apply = session.apply

    def recording(command: Command) -> list:  # type: ignore[type-arg]
        sent.append(command)
        return apply(command)
    session.apply = recording  # type: ignore[method-assign]
    view = GameView(session, Settings(animation_speed="instant"), lambda _r: None)
    show(view)
    helpers.advance(window, 2)
    return view, sent


@pytest.fixture
def make(window: arcade.Window, show: Show, helpers: ModuleType) -> Iterator[Make]:
    yield lambda world: recorded_view(world, window, show, helpers)


def _click_square(window: arcade.Window, helpers: ModuleType, view: GameView, x: int, y: int) -> None:
    sx, sy = view.project(view.render.world_xy(x, y))
    assert 0 < sx < window.width and 0 < sy < window.height, "the square is on screen"
    helpers.click(window, sx, sy)


def _walk(window: arcade.Window, helpers: ModuleType, view: GameView, limit: int = 200) -> int:
    """Frames until the walk ends."""
    for frame in range(limit):
        if view.find(TravelMode) is None:
            return frame
        helpers.advance(window)
    raise AssertionError("the walk never ended")


def test_path_to_nearest_is_breadth_first_and_fixed() -> None:
    tm = parse_ascii(["#######", "#.....#", "#.###.#", "#.....#", "#######"]).tilemap
    start = Pos(1, 1)
    assert path_to_nearest(tm, start, lambda p: p == start) == []
    path = path_to_nearest(tm, start, lambda p: p in (Pos(5, 3), Pos(4, 3)))
    assert path is not None and path[-1] == Pos(4, 3) and len(path) == 5  # the nearer of the two
    assert path == path_to_nearest(tm, start, lambda p: p in (Pos(5, 3), Pos(4, 3)))
    assert path_to_nearest(tm, start, lambda p: p == Pos(3, 2)) is None  # a wall: never reached
    assert path_to_nearest(tm, start, lambda p: p == Pos(3, 3), blocked={Pos(2, 3), Pos(4, 3), Pos(1, 2),
                                                                          Pos(5, 2)}) is None


def test_a_click_on_a_seen_square_walks_there_one_step_a_tick(make: Make, window: arcade.Window,
                                                              helpers: ModuleType) -> None:
    world = world_from_ascii(HALL)
    view, sent = make(world)
    assert Pos(8, 2) in view.render.seen
    tick = world.state.tick
    _click_square(window, helpers, view, 8, 2)
    assert view.find(TravelMode) is not None and view.render.route_squares[-1] == Pos(8, 2)
    assert len(view.render.route.sprite_list) == 7  # 4-way steps: 6 west, 1 south
    assert sent == []  # nothing is sent before the next frame
    frames = _walk(window, helpers, view)
    assert world.state.actors[world.state.leader].pos == Pos(8, 2)
    assert all(isinstance(c, Step) and c.direction is not None for c in sent)
    assert len(sent) == 7 and world.state.tick == tick + 7 and frames >= 7  # one step a frame at most
    assert view.render.route_squares == ()


def test_any_key_stops_the_walk_and_does_nothing_else(make: Make, window: arcade.Window,
                                                      helpers: ModuleType) -> None:
    world = world_from_ascii(HALL)
    view, sent = make(world)
    _click_square(window, helpers, view, 7, 1)
    helpers.advance(window, 2)
    walked = len(sent)
    assert walked == 2 and view.find(TravelMode) is not None
    helpers.press(window, K.RIGHT)  # stops; the arrow is not also a step
    helpers.advance(window, 3)
    assert view.find(TravelMode) is None and len(sent) == walked and view.toast.message == "Stopped"
    assert not [line for line in view.log.lines() if line.text.startswith("You ")]  # his own stop: no line
    _click_square(window, helpers, view, 7, 1)
    helpers.advance(window)
    helpers.click(window, 5, window.height / 2)  # a click stops it too
    helpers.advance(window, 3)
    assert view.find(TravelMode) is None and len(sent) == walked + 1


def test_a_hostile_coming_into_view_stops_the_walk(make: Make, window: arcade.Window, helpers: ModuleType) -> None:
    world = world_from_ascii(AMBUSH)
    view, sent = make(world)
    goblin = next(a for a in world.state.actors.values() if a.creature == "goblin")
    assert goblin.pos not in view.render.visible
    _click_square(window, helpers, view, 11, 1)
    _walk(window, helpers, view)
    leader = world.state.actors[world.state.leader]
    assert leader.pos.x > 11 and goblin.pos in view.render.visible
    assert view.toast.message.endswith("comes into view · Shift+O: go at him")  # and what he may do now
    assert all(isinstance(c, Step) for c in sent) and 1 <= len(sent) < 7
    # the toast fades; the log keeps the line, once
    stops = [line for line in view.log.lines() if line.text.startswith("You stop:")]
    assert [line.text for line in stops] == [f"You stop: {goblin.name} comes into view."]
    assert stops[0].tick == world.state.tick and stops[0].mine


def test_unseen_and_wall_squares_are_refused_without_a_tick(make: Make, window: arcade.Window,
                                                             helpers: ModuleType) -> None:
    world = world_from_ascii(ROOMS)
    view, sent = make(world)
    assert Pos(3, 1) not in view.render.seen
    _click_square(window, helpers, view, 3, 1)
    assert view.find(TravelMode) is None and "not seen" in view.toast.message
    _click_square(window, helpers, view, 12, 1)
    assert view.find(TravelMode) is None and view.toast.message == "You cannot stand there"
    helpers.advance(window, 3)
    assert sent == [] and world.state.tick == 0


def test_explore_walks_until_every_reachable_square_is_seen(make: Make, window: arcade.Window,
                                                            helpers: ModuleType) -> None:
    world = world_from_ascii(ROOMS)
    view, sent = make(world)
    tm = world.state.tilemap
    helpers.press(window, K.O)
    assert view.find(TravelMode) is not None
    _walk(window, helpers, view, limit=400)
    assert view.toast.message.startswith("Explored") or view.toast.message.startswith("Nothing left")
    reachable = distance_map(tm, [world.state.actors[world.state.leader].pos]).reachable()
    assert len(reachable) > 40 and set(reachable) <= view.render.seen
    assert sent and all(isinstance(c, Step) and c.direction is not None for c in sent)
    count = len(sent)
    helpers.press(window, K.O)  # again: nothing left
    helpers.advance(window, 2)
    assert view.find(TravelMode) is None and view.toast.message == "Nothing left to explore here"
    assert len(sent) == count


def test_explore_refuses_with_a_foe_in_sight(make: Make, window: arcade.Window, helpers: ModuleType) -> None:
    world = world_from_ascii("#########\n#g.....@#\n#.......#\n#########\n")
    view, sent = make(world)
    helpers.press(window, K.O)
    helpers.advance(window, 2)
    assert view.find(TravelMode) is None and sent == [] and "Goblin is in sight: no exploring now" in view.toast.message
    assert "Shift+O: go at him" in view.toast.message


def test_a_walk_replays_as_the_same_steps(make: Make, window: arcade.Window, helpers: ModuleType) -> None:
    world = world_from_ascii(ROOMS, seed=5)
    view, sent = make(world)
    helpers.press(window, K.O)
    _walk(window, helpers, view, limit=400)
    again = world_from_ascii(ROOMS, seed=5)
    for command in sent:
        again.apply(command)
    assert again.state.tick == world.state.tick
    assert {a.id: a.pos for a in again.state.actors.values()} == {a.id: a.pos for a in world.state.actors.values()}


def test_routes_step_round_stairs_unless_they_are_the_goal() -> None:
    """A step onto stairs takes them: exploring from the stairs a party came by went up and down between two
    depths. Walks and exploring go round stairs; a click on the stairs walks onto them."""
    world = world_from_ascii("##########\n#@..>....#\n#........#\n#......g.#\n##########\n", {}, seed=1)
    state = world.state
    stairs = Pos(4, 1)
    seen = {p for p in state.tilemap.positions() if p.x <= 6}
    visible = set(seen)
    for goal in (Pos(6, 1), Pos(5, 1)):
        path = route_to(state, seen, visible, goal)
        assert path is not None and path[-1] == goal and stairs not in path
    explored = explore_route(state, seen, visible)
    assert explored is not None and stairs not in explored
    onto = route_to(state, seen, visible, stairs)
    assert onto is not None and onto[-1] == stairs
