"""The leader's preselected declaration worked out off the main thread before the maneuver menu opens (issue 11).

The menu opens on the planner's suggestion (``DeclarationSource.menu``: ``game.sim.deciding`` through
``rules.planner``), 16-23 ms of pure Python in the frame the tick that asks for a declaration was shown. The
decision is known as soon as that tick is folded, and nothing changes the bout until the player answers, so
:class:`DefaultAhead` asks for the menu (and the planner's line on it) in a background thread; the answer is
cached by the world's ``Deciding`` (its own seeded stream per decision), so the menu built afterwards on the main
thread gets the same default as one built at once, without the wait. The game view opens the menu in the first
update after the thread is done, or at once (joining it) when input comes first.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable

from game.sim.declaring import DeclarationSource


class DefaultAhead:
    """One decision's menu being worked out in a daemon thread."""

    def __init__(self, key: Hashable, source: DeclarationSource, reserve: int) -> None:
        self.key = key  # the decision it is for (the game view's decision key)
        self.source = source
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(source, reserve), name="default-ahead", daemon=True)
        self._thread.start()

    def _run(self, source: DeclarationSource, reserve: int) -> None:
        try:
            source.menu(reserve=reserve)
            source.explain()
        except BaseException as exc:  # the main thread builds the menu again and meets it there
            self.error = exc

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self) -> None:
        self._thread.join()
