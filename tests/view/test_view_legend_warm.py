"""The legend's opening lays out no text once quiet frames made them ahead (issue 11: the legend frame's spike),
and shows the same texts as a legend opened cold."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade

from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import DUEL, world_from_ascii


def _texts(view: GameView) -> list[tuple[str, tuple[float, float], float, bool]]:
    pool = view.legend.texts
    return sorted((t.text, tuple(t.position), t.font_size, t.bold)  # type: ignore[misc]
                  for t in pool._texts.values() if t.visible)


def _open(view: GameView, window: arcade.Window, helpers: ModuleType) -> list[tuple[str, tuple[float, float],
                                                                                   float, bool]]:
    view.open_legend()
    helpers.advance(window, 1)
    return _texts(view)


def test_quiet_frames_make_the_legend_ahead(window: arcade.Window, show: Callable[[arcade.View], arcade.View],
                                            helpers: ModuleType) -> None:
    cold = GameView(Session(world_from_ascii(DUEL, seed=1)), Settings(), lambda _reason: None)
    show(cold)
    helpers.advance(window, 2)
    cold_texts = _open(cold, window, helpers)
    assert cold.legend.texts.layouts > 10  # made then: every name and meaning
    window.hide_view()

    warm = GameView(Session(world_from_ascii(DUEL, seed=1)), Settings(), lambda _reason: None)
    show(warm)
    for _ in range(600):  # quiet frames, one thing each
        helpers.advance(window, 1)
        if warm.legend._warm_texts is not None and not warm.legend._warm_texts[1] \
                and warm.legend._warm_swatches is not None and not warm.legend._warm_swatches[1]:
            break
    else:
        raise AssertionError("the legend was never made ahead")
    assert _open(warm, window, helpers) == cold_texts  # the same texts where they were
    assert warm.legend.texts.layouts == 0  # none laid out in the opening frame
    assert not warm.legend.warm_step(warm.palette, warm.render.textures)  # open: nothing made meanwhile
    window.hide_view()
