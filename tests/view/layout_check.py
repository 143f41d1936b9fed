"""Layout checks for the layout test (issue 11): panels that overlap, text outside its panel or the window.

Everything is geometry in window pixels (bottom-left origin): panels expose their rects, texts are measured by
arcade (``arcade.Text`` left/right/bottom/top). Each check returns a list of problems (empty: fine).
"""

from __future__ import annotations

from collections.abc import Iterable

import arcade
from arcade.gui import UIFlatButton, UILabel, UIWidget

from game.view.map_scale import TILE
from game.view.tutorial_callout import nearest_foe
from game.view.views.common import MenuView
from game.view.views.game import GameView
from game.view.widgets import Panel, Rect

TOL = 2.0  # px of slack for anti-aliased edges and rounding


def overlap(a: Rect, b: Rect) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > TOL and h > TOL else 0.0


def inside(inner: Rect, outer: Rect, tol: float = TOL) -> bool:
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol
            and inner[0] + inner[2] <= outer[0] + outer[2] + tol and inner[1] + inner[3] <= outer[1] + outer[3] + tol)


def text_rect(t: arcade.Text) -> Rect:
    return (t.left, t.bottom, t.right - t.left, t.top - t.bottom)


def _show(r: Rect) -> str:
    return "(" + ", ".join(str(round(v)) for v in r) + ")"


def panel_texts(panel: Panel) -> list[tuple[object, arcade.Text]]:
    return [(key, t) for key, t in panel.texts._texts.items() if t.visible and t.text.strip()]


def texts_problems(name: str, panel: Panel, bounds: Rect, window: Rect) -> list[str]:
    """Each visible text of ``panel`` inside the window and inside ``bounds`` (its panel)."""
    out: list[str] = []
    for _key, t in panel_texts(panel):
        box = text_rect(t)
        if not inside(box, window):
            out.append(f"{name}: text {t.text[:30]!r} {_show(box)} leaves the window")
        elif not inside(box, bounds):
            out.append(f"{name}: text {t.text[:30]!r} {_show(box)} is clipped by its panel {_show(bounds)}")
    return out


def game_panels(view: GameView) -> dict[str, tuple[Panel | None, Rect]]:
    """The panels the game screen draws now, with their rects (the pad has no texts to check)."""
    w, h = view.layout_size
    out: dict[str, tuple[Panel | None, Rect]] = {"hud": (view.hud, (0.0, h - view.hud.bar_height, float(w),
                                                                     view.hud.bar_height))}
    if view.log.visible and (view.menu_model is None or view.log.mode == "expanded"):
        out["log"] = (view.log, view.log.rect)
    if view.menu_model is not None:
        out["menu"] = (view.menu, view.menu.rect)
    if view.prompt is not None:
        out["prompt"] = (view.prompt, view.prompt.rect)
    if view.party.visible:
        out["party"] = (view.party, view.party.rect)
    elif view.inspect.visible:
        out["inspect"] = (view.inspect, view.inspect.rect)
    if not (view.party.visible or view.inspect.visible) and view.system_table.rect[2] > 0 \
            and view.system_table.rows():
        out["table"] = (view.system_table, view.system_table.rect)
    if view.legend.visible:
        out["legend"] = (view.legend, view.legend.rect)
    if view.overview.visible:
        out["overview"] = (view.overview, view.overview.rect)
    if view.callout.step is not None:
        out["callout"] = (view.callout, view.callout.rect)
    if view.pad_shown:
        (cx, cy), e = view.pad.centre, view.pad.extent
        out["pad"] = (None, (cx - e / 2, cy - e / 2, e, e))
    return out


# overlays drawn over other panels on purpose: the legend lies over the log, prompts and menu
ALLOWED = {frozenset({"legend", "log"}), frozenset({"legend", "menu"}), frozenset({"legend", "prompt"}),
           frozenset({"legend", "callout"}), frozenset({"legend", "inspect"}), frozenset({"legend", "party"})}
# the overview is a modal picture in the middle of the window, over everything but the top bar
ALLOWED |= {frozenset({"overview", name}) for name in ("log", "menu", "prompt", "callout", "inspect", "party", "pad")}


def game_problems(view: GameView, size: tuple[int, int]) -> list[str]:
    w, h = size
    window: Rect = (0.0, 0.0, float(w), float(h))
    panels = game_panels(view)
    out: list[str] = []
    for name, (panel, rect) in panels.items():
        if rect[2] <= 0 or rect[3] <= 0:
            out.append(f"{name}: no rect")
            continue
        if not inside(rect, window):
            out.append(f"{name}: panel {_show(rect)} leaves the window {w}x{h}")
        if panel is not None:
            out += texts_problems(name, panel, rect, window)
    names = list(panels)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if frozenset({a, b}) in ALLOWED:
                continue
            if overlap(panels[a][1], panels[b][1]):
                out.append(f"{a} {_show(panels[a][1])} overlaps {b} {_show(panels[b][1])}")
    out += _hud_crowding(view)
    return out


def _hud_crowding(view: GameView) -> list[str]:
    """Texts of the top bar that run into each other."""
    out: list[str] = []
    items = panel_texts(view.hud)
    for i, (_ka, ta) in enumerate(items):
        for _kb, tb in items[i + 1:]:
            if overlap(text_rect(ta), text_rect(tb)):
                out.append(f"hud: {ta.text[:20]!r} overlaps {tb.text[:20]!r}")
    return out


def _widgets(view: MenuView) -> Iterable[UIWidget]:
    for layer in view.ui.children.values():
        stack = list(layer)
        while stack:
            widget = stack.pop()
            yield widget
            stack.extend(widget.children)


def menu_problems(view: MenuView, size: tuple[int, int]) -> list[str]:
    """A menu screen: every label's text fits its widget, every widget inside the window, focusable items apart."""
    w, h = size
    window: Rect = (0.0, 0.0, float(w), float(h))
    out: list[str] = []
    for widget in _widgets(view):
        r = widget.rect
        rect: Rect = (r.left, r.bottom, r.width, r.height)
        if r.width <= 0 or r.height <= 0 or not widget.visible:
            continue
        if not inside(rect, window):
            out.append(f"{type(widget).__name__} {_show(rect)} leaves the window {w}x{h}")
        label: UILabel | None = widget.ui_label if isinstance(widget, UIFlatButton) else (
            widget if isinstance(widget, UILabel) else None)
        if label is not None and label.text.strip() and not label.multiline:
            need = label._label.content_width
            room = r.width - (8 if isinstance(widget, UIFlatButton) else -TOL)
            if need > room:
                out.append(f"{label.text[:30]!r} needs {need:.0f} px, has {room:.0f}")
    items = [it.widget for it in view.items]
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            ra = (a.rect.left, a.rect.bottom, a.rect.width, a.rect.height)
            rb = (b.rect.left, b.rect.bottom, b.rect.width, b.rect.height)
            if overlap(ra, rb):
                out.append(f"items {_show(ra)} and {_show(rb)} overlap")
    return out


def fight_problems(view: GameView) -> list[str]:
    """The leader's fight (each member of his bout on screen; before one, he and the nearest foe in sight) under
    no panel: the camera frames it clear."""
    bout = view.player_view.my_bout
    if bout is None:  # before a fight (a lesson's start): the leader and the nearest foe in sight
        foe = nearest_foe(view)
        members: tuple[str, ...] = (view.state.leader, foe) if foe is not None else ()
    else:
        members = bout.members
    overlays = ("legend", "callout", "overview")
    panels = {name: rect for name, (_p, rect) in game_panels(view).items() if name not in overlays}
    out: list[str] = []
    size = TILE * view.render.zoom
    for member in members:
        actor = view.render.actors.get(member)
        if actor is None or not actor.seen:
            continue
        x, y = view.project(view.render.world_xy(*actor.pos))
        rect = (x - size / 2, y - size / 2, size, size)
        for name, panel in panels.items():
            if overlap(rect, panel):
                out.append(f"fighter {member} {_show(rect)} is under the {name} {_show(panel)}")
    return out
