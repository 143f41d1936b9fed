"""The camera keeps the leader in the clear part of the map (issue 11): out of a fight (alone, or framed with
the nearest foe in sight, whichever side the foe stands), at 800x600, 1280x720 and 1920x1080 and UI scale 0.75
to 2, the leader's square lies on screen, under the top bar (his health pips too) and clear of the log and the
arrow pad."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from types import ModuleType

import arcade
import pytest

from game.view.map_scale import TILE
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import world_from_ascii

SIZES = ((800, 600), (1280, 720), (1920, 1080))
SCALES = (0.75, 1.0, 1.5, 2.0)
Rect = tuple[float, float, float, float]


def _room(foe: str) -> str:
    """A hall with the leader in the middle and, by ``foe``, a goblin 4 squares away that way (or none)."""
    rows = [list("#" * 21)] + [list("#" + "." * 19 + "#") for _ in range(11)] + [list("#" * 21)]
    rows[6][10] = "@"
    dx, dy = {"none": (0, 0), "ne": (4, 3), "sw": (-4, -3), "se": (4, -3), "nw": (-4, 3), "n": (0, 5),
              "e": (7, 0), "w": (-7, 0), "s": (0, -5)}[foe]
    if foe != "none":
        rows[6 - dy][10 + dx] = "g"
    text = "\n".join("".join(r) for r in rows) + "\n#g#\n###\n" if foe == "none" else \
        "\n".join("".join(r) for r in rows) + "\n"
    return text


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.fixture
def resize(window: arcade.Window, helpers: ModuleType) -> Iterator[object]:
    def to(size: tuple[int, int]) -> None:
        window._width, window._height = size
        window.dispatch_event("on_resize", *size)

    yield to
    to((1280, 720))
    window.hide_view()


@pytest.mark.parametrize("foe", ["none", "ne", "sw", "se", "nw", "n", "e", "w", "s"])
def test_the_leader_stays_in_the_clear(window: arcade.Window, helpers: ModuleType, resize: object,
                                       foe: str) -> None:
    problems = []
    for size, scale in itertools.product(SIZES, SCALES):
        world = world_from_ascii(_room(foe), seed=1)
        view = GameView(Session(world), Settings(animation_speed="instant", ui_scale=scale), lambda _r: None)
        window.show_view(view)
        resize(size)  # type: ignore[operator]
        helpers.advance(window, 3)
        state = world.state
        assert state.bout_of(state.leader) is None
        sx, sy = view.project(view.render.world_xy(*state.actors[state.leader].pos))
        half = TILE * view.render.zoom / 2
        me = (sx - half, sy - half, 2 * half, 2 * half)
        w, h = size
        if not (me[0] >= 0 and me[1] >= 0 and me[0] + me[2] <= w and me[1] + me[3] <= h - view.hud.bar_height):
            problems.append(f"{size} x{scale}: off the clear screen {me}")
        pips = view.render._status_sprites[state.leader][1]
        _, pips_top = view.project((pips.center_x, pips.top))
        # his head and health pips too (found play-testing at 800x600); not with a foe to the south-east, whom the
        # lower view would put under the pad: framing the foe clear of the pad comes first (GameView._update_camera)
        if pips_top > h - view.hud.bar_height and foe != "se":
            problems.append(f"{size} x{scale}: his pips under the top bar ({pips_top:.0f})")
        pcx, pcy = view.pad.centre
        e = view.pad.extent
        for name, rect in (("log", view.log.rect), ("pad", (pcx - e / 2, pcy - e / 2, e, e))):
            if rect[2] > 0 and _overlap(me, rect):
                problems.append(f"{size} x{scale}: under the {name} {me} {rect}")
    assert not problems, "\n".join(problems)
