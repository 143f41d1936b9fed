"""The first draws of the GL states a panel's picture uses, made ahead in a screen's quiet frames.

The software rasterizer (llvmpipe) compiles a shader variant the first time it draws with a program under a
blend state, colour mask and target format it has not seen. A panel's picture (``game.view.panel_picture``)
paints its shapes, texts and sprites into a texture with a separate alpha blend and the alpha masked, and shows
the picture with the premultiplied blend: the first paint cost 5-7 ms of compiling in the game screen's seventh
frame, and the first picture shown 5 ms in the next. The sampler's variant also depends on whether each side of
the texture drawn from is a power of two: the first picture shown from a texture 192 pixels wide (a power of two
high) compiled for 20-37 ms, in whichever frame of the game screen first showed such a panel.
:class:`PictureWarm` makes those draws once per GL context, one a frame, from a probe panel whose every colour is
fully transparent: its picture shows nothing.
"""

from __future__ import annotations

import arcade
import PIL.Image

from game.view.panel_picture import GRAIN
from game.view.widgets import Panel

_INVISIBLE = (0, 0, 0, 0)
SHOWN_SIZES = ((GRAIN, GRAIN), (3 * GRAIN, GRAIN), (GRAIN, 3 * GRAIN), (3 * GRAIN, 3 * GRAIN))
"""The probe's pictures shown, in window pixels: each side a power of two or not, in all four pairings (a
picture's sides are multiples of :data:`GRAIN`, so every panel's texture is one of these four kinds)."""


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
    """:meth:`step` once a quiet frame until it returns False: the probe painted into a picture and shown, at each
    of :data:`SHOWN_SIZES` (the first paint a step of its own)."""

    def __init__(self) -> None:
        self._done: set[int] = set()  # the GL contexts (by id) warmed
        self._stage = 0  # 0: the first paint; n >= 1: the show of SHOWN_SIZES[n - 1] (and its paint, after the first)
        self._probe: _Probe | None = None
        self.shown: list[tuple[int, int]] = []  # the probe's texture sizes shown (tests)

    def pending(self, window: arcade.Window) -> bool:
        """Draws still to make for this window's context."""
        return id(window.ctx) not in self._done

    def step(self, window: arcade.Window) -> bool:
        """Make the next first draw; True while more are left."""
        if not self.pending(window):
            return False
        ratio = window.get_pixel_ratio()
        if ratio != int(ratio):  # no pictures on such a window (panel_picture): nothing to warm
            self._finish(window)
            return False
        if self._probe is None:
            self._probe = _Probe()
            self._probe.layout(window.width, window.height, 1.0)
            self._probe.refresh()
        probe, scale = self._probe, int(ratio)
        window.default_camera.use()
        if self._stage == 0:
            probe.picture.paint_now(window, (0, 0, GRAIN, GRAIN), scale, probe.paint_under, probe.paint_over)
            self._stage = 1
            return True
        width, height = SHOWN_SIZES[self._stage - 1]
        box = (0, 0, width, height)
        if self._stage > 1:  # a picture of this size: painted again (cheap once the first paint compiled)
            probe.picture.paint_now(window, box, scale, probe.paint_under, probe.paint_over)
        probe.picture.show_now(window, box, scale)
        size = probe.picture.texture_size
        if size is not None:
            self.shown.append(size)
        self._stage += 1
        if self._stage <= len(SHOWN_SIZES):
            return True
        self._finish(window)
        return False

    def _finish(self, window: arcade.Window) -> None:
        self._done.add(id(window.ctx))
        self._stage = 0
        self._probe = None


PICTURE_WARM = PictureWarm()
