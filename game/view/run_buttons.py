"""The game screen's two run buttons (issue 10): Inventory (I) and Character (C), for mouse and touch, just
above the combat log on its side of the window. Drawn only in a run, while no prompt, menu or legend is open;
a press gives ``("run_screen", "inventory" | "character")``. The Character button names the leader's unspent
experience."""

from __future__ import annotations

from collections.abc import Hashable

from game.view.widgets import Panel

Rect = tuple[float, float, float, float]
BUTTONS = (("inventory", "Inventory", "I"), ("character", "Character", "C"))


class RunButtons(Panel):
    def __init__(self) -> None:
        super().__init__()
        self.below: Rect = (0.0, 0.0, 0.0, 0.0)  # the combat log's rect: the buttons sit on its top edge
        self.experience = 0  # the leader's unspent experience, shown on the Character button

    def place_above(self, rect: Rect, experience: int = 0) -> None:
        if rect != self.below or experience != self.experience:
            self.below = rect
            self.experience = experience
            self.invalidate()

    def content_key(self) -> Hashable:
        return (self.below, self.experience)

    def build(self) -> None:
        k = self.scale
        left, bottom, _width, height = self.below
        w, h, gap = 160 * k, 44 * k, 8 * k
        y = bottom + height + gap
        for i, (action, label, key) in enumerate(BUTTONS):
            rect = (left + i * (w + gap), y, w, h)
            sub = f"{self.experience} xp to spend" if action == "character" and self.experience > 0 else None
            self.button(("run", action), rect, f"{label} ({key})", ("run_screen", action), size=14, sub=sub,
                        hot=sub is not None)

    @property
    def rects(self) -> list[Rect]:
        return [hit.rect for hit in self.hits]
