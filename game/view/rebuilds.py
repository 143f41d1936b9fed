"""Which of the game screen's heavy parts rebuild this frame: one a frame, so a tick's changes spread out.

A tick changes the decision panel (a prompt or the maneuver menu), the map's indicators, the top bar and the
log at once; rebuilt in one frame they cost several frames' worth on a software renderer (issue 11's frame
right after a tick). :class:`Rebuilds` lets the first dirty part in priority order rebuild, the rest draw as last
built for a frame or two; a part that has waited ``patience`` frames goes first, so none starves (a held key
keeps the menu dirty). A frame with nothing dirty is quiet: the caller spends it on glyph warming.
"""

from __future__ import annotations


class Rebuilds:
    """The plan of one frame's rebuilds over named parts, in priority order."""

    def __init__(self, order: tuple[str, ...], patience: int = 2) -> None:
        self.order = order
        self.patience = patience
        self.waited: dict[str, int] = dict.fromkeys(order, 0)
        self.quiet = True  # the last plan had nothing dirty

    def plan(self, dirty: dict[str, bool]) -> frozenset[str]:
        """The parts that rebuild this frame (at most one) given which are dirty; the others wait."""
        wanting = [name for name in self.order if dirty.get(name, False)]
        self.quiet = not wanting
        if not wanting:
            for name in self.order:
                self.waited[name] = 0
            return frozenset()
        overdue = [name for name in wanting if self.waited[name] >= self.patience]
        chosen = max(overdue, key=lambda name: self.waited[name]) if overdue else wanting[0]
        for name in self.order:
            self.waited[name] = 0 if name == chosen or name not in wanting else self.waited[name] + 1
        return frozenset((chosen,))
