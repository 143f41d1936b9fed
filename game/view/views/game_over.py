"""The end of a run (death, victory, defeat): the outcome, ticks, who fell, the recording and where to go next."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from arcade.gui import UIBoxLayout, UIImage, UIWidget

from game.view.assets import texture
from game.view.views.common import MenuView

if TYPE_CHECKING:
    from game.view.app import App
    from game.view.session import Session

HEADLINES = {"death": "You died", "victory": "Victory", "defeat": "You fell"}
LINES = {
    "death": "Your leader is dead. The dungeon keeps its secrets.",
    "victory": "No one hostile is left standing.",
    "defeat": "Your leader lies senseless on the floor: the fight is lost.",
}


@dataclass(frozen=True)
class Fallen:
    name: str
    party: bool
    dead: bool


@dataclass(frozen=True)
class RunSummary:
    outcome: str
    ticks: int
    seed: int
    place: str
    fallen: tuple[Fallen, ...]
    recording: Path | None = None

    @property
    def headline(self) -> str:
        return HEADLINES.get(self.outcome, self.outcome.replace("_", " ").capitalize())


def summarize(session: Session, recording: Path | None = None) -> RunSummary:
    """What the end screen shows, read from the finished world (read-only)."""
    world = session.world
    s = world.state
    fallen = tuple(
        Fallen(a.name, a.party, a.dead)
        for a in sorted(s.actors.values(), key=lambda a: (not a.party, a.name))
        if not a.alive
    )
    return RunSummary(s.over or "over", s.tick, world.seed, world.setup.name, fallen, recording)


def _names(people: list[Fallen]) -> str:
    return ", ".join(f"{p.name}{'' if p.dead else ' (knocked out)'}" for p in people) or "no one"


class GameOverView(MenuView):
    NATURAL_HEIGHT = 660

    def __init__(self, app: App, summary: RunSummary) -> None:
        super().__init__(app)
        self.summary = summary

    def build(self, s: float) -> None:
        t = self.theme
        sm = self.summary
        tone = t.good if sm.outcome == "victory" else t.danger
        root = self.root()
        box = self.panel(space=12, padding=34)
        head = UIBoxLayout(vertical=False, space_between=self.px(22))
        fell = sm.outcome != "victory"
        knight = UIImage(texture=texture("actor_knight"), width=self.px(96 * 0.7), height=self.px(128 * 0.7),
                         angle=90 if fell else 0)
        head.add(knight)
        head.add(self.label(sm.headline, size=60, bold=True, colour=tone, align="center"))
        head.add(UIWidget(width=self.px(96 * 0.7), height=1))  # keeps the headline centred
        box.add(head)
        box.add(self.label(LINES.get(sm.outcome, ""), size=19, colour=t.text, align="center"))
        box.add(self.label(f"{sm.place}   ·   {sm.ticks} ticks   ·   seed {sm.seed}", size=17, colour=t.muted,
                           align="center"))
        box.add(self.label("Who fell", size=20, bold=True, colour=t.accent))
        box.add(self.label(f"Your party: {_names([f for f in sm.fallen if f.party])}", size=18, width=760,
                           multiline=True))
        box.add(self.label(f"Foes: {_names([f for f in sm.fallen if not f.party])}", size=18, width=760,
                           multiline=True))
        if sm.recording is not None:
            box.add(self.label(f"Recording saved as {sm.recording.name}", size=15, colour=t.muted))
        row = UIBoxLayout(vertical=False, space_between=self.px(18))
        row.add(self.button("Watch the recording", self._watch, width=360,
                            disabled=sm.recording is None))
        row.add(self.button("Title", self.app.show_title, width=240))
        box.add(row)
        root.add(box, anchor_x="center", anchor_y="center", align_y=self.px(40))
        bottom = UIBoxLayout(vertical=True, space_between=self.px(4))
        bottom.add(self.status_label(width=1000))
        bottom.add(self.key_hint())
        root.add(bottom, anchor_x="center", anchor_y="bottom", align_y=self.px(8))

    def _watch(self) -> None:
        if self.summary.recording is not None:
            error = self.app.watch(self.summary.recording, back=self.app.show_title)
            if error:
                self.set_message(error, "danger")

    def on_cancel(self) -> None:
        self.app.show_title()
