"""A toast never covers the open maneuver menu or prompt (issue 11, found play-testing: "Stopped: a fight"
sat on the menu's header): it goes beside the panel, or under it in a narrow window; with nothing open it
stays centred under the top bar."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade

from game.sim.commands import Step, Target
from game.view.declutter import overlaps
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import aggressive_waits, play_until, world_from_ascii

Show = Callable[[arcade.View], arcade.View]
THREE = "##########\n#........#\n#....wb..#\n#....@...#\n#........#\n##########\n"


def test_a_toast_keeps_off_the_open_menu(window: arcade.Window, show: Show, helpers: ModuleType) -> None:
    world = world_from_ascii(THREE, seed=3)
    game = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None)
    show(game)
    helpers.advance(window, 2)
    game.show_toast("Stopped: a fight")
    helpers.advance(window, 2)
    alone = game.toast.rect
    assert abs(alone[0] + alone[2] / 2 - window.width / 2) <= 1  # centred, nothing open
    world.apply(Step(None, "aggressive"))
    pending = world.state.pending
    if pending is not None and pending.kind == "target" and pending.default is not None:
        world.apply(Target(pending.default))
    assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "declare",
                      choose=aggressive_waits)
    game.show_events([])
    helpers.advance(window, 8)
    assert game.menu_model is not None and game.menu.rect[2] > 0
    game.show_toast("Stopped: a fight")
    helpers.advance(window, 2)
    assert game.toast.rect[2] > 0 and not overlaps(game.toast.rect, game.menu.rect), (game.toast.rect, game.menu.rect)
    assert game.toast.rect[0] + game.toast.rect[2] <= window.width
    helpers.screenshot(f"toast_beside_menu_{window.width}x{window.height}")
