"""A panel drawn from its picture (game.view.panel_picture) looks as it does drawn directly, and its picture
follows every change: the game screen of the bench's scene, grabbed with the pictures off and on, must match."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import arcade
import pytest
from PIL import Image, ImageChops

from game.view import panel_picture
from game.view.bench import build_world
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from game.view.widgets import Panel

TOLERANCE = 3  # premultiplied compositing rounds once, the direct drawing once a layer


@pytest.fixture
def pictures_on() -> Iterator[None]:
    yield
    panel_picture.enabled = True


def _grab_both(window: arcade.Window, helpers: ModuleType) -> tuple[Image.Image, Image.Image, Image.Image]:
    """The screen drawn directly, then from the panels' pictures, then directly again."""
    panel_picture.enabled = False
    helpers.advance(window, 2)
    direct = helpers.grab().convert("RGB")
    panel_picture.enabled = True
    helpers.advance(window, panel_picture.STEADY_FRAMES + 2)
    cached = helpers.grab().convert("RGB")
    panel_picture.enabled = False
    helpers.advance(window, 2)
    again = helpers.grab().convert("RGB")
    panel_picture.enabled = True
    return direct, cached, again


def _differing(a: Image.Image, b: Image.Image, tolerance: int) -> int:
    """Pixels whose colour differs by more than ``tolerance`` in a channel."""
    grey = ImageChops.difference(a, b).convert("RGB")
    channels = [band.point(lambda v: 255 if v > tolerance else 0) for band in grey.split()]
    merged = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    return merged.histogram()[255]


def _pictures(view: GameView) -> dict[str, panel_picture.PanelPicture]:
    """Every panel's picture, and the arrow pad's."""
    found = {name: p.picture for name, p in vars(view).items() if isinstance(p, Panel)}
    found["pad"] = view.pad.picture
    return found


def _assert_same_picture(window: arcade.Window, helpers: ModuleType, view: GameView, painted: set[str],
                         name: str) -> None:
    pictures = _pictures(view)
    before = {name: p.shows for name, p in pictures.items()}
    direct, cached, again = _grab_both(window, helpers)
    assert _differing(direct, again, 0) == 0  # the scene holds still: the comparison means something
    drawn = {name for name, p in pictures.items() if p.shows > before[name]}
    assert painted <= drawn, drawn  # those panels were drawn from their pictures in the cached grab
    differing = _differing(direct, cached, TOLERANCE)
    if differing:  # for a look: the two grabs and where they differ
        helpers.screenshot(f"picture_{name}_direct", direct)
        helpers.screenshot(f"picture_{name}_cached", cached)
        helpers.screenshot(f"picture_{name}_diff", ImageChops.difference(direct, cached).point(lambda v: v * 8))
    assert differing == 0, f"{differing} pixels differ (tests/screenshots/picture_{name}_*.png)"


@pytest.mark.parametrize("ui_scale", [1.0, 1.5])
def test_panels_from_their_pictures_look_as_drawn_directly(window: arcade.Window, helpers: ModuleType,
                                                           pictures_on: None, ui_scale: float) -> None:
    world, events = build_world()
    view = GameView(Session(world), Settings(animation_speed="instant", ui_scale=ui_scale), lambda _r: None,
                    reveal_all=True)
    view.log.add_events(world.state, events)
    window.show_view(view)
    helpers.advance(window, 30)
    assert view.menu_model is not None
    assert view.pad_shown == (ui_scale == 1.0)  # at 1.5 the menu needs the pad's room
    _assert_same_picture(window, helpers, view, {"hud", "menu"} | ({"pad"} if view.pad_shown else set()),
                         f"menu_{ui_scale}")
    # a key changes the menu: its picture follows (the next frames draw it directly, then paint it anew)
    helpers.press(window, arcade.key.DOWN)
    helpers.advance(window, 4)
    _assert_same_picture(window, helpers, view, {"menu"}, f"menu_moved_{ui_scale}")
    view.open_legend()
    helpers.advance(window, 6)
    _assert_same_picture(window, helpers, view, {"legend"}, f"legend_{ui_scale}")
    box = view.legend.picture.bounds  # the panel alone: the screen dimmed around it is drawn each frame
    assert box is not None and (box[2] - box[0]) * (box[3] - box[1]) < 0.6 * window.width * window.height
    view.close_legend()
    window.hide_view()


def test_a_panel_that_changes_every_frame_is_drawn_directly(window: arcade.Window, pictures_on: None) -> None:
    calls: list[str] = []
    picture = panel_picture.PanelPicture()
    window.default_camera.use()

    def frame(stamp: object) -> None:
        picture.draw(stamp, lambda: (0, 0, 10, 10), lambda: calls.append("under"), lambda: calls.append("over"))
        panel_picture.end_frame(paint=True)

    for stamp in range(8):
        frame(stamp)
    assert picture.paints == 0 and calls == ["under", "over"] * 8
    calls.clear()
    for _ in range(panel_picture.STEADY_FRAMES + 4):
        frame("same")
    # directly while it might still change; once steady, its textures made after one frame and the picture
    # painted after the next (a quiet frame's work each: the paint draws it too); then shown from the picture
    assert picture.paints == 1 and picture.shows == 3
    assert calls == ["under", "over"] * (panel_picture.STEADY_FRAMES + 2)
    calls.clear()
    for changed in ("changed", "changed", "changed", "changed"):
        frame(changed)
    # changed: drawn directly until steady, then painted at once into the textures it has (the paint draws it)
    assert picture.paints == 2 and picture.shows == 5
    assert calls == ["under", "over"] * (panel_picture.STEADY_FRAMES + 1)


def test_a_picture_due_for_a_panel_no_longer_drawn_is_dropped(window: arcade.Window, pictures_on: None) -> None:
    picture = panel_picture.PanelPicture()
    window.default_camera.use()
    panel_picture.end_frame(paint=False)  # whatever earlier tests left due: not drawn in this frame, dropped
    assert not panel_picture.due()
    for _ in range(panel_picture.STEADY_FRAMES - 1):
        picture.draw("same", lambda: (0, 0, 10, 10), lambda: None, lambda: None)
        panel_picture.end_frame(paint=False)
    assert not panel_picture.due()
    picture.draw("same", lambda: (0, 0, 10, 10), lambda: None, lambda: None)
    assert panel_picture.due()  # steady: its picture is due
    panel_picture.end_frame(paint=False)  # a busy frame that drew it: it waits for a quiet one
    assert panel_picture.due()
    panel_picture.end_frame(paint=False)  # a frame without it (its panel closed, or another screen)
    assert not panel_picture.due() and picture.paints == 0
