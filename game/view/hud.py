"""The HUD bar along the top: the leader (HT, CP as pips, pain, shock, blood loss; out of a fight with a spent
pool, when it comes back, ``game.sim.breath.pool_back``; under another combat system
his figures in its words, `game.sim.player_view.fighter_status`), the bout clock with
what the world waits for (out of a fight: the goal, ``game.view.goal``, and the depth), the party (HT, CP,
standing order; click or 1-4 to select a companion), the legend's ``?`` button (hit action ``("legend",)``)
and the overview's Map button (``("overview",)``).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from game.sim.breath import pool_back
from game.sim.player_view import (
    DEFAULT_SYSTEM,
    OUT_OF_FIGHT,
    Figure,
    StatusView,
    bout_clock,
    decision_view,
    fighter_status,
)
from game.sim.state import WorldState
from game.view.goal import goal_of
from game.view.legend import hud_pip_colours
from game.view.palette import Palette
from game.view.palette import palette as make_palette
from game.view.widgets import (
    ACCENT,
    BAD,
    GOOD,
    PANEL,
    PANEL_EDGE,
    ROW,
    ROW_FOCUS,
    TEXT,
    TEXT_DIM,
    Hit,
    Panel,
    Rect,
    elide,
    fit_width,
    touch,
)

WAITING_FOR = {
    "step": "Move, bump or wait",
    "target": "Choose your target",
    "declare": "Declare your maneuvers",
    "bump": "Follow, stay or step elsewhere",
    "watch": "You are down: watching",
    "decide": "Choose in the prompt",
}


@dataclass(frozen=True)
class Vitals:
    """A fighter's numbers as the HUD shows them."""

    name: str
    ht: int
    ht_max: int
    cp: int
    cp_max: int
    pain: int
    shock: int
    bl: int
    alive: bool


def vitals(state: WorldState, actor_id: str) -> Vitals:
    a = state.actors[actor_id]
    f = a.fighter
    return Vitals(a.name, f.ht, f.sheet.attributes.HT, f.cp, max(f.max_cp(), f.cp), f.pain, f.carried_shock,
                  f.blood_loss, a.alive)


def hud_key(state: WorldState, selected_companion: str | None, hint: str) -> Hashable:
    leader = vitals(state, state.leader)
    figures = fighter_status(state, state.leader)
    clock = bout_clock(state, state.leader)
    pending = decision_view(state)
    party = tuple(
        (a.id, vitals(state, a.id), fighter_status(state, a.id), a.order, a.order_target)
        for a in state.actors.values()
        if a.party and not a.leader
    )
    return (leader, figures, clock, None if pending is None else pending.kind, party,
            selected_companion, hint, state.tick, state.over)


def refill_text(full: int, steps: int) -> str:
    """When a spent pool comes back out of a fight: ``· back to 14 in 2 steps``."""
    return f"· back to {full} in {steps} step{'s' if steps != 1 else ''}"


def _chip_line(state: WorldState, actor: str, v: Vitals) -> str:
    """A companion's chip: HT and CP, or his first two figures in a bout of another combat system; for one who
    is down, what put him down and what brings him round (the leader stepping onto him, no foe beside)."""
    if not v.alive:  # a run brings a fallen companion round (game.sim.run_fallen); an arena does not
        return f"Pain {v.pain}  BL {v.bl}" + (" · step on him" if state.run is not None else "")
    status = fighter_status(state, actor)
    if status.system != DEFAULT_SYSTEM and status.in_bout:
        return "   ".join(f"{f.label} {f.text()}" for f in status.figures[:2])
    return f"HT {v.ht}/{v.ht_max}   CP {v.cp}/{v.cp_max}"


class Hud(Panel):
    """Top bar. Hit actions: ``("party", companion_id)``."""

    def __init__(self) -> None:
        super().__init__()
        self.state: WorldState | None = None
        self.selected_companion: str | None = None
        self.hint = ""
        self.height_px = 72.0
        self.palette: Palette = make_palette(False)  # the game view sets the player's (colour-blind) palette
        self.spots: dict[str, Rect] = {}  # where its parts are (ht, cp, bl, clock): the tutorial points at them
        self.figure_spots: list[tuple[Rect, Figure]] = []  # the leader's figures on the bar (their meaning on hover)
        self.hover: tuple[float, float] | None = None  # the pointer over the bar (the game view's mouse motion)

    def content_key(self) -> Hashable:
        if self.state is None:
            return None
        return (hud_key(self.state, self.selected_companion, self.hint), self.palette.name)

    def hovered(self) -> tuple[Rect, Figure] | None:
        """The figure under the pointer and where it is on the bar (its meaning shows under it), if any."""
        if self.hover is None:
            return None
        x, y = self.hover
        return next(((r, f) for r, f in self.figure_spots
                     if r[0] <= x <= r[0] + r[2] and r[1] <= y <= r[1] + r[3]), None)

    @property
    def bar_height(self) -> float:
        return max(touch(self.scale), self.height_px * self.scale)

    def build(self) -> None:
        s = self.state
        if s is None:
            return
        k = self.scale
        w, h = self.width, self.height
        bar = self.bar_height
        top = h
        self.box((-10, top - bar, w + 20, bar + 10), PANEL, 0, edge=None)
        self.mesh.rect(0, top - bar, w, 2 * k, PANEL_EDGE)
        v = vitals(s, s.leader)
        x = 14 * k
        row1 = top - 28 * k
        row2 = top - 55 * k
        self.texts.put("name", v.name, x, row1, size=16 * k, bold=True, colour=TEXT if v.alive else BAD)
        if not v.alive:
            self.texts.put("down", "down", x, row2 - 18 * k, size=11 * k, bold=True, colour=BAD)
        self.spots = {}
        self.figure_spots = []
        status = fighter_status(s, s.leader)
        if status.system == DEFAULT_SYSTEM:
            stats_end = self._tros_figures(v, x, row1, row2)
            self.figure_spots = [(self.spots[f.label.lower()], f) for f in status.figures
                                 if f.label.lower() in self.spots]
        else:
            limit = w - 2 * (58 + 8) * k - 12 * k - 300 * k
            stats_end = self._figures(status, x, row1, row2, limit)
        # bout clock and what the world waits for
        bout = bout_clock(s, s.leader)
        buttons = 2 * (58 + 8) * k + 12 * k  # the Map and ? buttons at the right end
        bw = max(300 * k, min(400 * k, w - buttons - stats_end))  # wider where it fits: the goal's line
        cx = max(w / 2, stats_end + bw / 2)
        if cx + bw / 2 > w - buttons and stats_end + bw <= w - buttons:
            cx = w - buttons - bw / 2
        self.box((cx - bw / 2, top - bar + 8 * k, bw, bar - 16 * k), ROW, 10, edge=ACCENT if bout else PANEL_EDGE)
        self.spots["clock"] = (cx - bw / 2, top - bar + 8 * k, bw, bar - 16 * k)
        goal = goal_of(s)
        if s.over is not None:
            big = {"victory": "Victory", "death": "Dead"}.get(s.over, "Defeat")
            small = f"tick {s.tick}"
        elif bout is not None:
            big, small = bout
        else:  # out of a fight: what the player is after, and where the party is
            big, small = goal.text, goal.where or f"tick {s.tick}"
        pending = decision_view(s)
        caption = self.hint or (WAITING_FOR.get(pending.kind, "") if pending is not None else "")
        if not self.hint and pending is not None and pending.kind == "watch" and v.alive:
            caption = "The AI leads the party"
        step = self.texts.put("step", small, cx + bw / 2 - 12 * k, top - bar / 2 + 9 * k, size=11 * k, bold=True,
                              colour=TEXT_DIM, anchor_x="right", anchor_y="center")
        wait = self.texts.put("wait", elide(caption, 30), cx + bw / 2 - 12 * k, top - bar / 2 - 9 * k, size=10 * k,
                              colour=TEXT, anchor_x="right", anchor_y="center")
        room = bw - 36 * k - max(step.content_width, wait.content_width)
        fighting = bout is not None and s.over is None
        size = (20 if fighting else 15 if s.over is not None else 13) * k
        clock = self.texts.put("clock", big, cx - bw / 2 + 14 * k, top - bar / 2, size=size, bold=True,
                               colour=ACCENT if fighting else TEXT, anchor_y="center")
        if clock.content_width > room and big == goal.text and goal.short:  # the goal's fewer words, not elided
            big = goal.short
            clock = self.texts.put("clock", big, cx - bw / 2 + 14 * k, top - bar / 2, size=size, bold=True,
                                   colour=TEXT, anchor_y="center")
        fit_width(clock, big, room)
        self.spots["goal"] = (cx - bw / 2, top - bar + 8 * k, bw, bar - 16 * k)
        # the legend's button (right end), then the party chips
        help_w = 58 * k
        help_rect = (w - 8 * k - help_w, top - bar + 6 * k, help_w, bar - 12 * k)
        self.button("legend", help_rect, "?", ("legend",), size=16, sub="legend",
                    hit_rect=(w - max(touch(k), help_w + 8 * k), top - bar, max(touch(k), help_w + 8 * k), bar))
        map_rect = (help_rect[0] - 8 * k - help_w, help_rect[1], help_w, help_rect[3])
        map_hit = max(touch(k), help_w + 8 * k)
        if map_rect[0] > cx + bw / 2 + 6 * k:  # the overview's button, left of the legend's
            self.button("overview", map_rect, "Map", ("overview",), size=13, sub="M",
                        hit_rect=(help_rect[0] - map_hit, top - bar, map_hit, bar))
            self.spots["overview"] = map_rect
        companions = [a for a in s.actors.values() if a.party and not a.leader]
        chip_w = 178 * k
        right = map_rect[0] - 8 * k
        for n, a in enumerate(reversed(companions)):
            index = len(companions) - n
            left = right - chip_w
            if left < cx + bw / 2 + 10 * k:
                break
            cv = vitals(s, a.id)
            sel = a.id == self.selected_companion
            self.box((left, top - bar + 6 * k, chip_w, bar - 12 * k), ROW_FOCUS if sel else ROW, 8,
                     edge=ACCENT if sel else PANEL_EDGE)
            self.texts.put(("pn", a.id), f"{index} {elide(cv.name, 12)}", left + 10 * k, top - 28 * k, size=12 * k,
                           bold=True, colour=TEXT if cv.alive else BAD)
            order = a.order + (f" {s.actors[a.order_target].name}" if a.order_target in s.actors else "")
            if a.planned:
                order += " *"
            self.texts.put(("po", a.id), elide(order if cv.alive else "down", 16), left + chip_w - 8 * k,
                           top - 28 * k, size=10 * k, colour=ACCENT if sel else TEXT_DIM, anchor_x="right")
            self.texts.put(("pv", a.id), _chip_line(s, a.id, cv), left + 10 * k,
                           top - 52 * k, size=11 * k, colour=GOOD if cv.alive and cv.ht == cv.ht_max else TEXT)
            self.hits.append(Hit((left, top - bar, chip_w, bar), ("party", a.id)))
            right = left - 8 * k

    def _tros_figures(self, v: Vitals, x: float, row1: float, row2: float) -> float:
        """The design doc's figures: HT and CP as pips, pain, shock and blood loss; where they end."""
        k = self.scale
        pips = hud_pip_colours(self.palette)
        # HT pips
        hx = x + 118 * k
        self.texts.put("ht", "HT", hx, row1, size=11 * k, colour=TEXT_DIM, bold=True)
        for i in range(max(v.ht_max, v.ht)):
            cx = hx + 30 * k + i * 15 * k
            self.mesh.disc(cx, row1 + 5 * k, 6 * k, pips["ht_lost"])
            if i < v.ht:
                self.mesh.disc(cx, row1 + 5 * k, 4.6 * k, pips["ht"])
        self.spots = {"ht": (hx - 4 * k, row1 - 8 * k, 34 * k + max(v.ht_max, v.ht) * 15 * k, 26 * k)}
        # pain / shock / blood loss
        px = hx + 36 * k + max(v.ht_max, 5) * 15 * k
        stats = [("Pain", v.pain, (240, 150, 70, 255)), ("Shock", v.shock, (200, 160, 255, 255)),
                 ("BL", v.bl, (232, 72, 72, 255))]
        for i, (label, value, colour) in enumerate(stats):
            sx = px + i * 84 * k
            self.texts.put(("st", label), label, sx + 44 * k, row1, size=11 * k, colour=TEXT_DIM, bold=True,
                           anchor_x="right")
            self.texts.put(("sv", label), str(value), sx + 50 * k, row1, size=14 * k,
                           colour=colour if value else TEXT_DIM, bold=True)
            self.spots[label.lower()] = (sx, row1 - 8 * k, 80 * k, 26 * k)
        # CP pips
        self.texts.put("cp", "CP", x, row2, size=11 * k, colour=TEXT_DIM, bold=True)
        cap = max(v.cp_max, v.cp, 1)
        pip = 11 * k if cap <= 20 else 220 * k / cap
        for i in range(cap):
            cx = x + 30 * k + i * pip
            full = i < v.cp
            self.mesh.disc(cx, row2 + 5 * k, 4.8 * k, pips["cp_spent"] if not full else (40, 30, 6, 255))
            if full:
                self.mesh.disc(cx, row2 + 5 * k, 3.8 * k, pips["cp"])
        cpv = self.texts.put("cpv", f"{v.cp}/{v.cp_max}", x + 36 * k + cap * pip, row2, size=13 * k, bold=True,
                             colour=TEXT)
        cost = max(v.pain, v.shock)  # what pain (or carried shock, the larger) takes from the pool each round
        after = cpv.x + cpv.content_width + 8 * k
        if cost and v.alive:
            shown = self.texts.put("cost", f"−{cost} from {'pain' if v.pain >= v.shock else 'shock'}",
                                   after, row2, size=11 * k, colour=TEXT_DIM)
            after = shown.x + shown.content_width + 8 * k
        end = px + len(stats) * 84 * k + 12 * k  # a narrow window: the clock moves right of the numbers
        back = None if self.state is None else pool_back(self.state, self.state.leader)
        if back is not None:  # out of a fight: when the pool the last one spent comes back (issue 11)
            text = refill_text(back.full, back.steps)
            shown = self.texts.put("cp_back", text, after, row2, size=11 * k, colour=ACCENT)
            if shown.x + shown.content_width > end - 12 * k:
                text = f"· {back.full} in {back.steps}"  # short where the numbers leave little room
                shown = self.texts.put("cp_back", text, after, row2, size=11 * k, colour=ACCENT)
            fit_width(shown, text, end - 12 * k - after)
        self.spots["cp"] = (x - 4 * k, row2 - 8 * k, 76 * k + cap * pip, 24 * k)
        return end

    def _figures(self, status: StatusView, x: float, row1: float, row2: float, limit: float) -> float:
        """Another combat system's figures (`game.sim.player_view.fighter_status`) as `label value/limit`
        chips in two rows: in a bout the system's own; out of one the world's health (what arrows and potions
        act on) after an "Out of a fight" tag, then what the system keeps of him for his next fight."""
        k = self.scale
        chips: list[tuple[str, Figure | str]] = []
        if not status.own:
            chips.append(("lead", OUT_OF_FIGHT + ":"))
        chips += [("f", f) for f in status.figures]
        if status.kept:
            chips.append(("lead2", "Next fight:"))
            chips += [("k", f) for f in status.kept]
        cx, y, end = x + 118 * k, row1, x + 118 * k
        for i, (kind, chip) in enumerate(chips):
            if kind == "lead2" and y == row1:
                cx, y = x, row2  # what he keeps goes on the second row
            if isinstance(chip, str):
                lead = self.texts.put(("fl", i), chip, cx, y, size=10 * k, colour=TEXT_DIM)
                cx += lead.content_width + 8 * k
                continue
            value = chip.text()
            width = (len(chip.label) * 7 + len(value) * 9 + 16) * k  # a guess, to wrap before laying out
            if cx + width > limit and y == row1:
                cx, y = x, row2
            label = self.texts.put(("fk", i), chip.label, cx, y, size=11 * k, colour=TEXT_DIM, bold=True)
            shown = self.texts.put(("fv", i), value, cx + label.content_width + 5 * k, y, size=14 * k, bold=True,
                                   colour=BAD if chip.alarm else TEXT)
            right = shown.x + shown.content_width
            rect = (cx - 4 * k, y - 8 * k, right - cx + 8 * k, 26 * k)
            self.figure_spots.append((rect, chip))
            self.spots.setdefault(chip.label.lower(), rect)
            cx = right + 14 * k
            end = max(end, cx)
        return end


ORDERS = (("follow", "Follow"), ("hold", "Hold"), ("attack", "Attack target"))


class PartyPanel(Panel):
    """Orders for the selected companion. Hit actions: ``("order", kind)``, ``("party", None)`` (done)."""

    def __init__(self) -> None:
        super().__init__()
        self.state: WorldState | None = None
        self.companion: str | None = None
        self.attack_target: str | None = None
        self.top_limit = 0.0
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self.visible = False

    def content_key(self) -> Hashable:
        s = self.state
        if s is None or self.companion is None:
            return None
        a = s.actors[self.companion]
        return (self.companion, a.order, a.order_target, a.planned, a.planned_dir, self.attack_target,
                self.top_limit, s.tick)

    def build(self) -> None:
        s = self.state
        if s is None or self.companion is None:
            return
        k = self.scale
        a = s.actors[self.companion]
        width = 420 * k
        header = 36 * k
        gap = 8 * k
        bh = touch(k)
        height = header + bh + 2 * gap + 30 * k
        left = self.x_for(width, 12 * k)
        top = (self.top_limit or self.height) - 10 * k
        self.rect = (left, top - height, width, height)
        self.box(self.rect, PANEL, 10, edge=ACCENT, shadow=True)
        self.texts.put("t", f"{a.name}: orders", left + 12 * k, top - header / 2, size=13 * k, bold=True,
                       anchor_y="center")
        plan = "waits" if a.planned and a.planned_dir is None else (
            f"steps {a.planned_dir.name}" if a.planned and a.planned_dir is not None else "no planned step")
        self.texts.put("p", plan, left + width - 12 * k, top - header / 2, size=10 * k, colour=TEXT_DIM,
                       anchor_x="right", anchor_y="center")
        bw = (width - 4 * gap) / 3
        for i, (kind, label) in enumerate(ORDERS):
            rect = (left + gap + i * (bw + gap), top - header - bh, bw, bh)
            sub = None
            if kind == "attack":
                sub = s.actors[self.attack_target].name if self.attack_target in s.actors else "no target"
            self.button(("o", kind), rect, label, ("order", kind), hot=a.order == kind, sub=sub,
                        enabled=kind != "attack" or self.attack_target is not None, size=13)
        self.texts.put("h", "Arrows / pad: plan his next step · wait: he waits · Esc: done", left + 12 * k,
                       top - height + 9 * k, size=9.5 * k, colour=TEXT_DIM, anchor_y="bottom")


class FigureTip(Panel):
    """What a figure on the top bar means (``Figure.meaning``), in a box under the bar below it, while the pointer
    is over it (``Hud.hovered``); drawn over the panels and prompts."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: tuple[Rect, Figure] | None = None
        self.under = 0.0  # the bar's bottom edge

    def content_key(self) -> Hashable:
        return (self.shown, self.under)

    def build(self) -> None:
        if self.shown is None:
            return
        spot, figure = self.shown
        k = self.scale
        line = figure.meaning if figure.meaning.startswith(f"{figure.label}:") else f"{figure.label}: {figure.meaning}"
        width = min(self.width - 16 * k, (len(line) * 6.6 + 24) * k)
        left = max(8 * k, min(spot[0], self.width - 8 * k - width))
        self.box((left, self.under - 36 * k, width, 30 * k), PANEL, 8, edge=ACCENT, shadow=True)
        tip = self.texts.put("tip", line, left + 10 * k, self.under - 21 * k, size=10.5 * k, colour=TEXT,
                             anchor_y="center")
        fit_width(tip, line, width - 20 * k)


class Toast(Panel):
    """A short message under the HUD (refusals, hints), beside an open prompt or menu (``beside``), never on it."""

    def __init__(self) -> None:
        super().__init__()
        self.message = ""
        self.top_limit = 0.0
        self.beside: Rect | None = None  # a panel to keep clear of (the open prompt or maneuver menu)
        self.rect: Rect = (0.0, 0.0, 0.0, 0.0)

    def content_key(self) -> Hashable:
        return (self.message, self.top_limit, self.beside)

    def build(self) -> None:
        if not self.message:
            self.rect = (0.0, 0.0, 0.0, 0.0)
            return
        k = self.scale
        width = min(self.width - 40 * k, (len(self.message) * 7.6 + 40) * k)
        left = (self.width - width) / 2
        top = (self.top_limit or self.height) - 10 * k
        if self.beside is not None and self.beside[2] > 0:
            b_left, b_bottom, b_width, _ = self.beside
            if left < b_left + b_width + 8 * k and b_left < left + width and b_bottom < top:
                right_of = b_left + b_width + 12 * k
                if right_of + width <= self.width - 8 * k:
                    left = right_of  # beside the panel
                else:
                    width = min(width, self.width - 40 * k)
                    left, top = (self.width - width) / 2, b_bottom - 8 * k  # under it
        self.rect = (left, top - 36 * k, width, 36 * k)
        self.box(self.rect, (60, 30, 30, 235), 10, edge=(232, 84, 72, 255))
        self.texts.put("m", self.message, left + width / 2, top - 18 * k, size=12 * k, anchor_x="center",
                       anchor_y="center")


class IncomingShots(Panel):
    """A banner under the HUD while a shot is in the air at the leader (SPEC §4.9): who shoots, and the CP
    he will add to his defence with his next command (−/+ or [ ], or the buttons). ``cp`` None shows the
    world's suggestion (``Decision.shot_defence``), which a command without a value takes. Hit actions:
    ``("shot_cp", -1)`` and ``("shot_cp", 1)``."""

    def __init__(self) -> None:
        super().__init__()
        self.state: WorldState | None = None
        self.cp: int | None = None
        self.top_limit = 0.0
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self.beside: Rect | None = None  # a panel to keep clear of (the maneuver menu): the banner goes next to it

    @property
    def shooters(self) -> tuple[str, ...]:
        s = self.state
        pending = None if s is None else decision_view(s)
        return () if pending is None or s is None or s.over is not None else pending.incoming

    def limit(self) -> int:
        """The most CP he may add against each shot: his CP shared between the shots."""
        s = self.state
        if s is None or not self.shooters:
            return 0
        return s.actors[s.leader].fighter.cp // len(self.shooters)

    def value(self) -> int:
        """The CP shown: his choice, or the suggestion (never more than he may add)."""
        s = self.state
        pending = None if s is None else decision_view(s)
        if pending is None:
            return 0
        return max(0, min(self.cp if self.cp is not None else pending.shot_defence, self.limit()))

    def content_key(self) -> Hashable:
        s = self.state
        if s is None or not self.shooters:
            return None
        return (self.shooters, self.cp, self.value(), self.limit(), self.top_limit, self.beside, s.tick)

    def build(self) -> None:
        s = self.state
        shooters = self.shooters
        if s is None or not shooters:
            self.rect = (0.0, 0.0, 0.0, 0.0)
            return
        k = self.scale
        bh = touch(k)
        area = (0.0, float(self.width))
        if self.beside is not None and self.beside[2] > 0:
            b_left, _, b_width, _ = self.beside
            if b_left + b_width / 2 < self.width / 2:
                area = (b_left + b_width + 12 * k, area[1] - 12 * k)
            else:
                area = (12 * k, b_left - 12 * k)
        width = min(640 * k, area[1] - area[0])
        narrow = width < 600 * k
        left = area[0] + (area[1] - area[0] - width) / 2
        top = (self.top_limit or self.height) - 8 * k
        self.rect = (left, top - bh, width, bh)
        self.box(self.rect, (52, 40, 18, 238), 10, edge=ACCENT, shadow=True)
        bw = bh * 0.8
        plus = (left + width - 8 * k - bw, top - bh + 6 * k, bw, bh - 12 * k)
        minus = (plus[0] - 84 * k - bw, plus[1], bw, plus[3])
        text_w = minus[0] - left - 24 * k
        names = ", ".join(dict.fromkeys(s.actors[a].name for a in shooters))
        what = "Arrow" if len(shooters) == 1 else f"{len(shooters)} arrows"
        self.texts.put("t", elide(f"{what} incoming from {names}", max(12, int(text_w / (9 * k)))), left + 14 * k,
                       top - 26 * k, size=14 * k, bold=True, colour=ACCENT)
        value, cp = self.value(), s.actors[s.leader].fighter.cp
        each = " each" if len(shooters) > 1 else ""
        hint = (f"CP to dodge{each}: [ ] · you have {cp}" if narrow
                else f"CP to dodge{each}, sent with your next move · −/+ or [ ] · you have {cp}")
        self.texts.put("h", hint,
                       left + 14 * k, top - bh + 12 * k, size=10 * k, colour=TEXT_DIM, width=int(text_w),
                       multiline=True)
        self.button("minus", minus, "−", ("shot_cp", -1), size=20, enabled=value > 0,
                    hit_rect=(minus[0], top - bh, bw, bh))
        self.button("plus", plus, "+", ("shot_cp", 1), size=20, enabled=value < self.limit(),
                    hit_rect=(plus[0], top - bh, bw, bh))
        mid = minus[0] + bw + 42 * k
        self.texts.put("v", f"{value} CP", mid, top - bh / 2 + 6 * k, size=16 * k, bold=True, colour=TEXT,
                       anchor_x="center", anchor_y="center")
        self.texts.put("s", "suggested" if self.cp is None else "chosen", mid, top - bh / 2 - 14 * k, size=9 * k,
                       colour=TEXT_DIM, anchor_x="center", anchor_y="center")
