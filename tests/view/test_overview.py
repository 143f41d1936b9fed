"""The overview (issue 11): M or the HUD's Map button shows the explored level with the party, the hostiles in
sight, the stairs and items seen; it closes on M, Esc, a right click or a click outside; the world waits. The
HUD states the goal out of a fight."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

import arcade
import pytest

from game.sim.geometry import Pos
from game.view.goal import goal_of
from game.view.modes import OverviewMode
from game.view.session import Session, new_run
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import world_from_ascii

K = arcade.key
Show = Callable[[arcade.View], arcade.View]

# stairs down seen in the first room, stairs up behind the wall (never seen), a goblin in sight, one sealed off
LEVEL = """\
##############
#@....>#....<#
#......#.....#
#.....g#.....#
##############
#w############
##############
"""


@pytest.fixture
def make(window: arcade.Window, show: Show, helpers: ModuleType) -> Iterator[Callable[[Session], GameView]]:
    def build(session: Session) -> GameView:
        view = GameView(session, Settings(animation_speed="instant"), lambda _r: None)
        show(view)
        helpers.advance(window, 2)
        return view

    yield build


def _hud_clock(view: GameView) -> str:
    text = view.hud.texts._texts["clock"]
    return str(text.text)


def test_m_opens_and_closes_the_overview_and_the_world_waits(make: Callable[[Session], GameView],
                                                             window: arcade.Window, helpers: ModuleType) -> None:
    world = world_from_ascii(LEVEL)
    view = make(Session(world))
    helpers.press(window, K.M)
    helpers.advance(window)
    assert view.find(OverviewMode) is not None and view.overview.visible
    helpers.press(window, K.RIGHT)  # the overview takes every key: no step
    helpers.press(window, K.SPACE)
    assert world.state.tick == 0 and view.find(OverviewMode) is not None
    helpers.press(window, K.M)
    assert view.find(OverviewMode) is None and not view.overview.visible
    helpers.press(window, K.M)
    helpers.press(window, K.ESCAPE)
    assert view.find(OverviewMode) is None
    helpers.press(window, K.M)
    helpers.advance(window)
    helpers.click(window, 5, 5, button=arcade.MOUSE_BUTTON_RIGHT)
    assert view.find(OverviewMode) is None
    helpers.press(window, K.M)
    helpers.advance(window)
    helpers.click(window, 3, 3)  # outside the panel
    assert view.find(OverviewMode) is None and world.state.tick == 0


def test_the_hud_map_button_opens_it(make: Callable[[Session], GameView], window: arcade.Window,
                                     helpers: ModuleType) -> None:
    view = make(Session(world_from_ascii(LEVEL)))
    left, bottom, w, h = view.hud.spots["overview"]
    helpers.click(window, left + w / 2, bottom + h / 2)
    helpers.advance(window)
    assert view.find(OverviewMode) is not None
    left, bottom, w, h = view.overview.rect
    hit = next(hit for hit in view.overview.hits if hit.action == ("overview", "close"))
    helpers.click(window, hit.rect[0] + hit.rect[2] / 2, hit.rect[1] + hit.rect[3] / 2)
    assert view.find(OverviewMode) is None


def test_it_shows_what_the_party_has_seen_only(make: Callable[[Session], GameView], window: arcade.Window,
                                               helpers: ModuleType, screenshot: Callable[[str], object]) -> None:
    world = world_from_ascii(LEVEL)
    view = make(Session(world))
    helpers.press(window, K.M)
    helpers.advance(window, 2)
    shown = view.overview.shown
    goblin = next(a for a in world.state.actors.values() if a.creature == "goblin")
    assert shown["leader"] == [world.state.actors[world.state.leader].pos]
    assert shown["foe"] == [goblin.pos]  # the wolf sealed off is never seen
    assert shown["stairs_down"] == [Pos(6, 1)] and shown["stairs_up"] == []
    # the picture is the explored level: a seen floor square lit, an unseen one dark
    image = helpers.grab()
    mx, my, mw, mh = view.overview.map_rect
    cell = mw / world.state.tilemap.width

    def at(p: Pos) -> tuple[int, int, int]:
        rgb: tuple[int, int, int] = helpers.pixel(image, mx + (p.x + 0.5) * cell, my + mh - (p.y + 0.5) * cell)
        return rgb
    assert helpers.close_to(at(Pos(3, 2)), (74, 80, 96), tol=12)
    assert helpers.close_to(at(Pos(10, 2)), (12, 13, 18), tol=12)
    screenshot("overview_scenario_1280x720")


def test_a_run_states_its_goal_and_the_overview_its_depth(make: Callable[[Session], GameView],
                                                          window: arcade.Window, helpers: ModuleType,
                                                          screenshot: Callable[[str], object]) -> None:
    session = new_run(7)
    view = make(session)
    state = session.world.state
    assert state.run is not None
    goal = goal_of(state)
    assert goal.text == "Find the stairs down" and goal.where == f"depth 1/{state.run.plan.last}"
    assert _hud_clock(view) == "Find the stairs down"
    helpers.press(window, K.O)  # explore a little first
    for _ in range(40):
        helpers.advance(window)
    helpers.press(window, K.M)
    helpers.advance(window, 2)
    assert view.overview.texts._texts["title"].text == f"Overview: depth 1/{state.run.plan.last}"
    assert len(view.overview.seen) > 60
    screenshot("overview_run_1280x720")


def test_a_scenario_goal_is_to_defeat_or_rout_every_foe(make: Callable[[Session], GameView]) -> None:
    view = make(Session(world_from_ascii(LEVEL)))
    assert goal_of(view.state).text == "Defeat or rout all foes" and _hud_clock(view) == "Defeat or rout all foes"
