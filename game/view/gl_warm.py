"""The first draws of the GL states a panel's picture uses, made ahead in a screen's quiet frames.

The software rasterizer (llvmpipe) compiles a shader variant the first time it draws with a program under a
blend state, colour mask and target format it has not seen. A panel's picture (``game.view.panel_picture``)
paints its shapes, texts and sprites into a texture with a separate alpha blend and the alpha masked, and shows
the picture with the premultiplied blend: the first paint cost 5-7 ms of compiling in the game screen's seventh
frame, and the first picture shown 5 ms in the next. :class:`PictureWarm` makes those draws once per GL context,
one a frame, from a probe panel whose every colour is fully transparent: its picture shows nothing.
"""

from __future__ import annotations

import arcade
import PIL.Image

from game.view.panel_picture import GRAIN
from game.view.widgets import Panel

_INVISIBLE = (0, 0, 0, 0)


class _Probe(Panel):
    """A panel with a box, a text and a sprite, all fully transparent."""

    def __init__(self) -> None:
        super().__init__()
        image = PIL.Image.new("RGBA", (4, 4), _INVISIBLE)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        sprite = arcade.Sprite(arcade.Texture(image, hash="steelstep-gl-warm-probe"))
        sprite.position = (GRAIN / 2, GRAIN / 2)
        sprite.alpha = 0
        self.sprites.append(sprite)

    def content_key(self) -> object:
        return "probe"

    def build(self) -> None:
        self.box((2.0, 2.0, GRAIN - 4.0, GRAIN - 4.0), _INVISIBLE, 6)
        self.texts.put("probe", "Warm", 6, 20, size=10, colour=_INVISIBLE)

    def paint_over(self) -> None:
        super().paint_over()
        self.sprites.draw()


class PictureWarm:
    """:meth:`step` once a quiet frame until it returns False: the probe painted into a picture, then shown."""

    def __init__(self) -> None:
        self._done: set[int] = set()  # the GL contexts (by id) warmed
        self._stage = 0
        self._probe: _Probe | None = None

    def pending(self, window: arcade.Window) -> bool:
        """Draws still to make for this window's context."""
        return id(window.ctx) not in self._done

    def step(self, window: arcade.Window) -> bool:
        """Make the next first draw; True while more are left (one paint, then one show)."""
        if not self.pending(window):
            return False
        if self._probe is None:
            self._probe = _Probe()
            self._probe.layout(window.width, window.height, 1.0)
            self._probe.refresh()
        probe = self._probe
        box = (0, 0, GRAIN, GRAIN)
        ratio = window.get_pixel_ratio()
        if ratio != int(ratio):  # no pictures on such a window (panel_picture): nothing to warm
            self._finish(window)
            return False
        if self._stage == 0:
            window.default_camera.use()
            probe.picture.paint_now(window, box, int(ratio), probe.paint_under, probe.paint_over)
            self._stage = 1
            return True
        window.default_camera.use()
        probe.picture.show_now(window, box, int(ratio))
        self._finish(window)
        return False

    def _finish(self, window: arcade.Window) -> None:
        self._done.add(id(window.ctx))
        self._stage = 0
        self._probe = None


PICTURE_WARM = PictureWarm()
