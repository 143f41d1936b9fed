"""The run's next depths made ahead, in a background thread, while the party is on a depth (issue 11).

Taking the stairs makes the next depth's level in the world's tick (``game.sim.run_world``: 40-50 ms of dungeon
generation, pure Python, in one frame). A level is a pure, cached function of the run's seed and the depth, so it
can be made before the stairs are taken, off the main thread: :class:`LevelsAhead` asks for the depths next to the
party's (down and up) once per depth. The tick then finds the level made; the world's events are the same either
way (the recording and replay tests hold), and a tick that comes first simply makes the level itself.
"""

from __future__ import annotations

import threading

from game.sim.run_world import prepare_depths
from game.sim.state import WorldState


class LevelsAhead:
    """Starts, once per depth of a run, a daemon thread making the levels next to it."""

    def __init__(self) -> None:
        self.asked: tuple[int, int] | None = None  # (seed, depth) last asked for
        self.thread: threading.Thread | None = None

    def ask(self, state: WorldState) -> bool:
        """Make the depths next to the party's ahead, if not asked for this depth yet. True if a thread started."""
        run = state.run
        if run is None or (run.seed, run.depth) == self.asked:
            return False
        self.asked = (run.seed, run.depth)
        self.thread = threading.Thread(target=prepare_depths, args=(run.seed, (run.depth + 1, run.depth - 1)),
                                       name=f"levels-ahead-{run.depth}", daemon=True)
        self.thread.start()
        return True

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the last thread (tests)."""
        if self.thread is not None:
            self.thread.join(timeout)
