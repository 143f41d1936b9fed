"""The character screen (issue 10; `C` or the game screen's Character button): a party member's attributes and
proficiencies with what the next point or level costs, his unspent experience, the maneuvers his fighting
proficiency allows now and what its next level opens. At the stairs (out of any fight) a row bought sends a
`Train` command (`Session.apply`); a refusal (too dear, not at the stairs) shows as one line. Read through
`game.sim.party_sheet` (the view never imports `rules`).

Keys: arrows / WASD move the focus, Enter buys the focused row, Tab / ← → on the name switch party member,
C or Esc goes back to the game. Mouse: hover focuses, a click buys; touch: tap a row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade
from arcade.gui import UIBoxLayout

from game.sim.commands import Train
from game.sim.events import Rejected, WorldEvent
from game.sim.party_sheet import CharacterView as Sheet
from game.sim.party_sheet import Stat, character_view, opened_by
from game.view.views.common import MenuButton
from game.view.views.party_screen import PartyMemberScreen

if TYPE_CHECKING:
    from game.view.app import App
    from game.view.session import Session


def row_value(stat: Stat) -> str:
    cost = "highest" if stat.cost is None else f"+1: {stat.cost} xp"
    return f"{stat.value}   {cost}"


class CharacterView(PartyMemberScreen):
    CLOSE_KEY = arcade.key.C

    def __init__(self, app: App, session: Session, back: Callable[[list[WorldEvent]], object],
                 actor: str | None = None) -> None:
        super().__init__(app, session, back, actor)
        self.sheet: Sheet = character_view(session.world.state, self.actor)

    def build(self, s: float) -> None:
        t = self.theme
        sh = self.sheet = character_view(self.session.world.state, self.actor)
        root = self.root()
        page = UIBoxLayout(vertical=True, space_between=self.px(12))
        head = UIBoxLayout(vertical=False, space_between=self.px(20))
        head.add(self.label("Character", size=30, bold=True, colour=t.accent))
        if len(self.members) > 1:
            head.add(self.button(sh.name, self._next_member, width=300, height=46, font_size=18, value="<  >",
                                 left=lambda: self._next_member(-1), right=self._next_member))
        else:
            head.add(self.label(sh.name, size=24, bold=True))
        head.add(self.label(f"Experience: {sh.experience} unspent", size=20, bold=True,
                            colour=t.good if sh.experience else t.text))
        page.add(head)
        page.add(self.label(sh.where.capitalize(), size=16, colour=t.good if sh.at_stairs and not sh.fighting
                            else t.muted))

        body = UIBoxLayout(vertical=False, space_between=self.px(18), align="top")
        attributes = self.panel(space=5, padding=12)
        attributes.add(self.label("Attributes", size=17, bold=True, colour=t.accent))
        for stat in sh.attributes:
            attributes.add(self._stat_button(f"{stat.name} ({stat.id})", stat))
        body.add(attributes)
        profs = self.panel(space=5, padding=12)
        profs.add(self.label("Proficiencies", size=17, bold=True, colour=t.accent))
        for stat in sh.proficiencies:
            profs.add(self._stat_button(stat.name + ("" if stat.rated else " (default)"), stat))
        profs.add(self.label(f"Health: HT {sh.ht}   pain {sh.pain}   bleeding {sh.blood_loss}", size=15,
                             colour=t.muted))
        profs.add(self.label(sh.cp_line, size=15, colour=t.muted, width=380, multiline=True))
        if sh.numbed:
            profs.add(self.label(sh.numbed, size=15, colour=t.muted, width=380, multiline=True))
        body.add(profs)
        moves = self.panel(space=6, padding=14)
        moves.add(self.label(f"Fights with {sh.fights_with}, level {sh.level}", size=17, bold=True,
                             colour=t.accent, width=380, multiline=True))
        moves.add(self.label("Maneuvers now", size=15, bold=True, colour=t.muted))
        moves.add(self.label(", ".join(sh.maneuvers) or "none", size=14, width=380, multiline=True))
        moves.add(self.label(f"Level {sh.level + 1} opens", size=15, bold=True, colour=t.muted))
        moves.add(self.label(", ".join(sh.next_maneuvers) or "no new maneuver", size=14, width=380,
                             multiline=True))
        body.add(moves)
        page.add(body)
        page.add(self.button("Back", self._back, width=200, height=48, font_size=16))
        root.add(page, anchor_x="center", anchor_y="top", align_y=-self.px(14))
        bottom = UIBoxLayout(vertical=True, space_between=self.px(2))
        bottom.add(self.status_label(width=1100, lines=1, size=16))
        bottom.add(self.key_hint("Up/Down choose   Enter buy one more (at the stairs)   Tab member   C/Esc back"))
        root.add(bottom, anchor_x="center", anchor_y="bottom", align_y=self.px(4))

    def _stat_button(self, text: str, stat: Stat) -> MenuButton:
        return self.button(text, lambda: self.buy(stat), width=370, height=40, font_size=15, value=row_value(stat))

    # ----- actions ------------------------------------------------------------------------------
    def buy(self, stat: Stat) -> bool:
        """One more point or level of `stat` (a `Train` command); a refusal shows as one line."""
        leader = self.actor == self.session.world.state.leader
        command = Train(stat.kind, stat.id, None if leader else self.actor)
        events = self.session.apply(command)
        refusal = next((e for e in events if isinstance(e, Rejected)), None)
        if refusal is not None:
            self.set_message(f"Refused: {refusal.reason}", "danger")
            return False
        self.events += events
        message = f"{stat.name} is now {stat.value + 1}."
        if stat.kind == "proficiency":
            opened = opened_by(self.session.world.state, stat.id, stat.value, stat.value + 1)
            if opened:
                message += f" New maneuver{'s' if len(opened) > 1 else ''}: {', '.join(opened)}."
        self.set_message(message, "good")
        keep = self.focus_index
        self.rebuild()
        self.focus(keep)
        return True
