"""The arrow pad can be made smaller or hidden (issue 11: "the pad can be made smaller, moved, or hidden on a
keyboard-only setup"; handedness moves it): the setting round-trips and refuses a bad value, a hidden pad is
neither drawn nor tapped nor kept clear of, a small one is smaller."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade

from game.view.input_map import Intent
from game.view.session import Session
from game.view.settings import PAD_SIZES, Settings
from game.view.views.game import GameView

from .worlds import DUEL, world_from_ascii


def test_the_pad_setting_round_trips_and_a_bad_one_falls_back() -> None:
    for size in PAD_SIZES:
        assert Settings.from_json(Settings(arrow_pad=size).to_json()).arrow_pad == size
    problems: list[str] = []
    assert Settings.from_json({"arrow_pad": "huge"}, problems).arrow_pad == "normal"
    assert problems and problems[0].startswith("arrow_pad: 'huge'")
    assert Settings.from_json({}).arrow_pad == "normal"  # a file from before the setting


def _view(window: arcade.Window, show: Callable[[arcade.View], object], helpers: ModuleType,
          size: str) -> GameView:
    view = GameView(Session(world_from_ascii(DUEL, seed=2)), Settings(animation_speed="instant", arrow_pad=size),
                    lambda _r: None)
    show(view)
    helpers.advance(window, 3)
    return view


def test_a_hidden_pad_is_not_drawn_nor_tapped_nor_kept_clear_of(
        window: arcade.Window, show: Callable[[arcade.View], object], helpers: ModuleType) -> None:
    normal = _view(window, show, helpers, "normal")
    assert normal.pad_shown
    (cx, cy), extent = normal.pad.centre, normal.pad.extent
    east = (cx + extent * 0.38, cy)  # the east button of a shown pad
    assert normal.pad.hit_test(*east) == Intent.MOVE_E
    normal_covers = len(normal._covers())
    small = _view(window, show, helpers, "small")
    assert small.pad_shown and small.pad.extent < extent
    hidden = _view(window, show, helpers, "hidden")
    assert not hidden.pad_shown
    assert len(hidden._covers()) == normal_covers - 1  # the camera no longer keeps the fight clear of it
    helpers.click(window, *east)  # where the pad would be: the map's square there, not the pad's button
    assert hidden.pad.pressed is None
    helpers.advance(window, 2)
    image = helpers.grab()
    pad_pixels = helpers.count_colour(image, (cx - extent / 2, cy - extent / 2, cx + extent / 2, cy + extent / 2),
                                      hidden.palette.button_fill, tol=2)
    assert pad_pixels == 0  # none of its buttons drawn
    window.hide_view()
