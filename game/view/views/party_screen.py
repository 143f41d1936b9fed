"""What the inventory and the character screens share (issue 10): one party member shown at a time (Tab /
Shift-Tab or the name's arrows switch), the events their commands caused (handed back to the game screen's
log), and the ways back (Esc, or the key that opened the screen)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from game.sim.events import WorldEvent
from game.sim.party_sheet import party
from game.view.views.common import MenuView

if TYPE_CHECKING:
    from game.view.app import App
    from game.view.session import Session


class PartyMemberScreen(MenuView):
    """Base of a screen about one party member (see the module docstring). `CLOSE_KEY` goes back too;
    subclasses redraw on `member_changed`."""

    NATURAL_HEIGHT = 700
    NATURAL_WIDTH = 1240
    CLOSE_KEY: int = arcade.key.ESCAPE

    def __init__(self, app: App, session: Session, back: Callable[[list[WorldEvent]], object],
                 actor: str | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.back = back
        self.members = party(session.world.state)
        first = self.members[0] if self.members else session.world.state.leader
        self.actor = actor if actor in self.members else first
        self.events: list[WorldEvent] = []  # what the commands caused, for the game screen's log
        self.focus_index = 1 if len(self.members) > 1 else 0

    def member_changed(self) -> None:
        """Another member is shown: reset what belongs to the last one."""

    def _next_member(self, step: int = 1) -> None:
        if len(self.members) < 2:
            return
        self.actor = self.members[(self.members.index(self.actor) + step) % len(self.members)]
        self.member_changed()
        self.set_message(None)
        self.rebuild()

    def _back(self) -> None:
        self.back(self.events)

    def on_cancel(self) -> None:
        self._back()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == self.CLOSE_KEY:
            self._back()
            return True
        if symbol == arcade.key.TAB and len(self.members) > 1:
            self._next_member(-1 if modifiers & arcade.key.MOD_SHIFT else 1)
            return True
        return super().on_key_press(symbol, modifiers)
