"""A pointer at the screen's edge toward a companion fighting off-screen (issue 11)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade

from game.sim.commands import Order, Step
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import world_from_ascii

FAR = """\
############################################
#@.........................................#
#.......................................sg.#
#..........................................#
############################################
"""


def test_a_companion_fighting_off_screen_gets_a_pointer_at_the_edge(
        window: arcade.Window, show: Callable[[arcade.View], arcade.View], helpers: ModuleType,
        screenshot: Callable[[str], object]) -> None:
    world = world_from_ascii(FAR, party={"s": "companion_spearman"})
    companion = next(a.id for a in world.state.actors.values() if a.party and not a.leader)
    world.apply(Order(companion, "hold"))
    for _ in range(12):
        if companion in world.state.membership and world.state.bout_of(companion) is not None:
            break
        world.apply(Step(None))
    assert world.state.bout_of(companion) is not None, "the spearman and the goblin never started a bout"
    assert world.state.bout_of(world.state.leader) is None
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None)
    show(view)
    helpers.advance(window, 3)
    pointers = view.edge.pointers
    assert [p[0] for p in pointers] == [companion]
    _actor, _name, x, y, _angle = pointers[0]
    w, h = window.width, window.height
    assert w - 60 <= x <= w and 0 < y < h - view.hud.bar_height  # on the right edge, toward him
    label = view.edge.texts._texts[("name", companion)]
    assert label.text.endswith("fighting") and label.right <= w
    screenshot("edge_pointer_1280x720")
    # no pointer for a fighter on screen, nor for one out of any bout
    view.edge.aim([(companion, "x", w / 2, h / 2)], (0.0, 0.0, float(w), h - view.hud.bar_height))
    assert view.edge.pointers == ()
