"""A tiny triangle-mesh builder for HUD widgets: rounded rects, bands, thick/dashed lines and marker glyphs.

The builder is pure Python (points and colours); :meth:`Mesh.shape` turns it into one arcade ``Shape`` that
draws in a single call, which matters on software GL. Rebuild only when what it shows changes.
Coordinates are arcade's: bottom-left origin, pixels.
"""

from __future__ import annotations

import functools
import itertools
import math
from array import array
from collections.abc import Sequence

from arcade.shape_list import Shape, create_triangles_filled_with_colors

from game.view.palette import RGBA, Glyph, Stroke, Style

Point = tuple[float, float]


@functools.cache
def _corner_unit(per_corner: int) -> tuple[tuple[float, float, float, float], ...]:
    """(sign x, sign y, cos, sin) of every outline point of a rounded rectangle: the trigonometry once."""
    out = []
    for sx, sy, start in ((1.0, -1.0, -90.0), (1.0, 1.0, 0.0), (-1.0, 1.0, 90.0), (-1.0, -1.0, 180.0)):
        for i in range(per_corner + 1):
            a = math.radians(start + 90.0 * i / per_corner)
            out.append((sx, sy, math.cos(a), math.sin(a)))
    return tuple(out)


def rounded_rect_points(cx: float, cy: float, w: float, h: float, r: float, per_corner: int = 6) -> list[Point]:
    """Counter-clockwise outline of a rounded rectangle, starting at the bottom-right corner arc."""
    r = max(0.0, min(r, w / 2, h / 2))
    hw, hh = w / 2 - r, h / 2 - r
    return [(cx + sx * hw + r * c, cy + sy * hh + r * s) for sx, sy, c, s in _corner_unit(per_corner)]


@functools.lru_cache(maxsize=512)
def corner_steps(r: float) -> int:
    """Segments per quarter circle for a corner of radius ``r`` px: the fewest that keep the outline within
    0.3 px of the arc (a 12 px corner takes 4, a 4 px one 2; each triangle costs the software rasterizer)."""
    if r <= 0.3:
        return 1
    half = math.degrees(math.acos(1 - 0.3 / r))
    return max(1, min(8, math.ceil(90 / (2 * half))))


def polyline_length(points: Sequence[Point], closed: bool = False) -> float:
    pts = [*points, points[0]] if closed and points else list(points)
    return sum(math.dist(a, b) for a, b in itertools.pairwise(pts))


def dash_segments(
    points: Sequence[Point], pattern: Sequence[float], closed: bool = False
) -> list[list[Point]]:
    """Split a polyline into the "on" pieces of a dash ``pattern`` (alternating on/off lengths).

    An empty pattern returns the whole polyline as one piece. Each piece is itself a polyline, so dashes
    follow corners.
    """
    pts = [*points, points[0]] if closed and points else list(points)
    if not pattern or len(pts) < 2:
        return [pts] if len(pts) >= 2 else []
    if any(p <= 0 for p in pattern):
        raise ValueError(f"dash pattern lengths must be positive: {pattern!r}")
    pieces: list[list[Point]] = []
    idx, remaining, on = 0, pattern[0], True
    current: list[Point] = [pts[0]]
    for a, b in itertools.pairwise(pts):
        seg = math.dist(a, b)
        pos = 0.0
        while seg - pos > remaining:
            pos += remaining
            t = pos / seg
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if on:
                current.append(p)
                pieces.append(current)
            current = [p]
            on = not on
            idx = (idx + 1) % len(pattern)
            remaining = pattern[idx]
        remaining -= seg - pos
        if on:
            current.append(b)
        else:
            current = [b]
    if on and len(current) >= 2:
        pieces.append(current)
    return pieces


class Mesh:
    """Accumulates coloured triangles, straight into the flat vertex data a ``Shape`` draws (x, y, r, g, b, a
    per vertex): no per-vertex packing when the shape is made (a panel's rebuild after a tick)."""

    def __init__(self) -> None:
        self.data: list[float] = []

    def __len__(self) -> int:
        return len(self.data) // 18

    @property
    def points(self) -> list[Point]:
        d = self.data
        return [(d[i], d[i + 1]) for i in range(0, len(d), 6)]

    @property
    def colours(self) -> list[RGBA]:
        d = self.data
        return [(int(d[i + 2]), int(d[i + 3]), int(d[i + 4]), int(d[i + 5])) for i in range(0, len(d), 6)]

    def triangle(self, a: Point, b: Point, c: Point, colour: RGBA) -> None:
        r, g, bl, al = colour
        self.data += (a[0], a[1], r, g, bl, al, b[0], b[1], r, g, bl, al, c[0], c[1], r, g, bl, al)

    def convex(self, outline: Sequence[Point], colour: RGBA) -> None:
        """A filled convex polygon (triangle fan)."""
        r, g, bl, al = colour
        ox, oy = outline[0]
        data = self.data
        for i in range(1, len(outline) - 1):
            p, q = outline[i], outline[i + 1]
            data += (ox, oy, r, g, bl, al, p[0], p[1], r, g, bl, al, q[0], q[1], r, g, bl, al)

    def band(self, outer: Sequence[Point], inner: Sequence[Point], colour: RGBA) -> None:
        """The closed strip between two outlines with the same number of points (a ring, a frame)."""
        n = len(outer)
        for i in range(n):
            j = (i + 1) % n
            self.triangle(outer[i], outer[j], inner[j], colour)
            self.triangle(outer[i], inner[j], inner[i], colour)

    def rect(self, left: float, bottom: float, width: float, height: float, colour: RGBA) -> None:
        r, t = left + width, bottom + height
        self.convex([(left, bottom), (r, bottom), (r, t), (left, t)], colour)

    def rounded_rect(self, cx: float, cy: float, w: float, h: float, r: float, colour: RGBA) -> None:
        """A filled rounded rectangle as a cross of three rects and a small fan in each corner: one fan over
        the whole box would be long slivers, each crossing every tile the software rasterizer bins."""
        r = max(0.0, min(r, w / 2, h / 2))
        left, bottom = cx - w / 2, cy - h / 2
        if r <= 0.3:
            self.rect(left, bottom, w, h, colour)
            return
        self.rect(left + r, bottom, w - 2 * r, h, colour)
        if h > 2 * r:
            self.rect(left, bottom + r, r, h - 2 * r, colour)
            self.rect(left + w - r, bottom + r, r, h - 2 * r, colour)
        steps = corner_steps(r)
        hw, hh = w / 2 - r, h / 2 - r
        unit = _corner_unit(steps)
        per = steps + 1
        for corner in range(4):
            sx, sy = unit[corner * per][0], unit[corner * per][1]
            ox, oy = cx + sx * hw, cy + sy * hh
            arc = [(ox + r * c, oy + r * si) for _sx, _sy, c, si in unit[corner * per:(corner + 1) * per]]
            for a, b in itertools.pairwise(arc):
                self.triangle((ox, oy), a, b, colour)

    def surround(self, outer: tuple[float, float, float, float], cx: float, cy: float, w: float, h: float,
                 r: float, colour: RGBA) -> None:
        """Fill the rectangle ``outer`` (left, bottom, right, top) except the rounded rectangle ``w`` x ``h``
        of corner ``r`` centred on ``cx, cy`` (inside it): a screen dimmed around a panel without painting
        the dim under the panel too. Four rects and a small fillet in each corner: no sliver triangles, which
        cost the software rasterizer as much as area does."""
        left, bottom, right, top = outer
        x0, y0, x1, y1 = cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2
        self.rect(left, y1, right - left, top - y1, colour)
        self.rect(left, bottom, right - left, y0 - bottom, colour)
        self.rect(left, y0, x0 - left, h, colour)
        self.rect(x1, y0, right - x1, h, colour)
        r = max(0.0, min(r, w / 2, h / 2))
        if r <= 0.3:
            return
        steps = corner_steps(r)
        unit = _corner_unit(steps)
        per = steps + 1
        hw, hh = w / 2 - r, h / 2 - r
        for corner in range(4):
            sx, sy = unit[corner * per][0], unit[corner * per][1]
            ox, oy = cx + sx * hw, cy + sy * hh
            tip = (cx + sx * w / 2, cy + sy * h / 2)  # the bounding box's corner the fillet fills up to
            arc = [(ox + r * c, oy + r * si) for _sx, _sy, c, si in unit[corner * per:(corner + 1) * per]]
            for a, b in itertools.pairwise(arc):
                self.triangle(tip, a, b, colour)

    def rounded_frame(
        self, cx: float, cy: float, w: float, h: float, r: float, thickness: float, colour: RGBA
    ) -> None:
        """A frame of ``thickness`` just outside the rounded rect ``w`` x ``h``."""
        steps = corner_steps(r + thickness)
        inner = rounded_rect_points(cx, cy, w, h, r, steps)
        outer = rounded_rect_points(cx, cy, w + 2 * thickness, h + 2 * thickness, r + thickness, steps)
        self.band(outer, inner, colour)

    def disc(self, cx: float, cy: float, radius: float, colour: RGBA, segments: int = 28) -> None:
        """A filled circle; a small one with fewer sides (a 5 px pip looks as round with 10)."""
        self.convex(_circle(cx, cy, radius, _sides(radius, segments)), colour)

    def ring(self, cx: float, cy: float, radius: float, thickness: float, colour: RGBA, segments: int = 28) -> None:
        """A ring whose outer edge is at ``radius``."""
        n = _sides(radius, segments)
        self.band(_circle(cx, cy, radius, n), _circle(cx, cy, radius - thickness, n), colour)

    def segment(self, a: Point, b: Point, width: float, colour: RGBA, extend: float = 0.0) -> None:
        """A thick straight line (butt caps, optionally extended by ``extend`` at both ends)."""
        length = math.dist(a, b)
        if length == 0:
            return
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        a = (a[0] - ux * extend, a[1] - uy * extend)
        b = (b[0] + ux * extend, b[1] + uy * extend)
        nx, ny = -uy * width / 2, ux * width / 2
        self.convex([(a[0] + nx, a[1] + ny), (a[0] - nx, a[1] - ny), (b[0] - nx, b[1] - ny), (b[0] + nx, b[1] + ny)],
                    colour)

    def polyline(self, points: Sequence[Point], width: float, colour: RGBA, extend: float = 0.0) -> None:
        """Thick polyline; joints are filled with small discs so corners have no gaps."""
        for a, b in itertools.pairwise(points):
            self.segment(a, b, width, colour, extend)
        for p in points[1:-1]:
            self.disc(p[0], p[1], width / 2, colour, segments=10)

    def styled_line(
        self,
        points: Sequence[Point],
        width: float,
        style: Style,
        ink: RGBA,
        *,
        closed: bool = False,
        scale: float = 1.0,
    ) -> None:
        """A line in a tone's stroke (solid / dashed / hollow / dotted / dash-dot) with a dark edge for contrast."""
        edge = max(2.0, width * 0.25)
        if style.stroke is Stroke.DOTTED:
            period = max(sum(style.dash) * scale, width * 2.0)
            dots = _points_along(points, period, closed)
            for x, y in dots:
                self.rect(x - width / 2 - edge / 2, y - width / 2 - edge / 2, width + edge, width + edge, ink)
            for x, y in dots:
                self.rect(x - width / 2, y - width / 2, width, width, style.colour)
            return
        pattern = tuple(p * scale for p in style.dash)
        pieces = dash_segments(points, pattern, closed)
        for piece in pieces:
            self.polyline(piece, width + edge, ink, extend=edge / 2)
        for piece in pieces:
            self.polyline(piece, width, style.colour)
        if style.stroke is Stroke.HOLLOW and width >= 6:
            for piece in pieces:
                self.polyline(piece, max(2.0, width * 0.3), ink)

    def glyph(self, cx: float, cy: float, radius: float, style: Style, ink: RGBA) -> None:
        """A point marker in a tone's glyph (disc / diamond / ring / square / cross) with a dark edge."""
        edge = max(2.0, radius * 0.18)
        g = style.glyph
        if g is Glyph.DISC:
            self.disc(cx, cy, radius + edge, ink)
            self.disc(cx, cy, radius, style.colour)
        elif g is Glyph.RING:
            self.disc(cx, cy, radius + edge, ink)
            self.ring(cx, cy, radius, radius * 0.45, style.colour)
        elif g is Glyph.DIAMOND:
            r = radius * 1.25
            self.convex(_diamond(cx, cy, r + edge * 1.4), ink)
            self.convex(_diamond(cx, cy, r), style.colour)
        elif g is Glyph.SQUARE:
            r = radius * 0.9
            self.rect(cx - r - edge, cy - r - edge, 2 * (r + edge), 2 * (r + edge), ink)
            self.rect(cx - r, cy - r, 2 * r, 2 * r, style.colour)
        else:  # CROSS
            r = radius
            w = radius * 0.55
            for a, b in (((cx - r, cy - r), (cx + r, cy + r)), ((cx - r, cy + r), (cx + r, cy - r))):
                self.segment(a, b, w + 2 * edge, ink, extend=edge)
            for a, b in (((cx - r, cy - r), (cx + r, cy + r)), ((cx - r, cy + r), (cx + r, cy - r))):
                self.segment(a, b, w, style.colour)

    def shape(self) -> Shape:
        """One arcade ``Shape`` of all triangles (needs an active window)."""
        return _flat_shape(self.data)


def _flat_shape(data: list[float]) -> Shape:
    """A ``Shape`` of triangles from flat vertex data (x, y, r, g, b, a per vertex), as
    :func:`fast_triangles` makes it; arcade's own constructor if its internals change."""
    try:
        from arcade import get_window
        from arcade.gl import TRIANGLES

        shape = Shape.__new__(Shape)
        shape.ctx = get_window().ctx
        shape.program = shape.ctx.line_generic_with_colors_program
        shape.mode = TRIANGLES
        shape.points = ()  # not kept: the data is all a draw needs
        shape.colors = []
        shape.data = array("f", data)
        shape.vertices = len(data) // 6
        shape.geometry = None
        shape.buffer = None
        if not hasattr(Shape, "_init_geometry"):
            raise AttributeError("Shape._init_geometry")
        return shape
    except (AttributeError, ImportError):  # pragma: no cover - a future arcade
        pts = [(data[i], data[i + 1]) for i in range(0, len(data), 6)]
        cols = [(int(data[i + 2]), int(data[i + 3]), int(data[i + 4]), int(data[i + 5]))
                for i in range(0, len(data), 6)]
        return create_triangles_filled_with_colors(pts, cols)


def fast_triangles(points: Sequence[Point], colours: Sequence[RGBA]) -> Shape:
    """``create_triangles_filled_with_colors`` without converting every vertex colour to an ``arcade.Color``
    (which dominates on big meshes); falls back to arcade's constructor if its internals change."""
    try:
        from arcade import get_window
        from arcade.gl import TRIANGLES

        shape = Shape.__new__(Shape)
        ctx = get_window().ctx
        shape.ctx = ctx
        shape.program = ctx.line_generic_with_colors_program
        shape.mode = TRIANGLES
        shape.points = points
        shape.colors = colours  # type: ignore[assignment]
        shape.data = array("f", [v for p, c in zip(points, colours, strict=True) for v in (*p, *c)])
        shape.vertices = len(points)
        shape.geometry = None
        shape.buffer = None
        if not hasattr(Shape, "_init_geometry"):
            raise AttributeError("Shape._init_geometry")
        return shape
    except (AttributeError, ImportError):  # pragma: no cover - a future arcade
        return create_triangles_filled_with_colors(points, colours)


def _sides(radius: float, most: int) -> int:
    """Sides enough for a circle of ``radius`` px to look round: about one per 1.2 px of radius, 10 to ``most``."""
    return max(min(10, most), min(most, round(radius * 1.2)))


@functools.cache
def _unit_circle(segments: int) -> tuple[tuple[float, float], ...]:
    return tuple((math.cos(2 * math.pi * i / segments), math.sin(2 * math.pi * i / segments))
                 for i in range(segments))


def _circle(cx: float, cy: float, r: float, segments: int) -> list[Point]:
    return [(cx + r * c, cy + r * s) for c, s in _unit_circle(segments)]


def _diamond(cx: float, cy: float, r: float) -> list[Point]:
    return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]


def _points_along(points: Sequence[Point], period: float, closed: bool) -> list[Point]:
    """Points every ``period`` along a polyline, centred so both ends get the same margin."""
    pts = [*points, points[0]] if closed and points else list(points)
    total = polyline_length(pts)
    if total <= 0:
        return []
    count = max(1, int(total // period) + (0 if closed else 1))
    step = total / count if closed else (total / (count - 1) if count > 1 else 0.0)
    targets = [i * step for i in range(count)] if count > 1 or closed else [total / 2]
    out: list[Point] = []
    acc = 0.0
    k = 0
    for a, b in itertools.pairwise(pts):
        seg = math.dist(a, b)
        while k < len(targets) and targets[k] <= acc + seg + 1e-9:
            t = 0.0 if seg == 0 else (targets[k] - acc) / seg
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            k += 1
        acc += seg
    return out
