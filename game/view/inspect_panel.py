"""Inspect an actor: stats, wounds, weapon and armour, his place in the fight, and the odds both ways of the
default attack (your default attack against his default defence, and his against yours). The odds come from
``game.sim.odds``; his place in the fight from the leader's view (``game.sim.player_view``); the planner's
reason for his choice (your suggested declaration, a companion's or a foe's last one) from
``game.sim.deciding.explain_for``.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.sim.deciding import explain_for
from game.sim.odds import odds_between
from game.sim.player_view import PlayerView, player_view
from game.sim.state import WorldState
from game.sim.tilemap import ground_note
from game.view.companion_orders import plan_of
from game.view.widgets import ACCENT, BAD, GOOD, PANEL, PANEL_EDGE, PANEL_HEADER, TEXT, TEXT_DIM, Hit, Panel, elide


class InspectPanel(Panel):
    """Shows one actor. Tapping the panel closes it (action ``("inspect", "close")``)."""

    def __init__(self) -> None:
        super().__init__()
        self.state: WorldState | None = None
        self.view: PlayerView | None = None  # the game view's, when it has one for this tick
        self.actor: str | None = None
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self.bottom_limit = 0.0
        self.top_limit = 0.0
        self.visible = False

    def show(self, actor: str | None) -> None:
        self.actor = actor
        self.visible = actor is not None
        self.invalidate()

    def content_key(self) -> Hashable:
        s = self.state
        if s is None or self.actor is None:
            return None
        a = s.actors[self.actor]
        return (self.actor, s.tick, a.fighter.cp, a.fighter.ht, len(a.fighter.wounds), self.bottom_limit,
                self.top_limit)

    def build(self) -> None:
        s = self.state
        if s is None or self.actor is None or self.actor not in s.actors:
            return
        k = self.scale
        a = s.actors[self.actor]
        f = a.fighter
        sheet = f.sheet
        width = 430 * k
        left = self.x_for(width, 12 * k)
        bottom = self.bottom_limit or 12 * k
        top = (self.top_limit or self.height) - 10 * k
        height = max(120 * k, top - bottom)
        self.rect = (left, bottom, width, height)
        self.box(self.rect, PANEL, 10, edge=PANEL_EDGE, shadow=True)
        header = 34 * k
        self.box((left, top - header, width, header), PANEL_HEADER, 10)
        leader = s.actors[s.leader]
        if a.id == s.leader:
            stance, colour = "you", ACCENT
        elif a.party:
            stance, colour = "your party", GOOD
        elif s.hostile(leader.id, a.id):
            stance, colour = "hostile", BAD
        else:
            stance, colour = "neutral", TEXT_DIM
        status = "" if a.alive else (" (dead)" if a.dead else " (down)")
        self.texts.put("name", f"{a.name}{status}", left + 12 * k, top - header / 2, size=14 * k, bold=True,
                       anchor_y="center")
        self.texts.put("side", f"{a.faction} · {stance}", left + width - 12 * k, top - header / 2, size=11 * k,
                       colour=colour, anchor_x="right", anchor_y="center")
        lines: list[tuple[str, tuple[int, int, int, int]]] = []
        att = f.attributes
        lines.append((f"HT {f.ht}/{sheet.attributes.HT}  CP {f.cp}/{f.max_cp()}  Pain {f.pain}  "
                      f"Shock {f.carried_shock}  BL {f.blood_loss}  Reflex {f.reflex}", TEXT))
        lines.append((f"ST {att.ST} AG {att.AG} TO {att.TO} EN {att.EN} WT {att.WT} WP {att.WP} PER {att.PER}",
                      TEXT_DIM))
        w = sheet.weapon
        if w is not None:
            parts = []
            if w.atn_swing is not None:
                parts.append(f"swing ATN {w.atn_swing} dmg {w.damage_swing:+d}" if w.damage_swing is not None
                             else f"swing ATN {w.atn_swing}")
            if w.atn_thrust is not None:
                parts.append(f"thrust ATN {w.atn_thrust}")
            parts.append(f"DTN {w.dtn}")
            lines.append((f"{w.name} ({sheet.proficiency.replace('_', ' ')} {sheet.level}): " + ", ".join(parts),
                          TEXT))
        gear = [x.name for x in sheet.armour]
        if sheet.shield is not None:
            gear.insert(0, f"{sheet.shield.name} DTN {sheet.shield.dtn}")
        if gear:
            lines.append(("Gear: " + ", ".join(gear), TEXT_DIM))
        if a.alive and (ground := ground_note(s.tilemap, a.pos)):  # his footing (game.sim.tilemap.TERRAIN_TN)
            lines.append((ground, ACCENT))
        view = self.view if self.view is not None and self.view.tick == s.tick else player_view(s)
        bout = view.bout_of(a.id)
        if bout is not None:
            target = bout.targets.get(a.id)
            orientation = bout.orientation(a.id)
            bits = [f"bout {bout.id} {bout.clock}"]
            if orientation:
                bits.append(orientation)
            if target:
                bits.append(f"targets {s.actors[target].name}")
            lines.append((" · ".join(bits), ACCENT))
            why = explain_for(s, a.id)  # the planner's reason (game.sim.deciding)
            if why:
                lines.append((why, TEXT_DIM))
        if a.party and a.id != s.leader and a.alive and (plan := plan_of(s, a.id)):
            lines.append(("Next: " + plan, ACCENT))  # his planned step and action (game.sim.companion_plans)
        if f.wounds:
            for wound in f.wounds[-3:]:
                lines.append((f"wound {wound.level} {wound.damage_type} {wound.location.replace('_', ' ')}"
                              f" (pain {wound.pain}, BL {wound.bl})", (255, 150, 130, 255)))
        else:
            lines.append(("no wounds", TEXT_DIM))
        if a.id != s.leader and a.alive and leader.alive:
            mine = odds_between(s, leader.id, a.id)
            his = odds_between(s, a.id, leader.id)
            odds_lines = []
            if mine is not None:
                odds_lines.append(("You: " + mine.line(), GOOD))
            if his is not None:
                odds_lines.append(("He: " + his.line(), (255, 170, 120, 255)))
            lines[2:2] = odds_lines  # the odds right under the numbers: they matter most in a fight
        y = top - header - 10 * k
        text_w = int(width - 24 * k)
        for i, (text, colour) in enumerate(lines):
            t = self.texts.put(("l", i), elide(text, 160), left + 12 * k, y, size=10.5 * k, colour=colour,
                               anchor_y="top", width=text_w, multiline=True)
            y -= t.content_height + 3 * k
            if y < bottom + 24 * k:
                break
        self.texts.put("close", "tap or Esc to close", left + width - 12 * k, bottom + 8 * k, size=9 * k,
                       colour=TEXT_DIM, anchor_x="right", anchor_y="bottom")
        self.hits.append(Hit(self.rect, ("inspect", "close")))
