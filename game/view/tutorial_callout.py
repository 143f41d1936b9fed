"""The tutorial's callout: a panel with the step's words, a frame round the thing it talks about and an arrow
from the panel to it (issue 11).

The game view tells it where the thing is (``target``: a window rect, from the actual widget or actor) and
which panels to keep clear of (``avoid``); the callout puts itself where it covers neither, frames the target
and draws the arrow. Hit actions: ``("tutorial", "next")`` and ``("tutorial", "skip")``.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Protocol

from game.sim.player_view import PlayerView
from game.sim.state import WorldState
from game.sim.tutorial_file import Step
from game.view.arrow_pad import ArrowPad
from game.view.combat_log import CombatLog
from game.view.hud import Hud
from game.view.maneuver_menu import ManeuverMenu, MenuModel
from game.view.map_render import MapRender
from game.view.map_scale import TILE
from game.view.prompts import Prompt
from game.view.widgets import ACCENT, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, Panel, Rect

GAP = 18.0  # px at scale 1 between the callout and what it must not cover
NOTICE = (240, 150, 70, 255)


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def _grow(r: Rect, by: float) -> Rect:
    return (r[0] - by, r[1] - by, r[2] + 2 * by, r[3] + 2 * by)


def _edge_towards(r: Rect, x: float, y: float) -> tuple[float, float]:
    """The point of ``r``'s border on the line from its centre towards ``(x, y)``."""
    cx, cy = r[0] + r[2] / 2, r[1] + r[3] / 2
    dx, dy = x - cx, y - cy
    if dx == 0 and dy == 0:
        return cx, cy
    tx = (r[2] / 2) / abs(dx) if dx else math.inf
    ty = (r[3] / 2) / abs(dy) if dy else math.inf
    t = min(tx, ty, 1.0)
    return cx + dx * t, cy + dy * t


class Callout(Panel):
    """The current tutorial step over the game screen. Set ``step``, ``target``, ``avoid`` and ``top_limit``."""

    def __init__(self) -> None:
        super().__init__()
        self.step: Step | None = None
        self.heading = ""  # the lesson's title
        self.notice = ""
        self.skip_label = "Skip tutorial"  # "" for a scenario's introduction: Next (Enter) is the way on
        self.next_hint = "Enter / N"  # the keys that press Next now (the game view: N alone over a prompt or menu)
        self.target: Rect | None = None
        self.avoid: Sequence[Rect] = ()
        self.soft: Sequence[Rect] = ()  # better not covered either (the leader), but a panel matters more
        self.top_limit = 720.0
        self.rect: Rect = (0.0, 0.0, 0.0, 0.0)

    def content_key(self) -> Hashable:
        target = None if self.target is None else tuple(round(v) for v in self.target)
        avoid = tuple(tuple(round(v) for v in r) for r in (*self.avoid, *self.soft))
        return (id(self.step), self.heading, self.notice, self.skip_label, target, avoid, round(self.top_limit),
                self.next_hint)

    def build(self) -> None:
        step = self.step
        if step is None:
            self.rect = (0.0, 0.0, 0.0, 0.0)
            return
        # the roomiest form that covers nothing; narrower and tighter forms when the screen is full
        best: tuple[float, float, float, bool, tuple[float, float], float] | None = None
        for fraction, compact in ((1.0, False), (0.8, False), (0.8, True), (0.75, True), (0.62, True), (0.5, True),
                                  (0.44, True)):  # the narrow ones: a column beside the menu at 800 x 600
            width, height = self._measure(step, fraction, compact)
            spot, cost = self._place(width, height)
            if best is None or cost < best[5] - 1e-6:
                best = (fraction, width, height, compact, spot, cost)
            if cost == 0:
                break
        assert best is not None
        fraction, width, height, compact, (left, bottom), _ = best
        self._measure(step, fraction, compact)
        self._lay_out(step, left, bottom, width, height, compact)

    def _sizes(self, compact: bool) -> tuple[float, float, float, float]:
        """(padding, body font, title font, button height) at this scale."""
        k = self.scale
        return (10 * k, 12 * k, 14 * k, 32 * k) if compact else (14 * k, 13 * k, 16 * k, 40 * k)

    def _measure(self, step: Step, fraction: float, compact: bool) -> tuple[float, float]:
        """Put the texts for a callout ``fraction`` of the full width; its (width, height)."""
        k = self.scale
        pad, body_size, title_size, button_h = self._sizes(compact)
        width = min(460 * k * fraction, self.width - 24 * k)
        inner = int(width - 2 * pad)
        head_h = 0.0
        if not compact:
            heading = self.texts.put("heading", self.heading, 0, 0, size=10 * k, colour=TEXT_DIM, anchor_y="top",
                                     width=inner)
            head_h = heading.content_height + 4 * k
        title = self.texts.put("title", step.title, 0, 0, size=title_size, colour=ACCENT, bold=True, anchor_y="top")
        notice_h = 0.0
        if self.notice:
            notice = self.texts.put("notice", self.notice, 0, 0, size=body_size - k, colour=NOTICE, bold=True,
                                    anchor_y="top", width=inner, multiline=True)
            notice_h = notice.content_height + 6 * k
        body = self.texts.put("body", step.text, 0, 0, size=body_size, colour=TEXT, anchor_y="top", width=inner,
                              multiline=True)
        head_h += title.content_height + 8 * k
        return width, pad + head_h + notice_h + body.content_height + 10 * k + button_h + pad

    def _lay_out(self, step: Step, left: float, bottom: float, width: float, height: float, compact: bool) -> None:
        k = self.scale
        pad, body_size, title_size, button_h = self._sizes(compact)
        inner = int(width - 2 * pad)
        self.rect = (left, bottom, width, height)
        self._pointer()
        self.box(self.rect, PANEL, 12, edge=ACCENT, shadow=True)
        top = bottom + height - pad
        heading = self.texts.put("heading", "" if compact else self.heading, left + pad, top, size=10 * k,
                                 colour=TEXT_DIM, anchor_y="top", width=inner)
        if not compact:
            top -= heading.content_height + 4 * k
        title = self.texts.put("title", step.title, left + pad, top, size=title_size, colour=ACCENT, bold=True,
                               anchor_y="top")
        top -= title.content_height + 8 * k
        if self.notice:
            notice = self.texts.put("notice", self.notice, left + pad, top, size=body_size - k, colour=NOTICE,
                                    bold=True, anchor_y="top", width=inner, multiline=True)
            top -= notice.content_height + 6 * k
        self.texts.put("body", step.text, left + pad, top, size=body_size, colour=TEXT, anchor_y="top", width=inner,
                       multiline=True)
        # the buttons and what moves the step on
        skip_w = min(150 * k, (width - 2 * pad) * 0.48)
        if self.skip_label:
            self.button("skip", (left + width - pad - skip_w, bottom + pad, skip_w, button_h), self.skip_label,
                        ("tutorial", "skip"), size=12 if compact else 13)
        if step.waits_for_next:
            next_w = min(110 * k, (width - 2 * pad) * 0.3)
            self.button("next", (left + pad, bottom + pad, next_w, button_h), "Next  ›", ("tutorial", "next"),
                        primary=True, size=13 if compact else 14)
            hint, hint_x = self.next_hint, left + pad + next_w + 8 * k
        else:
            hint, hint_x = "Do it" if compact else "Do it to go on", left + pad
        self.texts.put("hint", hint, hint_x, bottom + pad + button_h / 2, size=11 * k, colour=TEXT_DIM,
                       anchor_y="center")

    def _place(self, width: float, height: float) -> tuple[tuple[float, float], float]:
        """The first spot (under the top bar, then the sides, then the bottom) that covers neither the target
        nor a panel to avoid; else the one that covers least."""
        k = self.scale
        margin = 12 * k
        w = self.width
        low, high = margin, max(margin, self.top_limit - height - margin)
        right = max(margin, w - width - margin)
        keep: list[Rect] = [_grow(r, 6 * k) for r in self.avoid if r[2] > 0 and r[3] > 0]
        target = _grow(self.target, GAP * k) if self.target is not None else None
        soft = [_grow(r, 6 * k) for r in self.soft]
        # a coarse grid of spots, top first: the first that covers nothing wins, else the least covering,
        # nearer the target (the arrow stays short)
        grid = 40 * k
        nx, ny = int((right - margin) / grid) + 1, int((high - low) / grid) + 1
        xs = sorted({margin, right, (w - width) / 2, *(margin + i * grid for i in range(nx))},
                    key=lambda x: abs(x - (w - width) / 2))
        ys = [high - j * grid for j in range(ny)] + [low]
        best, best_cost = (xs[0], ys[0]), math.inf
        for y in ys:
            for x in xs:
                rect = (x, y, width, height)
                cost = sum(_overlap(rect, r) for r in keep) + 0.25 * sum(_overlap(rect, r) for r in soft)
                if target is not None:
                    cost += 4 * _overlap(rect, target)
                    tx, ty = target[0] + target[2] / 2, target[1] + target[3] / 2
                    cost += 0.5 * k * math.dist(_edge_towards(rect, tx, ty), (tx, ty))
                if cost < best_cost - 1e-6:
                    best, best_cost = (x, y), cost
        covered = sum(_overlap((*best, width, height), r) for r in keep)
        if target is not None:
            covered += _overlap((*best, width, height), target)
        return best, covered

    def _pointer(self) -> None:
        """A frame round the target and an arrow from the callout's edge to the frame's."""
        if self.target is None:
            return
        k = self.scale
        t = _grow(self.target, 4 * k)
        cx, cy = t[0] + t[2] / 2, t[1] + t[3] / 2
        self.mesh.rounded_frame(cx, cy, t[2], t[3], 8 * k, 3 * k, ACCENT)
        box = self.rect
        bx, by = box[0] + box[2] / 2, box[1] + box[3] / 2
        if _overlap(box, t) > 0:
            return
        start = _edge_towards(box, cx, cy)
        end = _edge_towards(_grow(t, 3 * k), bx, by)
        length = math.dist(start, end)
        if length < 12 * k:
            return
        ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
        head = 16 * k
        base = (end[0] - ux * head, end[1] - uy * head)
        self.mesh.segment(start, base, 7 * k, PANEL_EDGE)
        self.mesh.segment(start, base, 4 * k, ACCENT)
        nx, ny = -uy, ux
        self.mesh.triangle(end, (base[0] + nx * head * 0.6, base[1] + ny * head * 0.6),
                           (base[0] - nx * head * 0.6, base[1] - ny * head * 0.6), ACCENT)


# ----- where the things a step talks about are on screen ----------------------------------------------------
class GameScreen(Protocol):
    """What the callout reads from the game view (``game.view.views.game.GameView``)."""

    state: WorldState
    interactive: bool
    render: MapRender
    hud: Hud
    pad: ArrowPad
    log: CombatLog
    menu: ManeuverMenu

    @property
    def player_view(self) -> PlayerView: ...

    @property
    def prompt(self) -> Prompt | None: ...

    @property
    def pad_shown(self) -> bool: ...

    @property
    def menu_model(self) -> MenuModel | None: ...

    def project(self, point: tuple[float, float]) -> tuple[float, float]: ...


def _actor_rect(view: GameScreen, actor: str) -> Rect | None:
    a = view.render.actors.get(actor)
    if a is None or not a.seen:
        return None
    x, y = view.project(view.render.world_xy(a.gx, a.gy))
    size = TILE * view.render.zoom
    return (x - size / 2, y - size / 2, size, size)


def _union(a: Rect, b: Rect) -> Rect:
    left, bottom = min(a[0], b[0]), min(a[1], b[1])
    return (left, bottom, max(a[0] + a[2], b[0] + b[2]) - left, max(a[1] + a[3], b[1] + b[3]) - bottom)


def leader_rect(view: GameScreen) -> Rect | None:
    return _actor_rect(view, view.state.leader)


def nearest_foe(view: GameScreen) -> str | None:
    s = view.state
    leader = s.actors[s.leader]
    foes = [a for a in s.actors.values() if a.alive and s.hostile(s.leader, a.id) and a.pos in view.render.visible]
    foes.sort(key=lambda a: (max(abs(a.pos.x - leader.pos.x), abs(a.pos.y - leader.pos.y)), a.id))
    return foes[0].id if foes else None


def target_rect(view: GameScreen, point: str) -> Rect | None:
    """The window rect of what ``point`` names (``game.sim.tutorial_file.POINTS``), or None when it is not on
    screen now."""
    s = view.state
    if point == "leader":
        return _actor_rect(view, s.leader)
    if point in ("foe", "target", "arc"):
        target = view.player_view.target_of(s.leader) if point != "foe" else None
        target = target or nearest_foe(view)
        if target is None:
            return None
        rect = _actor_rect(view, target)
        if point == "arc" and rect is not None:
            mine = _actor_rect(view, s.leader)
            return rect if mine is None else _union(rect, mine)
        return rect
    if point == "pad":
        if not view.pad_shown:
            return None
        (cx, cy), e = view.pad.centre, view.pad.extent
        return (cx - e / 2, cy - e / 2, e, e)
    if point == "menu":
        return view.menu.rect if view.menu_model is not None else None
    if point == "prompt":
        prompt = view.prompt
        return prompt.rect if prompt is not None and prompt.rect[2] > 0 else None
    if point == "log":
        return view.log.rect if view.log.visible and view.log.rect[2] > 0 else None
    if point.startswith("hud."):
        return view.hud.spots.get(point[4:])
    return None


def avoid_rects(view: GameScreen) -> list[Rect]:
    """The panels a callout should not cover: the menu, the open prompt, the arrow pad, the log."""
    out: list[Rect] = []
    if view.menu_model is not None:
        out.append(view.menu.rect)
    prompt = view.prompt
    if prompt is not None:
        out.append(prompt.rect)
    pad = target_rect(view, "pad")
    if pad is not None:
        out.append(pad)
    log = target_rect(view, "log")
    if log is not None:
        out.append(log)
    return out
