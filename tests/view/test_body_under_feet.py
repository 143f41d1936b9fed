"""A body lying where someone stands is drawn faint under him (issue 11: "a fallen body overlaps the knight's
sprite"); a body on a square of its own keeps its look."""

from __future__ import annotations

import arcade

from game.sim.geometry import Pos
from game.view.bench import build_world
from game.view.map_render import BODY_UNDER_FEET
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView


def test_a_body_under_someone_standing_fades_and_one_alone_does_not(window: arcade.Window) -> None:
    world, _events = build_world()
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None, reveal_all=True)
    render = view.render
    state = world.state
    standing = state.actors["player"]
    under, alone = render.actors["bandit_2"], render.actors["goblin_3"]
    for body in (under, alone):  # as the view lays out a fallen actor (MapRender.snap)
        body.fallen, body.fade = 1.0, 0.75
        render.set_dead(body)
    under.gx, under.gy = float(standing.pos.x), float(standing.pos.y)
    alone.gx, alone.gy = 2.0, 2.0  # an open square no one stands on
    assert state.at(Pos(2, 2)) is None
    render._place(under)
    render._place(alone)
    assert under.sprite.alpha == round(255 * BODY_UNDER_FEET)
    assert alone.sprite.alpha == round(255 * 0.75)
    window.hide_view()
