"""A panel's picture kept in a texture between rebuilds: one textured quad a frame, not its triangles and texts.

On the software rasterizer a panel costs its triangles' setup and every glyph's quad each frame (the maneuver menu
2.5 ms, the HUD 0.8, the pad 0.9), though it changes only when it is rebuilt. :class:`PanelPicture` draws the
panel straight to the screen in the frames its content changes (no extra cost in the frame that is already the
heavy one); once it has stayed the same for :data:`STEADY_FRAMES` frames, it is painted once into an offscreen
texture the size of its bounds, after the frame's drawing (:func:`end_frame`), and drawn from that texture.

The picture is the same as the panel drawn directly: the texture holds premultiplied colour (the shapes are painted
with a separate alpha blend, so a translucent shadow keeps its own alpha) and is drawn with the premultiplied blend;
its pixels are the screen's pixels (bounds on whole pixels, ``NEAREST`` sampling). What a panel draws over its
shapes (texts, sprites) is painted without touching the texture's alpha: it must lie on the panel's opaque parts, as
every panel's does (``tests/view/test_panel_picture.py`` compares each panel's picture with its direct drawing).
On a window whose pixel ratio is not a whole number, and with ``enabled`` False, panels are always drawn directly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING

import arcade
from arcade.gl import geometry
from pyglet import gl

if TYPE_CHECKING:
    from arcade.context import ArcadeContext
    from arcade.gl import Framebuffer, Geometry, Program, Texture2D

STEADY_FRAMES = 2  # frames a panel's content must stay the same before its picture is painted
GRAIN = 64  # the texture's sides are rounded up to this (a panel that grows a little reuses its texture)
enabled = True  # False: every panel drawn directly (tests compare the two)

Bounds = tuple[int, int, int, int]  # left, bottom, right, top in window pixels
Painter = Callable[[], None]

_VERTEX = """#version 330
uniform WindowBlock { mat4 projection; mat4 view; } window;
uniform vec4 rect;      // left, bottom, width, height (window coordinates)
uniform vec2 uv_scale;  // the part of the texture the picture fills
in vec2 in_vert;
in vec2 in_uv;
out vec2 uv;
void main() {
    vec2 p = rect.xy + in_uv * rect.zw;
    gl_Position = window.projection * window.view * vec4(p, 0.0, 1.0);
    uv = in_uv * uv_scale;
}
"""
_FRAGMENT = """#version 330
uniform sampler2D picture;
in vec2 uv;
out vec4 colour;
void main() { colour = texture(picture, uv); }
"""
_SEPARATE_ALPHA = (arcade.gl.SRC_ALPHA, arcade.gl.ONE_MINUS_SRC_ALPHA, arcade.gl.ONE, arcade.gl.ONE_MINUS_SRC_ALPHA)
_PREMULTIPLIED = (arcade.gl.ONE, arcade.gl.ONE_MINUS_SRC_ALPHA)

_programs: dict[int, tuple[Program, Geometry]] = {}
_due: list[tuple[PanelPicture, Hashable, Callable[[], Bounds | None], Painter, Painter]] = []
_frame = 0  # frames ended (:func:`end_frame`): a due picture whose panel was not drawn in the last is dropped


def due() -> bool:
    """A picture of a panel drawn in the last frame waits to be painted (:func:`end_frame`)."""
    return bool(_due)


def end_frame(*, paint: bool) -> None:
    """Call after each frame's drawing. The due pictures of panels this frame did not draw (closed, or another
    screen's) are dropped; with ``paint``, one due picture is painted (one a frame: a paint costs its panel's
    drawing and a wait for the software rasterizer, and a tick makes several panels due at once). Drawing into a
    texture makes the rasterizer finish what the window's frame drew so far and wait for it: after the frame
    that costs nothing extra, in the middle of it a few ms. Until its picture is painted a panel is drawn
    directly; one that changed since it came due waits to be steady again."""
    global _frame
    for entry in _due:
        if entry[0]._drawn != _frame and not entry[0]._ahead:
            entry[0]._queued = False
    _due[:] = [entry for entry in _due if entry[0]._queued]
    _frame += 1
    if not paint:
        return
    window = arcade.get_window()
    while _due:
        entry = _due.pop(0)
        picture, stamp, bounds, under, over = entry
        spent = picture._paint_due(window, stamp, bounds, under, over)
        if picture._queued:  # its textures were made: painted in the next quiet frame
            _due.insert(0, entry)
        if spent:
            return


def _quad(ctx: ArcadeContext) -> tuple[Program, Geometry]:
    """The picture's program and unit quad, one per GL context."""
    made = _programs.get(id(ctx))
    if made is None:
        made = _programs[id(ctx)] = (ctx.program(vertex_shader=_VERTEX, fragment_shader=_FRAGMENT),
                                     geometry.quad_2d(size=(1.0, 1.0), pos=(0.5, 0.5)))
    return made


def union(boxes: Iterable[tuple[float, float, float, float]], width: int, height: int) -> Bounds | None:
    """The whole-pixel box around ``boxes`` (left, bottom, right, top), clipped to the window; None if empty."""
    left = bottom = math.inf
    right = top = -math.inf
    for x0, y0, x1, y1 in boxes:
        left, bottom, right, top = min(left, x0), min(bottom, y0), max(right, x1), max(top, y1)
    if left == math.inf:
        return None
    box = (max(0, math.floor(left)), max(0, math.floor(bottom)), min(width, math.ceil(right)),
           min(height, math.ceil(top)))
    return box if box[2] > box[0] and box[3] > box[1] else None


def mesh_box(data: Sequence[float]) -> tuple[float, float, float, float] | None:
    """The box around a mesh's flat vertex data (x, y, r, g, b, a per vertex)."""
    if not data:
        return None
    xs, ys = data[0::6], data[1::6]
    return min(xs), min(ys), max(xs), max(ys)


def text_boxes(texts: Iterable[arcade.Text]) -> list[tuple[float, float, float, float]]:
    """The boxes of the shown texts among ``texts``."""
    return [(t.left, t.bottom, t.right, t.top) for t in texts if t.visible and t.text]


class PanelPicture:
    """One panel's cached picture (see the module docstring). Call :meth:`draw` every frame the panel shows."""

    def __init__(self) -> None:
        self._stamp: Hashable = object()
        self._steady = 0  # frames drawn with the current stamp
        self._painted: Hashable = object()  # the stamp the texture shows
        self._bounds: Bounds | None = None
        self._texture: Texture2D | None = None  # the picture, copied from the framebuffer's own texture
        self._fbo: Framebuffer | None = None
        self._queued = False  # in the list of due pictures (:func:`end_frame`)
        self._drawn = -1  # the frame it was last drawn in
        self._ahead = False  # queued by :meth:`paint_ahead`: kept in the queue though the panel is not drawn
        self.paints = 0  # pictures painted (tests, benches)
        self.shows = 0  # frames drawn from the picture

    @property
    def bounds(self) -> Bounds | None:
        """The window pixels the last painted picture covers (None: none painted, or nothing to paint)."""
        return self._bounds

    @property
    def texture_size(self) -> tuple[int, int] | None:
        """The picture's texture's size in pixels (None: none made yet)."""
        return None if self._texture is None else (self._texture.width, self._texture.height)

    def draw(self, stamp: Hashable, bounds: Callable[[], Bounds | None], under: Painter, over: Painter) -> None:
        """Show the panel: from its picture if it shows ``stamp``, else directly (``under`` then ``over``); once
        the stamp has held :data:`STEADY_FRAMES` frames, its picture is due (painted by :func:`end_frame` after
        the frame). ``under`` paints the shapes that make the panel's outline (their alpha counts), ``over``
        what lies on them."""
        if stamp != self._stamp:
            self._stamp, self._steady = stamp, 0
            self._ahead = False
        self._steady += 1
        self._drawn = _frame
        window = arcade.get_window()
        ratio = window.get_pixel_ratio()
        whole = ratio == int(ratio)
        if enabled and whole and self._painted == stamp and self._bounds is not None and self._texture is not None:
            self._show(window.ctx, self._bounds, int(ratio))
            self.shows += 1
            return
        under()
        over()
        if enabled and whole and self._steady >= STEADY_FRAMES and self._painted != stamp and not self._queued:
            self._queued = True
            _due.append((self, stamp, bounds, under, over))

    def paint_ahead(self, stamp: Hashable, bounds: Callable[[], Bounds | None], under: Painter,
                    over: Painter) -> None:
        """Have the picture of ``stamp`` painted by a later quiet frame's :func:`end_frame` though the panel is not
        drawn (a closed panel built ahead: its opening then shows the picture in its first frame). A panel drawn
        meanwhile with another stamp cancels it."""
        if self._painted == stamp and self._texture is not None:
            return
        self._stamp, self._steady = stamp, STEADY_FRAMES
        self._ahead = True
        if not self._queued:
            self._queued = True
            _due.append((self, stamp, bounds, under, over))

    def _paint_due(self, window: arcade.Window, stamp: Hashable, bounds: Callable[[], Bounds | None],
                   under: Painter, over: Painter) -> bool:
        """Paint the picture due for ``stamp`` if the panel still shows it; True if that spent the frame's paint.
        A picture bigger than its textures first makes them (1-3 ms for a large panel on the software
        rasterizer) and stays due: it is painted in the next quiet frame."""
        if stamp != self._stamp:
            self._queued = self._ahead = False
            return False
        box = bounds()
        if box is None:  # nothing inside the window (an empty panel): drawn as it is, not due again
            self._queued = self._ahead = False
            self._painted, self._bounds = stamp, None
            return False
        ratio = int(window.get_pixel_ratio())
        width, height = (box[2] - box[0]) * ratio, (box[3] - box[1]) * ratio
        if not self._fits(width, height):
            self._target(window.ctx, width, height)
            return True
        self._queued = self._ahead = False
        self._painted, self._bounds = stamp, box
        window.default_camera.use()  # panels are drawn in window coordinates
        self._paint(window, box, ratio, under, over)
        return True

    def paint_now(self, window: arcade.Window, box: Bounds, ratio: int, under: Painter, over: Painter) -> None:
        """Paint ``box`` of the panel into the picture at once, whatever its stamp (``game.view.gl_warm``)."""
        self._paint(window, box, ratio, under, over)
        self._bounds = box

    def show_now(self, window: arcade.Window, box: Bounds, ratio: int) -> None:
        """Draw the painted picture at ``box`` (after :meth:`paint_now`)."""
        self._show(window.ctx, box, ratio)

    def _fits(self, width: int, height: int) -> bool:
        """The textures hold a picture of ``width`` x ``height`` pixels."""
        return self._texture is not None and self._fbo is not None and self._texture.width >= width \
            and self._texture.height >= height

    def _target(self, ctx: ArcadeContext, width: int, height: int) -> Framebuffer:
        """The offscreen framebuffer and the picture's texture, at least ``width`` x ``height`` pixels."""
        if not self._fits(width, height):
            size = (-(-width // GRAIN) * GRAIN, -(-height // GRAIN) * GRAIN)
            self._fbo = ctx.framebuffer(color_attachments=[ctx.texture(size, components=4)])
            self._texture = ctx.texture(size, components=4, filter=(ctx.NEAREST, ctx.NEAREST))
        assert self._fbo is not None
        return self._fbo

    def _paint(self, window: arcade.Window, box: Bounds, ratio: int, under: Painter, over: Painter) -> None:
        """Paint the panel into the texture: the window's own projection, the viewport moved by the box's corner
        (a whole number of pixels), so every vertex falls within its pixel as on screen."""
        ctx = window.ctx
        left, bottom, right, top = box
        width, height = (right - left) * ratio, (top - bottom) * ratio
        fbo = self._target(ctx, width, height)
        blend = ctx.blend_func
        fbo.viewport = (-left * ratio, -bottom * ratio, window.width * ratio, window.height * ratio)
        with fbo.activate():
            # the whole texture: a clear of part of it (the viewport's, moved by the box's corner) is drawn as a
            # quad by the software rasterizer, whose first costs 4 ms of compiling; a whole one is a fill
            fbo.clear(color=(0, 0, 0, 0), viewport=(0, 0, *fbo.size))
            ctx.blend_func = _SEPARATE_ALPHA
            under()
            gl.glColorMask(True, True, True, False)  # texts and sprites: on opaque parts, the alpha stays
            try:
                over()
            finally:
                gl.glColorMask(True, True, True, True)
            # copied to a texture nothing draws into: asked to draw with a framebuffer's own texture, the
            # software rasterizer first finishes the whole frame so far and waits for it (5 ms mid-frame)
            assert self._texture is not None
            self._texture.use(0)
            gl.glCopyTexSubImage2D(gl.GL_TEXTURE_2D, 0, 0, 0, 0, 0, width, height)
        ctx.blend_func = blend
        self.paints += 1

    def _show(self, ctx: ArcadeContext, box: Bounds, ratio: int) -> None:
        assert self._texture is not None
        program, quad = _quad(ctx)
        left, bottom, right, top = box
        program["rect"] = (left, bottom, right - left, top - bottom)
        program["uv_scale"] = ((right - left) * ratio / self._texture.width,
                               (top - bottom) * ratio / self._texture.height)
        blend = ctx.blend_func
        ctx.enable(ctx.BLEND)  # pyglet's text batches leave it off
        ctx.blend_func = _PREMULTIPLIED
        self._texture.use(0)
        quad.render(program)
        ctx.blend_func = blend
