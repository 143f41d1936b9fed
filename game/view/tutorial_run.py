"""The tutorial from the title: its lessons one after another, each a fight on a game view with its guide.

:class:`TutorialRun` is what ``App.start_tutorial`` keeps while the tutorial plays. A won fight (or a lesson's
last step done) goes on to the next lesson; a lost one starts the lesson again with a word of why; the last
lesson done, or Skip (the callout's button, or the pause menu's), goes back to the title. A tutorial never
touches the autosave: its sessions have none, and the player's saved run stays as it was.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.sim.tutorial_file import Lesson, load_tutorial
from game.sim.world import World
from game.view.session import Session
from game.view.tutorial import TutorialGuide

if TYPE_CHECKING:
    from game.view.app import App

log = logging.getLogger(__name__)
FELL = "You fell: the lesson starts again. The suggested choices (Enter) fight well."
DONE = "Tutorial complete. Replay it any time from here."
SKIPPED = "Tutorial skipped. Replay it any time from here."


class TutorialRun:
    def __init__(self, app: App, lessons: tuple[Lesson, ...]) -> None:
        self.app = app
        self.lessons = lessons
        self.index = 0
        self.attempt = 0  # tries of this lesson: a retry fights with other dice (seed + attempt)
        self.guide: TutorialGuide | None = None

    def start(self, index: int = 0, notice: str = "") -> None:
        """Show lesson ``index`` (a fresh fight) with its guide."""
        app = self.app
        assert app.game_factory is not None
        self.attempt = self.attempt + 1 if index == self.index and notice else 0
        self.index = index
        lesson = self.lessons[index]
        session = Session(World(lesson.setup, seed=lesson.seed + self.attempt), autosave=None)
        guide = TutorialGuide(lesson, index, len(self.lessons), notice or lesson.intro)
        self.guide = guide
        app.play(session)
        attach = getattr(app.game_view, "attach_tutorial", None)
        if callable(attach):
            attach(guide, self.on_tutorial)
        app.game_view.on_exit = self.on_exit  # type: ignore[union-attr]

    def on_exit(self, reason: str) -> None:
        """The lesson's game view is done: ``pause``, ``game_over`` or ``quit``."""
        app = self.app
        if reason == "pause":
            app.show_pause()
        elif reason == "game_over":
            session = app.session
            if session is not None and session.over == "victory":
                self.next_lesson()
            else:
                self.start(self.index, FELL)
        else:
            self.finish(None)

    def on_tutorial(self, what: str) -> None:
        """From the guide: ``done`` (the lesson's last step) or ``skip``."""
        if what == "done":
            self.next_lesson()
        else:
            self.finish(SKIPPED)

    def on_tutorial_skip(self) -> None:
        self.finish(SKIPPED)

    def restart(self) -> None:
        self.start(self.index)

    def next_lesson(self) -> None:
        if self.index + 1 < len(self.lessons):
            self.start(self.index + 1)
        else:
            self.finish(DONE)

    def finish(self, message: str | None) -> None:
        app = self.app
        app.tutorial = None
        app.session = None
        app.game_view = None
        app.show_title(message, "good")


def start_tutorial(app: App) -> str | None:
    """Start the tutorial's first lesson; returns a message when it cannot start."""
    try:
        lessons = load_tutorial()
    except Exception as exc:  # broken lesson content: say so on the title, never crash
        log.exception("loading the tutorial failed")
        lines = str(exc).strip().splitlines()
        return f"Cannot start the tutorial: {lines[-1] if lines else type(exc).__name__}"
    run = TutorialRun(app, lessons)
    app.tutorial = run
    run.start(0)
    return None
