"""The combat system's own state as a small table on screen (issue 14: "each system's state on screen the
way its players would track it on a table"): rows of (heading, text) from ``game.sim.player_view.
system_table``, e.g. Sophia's Children's Initiative Pools, who acts, who is designated, Up and Tapped, an
Interrupt in progress and the statuses. Nothing here knows a system: it draws whatever rows it is given,
and nothing at all for the design doc's bout (its rows are empty: the map's indicators show its state)."""

from __future__ import annotations

from collections.abc import Hashable

from game.sim.player_view import system_table
from game.sim.state import WorldState
from game.view.widgets import ACCENT, PANEL, PANEL_EDGE, TEXT, Panel, elide

ROW_CHARS = 44  # a row's text is cut to this many characters (it stays inside the panel at size 10)


class SystemTable(Panel):
    """The leader's bout's table, on the side of the window opposite the prompts, under the top bar (the
    inspect and party panels take its place while open)."""

    def __init__(self) -> None:
        super().__init__()
        self.state: WorldState | None = None
        self.top_limit = 0.0
        self.rect = (0.0, 0.0, 0.0, 0.0)

    def rows(self) -> tuple[tuple[str, str], ...]:
        s = self.state
        return () if s is None else system_table(s, s.leader)

    def content_key(self) -> Hashable:
        return (self.rows(), self.top_limit)

    def build(self) -> None:
        rows = self.rows()
        if not rows:
            self.rect = (0.0, 0.0, 0.0, 0.0)
            return
        k = self.scale
        width = 360 * k
        line = 20 * k
        height = 12 * k + line * len(rows)
        left = self.x_for(width, 12 * k)
        top = (self.top_limit or self.height) - 8 * k
        self.rect = (left, top - height, width, height)
        self.box(self.rect, PANEL, 10, edge=PANEL_EDGE, shadow=True)
        for i, (heading, text) in enumerate(rows):
            y = top - 6 * k - line * (i + 1) + 5 * k
            self.texts.put(("h", i), heading, left + 10 * k, y, size=10 * k, bold=True, colour=ACCENT)
            self.texts.put(("t", i), elide(text, ROW_CHARS), left + 84 * k, y, size=10 * k, colour=TEXT)
