"""The end of a run (death, victory, defeat): the run summary (`game.sim.run_summary`: depth, turns, kills by
faction, wounds taken, best blow, cause of death), who fell, and where to go next: "Play again" (preselected),
"Watch the recording", "Title". A roguelike run that ends live is kept in the run history (`record_run`)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from arcade.gui import UIBoxLayout, UIImage, UIWidget

from game.view.assets import texture
from game.view.views.common import MenuView

if TYPE_CHECKING:
    from game.sim.state import WorldState
    from game.view.app import App
    from game.view.session import Session

log = logging.getLogger(__name__)
HEADLINES = {"death": "You died", "victory": "Victory", "defeat": "You fell", "unfinished": "Run unfinished"}
LINES = {
    "death": "Your leader is dead. The dungeon keeps its secrets.",
    "victory": "The relic is out of the dark.",
    "defeat": "Your leader lies senseless on the floor: the fight is lost.",
}
SCENARIO_LINES = {"victory": "No one hostile is left standing."}
ROUTED = "Your foes are routed: those still standing are too hurt to fight on."  # a scenario won by a rout (`fled`)
KNOCKED_OUT = "Your leader lies senseless and no one is left to carry him out: the run is over."
ARM_SECONDS = 0.8  # the buttons do nothing this long after the screen shows: Enter pressed again and again through
# the last fight (on its preselected defaults) no longer goes straight on to "Play again" past the result
ARM_QUIET_SECONDS = 0.5  # nor until no key has come for this long: Enter still pressed two or three times a second
# (seen under Xvfb: the three-way arena's rout went by, "Play again" started the next seed) waits for the player to stop


@dataclass(frozen=True)
class Fallen:
    name: str
    party: bool
    dead: bool


@dataclass(frozen=True)
class RunSummary:
    """What the end screen shows (read from the finished world; `game.sim.run_summary` for the numbers)."""

    outcome: str
    ticks: int
    seed: int
    place: str
    fallen: tuple[Fallen, ...]
    recording: Path | None = None
    depth: int = 1
    depths: int | None = None  # a roguelike run's number of depths; None: a scenario
    kills_by_faction: Mapping[str, int] = field(default_factory=dict)
    wounds_taken: int = 0
    best_blow: str | None = None
    cause_of_death: str | None = None
    scenario: str | None = None  # the scenario's name to play again (None: a run or a dungeon)
    history_note: str | None = None  # what the run history said when the run was kept (a problem)
    leader_dead: bool = True  # False: the run ended with the leader knocked out (permadeath: no one to wake him)
    fled: tuple[str, ...] = ()  # a scenario won by a rout: the names of the foes who fled (`game.sim.brain.routed`)

    @property
    def headline(self) -> str:
        if self.outcome == "death" and not self.leader_dead:
            return HEADLINES["defeat"]
        return HEADLINES.get(self.outcome, self.outcome.replace("_", " ").capitalize())

    @property
    def message(self) -> str:
        """The line under the headline."""
        if self.outcome == "death" and not self.leader_dead:
            return KNOCKED_OUT
        if self.fled and self.outcome == "victory" and not self.is_run:
            return ROUTED
        return (LINES if self.is_run else {**LINES, **SCENARIO_LINES}).get(self.outcome, "")

    @property
    def kills(self) -> int:
        return sum(self.kills_by_faction.values())

    @property
    def is_run(self) -> bool:
        return self.depths is not None

    def lines(self) -> list[tuple[str, str]]:
        """(label, value) rows of the summary, in the order shown."""
        depth = f"{self.depth} of {self.depths}" if self.depths else str(self.depth)
        # "goblins 2, wolves 1": a faction's id is a plural ("1 wolves" read wrong on the end screen)
        kills = ", ".join(f"{faction.replace('_', ' ')} {n}" for faction, n in self.kills_by_faction.items())
        out = [("Depth", depth), ("Turns", str(self.ticks)),
               ("Kills", f"{self.kills} ({kills})" if kills else "none"),
               ("Wounds taken", str(self.wounds_taken)), ("Best blow", self.best_blow or "none")]
        if self.fled:
            out.append(("Routed", ", ".join(self.fled)))
        if self.cause_of_death:
            out.append(("Cause of death" if self.leader_dead else "How he fell", self.cause_of_death))
        return out


def summarize(session: Session, recording: Path | None = None) -> RunSummary:
    """What the end screen shows, read from the finished world (read-only; the numbers come from replaying
    its commands, `game.sim.run_summary.summary_of`)."""
    from game.sim.run_summary import summary_of

    world = session.world
    s = world.state
    fallen = tuple(
        Fallen(a.name, a.party, a.dead)
        for a in sorted(s.actors.values(), key=lambda a: (not a.party, a.name))
        if not a.alive
    )
    origin = world.setup.origin
    scenario = origin.get("scenario") if origin.get("kind") == "scenario" else None
    place = "A run of the dungeon" if s.run is not None else world.setup.name
    summary = RunSummary(
        s.over or "over", s.tick, world.seed, place, fallen, recording,
        depth=s.run.deepest if s.run is not None else 1, depths=s.run.plan.last if s.run is not None else None,
        scenario=scenario if isinstance(scenario, str) else None,
        leader_dead=s.leader not in s.actors or s.actors[s.leader].dead, fled=_fled(s),
    )
    try:
        sums = summary_of(world)
    except ValueError as exc:  # a replay that drifts (a bug): the end screen still shows, without its numbers
        log.error("the end screen's summary: %s", exc)
        return summary
    return dataclasses.replace(summary, depth=sums.depth, kills_by_faction=dict(sums.kills_by_faction),
                               wounds_taken=sums.wounds_taken, best_blow=sums.best_blow,
                               cause_of_death=sums.cause_of_death)


def _fled(s: WorldState) -> tuple[str, ...]:
    """A scenario won by a rout: the names of the foes still on their feet (all of them fled; a scenario's
    victory leaves foes standing only then, `World._check_over`). Empty for any other end."""
    if s.run is not None or s.over != "victory" or s.leader not in s.actors:
        return ()
    return tuple(a.name for a in s.actors.values() if a.alive and s.hostile(s.leader, a.id))


def record_run(summary: RunSummary, folder: Path) -> str | None:
    """Keep a finished roguelike run in the run history (``game.run_history``) in `folder`; returns the
    history's one-line message, if any (the run may then not have been kept). Scenarios are not kept."""
    if not summary.is_run:
        return None
    from game.run_history import RunHistory, RunRecord

    record = RunRecord(summary.seed, summary.outcome, summary.depth, summary.ticks, dict(summary.kills_by_faction),
                       summary.wounds_taken, summary.best_blow, summary.cause_of_death, _now())
    return RunHistory(folder).add(record)


def _now() -> str:
    from datetime import UTC, datetime

    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _names(people: list[Fallen]) -> str:
    return ", ".join(f"{p.name}{'' if p.dead else ' (knocked out)'}" for p in people) or "no one"


class GameOverView(MenuView):
    NATURAL_HEIGHT = 700
    PLAY_AGAIN, WATCH, TITLE = range(3)

    def __init__(self, app: App, summary: RunSummary) -> None:
        super().__init__(app)
        self.summary = summary
        self.focus_index = self.PLAY_AGAIN
        self.shown_for = 0.0  # seconds on screen (frames' time): its buttons act from ARM_SECONDS
        self.quiet_for = 0.0  # seconds since the last key (or the show) before it armed: from ARM_QUIET_SECONDS
        if summary.history_note:
            self.set_message(summary.history_note, "danger")

    def build(self, s: float) -> None:
        t = self.theme
        sm = self.summary
        tone = t.good if sm.outcome == "victory" else t.danger
        root = self.root()
        box = self.panel(space=10, padding=30)
        head = UIBoxLayout(vertical=False, space_between=self.px(22))
        fell = sm.outcome != "victory"
        knight = UIImage(texture=texture("actor_knight"), width=self.px(96 * 0.6), height=self.px(128 * 0.6),
                         angle=90 if fell else 0)
        head.add(knight)
        head.add(self.label(sm.headline, size=54, bold=True, colour=tone, align="center"))
        head.add(UIWidget(width=self.px(96 * 0.6), height=1))  # keeps the headline centred
        box.add(head)
        box.add(self.label(sm.message, size=18, colour=t.text, align="center"))
        box.add(self.label(f"{sm.place}   ·   seed {sm.seed}", size=16, colour=t.muted, align="center"))
        rows = UIBoxLayout(vertical=False, space_between=self.px(16), align="top")
        keys = UIBoxLayout(vertical=True, space_between=self.px(5), align="right")
        values = UIBoxLayout(vertical=True, space_between=self.px(5), align="left")
        lines = sm.lines()
        party = [f for f in sm.fallen if f.party]
        if party:
            lines.append(("Party fallen", _names(party)))
        for label, value in lines:
            keys.add(self.label(label, size=17, colour=t.accent, bold=True))
            values.add(self.label(value if len(value) <= 70 else value[:67] + "...", size=17))
        rows.add(keys)
        rows.add(values)
        box.add(rows)
        if sm.recording is not None:
            box.add(self.label(f"Recording saved as {sm.recording.name}", size=14, colour=t.muted))
        buttons = UIBoxLayout(vertical=False, space_between=self.px(16))
        buttons.add(self.button("Play again", self._armed(self._again), width=250, height=60))
        buttons.add(self.button("Watch the recording", self._armed(self._watch), width=320, height=60,
                                disabled=sm.recording is None))
        buttons.add(self.button("Title", self._armed(self.app.show_title), width=170, height=60))
        box.add(buttons)
        root.add(box, anchor_x="center", anchor_y="center", align_y=self.px(30))
        bottom = UIBoxLayout(vertical=True, space_between=self.px(4))
        bottom.add(self.status_label(width=1000, lines=1))
        bottom.add(self.key_hint())
        root.add(bottom, anchor_x="center", anchor_y="bottom", align_y=self.px(6))

    @property
    def armed(self) -> bool:
        """Its buttons act: ARM_SECONDS after it showed, and ARM_QUIET_SECONDS after the last key before that.
        Once armed it stays so."""
        return self.shown_for >= ARM_SECONDS and self.quiet_for >= ARM_QUIET_SECONDS

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if not self.armed:
            self.quiet_for = 0.0  # a key still coming from the fight: wait for the player to stop
        return super().on_key_press(symbol, modifiers)

    def _armed(self, action: Callable[[], object]) -> Callable[[], None]:
        """``action`` once the screen is :attr:`armed`; before, nothing (a key or click left over from the fight)."""
        def act() -> None:
            if self.armed:
                action()
        return act

    def on_show_view(self) -> None:
        super().on_show_view()
        self.shown_for = self.quiet_for = 0.0

    def on_update(self, delta_time: float) -> None:
        self.shown_for += delta_time
        self.quiet_for += delta_time

    def _again(self) -> None:
        """A new run (a fresh seed; a scenario is played again with the next seed)."""
        from game.view.views.title import random_seed

        sm = self.summary
        error = self.app.new_run(sm.seed + 1 if sm.scenario else random_seed(), sm.scenario)
        if error:
            self.set_message(error, "danger")

    def _watch(self) -> None:
        if self.summary.recording is not None:
            error = self.app.watch(self.summary.recording, back=self.app.show_title)
            if error:
                self.set_message(error, "danger")

    def activate_focused(self) -> None:
        if self.armed:  # (no sound either before)
            super().activate_focused()

    def on_cancel(self) -> None:
        if self.armed:
            self.app.show_title()
