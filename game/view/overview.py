"""The overview (issue 11): the explored level at a glance, over the live screen (M, or the HUD's Map button).

:class:`OverviewPanel` draws the squares the party has seen (``MapRender.seen``) as one small picture of the
level, scaled to the window, and over it the party (discs, the leader ringed), the hostiles in sight
(diamonds), the stairs (triangles: down filled, up hollow) and the items seen on the floor (squares): each a
shape of its own, so nothing relies on colour alone. A key row under the map names them. The picture is made
once per opening (and again only if what it shows changed). Hit action: ``("overview", "close")``.
``game.view.modes.OverviewMode`` owns its keys.
"""

from __future__ import annotations

from collections.abc import Hashable, Set

import arcade
from arcade.shape_list import Shape
from PIL import Image

from game.sim.geometry import Pos
from game.sim.state import WorldState
from game.sim.tilemap import Tile
from game.view.goal import goal_of
from game.view.mesh import Mesh
from game.view.widgets import ACCENT, PANEL, PANEL_EDGE, PANEL_HEADER, TEXT_DIM, Panel, Rect, elide, fit_width, touch

DIM: tuple[int, int, int, int] = (6, 7, 10, 120)
TILE_COLOURS: dict[int, tuple[int, int, int, int]] = {
    Tile.FLOOR: (74, 80, 96, 255), Tile.WALL: (150, 140, 118, 255), Tile.DOOR: (150, 104, 60, 255),
    Tile.STAIRS_DOWN: (74, 80, 96, 255), Tile.STAIRS_UP: (74, 80, 96, 255),
    Tile.RUBBLE: (96, 98, 104, 255), Tile.MUD: (92, 72, 52, 255),  # difficult ground
}
UNSEEN: tuple[int, int, int, int] = (12, 13, 18, 255)
PARTY = (96, 210, 120, 255)
FOE = (236, 76, 70, 255)
STAIRS = (250, 204, 36, 255)
ITEM = (120, 190, 255, 255)
KEY_ONE_ROW = 640.0  # px at scale 1: the panel's least width, and what the key needs on one row
KEY_ONE_ROW_PX = 680.0  # px: the same at the smallest text
MAX_CELL = 14.0  # px per square at scale 1: a small level is not blown up


class OverviewPanel(Panel):
    """The overview's drawing (see the module docstring)."""

    cached = False  # its squares are sprites sampled pixel by pixel at fractional places: a picture of them
    # would move an edge by a pixel here and there (tests/view/test_panel_picture.py); it is open seldom

    def __init__(self) -> None:
        super().__init__()
        self.visible = False
        self.state: WorldState | None = None
        self.seen: frozenset[Pos] = frozenset()
        self.visible_squares: frozenset[Pos] = frozenset()
        self.top_limit = 0.0
        self.rect: Rect = (0.0, 0.0, 0.0, 0.0)
        self.map_rect: Rect = (0.0, 0.0, 0.0, 0.0)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.shown: dict[str, list[Pos]] = {}  # what the last build drew: kind -> squares (tests, the layout)
        self._picture_key: Hashable = None
        self._texture: arcade.Texture | None = None
        self._over: Shape | None = None  # the marks, drawn over the map picture

    def open(self, state: WorldState, seen: Set[Pos], visible: Set[Pos]) -> None:
        self.state = state
        self.seen = frozenset(seen)
        self.visible_squares = frozenset(visible)
        self.visible = True
        self.invalidate()

    def close(self) -> None:
        self.visible = False
        self.sprites.clear()
        self.invalidate()

    def content_key(self) -> Hashable:
        s = self.state
        if s is None:
            return None
        return (len(self.seen), len(self.visible_squares), s.tick, s.leader, self.top_limit)

    def marks(self) -> dict[str, list[Pos]]:
        """What the overview shows beside the terrain, by kind (party, leader, foe, stairs_down, stairs_up,
        item): only what the party has seen; hostiles only where the leader sees them now."""
        s = self.state
        out: dict[str, list[Pos]] = {"party": [], "leader": [], "foe": [], "stairs_down": [], "stairs_up": [],
                                     "item": []}
        if s is None:
            return out
        for a in s.actors.values():
            if not a.alive:
                continue
            if a.leader:
                out["leader"].append(a.pos)
            elif a.party:
                out["party"].append(a.pos)
            elif a.pos in self.visible_squares and s.hostile(s.leader, a.id):
                out["foe"].append(a.pos)
        tm = s.tilemap
        out["stairs_down"] = sorted(p for p in tm.positions_of(Tile.STAIRS_DOWN) if p in self.seen)
        out["stairs_up"] = sorted(p for p in tm.positions_of(Tile.STAIRS_UP) if p in self.seen)
        if s.run is not None:
            out["item"] = sorted(p for p, pile in s.run.floor.items() if pile and p in self.seen)
        return out

    def _picture(self) -> arcade.Texture:
        s = self.state
        assert s is not None
        tm = s.tilemap
        key = (id(tm), self.seen)
        if self._texture is not None and key == self._picture_key:
            return self._texture
        img = Image.new("RGBA", (tm.width, tm.height), UNSEEN)
        px = img.load()
        assert px is not None
        for p in self.seen:
            if tm.in_bounds(p):
                px[p.x, p.y] = TILE_COLOURS.get(tm.tile_at(p), UNSEEN)
        self._picture_key = key
        self._texture = arcade.Texture(img, hash=f"overview-{id(self)}-{hash(key)}")
        return self._texture

    def build(self) -> None:
        s = self.state
        if s is None:
            return
        k = self.scale
        w, h = self.width, self.height
        top = (self.top_limit or h) - 10 * k
        self.sprites.clear()
        self.box((-10, -10, w + 20, h + 20), DIM, 0)
        margin = 12 * k
        one_row = max(KEY_ONE_ROW * k, KEY_ONE_ROW_PX)  # the key's text never shrinks under 9 pt
        narrowest = min(w - 2 * margin, one_row)
        rows = 1 if narrowest >= one_row else 2  # the key under the map: one row, or two when narrow
        header, footer = 48 * k, (18 + 22 * rows) * k
        tm = s.tilemap
        room_w, room_h = w - 2 * margin - 24 * k, top - margin - header - footer - 24 * k
        cell = max(1.0, min(room_w / tm.width, room_h / tm.height, MAX_CELL * k))
        map_w, map_h = tm.width * cell, tm.height * cell
        width = max(map_w + 24 * k, narrowest)
        height = map_h + header + footer + 24 * k
        left, bottom = (w - width) / 2, max(margin, (top + margin - height) / 2)  # in the middle, under the bar
        top = bottom + height
        self.rect = (left, bottom, width, height)
        self.box(self.rect, PANEL, 12, edge=PANEL_EDGE, shadow=True)
        self.box((left, top - header, width, header), PANEL_HEADER, 12)
        goal = goal_of(s)
        title = f"Overview: {goal.where}" if goal.where else "Overview"
        self.texts.put("title", elide(title, max(12, int((width - 150 * k) / (8.5 * k)))), left + 16 * k,
                       top - header / 2, size=15 * k, bold=True, anchor_y="center")
        close_w = max(touch(k) * 0.9, 110 * k)
        close = (left + width - close_w - 6 * k, top - header + 4 * k, close_w, header - 8 * k)
        self.button("close", close, "Close", ("overview", "close"), size=13)
        mx, my = left + (width - map_w) / 2, bottom + footer + 12 * k
        self.map_rect = (mx, my, map_w, map_h)
        sprite = arcade.Sprite(self._picture())
        sprite.width, sprite.height = map_w, map_h
        sprite.center_x, sprite.center_y = mx + map_w / 2, my + map_h / 2
        self.sprites.append(sprite)
        self.shown = marks = self.marks()
        r = max(2.5 * k, cell * 0.45)
        over = Mesh()

        def centre(p: Pos) -> tuple[float, float]:
            return mx + (p.x + 0.5) * cell, my + map_h - (p.y + 0.5) * cell

        for p in marks["item"]:
            x, y = centre(p)
            over.rect(x - r * 0.6, y - r * 0.6, r * 1.2, r * 1.2, ITEM)
        for kind, pointing in (("stairs_down", -1), ("stairs_up", 1)):
            for p in marks[kind]:
                x, y = centre(p)
                pts = [(x - r * 1.1, y - pointing * r * 0.8), (x + r * 1.1, y - pointing * r * 0.8),
                       (x, y + pointing * r * 1.1)]
                over.convex(pts, STAIRS)
                if kind == "stairs_up":
                    over.disc(x, y - pointing * r * 0.2, r * 0.35, UNSEEN)
        for p in marks["foe"]:
            x, y = centre(p)
            over.convex([(x, y + r * 1.2), (x + r * 1.2, y), (x, y - r * 1.2), (x - r * 1.2, y)], FOE)
        for p in marks["party"]:
            x, y = centre(p)
            over.disc(x, y, r, PARTY)
        for p in marks["leader"]:
            x, y = centre(p)
            over.disc(x, y, r * 1.45, ACCENT)
            over.disc(x, y, r, PARTY)
        self._over = over.shape() if len(over) else None
        self._key_row(left, bottom, width, footer, rows)

    def _key_row(self, left: float, bottom: float, width: float, footer: float, rows: int) -> None:
        """The names of the shapes, under the map: one row, each label measured, split in two when narrow."""
        k = self.scale
        items = (("you", "leader"), ("party", "party"), ("foe in sight", "foe"), ("stairs down", "stairs_down"),
                 ("stairs up", "stairs_up"), ("item", "item"))
        r = 5 * k
        size = max(9.0, 10 * k)
        per_row = -(-len(items) // rows)
        line = footer / rows
        for i, (label, kind) in enumerate(items):
            row, col = divmod(i, per_row)
            step = (width - 24 * k) / per_row
            x = left + 12 * k + col * step + r + 2 * k
            y = bottom + footer - line * (row + 0.5) + 4 * k
            self._key_shape(kind, x, y, r)
            text = self.texts.put(("key", kind), label, x + r * 1.6 + 4 * k, y, size=size, colour=TEXT_DIM,
                                  anchor_y="center")
            fit_width(text, label, step - r * 3 - 10 * k)

    def _key_shape(self, kind: str, x: float, y: float, r: float) -> None:
        if kind == "leader":
            self.mesh.disc(x, y, r * 1.45, ACCENT)
            self.mesh.disc(x, y, r, PARTY)
        elif kind == "party":
            self.mesh.disc(x, y, r, PARTY)
        elif kind == "foe":
            self.mesh.convex([(x, y + r * 1.2), (x + r * 1.2, y), (x, y - r * 1.2), (x - r * 1.2, y)], FOE)
        elif kind == "item":
            self.mesh.rect(x - r * 0.6, y - r * 0.6, r * 1.2, r * 1.2, ITEM)
        else:
            pointing = -1 if kind == "stairs_down" else 1
            self.mesh.convex([(x - r * 1.1, y - pointing * r * 0.8), (x + r * 1.1, y - pointing * r * 0.8),
                              (x, y + pointing * r * 1.1)], STAIRS)

    def paint_over(self) -> None:
        self.sprites.draw(pixelated=True)
        if self._over is not None:
            self._over.draw()
        self.texts.draw()

